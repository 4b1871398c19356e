"""Pictures painted once and kept: covers, tables and shadows cost milliseconds to paint and
nothing to blit, so each is made the first time its key is asked for."""

from __future__ import annotations

from typing import Callable, Generic, Hashable, TypeVar

K = TypeVar("K")


class Kept(Generic[K]):
    """What ``make`` gives per key, at most ``limit`` of them: past that all are dropped (the
    window or the text size changed, and the old sizes will not come back soon)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.items: dict[Hashable, K] = {}

    def get(self, key: Hashable, make: Callable[[], K]) -> K:
        if key not in self.items:
            if len(self.items) >= self.limit:
                self.items.clear()
            self.items[key] = make()
        return self.items[key]

    def peek(self, key: Hashable) -> K | None:
        """The kept picture of ``key``, if there is one (nothing is made)."""
        return self.items.get(key)
