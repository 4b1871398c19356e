"""Match: playing, undo by replay, and saves that round-trip or fail with a readable SaveError."""

from __future__ import annotations

import pytest
import yaml

from catgames.core.rules import IllegalMove
from catgames.core.session import Match, SaveError
from tests.ui.toygame import GAME, HIDDEN_GAME, Mark, load, vs_ai


def test_play_records_moves_and_events():
    m = vs_ai()
    events = m.play(Mark(4))
    assert m.moves == ["c4"] and events[0].kind == "placed"
    assert m.history[0].seat == 0 and m.state.to_move == 1


def test_illegal_move_raises_with_reason_and_changes_nothing():
    m = vs_ai()
    m.play(Mark(4))
    with pytest.raises(IllegalMove) as info:
        m.play(Mark(4))
    assert info.value.reason.code == "toy_taken"
    assert m.moves == ["c4"]


def test_new_rejects_bad_setup():
    with pytest.raises(ValueError):
        Match.new(GAME, 3, ["human"] * 3)
    with pytest.raises(ValueError):
        Match.new(GAME, 2, ["human", "robot"])
    with pytest.raises(ValueError):
        Match.new(GAME, 2, ["human", "human"], {"move_order": "z"})


def test_undo_takes_back_human_move_and_ai_reply():
    m = vs_ai()
    for cell in (0, 1, 2, 3):
        m.play(Mark(cell))
    assert m.undo_last_human_turn()
    assert m.moves == ["c0", "c1"]
    assert m.state.board[:4] == [0, 1, -1, -1] and m.state.to_move == 0


def test_undo_in_hotseat_takes_back_one_move():
    m = Match.new(GAME, 2, ["human", "human"])
    m.play(Mark(0))
    m.play(Mark(1))
    assert m.undo_last_human_turn() and m.moves == ["c0"]


def test_undo_refused_with_nothing_to_undo():
    m = vs_ai()
    assert m.undo_refusal() == "nothing" and not m.undo_last_human_turn()


def test_undo_with_hidden_information_until_something_is_revealed():
    m = vs_ai(HIDDEN_GAME)
    m.play(Mark(0))
    m.play(Mark(1))                                  # the AI's reply
    assert m.can_undo() and m.undo_last_human_turn() and m.moves == []
    for cell in (0, 1, 4, 2):                         # the human's mark on the centre reveals
        m.play(Mark(cell))
    assert m.undo_refusal() == "revealed" and not m.undo_last_human_turn()
    assert m.moves == ["c0", "c1", "c4", "c2"]
    m.play(Mark(3))
    assert m.undo_last_human_turn() and m.moves == ["c0", "c1", "c4", "c2"]


def test_hidden_information_hotseat_undo_stays_in_ones_own_turn():
    m = Match.new(HIDDEN_GAME, 2, ["human", "human"])
    m.play(Mark(0))
    assert m.undo_refusal() == "turn" and not m.undo_last_human_turn()
    assert m.moves == ["c0"]


def test_save_round_trip_through_yaml():
    m = vs_ai()
    for cell in (4, 0, 8):
        m.play(Mark(cell))
    data = yaml.safe_load(yaml.safe_dump(m.to_dict()))
    assert data["format"] == "catgames-save" and data["version"] == 1
    back = Match.from_dict(data, load)
    assert back.moves == m.moves and back.state.to_dict() == m.state.to_dict()
    assert back.seats == m.seats and back.seed == m.seed and back.options == m.options


@pytest.mark.parametrize("mutate, code, words", [
    (lambda d: d.update(format="something-else"), "not_a_save", "not a catgames save"),
    (lambda d: d.update(version=99), "newer", "newer"),
    (lambda d: d.update(version="one"), "damaged", "version"),
    (lambda d: d.update(game="chess"), "unknown_game", "game this version does not have"),
    (lambda d: d.update(moves=["c4", "c4"]), "damaged", "move 2"),
    (lambda d: d.update(moves=["c4", "zz"]), "damaged", "move 2"),
    (lambda d: d.update(moves=["c0", "c3", "c1", "c4", "c2", "c5"]), "damaged",
     "move 6 ('c5') comes after the end"),
    (lambda d: d.update(seats="human"), "damaged", "seats"),
    (lambda d: d.update(seats=[{"a": [1]}] * 2), "damaged", "set-up"),
    (lambda d: d.update(players=3), "damaged", "set-up"),
    (lambda d: d["position"].update(turn=0), "damaged", "position does not match"),
])
def test_bad_saves_raise_readable_save_errors(mutate, code, words):
    m = vs_ai()
    m.play(Mark(4))
    data = m.to_dict()
    mutate(data)
    with pytest.raises(SaveError) as info:
        Match.from_dict(data, load)
    assert info.value.code == code and words in str(info.value)


def test_non_dict_is_not_a_save():
    with pytest.raises(SaveError):
        Match.from_dict(["a", "list"], load)
