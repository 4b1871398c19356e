"""Edge cases 1-27 and the numbered rules of the spec (sections 3 and 4) not already covered by
the developer scenarios."""

from __future__ import annotations

from collections import Counter

import pytest

from catgames.core.rules import Reason
from catgames.games.days.components import DRAW, PASS, Discard
from catgames.games.days.game import GAME
from tests.games.days.helpers import ids, play, position, scores, targets

EMPTY = "Mon — Tue — Wed — Thu — Fri — Sat — Sun —"


def moves(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def cards(state, seat, day) -> list[str]:
    return state.card_ids(state.weeks[seat][day])


def reason(state, text):
    r = state.check(GAME.parse_move(state, text))
    return r.code if r else None


# -- set-up (rules 1-4, 20, 23, 24, 28) ----------------------------------------------------------
@pytest.mark.parametrize("mode, players, deck, hand, box", [
    ("woof", 2, 39 - 10, 5, {}),
    ("woof", 4, 78 - 20, 5, {}),
    ("cat", 2, 37 - 8, 5, {}),
    ("cat", 3, 74 - 12, 5, {"cd_cat_tree": 1}),
    ("combined", 2, 77 - 10, 5, {"cd_catnip": 1}),
])
def test_set_up(mode, players, deck, hand, box):
    state = GAME.new_state(players, {"decks": mode}, 1)
    assert len(state.deck) == deck
    assert all(len(h) == hand for h in state.hands)
    assert Counter(state.card_ids(state.box)) == box
    if mode == "cat":
        assert all(state.data.tree in h for h in state.hands)


def test_variants_french_hand_trees_removed_and_first_player():
    assert all(len(h) == 4 for h in GAME.new_state(2, {"woof_hand": 4}).hands)
    state = GAME.new_state(2, {"decks": "combined", "cat_trees": "removed"})
    assert Counter(state.card_ids(state.box)) == {"cd_catnip": 1, "cd_cat_tree": 2}
    assert GAME.new_state(3, {"first_player": "P3"}).to_move == 2
    assert {GAME.new_state(2, None, seed).to_move for seed in range(20)} == {0, 1}
    with pytest.raises(ValueError):
        GAME.new_state(2, {"first_player": "P4"})


# -- turns (rules 6, 7, 10, 12, 19) ------------------------------------------------------------------
def test_events_need_a_target_and_there_are_no_voluntary_discards():
    state = position({"P1": EMPTY, "P2": EMPTY}, {"P1": "Treats, Lead, Grooming, Lab"})
    assert moves(state) == {f"play wd_labrador @ P1 {d}" for d in
                            ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")} | {"draw"}
    assert reason(state, "play wd_freds_treats @ P2 Mon") == "no_target"
    assert state.check(Discard("wd_lead")).code == "no_voluntary_discard"
    assert state.check(PASS).code == "must_act"


def test_placement_rules_are_checked_only_from_hand():
    """A Staffie swapped onto a Wednesday stays; a Chihuahua may end next to a German Shepherd."""
    state = position({"P1": "Mon — Tue — Wed[Lab] Thu — Fri — Sat — Sun —",
                      "P2": "Mon — Tue — Wed[Staf] Thu — Fri — Sat — Sun —"}, {"P1": "Muddy, Chi"})
    play(state, "play wd_muddy_paws @ P2 Wed", "draw")
    assert cards(state, 0, 2) == ids("Staf")
    assert reason(state, "play wd_chihuahua @ P1 Tue") is None


def test_reasons_for_refused_placements():
    state = position({"P1": "Mon[Lab] Tue — Wed — Thu — Fri — Sat — Sun —", "P2": EMPTY},
                     {"P1": "Staf, Col, Dal, GSh, Corgi"})
    assert reason(state, "play wd_staffie @ P2 Sun") == "own_week_only"
    assert reason(state, "play wd_staffie @ P1 Sat") == "wrong_day"
    assert reason(state, "play wd_collie @ P1 Mon") == "wrong_day"
    assert reason(state, "play wd_dalmatian @ P1 Wed") == "needs_right_neighbour"
    assert reason(state, "play wd_german_shepherd @ P1 Tue") == "needs_animal_below"
    assert reason(state, "play wd_corgi @ P1 Tue") == "needs_other_days"
    assert reason(state, "play wd_great_dane @ P1 Tue") == "not_in_hand"


def test_pass_only_when_nothing_else_and_a_full_round_of_passes_ends_the_game():
    state = position({"P1": EMPTY, "P2": EMPTY}, {"P1": "Treats", "P2": "Lead"}, deck=[])
    assert moves(state) == {"pass"} and state.check(DRAW).code == "deck_empty"
    play(state, "pass")
    assert not state.over and state.to_move == 1
    play(state, "pass")
    assert state.over and state.outcome().winner is None
    assert state.outcome().why == Reason.of("draw", end="passes", scores=(0, 0))


# -- deck exhaustion (rule 18, edge case 24) -------------------------------------------------------------
def test_a_thin_discard_alone_forms_the_new_deck():
    state = position({"P1": EMPTY, "P2": EMPTY}, {"P1": "Lab", "P2": "Lab"},
                     deck=ids("Mix"), discard=ids("Treats, Lead"))
    play(state, "draw")
    assert len(state.deck) == 2 and state.discard == [] and state.to_move == 1


def test_drawing_from_an_empty_deck_refills_first():
    state = position({"P1": EMPTY, "P2": EMPTY}, {"P1": "Lab", "P2": "Lab"},
                     deck=[], discard=ids("Treats, Lead, Lab"))
    play(state, "draw")
    assert len(state.hands[0]) == 2 and len(state.deck) == 2 and state.to_move == 1


# -- Woof Days edge cases 1-12 ---------------------------------------------------------------------------
def test_e1_australian_shepherd_without_a_neighbouring_dog_is_simply_placed():
    state = position({"P1": EMPTY, "P2": EMPTY}, {"P1": "Aus"})
    play(state, "play wd_australian_shepherd @ P1 Wed")
    assert state.pending is None and state.to_move == 1 and scores(state) == [3, 0]


def test_e1_only_the_top_dog_moves():
    state = position({"P1": "Mon — Tue[Lab,GSh] Wed — Thu — Fri — Sat — Sun —", "P2": EMPTY}, {"P1": "Aus"})
    play(state, "play wd_australian_shepherd @ P1 Wed", "choose P1 Tue", "choose P2 Mon")
    assert cards(state, 0, 1) == ids("Lab") and cards(state, 1, 0) == ids("GSh")


def test_e2_australian_shepherd_on_the_last_day_can_reopen_the_week():
    state = position({"P1": "Mon[Lab] Tue[Lab] Wed[Mix] Thu[Col] Fri — Sat[Col] Sun[Staf]", "P2": EMPTY},
                     {"P1": "Aus"})
    play(state, "play wd_australian_shepherd @ P1 Fri", "choose P1 Thu", "choose P2 Mon")
    assert not state.over and cards(state, 0, 3) == []


def test_e3_cushion_into_the_opponents_last_day_ends_the_game():
    state = position({"P1": "Mon[GSh] Tue — Wed — Thu — Fri — Sat — Sun —",
                      "P2": "Mon[Mix] Tue[Mix] Wed[Mix] Thu[Lab] Fri[Lab] Sat[Lab] Sun —"}, {"P1": "Cushion"})
    play(state, "play wd_comfy_cushion @ P1 Mon", "choose P2 Sun")
    assert state.over and state.outcome().winner == 1


def test_e4_dalmatian_and_dachshund_never_cross_weeks_but_may_go_to_an_opponent():
    state = position({"P1": "Mon[Lab] Tue — Wed — Thu — Fri — Sat — Sun[Lab]",
                      "P2": "Mon — Tue[Lab] Wed — Thu — Fri — Sat — Sun —"}, {"P1": "Dal, Dach"})
    assert targets(state, "Dal") == {"P1 Sat", "P2 Mon"}
    assert targets(state, "Dach") == {"P1 Tue", "P2 Wed"}


def test_e5_great_dane_on_monday_needs_only_tuesday_free():
    state = position({"P1": "Mon — Tue — Wed[Lab] Thu — Fri — Sat[Lab] Sun —", "P2": EMPTY}, {"P1": "GDane"})
    assert targets(state, "GDane") == {"P1 Mon"}


def test_e6_chihuahua_checks_only_visible_neighbours():
    state = position({"P1": "Mon[StB,FBul] Tue — Wed[Lab,GSh] Thu — Fri — Sat — Sun —", "P2": EMPTY},
                     {"P1": "Chi"})
    assert targets(state, "Chi") == {"P1 Fri", "P1 Sat", "P1 Sun"}
    assert reason(state, "play wd_chihuahua @ P1 Tue") == "forbidden_neighbour"
    state2 = position({"P1": "Mon[StB,FBul] Tue — Wed — Thu — Fri — Sat — Sun —", "P2": EMPTY}, {"P1": "Chi"})
    assert "P1 Tue" in targets(state2, "Chi")


def test_e7_e8_covers_go_on_any_dog_including_the_corgi_and_other_covers():
    state = position({"P1": "Mon[Corgi] Tue[GSh] Wed — Thu — Fri — Sat — Sun —", "P2": EMPTY}, {"P1": "GSh, FBul"})
    assert targets(state, "GSh") == {"P1 Mon", "P1 Tue"} == targets(state, "FBul")


def test_e9_treats_on_a_single_dog_empties_the_day():
    state = position({"P1": "Mon[Lab] Tue[Lab] Wed[Mix,GSh] Thu — Fri — Sat — Sun —", "P2": EMPTY},
                     {"P1": "Treats, Treats"})
    play(state, "play wd_freds_treats @ P1 Mon", "draw", "play wd_freds_treats @ P1 Wed")
    assert cards(state, 0, 0) == [] and cards(state, 0, 2) == ids("Mix")


def test_e10_st_bernard_into_the_last_empty_day_ends_the_game():
    state = position({"P1": "Mon[GSh] Tue — Wed — Thu — Fri — Sat — Sun —",
                      "P2": "Mon[Lab] Tue[Lab] Wed[Lab] Thu[Mix] Fri[Mix] Sat[Col] Sun —"}, {"P1": "StB"})
    play(state, "play wd_st_bernard @ P1 Mon", "choose P2 Sun")
    assert state.over and state.outcome().scores == (6, 14) and state.outcome().winner == 1
    assert state.outcome().why == Reason.of("win", end="week", seats=(1,), seat=1,
                                            scores=(14, 6))  # the winner's score first


def test_e11_swap_with_an_empty_side_but_not_two_empty_sides():
    state = position({"P1": "Mon — Tue — Wed — Thu — Fri — Sat — Sun[Lab]", "P2": EMPTY},
                     {"P1": "Grooming, Zoomies"})
    assert targets(state, "Grooming") == {"P2 Sun"}
    assert targets(state, "Zoomies") == set()
    play(state, "play wd_grooming @ P2 Sun")
    assert cards(state, 0, 6) == [] and cards(state, 1, 6) == ids("Lab")


def test_e12_stuffed_toys_pairs_the_same_weekday():
    state = position({"P1": "Mon[Lab] Tue — Wed — Thu — Fri — Sat — Sun —",
                      "P2": "Mon — Tue — Wed[Mix] Thu — Fri — Sat — Sun —"}, {"P1": "Stuffed"})
    assert targets(state, "Stuffed") == {"P2 Mon", "P2 Wed"}


# -- Cat Days edge cases 13-22 ---------------------------------------------------------------------------
def cat_position(p1: str, p2: str = EMPTY, hand: str = "", hand2: str = "", **extra):
    return position({"P1": p1, "P2": p2}, {"P1": hand, "P2": hand2}, decks="cat", **extra)


def test_e13_feral_cat_on_its_own_tree_day_scares_only_the_neighbours():
    state = cat_position("Mon[Cur] Tue[T,Res] Wed[Lazy] Thu — Fri — Sat — Sun —", hand="Fer")
    play(state, "play cd_feral_cat @ P1 Tue")
    assert cards(state, 0, 1) == ids("Res, Fer") and cards(state, 0, 0) == cards(state, 0, 2) == []


def test_e15_catnip_relays_one_cat_a_day_and_discards_the_rest():
    week = "Mon[Cur] Tue[T,Res,Flp,Lazy] Wed — Thu[Zen] Fri[Nrv,Grp] Sat — Sun —"
    state = cat_position(week, hand="Catnip")
    play(state, "play cd_catnip @ P1 Fri")
    laid = [cards(state, 0, d) for d in range(7)]
    assert laid[:4] == [[], [], [], []] and all(len(x) == 1 for x in laid[4:])
    assert state.trees[0] == 0b10 and len(state.discard) == 1 + 4
    full = cat_position(week, hand="Catnip")
    play(full, "play cd_catnip @ P1 Mon")
    assert full.over


def test_e15_catnip_without_cats_is_unplayable():
    assert targets(cat_position(EMPTY, hand="Catnip"), "Catnip") == set()


def test_e16_a_stolen_cat_taking_your_last_day_ends_the_game():
    state = cat_position("Mon[Cur] Tue[Cur] Wed[Cur] Thu[Cur] Fri[Res] Sat[Res] Sun —",
                         "Mon — Tue — Wed — Thu — Fri[Nrv,Grp] Sat — Sun —", hand="Box")
    play(state, "play cd_cardboard_box @ P2 Fri:0", "choose P1 Sun")
    assert state.over and cards(state, 1, 4) == ids("Grp")


def test_e17_laser_pointer_on_the_bottom_cat_and_on_your_own_cats():
    state = cat_position("Mon[Res] Tue — Wed — Thu — Fri — Sat — Sun —",
                         "Mon — Tue — Wed — Thu — Fri[Nrv,Grp] Sat — Sun —", hand="Laser")
    assert targets(state, "Laser") == {"P1 Mon:0", "P2 Fri:0", "P2 Fri:1"}
    play(state, "play cd_laser_pointer @ P2 Fri:0")
    assert cards(state, 1, 4) == ids("Grp")


def test_e18_cat_toys_keep_the_stack_position():
    state = cat_position("Mon — Tue — Wed[Cur] Thu — Fri — Sat — Sun —",
                         "Mon — Tue — Wed[Nrv,Grp] Thu — Fri — Sat — Sun —", hand="Toys")
    play(state, "play cd_cat_toys @ P1 Wed:0")
    assert moves(state) == {"choose P2 Wed:0", "choose P2 Wed:1"}
    play(state, "choose P2 Wed:0")
    assert cards(state, 1, 2) == ids("Cur, Grp") and cards(state, 0, 2) == ids("Nrv")


def test_e19_grumpy_never_on_a_tree_but_on_another_grumpy():
    state = cat_position("Mon[T,Nrv] Tue[Grp] Wed — Thu — Fri — Sat — Sun —", hand="Grp")
    assert targets(state, "Grp") == {"P1 Tue"}
    assert reason(state, "play cd_grumpy_cat @ P1 Mon") == "cat_tree_there"


def test_e20_a_tree_on_a_tall_stack_shows_the_top_three_and_takes_no_more():
    state = cat_position("Mon[Nrv,Res,Grp,Cur] Tue — Wed — Thu — Fri — Sat — Sun —", hand="T, Cur")
    play(state, "play cd_cat_tree @ P1 Mon")
    assert scores(state)[0] == 4 + 0 + 1
    play(state, "draw")
    assert "P1 Mon" not in targets(state, "Cur")


def test_e21_e22_cats_join_a_tree_day_with_their_own_rules():
    state = cat_position("Mon — Tue — Wed — Thu — Fri — Sat — Sun[T,Fus]",
                         "Mon — Tue — Wed — Thu — Fri — Sat — Sun[T]", hand="Flf, Chr")
    assert targets(state, "Flf") == {"P1 Sun", "P2 Sun"}
    assert "P1 Sun" not in targets(state, "Chr")


def test_e23_completing_an_opponents_week_is_legal():
    state = position({"P1": EMPTY, "P2": "Mon[Lab] Tue[Lab] Wed[Lab] Thu[Mix] Fri[Mix] Sat[Col] Sun —"},
                     {"P1": "Mix"})
    play(state, "play wd_mixed_breed @ P2 Sun")
    assert state.over and state.outcome().winner == 1


# -- combined mode and 3+ players (edge cases 26-27, rules 21-27) -------------------------------------------
def test_e26_cards_act_only_on_their_own_kind():
    state = position({"P1": "Mon[Nrv] Tue — Wed — Thu[Lab] Fri — Sat — Sun[Cur]",
                      "P2": "Mon — Tue — Wed — Thu — Fri — Sat — Sun[Lab]"},
                     {"P1": "GDane, GSh, Treats, Grooming, T, Pnc, Dach"}, decks="combined")
    assert "P1 Tue" in targets(state, "GDane")
    assert targets(state, "GSh") == {"P1 Thu", "P2 Sun"}
    assert targets(state, "Treats") == {"P1 Thu", "P2 Sun"}
    assert targets(state, "Grooming") == set()              # a cat stack never swaps with dogs
    assert "P1 Thu" not in targets(state, "T") and "P1 Mon" in targets(state, "T")
    assert targets(state, "Pnc") == {"P1 Tue"}              # right of a cat, not of a dog
    assert targets(state, "Dach") == {"P1 Fri"}


def test_e27_three_players_swap_with_one_chosen_opponent():
    state = position({"P1": "Mon — Tue — Wed — Thu — Fri — Sat — Sun[Lab]",
                      "P2": "Mon — Tue — Wed — Thu — Fri — Sat — Sun[StB]",
                      "P3": "Mon — Tue — Wed — Thu — Fri — Sat — Sun[Mix]"}, {"P1": "Grooming"})
    assert targets(state, "Grooming") == {"P2 Sun", "P3 Sun"}
    play(state, "play wd_grooming @ P3 Sun")
    assert cards(state, 0, 6) == ids("Mix") and cards(state, 1, 6) == ids("StB") and state.to_move == 1
