"""``python -m catgames bench net``: what one server holds, measured on this computer.

A server process is started on loopback with a throw-away data folder; ``tables`` tables of
two remote seats each make a random legal move every ``interval_s`` (both clients run in this
process, on one event loop).  Reported: move -> the other seat's update latency (p50, p99),
the server's CPU time per move and its memory per idle connection (Linux: from ``/proc``).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from catgames.core.catalogue import load_game
from catgames.net.protocol import PROTOCOL

GAMES = ("kotatsu", "boxes", "cathood", "days")  #: the longer games, so tables rarely end
START_S = 60.0  #: longest wait for the server to listen
IDLE = 200  #: idle connections opened to measure their memory
WAIT_S = 30.0  #: longest wait for one answer


def _proc(pid: int) -> tuple[float, int, float] | None:
    """(CPU seconds, resident KB, of the CPU seconds those in the kernel) of process ``pid``;
    ``None`` where ``/proc`` is missing."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
    tick = os.sysconf("SC_CLK_TCK")
    return (int(stat[11]) + int(stat[12])) / tick, rss, int(stat[12]) / tick


async def _line(url: str) -> ClientConnection:
    ws = await connect(url, max_size=1 << 20)
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL}))
    await _next(ws, "welcome")
    return ws


async def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(50):
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
        if message["type"] == "error":
            raise RuntimeError(f"the server refused: {message['message']}")
        if message["type"] == kind:
            return dict(message)
    raise RuntimeError(f"no {kind} from the server")


@dataclass
class _Table:
    """A table's two lines, keyed by seat, and the last update each was sent."""

    game: str
    lines: dict[int, ClientConnection]
    updates: dict[int, dict[str, Any]]


async def _open(url: str, game: str) -> _Table:
    first = await _line(url)
    await first.send(json.dumps({"type": "create", "game": game, "players": 2,
                                 "seats": [{"kind": "human"}, {"kind": "human"}]}))
    created = await _next(first, "created")
    updates = {created["seat"]: await _next(first, "update")}
    second = await _line(url)
    await second.send(json.dumps({"type": "join", "code": created["codes"][0]}))
    seated = await _next(second, "seated")
    updates[seated["seat"]] = await _next(second, "update")
    for _ in range(50):  # the creator is told the joiner is there
        updates[created["seat"]] = await _next(first, "update")
        if set(updates[created["seat"]]["presence"]) == {"here"}:
            break
    return _Table(game, {created["seat"]: first, seated["seat"]: second}, updates)


async def _play(table: _Table, rng: random.Random, interval_s: float, until: float,
                latencies: list[float]) -> None:
    """Random moves every ``interval_s`` until ``until`` (or the game's end)."""
    rules, updates, lines = load_game(table.game), table.updates, table.lines
    await asyncio.sleep(rng.uniform(0, interval_s))
    while time.monotonic() < until and updates[0]["outcome"] is None:
        mover = updates[0]["to_move"]
        view = updates[mover]
        move = str(rng.choice(rules.state_from_dict(view["view"]).legal_moves()))
        sent = time.perf_counter()
        await lines[mover].send(json.dumps({"type": "move", "version": view["version"], "move": move}))
        updates[1 - mover] = await _next(lines[1 - mover], "update")
        latencies.append(time.perf_counter() - sent)
        updates[mover] = await _next(lines[mover], "update")
        await asyncio.sleep(interval_s)
    for line in lines.values():
        await line.close()


async def _measure(url: str, pid: int, tables: int, seconds: float, interval_s: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    latencies: list[float] = []
    opened = [await _open(url, GAMES[i % len(GAMES)]) for i in range(tables)]
    idle_before = _proc(pid)
    idle = [await _line(url) for _ in range(IDLE)]
    idle_after = _proc(pid)
    for ws in idle:
        await ws.close()
    before = _proc(pid)
    until = time.monotonic() + seconds
    await asyncio.gather(*(_play(table, random.Random(rng.random()), interval_s, until, latencies)
                           for table in opened))
    after = _proc(pid)
    latencies.sort()
    moves = len(latencies)
    result: dict[str, Any] = {"tables": tables, "seconds": seconds, "moves": moves,
                              "latency_ms_p50": round(1000 * latencies[moves // 2], 2) if moves else None,
                              "latency_ms_p99": round(1000 * latencies[min(moves - 1, moves * 99 // 100)], 2)
                              if moves else None}
    if before and after and idle_before and idle_after and moves:
        result["server_cpu_ms_per_move"] = round(1000 * (after[0] - before[0]) / moves, 3)
        result["of_which_kernel_ms"] = round(1000 * (after[2] - before[2]) / moves, 3)
        result["server_rss_kb"] = after[1]
        result["kb_per_idle_connection"] = round((idle_after[1] - idle_before[1]) / IDLE, 1)
    return result


def bench_net(tables: int, seconds: float, interval_s: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Start a server, load it, measure, stop it (whatever happens)."""
    with tempfile.TemporaryDirectory(prefix="catgames-bench-") as data:
        server = subprocess.Popen([sys.executable, "-m", "catgames", "serve", "--port", "0", "--data", data,
                                   "--tables-per-hour", str(tables + 1)],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            line = server.stdout.readline()  # the server's one line (or nothing if it failed)
            if not line.startswith("listening on "):
                raise RuntimeError("the server did not start")
            return asyncio.run(_measure(line.split()[-1], server.pid, tables, seconds, interval_s, seed))
        finally:
            server.terminate()
            try:
                server.wait(timeout=START_S)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
