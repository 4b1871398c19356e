"""``python -m catgames bench net --processes K``: what K server processes hold together.

A throw-away PostgreSQL (with ``fsync`` on, as served) and Redis are started, then K ``serve
--store … --bus …`` processes behind a front process that hands each new connection to the
next one (as a reverse proxy would: the two seats of a table often reach different processes,
and one of them passes the other's frames over Redis).  The load is ``bench net``'s: each table's
two clients make a random move every ``interval_s``; reported are the latency from a move to
the other seat's update (p50, p99), moves per second, and the servers' CPU per move.  With two
processes or more, the recovery is measured too: two bots play a table through the front, its
owner is killed (``kill -9``), and the time until both play on is taken.

The load's clients are scripted (``bench_clients``): each table's game is recorded before the
timing starts, and a client sends its seat's recorded move when an update's version says it
is its turn, reading nothing else of the update and running no rules (the servers check every
move as ever).  A player's app, or ``catgames bot``, spends far more per move: the rules and
the whole update.  The recovery measure's two players are full bots.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import ExitStack
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from catgames.net.bench import GAMES, START_S, _proc, collector_quiet
from catgames.net.bench_clients import open_scripted, play_scripted
from catgames.net.bench_lines import Routes
from catgames.net.bot import BotPlan, play
from catgames.net.bus import lease_key
from catgames.net import event_loop
from catgames.net.front import Front
from catgames.net.services import postgres, redis

CLIENTS = 2  #: processes of clients (one Python process cannot drive thousands of lines)
CLIENTS_ARE = ("scripted (bench_clients.py: moves recorded before the timing, sent and read on websocket frames of "
               "their own (bench_wire.py), only an update's version read; "
               "the recovery's two players are catgames bots)")
OPENING = 50  #: tables one client process opens at once
RECOVERY_GAME = "boxes"  #: a long game: its owner is killed while it is under way
KILL_AFTER = 10  #: moves played before the owner is killed


def _front_main(backends: list[tuple[str, int]], routed: bool, told: Connection) -> None:
    """The front in a process of its own (the bench's clients keep the bench's one core)."""
    told.send(Front(backends, routed).start())
    threading.Event().wait()


def back_at(lines: list[tuple[float, dict[str, Any]]], since: float) -> float | None:
    """When a bot whose line broke after ``since`` had its first update after that (a bot that
    did not break: ``since``; ``None``: not back yet).  ``lines``: (time, what the bot printed)."""
    broke = next((i for i, (t, line) in enumerate(lines) if t >= since and "reconnecting" in line), None)
    if broke is None:
        return since if any("outcome" in line for _, line in lines) else None
    return next((t for t, line in lines[broke:] if "update" in line or "outcome" in line), None)


class _Servers:
    """K serve processes on one store and bus; each one's URL and pid."""

    def __init__(self, count: int, store: str, bus: str, folder: str, tables: int, routed: bool) -> None:
        self.processes: list[subprocess.Popen[str]] = []
        self.urls: list[str] = []
        for i in range(count):
            process = subprocess.Popen(
                [sys.executable, "-m", "catgames", "serve", "--port", "0", "--data", f"{folder}/{i}",
                 "--store", store, "--bus", bus, "--tables-per-hour", str(tables + 10), "--test-seeds",
                 *(["--routed"] if routed else [])],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            self.processes.append(process)
            assert process.stdout is not None
            line = process.stdout.readline()
            if not line.startswith("listening on "):
                self.stop()
                raise RuntimeError("a server did not start")
            self.urls.append(line.split()[-1])

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=START_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def cpu_s(self) -> float:
        return sum(seen[0] for p in self.processes if (seen := _proc(p.pid)) is not None)

    def kernel_s(self) -> float:
        """Of ``cpu_s``, the seconds in the kernel (mostly the sockets' system calls)."""
        return sum(seen[2] for p in self.processes if (seen := _proc(p.pid)) is not None)


def _fronted(stack: ExitStack, urls: list[str], routed: bool) -> tuple[str, int]:
    """A front process before ``urls``, stopped with ``stack``; its URL and pid."""
    backends = [(url.rsplit(":", 1)[0].split("//")[1], int(url.rsplit(":", 1)[1])) for url in urls]
    ours, theirs = multiprocessing.get_context("fork").Pipe()
    front = multiprocessing.get_context("fork").Process(target=_front_main, args=(backends, routed, theirs), daemon=True)
    front.start()
    stack.callback(front.join, 10)
    stack.callback(front.terminate)
    if not ours.poll(START_S):
        raise RuntimeError("the front did not start")
    return str(ours.recv()), int(front.pid or 0)


def _cpu_s(pids: list[int]) -> float:
    return sum(seen[0] for pid in pids if (seen := _proc(pid)) is not None)


def _postgres_pids(address: str) -> list[int]:
    """The PostgreSQL server's processes: the postmaster (its pid file) and its children."""
    folder = Path(address.split("host=", 1)[1].split("&", 1)[0])
    try:
        master = int((folder / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return []
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == master:
                children.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return [master, *children]


def _publishes(bus: str) -> int:
    """Redis's count of the publishes so far: the bundles of messages between processes."""
    import redis as redis_client
    with redis_client.Redis.from_url(bus) as client:
        return int(client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))


def _recovery(url: str, servers: _Servers, bus: str, seed: int) -> float | None:
    """Seconds from ``kill -9`` of a table's owner until both its players had an update again."""
    import redis as redis_client
    lines: list[list[tuple[float, dict[str, Any]]]] = [[], []]
    stop = threading.Event()

    def bot(seat: int, plan: BotPlan) -> threading.Thread:
        thread = threading.Thread(target=play, args=(plan, lambda line: lines[seat].append((time.monotonic(), line)),
                                                     stop.is_set), daemon=True)
        thread.start()
        return thread
    threads = [bot(0, BotPlan(url, create=RECOVERY_GAME, seed=seed, verbose=True, timeout_s=120))]
    try:
        while not lines[0] or "code" not in lines[0][0][1]:
            time.sleep(0.01)
        table, code = lines[0][0][1]["table"], lines[0][0][1]["code"]
        threads.append(bot(1, BotPlan(url, join=code, seed=seed + 1, verbose=True, timeout_s=120)))
        deadline = time.monotonic() + 60
        while sum(1 for _, line in lines[0] if "update" in line) < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.01)
        with redis_client.Redis.from_url(bus, decode_responses=True) as client:
            owner = int(str(client.get(lease_key(table))).split("-")[0])
        victim = next(p for p in servers.processes if p.pid == owner)
        killed = time.monotonic()
        victim.kill()
        victim.wait()
        while time.monotonic() < deadline:
            back = [back_at(list(seen), killed) for seen in lines]
            if all(b is not None for b in back):
                return round(max(b for b in back if b is not None) - killed, 2)
            time.sleep(0.01)
        return None
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)


async def _load(urls: list[str], first: int, count: int, seconds: float, interval_s: float, seed: int,
                routed: bool, ready: Any) -> tuple[list[float], int, int, float]:
    """Tables ``first`` … ``first + count - 1`` opened with their scripts (each line through
    ``urls`` as ``Routes`` sends it: the front, or each process directly), then played for
    ``seconds`` once every client process is ready: the latencies, the tables that could not be
    opened, those that stalled (no answer within the clients' wait), the CPU seconds of the play."""
    gate = asyncio.Semaphore(OPENING)
    routes = Routes(urls)
    most = int(seconds / interval_s) + 2  #: moves a table can play in ``seconds``

    async def opened(i: int) -> Any:
        async with gate:
            try:
                return await open_scripted(routes, GAMES[i % len(GAMES)], seed * 100_003 + i, most, routed)
            except (OSError, TimeoutError, RuntimeError, ConnectionClosed, InvalidHandshake):
                return None
    tables = await asyncio.gather(*(opened(i) for i in range(first, first + count)))
    await asyncio.get_running_loop().run_in_executor(None, ready.wait)
    with collector_quiet():  # as one server's load generator: its lines and scripts not scanned again
        return await _play(tables, seconds, interval_s, seed, first)


async def _play(tables: list[Any], seconds: float, interval_s: float, seed: int,
                first: int) -> tuple[list[float], int, int, float]:
    """``_load``'s timed play of its opened tables (``None``: not opened)."""
    cpu = time.process_time()
    latencies: list[float] = []
    until = time.monotonic() + seconds
    rng = random.Random(seed * 7919 + first)

    async def played(table: Any) -> int:
        try:
            await play_scripted(table, interval_s, lambda: until, latencies, random.Random(rng.random()))
            return 0
        except (OSError, TimeoutError, RuntimeError, ConnectionClosed, InvalidHandshake):
            await table.close()
            return 1
    stalled = await asyncio.gather(*(played(t) for t in tables if t is not None))
    return latencies, sum(t is None for t in tables), sum(stalled), time.process_time() - cpu


def _client_main(args: tuple[Any, ...], told: Connection) -> None:
    told.send(event_loop.run(_load(*args)))


def _drive(urls: list[str], tables: int, seconds: float, interval_s: float, seed: int, routed: bool,
           parts: dict[str, Callable[[], float]], counts: dict[str, Callable[[], int]]) -> dict[str, Any]:
    """The load from ``CLIENTS`` processes; their latencies together, and the CPU milliseconds
    per move of each of ``parts`` (a part's CPU seconds so far) and of the clients, and how
    many of each of ``counts`` a move took, over the play (the tables' opening left out)."""
    context = multiprocessing.get_context("fork")
    ready = context.Barrier(CLIENTS + 1)
    share = -(-tables // CLIENTS)
    workers = []
    for i in range(CLIENTS):
        ours, theirs = context.Pipe()
        args = (urls, i * share, min(share, tables - i * share), seconds, interval_s, seed, routed, ready)
        process = context.Process(target=_client_main, args=(args, theirs), daemon=True)
        process.start()
        workers.append((process, ours))
    try:
        ready.wait(timeout=START_S * 10)
        before = {name: cpu() for name, cpu in parts.items()}
        counted = {name: count() for name, count in counts.items()}
        results = [ours.recv() if ours.poll(seconds + START_S * 2) else ([], 0, 0, 0.0) for _, ours in workers]
        spent = {name: cpu() - before[name] for name, cpu in parts.items()}
        counted = {name: count() - counted[name] for name, count in counts.items()}
    finally:
        for process, _ in workers:
            process.terminate()
            process.join(10)
    latencies = sorted(t for got, _, _, _ in results for t in got)
    moves = len(latencies)
    spent["clients"] = sum(cpu for _, _, _, cpu in results)
    return {"tables": tables, "seconds": seconds, "moves_asked_per_s": round(tables / interval_s, 1),
            "moves": moves, "moves_per_s": round(moves / seconds, 1),
            "latency_ms_p50": round(1000 * latencies[moves // 2], 1) if moves else None,
            "latency_ms_p99": round(1000 * latencies[min(moves - 1, moves * 99 // 100)], 1) if moves else None,
            "not_opened": sum(n for _, n, _, _ in results), "stalled": sum(n for _, _, n, _ in results),
            "cpu_ms_per_move": {name: round(1000 * s / moves, 3) if moves else None for name, s in spent.items()},
            "per_move": {name: round(n / moves, 2) if moves else None for name, n in counted.items()}}


def bench_processes(processes: int, tables: int, seconds: float, interval_s: float = 2.0,
                    seed: int = 0, front: bool = True, routed: bool = False) -> dict[str, Any]:
    """Start the store, the bus, the servers and the front; load them, measure; stop them all.
    Without ``front`` the clients reach the processes directly, each line the next process in
    turn (as DNS round robin or a balancer in the kernel would spread them): what the servers
    hold without our Python front's CPU (a proxy such as nginx costs a fraction of it).  The
    recovery's bots go through the front either way (they reconnect to a live process).
    ``routed``: the servers run ``--routed`` and the front sends each line naming a table to the
    process the table ranks first, which takes the table over: nothing is relayed once every
    line came back naming its table (the opening, not timed, does that)."""
    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="catgames-bench-") as folder:
        store = stack.enter_context(postgres(fsync=True))
        redis_server = stack.enter_context(redis())
        bus = redis_server.address
        servers = _Servers(processes, store, bus, folder, tables, routed)
        stack.callback(servers.stop)
        url, front_pid = _fronted(stack, servers.urls, routed)
        counts = {"redis_publishes": lambda: _publishes(bus)}
        parts = {"servers": servers.cpu_s, "servers_in_kernel": servers.kernel_s, "front": lambda: _cpu_s([front_pid]),
                 "redis": lambda: _cpu_s([redis_server.pid]), "postgresql": lambda: _cpu_s(_postgres_pids(store))}
        result: dict[str, Any] = {"processes": processes, "clients": CLIENTS_ARE, "server_loop": event_loop.loop_name(),
                                  "lines": ("routed by table" if routed else "round robin")
                                  + (" through the front" if front else ", straight to each process (no front)"),
                                  **_drive([url] if front else servers.urls, tables, seconds, interval_s, seed, routed,
                                           parts, counts)}
        if processes > 1:
            result["recovery_s"] = _recovery(url, servers, bus, seed)
        return result


def bench_up_to(processes: int, tables: int, seconds: float, seed: int = 0, front: bool = True,
                routed: bool = False) -> dict[str, Any]:
    """``bench_processes`` for 1, 2, … ``processes`` processes, one after the other, and the
    ratio of the moves per second two processes served to one's."""
    load_avg = os.getloadavg()[0]
    runs = [bench_processes(k, tables, seconds, seed=seed, front=front, routed=routed) for k in range(1, processes + 1)]
    result: dict[str, Any] = {"load_avg_1min_before_after": [round(load_avg, 2), round(os.getloadavg()[0], 2)],
                              "runs": runs}
    if len(runs) > 1 and runs[0]["moves_per_s"]:
        result["throughput_ratio_1_to_2"] = round(runs[1]["moves_per_s"] / runs[0]["moves_per_s"], 2)
    return result
