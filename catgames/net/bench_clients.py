"""The load clients of ``bench net`` (one server and ``--processes``): scripted players, not bots.

A table's game is played ahead of time, before the timing starts: dealt from the seed its
creator asks for (the bench's servers run with ``--test-seeds``), a random legal move at each
turn, each noted with the version it is played at and its seat.  The table is created, joined
and sat at through the websockets library, its messages read whole (not timed).  For the timed
play both lines' sockets are taken over by ``bench_wire`` (RFC 6455 frames written and parsed on
the socket's callbacks), and the play is driven by the loop's callbacks (``_Play``): a timer
sends the seat's recorded move when the version last seen says it is its turn, and as each
line's messages arrive only an update's version is read (``bench_wire.update_version``).  No
rules run, no update is parsed whole, and no coroutine, future or timeout is made per move: the
library's client spent 0.37–0.48 ms of CPU a move (a coroutine per move, a future and a
timeout per message, its frame machinery, a 256 KB buffer mapped and unmapped per read), a
third of what the whole bench needed on a machine whose two cores the clients share with the
servers; on the wires 0.17–0.22 ms (``bench net --processes 1 --tables 1000``), what is left
being the event loop's wake-ups and the sockets' system calls.  What the servers see is
unchanged: real websocket lines, masked frames, pings answered, every move checked (a script
the server did not deal the same way is refused, and the bench fails).  A line the server ends
is taken up again as a player's app does (``ScriptedTable.sit_again``, through the library),
then taken over again.  The full client is ``catgames bot`` (``bot.py``: the app's
AI on each update), used by the bench's recovery measure and by the tests.
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import InvalidHandshake

from catgames.ai.seat import Brain, Worker
from catgames.net.bench_lines import BenchTable, Routes, create_message, open_table
from catgames.net.bench_wire import Wire, take_over, update_version
from catgames.net.client import Backoff
from catgames.net.creation import create_table
from catgames.net.table import NetTable

MOST_SKIPPED = 50  #: messages a client passes over (acks, presence) before it counts the table stalled
WAIT_S = 30.0  #: longest wait for a move's updates
HANDSHAKES = 5  #: tries at reconnecting whose handshake was cut short


@dataclass(frozen=True)
class Step:
    """One recorded move: played at ``version`` by ``seat``."""

    version: int
    seat: int
    move: str


def _no_worker() -> Worker:
    raise RuntimeError("a scripted table has no AI seat to think for")


def script(game: str, seed: int, most: int) -> list[Step]:
    """The game the table ``create_message(game, seed)`` will play: up to ``most`` random legal moves
    (the RNG seeded too), played through the server's own table so that versions and turns
    are the server's."""
    table = NetTable(create_table(create_message(game, seed), test_seeds=True).record, Brain(_no_worker),
                     lambda table_id, writes: None)
    table.attendance.joined(1)  # the second seat is taken (no stand-in plays it)
    table.start()
    rng = random.Random(seed)
    steps: list[Step] = []
    try:
        while not table.match.state.is_over() and len(steps) < most:
            seat, version = table.to_move, table.version
            move = table.take(seat, version, str(rng.choice(table.match.state.legal_moves())))
            steps.append(Step(version, seat, move))
    finally:
        table.close()
    return steps


@dataclass
class ScriptedTable:
    """A table's lines and seat tokens (``seats``: a line cut is taken up again as a player's
    app does), its script, and the version its seats last saw."""

    routes: Routes
    seats: BenchTable
    steps: dict[int, Step]  #: by version
    version: int
    wires: dict[int, Wire] = field(default_factory=dict)  #: by seat: its line, taken over for the play

    @property
    def lines(self) -> dict[int, ClientConnection]:
        return self.seats.lines

    async def sit_again(self) -> None:
        """Both lines again (a process counted dead, a table taken over): the app's backoff,
        ``sit``, and the version of the resync (parsed whole: it is rare).  A handshake cut
        short (an overloaded front or server) is tried again a few times."""
        for _ in range(HANDSHAKES):
            try:
                await self.seats.sit_again(self.routes, Backoff())
                break
            except InvalidHandshake:
                continue
        else:
            raise RuntimeError(f"table {self.seats.id}: no handshake in {HANDSHAKES} tries")
        self.version = int(self.seats.updates[0]["version"])

    async def close(self) -> None:
        """Each line closed: by its wire if it was taken over, else by the library."""
        for seat, line in self.lines.items():
            wire = self.wires.pop(seat, None)
            await (line.close() if wire is None else wire.close())


async def open_scripted(routes: Routes, game: str, seed: int, most: int, routed: bool = False) -> ScriptedTable:
    """A table created and joined through ``routes`` (fully parsed: not timed), and its script."""
    steps = script(game, seed, most)
    seats = await open_table(routes, game, seed, routed)
    version = int(next(iter(seats.updates.values()))["version"])
    return ScriptedTable(routes, seats, {s.version: s for s in steps}, version)


async def play_scripted(table: ScriptedTable, interval_s: float, until: Callable[[], float],
                        latencies: list[float], rng: random.Random) -> None:
    """Every ``interval_s`` the seat whose turn it is at the version last seen sends its
    recorded move; the time until the other seat's update is noted.  Until ``until()`` (read
    as each move is due) or the script's end.  A line the server ends (a process counted
    dead, a table taken over) is taken up again (``ScriptedTable.sit_again``) and the play
    goes on at once."""
    play = _Play(table, interval_s, until, latencies)
    try:
        first_s = rng.uniform(0, interval_s)
        while await play.run(first_s):
            await table.close()
            await table.sit_again()
            first_s = 0.0
    finally:
        await table.close()


class _Play:
    """A table's timed play on its two wires, driven by the loop's callbacks: a timer per move
    sends it, each wire's messages are read as they arrive; no coroutine, future or timeout
    per move."""

    def __init__(self, table: ScriptedTable, interval_s: float, until: Callable[[], float],
                 latencies: list[float]) -> None:
        self.table, self.interval_s, self.until, self.latencies = table, interval_s, until, latencies
        self.loop = asyncio.get_running_loop()
        self.step: Step | None = None  #: the move whose updates are awaited
        self.sent = 0.0  #: when it was sent (``perf_counter``), and by the loop's clock
        self.sent_at = 0.0
        self.waiting = [False, False]  #: by seat: its update past ``step`` not yet seen
        self.skipped = [0, 0]  #: by seat: messages passed over while waiting
        self.timer: asyncio.TimerHandle | None = None
        self.watch: asyncio.TimerHandle | None = None
        self.ended: asyncio.Future[bool] = self.loop.create_future()

    async def run(self, first_s: float) -> bool:
        """Play on both lines until the time or the script is up (``False``) or a line is lost
        (``True``); a refusal or a stall raises."""
        self.ended = self.loop.create_future()
        self.step = None
        for seat, line in self.table.lines.items():
            self.table.wires[seat] = await take_over(line, partial(self._heard, seat), self._lost)
        if not self.ended.done():
            self.timer = self.loop.call_later(first_s, self._due)
            self.watch = self.loop.call_later(WAIT_S, self._watch)
        try:
            return await self.ended
        finally:
            for handle in (self.timer, self.watch):
                if handle is not None:
                    handle.cancel()

    def _due(self) -> None:
        """The next recorded move sent by its seat (or the play ends)."""
        self.timer = None
        if self.ended.done():
            return
        step = self.table.steps.get(self.table.version)
        if step is None or time.monotonic() >= self.until():
            self._end(False)
            return
        self.step, self.waiting, self.skipped = step, [True, True], [0, 0]
        self.sent, self.sent_at = time.perf_counter(), self.loop.time()
        self.table.wires[step.seat].send(
            f'{{"type":"move","version":{step.version},"move":{json.dumps(step.move)}}}'.encode())

    def _heard(self, seat: int, message: bytes) -> None:
        """A message on ``seat``'s line: the move's update there, or passed over."""
        step = self.step
        if self.ended.done():
            return
        try:
            version = update_version(message)
        except RuntimeError as refused:
            self._fail(refused)
            return
        if step is None or not self.waiting[seat]:
            return
        if version is None or version <= step.version:
            self.skipped[seat] += 1
            if self.skipped[seat] > MOST_SKIPPED:
                self._fail(RuntimeError(f"no update past version {step.version}"))
            return
        self.waiting[seat] = False
        if seat != step.seat:
            self.latencies.append(time.perf_counter() - self.sent)
            self.table.version = version
            self.table.seats.played()
        if not self.waiting[1 - seat]:
            self.step = None
            self.timer = self.loop.call_later(self.interval_s, self._due)

    def _watch(self) -> None:
        """A move whose updates have not all come ``WAIT_S`` after it was sent stalls the table
        (one timer a table, looked at every ``WAIT_S`` or when the move waited for is due)."""
        now = self.loop.time()
        if self.step is not None and now - self.sent_at >= WAIT_S:
            self._fail(TimeoutError(f"no update past version {self.step.version} in {WAIT_S:g} s"))
            return
        self.watch = self.loop.call_at((self.sent_at if self.step is not None else now) + WAIT_S, self._watch)

    def _lost(self) -> None:
        self._end(True)

    def _end(self, lost: bool) -> None:
        if not self.ended.done():
            self.ended.set_result(lost)

    def _fail(self, error: Exception) -> None:
        if not self.ended.done():
            self.ended.set_exception(error)
