"""data/boxes.yaml is validated with readable errors; position files are read with readable errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from catgames.ai.presets import ladder
from catgames.core.data import DataError
from catgames.games.boxes.ai import weights
from catgames.games.boxes.components import load_boxes_data
from catgames.core.position import PositionError
from catgames.games.boxes.game import GAME
from catgames.ui.rules_summary import load_rules, rules_path
from tests.helpers import mutated_data


def write(tmp_path: Path, mutate) -> Path:
    return mutated_data(tmp_path, "boxes.yaml", mutate)


def test_shipped_data_rules_summary_and_ai_presets_load():
    data = load_boxes_data()
    assert set(data.presets) == {"small", "standard", "large"}
    assert load_rules(rules_path("boxes")).title == "If It Fits"
    assert weights().rollout_sample >= 1
    assert set(ladder(GAME)) == {"random", "easy", "normal", "hard"}


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["box_cards"][0].__setitem__("pattern", "..."), "box_cards.0.pattern: '...' is not an edge pattern"),
    (lambda d: d["box_cards"][0]["toys"].append(1), "box_cards: holds 73 cards, expected 72"),
    (lambda d: d["box_cards"][1].__setitem__("pattern", "####"), "box_cards.1.pattern: a card with four walls"),
    (lambda d: d["box_cards"][2].__setitem__("pattern", "##.."), "box_cards.2.pattern: another class"),
    (lambda d: d["table"]["presets"]["small"].__setitem__("cols", 5), "table.presets.small.cols: 5 columns"),
    (lambda d: d["scoring"]["open_boxes"].__setitem__("default", "most"), "scoring.open_boxes.default: 'most'"),
    (lambda d: d.__setitem__("rotations", [0, 90]), "rotations: expected 0 and optionally 180"),
    (lambda d: d["princess_cards"].__setitem__("count", 6), "draw_pile_total: the cards listed make 81"),
    (lambda d: d.pop("hand_size"), "(top level): missing key 'hand_size'"),
])
def test_bad_data_names_the_key_path(tmp_path, mutate, message):
    path = write(tmp_path, mutate)
    with pytest.raises(DataError) as err:
        load_boxes_data(path)
    assert message in str(err.value)


@pytest.mark.parametrize("doc, message", [
    ({"game": "bed"}, "game: expected 'boxes'"),
    ({"game": "boxes", "players": 6}, "players: 6 is out of range 2..5"),
    ({"game": "boxes", "players": 2, "to_move": "P3"}, "to_move: unknown seat 'P3'; expected one of P1, P2"),
    ({"game": "boxes", "players": 2, "to_move": "P1", "cards": ["(6,4) #### t0"]},
     "cards.0: no card shows #### with 0 toys"),
    ({"game": "boxes", "players": 2, "to_move": "P1", "cards": ["(13,4) #.## t0"]},
     "cards.0: (13,4) is not on the 13x11 table"),
    ({"game": "boxes", "players": 2, "to_move": "P1", "cards": ["(6,4) #.## t0", "(6,5) #.## t0"],
      "cats": ["P1@(6,4)"]}, "cats.0: no cat can lie on (6,4)-(6,5): wall_seam"),
    ({"game": "boxes", "players": 2, "to_move": "P1", "discards": ["PRINCESS"] * 6},
     "there are 6 'PRINCESS' cards"),
    ({"game": "boxes", "players": 2, "to_move": "P1", "step": "cat"}, "played: step 'cat' needs"),
    ({"game": "boxes", "players": 2, "to_move": "P1", "deck": 0}, "the end phase must be on"),
    ({"game": "boxes", "players": 2, "to_move": "P1", "options": {"open_boxes": "most"}}, "options:"),
])
def test_bad_positions_are_reported(doc, message):
    with pytest.raises(PositionError) as err:
        GAME.state_from_dict(doc)
    assert message in str(err.value)


def test_hand_written_position_deals_the_rest():
    state = GAME.state_from_dict({"game": "boxes", "players": 3, "to_move": "P2",
                                  "cards": ["(6,5) ..## t0 start"], "hands": {"P2": ["PRINCESS"]},
                                  "deck": 10})
    assert [len(h) for h in state.hands] == [2, 1, 2] and len(state.deck) == 10
    assert state.supply == [5, 5, 5] and state.to_move == 1
