"""A move for a seat from that seat's view only: the server's AI seats and the bot both ask here.

It goes through the AI worker's own ``think`` (the same presets and players as the app), handed
the view a seat is sent, so an AI at the server knows no more than a human at that seat.  With
``iterations`` the search does a fixed amount of work and plays the same moves on any machine,
as the tests and replays need; a seed fixed by the position keeps a replayed choice the same.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from catgames.ai.budget import Budget
from catgames.ai.presets import preset_for
from catgames.ai.worker import Job, think
from catgames.core.catalogue import load_game


def choose(game_id: str, view: dict[str, Any], seat: int, level: str, seed: int,
           iterations: int | None = None, stop: Callable[[], bool] = lambda: False) -> str:
    """The text of ``seat``'s move in ``view`` (its observation) at ``level``."""
    preset = preset_for(load_game(game_id), level)
    budget = preset.budget if iterations is None else Budget(None, None, iterations)
    job = Job(0, game_id, view, seat, level, seed, preset, budget, time.time())
    return think(job, load_game, stop)


class SeatAI:
    """Runs the server's AI seats off the event loop: one thread, so a long search delays
    other AI seats but never a human's move or an update (the GIL is released every few
    milliseconds).  ``close`` stops a search under way at its next clock check."""

    def __init__(self, iterations: int | None) -> None:
        self.iterations = iterations
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="seat-ai")
        self._closing = False

    async def choose(self, game_id: str, view: dict[str, Any], seat: int, level: str, seed: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, choose, game_id, view, seat, level, seed,
                                          self.iterations, lambda: self._closing)

    def close(self) -> None:
        self._closing = True
        self._pool.shutdown(wait=True, cancel_futures=True)


class TableWorker:
    """The worker an ``ai.seat.AISeat`` asks, at the server: the search runs on ``SeatAI``'s
    thread, and once it answers ``ready`` is called on the event loop, for the runner to poll
    the answer and play it."""

    def __init__(self, ai: SeatAI, ready: Callable[[], None]) -> None:
        self._ai = ai
        self._ready = ready
        self._task: asyncio.Task[None] | None = None
        self._answer: str | None = None

    def request(self, game_id: str, state_dict: dict[str, Any], seat: int, difficulty: str,
                seed: int, *, patient: bool = False) -> None:
        self.cancel()
        self._task = asyncio.get_running_loop().create_task(
            self._think(game_id, state_dict, seat, difficulty, seed))

    async def _think(self, game_id: str, view: dict[str, Any], seat: int, level: str, seed: int) -> None:
        self._answer = await self._ai.choose(game_id, view, seat, level, seed)
        self._task = None
        self._ready()

    def poll(self) -> str | None:
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._task = None
        self._answer = None

    def close(self) -> None:
        self.cancel()
