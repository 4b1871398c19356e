"""The load clients of ``bench net --processes``: scripted players, not bots.

A table's game is played ahead of time, before the timing starts: dealt from the seed its
creator asks for (the bench's servers run with ``--test-seeds``), a random legal move at each
turn, each noted with the version it is played at and its seat.  During the timed play a
client runs no rules and parses no update whole: it reads an update's version (the one field
it needs), and the seat whose turn the script says it is at that version sends the recorded
move.  The server checks every move as ever (a script it did not deal the same way would be
refused, and the bench would fail).  So the clients' CPU per move is a few websocket frames,
not the rules and a JSON view: on a machine whose cores the clients share with the servers,
what is measured is the servers.  The full client is ``catgames bot`` (``bot.py``: the app's
AI on each update), used by the bench's recovery measure and by the tests.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from catgames.ai.seat import Brain, Worker
from catgames.net.bench_lines import BenchTable, create_message, open_table
from catgames.net.client import Backoff
from catgames.net.creation import create_table
from catgames.net.table import NetTable

UPDATE, ERROR = '"type":"update"', '"type":"error"'
VERSION = '"version":'
MOST_SKIPPED = 50  #: messages a client passes over (acks, presence) before it counts the table stalled
WAIT_S = 30.0  #: longest wait for one message
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


def version_of(text: str) -> int | None:
    """The version of an update (``None``: the text is no update), read without parsing the
    rest: an update's own ``version`` is its first (only its ``seat``, a number, comes before
    it; its view and log follow).  A refusal raises: a scripted client never expects one."""
    if UPDATE not in text:
        if ERROR in text:
            raise RuntimeError(f"the server refused: {json.loads(text)['message']}")
        return None
    at = text.find(VERSION) + len(VERSION)
    end = at
    while text[end].isdigit():
        end += 1
    return int(text[at:end])


async def _past(line: ClientConnection, version: int) -> int:
    """The version of the first update past ``version`` on ``line``."""
    for _ in range(MOST_SKIPPED):
        seen = version_of(str(await asyncio.wait_for(line.recv(), WAIT_S)))
        if seen is not None and seen > version:
            return seen
    raise RuntimeError(f"no update past version {version}")


async def _timed(line: ClientConnection, version: int, sent: float, latencies: list[float]) -> int:
    """``_past``, its wait since ``sent`` noted."""
    seen = await _past(line, version)
    latencies.append(time.perf_counter() - sent)
    return seen


@dataclass
class ScriptedTable:
    """A table's lines and seat tokens (``seats``: a line cut is taken up again as a player's
    app does), its script, and the version its seats last saw."""

    url: str
    seats: BenchTable
    steps: dict[int, Step]  #: by version
    version: int

    @property
    def lines(self) -> dict[int, ClientConnection]:
        return self.seats.lines

    async def sit_again(self) -> None:
        """Both lines again (a process counted dead, a table taken over): the app's backoff,
        ``sit``, and the version of the resync (parsed whole: it is rare).  A handshake cut
        short (an overloaded front or server) is tried again a few times."""
        for _ in range(HANDSHAKES):
            try:
                await self.seats.sit_again(self.url, Backoff())
                break
            except InvalidHandshake:
                continue
        else:
            raise RuntimeError(f"table {self.seats.id}: no handshake in {HANDSHAKES} tries")
        self.version = int(self.seats.updates[0]["version"])

    async def close(self) -> None:
        for line in self.lines.values():
            await line.close()


async def open_scripted(url: str, game: str, seed: int, most: int) -> ScriptedTable:
    """A table created and joined through ``url`` (fully parsed: not timed), and its script."""
    steps = script(game, seed, most)
    seats = await open_table(url, game, seed)
    version = int(next(iter(seats.updates.values()))["version"])
    return ScriptedTable(url, seats, {s.version: s for s in steps}, version)


async def play_scripted(table: ScriptedTable, interval_s: float, until: float, latencies: list[float],
                        rng: random.Random) -> None:
    """Every ``interval_s`` the seat whose turn it is at the version last seen sends its
    recorded move; the time until the other seat's update is noted.  Until ``until`` or the
    script's end."""
    await asyncio.sleep(rng.uniform(0, interval_s))
    while time.monotonic() < until and (step := table.steps.get(table.version)) is not None:
        try:
            await _move(table, step, latencies)
        except ConnectionClosed:
            await table.sit_again()
            continue
        await asyncio.sleep(interval_s)
    await table.close()


async def _move(table: ScriptedTable, step: Step, latencies: list[float]) -> None:
    mover, other = table.lines[step.seat], table.lines[1 - step.seat]
    sent = time.perf_counter()
    await mover.send(f'{{"type":"move","version":{step.version},"move":{json.dumps(step.move)}}}')
    told = asyncio.ensure_future(_timed(other, step.version, sent, latencies))
    try:
        await _past(mover, step.version)  # its ack and update (or the refusal, which raises)
        table.version = await told
    finally:
        told.cancel()
