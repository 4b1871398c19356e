"""A computer's cat walking its path across the Cathood table, space by space, so its move can
be followed; a secret passage is jumped halfway through its step rather than slid across.  And
the tiles a move turned or swapped, which the table outlines for a moment."""

from __future__ import annotations

import math
from dataclasses import dataclass

from catgames.core.rules import Event
from catgames.games.cathood.panels import Seen
from catgames.games.cathood.rules import CathoodState
from catgames.ui.canvas import Point

WALK_STEP = 0.16          #: seconds per space of a cat's walk


@dataclass
class Walk:
    """A cat walking its path (a teleport jumps halfway through its step)."""

    seat: int
    points: list[Point]
    jumps: set[int]
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= WALK_STEP * (len(self.points) - 1)

    @property
    def pos(self) -> Point:
        i = min(len(self.points) - 2, int(self.t / WALK_STEP))
        k = min(1.0, self.t / WALK_STEP - i)
        a, b = self.points[i], self.points[i + 1]
        if i in self.jumps:
            return a if k < 0.5 else b
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


def add_walk(walks: list[Walk], old: Seen, state: CathoodState, seat: int, path: list[int]) -> None:
    """Walk ``seat``'s cat along ``path`` (spaces of ``state``), from where ``old`` showed it or
    on from the end of the walk it has not finished yet."""
    prev = next((w for w in walks if w.seat == seat), None)
    start = prev.points[-1] if prev else old.cat_points().get(seat)
    if start is None:
        return
    seen_now = Seen(state.observe(-1), old.names)
    points = [start] + [seen_now.space_point(s) for s in path]
    far = (old.grid.tile + old.grid.gap) * 1.2
    jumps = {i for i, (a, b) in enumerate(zip(points, points[1:])) if math.dist(a, b) > far}
    if prev is not None:
        prev.points += points[1:]
        prev.jumps |= {i + len(prev.points) - len(points) for i in jumps}
    else:
        walks.append(Walk(seat, points, jumps))


def turned_tiles(state: CathoodState, event: Event) -> tuple[int, ...]:
    """The positions a ``rotate`` or ``swap`` event changed."""
    cells = [(event.get("row"), event.get("col"))] if event.kind == "rotate" else [event.get("a"), event.get("b")]
    return tuple(state.geo.position(*c) for c in cells)
