"""Keepalive pings only on quiet lines (``quiet_keepalive``), on loopback with short intervals:
a line that keeps talking is never pinged, a quiet one is pinged and stays open while it
answers, a peer that never answers is closed one interval and one timeout after it fell silent
(give or take a sweep), no line has a keepalive task of its own, and the server's listener
makes its lines so and sweeps them."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.protocol import State

from catgames.net import listening
from catgames.net.fast_read import FastReadLine
from catgames.net.quiet_keepalive import QuietKeepaliveLine, sweep
from catgames.net.server import Config
from tests.net.raw import bare_line

INTERVAL_S = 0.3
TIMEOUT_S = 0.3
SWEEP_S = 0.05
RUN_S = 1.5  #: five intervals


class CountedLine(QuietKeepaliveLine):
    """A quiet-keepalive line that counts the pings it sends (``pings``: the class's list)."""

    pings: list[CountedLine] = []

    async def ping(self, data: Any = None) -> Any:
        self.pings.append(self)
        return await super().ping(data)


async def _swallow(ws: ServerConnection) -> None:
    async for _ in ws:
        pass


async def _serving(client: Any) -> Any:
    CountedLine.pings = []
    async with serve(_swallow, "127.0.0.1", 0, ping_interval=INTERVAL_S, ping_timeout=TIMEOUT_S,
                     create_connection=CountedLine) as server:
        sweeping = asyncio.get_running_loop().create_task(sweep(lambda: server.connections, SWEEP_S))
        try:
            return await asyncio.wait_for(client(next(iter(server.sockets)).getsockname()[1], server), 10)
        finally:
            sweeping.cancel()


def test_a_line_that_keeps_talking_is_never_pinged_and_a_quiet_one_is_and_stays_open():
    async def talking(port: int, server: Any) -> tuple[int, State]:
        async with connect(f"ws://127.0.0.1:{port}", ping_interval=None) as ws:
            for _ in range(int(RUN_S / 0.05)):  # a frame every 0.05 s, far within an interval
                await ws.send("move")
                await asyncio.sleep(0.05)
            return len(CountedLine.pings), ws.state

    async def quiet(port: int, server: Any) -> tuple[int, State]:
        async with connect(f"ws://127.0.0.1:{port}", ping_interval=None) as ws:
            await asyncio.sleep(RUN_S)  # the client library answers each ping with a pong
            return len(CountedLine.pings), ws.state

    assert asyncio.run(_serving(talking)) == (0, State.OPEN)
    pinged, state = asyncio.run(_serving(quiet))
    assert pinged >= 2 and state is State.OPEN


def test_a_peer_that_never_answers_a_ping_is_closed_after_an_interval_and_a_timeout():
    async def deaf(port: int, server: Any) -> tuple[bytes, float, list[Any]]:
        reader, writer = await bare_line(port)
        opened = asyncio.get_running_loop().time()
        tasks = [line.keepalive_task for line in server.connections]  # none: the sweep pings
        heard = await reader.read()  # until the server closes the line: no pong is ever sent
        writer.close()
        return heard, asyncio.get_running_loop().time() - opened, tasks

    heard, after, tasks = asyncio.run(_serving(deaf))
    assert tasks == [None]
    assert heard[0] == 0x89  # a ping (FIN, opcode 9) came first, then the close
    assert len(CountedLine.pings) == 1 and INTERVAL_S + TIMEOUT_S - 0.05 <= after < 5


def test_the_servers_listener_makes_fast_reading_quiet_keepalive_lines_and_sweeps_them(monkeypatch: Any, tmp_path: Any) -> None:
    made: dict[str, Any] = {}
    swept: list[Any] = []

    class FakeListener:
        sockets = [type("Socket", (), {"getsockname": lambda self: ("127.0.0.1", 1)})()]
        connections = {"a line"}

        async def __aenter__(self) -> FakeListener:
            return self

        async def __aexit__(self, *exc: object) -> None:
            return None

    def fake_serve(*args: Any, **options: Any) -> FakeListener:
        made.update(options)
        return FakeListener()

    async def fake_sweep(lines: Any) -> None:
        swept.append(lines())
        os.kill(os.getpid(), 15)  # SIGTERM: the server stops as it would

    monkeypatch.setattr(listening, "serve", fake_serve)
    monkeypatch.setattr(listening, "sweep", fake_sweep)
    config = Config(data=tmp_path, port=0)
    asyncio.run(listening.run(config, lambda url: None))
    assert made["create_connection"] is FastReadLine and issubclass(FastReadLine, QuietKeepaliveLine)
    assert swept == [{"a line"}]
