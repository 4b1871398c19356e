"""MCTS and ISMCTS: clearly better than random, for 2-5 players, seeing only observations."""

from __future__ import annotations

import random

import pytest

from catgames.ai.arena import arena, play_game, selfplay
from catgames.ai.budget import Budget
from catgames.ai.hooks import Heuristics
from catgames.ai.ismcts import ISMCTSPlayer
from catgames.ai.player import RandomPlayer
from catgames.ai.tree import MCTSPlayer

from .toygames import HAND, Bounty, BountyHeuristics, HiddenRead, Pig, TicTacToe


def work(n: int) -> Budget:
    return Budget(soft_s=None, iterations=n)


def test_mcts_beats_random_at_tictactoe():
    result = arena(TicTacToe(), MCTSPlayer(Heuristics(), budget=work(200)), "random", 10, seed=1)
    assert result["wins_b"] == 0
    assert result["ci95"][0] > 0.5


def test_mcts_beats_random_at_pig_through_chance_nodes():
    result = arena(Pig(), MCTSPlayer(Heuristics(), budget=work(60)), "random", 12, seed=2)
    assert result["ci95"][0] > 0.5


def test_ismcts_beats_random_heads_up():
    player = ISMCTSPlayer(BountyHeuristics(), budget=work(100))
    result = arena(Bounty(), player, "random", 30, seed=4)
    assert result["ci95"][0] > 0.5


@pytest.mark.parametrize("players", [3, 5])
def test_ismcts_wins_more_than_its_share_with_more_players(players):
    player = ISMCTSPlayer(BountyHeuristics(), budget=work(60))
    wins = 0
    games = 0
    for seat in range(players):
        seats: list = [RandomPlayer()] * players
        seats[seat] = player
        wins += selfplay(Bounty(), seats, 6, seed=seat)["wins"][seat]
        games += 6
    assert wins / games > 1.4 / players


def test_ismcts_reads_only_the_observation():
    state = Bounty().new_state(3, seed=7)
    view = state.observe(0)
    with pytest.raises(HiddenRead):
        list(view.hands[1])
    with pytest.raises(HiddenRead):
        view.prizes.pop()
    # A whole game in which every player is handed only a guarded observation.
    _, moves = play_game(state, [ISMCTSPlayer(BountyHeuristics(), budget=work(30))] * 3, seed=1)
    assert moves == 3 * HAND and not any(state.hands)   # every card of every hand was bid


@pytest.mark.parametrize("cls, game", [(MCTSPlayer, Pig()), (ISMCTSPlayer, Bounty())])
def test_out_of_time_still_gives_a_legal_move(cls, game):
    state = game.new_state(2, seed=1)
    move = cls(Heuristics()).choose(state.observe(0), 0, random.Random(0),
                                          Budget(soft_s=0.0, cap_s=0.0))
    assert move in state.legal_moves()


@pytest.mark.parametrize("cls, game", [(MCTSPlayer, Pig()), (ISMCTSPlayer, Bounty())])
def test_search_is_deterministic_for_a_seed(cls, game):
    state = game.new_state(2, seed=5)
    player = cls(Heuristics(), budget=work(80), temperature=0.5)
    view = state.observe(0)
    assert ([player.choose(view, 0, random.Random(s)) for s in range(4)]
            == [player.choose(view, 0, random.Random(s)) for s in range(4)])
