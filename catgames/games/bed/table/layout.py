"""Where things sit on the This Bed Is Mine table, in fixed virtual coordinates, so the scene, the
pictures, the move animation and the hover reference all agree on them.

The bed is 13 cells wide and 17 long, the window wider than tall: on the table it lies sideways,
its headboard at the left (the rules' rows run left to right, their columns bottom to top), and
fills the board area; the caption strip under it holds the territory switch and the notes.  The
trays replace the seat list in the side panel: each seat's name, points and tiles in hand."""

from __future__ import annotations

import pygame

from catgames.games.bed.components import bed_data
from catgames.ui.canvas import Point
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT

CELL = 45
BED_ORIGIN = (79, 86)         #: the mattress's top-left corner (the headboard is left of it)
#: the strip under the bed: the territory switch, then the notes (or the legend of the sums)
CAPTION = pygame.FRect(BOARD_RECT.x + 8, BED_ORIGIN[1] + 13 * CELL + 9, BOARD_RECT.w - 16,
                       BOARD_RECT.bottom - 4 - (BED_ORIGIN[1] + 13 * CELL + 9))
TOGGLE = pygame.FRect(CAPTION.x, CAPTION.y, 420, min(40.0, CAPTION.h))  #: "Territory (T)" whole at 150 %
NOTES = pygame.FRect(TOGGLE.right + 14, CAPTION.y, CAPTION.right - TOGGLE.right - 14, CAPTION.h)
LEGEND = NOTES
TRAY_GAP = 6
TRAY_X = SIDE_RECT.x + 8
TRAY_W = SIDE_RECT.w - 16
TRAY_H = (SIDE_RECT.h - 16 - TRAY_GAP) / 2
TRAY_TOP = (SIDE_RECT.y + 8, SIDE_RECT.y + 8 + TRAY_H + TRAY_GAP)  #: y of the cat's and the dog's tray
TRAY_HEAD = 36                #: a tray's title row: the seat's swatch, name and points
SLOTS_PER_ROW = 5             #: two rows of slots: 1-5, then 6-9 centred under them
SLOT_W = (TRAY_W - 12) / SLOTS_PER_ROW
SLOT_H = (TRAY_H - TRAY_HEAD - 6) / 2


class BedGeometry:
    """Where a bed sits and how its cells map to points: upright (the headboard at the top, as in
    the gallery) or ``sideways`` (turned a quarter counter-clockwise, the headboard at the left)."""

    def __init__(self, origin: Point, cell: float, sideways: bool = False) -> None:
        self.x, self.y = origin
        self.cell = cell
        self.sideways = sideways
        grid = bed_data().grid
        self.rows, self.cols = grid.rows, grid.cols
        across, down = (self.rows, self.cols) if sideways else (self.cols, self.rows)
        self.rect = pygame.FRect(self.x, self.y, across * cell, down * cell)

    def point(self, row: float, col: float) -> Point:
        """The screen point of the grid point ``(row, col)`` (fractions allowed)."""
        if self.sideways:
            return (self.x + row * self.cell, self.y + (self.cols - col) * self.cell)
        return (self.x + col * self.cell, self.y + row * self.cell)

    def cell_rect(self, row: float, col: float) -> pygame.FRect:
        rect = pygame.FRect(0, 0, self.cell, self.cell)
        rect.center = self.centre(row, col)
        return rect

    def centre(self, row: float, col: float) -> Point:
        return self.point(row + 0.5, col + 0.5)

    def cell_at(self, pos: Point) -> tuple[int, int] | None:
        if not self.rect.collidepoint(pos):
            return None
        across, down = int((pos[0] - self.x) // self.cell), int((pos[1] - self.y) // self.cell)
        return (across, self.cols - 1 - down) if self.sideways else (down, across)

    def step(self, cell: tuple[int, int], right: int, down: int) -> tuple[int, int]:
        """The cell ``right`` and ``down`` screen cells from ``cell``, kept on the bed."""
        dr, dc = (right, -down) if self.sideways else (down, right)
        return (min(max(cell[0] + dr, 0), self.rows - 1), min(max(cell[1] + dc, 0), self.cols - 1))

    def shown_rot(self, rot: int) -> int:
        """How a tile turned ``rot`` quarter turns (clockwise, on the rules' grid) looks on the
        screen, in quarter turns from upright: a sideways bed turns it a quarter back."""
        return (rot + 3) % 4 if self.sideways else rot

    def rules_rot(self, shown: int) -> int:
        """The rules' turn of a tile shown ``shown`` quarter turns from upright (``shown_rot``
        undone): the drag's turns count from the tile as it lies in the tray."""
        return (shown + 1) % 4 if self.sideways else shown

    def bounds(self, cells: list[tuple[int, int]]) -> pygame.FRect:
        """The rect round ``cells`` (a tile, a pillow)."""
        rects = [self.cell_rect(*c) for c in cells]
        return rects[0].unionall(rects[1:])


GEO = BedGeometry(BED_ORIGIN, CELL, sideways=True)  #: the bed on the table


def slot_rect(seat: int, digit: int) -> pygame.FRect:
    """Where ``digit`` rests in ``seat``'s tray: 1-5 in a row, 6-9 centred under them."""
    row, col = divmod(digit - 1, SLOTS_PER_ROW)
    left = TRAY_X + 6 + (SLOT_W / 2 if row else 0)
    return pygame.FRect(left + col * SLOT_W, TRAY_TOP[seat] + TRAY_HEAD + row * SLOT_H, SLOT_W, SLOT_H)


def tray_box(seat: int) -> pygame.FRect:
    """A seat's tray: its title row and two rows of slots."""
    return pygame.FRect(TRAY_X, TRAY_TOP[seat], TRAY_W, TRAY_H)
