"""The developer scenarios D1-D9 of the spec (shared/rules/if_it_fits.md, section 6)."""

from __future__ import annotations

import pytest

from catgames.core.rules import IllegalMove
from catgames.games.boxes.components import boxes_data, parse_edges, turn180, edges_text
from catgames.games.boxes.moves import parse_move
from tests.games.boxes.helpers import box_at, code, play, position, scores

D1 = ["(6,4) #.## t2", "(6,5) .### t1"]


# -- D1: the smallest closed box, and the open-box option --------------------------------------
def test_d1_smallest_closed_box():
    state = position(D1, ["P1@(6,4)"], players=3)
    boxes = state.analyse()["detail"]["boxes"]
    assert len(boxes) == 1
    box = boxes[0]
    assert (len(box["cells"]), box["closed"], box["toys"]) == (2, True, 3)
    assert scores(state) == {"P1": 3, "P2": 0, "P3": 0}


@pytest.mark.parametrize("open_boxes, expected", [("none", 0), ("half", 1), ("full", 3)])
def test_d1_variant_open_box_option(open_boxes, expected):
    state = position(["(6,4) #.## t2", "(6,5) ..## t1"], ["P1@(6,4)"],
                     options={"open_boxes": open_boxes})
    assert box_at(state, 6, 4)["closed"] is False
    assert scores(state)["P1"] == expected


# -- D2: placement legality and rotation -----------------------------------------------------
START_ROW = ["(5,5) ..## start", "(6,5) ..## start", "(7,5) ..## start"]


def test_d2_placement_legality():
    state = position(START_ROW, step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2})
    for ok in ("(6,4)", "(8,5)"):
        assert code(state, f"play CUP t0 r0 @ {ok}") is None
    assert code(state, "play CUP t0 r0 @ (6,3)") == "not_touching"
    assert code(state, "play CUP t0 r0 @ (8,4)") == "not_touching"
    assert code(state, "play CUP t0 r0 @ (4,4)") == "not_touching"
    assert code(state, "play CUP t0 r0 @ (6,5)") == "occupied"
    assert code(state, "play CUP t0 r0 @ (13,5)") == "off_table"
    assert code(state, "play CUP t0 r0 @ (-1,5)") == "off_table"
    assert code(state, "play CUP t0 r90 @ (6,4)") == "bad_rotation"
    slots = {(m.x, m.y) for m in state.legal_moves()}
    assert (6, 4) in slots and (8, 5) in slots and (6, 3) not in slots and (8, 4) not in slots


def test_d2_rotation_decides_the_cat():
    assert edges_text(turn180(parse_edges("#.##"))) == ".###"
    base = dict(step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2})
    turned = position(["(6,5) ..##"], **base)
    play(turned, "play CUP t0 r180 @ (6,6)")
    assert turned.step == "cat" and turned.awake_positions() == [(6, 5)]
    assert code(turned, "cat @ (6,5)") is None
    upright = position(["(6,5) ..##"], **base)
    play(upright, "play CUP t0 r0 @ (6,6)")
    assert upright.step == "turn" and upright.to_move == 1      # no cat fits: the turn ends
    seam = position(["(6,5) ..##", "(6,6) #.##"], step="cat", played=[6, 6])
    assert code(seam, "cat @ (6,5)") == "wall_seam"


# -- D3: walls and covered cards block cats ----------------------------------------------------
def test_d3a_wall_blocks_the_cat():
    state = position(["(6,4) #... t0", "(6,5) #... t1"], step="cat", played=[6, 5])
    assert code(state, "cat @ (6,4)") == "wall_seam"
    assert state.legal_moves() == [parse_move("skip")]


def test_d3b_covered_and_missing_cards():
    state = position(["(2,4) #.##", "(2,5) ..##", "(2,6) ..##"], ["P1@(2,4)"],
                     step="cat", played=[2, 6])
    assert code(state, "cat @ (2,5)") == "covered"
    assert code(state, "cat @ (2,6)") == "no_card"
    assert state.awake_positions() == []
    live = position(["(2,4) #.##", "(2,5) ..##"], ["P1@(2,4)"], step="play",
                    hands={"P1": ["SHAFT t0", "SHAFT t1"], "P2": 2})
    play(live, "play SHAFT t0 r0 @ (2,6)")
    assert live.step == "turn" and live.to_move == 1


# -- D4: awake needs the played card; sleeping does not ------------------------------------------
D4 = ["(3,4) #.## t1", "(3,5) .### t1", "(8,5) ..##"]


def test_d4_awake_cat_needs_the_played_card():
    state = position(D4 + ["(9,5) .... t0"], step="cat", played=[9, 5])
    assert code(state, "cat @ (3,4)") == "not_played_card"
    live = position(D4, deck=10)
    play(live, "draw")
    card = next(m for m in live.legal_moves() if m.kind == "card" and (m.x, m.y) == (9, 5))
    live.apply(card)
    assert code(live, "cat @ (3,4)") == "no_card_played"


def test_d4_sleeping_action():
    state = position(D4, deck=10)
    assert box_at(state, 3, 4)["closed"]
    deck, hand = len(state.deck), len(state.hands[0])
    assert code(state, "sleep @ (3,4)") is None
    events = play(state, "sleep @ (3,4)")
    assert len(state.deck) == deck and len(state.hands[0]) == hand == 2
    assert state.supply[0] == 4
    assert ("cat", 0) == (events[0].kind, events[0].seat) and events[0].get("awake") is False
    assert state.to_move == 1


# -- D5: box rule after a merge ----------------------------------------------------------------
D5 = ["(4,4) #.#. t1", "(4,5) .##. t1", "(5,4) #.## t2", "(6,4) #..# t1", "(6,5) .#.# t0"]


def test_d5_box_rule_after_a_merge():
    state = position(D5, ["P2@(4,4)"], step="play", hands={"P1": ["EDGE t0", "CUP t0"], "P2": 2})
    assert code(state, "play EDGE t0 r180 @ (5,5)") is None
    events = play(state, "play EDGE t0 r180 @ (5,5)")
    assert state.step == "turn" and state.to_move == 1          # the only pair is refused
    closed = [e for e in events if e.kind == "box_closed"]
    assert len(closed) == 1 and closed[0].get("toys") == 5
    box = box_at(state, 5, 5)
    assert (len(box["cells"]), box["closed"], box["toys"]) == (6, True, 5)
    assert scores(state) == {"P1": 0, "P2": 5}
    pending = position(D5 + ["(5,5) .#.. t0"], ["P2@(4,4)"], step="cat", played=[5, 5])
    reason = pending.check(parse_move("cat @ (5,4)"))
    assert reason.code == "box_taken" and reason.kwargs == {"holders": (1,)}


def test_d5_variant_own_cat_already_there():
    state = position(D5, ["P2@(4,4)", "P1@(6,4)"], step="play",
                     hands={"P1": ["EDGE t0", "CUP t0"], "P2": 2})
    play(state, "play EDGE t0 r180 @ (5,5)")
    assert state.step == "cat" and code(state, "cat @ (5,4)") is None
    play(state, "cat @ (5,4)")
    assert box_at(state, 5, 5)["cats"] == {"P1": 2, "P2": 1}
    assert scores(state) == {"P1": 5, "P2": 0}


# -- D6: Princess ------------------------------------------------------------------------------
D6 = ["(6,3) #.## t1", "(6,4) ..## t1", "(6,5) ..## t2", "(6,6) .### t1",
      "(2,4) #.## t0", "(2,5) .### t0"]


def test_d6_princess():
    state = position(D6, ["P1@(6,3)", "P2@(2,4)"], players=3, to_move="P2",
                     supply={"P1": 3}, hands={"P1": 2, "P2": ["PRINCESS", "CUP t0"], "P3": 2},
                     deck=10)
    cards = len(state.layout.cards)
    play(state, "draw")
    assert code(state, "princess @ (2,4)") == "own_cat"
    assert code(state, "princess @ (6,5)") == "no_cat_there"
    events = play(state, "princess @ (6,3)")
    assert [e.kind for e in events] == ["princess"] and events[0].get("victim") == 0
    assert "PR@(6,3)" in state.to_dict()["cats"]
    assert state.supply[0] == 4 and len(state.hands[1]) == 2
    assert len(state.layout.cards) == cards and state.to_move == 2 and state.step == "turn"
    assert code(state, "sleep @ (6,5)") is None                 # the Princess is ignored
    play(state, "sleep @ (6,5)")
    assert code(state, "princess @ (6,3)") == "draw_first"
    assert {k: v for k, v in scores(state).items()} == {"P1": 0, "P2": 0, "P3": 5}


def test_d6_princess_cannot_target_a_princess():
    state = position(D6, ["PR@(6,3)", "P1@(6,5)"], players=3, to_move="P2", step="play",
                     hands={"P1": 2, "P2": ["PRINCESS", "CUP t0"], "P3": 2})
    assert code(state, "princess @ (6,3)") == "already_princess"
    assert code(state, "princess @ (6,5)") is None


# -- D7: the fifth cat triggers the end; a Princess undo does not cancel it ---------------------
def test_d7_fifth_cat_and_princess():
    state = position(["(6,5) ..## t0", "(2,5) ..## t0"], players=3, supply={"P1": 1},
                     hands={"P1": ["SHAFT t0", "SHAFT t1"], "P2": ["PRINCESS", "OPEN t0"],
                            "P3": ["OPEN t1", "OPEN t2"]}, deck=20)
    play(state, "draw", "play SHAFT t0 r0 @ (6,4)")
    events = play(state, "cat @ (6,4)")
    assert state.supply[0] == 0 and state.end_phase
    assert [e.kind for e in events] == ["cat", "end_phase"]
    pile = len(state.deck)                                   # 20 less P1's draw: never drawn again
    movers = []
    assert state.to_move == 1 and state.step == "play"
    assert code(state, "draw") == "end_phase_no_draw"
    movers.append(state.to_move)
    play(state, "princess @ (6,4)")
    assert state.supply[0] == 1 and state.end_phase
    assert code(state, "sleep @ (6,5)") == "end_phase_no_sleep"
    while not state.is_over():
        if state.step == "play":
            movers.append(state.to_move)
        if state.to_move == 0 and state.step == "play" and state.supply[0] == 1:
            assert code(state, "sleep @ (2,4)") == "end_phase_no_sleep"
            play(state, "play SHAFT t1 r0 @ (2,6)")
            assert state.step == "cat" and code(state, "cat @ (2,5)") is None
            play(state, "cat @ (2,5)")
            continue
        moves = state.legal_moves()
        state.apply(parse_move("skip") if state.step == "cat" else moves[0])
    assert movers == [1, 2, 0, 1, 2, 0]
    assert state.supply[0] == 0 and len(state.deck) == pile == 19 and not any(state.hands)
    assert list(state.outcome().scores) == list(state.analyse()["scores"].values())


# -- D8: the draw pile runs out -----------------------------------------------------------------
D8 = ["(5,5) ..## start", "(6,5) ..## start", "(7,5) ..## start", "(6,4) #.## t0"]


def test_d8_last_card_drawn():
    state = position(D8, players=3, to_move="P2", deck=1)
    play(state, "draw")
    assert len(state.hands[1]) == 3 and not state.deck and not state.end_phase
    state.apply(state.legal_moves()[0])
    if state.step == "cat":
        play(state, "skip")
    assert state.end_phase and state.to_move == 2 and len(state.hands[1]) == 2
    movers = []
    while not state.is_over():
        if state.step == "play":
            movers.append(state.to_move)
        state.apply(parse_move("skip") if state.step == "cat" else state.legal_moves()[0])
    assert movers == [2, 0, 1, 2, 0, 1]


def test_d8_control_sleeping_keeps_the_pile():
    state = position(D8, players=3, to_move="P2", deck=1)
    play(state, "sleep @ (6,4)")
    assert len(state.deck) == 1 and not state.end_phase
    assert state.to_move == 2 and state.step == "turn"


# -- D9: the table edge --------------------------------------------------------------------------
def test_d9_table_edge():
    state = position(["(12,4) #.#. t2", "(12,5) .##. t1"], ["P1@(12,4)"], step="play",
                     hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2})
    box = box_at(state, 12, 4)
    assert (box["closed"], box["never_closable"]) == (False, True)
    assert scores(state)["P1"] == 0
    assert code(state, "play CUP t0 r0 @ (13,4)") == "off_table"
    assert code(state, "play CUP t0 r0 @ (13,5)") == "off_table"
    with pytest.raises(IllegalMove) as err:
        play(state, "play CUP t0 r0 @ (13,4)")
    assert err.value.reason.code == "off_table"


def test_data_totals_match_the_spec():
    data = boxes_data()
    assert len(data.pile) == 80
    toys = [data.kinds[k].toys for k in data.pile if data.kinds[k].role == "box"]
    assert len(toys) == 72 and sum(toys) == 63
    assert sum(1 for k in data.pile if data.kinds[k].edges & 3) == 60 + 3   # + the special toys
