"""Keepalive pings only on quiet lines, started by one sweep over the server's lines.

The websocket library pings every line every ``ping_interval`` from a task of its own, whatever
the line carries.  At 1,000 tables that was 100 pings a second (each a frame sent, a pong
parsed, a timeout armed, a future resolved) and 2,000 tasks waking in turn, though every line
at a table in play is heard from every few seconds (``bench net`` at 1,000 tables: the sweep
below took 4 % off the server's CPU a move, four pairs side by side, session 48).  Here a line
has no task of its own: ``sweep`` looks the lines over every ``SWEEP_S`` and pings those quiet
for a whole interval.  A line gone without a word (a cable pulled, a computer asleep) is still
closed: nothing is heard from it, so it is pinged at most ``SWEEP_S`` later than the library
would have, and closed when no pong comes within ``ping_timeout``.
"""

from __future__ import annotations

import asyncio
from typing import Callable, Iterable

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode
from websockets.protocol import State

SWEEP_S = 2.0  #: how often the lines are looked over for one gone quiet


class QuietKeepaliveLine(ServerConnection):
    """A server's line pinged (by ``sweep``) only once nothing was heard for an interval."""

    heard_at = 0.0  #: the event loop's time when bytes last came in (or the line opened)

    def data_received(self, data: bytes) -> None:
        self.heard_at = self.loop.time()
        super().data_received(data)

    def start_keepalive(self) -> None:
        """No task of its own: the sweep pings it once it falls quiet."""
        self.heard_at = self.loop.time()

    def due(self, now: float) -> bool:
        """Open, quiet for a whole interval, and no ping of the sweep's still waiting."""
        return (self.ping_interval is not None and self.protocol.state is State.OPEN
                and now - self.heard_at >= self.ping_interval
                and (self.keepalive_task is None or self.keepalive_task.done()))

    async def ping_once(self) -> None:
        """One round of the library's keepalive: a ping, and the line failed if no pong comes
        within ``ping_timeout`` (run as the line's ``keepalive_task``, which the library
        cancels when the line is lost)."""
        try:
            pong = await self.ping()
            if self.ping_timeout is None:
                return
            try:
                async with asyncio.timeout(self.ping_timeout):
                    await pong
            except TimeoutError:
                async with self.send_context():
                    self.protocol.fail(CloseCode.INTERNAL_ERROR, "keepalive ping timeout")
        except Exception:
            self.logger.error("keepalive ping failed", exc_info=True)


async def sweep(lines: Callable[[], Iterable[ServerConnection]], every_s: float = SWEEP_S) -> None:
    """Until cancelled: every ``every_s``, ping each of ``lines()`` gone quiet."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every_s)
        now = loop.time()
        for line in lines():
            if isinstance(line, QuietKeepaliveLine) and line.due(now):
                line.keepalive_task = loop.create_task(line.ping_once())
