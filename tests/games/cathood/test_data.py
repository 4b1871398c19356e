"""data/cathood.yaml loads with the spec's numbers, bad data names its key path, and the
position loader and rules summary report mistakes readably."""

from __future__ import annotations

from pathlib import Path

import pytest

from catgames.core.data import DataError
from catgames.games.cathood.components import load_cathood_data
from catgames.core.position import PositionError
from catgames.games.cathood.game import GAME
from catgames.ui.rules_summary import load_rules, rules_path
from tests.helpers import mutated_data


def test_shipped_data_has_the_spec_numbers():
    data = load_cathood_data()
    assert sum(data.supply) == 60 and data.cap == 12 and len(data.tiles) == 16
    assert [len(data.tiles_for(n)) for n in (2, 3, 4)] == [9, 12, 16]
    assert [len(data.deck_for(0, n)) for n in (2, 3, 4)] == [9, 12, 15]
    assert [len(data.deck_for(1, n)) for n in (2, 3, 4)] == [9, 12, 15]
    assert [data.park_points[p] for p in data.park_deck(2)] == [7, 6, 5, 4, 3, 3]
    assert [data.park_points[p] for p in data.park_deck(4)] == [7, 6, 5, 5, 4, 4, 3, 3]
    assert data.toy_scoring == (-1, 1, 4, 8, 13, 19) and data.reserve_penalty == -3
    assert (data.max_rounds, data.announce_from) == (40, 35)
    assert [(s.houses, s.statues) for s in data.seats.values()] == [(6, 3), (6, 2), (5, 2)]


def test_geometry_counts_match_the_spec():
    for players, size in ((2, 24), (3, 31), (4, 40)):
        assert GAME.new_state(players).geo.size == size


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["tiles"][0]["edges"].__setitem__(1, "shop:cheese"), "tiles.0.edges.1: 'shop:cheese' is not a frontage"),
    (lambda d: d["tiles"][0]["edges"].pop(), "tiles.0.edges: has 3 items, expected 4"),
    (lambda d: d["tiles"][9].__setitem__("min_players", 2), "tiles: 10 tiles are marked for 2 players"),
    (lambda d: d["toy_cards"][0]["cost"].__setitem__("gold", 1), "toy_cards.0.cost.gold: unknown colour 'gold'"),
    (lambda d: d["toy_cards"][0].__setitem__("type", "ball"), "toy_cards.0.type: 'ball' is not one of"),
    (lambda d: d["layouts"]["first_game"][2][0].__setitem__(0, "T12"), "layouts.first_game.2.0.0: T12 is not used with 2 players"),
    (lambda d: d["discs"]["unlocks"][0].__setitem__("action", "nap"), "discs.unlocks.0.action: 'nap' is not one of"),
    (lambda d: d["safety_valve"].__setitem__("announce_from", 41), "safety_valve.announce_from: 41 is out of range 1..40"),
    (lambda d: d["scoring"]["cubes"][1].__setitem__("min", 0), "scoring.cubes: brackets must start at 0 and rise"),
    (lambda d: d["tiles"][5].__setitem__("park", "birch"), "tiles.5: a park tile needs park entrances"),
])
def test_bad_data_is_reported_with_its_key_path(tmp_path: Path, mutate, message):
    path = mutated_data(tmp_path, "cathood.yaml", mutate)
    with pytest.raises(DataError) as err:
        load_cathood_data(path)
    assert message in str(err.value)
    assert str(err.value).startswith(str(path))


@pytest.mark.parametrize("doc, message", [
    ({"game": "bed"}, "game: expected 'cathood'"),
    ({"game": "cathood", "players": 5}, "players: 5 is out of range 2..4"),
    ({"game": "cathood", "cats": {"P1": "X(1,1)"}}, "cats.P1: no space"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)", "P2": "H(0,1)"}, "grid": [["T01", "T02", "T03"]]}, "grid: has 1 items, expected 3"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)", "P2": "H(0,1)"}, "houses": {"T01.N": "P1"}},
     "houses.T01.N: that edge is not a pet shop or building lot"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)", "P2": "H(0,1)"}, "boards": {"P1": {"toys": ["B01"]}}},
     "boards.P1.toys.0: B01 is not a toy card"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)", "P2": "H(0,1)"},
      "boards": {"P1": {"toys": ["TY1"]}}, "market": {"toys": ["TY1"]}}, "TY1 is already at boards.P1.toys"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)", "P2": "H(0,1)"}, "boards": {"P1": {"cubes": {"green": 9}}}},
     "boards.P1.cubes.green: 9 is out of range 0..8"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)", "P2": "H(0,1)"}, "pending": ["nap P1"]}, "pending.0: 'nap P1' is not a step"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)", "P2": "H(0,1)"}, "to_move": "P2"},
     "to_move: the position says P2 but P1 is to act"),
    ({"game": "cathood", "cats": {"P1": "H(0,0)"}, "phase": "play"}, "phase: play needs every cat"),
])
def test_bad_positions_are_reported(doc, message):
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(doc)
    assert message in str(err.value)


def test_rules_summary_loads():
    summary = load_rules(rules_path("cathood"))
    assert summary.title == "Cathood" and len(summary.sections) >= 5
