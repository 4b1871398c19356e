"""The AI's seed is the match's own, apart from the deal's, and it survives a save."""

from __future__ import annotations

import pytest

from catgames.core.session import Match, SaveError


def test_the_ai_seed_is_saved_and_read_back():
    match = Match.new("kotatsu", 2, ["human", "ai:hard"], {}, seed=5, ai_seed=977)
    saved = match.to_dict()
    assert saved["ai_seed"] == 977 and saved["seed"] == 5
    again = Match.from_dict(saved)
    assert again.ai_seed == 977 and again.ai_request_seed() == match.ai_request_seed()


def test_the_ai_seed_does_not_follow_the_deal():
    same_deal = [Match.new("days", 2, ["ai:easy"] * 2, {}, seed=5, ai_seed=s) for s in (1, 2)]
    assert same_deal[0].state.to_dict() == same_deal[1].state.to_dict()
    assert same_deal[0].ai_request_seed() != same_deal[1].ai_request_seed()


def test_a_save_from_before_the_ai_seed_still_loads():
    saved = Match.new("bed", 2, ["human", "ai:easy"], {}, seed=3, ai_seed=8).to_dict()
    del saved["ai_seed"]
    assert Match.from_dict(saved).ai_seed == 0


@pytest.mark.parametrize("bad", ["7", [7], True, 1.5])
def test_a_malformed_ai_seed_is_refused(bad):
    saved = Match.new("bed", 2, ["human", "ai:easy"], {}, seed=3).to_dict()
    saved["ai_seed"] = bad
    with pytest.raises(SaveError, match="ai_seed"):
        Match.from_dict(saved)


def test_after_an_undo_the_ai_is_asked_the_same_question_with_the_same_dice():
    """Undo gives the AI no second throw: playing the same move again asks it the same."""
    match = Match.new("cathood", 2, ["human", "ai:hard"], {}, seed=3, ai_seed=11)
    move = match.state.legal_moves()[0]
    match.play(move)
    asked = (match.ai_request_seed(), match.state.observe(1).to_dict())
    match.play(match.state.legal_moves()[-1])
    assert match.undo_last_human_turn() and match.history == []
    match.play(move)
    assert (match.ai_request_seed(), match.state.observe(1).to_dict()) == asked
