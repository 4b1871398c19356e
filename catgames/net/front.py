"""A plain TCP front for many server processes, as a reverse proxy (nginx, HAProxy) is in a
real deployment: each new connection goes to the next process in turn that takes it, and its
bytes are passed both ways untouched.  ``routed``: a connection whose request names a table
(``?table=…``) goes to the process that table ranks first (``routing.ranked``, a consistent
hash, as nginx's ``hash $arg_table consistent``), the next one if that one does not answer.
When a process dies its connections close and the
clients, reconnecting to the same address, reach another one.  Bytes are passed by the sockets'
callbacks (``asyncio.Protocol``), with no task or stream between: the front's CPU per move is
what a proxy's must be, little beside the system calls.  For the tests and ``bench net
--processes`` on this computer; ``Front.run`` serves on its own thread."""

from __future__ import annotations

import asyncio
import itertools
import threading
from typing import Any, Callable, cast

from catgames.net.routing import key_of, order

CONNECT_S = 2.0  #: a process that has not answered by then is skipped for this connection
REQUEST_LINE = 8192  #: longest request line read for its table (longer: routed as naming none)


class Front:
    def __init__(self, backends: list[tuple[str, int]], routed: bool = False) -> None:
        self.backends = backends
        self.routed = routed
        self._turn = itertools.count()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._tasks: set[asyncio.Task[Any]] = set()  #: connections to processes being made
        self.port = 0

    def start(self) -> str:
        """Listen on a free loopback port (on a thread of its own); the URL to give clients."""
        ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve(ready)), name="front", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the front did not start")
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout=10)

    async def _serve(self, ready: threading.Event) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        server = await self._loop.create_server(lambda: _Half(self._passed, self.routed), "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        async with server:
            await self._stop.wait()

    def _passed(self, client: "_Half", target: str | None) -> None:
        """A new connection (``target``: its request's, when routed): to the process its table
        ranks first, or, naming none, to the next one in turn; the next one that takes it."""
        assert self._loop is not None
        key = key_of(target) if target is not None else None
        task = self._loop.create_task(self._connect(client, order(key, len(self.backends), next(self._turn))))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _connect(self, client: "_Half", tries: list[int]) -> None:
        assert self._loop is not None
        for i in tries:
            host, port = self.backends[i]
            try:
                _, back = await asyncio.wait_for(self._loop.create_connection(_Half, host, port), CONNECT_S)
            except (OSError, TimeoutError):
                continue
            client.link(back)
            return
        client.close()


class _Half(asyncio.Protocol):
    """One side of a passed connection: its bytes are written to the other side's socket as
    they arrive (no task, no copy), and it stops reading while the other side's socket cannot
    take more (flow control both ways); when either side closes, so does the other."""

    def __init__(self, made: Callable[["_Half", str | None], None] | None = None, routed: bool = False) -> None:
        self._made = made
        self._routed = routed  #: ``made`` told once the request line is read (its target)
        self.transport: asyncio.Transport | None = None
        self.peer: _Half | None = None
        self._early: list[bytes] = []  #: what the client sent before its process was reached
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        if self._made is not None and not self._routed:
            self._made(self, None)

    def link(self, back: "_Half") -> None:
        """Pass this (client) side's bytes to ``back`` and back's to it."""
        self.peer, back.peer = back, self
        if self.closed:
            back.close()
            return
        assert back.transport is not None
        back.transport.writelines(self._early)
        self._early = []

    def data_received(self, data: bytes) -> None:
        if self.peer is None:
            self._early.append(data)
            if self._routed and self._made is not None:
                self._route()
        elif self.peer.transport is not None:
            self.peer.transport.write(data)

    def _route(self) -> None:
        """Once the request line is in: ``made`` is told its target (``GET <target> HTTP/1.1``)."""
        early = b"".join(self._early)
        end = early.find(b"\r\n")
        if end < 0 and len(early) < REQUEST_LINE:
            return
        assert self._made is not None
        made, self._made = self._made, None
        parts = early[:end if end >= 0 else REQUEST_LINE].split(b" ")
        made(self, parts[1].decode("latin-1") if len(parts) == 3 else None)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.peer is not None:
            self.peer.close()

    def close(self) -> None:
        """Closed once what is written to it has gone."""
        if self.transport is not None:
            self.transport.close()

    def pause_writing(self) -> None:
        if self.peer is not None and self.peer.transport is not None:
            self.peer.transport.pause_reading()

    def resume_writing(self) -> None:
        if self.peer is not None and self.peer.transport is not None and not self.peer.closed:
            self.peer.transport.resume_reading()
