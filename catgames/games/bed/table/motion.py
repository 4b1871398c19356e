"""This Bed Is Mine's move animation: the tile laid slides from its tray slot (or from where the
player let it go) onto the cells it covers, growing from its tray size to the bed's, so it lands
exactly as it is drawn."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.core.rules import Event
from catgames.core.grid import BitGrid
from catgames.games.bed.table.layout import GEO, BedGeometry, slot_rect
from catgames.games.bed.table.view import MINI, draw_tile
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import DrawAt, Tween, sprite
from catgames.ui.theme import palette


def move_tweens(grid: BitGrid, events: Sequence[Event], origin: Point | None) -> list[Tween]:
    """One tween per tile laid: from the tray (a computer's move) or from ``origin`` (where the
    player dropped it), to its cells."""
    tweens = []
    for event in events:
        if event.kind != "place" or event.seat is None:
            continue
        cells = grid.cells(event.get("mask"))
        landing = GEO.bounds(cells)
        tray = slot_rect(event.seat, event.get("digit"))
        start = origin or tray.center
        dropped = not tray.collidepoint(start)  # dragged onto the bed: already at full size
        tweens.append(Tween(_tile_at(GEO, cells, event.get("digit"), event.seat, landing,
                                     GEO.cell if dropped else MINI),
                            (start, landing.center), cover=landing.inflate(4, 4)))
    return tweens


def _tile_at(geo: BedGeometry, cells: list[tuple[int, int]], digit: int, seat: int,
             landing: pygame.FRect, first: float) -> DrawAt:
    """The tile as it lies on the bed, its cells growing from ``first`` to the bed's size on the
    way."""
    def draw(canvas: Canvas, at: Point) -> None:
        shift = (at[0] - landing.centerx, at[1] - landing.centery)
        draw_tile(canvas, BedGeometry((geo.x + shift[0], geo.y + shift[1]), geo.cell, geo.sideways), cells, digit,
                  seat, palette().seat(seat))
    return sprite(landing.inflate(6, 6).size, draw,
                  grow=lambda progress: (first + (geo.cell - first) * progress) / geo.cell)
