"""Issue 26, three seats against two rushers: hard searches on ``crowd_eval_scale`` (2 points
make a reward of 0.73) with three or more seats, ``eval_scale`` (6) with two.  A three-seat
game against quick enders is decided by a point or two, and half of them ended 0-0-0: on the
two-seat scale a closed box of one toy, the only points at the table, was a reward of 0.55,
hardly more than the noise of a playout."""

from __future__ import annotations

import random

from catgames.ai.arena import unhurried
from catgames.ai.playout import rewards
from catgames.ai.presets import make_player
from catgames.ai.tree import TreeSearchPlayer
from catgames.games.boxes.ai import HEURISTICS
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import BoxesState
from tests.games.boxes.test_ai_end import LAST_CAT

# Three start cards; P1 leads the box of its own (start card and a cup of one toy above it),
# open below.  A cup there caps it: a closed box of one toy, P1's alone.
THREE_SEATS = {"game": "boxes", "players": 3, "to_move": "P1", "step": "turn", "seed": 26,
               "start_player": "P1", "deck": 60, "supply": {"P1": 4, "P2": 2, "P3": 2},
               "cards": ["(5,5) ..## t0 start", "(6,5) ..## t0 start", "(7,5) ..## t0 start",
                         "(6,4) #.## t1"],
               "cats": ["P1@(6,4)"],
               "hands": {"P1": ["CUP t0", "EDGE t0"]}}


def hard() -> TreeSearchPlayer:
    player = unhurried(make_player("boxes", "hard"))
    assert isinstance(player, TreeSearchPlayer)
    return player


def closing(state: BoxesState) -> BoxesState:
    child = state.clone()
    child.apply(GAME.parse_move(child, "draw"))
    child.apply(GAME.parse_move(child, "play CUP t0 r0 @ (6,6)"))
    return child


def test_three_seats_search_on_the_crowd_scale_and_two_on_the_usual_one():
    player = hard()
    assert player.scale_for(GAME.state_from_dict(THREE_SEATS)) == 2.0
    assert player.scale_for(GAME.state_from_dict(LAST_CAT)) == player.eval_scale == 6.0


def test_a_one_toy_box_closed_is_most_of_a_win_with_three_seats():
    state = GAME.state_from_dict(THREE_SEATS)
    assert isinstance(state, BoxesState)
    closed = closing(state)
    box = next(box for box in closed.layout.boxes(3, closed.weights) if box.counts[0])
    assert box.closed and box.toys == 1
    baseline = HEURISTICS.evaluate_seats(state)
    scale = hard().scale_for(state)
    gained = rewards(closed, HEURISTICS, scale, baseline)[0]
    usual = rewards(closed, HEURISTICS, 6.0, baseline)[0]
    assert gained > 0.6 > usual > 0.5    # before: 6 points made 0.73: 0.55


def test_two_seat_moves_do_not_change():
    state = GAME.state_from_dict(LAST_CAT)
    state.apply(GAME.parse_move(state, "draw"))
    view = state.observe(1)
    crowd, plain = hard(), hard()
    plain.crowd_eval_scale = None
    for seed in range(3):
        assert (crowd.choose(view, 1, random.Random(seed))
                == plain.choose(view, 1, random.Random(seed)))
