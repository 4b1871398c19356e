"""Drawing the pieces of This Bed Is Mine: the mattress, tiles with upright numerals, pillows,
toy icons and claw markers.  Pure drawing helpers in virtual coordinates; no game decisions."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

import pygame

from catgames.core.grid import BitGrid, Shape, bounds, rotate_cw
from catgames.games.bed.table import pictures
from catgames.games.bed.components import Placement, bed_data
from catgames.games.bed.table.layout import BedGeometry
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import SeatStyle
from catgames.ui.art.shadow import shadow

INK = (0x22, 0x20, 0x28)
DISC = 0.46  #: a numeral disc's radius, in cells, at 100 %
MINI = 10    #: a tray tile's cell size
DIM = (0x80, 0x7C, 0x88)  #: a tray tile that cannot be laid now
HEAD = 5.0   #: the headboard's height, in tenths of a cell


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


def draw_mattress(canvas: Canvas, geo: BedGeometry) -> None:
    """The quilted mattress (its picture, painted once per size) under a headboard at row 0
    (the head of the bed: at the top, or at the left of a sideways bed)."""
    r, cell = geo.rect, geo.cell
    head, rim = HEAD * cell / 10 + cell / 18, cell / 18
    if geo.sideways:
        frame = pygame.FRect(r.x - head, r.y - rim, r.w + (HEAD + 0.4) * cell / 10, r.h + cell / 9)
    else:
        frame = pygame.FRect(r.x - rim, r.y - head, r.w + cell / 9, r.h + (HEAD + 0.4) * cell / 10)
    shadow(canvas, frame, radius=cell / 4)
    size = (canvas.length(frame.w), canvas.length(frame.h))
    if geo.sideways:
        picture = _turned(pictures.mattress(geo.rows, geo.cols, (size[1], size[0]), HEAD))
    else:
        picture = pictures.mattress(geo.rows, geo.cols, size, HEAD)
    canvas.surface.blit(picture, canvas.real_rect(frame).topleft)


def _turned(picture: pygame.Surface) -> pygame.Surface:
    """``picture`` (an upright bed's, kept by ``pictures``) turned a quarter counter-clockwise,
    as a sideways bed shows it.  Not kept: the bed is drawn once per move into the table's
    cached layer, and turning costs half a millisecond where a kept copy costs megabytes."""
    return pygame.transform.rotate(picture, 90)


def draw_cells(canvas: Canvas, geo: BedGeometry, cells: Iterable[tuple[int, int]],
               color: Sequence[int], inset: float = 0) -> None:
    for row, col in cells:
        canvas.rect(color, geo.cell_rect(row, col).inflate(-2 * inset, -2 * inset))


def draw_tile(canvas: Canvas, geo: BedGeometry, cells: Sequence[tuple[int, int]], digit: int,
              seat: int, style: SeatStyle) -> None:
    """One tile: its animal's picture on a soft shadow, the numeral upright (6 and 9 underlined)."""
    shadow(canvas, *(geo.cell_rect(row, col).inflate(-geo.cell / 8, -geo.cell / 8) for row, col in cells),
           radius=geo.cell / 3)
    draw_animal(canvas, geo, cells, digit, seat, style)
    draw_numeral(canvas, geo.centre(*label_cell(cells)), digit, geo.cell, style)


def draw_animal(canvas: Canvas, geo: BedGeometry, cells: Sequence[tuple[int, int]], digit: int,
                seat: int, style: SeatStyle) -> None:
    """The tile's picture (seat 0's cat or seat 1's dog curled into its digit) over its cells."""
    rot = geo.shown_rot(pictures.rotation_of(digit, cells))
    picture = pictures.tile(digit, rot, seat, style, canvas.length(geo.cell))
    canvas.surface.blit(picture, canvas.to_real(geo.bounds(list(cells)).topleft))


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
    """A pillow's picture over the cells it fills (turned with a sideways bed)."""
    h = len({r for r, _ in cells})
    w = len({c for _, c in cells})
    rect = geo.bounds(list(cells))
    size = (canvas.length(rect.w), canvas.length(rect.h))
    picture = _turned(pictures.pillow(h, w, (size[1], size[0]))) if geo.sideways else pictures.pillow(h, w, size)
    canvas.surface.blit(picture, canvas.real_rect(rect).topleft)


def draw_toy(canvas: Canvas, geo: BedGeometry, cell: tuple[int, int], kind: str) -> None:
    """A toy printed on a cell of the quilt, told apart by shape: bone, mouse or ball of yarn."""
    canvas.surface.blit(pictures.toy(kind, canvas.length(geo.cell)), canvas.to_real(geo.cell_rect(*cell).topleft))


def draw_claw(canvas: Canvas, centre: Point, size: float, style: SeatStyle) -> None:
    """A claw marker on a won section: three curved scratches on the owner's disc."""
    x, y = centre
    canvas.circle(style.color, centre, size * 0.5)
    canvas.circle(INK, centre, size * 0.5, width=2)
    for k in (-1, 0, 1):
        canvas.line(INK, (x + k * size * 0.18 - size * 0.08, y - size * 0.25),
                    (x + k * size * 0.18 + size * 0.06, y + size * 0.25), max(2, size * 0.08))


def draw_mini_tile(canvas: Canvas, centre: Point, digit: int, rot: int, cell: float,
                   seat: int, style: SeatStyle, dim: bool = False) -> pygame.FRect:
    """A tray tile drawn small around ``centre`` (its animal, or greyed flat when it cannot be
    laid); returns its bounding rect."""
    cells = shape(digit, rot)
    h, w = bounds(cells)
    x0, y0 = centre[0] - w * cell / 2, centre[1] - h * cell / 2
    if not dim:
        canvas.surface.blit(pictures.tile(digit, rot, seat, style, canvas.length(cell)), canvas.to_real((x0, y0)))
        return pygame.FRect(x0, y0, w * cell, h * cell)
    for r, c in cells:
        canvas.rect(DIM, pygame.FRect(x0 + c * cell, y0 + r * cell, cell, cell))
    for a, b in outline(set(cells)):
        canvas.line(INK, (x0 + a[1] * cell, y0 + a[0] * cell), (x0 + b[1] * cell, y0 + b[0] * cell), 2)
    return pygame.FRect(x0, y0, w * cell, h * cell)
