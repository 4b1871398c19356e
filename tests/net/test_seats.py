"""A dropped seat, the AI stand-in, the move clock and online undo, on one table in the test's
own thread: the clock is injected (no sleeping), the stand-in thinks at once."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import pytest

from catgames.ai.seat import Brain
from catgames.core.rules import NOBODY
from catgames.net.attendance import HERE, OPEN, RECONNECTING, STAND_IN
from catgames.net.creation import create_table
from catgames.net.journal import Journal
from catgames.net.protocol import ProtocolError
from catgames.net.seat_ai import choose
from catgames.net.store import Store
from catgames.net.table import NetTable


class Now:
    """The injected clock."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class InstantWorker:
    """The stand-in's worker, answering at once with a random move from the seat's view."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self._answer: str | None = None

    def request(self, game_id: str, view: dict[str, Any], seat: int, difficulty: str, seed: int,
                *, patient: bool = False) -> None:
        self.asked.append(seat)
        self._answer = choose(game_id, view, seat, "random", seed)

    def poll(self) -> str | None:
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        self._answer = None

    def close(self) -> None:
        self.cancel()


def new_table(game: str = "kotatsu", seed: int = 1, grace: int = 60, clock: str = "off",
              journal: Journal | None = None) -> tuple[NetTable, Now, InstantWorker]:
    created = create_table({"type": "create", "game": game, "players": 2, "grace": grace, "clock": clock,
                            "seats": [{"kind": "human"}, {"kind": "human"}], "seed": seed}, test_seeds=True)
    record = created.record
    record.seats[1] = replace(record.seats[1], token_hash="f" * 64)  # the invite was taken
    now, worker = Now(), InstantWorker()
    if journal is not None:
        journal.store.add_table(record, 0.0)
    table = NetTable(record, Brain(lambda: worker), journal.write if journal else lambda *w: None, clock=now)
    table.joined(0)
    table.joined(1)
    table.start()
    return table, now, worker


def test_a_dropped_seat_is_reconnecting_then_stood_in_after_its_grace_then_handed_back():
    table, now, worker = new_table(grace=60)
    seat = table.to_move
    assert table.presence() == [HERE, HERE]
    now.t += 5
    assert table.left(seat) and table.presence()[seat] == RECONNECTING
    assert table.attendance.next_deadline(now.t) == now.t + 60
    now.t += 59.9
    assert not table.attend() and not table.step() and worker.asked == []
    now.t += 0.1
    assert table.attend() and table.presence()[seat] == STAND_IN
    assert table.attendance.next_deadline(now.t) is None  # nothing left to wake up for
    version = table.version
    assert table.step() and table.version > version and worker.asked == [seat]  # the stand-in moved
    assert table.record.moves[-1][0] == seat
    with pytest.raises(ProtocolError) as refused:
        table.take(1 - seat, table.version - 1, "x")
    assert refused.value.code == "stale"
    assert table.joined(seat) and table.presence() == [HERE, HERE] and table.stood_in == set()


def test_a_table_everyone_left_waits_for_them_and_stands_in_once_one_is_back():
    table, now, worker = new_table(grace=60)
    seat = table.to_move
    table.left(seat)
    table.left(1 - seat)
    now.t += 3600
    assert not table.attend() and table.presence() == [RECONNECTING, RECONNECTING] and worker.asked == []
    assert table.attendance.next_deadline(now.t) is None  # nobody waits: no grace period runs
    assert table.joined(1 - seat)  # back: the seat to move has been gone past its grace
    assert table.presence()[seat] == STAND_IN and table.step() and worker.asked == [seat]


def test_a_seat_never_taken_is_waited_for_not_stood_in():
    created = create_table({"type": "create", "game": "kotatsu", "players": 2,
                            "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}, test_seeds=True)
    now = Now()
    table = NetTable(created.record, Brain(lambda: InstantWorker()), lambda *w: None, clock=now)
    table.joined(0)
    now.t += 10_000
    assert not table.attend() and table.presence() == [HERE, OPEN]


def test_the_move_clock_hands_a_slow_turn_to_the_stand_in_and_back_when_the_turn_passes():
    table, now, worker = new_table(game="bed", clock="2m")
    seat = table.to_move
    assert table.attendance.next_deadline(now.t) == now.t + 120
    now.t += 119.5
    assert not table.attend()
    now.t += 0.5
    assert table.attend() and table.presence()[seat] == STAND_IN
    with pytest.raises(ProtocolError) as refused:  # its player may no longer move for it
        table.take(seat, table.version, str(table.match.state.legal_moves()[0]))
    assert refused.value.code == "not_your_turn"
    assert table.step() and table.to_move == 1 - seat
    assert table.stood_in == set() and table.presence() == [HERE, HERE]  # handed back
    assert table.attendance.next_deadline(now.t) == now.t + 120  # the other seat's clock runs


def test_with_no_clock_a_seat_may_think_for_days():
    table, now, _ = new_table(game="bed")
    now.t += 30 * 86_400
    assert not table.attend() and table.attendance.next_deadline(now.t) is None


def own_step(game: str, seed: int, journal: Journal) -> NetTable:
    """A table where the seat to move has just made a step of a turn still its own."""
    store_less, rng = new_table(game, seed, journal=journal)[0], random.Random(seed)
    for _ in range(400):
        seat, state = store_less.to_move, store_less.match.state
        store_less.take(seat, store_less.version, str(rng.choice(state.legal_moves())))
        if (store_less.to_move, store_less.match.state.turn_of) == (seat, seat) and store_less.match.can_undo():
            return store_less
    raise AssertionError("no turn of several steps")


def test_undo_takes_back_a_step_of_ones_own_turn_and_the_version_still_grows(tmp_path):
    store = Store(tmp_path)

    async def play() -> tuple[NetTable, int, int]:
        journal = Journal(store, lambda lost: set())
        table = own_step("cathood", 7, journal)
        seat, before, moves = table.to_move, table.version, list(table.record.moves)
        with pytest.raises(ProtocolError) as refused:
            table.undo(1 - seat, before)
        assert refused.value.code == "no_undo"
        with pytest.raises(ProtocolError) as refused:
            table.undo(seat, before - 1)
        assert refused.value.code == "stale"
        table.undo(seat, before)
        assert table.record.moves == moves[:-1] and table.version == before + 1
        assert await journal.settled()
        await journal.close()
        return table, seat, before

    try:
        table, seat, before = asyncio.run(play())
        rebuilt = NetTable(store.table(table.id), Brain(lambda: None), lambda *w: None)
        assert rebuilt.version == table.version and rebuilt.record.moves == table.record.moves
        with pytest.raises(ProtocolError) as refused:  # a client that saw the undone step is stale
            table.take(seat, before, str(table.match.state.legal_moves()[0]))
        assert refused.value.code == "stale"
    finally:
        store.close()


def test_undo_is_refused_once_the_turn_has_passed():
    table, _, _ = new_table("bed", 2)
    seat = table.to_move
    table.take(seat, table.version, str(table.match.state.legal_moves()[0]))
    for who in (seat, 1 - seat, NOBODY):
        with pytest.raises(ProtocolError) as refused:
            table.undo(who, table.version)
        assert refused.value.code in ("no_undo", "not_seated")
