"""Issue 26, hard against a rusher: a cat laid where it can never score is not progress, and a
closed box held by one cat is not banked while a rival holds a Princess (rules 31, 39, 41)."""

from __future__ import annotations

from catgames.games.boxes.ai import HEURISTICS
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import BoxesState


def state_of(cards: list[str], cats: list[str], p2_hand: list[str]) -> BoxesState:
    state = GAME.state_from_dict({"game": "boxes", "players": 2, "to_move": "P1", "step": "turn",
                                  "seed": 26, "start_player": "P1", "cards": cards, "cats": cats,
                                  "hands": {"P1": ["CUP t0", "SHAFT t0"], "P2": p2_hand}})
    assert isinstance(state, BoxesState)
    return state


def gain(state: BoxesState, move: str) -> float:
    """What ``move`` adds to P1's evaluation."""
    child = state.clone()
    child.apply(GAME.parse_move(child, move))
    return HEURISTICS.evaluate(child, 0) - HEURISTICS.evaluate(state, 0)


# A box on the table's bottom row, open towards the edge: it can never close (spec 3.4).
DEAD_BOX = ["(6,9) #... t2", "(6,10) .... t3", "(5,5) ..## t0 start", "(6,5) ..## t0 start"]


def test_a_sleeping_cat_in_a_box_that_can_never_close_gains_nothing():
    state = state_of(DEAD_BOX, [], ["OPEN t0", "EDGE t1"])
    assert GAME.parse_move(state, "sleep @ (6,9)") in state.legal_moves()
    # before the fix a cat out of supply was worth 0.4 wherever it lay: hard slept its cats
    # into a dead box (arena seed 1007, game 1) and had none left for boxes that could score
    assert gain(state, "sleep @ (6,9)") <= 1e-9


# A closed box of five toys down one column, two pairs: P1's cat lies on the upper one.
CLOSED_COLUMN = ["(6,2) #.## t2", "(6,3) ..## t1", "(6,4) ..## t1", "(6,5) .### t1",
                 "(8,5) ..## t0 start", "(9,5) ..## t0 start"]


def test_a_second_cat_in_a_closed_box_is_worth_more_when_the_rival_holds_a_princess():
    calm = state_of(CLOSED_COLUMN, ["P1@(6,2)"], ["OPEN t0", "EDGE t1"])
    threatened = state_of(CLOSED_COLUMN, ["P1@(6,2)"], ["OPEN t0", "PRINCESS"])
    # before the fix the two gains were equal: a lone cat's box counted as banked, and a
    # Princess at the end left hard's only box to nobody (arena seed 1007, game 2)
    assert gain(threatened, "sleep @ (6,4)") > gain(calm, "sleep @ (6,4)") + 1.0


def test_an_open_side_facing_the_border_is_a_box_a_rival_can_open_for_good():
    # one open side each: at (6,1) it faces (6,0) on the border, where a rival's card that
    # joins the box open upwards makes it dead; at (6,4) it faces (6,3), which cannot
    inner = state_of(["(6,4) ..## t3", "(6,5) .### t2"], ["P1@(6,4)"], ["OPEN t0", "EDGE t1"])
    border = state_of(["(6,1) ..## t3", "(6,2) .### t2"], ["P1@(6,1)"], ["OPEN t0", "EDGE t1"])
    killed = border.clone()
    killed.layout.place(border.geo.slot(6, 0), 0, 0, 0b1111, 0)      # an open card, no walls
    assert [box.dead for box in killed.layout.boxes(2, killed.weights)] == [True]
    # before the fix the two boxes were worth the same
    assert HEURISTICS.evaluate(border, 0) < HEURISTICS.evaluate(inner, 0) - 0.1
