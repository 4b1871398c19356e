"""Thinking off the render loop: one background process (a thread where processes are not
available) that turns a position into a move while the window keeps drawing.

The UI calls ``request``, then ``poll`` once per frame until it gets the move's ``str()``.
A process, not a thread, because the GIL would let a thinking thread steal frames on a
two-core machine.  The process is spawned (never forked: the UI holds SDL threads) on the first
request, so an app whose entry module is imported by the child must guard its start-up with
``if __name__ == "__main__":``.

The hard cap holds from the moment of the request, or from the moment the child is up if it
was still starting (a spawned child imports the game first: 0.6-1 s measured on a busy
two-core machine with no bytecode cached, close to Kotatsu's 1 s cap; once it took longer,
the first move came from the fallback below).  The child deducts the queueing from the
budget; if no answer arrives by the cap (plus a small grace) the worker answers with a seeded
random legal move and restarts the child, and a child not up within ``START_S`` counts as
overrunning too.  A ``patient`` request (a hint: a random move is no advice) is hurried
instead: its search stops and answers the best move it has found so far, and the worker waits
for that answer as long as the child lives.  A failing player is logged and kept in
``last_error`` until the next request; the game still gets a legal move.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
import random
import threading
import time
import traceback
from dataclasses import dataclass, replace
from typing import Any, Callable

from catgames.ai.budget import Budget
from catgames.ai.hooks import heuristics_for
from catgames.ai.presets import Preset, build_player, preset_for
from catgames.core.rules import Game
from catgames.core.catalogue import load_game

log = logging.getLogger(__name__)

GRACE_S = 0.25  #: time past the preset's cap before the UI side stops waiting
IDLE = 0        #: ``current`` when no request is live (request ids start at 1)
UP = IDLE       #: the id of the answer a runner sends once, as it starts serving
START_S = 30.0  #: longest wait for a runner to start serving
PARENT_CHECK_S = 2.0  #: how often an idle worker process looks whether its app is still there
#: ``current`` is ``-id`` when request ``id`` is hurried: stop searching, answer the best so far

Loader = Callable[[str], Game]


class AIError(RuntimeError):
    """The AI could not produce any legal move (e.g. the seat asked is not to move)."""


@dataclass(frozen=True)
class Job:
    """One request, as it crosses to the worker."""

    id: int
    game_id: str
    state: dict[str, Any]  #: the seat's observation (``observe(seat).to_dict()``), never more
    seat: int
    difficulty: str
    seed: int
    preset: Preset  #: the difficulty's, looked up once, on the table's side
    budget: Budget  #: the preset's, or the worker's fixed budget
    sent_at: float  #: ``time.time()`` of the request, comparable across processes


def think(job: Job, load: Loader, stop: Callable[[], bool], up_at: float = 0.0) -> str:
    """The move for ``job``, seen from the seat's observation only.  The table checks it, once,
    when it plays it; a player only ever picks among the legal moves it was given.

    A position reader may fill a view's unknown cards with stand-ins, so the player is handed
    ``observe(seat)`` of what was read: it sees only what the seat may see either way.
    ``up_at``: when the runner started serving (a request made before waited for that, not
    for its search)."""
    state = load(job.game_id).state_from_dict(job.state)
    player = build_player(job.preset, heuristics_for(job.game_id))
    budget = job.budget.spent(time.time() - max(job.sent_at, up_at))
    move = player.choose(state.observe(job.seat), job.seat, random.Random(job.seed),
                         replace(budget, stop=stop))
    return str(move)


def serve(requests: Any, results: Any, current: Any, load: Loader) -> None:
    """The worker loop (process or thread): answer live jobs until told to stop with ``None``,
    or, in a process, until the app that started it is gone (killed, it never says ``None``,
    and the process held its queue's own ends: it waited for a job for ever)."""
    parent = multiprocessing.parent_process()  # None: a thread of the app
    up_at = time.time()
    results.put((UP, None, None))
    while True:
        try:
            job = requests.get(timeout=PARENT_CHECK_S)
        except queue.Empty:
            if parent is not None and not parent.is_alive():
                return
            continue
        if job is None:
            return
        if current.value not in (job.id, -job.id):
            continue  # cancelled while queued
        answer: tuple[int, str | None, str | None]
        try:
            answer = (job.id, think(job, load, lambda: current.value != job.id, up_at), None)
        except Exception:
            answer = (job.id, None, traceback.format_exc())
        results.put(answer)


def fallback_move(game: Game, job: Job) -> str:
    """A seeded random legal move of the observation: the last resort when the search gave
    nothing."""
    state = game.state_from_dict(job.state)
    moves = state.legal_moves() if state.to_move == job.seat else []
    if not moves:
        raise AIError(f"seat {job.seat} cannot move in this position (to move: {state.to_move})")
    return str(random.Random(job.seed).choice(moves))


class _Box:
    """The thread fallback's stand-in for a shared ``multiprocessing`` value."""

    def __init__(self, value: int) -> None:
        self.value = value


class AIWorker:
    """``request`` a move, ``poll`` each frame, ``cancel`` a stale request, ``close`` at exit.

    ``budget`` replaces every preset's time budget: a budget of iterations only (no seconds)
    makes the AI play the same moves on any machine, as tests need; it has no hard cap.
    """

    def __init__(self, *, load: Loader = load_game, use_process: bool = True,
                 grace_s: float = GRACE_S, budget: Budget | None = None) -> None:
        self._load = load
        self._budget = budget
        self._use_process = use_process
        self._grace = grace_s
        self._runner: Any = None  # multiprocessing.Process or threading.Thread
        self._requests: Any = None
        self._results: Any = None
        self._current: Any = None
        self._last_id = IDLE
        self._pending: tuple[Job, float] | None = None  # the live job and its deadline
        self._patient = False  # the live job is hurried past its deadline, never given up
        self._up = False  # the runner said it serves (its start-up is not a job's thinking time)
        self.last_error: str | None = None

    def request(self, game_id: str, state_dict: dict[str, Any], seat: int, difficulty: str,
                seed: int, *, patient: bool = False) -> None:
        """Start thinking about ``seat``'s move from ``state_dict``, that seat's observation;
        any earlier request is dropped.  ``patient``: past the cap, hurry the search for its
        best move so far rather than give up on it."""
        self.cancel()
        self.last_error = None
        preset = preset_for(self._load(game_id), difficulty)
        budget = self._budget or preset.budget
        self._start()
        self._last_id += 1
        job = Job(self._last_id, game_id, state_dict, seat, difficulty, seed, preset, budget,
                  time.time())
        self._current.value = job.id
        self._patient = patient
        self._requests.put(job)
        self._pending = (job, self._deadline(job) + (0.0 if self._up else START_S))

    def poll(self) -> str | None:
        """The move's ``str()`` once ready (then ``None`` again until the next request)."""
        if self._pending is None:
            return None
        job, deadline = self._pending
        while True:
            try:
                job_id, move, error = self._results.get_nowait()
            except queue.Empty:
                break
            if job_id == UP:
                self._up = True
                deadline = self._deadline(job)  # the job's time starts now
                self._pending = (job, deadline)
                continue
            if job_id != job.id:
                continue  # the answer to a cancelled request
            if error is None:
                self._pending = None
                return str(move)
            return self._give_up(job, f"AI player failed:\n{error}", restart=False)
        if not self._runner.is_alive():
            return self._give_up(job, "AI worker stopped unexpectedly", restart=True)
        if time.monotonic() > deadline:
            if self._patient:
                self._current.value = -job.id  # the search answers what it has at once
                return None
            return self._give_up(job, "AI overran its hard cap", restart=True)
        return None

    def _deadline(self, job: Job) -> float:
        return time.monotonic() + job.budget.hard_s + self._grace

    @property
    def busy(self) -> bool:
        """A request is live: asked and not answered yet."""
        return self._pending is not None

    def cancel(self) -> None:
        """Forget the live request; the worker stops searching at its next clock check."""
        if self._current is not None:
            self._current.value = IDLE
        self._pending = None

    def close(self) -> None:
        """Stop the worker; safe to call more than once."""
        self.cancel()
        if self._runner is not None:
            self._requests.put(None)
            self._runner.join(timeout=1.0)
            self._halt()

    def __enter__(self) -> "AIWorker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _give_up(self, job: Job, message: str, restart: bool) -> str:
        self._pending = None
        self.last_error = message
        log.error("%s (game %s, seat %d, %s)", message, job.game_id, job.seat, job.difficulty)
        if restart:
            self.cancel()
            self._halt()
        return fallback_move(self._load(job.game_id), job)

    def _start(self) -> None:
        if self._runner is not None:
            return
        if self._use_process:
            try:
                ctx = multiprocessing.get_context("spawn")
                self._requests, self._results = ctx.Queue(), ctx.Queue()
                self._current = ctx.RawValue("q", IDLE)
                self._runner = ctx.Process(target=serve, name="catgames-ai", daemon=True,
                                           args=(self._requests, self._results, self._current,
                                                 self._load))
                self._runner.start()
                return
            except Exception as exc:  # no processes here (sandbox, frozen app...): use a thread
                log.warning("AI worker process unavailable (%s); thinking in a thread", exc)
                self._use_process = False
        self._requests, self._results = queue.Queue(), queue.Queue()
        self._current = _Box(IDLE)
        self._runner = threading.Thread(target=serve, name="catgames-ai", daemon=True,
                                        args=(self._requests, self._results, self._current,
                                              self._load))
        self._runner.start()

    def _halt(self) -> None:
        """Drop the runner.  A process is terminated and its queues closed (their feeder
        threads end); a thread, which cannot be killed, is told to stop and ends as soon as
        its current search returns (it is cancelled and talks only to its own queues)."""
        runner, self._runner, self._up = self._runner, None, False
        if isinstance(runner, multiprocessing.process.BaseProcess):
            if runner.is_alive():
                runner.terminate()
                runner.join(timeout=1.0)
            for channel in (self._requests, self._results):
                channel.cancel_join_thread()  # nobody may read what is still queued
                channel.close()
        elif runner is not None:
            self._requests.put(None)
