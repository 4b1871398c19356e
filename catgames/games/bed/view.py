"""Drawing the pieces of This Bed Is Mine: the mattress, tiles with upright numerals, pillows,
toy icons and claw markers.  Pure drawing helpers in virtual coordinates; no game decisions."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

import pygame

from catgames.core.grid import BitGrid, Shape, bounds, rotate_cw
from catgames.games.bed.components import Placement, bed_data
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import SeatStyle
from catgames.ui.art.shadow import shadow

MATTRESS = (0xF3, 0xEC, 0xDC)
MATTRESS_LINE = (0xD9, 0xCF, 0xB8)
HEADBOARD = (0x8C, 0x6A, 0x4F)
PILLOW = (0xFF, 0xFF, 0xFF)
PILLOW_EDGE = (0xB8, 0xB0, 0xA0)
PILLOW_SHADE = (0xE2, 0xE6, 0xEE)
INK = (0x22, 0x20, 0x28)
ICON = (0x55, 0x50, 0x60)
DISC = 0.46  #: a numeral disc's radius, in cells, at 100 %
MINI = 11    #: a tray tile's cell size


@lru_cache(maxsize=None)
def shape(digit: int, rot: int) -> Shape:
    """The cells of ``digit`` turned ``rot`` clockwise quarter turns."""
    return rotate_cw(bed_data().shapes[digit], rot)


@lru_cache(maxsize=None)
def grip(digit: int, rot: int) -> tuple[int, int]:
    """The cell of ``digit`` turned ``rot`` (from its box's top-left) held under the pointer and
    marked on a legal spot: one the tile covers (its numeral's cell), never a hole beside it."""
    return label_cell(shape(digit, rot))


def hint_cells(targets: Iterable[Placement]) -> list[tuple[int, int]]:
    """Where the legal spots of a held tile are marked: each placement's grip cell, the cell the
    pointer drops it by (so a marker lies on the tile's own cell, never on another piece)."""
    return sorted({(t.row + grip(t.digit, t.rot)[0], t.col + grip(t.digit, t.rot)[1]) for t in targets})


def label_cell(cells: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """The tile's cell nearest its bounding-box centre: where its numeral is printed upright."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    h = max(r for r, _ in cells) - r0 + 1
    w = max(c for _, c in cells) - c0 + 1
    cy, cx = r0 + (h - 1) / 2, c0 + (w - 1) / 2
    return min(cells, key=lambda rc: ((rc[0] - cy) ** 2 + (rc[1] - cx) ** 2, rc))


def outline(cells: set[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Grid-corner segments on the boundary of a cell set (to draw a tile's contour)."""
    segs = []
    for r, c in cells:
        if (r - 1, c) not in cells:
            segs.append(((r, c), (r, c + 1)))
        if (r + 1, c) not in cells:
            segs.append(((r + 1, c), (r + 1, c + 1)))
        if (r, c - 1) not in cells:
            segs.append(((r, c), (r + 1, c)))
        if (r, c + 1) not in cells:
            segs.append(((r, c + 1), (r + 1, c + 1)))
    return segs


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


def draw_mattress(canvas: Canvas, geo: BedGeometry) -> None:
    """A quilted mattress with a headboard at row 0 (the head of the bed)."""
    r = geo.rect
    canvas.rect(HEADBOARD, (r.x - 10, r.y - 18, r.w + 20, 26), radius=8)
    canvas.rect((0, 0, 0, 60), r.move(4, 5), radius=10)
    canvas.rect(MATTRESS, r.inflate(6, 6), radius=10)
    for row in range(1, geo.rows):
        canvas.line(MATTRESS_LINE, geo.corner(row, 0), geo.corner(row, geo.cols), 1)
    for col in range(1, geo.cols):
        canvas.line(MATTRESS_LINE, geo.corner(0, col), geo.corner(geo.rows, col), 1)


def draw_cells(canvas: Canvas, geo: BedGeometry, cells: Iterable[tuple[int, int]],
               color: Sequence[int], inset: float = 0) -> None:
    for row, col in cells:
        canvas.rect(color, geo.cell_rect(row, col).inflate(-2 * inset, -2 * inset))


def draw_tile(canvas: Canvas, geo: BedGeometry, cells: Sequence[tuple[int, int]], digit: int,
              style: SeatStyle, alpha: int = 255, label: bool = True) -> None:
    """One tile: seat colour and pattern, a dark contour, the numeral upright (6 and 9 underlined)."""
    fill = (*style.color, alpha) if alpha < 255 else style.color
    if alpha == 255:
        shadow(canvas, *(geo.cell_rect(row, col) for row, col in cells), radius=0)
    for row, col in cells:
        rect = geo.cell_rect(row, col)
        canvas.rect(fill, rect)
        if alpha == 255 and style.pattern != "plain":
            canvas.pattern(style.pattern, rect, style.light, step=geo.cell / 3)
    for a, b in outline(set(cells)):
        canvas.line(INK, geo.corner(*a), geo.corner(*b), max(2, geo.cell / 12))
    if label:
        draw_numeral(canvas, geo.centre(*label_cell(cells)), digit, geo.cell, style)


def draw_numeral(canvas: Canvas, centre: Point, digit: int, cell: float, style: SeatStyle,
                 room: float | None = None) -> None:
    """The tile's value in a light disc, always upright; 6 and 9 are underlined (spec E2).  The
    numeral grows with the text size as far as its disc holds it; the disc itself grows only up
    to the radius ``room`` (on the bed a cell keeps its size, so by default it does not)."""
    radius = min(cell * DISC * canvas.piece_growth, room or cell * DISC)
    canvas.circle(style.light, centre, radius)
    canvas.circle(INK, centre, radius, width=max(1.5, cell / 18))
    text = str(digit)
    size = canvas.steady(cell * 0.72, lambda s: canvas.text_size(text, s, True, True)[0] <= radius * 1.3,
                         fixed=True)
    grow = size / (cell * 0.72)
    canvas.text(text, (centre[0], centre[1] + cell * 0.02), size, INK, "center", bold=True, fixed=True)
    if digit in (6, 9):
        y = centre[1] + cell * 0.3 * grow
        half = cell * 0.17 * grow
        canvas.line(INK, (centre[0] - half, y), (centre[0] + half, y), max(2, cell / 14))


def claw_spots(grid: BitGrid, mask: int, avoid: int) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """Where a won section's claw goes (its deepest cell clear of ``avoid``) and, when it has one,
    a neighbouring cell of the section, also clear, for the section's size: below, right, left
    or above the claw, so the number never lands on a tile, the frame or a toy icon."""
    free = mask & ~avoid
    spots = grid.cells(grid.deepest(mask, avoid))
    for claw in [spots[len(spots) // 2]] + spots + grid.cells(free):
        for dr, dc in ((1, 0), (0, 1), (0, -1), (-1, 0)):
            r, c = claw[0] + dr, claw[1] + dc
            if grid.contains(r, c) and free & grid.bit(r, c):
                return claw, (r, c)
    return spots[len(spots) // 2], None


def draw_section_size(canvas: Canvas, centre: Point, size: int, cell: float) -> None:
    """A won section's size in a white pill, as large as the text size allows inside a cell."""
    text = str(size)
    pt = canvas.steady(14, lambda s: canvas.text_size(text, s, True, True)[0] <= cell - 10, fixed=True)
    w, h = canvas.text_size(text, pt, True, True)
    pill = pygame.FRect(0, 0, min(cell - 2, w + 8), min(cell - 2, h)).move_to(center=centre)
    canvas.rect((255, 255, 255, 225), pill, radius=pill.h / 2)
    canvas.text(text, centre, pt, INK, "center", bold=True, fixed=True)


def draw_pillow(canvas: Canvas, geo: BedGeometry, cells: Sequence[tuple[int, int]]) -> None:
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    top_left = geo.corner(min(rows), min(cols))
    rect = pygame.FRect(top_left, ((max(cols) - min(cols) + 1) * geo.cell,
                                   (max(rows) - min(rows) + 1) * geo.cell)).inflate(-4, -4)
    radius = geo.cell * 0.45
    canvas.rect(PILLOW_EDGE, rect.move(0, 3), radius=radius)
    canvas.rect(PILLOW, rect, radius=radius)
    canvas.rect(PILLOW_SHADE, rect.inflate(-10, -12).move(0, 3), radius=radius * 0.8)
    canvas.rect(PILLOW, rect.inflate(-14, -18).move(-2, -2), radius=radius * 0.7)
    for corner in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        canvas.circle(PILLOW_EDGE, (corner[0] + (6 if corner[0] == rect.x else -6),
                                    corner[1] + (6 if corner[1] == rect.y else -6)), 2.5)


def draw_toy(canvas: Canvas, centre: Point, kind: str, size: float, color: Sequence[int] = ICON) -> None:
    """A toy icon told apart by shape (never colour alone): bone, mouse or ball of yarn."""
    x, y = centre
    s = size
    if kind == "bone":
        canvas.rect(color, (x - s * 0.3, y - s * 0.09, s * 0.6, s * 0.18), radius=s * 0.05)
        for dx in (-0.3, 0.3):
            for dy in (-0.1, 0.1):
                canvas.circle(color, (x + dx * s, y + dy * s), s * 0.11)
    elif kind == "mouse":
        canvas.circle(color, (x + s * 0.05, y + s * 0.04), s * 0.2)
        canvas.circle(color, (x - s * 0.08, y - s * 0.17), s * 0.09)
        canvas.circle(color, (x + s * 0.16, y - s * 0.17), s * 0.09)
        canvas.line(color, (x - s * 0.12, y + s * 0.14), (x - s * 0.34, y + s * 0.3), max(1, s * 0.05))
    else:  # yarn: a solid ball wound criss-cross with pale strands
        r = s * 0.27
        canvas.circle(color, (x, y), r)
        for k in (-1, 0, 1):
            canvas.line(MATTRESS, (x - r * 0.8, y + k * r * 0.45 - r * 0.3), (x + r * 0.8, y + k * r * 0.45 + r * 0.3),
                        max(1, s * 0.035))
            canvas.line(MATTRESS, (x + k * r * 0.45 - r * 0.3, y + r * 0.8), (x + k * r * 0.45 + r * 0.3, y - r * 0.8),
                        max(1, s * 0.035))


def draw_claw(canvas: Canvas, centre: Point, size: float, style: SeatStyle) -> None:
    """A claw marker on a won section: three curved scratches on the owner's disc."""
    x, y = centre
    canvas.circle(style.color, centre, size * 0.5)
    canvas.circle(INK, centre, size * 0.5, width=2)
    for k in (-1, 0, 1):
        canvas.line(INK, (x + k * size * 0.18 - size * 0.08, y - size * 0.25),
                    (x + k * size * 0.18 + size * 0.06, y + size * 0.25), max(2, size * 0.08))


def draw_mini_tile(canvas: Canvas, centre: Point, digit: int, rot: int, cell: float,
                   style: SeatStyle, dim: bool = False) -> pygame.FRect:
    """A tray tile drawn small around ``centre``; returns its bounding rect."""
    cells = shape(digit, rot)
    h, w = bounds(cells)
    x0, y0 = centre[0] - w * cell / 2, centre[1] - h * cell / 2
    color = (0x80, 0x7C, 0x88) if dim else style.color
    for r, c in cells:
        rect = pygame.FRect(x0 + c * cell, y0 + r * cell, cell, cell)
        canvas.rect(color, rect)
        if not dim and style.pattern != "plain":
            canvas.pattern(style.pattern, rect, style.light, step=cell / 2)
    for a, b in outline(set(cells)):
        canvas.line(INK, (x0 + a[1] * cell, y0 + a[0] * cell), (x0 + b[1] * cell, y0 + b[0] * cell), 2)
    return pygame.FRect(x0, y0, w * cell, h * cell)
