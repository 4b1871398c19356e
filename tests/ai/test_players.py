"""The shared player pieces: the move picker, refusing the wrong seat, random and greedy play."""

from __future__ import annotations

import random

import pytest

from catgames.ai.greedy import GreedyPlayer
from catgames.ai.hooks import Heuristics
from catgames.ai.player import RandomPlayer, own_moves, pick

from .toygames import Bounty, BountyHeuristics, ttt_from_text


def test_pick_is_greedy_without_temperature_and_ties_go_first():
    assert pick(["a", "b", "c"], [1.0, 3.0, 3.0], random.Random(0)) == "b"


def test_pick_samples_only_the_top_k():
    rng = random.Random(1)
    picks = {pick(["a", "b", "c"], [3.0, 2.0, 1.0], rng, temperature=100.0, top_k=2)
             for _ in range(50)}
    assert picks == {"a", "b"}


def test_players_refuse_a_seat_that_is_not_to_move():
    with pytest.raises(ValueError, match="seat 1"):
        own_moves(ttt_from_text("...|...|...", turn=0), 1)


def test_greedy_takes_an_immediate_win():
    state = ttt_from_text("XX.|OO.|...", turn=0)
    assert GreedyPlayer(Heuristics()).choose(state, 0, random.Random(0)) == 2


def test_greedy_and_random_play_legal_moves_from_an_observation():
    state = Bounty().new_state(3, seed=2)
    view = state.observe(0)
    for player in (RandomPlayer(), GreedyPlayer(BountyHeuristics(), samples=3, temperature=1.0)):
        assert player.choose(view, 0, random.Random(0)) in state.legal_moves()
