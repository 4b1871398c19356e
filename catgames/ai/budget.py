"""How long a player may think: a soft target, a hard cap and an optional fixed amount of work.

A search stops at the soft budget once it has an answer; before it has one it may run on, but
never past the hard cap.  ``iterations`` gives deterministic searches for tests and analysis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from time import perf_counter
from typing import Callable


@dataclass(frozen=True)
class Budget:
    """Thinking limits; at least one of them must be set, or a search could run forever."""

    soft_s: float | None = 1.0         #: stop here once there is an answer
    cap_s: float | None = None         #: never think longer (``None``: same as ``soft_s``)
    iterations: int | None = None      #: MCTS simulations, or alpha-beta deepening iterations
    stop: Callable[[], bool] | None = field(default=None, compare=False)  #: external cancel

    def __post_init__(self) -> None:
        if self.soft_s is None and self.cap_s is None and self.iterations is None:
            raise ValueError("a Budget needs soft_s, cap_s or iterations")

    def spent(self, seconds: float) -> "Budget":
        """The budget left after ``seconds`` already went by (e.g. queueing in the worker)."""
        return replace(self,
                       soft_s=None if self.soft_s is None else max(0.0, self.soft_s - seconds),
                       cap_s=None if self.cap_s is None else max(0.0, self.cap_s - seconds))

    @property
    def hard_s(self) -> float:
        """The hard cap in seconds; ``inf`` for a budget that only counts work."""
        cap = self.cap_s if self.cap_s is not None else self.soft_s
        return math.inf if cap is None else cap

    def clock(self) -> "Clock":
        return Clock(self)


class Clock:
    """Deadlines of one ``choose`` call, started when the clock is made."""

    __slots__ = ("soft", "hard", "_stop")

    def __init__(self, budget: Budget) -> None:
        now = perf_counter()
        soft = budget.soft_s if budget.soft_s is not None else budget.cap_s
        self.soft = math.inf if soft is None else now + soft
        self.hard = max(self.soft, now + budget.hard_s)
        self._stop = budget.stop

    def out_of_time(self, have_answer: bool) -> bool:
        """Past the soft budget once there is an answer; only past the hard cap before."""
        if self._stop is not None and self._stop():
            return True
        return perf_counter() >= (self.soft if have_answer else self.hard)
