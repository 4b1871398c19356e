"""The server's loop: uvloop's when installed (the server's requirements), asyncio's without."""

from __future__ import annotations

import asyncio
import sys

import pytest

from catgames.net import event_loop


async def _running_loop_module() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_the_server_runs_on_uvloop_where_it_is_installed() -> None:
    pytest.importorskip("uvloop")  # requirements-server.txt installs it except on Windows
    assert event_loop.loop_name() == "uvloop"
    assert event_loop.run(_running_loop_module()).startswith("uvloop")


def test_without_uvloop_the_server_runs_on_asyncios_own_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # ``import uvloop`` now raises ImportError
    assert event_loop.loop_name() == "asyncio"
    assert event_loop.run(_running_loop_module()).startswith("asyncio")
