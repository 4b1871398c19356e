"""Issue 26, hard against a rusher: a closed box held by one cat is not banked while a rival
holds a Princess (rules 31, 39, 41): a Princess on that cat leaves the box to nobody."""

from __future__ import annotations

from catgames.games.boxes.ai import HEURISTICS
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import BoxesState

# A closed box of five toys down one column, two pairs: P1's cat lies on the upper one.
CLOSED_COLUMN = ["(6,2) #.## t2", "(6,3) ..## t1", "(6,4) ..## t1", "(6,5) .### t1",
                 "(8,5) ..## t0 start", "(9,5) ..## t0 start"]


def state_with(p2_hand: list[str]) -> BoxesState:
    state = GAME.state_from_dict({"game": "boxes", "players": 2, "to_move": "P1", "step": "turn",
                                  "seed": 26, "start_player": "P1", "cards": CLOSED_COLUMN,
                                  "cats": ["P1@(6,2)"],
                                  "hands": {"P1": ["CUP t0", "SHAFT t0"], "P2": p2_hand}})
    assert isinstance(state, BoxesState)
    return state


def gain(state: BoxesState, move: str) -> float:
    """What ``move`` adds to P1's evaluation."""
    child = state.clone()
    child.apply(GAME.parse_move(child, move))
    return HEURISTICS.evaluate(child, 0) - HEURISTICS.evaluate(state, 0)


def test_a_second_cat_in_a_closed_box_is_worth_more_when_the_rival_holds_a_princess():
    calm = state_with(["OPEN t0", "EDGE t1"])
    threatened = state_with(["OPEN t0", "PRINCESS"])
    # before the fix the two gains were equal: a lone cat's box counted as banked, and a
    # Princess at the end left hard's only closed box to nobody (arena seed 1007, game 2)
    assert gain(threatened, "sleep @ (6,4)") > gain(calm, "sleep @ (6,4)") + 1.0
