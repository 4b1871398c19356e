"""Real server and bot processes for the network tests, on loopback only, each wait bounded,
and every process ended (SIGTERM, then SIGKILL) when its test is done."""

from __future__ import annotations

import json
import os
import random
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from catgames.core.runner import Runner
from catgames.core.seats import HumanSeat
from catgames.core.session import Match, _plain
from catgames.net.bot import BotPlan, move_seed, play
from catgames.net.cli import bot_plan
from catgames.net.client import Backoff
from catgames.net.seat_ai import choose
from catgames.net.store import Storage
from catgames.net.table import online_match, settle

ROOT = Path(__file__).resolve().parents[2]
START_S = 30.0  #: longest wait for a server's "listening on" line (a busy machine)
AI_ITERATIONS = 8  #: the server's AI seats' fixed work per move in these tests
BOT_ITERATIONS = 8


def _fixed_ports() -> range:
    """Ports the system never hands out by itself: below its ephemeral range, from which every
    outgoing connection and every bind to port 0 takes one (a port found free there and bound
    again later, by a server restarted on it, could meanwhile be a client's local port)."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    return range(10_000, low) if low > 12_000 else range(61_000, 65_000)


_ports = random.Random(os.getpid())  #: each test process (an xdist worker) draws its own
_given: set[int] = set()  #: ports drawn here already (their servers may not be listening yet)


def free_port() -> int:
    """A loopback port free now (a restarted server must come back on the same one)."""
    ports = _fixed_ports()
    for _ in range(200):
        port = _ports.choice(ports)
        if port in _given:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
        _given.add(port)
        return port
    raise OSError("no free loopback port found")


def _python(*args: str) -> list[str]:
    return [sys.executable, "-m", "catgames", *args]


def _env() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    env.pop("CATGAMES_HOME", None)
    return env


def read_line(stream: Any, deadline: float) -> str | None:
    """One line of a child's pipe, or ``None`` at end of file or the deadline."""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], max(0.0, min(0.5, deadline - time.monotonic())))
        if ready:
            line = stream.readline()
            return line if line else None
    return None


class ServerProcess:
    """``python -m catgames serve`` on 127.0.0.1 with ``data``; ``url`` once it listens."""

    def __init__(self, data: Path, port: int = 0, *extra: str) -> None:
        self.data, self.port, self.extra = data, port, extra
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> str:
        self.process = subprocess.Popen(
            _python("serve", "--host", "127.0.0.1", "--port", str(self.port), "--data", str(self.data),
                    "--test-seeds", "--ai-iterations", str(AI_ITERATIONS), *self.extra),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=_env())
        line = read_line(self.process.stdout, time.monotonic() + START_S)
        assert line and line.startswith("listening on ws://127.0.0.1:"), (line, self.stop())
        self.url = line.split()[-1]
        return self.url

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill9(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._close_pipes()

    def stop(self) -> str:
        """SIGTERM; what the server wrote after its first line, on stdout and stderr."""
        if self.process is None or self.process.stdout is None or self.process.stdout.closed:
            return ""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        assert self.process.stderr is not None
        said = self.process.stdout.read() + self.process.stderr.read()
        self._close_pipes()
        return said

    def _close_pipes(self) -> None:
        assert self.process is not None
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()


@contextmanager
def running_server(data: Path, *extra: str) -> Iterator[ServerProcess]:
    server = ServerProcess(data, 0, *extra)
    server.start()
    try:
        yield server
    finally:
        said = server.stop()
        assert server.process is not None and server.process.returncode == 0 and said == "", said


class BotLines:
    """What a bot printed, one JSON object per line: its updates and acks."""

    lines: list[dict[str, Any]]

    @property
    def updates(self) -> list[dict[str, Any]]:
        return [line["update"] for line in self.lines if "update" in line]

    @property
    def acks(self) -> list[dict[str, Any]]:
        return [line["ack"] for line in self.lines if "ack" in line]


class BotProcess(BotLines):
    """``python -m catgames bot URL ...`` writing its JSON lines to a file (a pipe nobody reads
    while another bot is awaited would fill up and stall it)."""

    _made = 0

    def __init__(self, url: str, folder: Path, *args: str) -> None:
        BotProcess._made += 1
        self.out = folder / f"bot{BotProcess._made}.out"
        self.err = folder / f"bot{BotProcess._made}.err"
        with open(self.out, "w") as out, open(self.err, "w") as err:
            self.process = subprocess.Popen(_python("bot", url, "--verbose", *args), stdout=out, stderr=err,
                                            stdin=subprocess.DEVNULL, cwd=ROOT, env=_env())
        self.lines: list[dict[str, Any]] = []

    def first_line(self, timeout_s: float = START_S) -> dict[str, Any]:
        """The bot's first line, as soon as it is written."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            text = self.out.read_text()
            if "\n" in text:
                return dict(json.loads(text.split("\n", 1)[0]))
            assert self.process.poll() is None, self.err.read_text()
            time.sleep(0.02)
        raise AssertionError(f"the bot said nothing in {timeout_s} s")

    def finish(self, deadline: float) -> int:
        """Wait for the bot's end (killed past ``deadline``, a ``time.monotonic()``); its code.
        Its lines are read then."""
        try:
            self.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.kill()
        self.lines = [json.loads(line) for line in self.out.read_text().splitlines() if line.strip()]
        self.stderr = self.err.read_text()
        return int(self.process.returncode)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


class BotThread(BotLines):
    """The same bot as ``BotProcess`` (its command line, its ``play``), run in a thread of the
    test: no process to start, and a short backoff, so a restart costs less waiting."""

    BACKOFF = Backoff(first_s=0.05, most_s=0.25, tries=200)

    def __init__(self, url: str, folder: Path, *args: str) -> None:
        from catgames.__main__ import build_parser
        plan = replace(bot_plan(build_parser().parse_args(["bot", url, "--verbose", *args])), backoff=self.BACKOFF)
        self.lines: list[dict[str, Any]] = []
        self.code: int | None = None
        self.stderr = ""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(plan,), name="test-bot")
        self._thread.start()

    def _run(self, plan: BotPlan) -> None:
        self.code = play(plan, self.lines.append, self._stop.is_set)

    def first_line(self, timeout_s: float = START_S) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while not self.lines:
            assert time.monotonic() < deadline and self._thread.is_alive(), "the bot said nothing"
            time.sleep(0.01)
        return self.lines[0]

    def finish(self, deadline: float) -> int:
        self._thread.join(timeout=max(0.1, deadline - time.monotonic()))
        self.kill()
        return -1 if self.code is None else self.code

    def kill(self) -> None:
        self._stop.set()
        self._thread.join(timeout=15)


def stored_moves(store: Storage) -> dict[str, list[tuple[int, str]]]:
    """Every table's moves as the server's store holds them (closed after)."""
    try:
        return {t.id: t.moves for t in store.tables()}
    finally:
        store.close()


def replayed(game: str, kinds: list[str], seed: int, moves: list[tuple[int, str]]) -> tuple[Match, list[int]]:
    """The table's match rebuilt from its moves, and its version after each of them."""
    match = online_match(game, len(kinds), kinds, {}, seed, seed + 1)
    versions = []
    for _, text in moves:
        match.play(match.game.parse_move(match.state, text))
        settle(match)
        versions.append(len(match.history))
    return match, versions


def views_by_version(game: str, kinds: list[str], seed: int, moves: list[tuple[int, str]], seat: int | None
                     ) -> dict[int, Any]:
    """What ``seat`` may see at each version of the game these moves make (``None``: the whole
    position)."""
    match = online_match(game, len(kinds), kinds, {}, seed, seed + 1)

    def view() -> Any:
        return _plain((match.state if seat is None else match.state.observe(seat)).to_dict())
    seen = {len(match.history): view()}
    for _, text in moves:
        match.play(match.game.parse_move(match.state, text))
        settle(match)
        seen[len(match.history)] = view()
    return seen


def runner_payloads(game: str, seed: int, kinds: list[str], moves: list[tuple[int, str]], seat: int
                    ) -> dict[int, Any]:
    """What the runner's update for ``seat`` holds at each version, on the wire (the table's id
    left out), replaying these moves as the server's runner plays them."""
    match = online_match(game, len(kinds), kinds, {}, seed, seed + 1)
    runner = Runner(match, [HumanSeat() for _ in kinds])
    runner.start(confirm_turns=match.confirm_turns)

    def payload() -> Any:  # the log is added at the end, from the whole log: each turn once
        update = runner.update_for(seat)
        wire = dict(update.to_json(len(update.log)), type="update", players=len(kinds),
                    version=len(match.history))
        return json.loads(json.dumps(wire)), len(update.log)
    seen = {len(match.history): payload()}
    for mover, text in moves:
        assert runner.submit(mover, match.game.parse_move(match.state, text)) is None
        if match.awaiting:
            runner.confirm_turn()
        seen[len(match.history)] = payload()
    log = json.loads(json.dumps(runner.update_for(seat).to_json()["log"]))
    return {version: dict(wire, log=log[:turns]) for version, (wire, turns) in seen.items()}


def uninterrupted(game: str, seed: int, seats: list[tuple[str, str, int]]) -> list[tuple[int, str]]:
    """The moves the table would see with no break: each seat is ``(who, level, its seed)``,
    ``who`` a ``bot`` (choosing as ``bot.py`` does) or the server's ``ai`` seat."""
    kinds = ["human" if who == "bot" else "ai:easy" for who, _, _ in seats]  # as the server's match has them
    match = online_match(game, len(seats), kinds, {}, seed, seed + 1)
    moves: list[tuple[int, str]] = []
    for _ in range(10_000):
        if match.state.is_over():
            return moves
        seat = match.state.to_move
        who, level, own_seed = seats[seat]
        view = json.loads(json.dumps(match.state.observe(seat).to_dict()))
        if who == "bot":
            text = choose(game, view, seat, level, move_seed(own_seed, len(match.history)), BOT_ITERATIONS)
        else:
            text = choose(game, view, seat, level, match.ai_request_seed(), AI_ITERATIONS)
        match.play(match.game.parse_move(match.state, text))
        settle(match)
        moves.append((seat, text))
    raise AssertionError("the game did not end")
