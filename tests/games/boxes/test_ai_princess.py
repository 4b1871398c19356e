"""Issue 26, hard against a rusher: a closed box held by one cat is not banked while a rival
holds a Princess, or may still draw one before the end (rules 28, 31, 39, 41): a Princess on
that cat leaves the box to nobody."""

from __future__ import annotations

from catgames.games.boxes.ai import HEURISTICS
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import BoxesState

# A closed box of five toys down one column, two pairs: P1's cat lies on the upper one.
CLOSED_COLUMN = ["(6,2) #.## t2", "(6,3) ..## t1", "(6,4) ..## t1", "(6,5) .### t1",
                 "(8,5) ..## t0 start", "(9,5) ..## t0 start"]
# The same column without its bottom card: a box of four toys, open below.
OPEN_COLUMN = CLOSED_COLUMN[:3] + CLOSED_COLUMN[4:]


def state_with(p2_hand: list[str], pile_princesses: bool = False,
               cards: list[str] = CLOSED_COLUMN) -> BoxesState:
    """The column with P2 holding ``p2_hand``; the pile keeps its Princesses only if asked."""
    state = GAME.state_from_dict({"game": "boxes", "players": 2, "to_move": "P1", "step": "turn",
                                  "seed": 26, "start_player": "P1", "cards": cards,
                                  "cats": ["P1@(6,2)"],
                                  "hands": {"P1": ["CUP t0", "SHAFT t0"], "P2": p2_hand}})
    assert isinstance(state, BoxesState)
    if not pile_princesses:
        state.deck = [kind for kind in state.deck if kind != state.data.princess]
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


def test_a_second_cat_is_worth_more_while_the_rivals_may_still_draw_a_princess():
    calm = state_with(["OPEN t0", "EDGE t1"])
    to_come = state_with(["OPEN t0", "EDGE t1"], pile_princesses=True)
    assert to_come.data.princess in to_come.deck
    # before the fix only the Princesses in the rivals' hands counted: the four still in the
    # pile, which the rushers draw and play in the end phase (26 of the 37 banked boxes hard
    # lost in the seventh session's 200 three-seat games), counted for nothing
    assert gain(to_come, "sleep @ (6,4)") > gain(calm, "sleep @ (6,4)") + 0.5


def test_a_princess_threatens_an_open_box_led_by_one_cat_as_much_as_a_closed_one():
    calm = state_with(["OPEN t0", "EDGE t1"], cards=OPEN_COLUMN)
    threatened = state_with(["OPEN t0", "PRINCESS"], cards=OPEN_COLUMN)
    box = next(box for box in calm.layout.boxes(2, calm.weights) if box.counts[0])
    assert not box.closed and box.toys == 4
    calm_open = HEURISTICS.terms(calm, 0)["open"]
    assert calm_open > 0.5
    # before the fix only a closed box carried the risk: closing one's own box exposed it to
    # the Princesses while the same box left open was safe, and hard at seed 1104 (three
    # seats, game 6) declined a closing card its search's playouts then saw Princessed
    assert HEURISTICS.terms(threatened, 0)["open"] < calm_open - 0.5
