"""The developer scenarios D1-D7 of the spec (shared/rules/this_bed_is_mine.md, section 5)."""

from __future__ import annotations

from collections import Counter

import pytest

from catgames.core.grid import orientations, rotate_cw
from catgames.core.rules import NOBODY, IllegalMove
from catgames.games.bed.components import Placement, bed_data
from catgames.games.bed.game import GAME
from tests.games.bed.helpers import position, section_at


# -- D1: tile geometry -----------------------------------------------------------------------
def test_d1_cell_counts_and_orientations():
    shapes = bed_data().shapes
    assert {d: len(s) for d, s in shapes.items()} == {1: 5, 2: 11, 3: 11, 4: 9, 5: 11, 6: 12, 7: 7, 8: 13, 9: 12}
    assert sum(len(s) for s in shapes.values()) == 91
    assert {d: len(orientations(s)) for d, s in shapes.items()} == \
        {1: 2, 2: 2, 3: 4, 4: 4, 5: 2, 6: 4, 7: 4, 8: 2, 9: 4}
    assert rotate_cw(shapes[6], 2) == shapes[9]


def test_d1_lone_cat_8():
    state = position("C8 rot0 (0,0)")
    assert section_at(state, 1, 1)["ignored"] and section_at(state, 3, 1)["ignored"]
    big = section_at(state, 0, 3)
    assert (big["size"], big["owner"]) == (206, "cat")
    assert state.analyse()["scores"] == {"cat": 206, "dog": 0}


# -- D2: placement legality on side A ----------------------------------------------------------
def parse(text: str) -> Placement:
    return GAME.parse_move(None, text)  # type: ignore[arg-type]


def test_d2_opening_moves():
    state = GAME.new_state(2)
    assert Counter(m.digit for m in state.legal_moves()) == {1: 10, 2: 6, 3: 12, 4: 12}
    assert state.check(parse("5 rot0 @ (6,4)")).code == "opening_digit"
    assert state.check(parse("3 rot0 @ (6,4)")) is None
    assert state.check(parse("3 rot0 @ (6,7)")).code in ("opening_area", "off_board")
    assert state.check(parse("3 rot0 @ (6,7)")).code == "opening_area"
    assert state.check(parse("1 rot1 @ (8,4)")) is None


def test_d2_dog_reply():
    state = GAME.new_state(2)
    state.apply(parse("3 rot0 @ (6,4)"))
    assert state.to_move == 1
    assert state.check(parse("8 rot0 @ (15,0)")).code == "off_board"
    reason = state.check(parse("8 rot0 @ (6,6)"))
    assert reason.code == "overlap" and reason.kwargs == {"owner": "Cat", "digit": 3}
    for ok in ("8 rot0 @ (6,7)", "7 rot0 @ (4,5)", "9 rot1 @ (14,8)"):
        assert state.check(parse(ok)) is None, ok
    moves = state.legal_moves()
    assert len(moves) == 2738
    assert Counter(m.digit for m in moves) == \
        {1: 264, 2: 186, 3: 376, 4: 394, 5: 186, 6: 370, 7: 408, 8: 184, 9: 370}
    with pytest.raises(IllegalMove):
        state.apply(parse("8 rot0 @ (6,6)"))


# -- D3: sections, diagonal separation, digit holes ----------------------------------------------
def test_d3_diagonal_contact_does_not_border():
    state = position("C1 rot0 (0,3), D7 rot0 (5,0), C8 rot1 (5,3)")
    top_left = section_at(state, 0, 0)
    assert (top_left["size"], top_left["sums"], top_left["owner"]) == (15, {"cat": 1, "dog": 7}, "dog")
    big = section_at(state, 0, 4)
    assert (big["size"], big["sums"], big["owner"]) == (179, {"cat": 9, "dog": 7}, "cat")
    assert section_at(state, 6, 4)["ignored"] and section_at(state, 6, 6)["ignored"]
    assert state.analyse()["scores"] == {"cat": 179, "dog": 15}


# -- D4: ties, 1-cell and 2-cell sections -----------------------------------------------------------
def test_d4_ties_and_small_sections():
    state = position("D1 rot1 (12,0), D3 rot0 (12,5), C4 rot1 (14,0), C1 rot0 (0,1), "
                     "D7 rot2 (1,0), D4 rot0 (0,9)")
    corner = section_at(state, 0, 0)
    assert corner["ignored"] and corner["owner"] is None
    assert (section_at(state, 0, 10)["size"], section_at(state, 0, 10)["owner"]) == (2, "dog")
    tie = section_at(state, 13, 0)
    assert (tie["size"], tie["sums"], tie["owner"]) == (11, {"cat": 4, "dog": 4}, None)
    small = section_at(state, 15, 3)
    assert (small["size"], small["owner"]) == (4, "cat")
    big = section_at(state, 0, 2)
    assert (big["size"], big["sums"], big["owner"]) == (157, {"cat": 1, "dog": 15}, "dog")
    assert state.analyse()["scores"] == {"cat": 4, "dog": 159}


# -- D5: side B ---------------------------------------------------------------------------------------
def test_d5_pillows_toys_and_majority():
    state = position("C7 rot3 (4,0), D1 rot0 (0,5), C1 rot0 (0,7), D8 rot1 (4,8), "
                     "C4 rot0 (8,5), D3 rot2 (8,10)", side="B")
    detail = state.analyse()["detail"]
    ring1 = section_at(state, 0, 0)
    assert (ring1["size"], ring1["owner"], ring1["toys"]["bone"]) == (14, "cat", 1)
    ring2 = section_at(state, 0, 8)
    assert (ring2["size"], ring2["owner"], ring2["toys"]["bone"]) == (14, "dog", 1)
    assert (section_at(state, 9, 11)["size"], section_at(state, 9, 11)["owner"]) == (2, "dog")
    assert (section_at(state, 11, 11)["size"], section_at(state, 11, 11)["owner"]) == (2, "dog")
    middle = section_at(state, 0, 6)
    assert (middle["size"], middle["sums"], middle["owner"]) == (119, {"cat": 12, "dog": 12}, None)
    assert detail["section_points"] == {"cat": 14, "dog": 18}
    assert detail["toys"] == {"cat": {"bone": 1, "mouse": 0, "yarn": 0},
                              "dog": {"bone": 2, "mouse": 0, "yarn": 0}}
    assert detail["toy_bonus"] == {"cat": 0, "dog": 5}
    assert state.analyse()["scores"] == {"cat": 14, "dog": 23}


def test_side_b_rejects_pillow_cells():
    state = GAME.new_state(2, {"side": "B"})
    state.apply(parse("3 rot0 @ (6,4)"))
    assert state.check(parse("1 rot1 @ (1,0)")).code == "pillow"


# -- D6: passing, consecutive turns, end ------------------------------------------------------------
D6 = ("C2 rot1 (0,0), C3 rot1 (3,0), C4 rot1 (6,0), C5 rot1 (9,0), C8 rot1 (12,0), C6 rot0 (0,10), "
      "C9 rot0 (5,10), D7 rot1 (0,5), D3 rot1 (3,5), D4 rot1 (6,5), D5 rot1 (9,5), D6 rot3 (12,5), "
      "D2 rot0 (10,10), D1 rot1 (15,0)")


def test_d6_passing_and_end():
    state = position(D6)
    assert state.to_move == 0 and state.in_hand(0) == [1, 7] and state.in_hand(1) == [8, 9]
    moves = state.legal_moves()
    assert len(moves) == 13 and all(m.digit == 1 and m.rot == 1 for m in moves)
    assert sorted((m.row, m.col) for m in moves) == \
        [(15, c) for c in range(5, 9)] + [(16, c) for c in range(0, 9)]
    events = state.apply(parse("1 rot1 @ (16,8)"))
    kinds = [(e.kind, e.seat) for e in events]
    assert kinds == [("place", 0), ("pass", 1), ("pass", 0), ("game_over", None)]
    assert state.to_move == NOBODY and state.passed == [True, True]
    out = state.outcome()
    assert out.scores == (22, 44) and out.winner == 1
    bottom = section_at(state, 15, 5)
    assert (bottom["size"], bottom["owner"]) == (16, "dog")
    for cell in ((3, 11), (6, 11), (13, 1), (13, 3), (13, 8)):
        assert section_at(state, *cell)["ignored"], cell


# -- D7: draw -----------------------------------------------------------------------------------------
def test_d7_draw():
    state = position("C4 rot0 (0,0), D4 rot0 (0,10)")
    assert section_at(state, 0, 1)["owner"] == "cat"
    assert section_at(state, 0, 11)["owner"] == "dog"
    big = section_at(state, 0, 3)
    assert (big["size"], big["owner"]) == (199, None)
    analysis = state.analyse()
    assert analysis["scores"] == {"cat": 2, "dog": 2}
    finished = GAME.state_from_dict({"game": "bed", "side": "A", "passed": ["cat", "dog"],
                                     "placements": state.to_dict()["placements"]})
    assert finished.outcome().winner is None and finished.analyse()["winner"] == "draw"
