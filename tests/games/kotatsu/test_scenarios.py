"""The developer scenarios D1-D7 of the spec (shared/rules/kotatsu_cats.md, section 5.1)."""

from __future__ import annotations

import random

import pytest

from catgames.core.rules import IllegalMove
from catgames.games.kotatsu.components import kotatsu_data
from catgames.games.kotatsu.moves import Pick, Play
from catgames.games.kotatsu.game import GAME
from catgames.games.kotatsu.rules import OVER
from catgames.games.kotatsu.scoring import score_seat, winners
from tests.games.kotatsu.helpers import cat, cushion, position

OPTIONS = GAME.default_options()


def faces(state, seat):
    """Cushion labels of ``seat``'s collected pairs as ``seat`` itself sees them."""
    return [state.data.cushion_label(cu) for _, cu, _ in state.observe(seat).collected[seat]]


# -- D1: category order and 3-player payout -------------------------------------------------------
def test_d1_category_order_and_three_player_payout():
    state = position(3, {1: {"pairs": [{"cat": "O", "cushion": "O+3"}, {"cat": "G", "cushion": "G-2"}],
                             "edges": {"P1": ["O3", "G1", "G2"], "P2": ["O1", "O2", "O3"],
                                       "P3": ["K1", "W1", "B1"]}}})
    detail = state.analyse()["detail"]["kotatsu"][0]
    assert detail["order"] == ["P2", "P1", "P3"]
    assert [detail["seats"][p]["category"] for p in ("P1", "P2", "P3")] == \
        ["cathouse", "four_of_a_kind", "solo_cat"]
    assert state.to_move == 1 and state.legal_moves() == [Pick(0), Pick(1)]
    # only the winner peeks at both faces
    assert [state.data.cushion_label(cu) for _, cu in state.observe(1).pairs[0]] == ["O+3", "G-2"]
    for seat in (0, 2):
        assert [state.data.cushion_label(cu) for _, cu in state.observe(seat).pairs[0]] == ["O?", "G?"]
    events = state.apply(Pick(0))
    assert [e.kind for e in events][:2] == ["pick", "receive"]
    assert faces(state, 1) == ["O+3"] and faces(state, 0) == ["G-2"]
    assert state.collected[2] == []
    # P2 remembers what P1 got; P1 sees only its own; P3 sees neither
    assert state.data.cushion_label(state.observe(1).collected[0][0][1]) == "G-2"
    assert state.data.cushion_label(state.observe(0).collected[1][0][1]) == "O?"
    assert [state.data.cushion_label(c[1]) for s in (0, 1)
            for c in state.observe(2).collected[s]] == ["G?", "O?"]
    assert all(not edge for edge in state.edges[0]) and len(state.discard) >= 9


# -- D2-D4: the tie-breaks -----------------------------------------------------------------------
@pytest.mark.parametrize("cats, p1, p2, stars, winner, decided", [
    (["W", "K"], ["W3", "W2", "B1"], ["K1", "K1", "C3"],
     {"P1": ("three_of_a_kind", 5, 1), "P2": ("three_of_a_kind", 2, 3)}, "P1", "ranking_stars"),
    (["G", "B"], ["G2", "B2", "O3"], ["G1", "B3", "W1"],
     {"P1": ("two_pair", 4, 3), "P2": ("two_pair", 4, 1)}, "P1", "non_ranking_stars"),
])
def test_d2_d3_star_tie_breaks(cats, p1, p2, stars, winner, decided):
    state = position(2, {1: {"pairs": cats, "edges": {"P1": p1, "P2": p2}}})
    detail = state.analyse()["detail"]["kotatsu"][0]
    got = {p: (v["category"], v["ranking_stars"], v["non_ranking_stars"])
           for p, v in detail["seats"].items()}
    assert got == stars
    assert detail["order"][0] == winner and detail["decided_by"] == decided


def test_d4_earlier_completion_and_two_player_payout():
    state = position(2, {1: {"pairs": ["C", "O"], "edges": {"P1": ["C2", "O1", "K2"],
                                                             "P2": ["C1", "O2", "G2"]},
                             "completed": {"P1": 7, "P2": 6}}}, to_move="P1", turn=7)
    detail = state.analyse()["detail"]["kotatsu"][0]
    assert detail["order"] == ["P2", "P1"] and detail["decided_by"] == "earlier"
    assert detail["seats"]["P1"]["ranking_stars"] == detail["seats"]["P2"]["ranking_stars"] == 3
    assert state.to_move == 1
    on_table = list(state.pairs[0])
    state.apply(Pick(1))
    assert [p[:2] for p in state.collected[1]] == [on_table[1]]
    assert [p[:2] for p in state.collected[0]] == [on_table[0]]
    assert state.to_move == 1  # P1 completed the kotatsu on its turn, so P2 plays next


# -- D5: legal plays -------------------------------------------------------------------------------
def test_d5_legal_plays():
    state = position(2, {1: {"edges": {"P1": ["W1", "W2", "W3"]}}, 2: {"edges": {"P1": ["K1"]}},
                         3: {"edges": {"P1": ["K2", "K3"]}}},
                     hands={"P1": ["O1", "G2", "C3"]})
    moves = state.legal_moves()
    assert len(moves) == 6
    assert sorted(str(m) for m in moves) == [
        "play C3 G2 on 2", "play C3 O1 on 2", "play C3 on 3", "play G2 O1 on 2",
        "play G2 on 3", "play O1 on 3"]
    single = GAME.parse_move(state, "play O1 on 2")
    assert state.check(single).code == "wrong_count" and state.check(single).kwargs["allowed"] == "2"
    assert state.check(GAME.parse_move(state, "play O1 on 1")).code == "edge_full"
    with pytest.raises(IllegalMove):
        state.apply(single)


# -- D6: the third lucky cat ends the game ------------------------------------------------------------
def lucky_position(seed: int):
    data = kotatsu_data()
    on_tables = ["O", "O", "W", "K", "B", "C"]
    rest = [c for c in data.colour_ids for _ in range(5)]
    for c in on_tables + ["G"]:
        rest.remove(c)
    collected = {"P1": [{"cat": c} for c in rest[::2]], "P2": [{"cat": c} for c in rest[1::2]]}
    return position(2, {1: {"pairs": ["O", "O"], "edges": {"P1": ["O3", "O2", "W1"],
                                                            "P2": ["K1", "K2", "W2"]}},
                        2: {"pairs": ["W", "K"], "edges": {"P1": ["C3"]}},
                        3: {"pairs": ["B", "C"]}},
                    bag=["G"], lucky_cats={"supply": 0, "bag": 1, "drawn": 2},
                    collected=collected, seed=seed)


def test_d6_third_lucky_cat_ends_the_game_and_only_collected_pairs_score():
    # the refill's first draw is index 0 of [grey cat, lucky cat] for this seed
    seed = next(s for s in range(100) if random.Random(s).randrange(2) == 0)
    state = lucky_position(seed)
    assert state.to_move == 0 and state.data.cushion_label(state.stacks[3][0]).startswith("G")
    before = [len(c) for c in state.collected]
    events = state.apply(Pick(0))
    kinds = [e.kind for e in events]
    assert kinds[-3:] == ["refill", "lucky_cat", "game_over"]
    assert state.phase == OVER and state.end == "lucky" and state.lucky_drawn == 3
    assert [len(c) for c in state.collected] == [before[0] + 1, before[1] + 1]
    assert [state.data.cat_colour[c] for c, _ in state.pairs[0]] == [3]   # the lone grey pair
    out = state.outcome()
    expected = [score_seat(state.data, [p[:2] for p in c], OPTIONS).total for c in state.collected]
    assert list(out.scores) == expected
    assert state.legal_moves() == [] and state.check(Play(1, ("C3",))).code == "game_over"


# -- D7: both scoring modes and the final tie-break ----------------------------------------------------
X = [("O", "O+3"), ("O", "O+2 coin"), ("O", "O-2"), ("G", "G+1 food"), ("G", "G-1"), ("K", "K+3")]
Q = [("W", "W+3"), ("W", "W-1"), ("B", "B+2 coin"), ("B", "B-2"), ("C", "C+3"), ("C", "C-1"),
     ("O", "O+3"), ("G", "G-2")]


def seat_score(pairs, **options):
    return score_seat(kotatsu_data(), [(cat(c), cushion(cu)) for c, cu in pairs],
                      {**OPTIONS, **options})


@pytest.mark.parametrize("options, x, q, winner", [
    ({}, 11, 11, "Q"),
    ({"scoring_mode": "illustrated"}, 8, 9, "Q"),
    ({"coin_tie_mode": "max"}, 11, 7, "X"),
])
def test_d7_scoring_modes_and_cat_tie_break(options, x, q, winner):
    sx, sq = seat_score(X, **options), seat_score(Q, **options)
    assert (sx.total, sq.total) == (x, q)
    best, by_cats = winners([sx, sq])
    assert best == [0 if winner == "X" else 1]
    assert by_cats == (x == q)


def test_d7_breakdowns():
    b = seat_score(X)
    assert (b.printed, b.coin_value, b.coin_points, b.food_discards, b.food_points) == \
        (6, 3, 3, (-2,), 2)
    a = seat_score(X, scoring_mode="illustrated")
    assert (a.printed, a.coin_points, a.food_points) == (4, 3, 1)
    q = seat_score(Q)
    assert (q.printed, q.coin_value, q.sets, q.collection_bonus, q.cats) == (5, 6, 0, 0, 8)
