"""Set-up, turn, specials, fights, end and scoring rules (spec 4.1-4.9) and the edge cases of 5."""

from __future__ import annotations

import pytest

from catgames.games.cathood.moves import parse_move
from catgames.games.cathood.game import GAME
from catgames.games.cathood.scoring import score_seat, standings
from tests.games.cathood.helpers import A, B, C, code, cubes, end_turn, moves, play, position, space

#: 2p first-game layout with T07 turned so its dog faces H(1,1) (T06 moves to (1,0))
DOG_GRID = [["T01", "T07 r3", "T02"], ["T06", "T04", "T08"], ["T03", "T09", "T05"]]


# -- set-up (S1-S7) ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("layout", ["random", "first_game"])
def test_setup_components_and_reverse_order_placement(players, layout):
    state = GAME.new_state(players, {"layout": layout, "first_player": "P2"}, seed=5)
    data, shape = state.data, state.data.seats[players]
    assert len(state.tiles) == shape.rows * shape.cols == len(set(state.tiles))
    if layout == "first_game":
        assert state.rots == [0] * len(state.tiles)
    assert [len(r) for r in state.rows] == [3, 3]
    assert len(state.rows[0]) + len(state.decks[0]) == len(data.deck_for(0, players))
    points = [data.park_points[p] for p in state.park_deck[::-1]]
    assert points == sorted(points, reverse=True) and len(points) == (8 if players == 4 else 6)
    assert state.first == B and all(not any(c) for c in state.cubes)
    order = []
    while state.phase == "setup":
        order.append(state.to_move)
        legal = state.legal_moves()
        colours = {m.colour for m in legal}
        assert colours <= {"pink", "blue", "yellow"}
        if order[1:]:
            assert len(colours) == 1
        play(state, str(legal[-1]))
    assert order == [(B - k) % players for k in range(1, players + 1)]
    assert len(set(state.cats)) == players and not any(any(c) for c in state.cubes)
    assert state.to_move == B


def test_setup_placement_rules():
    state = GAME.new_state(2, {"layout": "first_game", "first_player": "P1"})
    assert state.to_move == B
    assert code(state, "place purple V(0,1)") == "not_primary"
    assert code(state, "place pink H(0,0)") == "not_next_to_shop"
    assert code(state, "place pink H(2,2)") == "not_next_to_shop"     # a supermarket does not count
    play(state, "place pink V(0,1)")
    assert code(state, "place blue H(1,2)") == "same_colour"
    assert code(state, "place pink V(0,1)") == "space_taken"
    assert code(state, "linear E 1") == "place_first"
    play(state, "place pink V(0,2)")
    assert state.phase == "play" and state.to_move == A


def test_edge_21_a_colour_with_too_few_spaces_is_not_offered():
    # T01 turned so its butcher faces V(0,2), the same space as T06's: one pink space only
    grid = [["T02", "T06", "T01 r2"], ["T07", "T04", "T08"], ["T03", "T09", "T05"]]
    state = GAME.state_from_dict({"game": "cathood", "players": 2, "phase": "setup", "grid": grid})
    assert [state.data.colours[c] for c in state.offered_colours()] == ["blue", "yellow"]
    assert code(state, "place pink V(0,2)") == "colour_not_offered"


# -- turn structure (T1-T5) -------------------------------------------------------------------
def test_one_disc_per_action_space_and_ending_early():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"}, houses={"T01.W": "P1"})
    assert state.discs_left(A) == 2
    play(state, "rotate (2,2) cw")
    assert code(state, "rotate (2,2) cw") == "action_used"
    assert "end turn" in moves(state)
    events = play(state, "end turn")
    assert [e.kind for e in events][:1] == ["sleep"] and state.turn == B


def test_edge_20_a_lone_disc_can_always_move():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"})
    kinds = {m.kind for m in state.legal_moves()}
    assert {"linear", "diagonal", "rotate", "swap", "end_turn"} <= kinds
    assert "park" not in kinds and "repeat" not in kinds


def test_edge_19_repeat_rules():
    houses = {"T01.W": "P1", "T06.N": "P1", "T02.E": "P1", "T07.E": "P1"}
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"}, houses=houses)
    assert code(state, "repeat linear E 1") == "not_taken_yet"
    with pytest.raises(ValueError):
        parse_move("repeat repeat linear E 1")
    play(state, "linear W 1")
    assert code(state, "repeat linear N 1") == "wrong_street"
    assert {m.kind for m in state.legal_moves()} >= {"repeat"}
    play(state, "repeat linear W 1")
    assert code(state, "repeat linear W 1") == "action_used"


# -- actions (A1-A8) and edge cases 1-7 -------------------------------------------------------------
def test_edge_1_two_lots_facing_one_space():
    state = position({"P1": "V(1,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 3, "blue": 3, "yellow": 3}}},
                     market={"toys": ["TY1"], "buildings": ["B01"]})
    legal = moves(state)
    assert "pet_shop TY1 @ (1,0)" in legal and "building B01 @ (1,1)" in legal
    assert code(state, "pet_shop TY1 @ (1,1)") == "no_lot_here"
    assert code(state, "building B02 @ (1,1)") == "card_not_available"
    assert code(state, "building TY1 @ (1,1)") == "wrong_card_kind"


def test_edge_2_two_parks_touching_one_space_the_player_picks():
    grid = [["T01 r1", "T02", "T06"], ["T07", "T04", "T08"], ["T03", "T09", "T05"]]
    state = position({"P1": "V(0,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"purple": 2, "orange": 2}}},
                     grid=grid, houses={"T07.E": "P1"})
    assert {m for m in moves(state) if m.startswith("park")} == {"park (0,0)", "park (0,1)"}
    play(state, "park (0,1)")
    assert cubes(state, A) == {"purple": 2}


def test_cannot_afford_and_empty_pieces_e3():
    state = position({"P1": "V(1,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 1}}},
                     market={"toys": ["TY1"]})
    assert code(state, "pet_shop TY1 @ (1,0)") == "cannot_afford"
    lots = {"T01.W": "P1", "T06.N": "P1", "T02.E": "P1", "T03.S": "P1", "T09.S": "P1", "T05.S": "P1"}
    full = position({"P1": "V(1,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 3, "purple": 2}}},
                    houses=lots, market={"toys": ["TY1"]})
    assert code(full, "pet_shop TY1 @ (1,0)") == "no_houses"
    no_statues = position({"P1": "H(2,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"purple": 2}}},
                          houses={"T01.W": "P1"}, statues={"T01": "P1", "T02": "P1", "T05": "P1"})
    assert code(no_statues, "park (1,1)") == "no_statues"


def test_edge_5_houses_and_statues_ride_on_a_rotated_tile():
    state = position({"P1": "H(0,0)", "P2": "H(3,0)"}, houses={"T09.N": "P2"}, statues={"T04": "P2"})
    play(state, "rotate (2,1) cw")
    assert state.to_dict()["houses"] == {"T09.N": "P2"} and state.to_dict()["grid"][2][1] == "T09 r1"
    later = position({"P1": "H(0,0)", "P2": "V(2,2)"}, {"P2": {"cubes": {"pink": 2}}},
                     grid=[["T01", "T06", "T02"], ["T07", "T04", "T08"], ["T03", "T09 r1", "T05"]],
                     houses={"T09.N": "P1"}, turn="P2", market={"toys": ["TY1"]})
    assert code(later, "pet_shop TY1 @ (2,1)") == "lot_taken"       # the lot now faces east


def test_edge_6_swap_moves_everything_and_is_blocked_by_your_own_cat():
    state = position({"P1": "V(0,1)", "P2": "H(3,0)"}, houses={"T01.W": "P2"}, statues={"T01": "P2"})
    assert code(state, "swap (0,0) (0,1)") == "cat_between"
    assert code(state, "swap (0,0) (1,1)") == "not_adjacent"
    assert code(state, "swap (0,0) (0,2)") == "not_adjacent"        # not through the teleport
    other = position({"P1": "H(3,2)", "P2": "H(3,0)"}, houses={"T01.W": "P2"}, statues={"T01": "P2"})
    play(other, "swap (0,0) (1,0)")
    assert other.tile_id(3) == "T01" and other.to_dict()["statues"] == {"T01": "P2"}


def test_edge_7_a_bee_turned_towards_the_cat_is_mandatory():
    state = position({"P1": "H(1,2)", "P2": "H(3,0)"}, market={"toys": ["TY1"], "buildings": ["B01", "B02", "B03"]})
    play(state, "rotate (1,2) cw")                                   # T08's bee now faces H(1,2)
    assert state.to_move == A and {m.kind for m in state.legal_moves()} == {"reserve"}
    assert code(state, "end turn") == "decide_first"


def test_edge_7_a_dog_turned_towards_the_cat_chases_it():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"})
    play(state, "rotate (1,0) cw")                                   # T07's dog now faces H(1,0)
    assert state.to_move == A
    neighbours = {m.space for m in state.legal_moves()}
    assert neighbours == {"H(1,1)", "H(1,2)", "V(0,0)", "V(0,1)", "V(1,0)", "V(1,1)"}
    play(state, "dog to H(1,2)")
    assert space(state, A) == "H(1,2)" and cubes(state, A) == {"blue": 1, "yellow": 1}


# -- moves and specials (M1-M5, X1-X4, edge cases 8-16) ------------------------------------------
def test_supermarket_colour_is_the_players_choice_and_limited_by_supply():
    state = position({"P1": "H(2,1)", "P2": "H(3,0)"})
    play(state, "linear E 1")                                        # H(2,2): supermarket
    assert {m.colour for m in state.legal_moves()} == {"pink", "blue", "yellow"}
    play(state, "take yellow")
    assert cubes(state, A) == {"yellow": 1}
    scarce = position({"P1": "H(2,1)", "P2": "H(3,0)"},
                      {"P2": {"cubes": {"pink": 12}}, "P1": {"cubes": {"blue": 12}}})
    scarce.cubes[A] = [0] * 6
    scarce.supply[1] = 0                                             # blue and pink are all gone
    play(scarce, "linear E 1")
    assert cubes(scarce, A) == {"yellow": 1}                        # the only colour left: automatic


def test_edge_11_an_empty_supply_gives_nothing():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"}, {"P2": {"cubes": {"blue": 12}}})
    play(state, "linear E 2")
    assert cubes(state, A) == {"yellow": 1}


def test_edge_12_over_the_cap_return_a_cube_even_the_new_one():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 6, "green": 6}}})
    play(state, "linear E 2")                                        # blue, then yellow
    assert state.to_move == A and {m.kind for m in state.legal_moves()} == {"return"}
    play(state, "return blue")                                       # then yellow: 13 again
    assert sum(state.cubes[A]) == 13 and state.to_move == A
    play(state, "return pink")
    assert cubes(state, A) == {"pink": 5, "green": 6, "yellow": 1}


def test_x1_coffee_up_to_two_trades_of_different_colours():
    state = position({"P1": "V(0,2)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 3}}},
                     market={"toys": [], "buildings": []}, decks={"toys": [], "buildings": []})
    play(state, "linear S 1")                                        # V(1,2): coffee and bee
    legal = moves(state)
    assert "trade pink for pink" not in legal and "trade pink for blue" in legal
    play(state, "trade pink for blue", "trade pink for green")
    assert cubes(state, A) == {"pink": 1, "blue": 1, "green": 1} and state.turn == A
    end_turn(state)
    assert state.turn == B


def test_edge_14_bee_does_nothing_with_a_reservation_or_empty_rows():
    state = position({"P1": "V(0,2)", "P2": "H(3,0)"}, {"P1": {"reserved": "B09"}})
    play(state, "linear S 1")                                        # no cube: no coffee either
    end_turn(state)
    assert state.turn == B and state.data.cards[state.reserved[A]].id == "B09"


def test_x3_bee_reserves_and_resets_its_row():
    state = position({"P1": "V(0,2)", "P2": "H(3,0)"},
                     market={"toys": ["TY1", "TY2", "TY3"], "buildings": ["B01", "B02", "B03"]},
                     decks={"toys": ["TM1", "TM2", "TM3", "TF1"], "buildings": ["B04", "B05"]})
    play(state, "linear S 1", "reserve TY2")
    assert state.to_dict()["boards"]["P1"]["reserved"] == "TY2"
    assert state.to_dict()["market"]["toys"] == ["TM1", "TM2", "TM3"]
    assert state.to_dict()["decks"]["toys"] == ["TF1", "TY1", "TY3"]
    view = state.observe(B).to_dict()
    assert view["decks"]["toys"] == ["?", "TY1", "TY3"] and view["boards"]["P1"]["reserved"] == "TY2"
    buyer = position({"P1": "V(1,1)", "P2": "H(3,0)"}, {"P1": {"reserved": "TY2", "cubes": {"pink": 2, "blue": 1}}},
                     market={"toys": ["TY1"]})
    assert "pet_shop TY2 @ (1,0)" in moves(buyer)
    play(buyer, "pet_shop TY2 @ (1,0)")
    assert buyer.reserved[A] == -1 and score_seat(buyer.data, buyer, A).reserve == 0


def test_edge_8_and_9_dog_move_then_coffee_bee_and_a_fight_at_the_new_space():
    state = position({"P1": "H(1,0)", "P2": "V(1,2)"}, {"P1": {"cubes": {"pink": 2}}, "P2": {"cubes": {"blue": 1}}},
                     grid=DOG_GRID, options={"layout": "first_game", "rps_auto": False},
                     market={"toys": ["TY1"], "buildings": ["B01"]})
    play(state, "linear E 1")                                        # H(1,1): the dog, no cubes
    assert {m.kind for m in state.legal_moves()} == {"dog"}
    play(state, "dog to V(1,2)")
    assert {m.kind for m in state.legal_moves()} >= {"reserve", "trade", "coffee_done"}
    play(state, "reserve B01", "coffee done")
    assert state.to_move == B and {m.kind for m in state.legal_moves()} == {"rps"}


def test_edge_8_a_second_dog_is_ignored():
    grid = [["T11 r3", "T06", "T10", "T02"], ["T07", "T04", "T01", "T08"], ["T03", "T09", "T12", "T05"]]
    state = position({"P1": "V(0,0)", "P2": "H(3,0)", "P3": "H(3,1)"}, players=3, grid=grid)
    play(state, "linear S 1")                                        # V(1,0): T07's dog
    play(state, "dog to H(1,0)")                                     # T11's dog faces H(1,0) too
    end_turn(state)
    assert space(state, A) == "H(1,0)" and state.turn == B


def test_edge_10_passing_an_occupied_space_is_free():
    state = position({"P1": "H(1,0)", "P2": "H(1,1)"})
    play(state, "linear E 2")
    end_turn(state)
    assert state.turn == B and cubes(state, A) == {"blue": 1, "yellow": 1}


def test_edge_13_steal_by_a_cat_at_the_cap():
    state = position({"P1": "H(1,0)", "P2": "H(1,2)"},
                     {"P1": {"cubes": {"pink": 10}}, "P2": {"cubes": {"green": 1}}})
    play(state, "linear E 2", "rps rock", "rps paper")
    assert cubes(state, B) == {} and sum(state.cubes[A]) == 13 and state.to_move == A
    play(state, "return green")
    assert cubes(state, A) == {"pink": 10, "blue": 1, "yellow": 1}


def test_f2_several_cats_fight_in_turn_order_after_the_mover():
    fighters = position({"P1": "H(1,2)", "P2": "H(1,0)", "P3": "H(1,2)"}, players=3, turn="P2",
                        options={"layout": "first_game", "rps_auto": False})
    events = play(fighters, "linear E 2", "rps rock", "rps rock")    # first P3 (after P2), tie
    assert [e.get("defender") for e in events if e.kind == "fight"] == [C]
    assert fighters.to_move == A
    events = play(fighters, "rps rock", "rps rock")
    assert [e.get("defender") for e in events if e.kind == "fight"] == [A]


def test_rps_auto_needs_no_choices():
    state = position({"P1": "H(1,0)", "P2": "H(1,2)"}, {"P2": {"cubes": {"pink": 1}}},
                     options={"layout": "first_game", "rps_auto": True})
    events = play(state, "linear E 2")
    assert any(e.kind == "fight" for e in events)
    assert state.to_move in (A, B)


def test_edge_15_and_16_empty_decks():
    state = position({"P1": "H(2,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 2, "purple": 2}}},
                     market={"toys": ["TY1"], "buildings": []}, decks={"toys": [], "buildings": [], "parks": []})
    play(state, "pet_shop TY1 @ (2,1)", "park (1,1)")
    assert state.rows == [[], []] and state.parks[A] == [] and state.placed_statues[A] == 1
    assert score_seat(state.data, state, A).parks == 0


# -- end and scoring (E1-E3, SC1-SC6, safety valve) -----------------------------------------------
def _nearly_done(turn: str) -> dict:
    return {"houses": {"T01.W": "P1", "T06.N": "P1", "T02.E": "P1", "T03.S": "P1", "T09.S": "P1"},
            "statues": {"T01": "P1", "T02": "P1", "T05": "P1"}, "turn": turn,
            "market": {"toys": ["TY1"]}}


def test_e1_e2_the_round_is_completed_after_the_trigger():
    state = position({"P1": "V(1,1)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 2}}}, **_nearly_done("P1"))
    events = play(state, "pet_shop TY1 @ (1,0)")
    assert any(e.kind == "end_triggered" for e in events) and not state.is_over()
    play(state, "end turn")
    assert state.turn == B and not state.is_over()
    play(state, "end turn")
    assert state.is_over() and state.outcome().detail["end"] == "pieces"


def test_edge_17_trigger_by_the_last_player_ends_the_game_at_once():
    state = position({"P2": "V(1,1)", "P1": "H(3,0)"}, {"P2": {"cubes": {"pink": 2}}},
                     **{**_nearly_done("P2"),
                        "houses": {k: "P2" for k in _nearly_done("P2")["houses"]},
                        "statues": {k: "P2" for k in _nearly_done("P2")["statues"]}})
    play(state, "pet_shop TY1 @ (1,0)", "end turn")
    assert state.is_over()


def test_safety_valve_ends_after_the_last_full_round_and_is_announced():
    data = GAME.new_state(2).data
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"}, round=data.announce_from - 1, turn="P2")
    events = play(state, "end turn")
    assert any(e.kind == "last_rounds" for e in events) and state.analyse()["detail"]["rounds_announced"]
    late = position({"P1": "H(1,0)", "P2": "H(3,0)"}, round=data.max_rounds, turn="P1")
    play(late, "end turn")
    assert not late.is_over()
    play(late, "end turn")
    assert late.is_over() and late.outcome().detail["end"] == "rounds"


def test_sc6_tie_breaks_and_shared_wins():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 1}}}, houses={"T01.W": "P2"})
    scores = state.scores()
    assert scores[A].total == scores[B].total
    assert standings(state.data, scores) == ([B], "houses_placed")
    same = position({"P1": "H(1,0)", "P2": "H(3,0)"})
    assert standings(same.data, same.scores()) == ([A, B], "")
