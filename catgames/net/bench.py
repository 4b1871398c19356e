"""``python -m catgames bench net``: what one server holds, measured on this computer.

A server process is started on loopback with a throw-away data folder; ``tables`` tables of
two remote seats each make a random legal move every ``interval_s`` (the clients of every
table run in this process, the load generator, on one event loop).  The clients are scripted
(``bench_clients``: each table's game recorded before the timing, a move sent when an update's
version says it is the seat's turn, no rules run and no update parsed whole; the server checks
every move as ever): with clients that chose each move with the rules, the generator's own
loop ran late by up to 35 ms under 1,000 tables and the latency's tail was the generator's.
After a restart each table's two lines come back as the players' apps do (the app's backoff,
``sit``, the resync read whole) and play on from their scripts: full clients there, choosing
every move with the rules, kept the generator's core busy all through the restart (3.2-3.8 s
of its CPU in 3.2-3.9 s), so the measure was theirs.  Reported: move -> the
other seat's update latency (p50, p99), the server's CPU time per move and its memory per idle
connection (Linux: from ``/proc``), and how the figure was taken: on a machine of two or more
cores the server is pinned to one core and the load generator to the others, so the latency is
the server's on one core, not two programs fighting over the same ones; the load average
around the run and the share of its core the generator used (near 100 %: the generator, not
the server, set the pace) say how far to trust it, and so does how late the generator's own
loop woke up (its p99 near the latency's: the latency is the generator's).  The generator's
garbage collector is kept out of the figures (``collector_quiet``).  With ``restart`` the server is killed
(``kill -9``) mid-play and started again on the same folder: reported is how long until every
table has played a move again, counted from the restart, and the CPU time the new server and
the load generator (every player's app reconnecting) spent until then: on a busy machine the
wall-clock time measures the wait for a core, the CPU time what the restart costs.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from catgames.net.bench_clients import open_scripted, play_scripted
from catgames.net.bench_lines import Routes
from catgames.net.bench_lines import BenchTable, open_line
from catgames.net import event_loop
from catgames.net.listening import GC_THRESHOLDS

GAMES = ("kotatsu", "boxes", "cathood", "days")  #: the longer games, so tables rarely end
START_S = 60.0  #: longest wait for the server to listen
IDLE = 200  #: idle connections opened to measure their memory
KILL_AFTER = 0.5  #: restart: the share of ``seconds`` played before the kill
RESUME_WAIT_S = 60.0  #: restart: the longest wait for every table to play again
LAG_STEP_S = 0.01  #: how often the load generator checks how late its own loop runs
SCRIPTED = ("scripted (bench_clients.py: moves recorded before the timing, sent and read on websocket frames of "
            "their own (bench_wire.py), only an update's version read)")


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


@dataclass(frozen=True)
class Cores:
    """Where the server and the load generator run: ``None``: wherever the system puts them."""

    server: frozenset[int] | None
    load: frozenset[int] | None

    @staticmethod
    def split(pin: bool) -> "Cores":
        """The server on the first core this process may use, the generator on the rest (with
        ``pin`` and at least two cores)."""
        usable = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
        if not pin or len(usable) < 2:
            return Cores(None, None)
        return Cores(frozenset(usable[:1]), frozenset(usable[1:]))

    def describe(self) -> str:
        if self.server is None or self.load is None:
            return "server and load generator unpinned, sharing the cores"
        return (f"server pinned to core {_cores(self.server)}, load generator (this process) to core "
                f"{_cores(self.load)}")


def _cores(cores: frozenset[int]) -> str:
    return ",".join(str(c) for c in sorted(cores))


@contextmanager
def _pinned(cores: frozenset[int] | None) -> Iterator[None]:
    """Run this process on ``cores`` for a while (the load generator)."""
    if cores is None:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, cores)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


class ServerProcess:
    """``python -m catgames serve`` on loopback, on ``cores``; ``restart`` after a ``kill -9``."""

    def __init__(self, data: str, tables: int, cores: frozenset[int] | None) -> None:
        self.data, self.tables, self.cores = data, tables, cores
        self.url = ""
        self.process = self._start(0)

    def _start(self, port: int) -> subprocess.Popen[str]:
        process = self._launch(port)
        self._listening(process)
        return process

    def _launch(self, port: int) -> subprocess.Popen[str]:
        process = subprocess.Popen(
            [sys.executable, "-m", "catgames", "serve", "--port", str(port), "--data", self.data,
             "--tables-per-hour", str(self.tables + 1), "--test-seeds"],  # the scripts' deals
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if self.cores is not None:  # pinned while it still imports, before it starts any thread
            os.sched_setaffinity(process.pid, self.cores)
        return process

    def _listening(self, process: subprocess.Popen[str]) -> None:
        """Wait for the server's one line (or nothing if it failed)."""
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("listening on "):
            _end(process)
            raise RuntimeError("the server did not start")
        self.url = line.split()[-1]

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def relaunch(self) -> None:
        """Start again on the same folder and port (once killed); ``listening`` waits for it."""
        self.process = self._launch(self.port)

    def listening(self) -> float:
        """When it said it listens (the clock read on this thread: the loop may be busy)."""
        self._listening(self.process)
        return time.monotonic()

    def stop(self) -> None:
        _end(self.process)


def _end(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(timeout=START_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@dataclass
class _Load:
    """How long the tables play (a restart plays on until every table is back) and what the
    load generator saw."""

    until: float
    latencies: list[float] = field(default_factory=list)

    def deadline(self) -> float:
        return self.until


@contextmanager
def collector_quiet() -> Iterator[None]:
    """The load generator's garbage collector kept out of the figures: the tables and lines
    opened so far are frozen (never scanned again) and the young objects collected as seldom as
    the server's.  With Python's thresholds its collections stopped its loop for up to 0.2 s of
    CPU each (2,000 lines and their last updates scanned again and again; a third of its CPU at
    1,000 tables), and every update arriving meanwhile was counted that much later."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


async def _lateness(late: list[float]) -> None:
    """How late the load generator's own loop wakes up (while it runs): a move's update is read
    no sooner, so a latency near these is the generator's, not the server's."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + LAG_STEP_S
        await asyncio.sleep(LAG_STEP_S)
        late.append(loop.time() - due)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


async def _idle_kb(url: str, pid: int) -> float | None:
    """The memory one more idle (greeted, not seated) connection costs the server."""
    before = _proc(pid)
    idle = [await open_line(url) for _ in range(IDLE)]
    after = _proc(pid)
    for ws in idle:
        await ws.close()
    return round((after[1] - before[1]) / IDLE, 1) if before and after else None


async def _measure(server: ServerProcess, tables: int, seconds: float, interval_s: float, seed: int,
                   restart: bool = False) -> dict[str, Any]:
    """Load ``server``; with ``restart`` kill it mid-play and start it again."""
    rng = random.Random(seed)
    games = [GAMES[i % len(GAMES)] for i in range(tables)]
    #: moves a table can play in ``seconds`` (and, with a restart, in the time it takes)
    most = int((seconds + (RESUME_WAIT_S if restart else 0)) / interval_s) + 2
    routes = Routes([server.url])
    scripted = [await open_scripted(routes, game, seed * 100_003 + i, most) for i, game in enumerate(games)]
    idle_kb = await _idle_kb(server.url, server.pid)
    with collector_quiet():
        before, load_before = _proc(server.pid), _proc(os.getpid())
        started = time.monotonic()
        load = _Load(started + seconds)
        playing = asyncio.gather(*(play_scripted(table, interval_s, load.deadline, load.latencies,
                                                 random.Random(rng.random())) for table in scripted))
        late: list[float] = []
        watching = asyncio.get_running_loop().create_task(_lateness(late))
        result: dict[str, Any] = {"tables": tables, "seconds": seconds, "clients": SCRIPTED,
                                  "server_loop": event_loop.loop_name(), "moves_asked_per_s": round(tables / interval_s, 1)}
        if restart:
            result.update(await _restart(server, [table.seats for table in scripted], load))
            load.latencies.clear()  # the moves after the restart: how play goes on
            late.clear()
            load.until = time.monotonic() + seconds * (1 - KILL_AFTER)
        await playing
        watching.cancel()
        wall = time.monotonic() - started
    after, load_after = _proc(server.pid), _proc(os.getpid())
    moves = len(load.latencies)
    result.update(moves=moves, moves_per_s=round(moves / wall, 1))
    if moves:
        result.update(latency_ms_p50=round(1000 * _percentile(load.latencies, 0.5), 2),
                      latency_ms_p99=round(1000 * _percentile(load.latencies, 0.99), 2))
    if before and after and moves and not restart:
        result["server_cpu_ms_per_move"] = round(1000 * (after[0] - before[0]) / moves, 3)
        result["of_which_kernel_ms"] = round(1000 * (after[2] - before[2]) / moves, 3)
        result["server_core_busy"] = f"{100 * (after[0] - before[0]) / wall:.0f} %"
        result["server_rss_kb"] = after[1]
    if load_before and load_after:
        result["load_generator_core_busy"] = f"{100 * (load_after[0] - load_before[0]) / wall:.0f} %"
    if late:
        result.update(load_generator_late_ms_p50=round(1000 * _percentile(late, 0.5), 2),
                      load_generator_late_ms_p99=round(1000 * _percentile(late, 0.99), 2))
    result["kb_per_idle_connection"] = idle_kb
    return result


async def _restart(server: ServerProcess, opened: list[BenchTable], load: _Load) -> dict[str, Any]:
    """Kill the server mid-play, start it again on the same folder and port; how long until it
    listened and until every table played again."""
    seconds = load.until - time.monotonic()
    await asyncio.sleep(seconds * KILL_AFTER)
    load.until += 3600.0  # play on until every table is back
    server.kill()
    restarted, generator = time.monotonic(), time.process_time()  # this process's, to the microsecond
    # started at once, as a service manager restarts it, and the time it listens read on the
    # thread that waits for it: this loop, busy with 2,000 lines trying again, came back to
    # that thread's answer 0.6-1.0 s after a start that took 0.25 s
    server.relaunch()
    listening = await asyncio.get_running_loop().run_in_executor(None, server.listening) - restarted
    for _ in range(int(RESUME_WAIT_S * 10)):
        if all(t.resumed is not None for t in opened):
            break
        await asyncio.sleep(0.1)
    resumed = [t.resumed - restarted for t in opened if t.resumed is not None]
    result = {"restart_listening_s": round(listening, 2),
              "restart_tables_resumed": f"{len(resumed)} of {len(opened)}",
              "restart_resume_s_p50": round(_percentile(resumed, 0.5), 2) if resumed else None,
              "restart_resume_s_max": round(max(resumed), 2) if resumed else None}
    served = _proc(server.pid)
    if served:  # CPU seconds till then: what a busy machine cannot blur (a few tables' generator
        # spends milliseconds: /proc's ticks of 10 ms once said 0.0 of it)
        result.update(restart_server_cpu_s=round(served[0], 2),
                      restart_load_generator_cpu_s=round(time.process_time() - generator, 3))
    return result


def bench_net(tables: int, seconds: float, interval_s: float = 2.0, seed: int = 0, pin: bool = True,
              restart: bool = False) -> dict[str, Any]:
    """Start a server, load it, measure, stop it (whatever happens)."""
    cores = Cores.split(pin)
    load_avg = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="catgames-bench-") as data:
        server = ServerProcess(data, tables, cores.server)
        try:
            with _pinned(cores.load):
                result = event_loop.run(_measure(server, tables, seconds, interval_s, seed, restart))
        finally:
            server.stop()
    return {"measured": f"{cores.describe()}; {os.cpu_count()} cores on this machine; loopback; "
                        f"{tables} tables of 2 remote seats, a random move every {interval_s:g} s each",
            "load_avg_1min_before_after": [round(load_avg[0], 2), round(os.getloadavg()[0], 2)], **result}
