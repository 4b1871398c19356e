"""What the Cathood table may show, the one source of everything it draws: ``Seen``, one
seat's *observation* (never the full state) with the seat names, and ``Showing``, what the table
shows of it now (whose turn, whose board, the disc put on an action space, the canvas it is
measured on).

The only hidden things in Cathood are the decks' order (only counts are drawn) and a committed
rock-paper-scissors choice (never drawn: a fighter is only shown as having chosen).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from catgames.games.cathood.table import layout as L
from catgames.games.cathood.rules import CathoodState
from catgames.ui.canvas import Canvas, Point


@dataclass(frozen=True)
class Seen:
    """What the table may show: an observation and the seat names."""

    view: CathoodState
    names: tuple[str, ...]

    @property
    def grid(self) -> L.Grid:
        geo = self.view.geo
        return L.grid(geo.rows, geo.cols)

    def space_point(self, space: int) -> Point:
        return self.grid.point(self.view.geo.points[space])

    def cat_points(self) -> dict[int, Point]:
        """Where each placed cat is drawn; cats sharing a space stand side by side along it."""
        out: dict[int, Point] = {}
        geo, grid = self.view.geo, self.grid
        for seat, space in enumerate(self.view.cats):
            if space < 0:
                continue
            mates = [s for s, c in enumerate(self.view.cats) if c == space]
            k = mates.index(seat) - (len(mates) - 1) / 2
            x, y = self.space_point(space)
            shift = k * grid.tile * 0.26
            out[seat] = (x + shift, y) if geo.is_horizontal(space) else (x, y + shift)
        return out

    def cat_size(self) -> float:
        """A cat grows with the tiles (a little wider than its street)."""
        return max(24.0, self.grid.tile * L.CAT_SHARE)

    # content keys: a cached layer is redrawn only when what it shows changes
    def street_key(self) -> tuple:
        v = self.view
        return (tuple(v.tiles), tuple(v.rots), tuple(v.houses), tuple(v.statues), tuple(v.cats))

    def market_key(self) -> tuple:
        v = self.view
        return (tuple(v.rows[0]), tuple(v.rows[1]), len(v.decks[0]), len(v.decks[1]), tuple(v.park_deck))

    def seat_key(self, seat: int) -> tuple:
        v = self.view
        return (tuple(v.cubes[seat]), tuple(v.toys[seat]), tuple(v.buildings[seat]), tuple(v.parks[seat]),
                v.reserved[seat], v.placed_houses[seat], v.placed_statues[seat])

    def lot_owners(self, position: int) -> list[int]:
        tile = self.view.tiles[position]
        return self.view.houses[tile * 4:tile * 4 + 4]


@dataclass(frozen=True)
class Showing:
    """What the table shows now: ``seen``, the cat whose turn it is (``acting``: in set-up the
    one placing, and still the player of a turn that waits for its End turn), the cat whose
    board lies under the neighbourhood (``board_seat``), the action space a disc was put on
    (``armed``) and the canvas, whose text size places a board's lines and the side panel's rows."""

    seen: Seen
    acting: int
    board_seat: int
    armed: int | None
    canvas: Canvas

    def seat_row(self, seat: int) -> pygame.FRect:
        """``seat``'s row in the side panel."""
        return L.seat_row(seat, self.seen.view.n, self.canvas.text_scale)
