"""Rules 1-40 and edge cases E1-E17 beyond the D scenarios: set-up, turns, options, chance."""

from __future__ import annotations

import dataclasses
import random

import pytest

from catgames.core.rules import NOBODY, Reason
from catgames.games.kotatsu.components import kotatsu_data
from catgames.games.kotatsu.moves import KEEP, PASS, Discard, Pick, Play
from catgames.games.kotatsu.game import GAME
from catgames.games.kotatsu.rules import DISCARDING, OVER, KotatsuState
from catgames.games.kotatsu.scoring import score_seat
from tests.games.kotatsu.helpers import cat, cushion, position

OPTIONS = GAME.default_options()


# -- set-up ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    data = kotatsu_data()
    state = GAME.new_state(players, None, seed=players)
    assert all(len(p) == 2 for p in state.pairs)                            # rule 6
    assert all(data.cushion_colour[cu] == data.cat_colour[c] for p in state.pairs for c, cu in p)
    assert len(state.bag) == 30 - 6 and state.lucky_drawn == 0             # rules 5, 7
    empty = sum(1 for s in state.stacks if not s)
    assert state.lucky_bag == 1 + empty and state.lucky_supply == 2 - empty  # rules 7, 8
    assert [len(h) for h in state.hands] == [3] * players                  # rule 9
    assert len(state.deck) == 72 - 3 * players
    assert len(state.edges[0]) == players                                   # rule 3
    starts = {GAME.new_state(players, None, seed).to_move for seed in range(30)}
    assert starts == set(range(players))                                   # rule 10


def test_setup_is_reproducible_from_the_seed():
    assert GAME.new_state(3, None, 5).to_dict() == GAME.new_state(3, None, 5).to_dict()
    assert GAME.new_state(3, None, 5).to_dict() != GAME.new_state(3, None, 6).to_dict()


def small_data(**changes):
    """The shipped data with ``changes`` (for edge cases the real numbers make unreachable)."""
    return dataclasses.replace(kotatsu_data(), **changes)


def one_cushion_per_colour():
    data = kotatsu_data()
    first = [data.ids_of_colour(data.cushion_colour, c)[0] for c in range(data.colours)]
    keep = first + [data.blank]
    return small_data(cushion_colour=tuple(data.cushion_colour[i] for i in keep),
                      cushion_value=tuple(data.cushion_value[i] for i in keep),
                      cushion_symbol=tuple(data.cushion_symbol[i] for i in keep))


def test_rule_8_and_e6_empty_stacks_with_one_cushion_per_colour():
    data = one_cushion_per_colour()
    state = KotatsuState(2, dict(OPTIONS), data)
    state.setup(3)
    empty = sum(1 for s in state.stacks if not s)
    assert empty >= 3
    assert state.lucky_bag == min(3, 1 + empty) and state.lucky_drawn == 0
    blanks = [cu for p in state.pairs for _, cu in p if cu == data.blank]
    assert len(blanks) == 6 - len({state.data.cat_colour[c] for p in state.pairs for c, _ in p})
    assert score_seat(data, [(0, data.blank)], OPTIONS).printed == 0      # E6


# -- chance: refills and lucky cats ---------------------------------------------------------------------
def test_rule_28_and_e7_an_emptied_stack_adds_a_lucky_cat_while_the_supply_lasts():
    state = GAME.new_state(2, None, 1)
    grey = 3
    events = []
    state.stacks[grey] = state.stacks[grey][:1]
    state.bag = [c for c in state.bag if state.data.cat_colour[c] == grey][:1]
    state.lucky_bag, state.lucky_supply = 0, 2
    state.pairs[0] = []
    state.refill(0, events)
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["refill", "lucky_to_bag"] and state.lucky_supply == 1
    # the bag now holds only the lucky cat: drawn into a gap, then the bag is empty (E5)
    assert kinds[2:] == ["lucky_cat", "game_over"] and state.end == "bag_empty"
    assert state.lucky_drawn == 1 and len(state.pairs[0]) == 1
    state = GAME.new_state(2, None, 1)
    state.stacks[grey], state.lucky_supply, state.lucky_bag = state.stacks[grey][:1], 0, 3
    state.add_lucky(events := [])
    assert events == [] and state.lucky_bag == 3                            # E7


def test_rule_29_lucky_cats_go_to_the_gaps_and_the_drawer_draws_again():
    seen = 0
    for seed in range(40):
        state = GAME.new_state(2, None, seed)
        state.lucky_bag, state.lucky_supply = 2, 0
        state.pairs[0] = []
        events = []
        state.refill(0, events)
        lucky = [e for e in events if e.kind == "lucky_cat"]
        if lucky and state.phase != OVER:
            seen += 1
            assert len(state.pairs[0]) == 2 and state.lucky_drawn == len(lucky) <= 2
    assert seen


# -- turns ----------------------------------------------------------------------------------------------
def test_rule_12_counts_and_reasons():
    state = position(2, hands={"P1": ["O1", "O1", "G2"]})
    assert len(state.legal_moves()) == 3 * (2 + 2)  # E15: the two O1 make one choice
    assert state.check(Play(0, ("O1", "O1", "G2"))).code == "wrong_count"
    assert state.check(Play(0, ("K1",))).code == "not_in_hand"
    assert state.check(Play(0, ("O1", "O1"))) is None
    assert state.check(Play(5, ("O1",))).code == "no_such_kotatsu"
    assert state.check(PASS).code == "must_play"
    assert state.check(Pick(0)).code == "not_now"
    assert state.check(KEEP).code == "not_now"
    assert state.check("O1").code == "not_a_move"
    events = state.apply(Play(0, ("O1", "O1")))
    assert [e.kind for e in events] == ["play", "draw"]
    assert state.to_move == 1 and len(state.hands[0]) == 3


def test_rule_13_the_completion_turn_is_recorded():
    state = position(2, {1: {"edges": {"P1": ["O1"]}}}, hands={"P1": ["O2", "G2", "K1"]}, turn=4)
    events = state.apply(Play(0, ("G2", "O2")))
    assert state.completed[0][0] == 4 and "edge_complete" in [e.kind for e in events]


def test_e2_e3_no_legal_play_means_pass_and_refill():
    full = ["W1", "W2", "W3"]
    state = position(2, {1: {"edges": {"P1": full}}, 2: {"edges": {"P1": full}},
                         3: {"edges": {"P1": ["K1", "K2", "K3"]}}}, hands={"P1": ["O1"]})
    assert state.legal_moves() == [PASS]
    events = state.apply(PASS)
    assert [e.kind for e in events] == ["pass", "draw"] and len(state.hands[0]) == 3
    short = position(2, {1: {"edges": {"P1": ["W1"]}}}, hands={"P1": ["O1"]})
    assert {m.kotatsu for m in short.legal_moves()} == {1, 2}            # E2


def test_rule_32_a_full_round_of_passes_ends_the_game():
    full = ["W1", "W2", "W3"]
    state = position(2, {k: {"edges": {"P1": full if k < 3 else ["K1", "K2", "K3"]}}
                         for k in (1, 2, 3)}, passes=1)
    events = state.apply(PASS)
    assert events[-1].kind == "game_over" and state.end == "stuck" and state.to_move == NOBODY
    assert state.outcome().why.kwargs["end"] == "stuck"


def test_rule_15_e1_an_empty_deck_takes_the_shuffled_discard_pile():
    state = position(2, deck=[], hands={"P1": ["O1", "G1", "K1"]})
    assert len(state.discard) == 72 - 6
    events = state.apply(Play(0, ("O1",)))
    assert [e.kind for e in events] == ["play", "reshuffle", "draw"]
    assert len(state.deck) == 72 - 6 - 1 and state.discard == []


def test_rule_16_only_the_kotatsu_played_to_resolves_after_the_draw():
    state = position(3, {1: {"pairs": ["O", "G"], "edges": {"P1": ["O1", "O2"], "P2": ["G1", "G2", "G3"],
                                                             "P3": ["K1", "K2", "K3"]}}},
                     hands={"P1": ["O3", "C1", "C2"]})
    events = state.apply(Play(0, ("O3",)))
    assert [e.kind for e in events] == ["play", "edge_complete", "draw", "resolve"]
    assert state.to_move == state.order[0]


def test_rule_14_single_card_discard_option():
    state = position(2, hands={"P1": ["O1", "G1", "K1"]}, options={"single_card_discard": True})
    state.apply(Play(0, ("O1",)))
    assert state.phase == DISCARDING and state.to_move == 0
    assert state.legal_moves() == [KEEP, Discard("G1"), Discard("K1")]
    assert state.check(Play(1, ("G1",))).code == "must_discard"
    assert state.check(Discard("W3")).code == "not_in_hand"
    events = state.apply(Discard("K1"))
    assert [e.kind for e in events] == ["discard", "draw"]
    assert state.data.card_label[state.discard[-1]] == "K1" and len(state.hands[0]) == 3
    state = position(2, hands={"P1": ["O1", "G1", "K1"]})
    state.apply(Play(0, ("O1",)))
    assert state.to_move == 1                                               # off by default


def test_pick_reasons():
    state = position(2, {1: {"edges": {"P1": ["W1", "W2", "W3"], "P2": ["K1", "K2", "K3"]}}})
    assert state.check(Play(1, ("W1",))).code == "must_pick"
    assert state.check(Pick(2)).code == "no_such_pair"


# -- resolution with 4 players -------------------------------------------------------------------------
def test_rule_23_four_players_third_and_fourth_get_nothing():
    state = position(4, {1: {"pairs": ["O", "G"], "edges": {
        "P1": ["W1", "K1", "B1"], "P2": ["O1", "O2", "G1"], "P3": ["O3", "C1", "C2"],
        "P4": ["G2", "G3", "B2"]}}})
    order = state.analyse()["detail"]["kotatsu"][0]["order"]
    assert order == ["P2", "P4", "P3", "P1"]
    state.apply(Pick(1))
    assert [len(c) for c in state.collected] == [0, 1, 0, 1]
    assert state.to_move == 1  # the turn passes on from P1, who completed the kotatsu


# -- options ------------------------------------------------------------------------------------------
def test_one_pair_category_option():
    tables = {1: {"pairs": ["O", "G"], "edges": {"P1": ["O1", "W1", "K1"], "P2": ["B3", "C3", "W3"]}}}
    on = position(2, tables).analyse()["detail"]["kotatsu"][0]
    assert on["order"] == ["P1", "P2"] and on["seats"]["P1"]["category"] == "one_pair"
    off = position(2, tables, options={"one_pair_category": False}).analyse()["detail"]["kotatsu"][0]
    assert off["seats"]["P1"] == {"category": "solo_cat", "ranking_stars": 0, "non_ranking_stars": 3,
                                  "cards": 3, "completed_turn": 1}
    assert off["order"] == ["P2", "P1"]


def pairs_of(spec):
    return [(cat(c), cushion(cu)) for c, cu in spec]


SIX = [("W", "W+3"), ("K", "K+3"), ("O", "O+3"), ("G", "G+3"), ("B", "B+3"), ("C", "C+3")]
TWELVE = SIX + [("W", "W-1"), ("K", "K-1"), ("O", "O-1"), ("G", "G-1"), ("B", "B-1"), ("C", "C-1")]


def test_collection_bonus_modes():
    data = kotatsu_data()
    assert score_seat(data, pairs_of(SIX), OPTIONS).collection_bonus == 6
    assert score_seat(data, pairs_of(SIX[:5]), OPTIONS).collection_bonus == 0
    assert score_seat(data, pairs_of(TWELVE), OPTIONS).collection_bonus == 6
    per_set = {**OPTIONS, "collection_bonus_mode": "per_set"}
    assert score_seat(data, pairs_of(TWELVE), per_set).collection_bonus == 12


def test_e11_e12_e13_food_and_coin_tiles():
    data = kotatsu_data()
    illustrated = {**OPTIONS, "scoring_mode": "illustrated"}
    lone_food = pairs_of([("G", "G+1 food")])
    assert score_seat(data, lone_food, OPTIONS).total == 1                  # E11
    assert score_seat(data, lone_food, illustrated).total == 1
    food_on_minus_one = pairs_of([("G", "G+1 food"), ("W", "W-1")])
    assert score_seat(data, food_on_minus_one, illustrated).total == 0      # no gain: kept
    assert score_seat(data, food_on_minus_one, OPTIONS).total == 1
    two_foods = pairs_of([("G", "G+1 food"), ("O", "O+1 food"), ("W", "W-1"), ("K", "K-2"),
                          ("B", "B-2")])
    assert score_seat(data, two_foods, OPTIONS).food_discards == (-2, -2)  # E12
    coins = pairs_of([("O", "O+2 coin"), ("B", "B+2 coin"), ("O", "O+3")])
    s = score_seat(data, coins, OPTIONS)                                      # E13
    assert (s.coin_value, s.coins, s.total) == (2, 2, 2 + 2 + 3 + 4)
    assert score_seat(data, coins, illustrated).total == 3 + 4


def test_symbols_require_cat_symbol_option():
    data = kotatsu_data()
    coins = pairs_of([("O", "O+2 coin"), ("O", "O+3")])
    strict = {**OPTIONS, "symbols_require_cat_symbol": True}
    assert score_seat(data, coins, OPTIONS).coins == 1
    assert score_seat(data, coins, strict).coins == 0                      # plain cats carry none
    marked = small_data(cat_symbol=tuple("gold_coin" if i % 5 == 0 else None
                                         for i in range(data.cats)))
    coin_cat = data.cat_colour.index(2)                                     # first orange cat
    assert score_seat(marked, [(coin_cat, cushion("O+2 coin"))], strict).coins == 1
    assert score_seat(marked, [(coin_cat + 1, cushion("O+2 coin"))], strict).coins == 0


def test_options_table_is_complete():
    keys = {o.key: o for o in GAME.options()}
    assert set(keys) == {"scoring_mode", "coin_tie_mode", "one_pair_category",
                         "collection_bonus_mode", "single_card_discard",
                         "symbols_require_cat_symbol", "picker_memory_aid"}
    assert keys["scoring_mode"].default == "text_bonus" and keys["single_card_discard"].default is False
    with pytest.raises(ValueError):
        GAME.new_state(2, {"scoring_mode": "bogus"})
    with pytest.raises(ValueError):
        GAME.new_state(5)


def finished(p1, p2):
    state = GAME.new_state(2, None, 0)
    state.collected = [[(c, cu, -1) for c, cu in pairs_of(p)] for p in (p1, p2)]
    state.finish("lucky", [])
    return state.outcome()


def test_rule_40_more_cats_break_a_tie_on_points():
    out = finished([("O", "O+3"), ("G", "G-1")], [("W", "W+3"), ("K", "K+3"), ("B", "B-2"), ("C", "C-2")])
    assert out.scores == (2, 2) and out.winner == 1 and out.detail["tie_break"]
    assert out.why == Reason.of("win_on_cats", end="lucky", seat=1, seats=(0, 1), points=2, cats=4)


def test_rule_40_a_tie_on_points_and_cats_is_a_shared_win():
    out = finished([("O", "O+3"), ("G", "G-1")], [("W", "W+3"), ("K", "K-1")])
    assert out.scores == (2, 2) and out.winner is None
    assert out.why == Reason.of("shared", end="lucky", seats=(0, 1), points=2, cats=2)
    assert out.detail["winners"] == ["P1", "P2"]


def test_e17_moves_name_no_edge_a_player_plays_only_to_their_own():
    state = position(2, hands={"P1": ["O1", "G1", "K1"]})
    state.apply(Play(0, ("O1",)))
    assert len(state.edges[0][0]) == 1 and state.edges[0][1] == []


def test_random_seeded_games_reach_every_end_rule_and_both_scorings():
    data = kotatsu_data()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state(2, {"scoring_mode": "illustrated"}, seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        assert state.end == "lucky" and state.lucky_drawn == data.lucky_total
