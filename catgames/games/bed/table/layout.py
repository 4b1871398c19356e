"""Where things sit on the This Bed Is Mine table: the bed and how its cells map to points, the
two trays with their slots, the territory switch and its legend.  Fixed virtual coordinates, so
the scene, the pictures, the move animation and the hover reference all agree on them."""

from __future__ import annotations

import pygame

from catgames.games.bed.components import bed_data
from catgames.ui.canvas import Point

CELL = 36
BED_ORIGIN = (40, 104)
TRAY_X = 530
TRAY_W = 342
SLOT_H = 62
TRAY_HEAD = 40                #: a tray's title row
TRAY_FOOT = 46                #: a tray's notes row: which tiles cannot be laid now, and why
TRAY_H = TRAY_HEAD + 3 * SLOT_H + TRAY_FOOT
TRAY_TOP = (84, 84 + TRAY_H + 8)  #: y of the cat's and the dog's tray
#: the territory switch under the trays, and the legend of its numbers below it
TOGGLE = pygame.FRect(TRAY_X - 8, TRAY_TOP[1] + TRAY_H + 6, TRAY_W + 16, 40)
LEGEND = pygame.FRect(TRAY_X - 4, TOGGLE.bottom + 4, TRAY_W + 8, 732 - TOGGLE.bottom - 4)


class BedGeometry:
    """Where the bed sits in the virtual layout and how cells map to points."""

    def __init__(self, origin: Point, cell: float) -> None:
        self.x, self.y = origin
        self.cell = cell
        grid = bed_data().grid
        self.rows, self.cols = grid.rows, grid.cols
        self.rect = pygame.FRect(self.x, self.y, self.cols * cell, self.rows * cell)

    def cell_rect(self, row: float, col: float) -> pygame.FRect:
        return pygame.FRect(self.x + col * self.cell, self.y + row * self.cell, self.cell, self.cell)

    def corner(self, row: float, col: float) -> Point:
        return (self.x + col * self.cell, self.y + row * self.cell)

    def centre(self, row: float, col: float) -> Point:
        return (self.x + (col + 0.5) * self.cell, self.y + (row + 0.5) * self.cell)

    def cell_at(self, pos: Point) -> tuple[int, int] | None:
        if not self.rect.collidepoint(pos):
            return None
        return (int((pos[1] - self.y) // self.cell), int((pos[0] - self.x) // self.cell))

    def bounds(self, cells: list[tuple[int, int]]) -> pygame.FRect:
        """The rect round ``cells`` (a tile, a pillow)."""
        rects = [self.cell_rect(*c) for c in cells]
        return rects[0].unionall(rects[1:])


GEO = BedGeometry(BED_ORIGIN, CELL)  #: the bed on the table


def slot_rect(seat: int, digit: int) -> pygame.FRect:
    """Where ``digit`` rests in ``seat``'s tray: three rows of three slots."""
    i = digit - 1
    w = TRAY_W / 3
    return pygame.FRect(TRAY_X + (i % 3) * w, TRAY_TOP[seat] + TRAY_HEAD + (i // 3) * SLOT_H, w, SLOT_H)


def tray_box(seat: int) -> pygame.FRect:
    """A seat's tray: its title row, three rows of slots, and its notes row at the foot."""
    return pygame.FRect(TRAY_X - 8, TRAY_TOP[seat], TRAY_W + 16, TRAY_H)
