"""A bed game survives autosave and Continue exactly; a tampered save is refused, not trusted."""

from __future__ import annotations

import random

import pytest

from catgames.core import storage
from catgames.core.session import Match, SaveError


def played_match(moves: int, side: str = "B") -> Match:
    match = Match.new("bed", 2, ["human", "ai:hard"], {"side": side}, seed=8)
    rng = random.Random(8)
    for _ in range(moves):
        match.play(rng.choice(match.state.legal_moves()))
    return match


def test_a_save_and_continue_resume_the_exact_position(catgames_home):
    match = played_match(7)
    path = storage.write_save("bed", match.to_dict())
    loaded = storage.load_checked(path, Match.from_dict)
    assert loaded.problem is None
    again = loaded.value
    assert again.state.to_dict() == match.state.to_dict()
    assert again.seats == match.seats and again.options == {"side": "B"}
    assert sorted(map(str, again.state.legal_moves())) == sorted(map(str, match.state.legal_moves()))


def test_undo_after_reload_goes_back_to_the_human_move(catgames_home):
    match = played_match(4)
    again = Match.from_dict(match.to_dict())
    before = again.state.to_dict()["placements"]
    assert again.undo_last_human_turn()
    after = again.state.to_dict()["placements"]
    assert len(after) < len(before) and before[:len(after)] == after


def test_a_save_whose_position_disagrees_with_its_moves_is_refused():
    data = played_match(5).to_dict()
    data["position"]["placements"][0]["digit"] = 9 if data["position"]["placements"][0]["digit"] != 9 else 8
    with pytest.raises(SaveError):
        Match.from_dict(data)


def test_a_save_with_an_impossible_move_is_refused(catgames_home):
    data = played_match(3).to_dict()
    data["moves"][1] = "9 rot0 @ (40,40)"
    path = storage.write_save("bed", data)
    loaded = storage.load_checked(path, Match.from_dict)
    assert loaded.value is None and loaded.problem is not None
    assert list(catgames_home.rglob("*.bad")), "the broken save is kept aside"
