"""``ref:rusher``: the arena's seat that lays its cats as soon as it can and so ends If It Fits
as fast as the rules let it (issue 26); built from the game's ``haste`` hook, not a special case."""

from __future__ import annotations

import random

import pytest

from catgames.ai.arena import Rushing, as_player, derive_seed, play_game, selfplay
from catgames.ai.greedy import GreedyPlayer
from catgames.ai.hooks import heuristics_for
from catgames.ai.player import RandomPlayer
from catgames.games import load_game
from catgames.games.boxes.rules import CAT, PLAY, TURN, BoxesState

from .toygames import Bounty


class Watched:
    """A player that notes, at each of its decisions, whether a cat could go down this move
    (or, for a card, on the cat step it leads to) and whether the move chosen lays one."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.sees_all = False
        self.decisions: list[tuple[str, bool, bool]] = []

    def choose(self, state, seat, rng, budget=None):
        move = self.inner.choose(state, seat, rng, budget)
        self.decisions.append((state.step, *cat_chances(state, move)))
        return move


def cat_chances(state: BoxesState, chosen) -> tuple[bool, bool]:
    """(could some legal move lay a cat now or make room for one, does ``chosen`` do so)."""
    def lays(move) -> bool:
        if move.kind in ("sleeping_cat", "awake_cat"):
            return True
        if move.kind != "card":
            return False
        after = state.clone()
        after.apply(move)
        return after.step == CAT and bool(after.awake_positions())
    return any(lays(m) for m in state.legal_moves()), lays(chosen)


@pytest.mark.parametrize("players", [2, 3])
def test_the_rusher_lays_a_cat_whenever_a_legal_move_does(players):
    game = load_game("boxes")
    rusher = Watched(as_player(game, "ref:rusher"))
    for k in range(2):
        state = game.new_state(players, None, derive_seed(26, players, k))
        play_game(state, [rusher] + [RandomPlayer()] * (players - 1), derive_seed(26, "play", k))
    steps = {step for step, _, _ in rusher.decisions}
    assert {TURN, PLAY, CAT} <= steps
    chances = [(could, did) for step, could, did in rusher.decisions if step in (TURN, PLAY, CAT)]
    assert sum(could for could, _ in chances) >= 8
    assert all(did for could, did in chances if could)


def test_rushers_end_games_faster_than_greedy_players_on_the_same_deals():
    rushed = selfplay("boxes", ["ref:rusher", "ref:rusher"], 3, seed=5)
    steady = selfplay("boxes", ["ref:greedy", "ref:greedy"], 3, seed=5)
    for fast, slow in zip(rushed["games"], steady["games"]):
        assert fast["seed"] == slow["seed"] and fast["moves"] < slow["moves"]


def test_haste_comes_before_the_evaluation_and_the_end_is_the_score():
    game = load_game("boxes")
    boxes = heuristics_for("boxes")
    rushing = Rushing(boxes)
    state = game.new_state(2, None, 4)
    while state.step != TURN:
        state.apply(state.legal_moves()[0])
    assert rushing.evaluate(state, 0) == pytest.approx(1000.0 * boxes.haste(state, 0)
                                                       + boxes.evaluate(state, 0))
    over = state.clone()
    while not over.is_over():
        over.apply(random.Random(1).choice(over.legal_moves()))
    assert rushing.evaluate(over, 0) == boxes.evaluate(over, 0)
    player = as_player(game, "ref:rusher")
    assert isinstance(player, GreedyPlayer) and player.width is None and player.samples == 4


def test_a_game_that_names_no_haste_has_no_rusher():
    with pytest.raises(ValueError, match="haste"):
        as_player(Bounty(), "ref:rusher")
