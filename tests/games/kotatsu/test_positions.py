"""Hand-written positions: omitted parts are dealt from the seed; mistakes get readable errors."""

from __future__ import annotations

import pytest

from catgames.core.position import PositionError
from catgames.games.kotatsu.game import GAME
from catgames.games.kotatsu.rules import PICKING
from tests.games.kotatsu.helpers import position


def test_omitted_parts_are_filled_from_the_seed():
    a, b = position(3, seed=4), position(3, seed=4)
    assert a.to_dict() == b.to_dict() and a.to_dict() != position(3, seed=5).to_dict()
    assert len(a.deck) == 72 - 9 and len(a.bag) == 24 and a.lucky_bag == 1
    assert a.data.cushion_label(a.pairs[0][0][1])[0] == "W"


def test_a_complete_kotatsu_resolves_on_load_and_the_observation_reloads():
    state = position(2, {2: {"edges": {"P1": ["O1", "O2", "O3"], "P2": ["G1", "G2", "G3"]}}})
    assert state.phase == PICKING and state.pending == 1
    view = state.observe(1).to_dict()
    assert view["deck"][0] == "?" and view["hands"]["P1"] == ["?"] * 3
    assert GAME.state_from_dict(view).observe(1).to_dict()["hands"] == view["hands"]


@pytest.mark.parametrize("changes, message", [
    ({"players": 5}, "players: 5 is out of range 2..4"),
    ({"options": {"scoring_mode": "x"}}, "options: option 'scoring_mode'"),
    ({"hands": {"P9": []}}, "hands: unknown seat 'P9'"),
    ({"hands": {"P1": ["O1", "O1", "O1", "O1", "O1"]}}, "hands.P1: has 5 items, expected at most 3"),
    ({"hands": {"P1": ["O1"], "P2": ["O1", "O1", "O1", "O1"]}}, "hands.P2"),
    ({"hands": {"P1": ["X9"]}}, "hands.P1.0: 'X9' is not a card"),
    ({"bag": []}, "bag: 24 wooden cats are nowhere"),
    ({"lucky_cats": {"supply": 3, "bag": 1, "drawn": 0}}, "lucky_cats: supply, bag and drawn"),
    ({"phase": "pick"}, "phase: pick needs a kotatsu"),
    ({"phase": "discard", "played_on": 1}, "needs the option single_card_discard"),
    ({"to_move": "P3"}, "to_move: unknown seat 'P3'; expected one of P1, P2"),
    ({"collected": {"P1": [{"cat": "O", "cushion": "G+3"}]}}, "collected.P1.0.cushion: a O cat"),
    ({"collected": {"P1": [{"cat": "O", "seen_by": "P1"}]}}, "seen_by: expected another seat"),
])
def test_bad_positions_are_reported(changes, message):
    with pytest.raises(PositionError) as err:
        position(**{"players": 2, **changes})
    assert message in str(err.value)


def test_not_a_position():
    with pytest.raises(PositionError, match="game: expected 'kotatsu'"):
        GAME.state_from_dict({"game": "bed"})
    with pytest.raises(PositionError, match="kotatsu: has 0 items, expected 3"):
        GAME.state_from_dict({"game": "kotatsu", "players": 2, "to_move": "P1", "kotatsu": []})
