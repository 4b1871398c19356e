"""The runner's match control with no display: undo, End turn, restart, saves, the finished
game's record, the clock, the pace of a machine's move, a refused move, a failing AI, hints."""

from __future__ import annotations

import random

from catgames.ai.seat import Brain
from catgames.core.runner import (
    AI_FAILED, CONFIRMED, FINISHED, HINT, HINT_UNAVAILABLE, PLAYED, REPLACED, UNDONE, Runner,
)
from catgames.core.seats import seat_players
from catgames.core.session import HUMAN, Match
from tests.core.seating import SyncWorker, new_match, run_out, runner_for


def human_first(game_id: str = "bed", seed: int = 1, **kw) -> tuple[Runner, list, SyncWorker]:
    """A human against the easy AI, the human to move (the AI has answered if it began)."""
    worker = SyncWorker()
    match = new_match(game_id, 2, [HUMAN, "ai:easy"], seed=seed)
    runner, changes = runner_for(match, worker, **kw)
    runner.start()
    runner.step(0.0)
    assert match.state.to_move == 0
    return runner, changes, worker


def test_undo_takes_back_the_human_move_and_the_reply_comes_again_the_same() -> None:
    saved: list[list[str]] = []
    runner, changes, worker = human_first(autosave=lambda m: saved.append(list(m.moves)))
    match = runner.match
    start = list(match.moves)
    move = match.state.legal_moves()[3]
    assert runner.submit(0, move) is None
    runner.step(0.0)
    reply = match.moves[-1]
    assert len(match.moves) == len(start) + 2
    assert runner.undo() is None
    assert match.moves == start and changes[-1].kind == UNDONE and saved[-1] == start
    assert runner.submit(0, move) is None
    runner.step(0.0)
    assert match.moves[-1] == reply  # the AI's seed follows the ply: undo draws nothing new
    assert worker.requests[-1]["seed"] == worker.requests[-2]["seed"]


def test_undo_is_refused_with_the_match_reason() -> None:
    runner, changes, _ = human_first()
    assert runner.undo() == "nothing" and not any(c.kind == UNDONE for c in changes)


def test_a_turn_waits_for_end_turn_and_the_ai_waits_with_it() -> None:
    runner, changes, worker = human_first("days", seed=2)
    runner.set_confirm_turns(True)
    match = runner.match
    for _ in range(20):  # the human's steps until the turn ends and waits
        assert runner.submit(0, match.state.legal_moves()[0]) is None
        if match.awaiting:
            break
    assert match.awaiting and runner.update_for(0).awaiting and not runner.thinking
    asked = len(worker.requests)
    assert [c.kind for c in runner.changes()][-1] == PLAYED  # the steps made are handed on
    assert runner.step(5.0) == [] and len(worker.requests) == asked  # nobody moves meanwhile
    assert runner.confirm_turn() and changes[-1].kind == CONFIRMED and not match.awaiting
    runner.step(0.0)
    assert match.history[-1].seat == 1 and len(worker.requests) == asked + 1
    assert not runner.confirm_turn()  # none waits now


def test_switching_end_turn_off_lets_a_waiting_turn_pass() -> None:
    runner, changes, _ = human_first("days", seed=2)
    runner.set_confirm_turns(True)
    while not runner.match.awaiting:
        runner.submit(0, runner.match.state.legal_moves()[0])
    assert runner.set_confirm_turns(False) and changes[-1].kind == CONFIRMED
    assert not runner.match.awaiting and runner.thinking


def test_restart_deals_again_and_drops_what_was_pending() -> None:
    saved: list[Match] = []
    runner, changes, worker = human_first(autosave=saved.append)
    runner.submit(0, runner.match.state.legal_moves()[0])
    old = runner.match
    runner.restart(seed=77, ai_seed=78)
    assert runner.match is not old and runner.match.seed == 77 and runner.match.ai_seed == 78
    assert runner.match.seats == old.seats and runner.match.names == old.names
    assert runner.match.history == []  # nothing played yet: the AI is asked at the next step
    assert changes[-1].kind == REPLACED and worker.cancelled  # the old match's question dropped
    assert saved[-1] is runner.match and runner.update_for(0).version == runner.version


def test_the_finished_game_is_recorded_once_then_its_save_goes() -> None:
    for recorded in (True, False):
        calls: list[str] = []
        match = new_match("kotatsu", 3, ["ai:easy"] * 3, seed=4)
        runner, changes = runner_for(match, autosave=lambda m: calls.append(f"save {len(m.moves)}"),
                                     on_finish=lambda m: calls.append("record") or recorded)
        run_out(runner)
        assert calls.count("record") == 1 and [c.kind for c in changes].count(FINISHED) == 1
        last = f"save {len(match.moves)}"
        # saved after every move; the last save only once the record is written
        assert calls[-2:] == (["record", last] if recorded else [f"save {len(match.moves) - 1}", "record"])


def test_the_clock_runs_until_the_end() -> None:
    match = new_match("bed", 2, ["ai:easy", "ai:easy"])
    runner, _ = runner_for(match)
    runner.start()
    runner.step(0.25)
    assert match.seconds == 0.25
    run_out(runner)
    before = match.seconds
    runner.step(10.0)
    assert match.seconds == before


def test_a_machine_move_waits_for_the_pace_and_for_the_table() -> None:
    match = new_match("bed", 2, ["ai:easy", "ai:easy"])
    runner, _ = runner_for(match, pace=0.6)
    runner.start()
    assert runner.step(0.5) == [] and runner.step(0.5, hold=True) == []  # 1 s, but held
    assert [c.kind for c in runner.step(0.0)] == [PLAYED]


class Garbling(SyncWorker):
    """A worker whose answers the rules refuse."""

    def poll(self) -> str | None:
        return None if super().poll() is None else "nonsense"


def test_a_refused_move_is_replaced_by_a_seeded_random_legal_move() -> None:
    match = new_match("kotatsu", 3, ["ai:easy"] * 3)
    runner, changes = runner_for(match, Garbling())
    runner.start()
    expected = random.Random(match.ai_request_seed()).choice(match.state.legal_moves())
    runner.step(0.0)
    assert changes[-1].kind == PLAYED and changes[-1].detail == "nonsense"
    assert changes[-1].move == str(expected) == match.moves[-1]


def test_an_ai_that_cannot_start_is_told_and_never_polled() -> None:
    def broken():
        raise OSError("no worker here")

    match = new_match("bed", 2, ["ai:easy", "ai:easy"])
    changes: list = []
    runner = Runner(match, seat_players(match, Brain(broken).seat), on_change=changes.append)
    runner.start()
    assert [c.kind for c in changes if c.kind == AI_FAILED] and "no worker here" in changes[0].detail
    assert runner.step(1.0) == [] and match.history == []


def test_a_hint_is_asked_patiently_for_the_human_and_relayed_not_played() -> None:
    runner, changes, worker = human_first("boxes", seed=3)
    moves = list(runner.match.moves)
    assert runner.ask_hint() is None and runner.hint_thinking
    asked = worker.requests[-1]
    assert asked["patient"] and asked["difficulty"] == "normal" and asked["seat"] == 0
    assert asked["seed"] == runner.match.ai_request_seed()
    assert asked["state"] == runner.match.state.observe(0).to_dict()
    runner.step(0.0)
    hint = changes[-1]
    assert hint.kind == HINT and hint.hint in runner.match.state.legal_moves()
    assert runner.match.moves == moves and not runner.hint_thinking


def test_a_failed_search_gives_no_hint() -> None:
    runner, changes, worker = human_first("boxes", seed=3)
    runner.ask_hint()
    worker.last_error = "search failed"
    runner.step(0.0)
    assert changes[-1].kind == HINT_UNAVAILABLE


def test_hints_between_humans_only_where_the_set_up_allowed_them() -> None:
    for allowed in (False, True):
        match = new_match("bed", 2, [HUMAN, HUMAN], hints=allowed)
        runner, _ = runner_for(match)
        runner.start()
        assert (runner.ask_hint() is None) == allowed


def test_the_local_runner_offers_everything_a_table_drives() -> None:
    """``TableFeed`` is the table's one contract with a match, local or remote: the local
    runner has each of its members, and says which seats are played at this table."""
    from catgames.core.feed import TableFeed
    runner, _, _ = human_first()
    wanted = {name for name in vars(TableFeed) if not name.startswith("_")} | {"pace"}
    assert wanted - set(dir(runner)) == set()
    assert runner.is_local(0) and not runner.is_local(1) and not runner.is_local(7)
    runner.close()
