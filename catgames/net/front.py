"""A plain TCP front for many server processes, as a reverse proxy (nginx, HAProxy) is in a
real deployment: each new connection goes to the next process in turn that takes it, and its
bytes are passed both ways untouched.  When a process dies its connections close and the
clients, reconnecting to the same address, reach another one.  For the tests and ``bench net
--processes`` on this computer; ``Front.run`` serves on its own thread."""

from __future__ import annotations

import asyncio
import itertools
import threading
from contextlib import suppress

CONNECT_S = 2.0  #: a process that has not answered by then is skipped for this connection
CHUNK = 1 << 16


class Front:
    def __init__(self, backends: list[tuple[str, int]]) -> None:
        self.backends = backends
        self._turn = itertools.count()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
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
        server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = server.sockets[0].getsockname()[1]
        ready.set()
        async with server:
            await self._stop.wait()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        first = next(self._turn)
        for i in range(len(self.backends)):
            host, port = self.backends[(first + i) % len(self.backends)]
            try:
                back_reader, back_writer = await asyncio.wait_for(asyncio.open_connection(host, port), CONNECT_S)
            except (OSError, TimeoutError):
                continue
            await asyncio.gather(_pass(reader, back_writer), _pass(back_reader, writer))
            return
        writer.close()


async def _pass(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Bytes from ``reader`` to ``writer`` until either end closes; then both are closed."""
    with suppress(OSError):
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
    writer.close()
    with suppress(OSError):
        await writer.wait_closed()
