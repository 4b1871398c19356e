"""The developer scenarios D1-D8 of the spec (section 6.1), on the 2-player first-game layout."""

from __future__ import annotations

from catgames.games.cathood.scoring import score_seat
from catgames.games.cathood.steps import HIDDEN
from tests.games.cathood.helpers import A, B, code, cubes, end_turn, play, position, space


def test_d1_linear_move_collects_shops_and_teleports():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"})
    events = play(state, "linear E 2")
    assert [e.get("path") for e in events if e.kind == "move"] == [("H(1,1)", "H(1,2)")]
    assert space(state, A) == "H(1,2)" and cubes(state, A) == {"blue": 1, "yellow": 1}
    again = position({"P1": "H(1,2)", "P2": "H(3,0)"}, {"P1": {"cubes": {"blue": 1, "yellow": 1}}})
    play(again, "linear E 1")
    assert space(again, A) == "H(1,0)" and cubes(again, A) == {"blue": 1, "yellow": 1}
    fresh = position({"P1": "H(1,0)", "P2": "H(3,0)"})
    assert code(fresh, "linear N 1") == "wrong_street"


def test_d2_diagonal_bounces_off_the_border():
    state = position({"P1": "V(0,1)", "P2": "H(3,0)"})
    events = play(state, "diagonal NE 3")
    path = next(e.get("path") for e in events if e.kind == "move")
    assert path == ("H(0,1)", "V(0,2)", "H(1,2)")
    assert space(state, A) == "H(1,2)"
    assert cubes(state, A) == {"pink": 1, "blue": 1, "yellow": 1}
    points = [state.geo.points[state.geo.space(s)] for s in path]
    assert (points[2][0] - points[1][0], points[2][1] - points[1][1]) == (1, 1)   # now SE


def test_d3_rotation_triggers_only_the_acting_cat():
    state = position({"P1": "H(0,1)", "P2": "V(0,1)"})
    play(state, "rotate (0,1) cw")
    names = {d: state.data.frontage_name(state.frontage(1, d)) for d in range(4)}
    assert names == {0: "shop:vet", 1: "pet_shop", 2: "shop:butcher", 3: "building"}
    assert cubes(state, A) == {"purple": 1} and cubes(state, B) == {}
    geo = state.geo
    assert geo.facing[1][1] == geo.space("V(0,2)") and geo.facing[1][2] == geo.space("H(1,1)")


def test_d4_swap_is_blocked_by_a_cat_between_and_triggers_the_moved_tile():
    state = position({"P1": "V(0,2)", "P2": "V(0,1)"})
    assert code(state, "swap (0,0) (0,1)") == "cat_between"
    state = position({"P1": "V(0,2)", "P2": "H(3,0)"})
    play(state, "swap (0,0) (0,1)")
    assert [state.tile_id(p) for p in (0, 1, 2)] == ["T06", "T01", "T02"]
    assert state.rots[:3] == [0, 0, 0]
    assert cubes(state, A) == {"pink": 1}


def test_d5_first_house_unlocks_park_and_a_disc_in_the_same_turn():
    state = position({"P1": "H(2,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 2, "purple": 2}}},
                     market={"toys": ["TY1", "TM1", "TF1"], "buildings": ["B01", "B02", "B03"]})
    assert code(state, "park (1,1)") == "locked"
    play(state, "pet_shop TY1 @ (2,1)")
    assert state.turn == A and state.discs_left(A) == 1
    play(state, "park (1,1)")
    assert cubes(state, A) == {}
    assert state.score_detail(state.scores())["seats"]["P1"]["toy_counts"] == [1, 0, 0]
    assert state.houses_left(A) == 5 and state.statues_left(A) == 2
    assert [state.data.park_ids[p] for p in state.parks[A]] == ["P1"]
    end_turn(state)
    assert state.turn == B and state.discs_left(A) == 2
    t09, t04 = state.data.tile_index("T09"), state.data.tile_index("T04")
    assert state.houses[t09 * 4 + 0] == A and state.statues[t04] == A
    assert state.data.park_ids[state.park_deck[-1]] == "P2"
    closed = position({"P1": "H(3,0)", "P2": "H(2,1)"}, {"P2": {"cubes": {"pink": 2, "purple": 2}}},
                      houses={"T09.N": "P1", "T01.W": "P2"}, statues={"T04": "P1"}, turn="P2",
                      market={"toys": ["TY1", "TM1", "TF1"]})
    assert code(closed, "pet_shop TY1 @ (2,1)") == "lot_taken"
    assert code(closed, "park (1,1)") == "tree_taken"


def test_d6_fourth_house_unlocks_repeat_and_a_third_disc():
    state = position({"P1": "V(1,1)", "P2": "H(3,2)"}, {"P1": {"cubes": {"blue": 2, "pink": 1}}},
                     houses={"T01.W": "P1", "T06.N": "P1", "T02.E": "P1"},
                     market={"toys": ["TM3", "TY1", "TF1"]})
    assert state.discs_left(A) == 2
    play(state, "pet_shop TM3 @ (1,0)")
    assert state.discs_left(A) == 2                       # disc 1 used, disc 3 gained
    play(state, "linear S 1", "take orange")
    assert space(state, A) == "V(2,1)"
    assert code(state, "linear S 1") == "action_used"
    events = play(state, "repeat linear S 1")
    assert next(e.get("path") for e in events if e.kind == "move") == ("V(0,1)",)
    assert space(state, A) == "V(0,1)"
    assert cubes(state, A) == {"orange": 1, "pink": 1, "purple": 1}
    assert score_seat(state.data, state, A).toy_counts == (0, 1, 0)
    end_turn(state)
    assert state.houses_left(A) == 2 and state.turn == B


def _fight_position():
    state = position({"P1": "H(1,0)", "P2": "H(1,2)"},
                     {"P1": {"cubes": {"blue": 1}}, "P2": {"cubes": {"yellow": 2, "pink": 1}}})
    play(state, "linear E 2")
    assert cubes(state, A) == {"blue": 2, "yellow": 1}
    assert state.to_move == B                              # the defender commits first
    return state


def test_d7_fight_winner_steals_a_cube_of_its_choice():
    state = _fight_position()
    play(state, "rps rock")
    assert state.observe(A).committed == HIDDEN and state.observe(B).committed == 0
    assert state.to_move == A
    events = play(state, "rps paper")
    fight = next(e for e in events if e.kind == "fight")
    assert (fight.get("attacker_choice"), fight.get("defender_choice"), fight.get("winner")) == ("paper", "rock", A)
    assert state.to_move == A
    play(state, "steal pink")
    assert cubes(state, A) == {"blue": 2, "yellow": 1, "pink": 1}
    assert cubes(state, B) == {"yellow": 2}


def test_d7_fight_tie_changes_nothing():
    state = _fight_position()
    play(state, "rps scissors", "rps scissors")
    assert cubes(state, A) == {"blue": 2, "yellow": 1} and cubes(state, B) == {"yellow": 2, "pink": 1}
    assert space(state, A) == space(state, B) == "H(1,2)"


def test_d8_final_scoring_arithmetic():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"},
                     {"P1": {"toys": ["TY1", "TY2", "TF1"], "buildings": ["B05", "B01"],
                             "parks": ["P1", "P5"], "cubes": {"pink": 3, "blue": 3, "yellow": 3},
                             "reserved": "B09"}})
    score = score_seat(state.data, state, A)
    assert sum(score.toys) == 4 and score.buildings == 8 and score.parks == 11
    assert score.cubes == 4 and score.reserve == -3 and score.total == 24
    assert state.analyse()["scores"]["P1"] == 24
