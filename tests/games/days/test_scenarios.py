"""The developer scenarios D1-D9 of the spec (shared/rules/woof_cat_days.md, section 5.1)."""

from __future__ import annotations

from catgames.core.rules import NOBODY, Reason
from catgames.games.days.components import DRAW
from tests.games.days.helpers import ABBREV, ids, play, position, scores, targets

EMPTY = "Mon — Tue — Wed — Thu — Fri — Sat — Sun —"


# -- D1: end condition and Corgi ---------------------------------------------------------------
def d1():
    return position({"P1": "Mon[Lab] Tue[Mix] Wed[Shiba] Thu[Col] Fri[Chi] Sat — Sun[Staf]",
                     "P2": "Mon[GDane] Tue — Wed[Lab] Thu — Fri[Mix] Sat[Dach] Sun[StB]"},
                    {"P1": "Corgi, GSh"})


def test_d1_corgi_and_cover_targets():
    state = d1()
    assert targets(state, "Corgi") == {"P1 Sat"}
    assert targets(state, "GSh") == {f"P1 {d}" for d in ("Mon", "Tue", "Wed", "Thu", "Fri", "Sun")} | \
        {f"P2 {d}" for d in ("Mon", "Wed", "Fri", "Sat", "Sun")}


def test_d1_corgi_ends_the_game_at_once():
    state = d1()
    events = play(state, "play wd_corgi @ P1 Sat")
    assert state.to_move == NOBODY and events[-1].kind == "game_over"
    out = state.outcome()
    assert out.scores == (26, 22) and out.winner == 0
    assert out.why == Reason.of("win", end="week", seats=(0,), seat=0, scores=(26, 22))


# -- D2: visible-only scoring and tie-break by card count ------------------------------------------
def test_d2_tie_broken_by_cards_in_the_week():
    state = position({"P1": "Mon[Lab,GSh] Tue[Mix] Wed[Shiba] Thu[Col] Fri[Chi] Sat[Lab] Sun —",
                      "P2": "Mon[GDane] Tue — Wed[Lab,FBul] Thu — Fri[Mix] Sat[Dach] Sun[Staf,GSh]"},
                     {"P1": "Lab"})
    play(state, "play wd_labrador @ P1 Sun")
    out = state.outcome()
    assert out.scores == (17, 17)
    assert out.detail["weeks"]["P1"]["animals"] == 8 and out.detail["weeks"]["P2"]["animals"] == 7
    assert out.winner == 0 and out.detail["tie_break"]
    assert out.why == Reason.of("win_on_cards", end="week", seats=(0,), seat=0, scores=(17, 17))


# -- D3: Sunday swap keeps stack order, then removal --------------------------------------------------
def test_d3_grooming_then_freds_treats():
    state = position({"P1": "Mon[Mix] Tue — Wed — Thu — Fri — Sat — Sun[Lab]",
                      "P2": "Mon — Tue — Wed — Thu — Fri — Sat — Sun[Staf,FBul]"},
                     {"P1": "Grooming, Treats"})
    play(state, "play wd_grooming @ P2 Sun")
    assert state.weeks[0][6] == tuple(state.data.by_id[c] for c in ids("Staf, FBul"))
    assert state.weeks[1][6] == (state.data.by_id["wd_labrador"],)
    assert scores(state) == [6, 1]
    play(state, "draw")                        # P2's turn
    play(state, "play wd_freds_treats @ P1 Sun")
    assert state.weeks[0][6] == (state.data.by_id["wd_staffie"],)
    assert scores(state) == [8, 1]
    assert state.card_ids(state.discard) == ids("Grooming, Treats, FBul")


# -- D4: Australian Shepherd stealing through an opponent's week ---------------------------------------
def test_d4_australian_shepherd():
    state = position({"P1": "Mon — Tue[Lab] Wed — Thu — Fri — Sat — Sun —",
                      "P2": "Mon[Mix] Tue — Wed[StB] Thu — Fri[Lab,GSh] Sat — Sun —"},
                     {"P1": "Aus"})
    empty = {f"P1 {d}" for d in ("Mon", "Wed", "Thu", "Fri", "Sat", "Sun")} | \
        {f"P2 {d}" for d in ("Tue", "Thu", "Sat", "Sun")}
    assert targets(state, "Aus") == empty
    play(state, "play wd_australian_shepherd @ P2 Thu")
    assert state.to_move == 0 and state.pending is not None
    assert {str(m) for m in state.legal_moves()} == {"choose P2 Wed", "choose P2 Fri"}
    play(state, "choose P2 Wed")
    assert "choose P2 Thu" not in {str(m) for m in state.legal_moves()}
    assert "choose P2 Wed" not in {str(m) for m in state.legal_moves()}   # not back where it came from
    play(state, "choose P1 Mon")
    assert state.card_ids(state.weeks[0][0]) == ids("StB")
    assert scores(state) == [7, 7]
    assert state.card_ids(state.weeks[1][3]) == ids("Aus") and state.weeks[1][2] == ()
    assert state.to_move == 1 and not state.over


# -- D5: St Bernard moves the whole stack ----------------------------------------------------------------
def test_d5_st_bernard():
    state = position({"P1": "Mon[Lab] Tue[Chi,GSh] Wed — Thu — Fri — Sat — Sun —",
                      "P2": "Mon[Lab] Tue — Wed[Mix] Thu — Fri[Col] Sat — Sun[Staf]"},
                     {"P1": "StB"})
    assert targets(state, "StB") == {"P1 Mon", "P1 Tue"}
    play(state, "play wd_st_bernard @ P1 Tue", "choose P2 Thu")
    assert state.card_ids(state.weeks[0][1]) == ids("StB")
    assert state.card_ids(state.weeks[1][3]) == ids("Chi, GSh")
    assert scores(state) == [7, 12]
    assert not state.over


# -- D6: placement legality generator ---------------------------------------------------------------------
def test_d6_placement_targets():
    state = position({"P1": "Mon — Tue[Lab,GSh] Wed — Thu[Col] Fri — Sat — Sun —", "P2": EMPTY},
                     {"P1": "Chi, GDane, Dal, Dach, Staf, Shiba, Col"})
    expected = {"Chi": {"Fri", "Sat", "Sun"}, "GDane": {"Sat", "Sun"}, "Dal": {"Mon", "Wed"},
                "Dach": {"Wed", "Fri"}, "Staf": {"Sun"}, "Shiba": {"Mon", "Wed"}, "Col": {"Fri", "Sat"}}
    for card, days in expected.items():
        assert targets(state, card) == {f"P1 {d}" for d in days}, card


# -- D7: deck exhaustion with a thin discard pile ---------------------------------------------------------
def test_d7_refill_with_fewer_than_three_discards():
    state = position({"P1": EMPTY, "P2": EMPTY},
                     {"P1": "Lab, Lab, Mix, Col, Col, Shiba, Staf", "P2": "Chi, Dal, Dach"},
                     turn="P2", deck=ids("GDane"), discard=ids("Treats, Lead"))
    assert state.to_move == 1
    play(state, "draw")
    assert len(state.hands[1]) == 4 and state.deck == []
    assert state.to_move == 0 and [str(m) for m in state.legal_moves()][0].startswith("discard")
    assert state.check(state.legal_moves()[0]) is None
    assert state.check(DRAW).code == "must_discard"
    play(state, "discard wd_labrador", "discard wd_collie")
    assert len(state.hands[0]) == 5 and len(state.hands[1]) == 4
    assert len(state.deck) == 4 and state.discard == []
    assert state.to_move == 0
    play(state, "draw")
    assert len(state.deck) == 3 and len(state.hands[0]) == 6


# -- D8: Cat Tree, Grumpy protection and Feral Cat ----------------------------------------------------------
def test_d8_cat_tree_grumpy_and_feral():
    state = position({"P1": "Mon[Cur] Tue — Wed[Nrv,Grp] Thu — Fri — Sat — Sun —", "P2": EMPTY},
                     {"P1": "Tree, Flp, Cur", "P2": "Grp, Fer"}, decks="cat")
    play(state, "play cd_cat_tree @ P1 Wed")
    assert scores(state)[0] == 7
    assert {t for t in targets(state, "Grp") if t.startswith("P1")} == {"P1 Mon"}
    play(state, "draw")
    play(state, "play cd_floppy_cat @ P1 Wed")
    assert scores(state)[0] == 10
    assert "P1 Wed" not in targets(state, "Cur", seat=0)
    discard_before = len(state.discard)
    play(state, "play cd_feral_cat @ P1 Tue")
    assert scores(state)[0] == 5
    detail = state.analyse()["detail"]["weeks"]["P1"]["days"]
    assert [d for d, v in detail.items() if v["cards"]] == ["Tue"]
    assert detail["Wed"]["tree"] and detail["Wed"]["cards"] == []
    assert len(state.discard) == discard_before + 4


# -- D9: Cardboard Box takes a covered cat -------------------------------------------------------------------
def test_d9_cardboard_box():
    state = position({"P1": "Mon[Cur] Tue — Wed — Thu — Fri — Sat — Sun —",
                      "P2": "Mon[Res] Tue — Wed — Thu — Fri[Nrv,Grp] Sat — Sun —"},
                     {"P1": "Box"}, decks="cat")
    assert targets(state, "Box") == {"P2 Mon:0", "P2 Fri:0", "P2 Fri:1"}
    play(state, "play cd_cardboard_box @ P2 Fri:0")
    assert "choose P1 Tue" in {str(m) for m in state.legal_moves()}
    play(state, "choose P1 Tue")
    assert state.card_ids(state.weeks[1][4]) == ids("Grp")
    assert state.card_ids(state.weeks[0][1]) == ids("Nrv")
    assert scores(state) == [7, 4]
    assert ABBREV["Box"] in state.card_ids(state.discard)
