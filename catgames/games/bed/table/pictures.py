"""The pictures of This Bed Is Mine, drawn by our code in the title covers' house style and
painted once per size: cat and dog tiles curled into their digits, the quilted mattress, its
pillows and the toys printed on side B.

A tile is an animal lying along the strokes of its digit: a soft body through the centres of
its cells (so the numeral's shape and every covered cell stay plain), the head upright at one
end of the stroke, the tail at the cell farthest along it.  Cats and dogs differ by shape as
well as colour: a cat has pricked ears, whiskers and a long thin tail curled up; a dog has
floppy ears, a muzzle and a short plume of a tail; the seat's pattern runs along the fur.  The
numeral itself is printed upright over the picture by ``view.draw_numeral``, so it is never
turned or hidden.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Iterable

import pygame

from catgames.core.grid import Shape, bounds, normalize, rotate_cw
from catgames.games.bed.components import bed_data
from catgames.ui.art import cats, things
from catgames.ui.art.cats import Coat
from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Color, Ellipse, Parts, Pen, Poly, Stroke, curve, for_screen, mix
from catgames.ui.theme import REDDISH_PURPLE, SeatStyle

Cell = tuple[int, int]
UNIT = 10.0          #: a cell's size in design units
BODY = 4.3           #: the body's half-thickness, in design units (a cell is 10)
OUTLINE = 0.55       #: the body's outline, in design units
INK = cats.INK
CACHE_LIMIT = 160    #: 18 tiles in up to 4 turns, at the bed's and the tray's sizes, and the rest
ANIMALS = ("cat", "dog")  #: seat 0 plays the cats, seat 1 the dogs

FABRIC = (0xF3, 0xEC, 0xDC)
FABRIC_LIGHT = (0xFB, 0xF7, 0xEE)
FABRIC_SHADE = (0xE2, 0xD8, 0xC0)
STITCH = (0xC9, 0xBC, 0x9C)
PIPING = (0x9C, 0x8E, 0xB4)
WOOD = (0x8C, 0x6A, 0x4F)
WOOD_DARK = (0x6A, 0x4E, 0x3A)
PILLOW = (0xFD, 0xFC, 0xF8)
PILLOW_SHADE = (0xDF, 0xE4, 0xEE)
YARN = REDDISH_PURPLE   #: not a seat's colour on this table (the seats are orange and blue)

_pictures: Kept[pygame.Surface] = Kept(CACHE_LIMIT)


# -- where the animal lies along its digit ----------------------------------------------------
def _neighbours(cell: Cell, cells: Shape) -> list[Cell]:
    r, c = cell
    return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in cells]


def _ends(digit: int) -> tuple[Cell, Cell]:
    """Head and tail cells of ``digit`` upright: the head at the stroke's first free end (its
    top-left cell on the 8, whose strokes have none), the tail at the cell farthest from it."""
    cells = bed_data().shapes[digit]
    ends = sorted(cell for cell in cells if len(_neighbours(cell, cells)) == 1)
    head = ends[0] if ends else min(cells)
    far = {head: 0}
    todo = deque([head])
    while todo:
        cell = todo.popleft()
        for n in _neighbours(cell, cells):
            if n not in far:
                far[n] = far[cell] + 1
                todo.append(n)
    tail = max(sorted(cells), key=lambda cell: (far[cell], cell in ends))
    return head, tail


def ends(digit: int, rot: int) -> tuple[Cell, Cell]:
    """Head and tail cells of ``digit`` turned ``rot`` (in the turned shape's own box)."""
    upright = bed_data().shapes[digit]
    marks = []
    for cell in _ends(digit):
        turned = upright
        spot = cell
        for _ in range(rot % 4):
            height, _ = bounds(turned)
            spot = (spot[1], height - 1 - spot[0])
            turned = frozenset((c, height - 1 - r) for r, c in turned)
        marks.append(spot)
    return marks[0], marks[1]


def rotation_of(digit: int, cells: Iterable[Cell]) -> int:
    """The turn of ``digit`` that covers ``cells`` (placed anywhere)."""
    shape = normalize(cells)
    return next(rot for rot in range(4) if rotate_cw(bed_data().shapes[digit], rot) == shape)


# -- the animals ------------------------------------------------------------------------------
def coat(style: SeatStyle) -> Coat:
    """The seat's colours as fur: its colour, its light colour for muzzle, darker ears."""
    return Coat(style.color, style.light, mix(style.color, INK, 0.4), "plain")


def _centre(cell: Cell) -> tuple[float, float]:
    return (cell[1] + 0.5) * UNIT, (cell[0] + 0.5) * UNIT


def _body(cells: Shape, fur: Color) -> Parts:
    parts: Parts = [(Ellipse((*_centre(cell), BODY, BODY)), fur) for cell in sorted(cells)]
    for cell in sorted(cells):
        for n in _neighbours(cell, cells):
            if n > cell:
                parts.append((Stroke(([_centre(cell), _centre(n)], BODY)), fur))
    return parts


def _fur_marks(pen: Pen, cells: Shape, style: SeatStyle, head: Cell) -> None:
    """The seat's pattern along the fur: stripes across the body (a tabby's or a brindle's), dots
    (spots), or nothing for a plain coat."""
    dark = mix(style.color, INK, 0.3)
    for cell in sorted(cells - {head}):
        x, y = _centre(cell)
        if style.pattern == "stripes":
            for n in _neighbours(cell, cells):
                mx, my = (x + _centre(n)[0]) / 2, (y + _centre(n)[1]) / 2
                dx, dy = (n[1] - cell[1]) * BODY * 0.75, (n[0] - cell[0]) * BODY * 0.75
                for k in (-0.28, 0.28):
                    cx, cy = mx + (n[1] - cell[1]) * UNIT * k / 2, my + (n[0] - cell[0]) * UNIT * k / 2
                    pen.line(dark, (cx - dy, cy - dx), (cx + dy, cy + dx), 0.9)
        elif style.pattern == "dots":
            pen.circle(dark, x - 2.2, y - 2.0, 0.9)
            pen.circle(dark, x + 2.0, y + 2.2, 0.9)
        elif style.pattern != "plain":
            pen.line(dark, (x - 2.5, y - 2.5), (x - 1.0, y - 1.0), 0.8)
            pen.line(dark, (x + 2.5, y + 2.5), (x + 1.0, y + 1.0), 0.8)


def _outward(cell: Cell, cells: Shape) -> tuple[float, float]:
    """The unit direction from ``cell``'s neighbours out of it (the way a tail points)."""
    dx = sum(cell[1] - n[1] for n in _neighbours(cell, cells))
    dy = sum(cell[0] - n[0] for n in _neighbours(cell, cells))
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length else (1.0, 0.0)


def _tail(animal: str, cell: Cell, cells: Shape, fur: Color) -> Parts:
    x, y = _centre(cell)
    dx, dy = _outward(cell, cells)
    px, py = -dy, dx
    if animal == "cat":  # long and thin, its end curled up over the body
        points = curve((x - dx * 2.5 + px * 2.6, y - dy * 2.5 + py * 2.6), (x + dx * 4.8 + px * 2.2, y + dy * 4.8 + py * 2.2),
                       (x + dx * 2.2 - px * 2.4, y + dy * 2.2 - py * 2.4), 10)
        points += curve(points[-1], (x - dx * 0.8 - px * 2.8, y - dy * 0.8 - py * 2.8), (x - dx * 0.6 - px * 0.4, y - dy * 0.6 - py * 0.4), 6)
        return [(Stroke((points, 0.85)), fur)]
    plume = curve((x - dx * 1.0, y - dy * 1.0), (x + dx * 2.0 + px * 2.8, y + dy * 2.0 + py * 2.8),
                  (x + dx * 3.0 + px * 1.0, y + dy * 3.0 + py * 1.0), 8)
    return [(Stroke((plume, 1.5)), fur), (Ellipse((plume[-1][0], plume[-1][1], 1.7, 1.7)), fur)]


def _paws(head: Cell, cells: Shape) -> list[tuple[float, float]]:
    """Where the two front paws lie: on the body just behind the head."""
    x, y = _centre(_neighbours(head, cells)[0])
    hx, hy = _centre(head)
    dx, dy = (hx - x) / UNIT, (hy - y) / UNIT
    px, py = -dy, dx
    return [(x + dx * 3.4 + px * k, y + dy * 3.4 + py * k) for k in (-2.0, 2.0)]


def paint_tile(pen: Pen, digit: int, rot: int, animal: str, style: SeatStyle) -> None:
    """``digit`` turned ``rot`` as a ``animal`` (cat or dog) curled along its strokes."""
    cells = rotate_cw(bed_data().shapes[digit], rot)
    head, tail = ends(digit, rot)
    fur = coat(style)
    pen.figure(_body(cells, fur.fur), INK, OUTLINE)
    _fur_marks(pen, cells, style, head)
    tail_parts = _tail(animal, tail, cells, fur.fur)
    pen.figure(tail_parts, INK, OUTLINE * 0.8)
    if animal == "dog":   # the plume's pale tip
        tip = tail_parts[-1][0]
        pen.circle(fur.light, tip[0], tip[1], 1.0)
    else:                 # the tabby tail's dark rings
        points = tail_parts[0][0][0]
        for x, y in (points[4], points[8], points[12]):
            pen.circle(fur.marks, x, y, 0.7)
    for x, y in _paws(head, cells):
        pen.figure([(Ellipse((x, y, 1.3, 1.1)), fur.light)], INK, 0.4)
    hx, hy = _centre(head)
    if animal == "cat":
        cats.head(pen, hx, hy + 0.8, 4.0, fur, "happy")
    else:
        face = Coat(mix(fur.fur, cats.WHITE, 0.3), cats.WHITE, fur.marks)   # a paler face shows its eyes
        cats.dog_head(pen, hx, hy - 0.1, 3.7, face, "happy")


def tile(digit: int, rot: int, seat: int, style: SeatStyle, cell: int) -> pygame.Surface:
    """The tile's picture at ``cell`` real pixels a cell: painted the first time, then kept."""
    h, w = bounds(rotate_cw(bed_data().shapes[digit], rot))

    def make() -> pygame.Surface:
        pen = Pen((w * cell, h * cell), w * UNIT)
        paint_tile(pen, digit, rot, ANIMALS[seat % 2], style)
        return for_screen(pen.picture())

    return _pictures.get(("tile", digit, rot, seat, style, cell), make)


# -- the bed ----------------------------------------------------------------------------------
def paint_mattress(pen: Pen, rows: int, cols: int, head: float) -> None:
    """A quilted mattress ``cols`` x ``rows`` cells under a headboard ``head`` units tall: one
    puffed square of quilt per cell (lit from the top left), stitched along the cells' edges
    with a tuft where four squares meet, piped round its rim."""
    top = head
    pen.rect(WOOD_DARK, 0, 0, cols * UNIT + 4, head + 4, 3)
    pen.rect(WOOD, 0.6, 0.6, cols * UNIT + 2.8, head + 2, 2.6)
    for k in range(1, 4):
        pen.line(WOOD_DARK, (3, k * head / 4 + 0.6), (cols * UNIT + 1, k * head / 4 + 0.6), 0.18)
    pen.rect(PIPING, 0, top, cols * UNIT + 4, rows * UNIT + 4, 3)
    pen.rect(FABRIC_SHADE, 1.2, top + 1.2, cols * UNIT + 1.6, rows * UNIT + 1.6, 2)
    for r in range(rows):
        for c in range(cols):
            x, y = 2 + c * UNIT, top + 2 + r * UNIT
            pen.rect(FABRIC, x + 0.3, y + 0.3, UNIT - 0.6, UNIT - 0.6, 2.6)
            pen.ellipse(FABRIC_LIGHT, x + UNIT * 0.44, y + UNIT * 0.42, UNIT * 0.3, UNIT * 0.26)
    for r in range(rows + 1):
        y = top + 2 + r * UNIT
        for c in range(cols * 3):
            pen.lines(STITCH, [(2 + c * UNIT / 3 + 0.6, y), (2 + (c + 0.55) * UNIT / 3 + 0.6, y)], 0.35)
    for c in range(cols + 1):
        x = 2 + c * UNIT
        for r in range(rows * 3):
            pen.lines(STITCH, [(x, top + 2 + r * UNIT / 3 + 0.6), (x, top + 2 + (r + 0.55) * UNIT / 3 + 0.6)], 0.35)
    for r in range(1, rows):
        for c in range(1, cols):
            pen.circle(STITCH, 2 + c * UNIT, top + 2 + r * UNIT, 0.65)


def paint_pillow(pen: Pen, rows: int, cols: int) -> None:
    """A plump pillow filling ``rows`` x ``cols`` cells: pinched corners, a seam, a dent."""
    w, h = cols * UNIT, rows * UNIT
    m = 0.8
    sides = (curve((m, m), (w / 2, m + h * 0.12), (w - m, m), 8) + curve((w - m, m), (w - m - w * 0.06, h / 2), (w - m, h - m), 8)
             + curve((w - m, h - m), (w / 2, h - m - h * 0.12), (m, h - m), 8) + curve((m, h - m), (m + w * 0.06, h / 2), (m, m), 8))
    pen.figure([(Poly(sides), PILLOW)], INK, 0.5)
    pen.ellipse(PILLOW_SHADE, w / 2, h * 0.58, w * 0.34, h * 0.26)
    pen.ellipse(PILLOW, w * 0.47, h * 0.52, w * 0.3, h * 0.2)
    seam = [(x * 0.92 + w * 0.04, y * 0.84 + h * 0.08) for x, y in sides]
    for a, b in list(zip(seam, seam[1:]))[::2]:
        pen.line(PILLOW_SHADE, a, b, 0.35)


def paint_toy(pen: Pen, kind: str) -> None:
    """A toy printed on the quilt, one cell big: a bone biscuit, a felt mouse or a ball of yarn."""
    if kind == "bone":
        things.bone(pen, 5, 5, 6.4, -0.5)
    elif kind == "mouse":
        things.toy_mouse(pen, 5.6, 7.4, 7.4)
    else:
        things.yarn(pen, 5.8, 8.4, 3.2, YARN, 0.6)


def mattress(rows: int, cols: int, size: tuple[int, int], head: float) -> pygame.Surface:
    """The mattress and its headboard at ``size`` real pixels, kept (see ``paint_mattress``)."""
    def make() -> pygame.Surface:
        pen = Pen(size, cols * UNIT + 4)
        paint_mattress(pen, rows, cols, head)
        return for_screen(pen.picture())

    return _pictures.get(("mattress", rows, cols, size, head), make)


def pillow(rows: int, cols: int, size: tuple[int, int]) -> pygame.Surface:
    """A pillow at ``size`` real pixels, kept."""
    def make() -> pygame.Surface:
        pen = Pen(size, cols * UNIT)
        paint_pillow(pen, rows, cols)
        return for_screen(pen.picture())

    return _pictures.get(("pillow", rows, cols, size), make)


def toy(kind: str, cell: int) -> pygame.Surface:
    """A toy of ``kind`` on a cell ``cell`` real pixels wide, kept."""
    def make() -> pygame.Surface:
        pen = Pen((cell, cell), UNIT)
        paint_toy(pen, kind)
        return for_screen(pen.picture())

    return _pictures.get(("toy", kind, cell), make)
