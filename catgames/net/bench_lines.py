"""The lines a bench's load clients hold: a table created by one line and joined by another,
both seats there, and each seat's way back after a drop (as a player's app comes back).  Shared
by ``bench net``'s clients (``bench``, ``bench_clients``) and the many-process bench's."""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from catgames.net.client import Backoff
from catgames.net.protocol import PROTOCOL
from catgames.net.routing import keyed, order

WAIT_S = 30.0  #: longest wait for one answer


@dataclass
class Routes:
    """Where a bench line connects: one address (a front, or the one server), or each server
    process directly, as a proxy in front of them would route: a line naming a table to the
    process the table ranks first (``routing.ranked``), a line naming none to the next in turn."""

    urls: list[str]
    _turn: itertools.count[int] = field(default_factory=itertools.count)

    def to(self, table: str | None) -> str:
        return keyed(self.urls[order(table, len(self.urls), next(self._turn))[0]], table)


async def open_line(url: str) -> ClientConnection:
    ws = await connect(url, max_size=1 << 20, open_timeout=WAIT_S, proxy=None)  # loopback: no proxy looked up
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL}))
    await next_message(ws, "welcome")
    return ws


async def next_message(ws: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(50):  # orjson: the stdlib's decoder took ~6 % of the load generator's CPU
        # in a restart (profiled), when every line reads its whole update
        message = orjson.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
        if message["type"] == "error":
            raise RuntimeError(f"the server refused: {message['message']}")
        if message["type"] == kind:
            return dict(message)
    raise RuntimeError(f"no {kind} from the server")


@dataclass
class BenchTable:
    """A table's two lines, keyed by seat, the last update each was sent and each seat's token."""

    game: str
    id: str
    lines: dict[int, ClientConnection]
    updates: dict[int, dict[str, Any]]
    tokens: dict[int, str]
    resumed: float | None = None  #: restart: when its first move after the restart was seen
    down: bool = False  #: restart: a line of it was cut

    def played(self) -> None:
        """A move of it was seen through: the first since its lines were cut marks it back."""
        if self.down and self.resumed is None:
            self.resumed = time.monotonic()

    async def sit_again(self, routes: Routes, backoff: Backoff) -> None:
        """Both lines again, as the two players' apps do after a drop, each on its own."""
        self.down = True
        await self.come_back(routes, backoff)

    async def come_back(self, routes: Routes, backoff: Backoff) -> None:
        """Each line closed and opened again, naming the table (``routing``), and its seat taken."""
        for line in self.lines.values():
            await line.close()
        await asyncio.gather(*(self._come_back(routes, backoff, seat, token) for seat, token in self.tokens.items()))

    async def _come_back(self, routes: Routes, backoff: Backoff, seat: int, token: str) -> None:
        """One player's app after a drop (``NetClient``): the backoff's waits, then ``sit``."""
        for attempt in range(1, backoff.tries + 1):
            await asyncio.sleep(backoff.delay(attempt))
            try:
                line = self.lines[seat] = await open_line(routes.to(self.id))
                await line.send(json.dumps({"type": "sit", "table": self.id, "token": token}))
                self.updates[seat] = await next_message(line, "update")
                return
            except (OSError, ConnectionClosed, TimeoutError):
                continue
        raise RuntimeError(f"table {self.id}: the server did not come back")


def create_message(game: str, seed: int | None = None) -> dict[str, Any]:
    """The ``create`` of a table of two remote seats (dealt from ``seed``, by a test server)."""
    message: dict[str, Any] = {"type": "create", "game": game, "players": 2,
                               "seats": [{"kind": "human"}, {"kind": "human"}]}
    return message if seed is None else {**message, "seed": seed}


async def open_table(routes: Routes, game: str, seed: int | None = None, routed: bool = False) -> BenchTable:
    """A table created by one line and joined by another (each the next of ``routes`` in turn:
    with many processes, the two seats on two of them), both seats there.  ``routed`` (``serve
    --routed``): the servers close each line once it is told its table, and both come back
    naming it."""
    first = await open_line(routes.to(None))
    await first.send(json.dumps(create_message(game, seed)))
    created = await next_message(first, "created")
    updates = {} if routed else {created["seat"]: await next_message(first, "update")}
    second = await open_line(routes.to(None))
    await second.send(json.dumps({"type": "join", "code": created["codes"][0]}))
    seated = await next_message(second, "seated")
    table = BenchTable(game, created["table"], {created["seat"]: first, seated["seat"]: second}, updates,
                       {created["seat"]: created["token"], seated["seat"]: seated["token"]})
    if routed:
        await table.come_back(routes, Backoff())
        return table
    updates[seated["seat"]] = await next_message(second, "update")
    for _ in range(50):  # the creator is told the joiner is there
        updates[created["seat"]] = await next_message(first, "update")
        if set(updates[created["seat"]]["presence"]) == {"here"}:
            break
    return table
