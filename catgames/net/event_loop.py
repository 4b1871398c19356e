"""The server's event loop (and its load generators'): uvloop's where it is installed,
asyncio's own elsewhere.

uvloop runs the loop, its sockets and its timers in C, where asyncio's are Python: the server
ran 7.5 % fewer instructions a move on it under callgrind, and used 5 % less CPU a move in three
pairs of ``bench net`` runs (docs/network.md).  It comes with the server's requirements
(``requirements-server.txt``), not the app's: a table hosted for friends needs no such speed,
and uvloop has no Windows build.  Without it the server runs the same on asyncio's loop.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Coroutine, TypeVar

Result = TypeVar("Result")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's new loop, or ``None`` (asyncio's default) where uvloop is not installed."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def loop_name() -> str:
    """The loop a server started here runs on, as the benchmarks report it."""
    return "asyncio" if loop_factory() is None else "uvloop"


def run(main: Coroutine[Any, Any, Result]) -> Result:
    """``asyncio.run(main)`` on the fastest loop installed."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
