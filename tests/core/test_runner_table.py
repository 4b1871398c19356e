"""What the shared table needs of the runner beyond a human's intents: a stand-in for the seat
to move (a test playing an AI seat's move), and updates that follow a position set up from
outside (a test's, a loaded one's)."""

from __future__ import annotations

from catgames.core.rules import NOBODY, Reason
from catgames.core.runner import PLAYED
from tests.core.seating import new_match, runner_for


def test_play_makes_the_ai_seats_move_checked_once_as_any() -> None:
    runner, changes = runner_for(new_match("bed", 2, ["ai:easy", "human"], seed=3))
    runner.start()
    seat = runner.match.state.to_move
    assert not runner.match.is_human(seat)
    move = sorted(runner.match.state.legal_moves(), key=str)[0]
    assert runner.play(move) is None
    assert [t.move for t in runner.match.history][-1] == str(move)
    assert any(c.kind == PLAYED and c.seat == seat for c in changes)
    played = len(runner.match.history)
    refused = runner.play(move)  # the same tile again: the rules say why, nothing changes
    assert isinstance(refused, Reason) and len(runner.match.history) == played


def test_an_update_follows_a_position_set_up_from_outside() -> None:
    runner, _ = runner_for(new_match("bed", 2, ["human", "human"], seed=3))
    before = runner.update_for(NOBODY)
    runner.match.play(runner.match.state.legal_moves()[0])  # played past the runner (a test)
    after = runner.update_for(NOBODY)
    assert after.ply == before.ply + 1 and after.to_move != before.to_move
    other = new_match("bed", 2, ["human", "human"], seed=4).state
    runner.match.state = other  # a position put in place (a test's, a loaded one's)
    assert runner.update_for(NOBODY).view.to_dict() == other.observe(NOBODY).to_dict()


def test_refresh_reads_a_position_changed_in_place() -> None:
    runner, _ = runner_for(new_match("bed", 2, ["human", "human"], seed=3))
    before = runner.update_for(0).view.to_dict()
    runner.match.state.apply(runner.match.state.legal_moves()[0])  # changed in place, past the match
    assert runner.update_for(0).view.to_dict() == before  # the runner cannot see it by itself
    runner.refresh()
    assert runner.update_for(0).view.to_dict() != before
