"""A little town in the house style: shop fronts with their awnings and the goods in the window,
trees of three shapes, houses from a cottage to a palace, a park gate, a bee, a cup of coffee and
a feather wand.  Cathood's neighbourhood is built from them; any game may use them.

Like ``things``, each painter is outlined in ink; most take the ground point under their middle
(``x``, ``y``) and a size ``s`` (about their height).
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from catgames.ui.art.cats import INK, PINK, WHITE
from catgames.ui.art.covers import WOOD, WOOD_DARK
from catgames.ui.art.pen import Color, Ellipse, Parts, Pen, Poly, Stroke, curve, mix
from catgames.ui.art.things import bowl, paw_print
from catgames.ui.theme import BLUE, BLUISH_GREEN, ORANGE, SKY_BLUE, VERMILLION, YELLOW

Goods = Callable[[Pen, float, float, float], None]   #: paints what a shop sells at (x, y), size s
WALL = (0xF2, 0xE6, 0xD0)
GLASS = (0xD6, 0xEA, 0xF2)
BRICK = (0xC4, 0x78, 0x5A)
ROOF_TILE = (0x9A, 0x4E, 0x3A)
SLATE = (0x5E, 0x66, 0x78)
STONE = (0xD8, 0xD2, 0xC4)
BARK = (0x6E, 0x4A, 0x30)


def _box(x: float, y: float, w: float, h: float) -> Poly:
    return Poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


# -- goods in a shop window --------------------------------------------------------------------
def sausages(pen: Pen, x: float, y: float, s: float) -> None:
    """A string of sausages hanging in a loop, and a ham."""
    links = [(x - 0.5 * s + i * 0.25 * s, y - 0.75 * s + 0.12 * s * math.sin(i * 1.3)) for i in range(5)]
    pen.figure([(Ellipse((lx, ly, 0.14 * s, 0.09 * s)), (0xC0, 0x5A, 0x50)) for lx, ly in links], INK, 0.04 * s)
    ham = Poly([(x - 0.35 * s, y), (x - 0.45 * s, y - 0.3 * s), (x - 0.1 * s, y - 0.45 * s), (x + 0.3 * s, y - 0.25 * s),
                (x + 0.45 * s, y - 0.05 * s)])
    pen.figure([(ham, (0xE0, 0x86, 0x84)), (Stroke(([(x + 0.4 * s, y - 0.05 * s), (x + 0.55 * s, y + 0.0 * s)],
                                                     0.06 * s)), WHITE)], INK, 0.04 * s)


def fish(pen: Pen, x: float, y: float, s: float, colour: Color = SKY_BLUE) -> None:
    """A fish lying on its side, head to the left."""
    body = Ellipse((x - 0.05 * s, y - 0.3 * s, 0.42 * s, 0.2 * s))
    tail = Poly([(x + 0.3 * s, y - 0.3 * s), (x + 0.58 * s, y - 0.5 * s), (x + 0.58 * s, y - 0.1 * s)])
    pen.figure([(tail, colour), (body, colour)], INK, 0.05 * s)
    pen.circle(INK, x - 0.3 * s, y - 0.34 * s, 0.045 * s)
    pen.line(mix(colour, INK, 0.35), (x - 0.16 * s, y - 0.45 * s), (x - 0.16 * s, y - 0.15 * s), 0.04 * s)


def fishes(pen: Pen, x: float, y: float, s: float) -> None:
    fish(pen, x, y - 0.3 * s, 0.8 * s, SKY_BLUE)
    fish(pen, x + 0.05 * s, y + 0.02 * s, 0.9 * s, mix(BLUE, WHITE, 0.3))


def bread(pen: Pen, x: float, y: float, s: float) -> None:
    """A round loaf with slashes and a baguette leaning behind it."""
    crust, dark = (0xD8, 0x9A, 0x52), (0x9A, 0x5E, 0x2C)
    pen.figure([(Stroke(([(x + 0.1 * s, y - 0.1 * s), (x + 0.45 * s, y - 0.9 * s)], 0.1 * s)), crust)], INK, 0.04 * s)
    pen.figure([(Ellipse((x - 0.15 * s, y - 0.25 * s, 0.38 * s, 0.25 * s)), crust)], INK, 0.04 * s)
    for k in (-0.3, -0.1, 0.1):
        pen.line(dark, (x + (k - 0.08) * s, y - 0.38 * s), (x + (k + 0.06) * s, y - 0.16 * s), 0.05 * s)


def vet_cross(pen: Pen, x: float, y: float, s: float) -> None:
    """A white medical cross on a round sign, a paw print under it: the animal doctor."""
    pen.figure([(Ellipse((x, y - 0.5 * s, 0.45 * s, 0.45 * s)), WHITE)], INK, 0.05 * s)
    red = VERMILLION
    pen.rect(red, x - 0.1 * s, y - 0.82 * s, 0.2 * s, 0.64 * s)
    pen.rect(red, x - 0.32 * s, y - 0.6 * s, 0.64 * s, 0.2 * s)


def flowers(pen: Pen, x: float, y: float, s: float) -> None:
    """Three flowers in a clay pot."""
    for dx, top, col in ((-0.25, 0.7, VERMILLION), (0.0, 0.9, YELLOW), (0.25, 0.68, PINK)):
        pen.line(BLUISH_GREEN, (x + dx * 0.4 * s, y - 0.3 * s), (x + dx * s, y - top * s), 0.05 * s)
        parts: Parts = [(Ellipse((x + dx * s + math.cos(a) * 0.1 * s, y - top * s + math.sin(a) * 0.1 * s,
                                  0.08 * s, 0.08 * s)), col) for a in (0, 1.26, 2.51, 3.77, 5.03)]
        pen.figure(parts, INK, 0.03 * s)
        pen.circle(ORANGE if col != ORANGE else YELLOW, x + dx * s, y - top * s, 0.05 * s)
    pot = Poly([(x - 0.25 * s, y - 0.32 * s), (x + 0.25 * s, y - 0.32 * s), (x + 0.18 * s, y), (x - 0.18 * s, y)])
    pen.figure([(pot, (0xC0, 0x6A, 0x40))], INK, 0.04 * s)


def produce(pen: Pen, x: float, y: float, s: float) -> None:
    """A crate of apples with a carrot on top."""
    pen.figure([(_box(x - 0.5 * s, y - 0.3 * s, s, 0.3 * s), WOOD)], INK, 0.04 * s)
    for dx in (-0.28, 0.0, 0.28):
        pen.figure([(Ellipse((x + dx * s, y - 0.42 * s, 0.15 * s, 0.14 * s)), (0x6E, 0xB0, 0x3C))], INK, 0.03 * s)
    carrot = Poly([(x - 0.35 * s, y - 0.72 * s), (x + 0.35 * s, y - 0.62 * s), (x - 0.35 * s, y - 0.56 * s)])
    pen.figure([(carrot, ORANGE)], INK, 0.035 * s)
    pen.line(BLUISH_GREEN, (x - 0.35 * s, y - 0.64 * s), (x - 0.5 * s, y - 0.8 * s), 0.06 * s)


def cart(pen: Pen, x: float, y: float, s: float) -> None:
    """A shopping trolley, full."""
    basket = Poly([(x - 0.45 * s, y - 0.75 * s), (x + 0.5 * s, y - 0.75 * s), (x + 0.38 * s, y - 0.3 * s),
                   (x - 0.35 * s, y - 0.3 * s)])
    for k, col in ((-0.2, VERMILLION), (0.05, YELLOW), (0.28, BLUISH_GREEN)):
        pen.figure([(Ellipse((x + k * s, y - 0.8 * s, 0.14 * s, 0.14 * s)), col)], INK, 0.03 * s)
    pen.figure([(basket, (0xB8, 0xC4, 0xD0))], INK, 0.045 * s)
    for k in (-0.2, 0.05, 0.28):
        pen.line(mix(SLATE, WHITE, 0.3), (x + k * s, y - 0.72 * s), (x + k * s * 0.9, y - 0.33 * s), 0.03 * s)
    pen.line(INK, (x - 0.45 * s, y - 0.75 * s), (x - 0.62 * s, y - 0.9 * s), 0.06 * s)
    pen.line(INK, (x - 0.35 * s, y - 0.3 * s), (x + 0.35 * s, y - 0.15 * s), 0.05 * s)
    for k in (-0.28, 0.3):
        pen.figure([(Ellipse((x + k * s, y - 0.08 * s, 0.08 * s, 0.08 * s)), SLATE)], INK, 0.03 * s)


def bags(pen: Pen, x: float, y: float, s: float) -> None:
    """Three shopping bags with handles: the mall."""
    for dx, h, col in ((-0.35, 0.6, VERMILLION), (0.0, 0.8, SKY_BLUE), (0.35, 0.55, YELLOW)):
        pen.stroke(INK, curve((x + (dx - 0.1) * s, y - h * s), (x + dx * s, y - (h + 0.25) * s),
                              (x + (dx + 0.1) * s, y - h * s), 6), 0.025 * s)
        pen.figure([(_box(x + (dx - 0.17) * s, y - h * s, 0.34 * s, h * s), col)], INK, 0.035 * s)


def pet_goods(pen: Pen, x: float, y: float, s: float) -> None:
    """A food bowl and a bone: the pet shop (which sells no one toy)."""
    bowl(pen, x - 0.18 * s, y, 0.32 * s)
    pen.figure([(Stroke(([(x + 0.12 * s, y - 0.12 * s), (x + 0.48 * s, y - 0.2 * s)], 0.05 * s)), WHITE)]
               + [(Ellipse((x + ex * s, y + ey * s, 0.06 * s, 0.06 * s)), WHITE)
                  for ex, ey in ((0.1, -0.08), (0.12, -0.17), (0.5, -0.16), (0.48, -0.25))], INK, 0.03 * s)


# -- a shop front -----------------------------------------------------------------------------------
def shop_front(pen: Pen, x: float, y: float, w: float, h: float, awning: Sequence[Color], goods: Goods,
               sign: Goods | None = None, wall: Color = WALL) -> None:
    """A shop front filling (x, y, w, h): a cornice, an awning striped in ``awning``'s colours
    (with white between), a window showing ``goods`` on the left, a door on the right and a plain
    sign board between them (where a caller prints what the shop gives), or ``sign`` painted there."""
    line = h * 0.04
    pen.figure([(_box(x, y + h * 0.12, w, h * 0.88), wall)], INK, line)
    pen.rect(mix(wall, INK, 0.45), x, y, w, h * 0.14, h * 0.03)
    top, deep = y + h * 0.14, h * 0.22
    stripes = max(6, 2 * len(awning) * 2)
    sw = w / stripes
    for i in range(stripes):
        col = awning[(i // 2) % len(awning)] if i % 2 == 0 else WHITE
        pen.rect(col, x + i * sw, top, sw + 0.5, deep)
        pen.ellipse(col, x + (i + 0.5) * sw, top + deep, sw / 2, sw * 0.35)
    pen.lines(INK, [(x, top), (x + w, top)], line * 0.7)
    window = (x + w * 0.05, top + deep + h * 0.12, w * 0.36, h - deep - h * 0.3)
    pen.figure([(_box(*window), GLASS)], INK, line)
    goods(pen, window[0] + window[2] / 2, window[1] + window[3] - h * 0.04, min(window[2] * 0.8, window[3] * 1.1))
    door = (x + w * 0.82, top + deep + h * 0.1, w * 0.13, h - deep - h * 0.24)
    pen.figure([(_box(*door), mix(WOOD, INK, 0.15))], INK, line)
    pen.circle(YELLOW, door[0] + door[2] * 0.8, door[1] + door[3] * 0.55, h * 0.03)
    board = (x + w * 0.45, top + deep + h * 0.1, w * 0.33, h - deep - h * 0.28)
    pen.figure([(_box(*board), mix(wall, WHITE, 0.6))], INK, line * 0.6)
    if sign is not None:
        sign(pen, board[0] + board[2] / 2, board[1] + board[3] * 0.9, board[3] * 0.9)


def paw_sign(pen: Pen, x: float, y: float, s: float) -> None:
    paw_print(pen, x, y - 0.45 * s, 0.35 * s, INK)


def building_lot(pen: Pen, x: float, y: float, w: float, h: float) -> None:
    """An empty plot behind a picket fence, a sign on a post showing the house to come."""
    pen.figure([(_box(x, y, w, h), (0xC6, 0xDC, 0x9A))], INK, h * 0.04)
    pen.rect((0xB0, 0x8A, 0x5E), x + w * 0.05, y + h * 0.72, w * 0.9, h * 0.2, h * 0.05)
    for i in range(11):
        px = x + w * (0.04 + i * 0.092)
        pen.figure([(Poly([(px, y + h * 0.95), (px, y + h * 0.62), (px + w * 0.025, y + h * 0.55),
                           (px + w * 0.05, y + h * 0.62), (px + w * 0.05, y + h * 0.95)]), WHITE)], INK, h * 0.02)
    pen.rect(WHITE, x + w * 0.03, y + h * 0.7, w * 0.94, h * 0.05)
    pen.line(WOOD_DARK, (x + w * 0.5, y + h * 0.9), (x + w * 0.5, y + h * 0.45), h * 0.07)
    board = (x + w * 0.36, y + h * 0.08, w * 0.28, h * 0.42)
    pen.figure([(_box(*board), WHITE)], INK, h * 0.03)
    cx, by = board[0] + board[2] / 2, board[1] + board[3] * 0.85
    pen.poly(INK, [(cx - board[2] * 0.3, by - board[3] * 0.35), (cx, by - board[3] * 0.7),
                   (cx + board[2] * 0.3, by - board[3] * 0.35)])
    pen.rect(INK, cx - board[2] * 0.22, by - board[3] * 0.38, board[2] * 0.44, board[3] * 0.38)


def park_gate(pen: Pen, x: float, y: float, w: float, h: float) -> None:
    """Two stone posts with an iron arch between them, hedges either side."""
    for hx in (x, x + w * 0.72):
        pen.figure([(Ellipse((hx + w * 0.14 + k * w * 0.07, y + h * 0.62, w * 0.09, h * 0.3)), (0x4E, 0x9A, 0x4A))
                    for k in (-1, 0, 1)], INK, h * 0.03)
    for px in (x + w * 0.28, x + w * 0.66):
        pen.figure([(_box(px, y + h * 0.25, w * 0.06, h * 0.7), STONE),
                    (_box(px - w * 0.01, y + h * 0.18, w * 0.08, h * 0.1), STONE)], INK, h * 0.03)
    arch = curve((x + w * 0.31, y + h * 0.3), (x + w * 0.5, y - h * 0.05), (x + w * 0.69, y + h * 0.3), 10)
    pen.stroke(INK, arch, h * 0.035)
    for k in range(1, 8):
        bx = x + w * (0.34 + k * 0.04)
        pen.line(INK, (bx, y + h * 0.3), (bx, y + h * 0.92), h * 0.03)


# -- trees -------------------------------------------------------------------------------------------
def jacaranda(pen: Pen, x: float, y: float, s: float, colour: Color) -> None:
    """A wide, flat umbrella of blossom on a trunk that forks low."""
    pen.figure([(Stroke(([(x, y), (x - 0.05 * s, y - 0.35 * s), (x - 0.3 * s, y - 0.6 * s)], 0.05 * s)), BARK),
                (Stroke(([(x - 0.05 * s, y - 0.35 * s), (x + 0.3 * s, y - 0.62 * s)], 0.04 * s)), BARK)],
               INK, 0.03 * s)
    blobs = [(-0.5, -0.68, 0.18), (-0.25, -0.8, 0.2), (0.05, -0.84, 0.21), (0.32, -0.78, 0.2), (0.52, -0.66, 0.16),
             (-0.35, -0.62, 0.16), (0.0, -0.66, 0.18), (0.35, -0.6, 0.15)]
    pen.figure([(Ellipse((x + bx * s, y + by * s, r * s * 1.2, r * s * 0.85)), colour) for bx, by, r in blobs],
               INK, 0.035 * s)
    light = mix(colour, WHITE, 0.45)
    for bx, by, r in blobs[:5]:
        pen.circle(light, x + (bx - 0.04) * s, y + (by - 0.05) * s, r * 0.3 * s)


def maple(pen: Pen, x: float, y: float, s: float, colour: Color) -> None:
    """A round crown with a jagged, leafy edge on a short thick trunk."""
    pen.figure([(Poly([(x - 0.09 * s, y), (x - 0.06 * s, y - 0.45 * s), (x + 0.06 * s, y - 0.45 * s),
                       (x + 0.09 * s, y)]), BARK)], INK, 0.03 * s)
    cy, pts = y - 0.62 * s, []
    for i in range(28):
        a = i / 28 * 2 * math.pi
        r = (0.4 if i % 2 == 0 else 0.31) * s
        pts.append((x + math.cos(a) * r * 1.08, cy + math.sin(a) * r))
    pen.figure([(Poly(pts), colour)], INK, 0.035 * s)
    light, dark = mix(colour, WHITE, 0.35), mix(colour, INK, 0.3)
    pen.ellipse(light, x - 0.14 * s, cy - 0.12 * s, 0.12 * s, 0.08 * s)
    for a in (0.6, 1.6, 2.6):   # branches showing through the leaves
        pen.line(dark, (x, y - 0.45 * s), (x + math.cos(a + 3.14) * 0.22 * s, cy + math.sin(a + 3.14) * 0.2 * s),
                 0.03 * s)


def birch(pen: Pen, x: float, y: float, s: float, colour: Color) -> None:
    """A tall, slim crown over a white trunk with black marks."""
    pen.figure([(Ellipse((x, y - 0.68 * s, 0.2 * s, 0.32 * s)), colour),
                (Ellipse((x, y - 0.9 * s, 0.14 * s, 0.15 * s)), colour)], INK, 0.035 * s)
    pen.figure([(_box(x - 0.045 * s, y - 0.5 * s, 0.09 * s, 0.5 * s), WHITE)], INK, 0.025 * s)
    for k in (0.1, 0.22, 0.36):
        pen.line(INK, (x - 0.045 * s, y - k * s), (x + 0.01 * s, y - (k + 0.01) * s), 0.025 * s)
    for k in (-0.45, -0.65, -0.85):
        pen.line(mix(colour, INK, 0.35), (x, y + k * s), (x + 0.1 * s, y + (k + 0.08) * s), 0.02 * s)
        pen.line(mix(colour, INK, 0.35), (x, y + k * s), (x - 0.1 * s, y + (k + 0.08) * s), 0.02 * s)


# -- houses, from a cottage to a palace ----------------------------------------------------------------
def _windows(pen: Pen, x: float, y: float, cols: int, rows: int, w: float, h: float) -> None:
    """``cols`` x ``rows`` windows across (x, y, w, h)."""
    ww, wh = w / cols * 0.5, h / rows * 0.5
    for i in range(cols):
        for j in range(rows):
            pen.figure([(_box(x + (i + 0.25) * w / cols, y + (j + 0.2) * h / rows, ww, wh), GLASS)], INK, wh * 0.12)


def _house(pen: Pen, x: float, y: float, w: float, h: float, roof: float, wall: Color, tiles: Color,
           floors: int, chimney: bool = False) -> None:
    """A house standing on (x, y), ``w`` wide, its walls ``h`` tall under a pitched ``roof``."""
    parts: Parts = [(_box(x - w / 2, y - h, w, h), wall),
                    (Poly([(x - w * 0.58, y - h), (x, y - h - roof), (x + w * 0.58, y - h)]), tiles)]
    if chimney:
        parts.insert(0, (_box(x + w * 0.2, y - h - roof * 0.95, w * 0.12, roof * 0.7), BRICK))
    pen.figure(parts, INK, w * 0.03)
    door_h = min(h * 0.45, h / floors * 0.8)
    pen.figure([(_box(x - w * 0.1, y - door_h, w * 0.2, door_h), mix(WOOD, INK, 0.1))], INK, w * 0.02)
    _windows(pen, x - w / 2, y - h, 2, floors, w, h - door_h * 0.2)


def cottage(pen: Pen, x: float, y: float, s: float) -> None:
    _house(pen, x, y, 0.9 * s, 0.45 * s, 0.4 * s, (0xF4, 0xE0, 0xB8), ROOF_TILE, 1)


def townhouse(pen: Pen, x: float, y: float, s: float) -> None:
    _house(pen, x, y, 0.55 * s, 0.75 * s, 0.3 * s, (0xD8, 0xE4, 0xF0), SLATE, 2)


def family_house(pen: Pen, x: float, y: float, s: float) -> None:
    _house(pen, x, y, 1.0 * s, 0.65 * s, 0.35 * s, (0xF6, 0xD4, 0xC0), ROOF_TILE, 2, chimney=True)


def terrace(pen: Pen, x: float, y: float, s: float) -> None:
    """Three narrow houses in a row, each its own colour."""
    for k, wall in ((-1, (0xF4, 0xE0, 0xB8)), (0, (0xD8, 0xE4, 0xF0)), (1, (0xF6, 0xD4, 0xC0))):
        _house(pen, x + k * 0.42 * s, y, 0.42 * s, 0.6 * s - abs(k) * 0.05 * s, 0.22 * s, wall, ROOF_TILE, 2)


def mansion(pen: Pen, x: float, y: float, s: float) -> None:
    """A wide house with columns and a pediment."""
    w, h = 1.5 * s, 0.6 * s
    pen.figure([(_box(x - w / 2, y - h, w, h), STONE),
                (Poly([(x - w * 0.55, y - h), (x, y - h - 0.3 * s), (x + w * 0.55, y - h)]), SLATE)], INK, 0.03 * s)
    _windows(pen, x - w / 2, y - h, 5, 2, w, h * 0.9)
    for k in (-0.2, -0.07, 0.07, 0.2):
        pen.figure([(_box(x + k * w - 0.025 * s, y - h * 0.7, 0.05 * s, h * 0.7), WHITE)], INK, 0.015 * s)
    pen.figure([(_box(x - 0.08 * s, y - 0.3 * s, 0.16 * s, 0.3 * s), mix(WOOD, INK, 0.1))], INK, 0.02 * s)


def palace(pen: Pen, x: float, y: float, s: float) -> None:
    """A dome between two towers with pennants."""
    for k in (-1, 1):
        tx = x + k * 0.62 * s
        pen.line(INK, (tx, y - 1.1 * s), (tx, y - 1.35 * s), 0.03 * s)
        pen.poly(VERMILLION, [(tx, y - 1.35 * s), (tx + 0.22 * s, y - 1.28 * s), (tx, y - 1.2 * s)])
        pen.figure([(_box(tx - 0.16 * s, y - 0.9 * s, 0.32 * s, 0.9 * s), (0xF0, 0xE2, 0xF0)),
                    (Poly([(tx - 0.2 * s, y - 0.9 * s), (tx, y - 1.12 * s), (tx + 0.2 * s, y - 0.9 * s)]), BLUE)],
                   INK, 0.03 * s)
        _windows(pen, tx - 0.16 * s, y - 0.85 * s, 1, 2, 0.32 * s, 0.6 * s)
    pen.figure([(Ellipse((x, y - 0.68 * s, 0.32 * s, 0.32 * s)), YELLOW),
                (_box(x - 0.48 * s, y - 0.68 * s, 0.96 * s, 0.68 * s), (0xF0, 0xE2, 0xF0))], INK, 0.03 * s)
    _windows(pen, x - 0.48 * s, y - 0.62 * s, 3, 1, 0.96 * s, 0.35 * s)
    pen.figure([(Poly([(x - 0.12 * s, y), (x - 0.12 * s, y - 0.22 * s), (x, y - 0.3 * s), (x + 0.12 * s, y - 0.22 * s),
                       (x + 0.12 * s, y)]), mix(WOOD, INK, 0.1))], INK, 0.02 * s)


# -- creatures and things --------------------------------------------------------------------------
def bee(pen: Pen, x: float, y: float, s: float) -> None:
    """A bee in flight over a flower, a dotted trail behind it."""
    for k in range(4):
        pen.circle(INK, x - (0.55 - k * 0.1) * s, y - (0.3 + 0.12 * math.sin(k)) * s, 0.025 * s)
    pen.line(BLUISH_GREEN, (x + 0.3 * s, y), (x + 0.3 * s, y - 0.22 * s), 0.04 * s)
    pen.figure([(Ellipse((x + 0.3 * s + math.cos(a) * 0.08 * s, y - 0.26 * s + math.sin(a) * 0.08 * s,
                          0.07 * s, 0.07 * s)), WHITE) for a in (0, 1.57, 3.14, 4.71)], INK, 0.02 * s)
    pen.circle(YELLOW, x + 0.3 * s, y - 0.26 * s, 0.05 * s)
    with pen.glaze(210):
        pen.figure([(Ellipse((x - 0.08 * s, y - 0.8 * s, 0.15 * s, 0.2 * s)), WHITE),
                    (Ellipse((x + 0.12 * s, y - 0.82 * s, 0.13 * s, 0.18 * s)), WHITE)], INK, 0.025 * s)
    pen.figure([(Ellipse((x, y - 0.52 * s, 0.3 * s, 0.2 * s)), (0xF6, 0xC8, 0x28)),
                (Poly([(x - 0.28 * s, y - 0.56 * s), (x - 0.42 * s, y - 0.5 * s), (x - 0.28 * s, y - 0.46 * s)]), INK)],
               INK, 0.03 * s)
    for stripe in (-0.12, 0.04):
        pen.rect(INK, x + stripe * s, y - 0.71 * s, 0.07 * s, 0.38 * s)
    pen.circle(INK, x + 0.3 * s, y - 0.55 * s, 0.1 * s)
    pen.stroke(INK, curve((x + 0.32 * s, y - 0.63 * s), (x + 0.38 * s, y - 0.8 * s), (x + 0.48 * s, y - 0.82 * s), 5),
               0.015 * s)


def coffee(pen: Pen, x: float, y: float, s: float) -> None:
    """A cup of coffee on its saucer, steaming."""
    pen.figure([(Ellipse((x, y - 0.08 * s, 0.5 * s, 0.08 * s)), WHITE)], INK, 0.03 * s)
    cup = Poly([(x - 0.32 * s, y - 0.62 * s), (x + 0.32 * s, y - 0.62 * s), (x + 0.26 * s, y - 0.22 * s),
                (x + 0.15 * s, y - 0.12 * s), (x - 0.15 * s, y - 0.12 * s), (x - 0.26 * s, y - 0.22 * s)])
    handle = Stroke((curve((x + 0.3 * s, y - 0.52 * s), (x + 0.55 * s, y - 0.48 * s), (x + 0.27 * s, y - 0.28 * s), 8),
                     0.05 * s))
    pen.figure([(handle, WHITE), (cup, WHITE)], INK, 0.035 * s)
    pen.ellipse((0x6E, 0x42, 0x26), x, y - 0.6 * s, 0.28 * s, 0.05 * s)
    pen.rect(VERMILLION, x - 0.3 * s, y - 0.45 * s, 0.6 * s, 0.06 * s)
    for k in (-0.12, 0.1):
        pen.stroke(mix(SLATE, WHITE, 0.4), curve((x + k * s, y - 0.7 * s), (x + (k + 0.1) * s, y - 0.85 * s),
                                                 (x + k * s, y - 1.0 * s), 8), 0.03 * s)


def feather_wand(pen: Pen, x: float, y: float, s: float, colour: Color = SKY_BLUE) -> None:
    """A stick with a bunch of feathers tied to its end by a string."""
    pen.stroke(WOOD_DARK, [(x - 0.5 * s, y - 0.05 * s), (x + 0.1 * s, y - 0.75 * s)], 0.035 * s)
    pen.stroke(INK, curve((x + 0.1 * s, y - 0.75 * s), (x + 0.35 * s, y - 0.85 * s), (x + 0.35 * s, y - 0.5 * s), 8),
               0.012 * s)
    fx, fy = x + 0.35 * s, y - 0.5 * s
    parts: Parts = []
    for a, col in ((1.2, colour), (1.7, VERMILLION), (2.2, YELLOW)):
        tip = (fx + math.cos(a) * 0.45 * s, fy + math.sin(a) * 0.45 * s)
        n = (-math.sin(a) * 0.09 * s, math.cos(a) * 0.09 * s)
        mid = ((fx + tip[0]) / 2, (fy + tip[1]) / 2)
        parts.append((Poly([(fx, fy), (mid[0] + n[0], mid[1] + n[1]), tip, (mid[0] - n[0], mid[1] - n[1])]), col))
    pen.figure(parts, INK, 0.03 * s)
