"""The AI at the runner's seats and as its hint advisor, over one thinking worker.

``AISeat`` is a ``core.seats.SeatPlayer``: offered its update on its turn, it hands the
worker its observation (never more), its difficulty and the ply's seed, and its ``poll``
relays the worker's answer, the move's text; the runner checks and plays it.  ``AIAdvisor`` is
the runner's ``Advisor``: the same worker, asked patiently (a random stand-in is no advice) at
the hint's level.  A table's seats and hints share one worker (``Brain``), made only when
first needed, as the table did before.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from catgames.core.rules import Seat
from catgames.core.runner import Advice
from catgames.core.seats import SeatUpdate

HINT_LEVEL = "normal"  #: the difficulty whose move a hint suggests


class Worker(Protocol):
    """What the seats need of ``catgames.ai.worker.AIWorker`` (tests give stand-ins)."""

    def request(self, game_id: str, state_dict: dict[str, Any], seat: int, difficulty: str,
                seed: int, *, patient: bool = False) -> None: ...

    def poll(self) -> str | None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class Brain:
    """One worker for a table's AI seats and hints, made on first use by ``factory``."""

    def __init__(self, factory: Callable[[], Worker]) -> None:
        self._factory = factory
        self._worker: Worker | None = None

    def worker(self) -> Worker:
        if self._worker is None:
            self._worker = self._factory()
        return self._worker

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def seat(self, seat: Seat, difficulty: str) -> "AISeat":
        return AISeat(self, seat, difficulty)

    def advisor(self) -> "AIAdvisor":
        return AIAdvisor(self)

    def close(self) -> None:
        """Stop the worker (the table is left); safe to call more than once."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None


class AISeat:
    """An AI player at ``seat``: asks the worker once per ply it is to move at."""

    listens = True

    def __init__(self, brain: Brain, seat: Seat, difficulty: str) -> None:
        self.brain = brain
        self.seat = seat
        self.difficulty = difficulty
        self._asked: int | None = None  #: the ply asked about and not yet answered or dropped

    def offer(self, update: SeatUpdate) -> None:
        if not update.my_turn or self._asked == update.ply:
            return
        observation = update.view.to_dict()  # never the deal or others' hands
        self.brain.worker().request(update.game_id, observation, self.seat, self.difficulty,
                                    update.ai_seed)
        self._asked = update.ply

    def poll(self) -> str | None:
        if self._asked is None:
            return None
        move = self.brain.worker().poll()
        if move is not None:
            self._asked = None
        return move

    def cancel(self) -> None:
        if self._asked is not None:
            self.brain.cancel()
        self._asked = None

    def close(self) -> None:
        self.cancel()


class AIAdvisor:
    """The runner's hint advisor: the worker's move for the human to move, found patiently."""

    def __init__(self, brain: Brain) -> None:
        self.brain = brain
        self._asked = False

    def ask(self, update: SeatUpdate) -> None:
        self.brain.worker().request(update.game_id, update.view.to_dict(), update.seat,
                                    HINT_LEVEL, update.ai_seed, patient=True)
        self._asked = True

    def poll(self) -> Advice | None:
        if not self._asked:
            return None
        worker = self.brain.worker()
        text = worker.poll()
        if text is None:
            return None
        self._asked = False
        failed = getattr(worker, "last_error", None)  # a failed search's stand-in is no advice
        return Advice(None if failed else text)

    def cancel(self) -> None:
        if self._asked:
            self.brain.cancel()
        self._asked = False

    def close(self) -> None:
        self.cancel()
