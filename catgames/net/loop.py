"""The event loop a server process (and the bench's load) runs on: uvloop's where it is
installed (Linux, macOS), asyncio's own elsewhere (Windows, where uvloop does not exist).

The server's work per move is mostly small steps of the loop: a frame read, a task woken, two
frames written.  uvloop runs the loop and the sockets' transports in C; ``bench net`` measured
the server's CPU per move with it against asyncio's loop (docs/network.md, "What one server
holds")."""

from __future__ import annotations

import asyncio
from typing import Any, Coroutine, TypeVar

T = TypeVar("T")


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on the fastest loop this computer has."""
    try:
        import uvloop
    except ImportError:  # not on Windows: asyncio's loop serves as well, only slower
        return asyncio.run(main)
    return uvloop.run(main)
