"""A server process's event loop (``net.loop``): uvloop's, which requirements.txt installs
everywhere but Windows."""

import asyncio
import sys

import pytest

from catgames.net.loop import run_loop


async def _loop_module() -> str:
    await asyncio.sleep(0)
    return type(asyncio.get_running_loop()).__module__


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop does not exist on Windows; asyncio's loop serves there")
def test_a_server_process_runs_on_uvloop() -> None:
    assert run_loop(_loop_module()).startswith("uvloop")
