"""The pictures of Kotatsu Cats' pieces, drawn by our code in the title covers' house style (one
dark outline round each piece, flat colours, a soft highlight) and painted once per size.

* A wooden cat: a flat cut-out cat standing on its base, the wood's edge showing below and to
  the right, painted in its colour with the colour's mark (orange stripes, grey spots, the brown
  tabby's M and bands, calico patches, the black cat's white bib, the white cat's dark ear tips),
  so no two colours differ by hue alone.
* A cushion (zabuton): a plump square with corner tassels and a centre tuft.  Its back shows its
  colour's mark; its face a paper patch on which the caller prints the value, with the coin or
  the fish (cat food) as a badge on the patch's corner.
* A kotatsu on its tatami: the straw mat with its cloth borders, the quilt and the wooden top.
* The lucky cat: a red-collared maneki-neko beckoning, a gold coin in its other paw.

Only shapes are painted here; every word and number on a piece is printed over the picture by
the view, in the player's language.
"""

from __future__ import annotations

from typing import Callable

import pygame

from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.components import COIN, FOOD
from catgames.ui.art import cats, things
from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Ellipse, Parts, Pen, Poly, Stroke, curve, for_screen, mix
from catgames.ui.canvas import Canvas, RectLike
from catgames.ui.theme import REDDISH_PURPLE, VERMILLION, YELLOW

Color = tuple[int, int, int]
INK = cats.INK
WHITE = cats.WHITE
CACHE_LIMIT = 160  #: pictures kept: 6 cats, 14 cushions, a table and a lucky cat at the table's sizes
_pictures: Kept[pygame.Surface] = Kept(CACHE_LIMIT)

FUR: dict[str, Color] = {  #: by the colour ids of data/kotatsu.yaml
    "W": (0xF2, 0xEF, 0xE6), "K": (0x3A, 0x36, 0x3E), "O": (0xEC, 0x96, 0x34),
    "G": (0x98, 0x9A, 0xA4), "B": (0x8C, 0x62, 0x3E), "C": (0xF6, 0xF0, 0xE2),
}
BLANK: Color = (0xB8, 0xB4, 0xAE)   #: the colourless cushion
PATCH_ORANGE: Color = (0xEC, 0x96, 0x34)
PATCH_BLACK: Color = (0x3A, 0x36, 0x3E)
GOLD: Color = (0xE8, 0xC0, 0x3A)
FISH: Color = (0x7C, 0xA6, 0xC8)
PAPER: Color = (0xFB, 0xF8, 0xEF)
TATAMI: Color = (0xCF, 0xC6, 0x8F)
HERI: Color = (0x3E, 0x4E, 0x34)   #: the tatami's cloth border
FUTON: Color = (0x3F, 0x45, 0x66)
WOOD: Color = (0xB9, 0x83, 0x4F)
WOOD_RIM: Color = (0x7E, 0x52, 0x2E)
LUCKY_RED: Color = (0xC8, 0x3C, 0x32)
ZONE_SIZE = (L.ZONE_W, L.ZONE_H)   #: a kotatsu's tatami in units: the table's virtual px
FUTON_SIZE, TOP_SIZE = L.FUTON, L.TABLE_TOP   #: its quilt and its wooden top


def fur(colour_id: str | None) -> Color:
    """A cat colour's paint (``None``: the colourless blank cushion)."""
    return FUR.get(colour_id, BLANK) if colour_id else BLANK


def _mark_ink(rgb: Color) -> Color:
    light = sum(c * w for c, w in zip(rgb, (0.299, 0.587, 0.114))) > 140
    return mix(rgb, INK, 0.5) if light else mix(rgb, WHITE, 0.45)


# -- the wooden cat ------------------------------------------------------------------------------
def _cat_shape(dx: float, dy: float, colour: Color) -> Parts:
    """The cut-out's outline as shapes (100 × 100 units): base, body, tail, head, ears."""
    def at(x: float, y: float) -> tuple[float, float]:
        return (x + dx, y + dy)
    tail = Stroke((curve(at(70, 80), at(92, 78), at(86, 52), 10), 5.5))
    return [(Poly([at(20, 96), at(80, 96), at(80, 86), at(20, 86)]), colour), (tail, colour),
            (Ellipse((50 + dx, 70 + dy, 27, 22)), colour),
            (Poly([at(24, 40), at(27, 8), at(44, 24)]), colour), (Poly([at(76, 40), at(73, 8), at(56, 24)]), colour),
            (Ellipse((50 + dx, 38 + dy, 28, 23)), colour)]


def _cat_marks(pen: Pen, pattern: str, colour_id: str, rgb: Color) -> None:
    ink = _mark_ink(rgb)
    if pattern == "stripes":
        for x in (40, 50, 60):
            pen.stroke(ink, [(x, 16), (x, 27)], 2.6)
        for y in (60, 70, 80):
            for side in (-1, 1):
                pen.stroke(ink, [(50 + side * 26, y), (50 + side * 15, y + 3)], 2.6)
    elif pattern == "spots":
        for x, y, r in ((33, 27, 4.5), (66, 24, 4), (36, 66, 5), (63, 74, 5.5), (50, 82, 3.5), (70, 58, 3.5)):
            pen.circle(ink, x, y, r)
    elif pattern == "tabby":
        pen.stroke(ink, [(38, 30), (42, 17), (50, 26), (58, 17), (62, 30)], 2.2)   # the tabby's M
        for y in (58, 68, 78):
            pen.stroke(ink, curve((26, y), (50, y + 8), (74, y), 8), 2.0)
    elif pattern == "patches":
        pen.ellipse(PATCH_ORANGE, 34, 28, 12, 10)
        pen.ellipse(PATCH_BLACK, 67, 30, 10, 9)
        pen.ellipse(PATCH_ORANGE, 62, 74, 11, 9)
        pen.ellipse(PATCH_BLACK, 37, 80, 8, 6)
    elif colour_id == "K":   # the black cat's white bib and paws
        pen.ellipse(WHITE, 50, 74, 12, 15)
        for x in (38, 62):
            pen.ellipse(WHITE, x, 88, 7, 4)
    else:                    # the plain white cat: dark ear tips and a dark tail tip
        for tip in (((27, 8), (25.6, 21), (33, 15)), ((73, 8), (74.4, 21), (67, 15))):
            pen.poly(INK, list(tip))
        pen.stroke(INK, curve((90, 64), (89, 58), (86, 52), 4), 5.5)


def paint_wooden_cat(pen: Pen, colour_id: str, pattern: str) -> None:
    """A wooden cat of colour ``colour_id``: the wood's edge, the painted face and its mark."""
    rgb = fur(colour_id)
    edge = mix(rgb, WOOD_RIM, 0.55)
    pen.figure(_cat_shape(3, 3, edge), INK, 2.2)
    pen.figure(_cat_shape(0, 0, rgb), INK, 2.2)
    pen.ellipse(mix(rgb, WHITE, 0.35), 40, 30, 9, 5)                 # varnish catching the light
    _cat_marks(pen, pattern, colour_id, rgb)
    pen.rect(edge, 21, 88, 58, 3)
    eye = WHITE if colour_id in ("K", "B") else INK
    for x in (40, 60):
        pen.circle(eye, x, 40, 3.2)
    pen.poly(cats.PINK, [(46, 46), (54, 46), (50, 51)])


# -- cushions -------------------------------------------------------------------------------------
def _zabuton(pen: Pen, rgb: Color) -> None:
    """A plump square cushion filling 100 × 86 units: bulging sides, tassels at the corners."""
    edge = mix(rgb, INK, 0.4)
    corners = ((8, 8), (92, 8), (92, 76), (8, 76))
    tassels: Parts = [(Ellipse((x, y, 5, 5)), YELLOW) for x, y in corners]
    sides = (curve((8, 8), (50, 2), (92, 8), 8) + curve((92, 8), (98, 42), (92, 76), 8)[1:]
             + curve((92, 76), (50, 82), (8, 76), 8)[1:] + curve((8, 76), (2, 42), (8, 8), 8)[1:])
    pen.figure([*tassels, (Poly([(x + 1, y + 4) for x, y in sides]), edge), (Poly(sides), rgb)], INK, 2.0)
    pen.ellipse(mix(rgb, WHITE, 0.3), 34, 20, 18, 5)                  # the light on its top


def _fabric_marks(pen: Pen, pattern: str, colour_id: str, rgb: Color) -> None:
    """The colour's mark printed on a cushion's back (the same marks as its cats)."""
    ink = _mark_ink(rgb)
    if pattern == "stripes":
        for x in range(18, 90, 12):
            pen.stroke(ink, [(x, 66), (x + 10, 18)], 2.4)
    elif pattern == "spots":
        for i, y in enumerate(range(20, 72, 13)):
            for x in range(20 + (i % 2) * 8, 86, 16):
                pen.circle(ink, x, y, 3.6)
    elif pattern == "tabby":
        for y in (24, 40, 56):
            pen.stroke(ink, [(18, y), (30, y - 6), (42, y), (50, y - 8), (58, y), (70, y - 6), (82, y)], 2.2)
    elif pattern == "patches":
        pen.ellipse(PATCH_ORANGE, 30, 28, 14, 11)
        pen.ellipse(PATCH_BLACK, 70, 52, 13, 11)
        pen.ellipse(PATCH_ORANGE, 36, 60, 10, 8)
    elif colour_id == "K":
        pen.ellipse(WHITE, 50, 43, 18, 14)
    elif colour_id == "W":
        for x, y in ((24, 22), (76, 22), (24, 62), (76, 62)):
            pen.circle(INK, x, y, 4)


def paint_cushion_back(pen: Pen, colour_id: str | None, pattern: str) -> None:
    """A face-down cushion: its colour and mark, the centre tuft (no value)."""
    rgb = fur(colour_id)
    _zabuton(pen, rgb)
    if colour_id:
        _fabric_marks(pen, pattern, colour_id, rgb)
    pen.figure([(Ellipse((50, 43, 6, 6)), YELLOW)], INK, 1.4)


def paint_cushion_face(pen: Pen, colour_id: str | None, symbol: str | None) -> None:
    """A face-up cushion: a paper patch for the printed value, the symbol a badge on its corner."""
    _zabuton(pen, fur(colour_id))
    tint = {COIN: GOLD, FOOD: FISH}.get(symbol or "", PAPER)   # a symbol's patch is tinted like it
    pen.figure([(Poly([(16, 14), (84, 14), (84, 72), (16, 72)]), mix(PAPER, tint, 0.35))], INK, 1.4)
    if symbol == COIN:   # a gold coin with a square hole, a badge on the patch's corner
        pen.figure([(Ellipse((77, 63, 17, 17)), GOLD)], INK, 1.8)
        pen.circle(mix(GOLD, WHITE, 0.45), 70, 56, 4)
        pen.figure([(Poly([(72, 58), (82, 58), (82, 68), (72, 68)]), PAPER)], INK, 1.0)
    elif symbol == FOOD:  # cat food: a fish, a badge on the patch's corner
        body = Ellipse((72, 66, 15, 9))
        tail = Poly([(83, 66), (96, 56), (96, 76)])
        pen.figure([(tail, FISH), (body, FISH)], INK, 1.8)
        pen.stroke(mix(FISH, INK, 0.4), curve((65, 60), (61, 66), (65, 72), 6), 0.8)
        pen.circle(INK, 61, 64, 1.8)


# -- the kotatsu on its tatami -------------------------------------------------------------------
def paint_kotatsu(pen: Pen) -> None:
    """The tatami (268 × 392 units, the long sides bound in cloth), the quilt and the top."""
    w, h = ZONE_SIZE
    pen.figure([(Poly([(0, 0), (w, 0), (w, h), (0, h)]), TATAMI)], mix(TATAMI, INK, 0.4), 0.8)
    for y in range(6, int(h), 6):
        pen.lines(mix(TATAMI, INK, 0.08), [(12, y), (w - 12, y)], 0.8)
    for x in (0, w - 10):
        pen.rect(HERI, x, 0, 10, h)
        for y in range(8, int(h), 16):
            pen.circle(mix(HERI, TATAMI, 0.35), x + 5, y, 1.6)
    cx, cy = w / 2, h / 2
    f, t = FUTON_SIZE / 2, TOP_SIZE / 2
    pen.rect((0, 0, 0, 60), cx - f + 4, cy - f + 6, 2 * f, 2 * f, 18)   # the quilt's shadow
    quilt = Poly([(cx - f, cy - f + 10), (cx - f + 10, cy - f), (cx + f - 10, cy - f), (cx + f, cy - f + 10),
                  (cx + f, cy + f - 10), (cx + f - 10, cy + f), (cx - f + 10, cy + f), (cx - f, cy + f - 10)])
    pen.figure([(quilt, FUTON)], INK, 1.8)
    for i in range(7):   # the quilt's print: little flowers in rows
        for j in range(7):
            if i in (0, 6) or j in (0, 6):
                fx, fy = cx - f + 12 + i * 21, cy - f + 12 + j * 21
                pen.circle(mix(FUTON, REDDISH_PURPLE, 0.6), fx, fy, 3.2)
                pen.circle(mix(FUTON, YELLOW, 0.6), fx, fy, 1.2)
    pen.rect(WOOD_RIM, cx - t, cy - t + 4, 2 * t, 2 * t, 6)
    pen.figure([(Poly([(cx - t, cy - t), (cx + t, cy - t), (cx + t, cy + t), (cx - t, cy + t)]), WOOD)], INK, 1.8)
    for k in range(1, 6):   # the wood's grain
        gy = cy - t + 2 * t * k / 6
        pen.stroke(mix(WOOD, WOOD_RIM, 0.45), curve((cx - t + 8, gy), (cx, gy - 4), (cx + t - 8, gy + 1), 8), 0.6)
    pen.rect(mix(WOOD, WHITE, 0.3), cx - t + 4, cy - t + 3, 2 * t - 8, 3, 1.5)


# -- the lucky cat --------------------------------------------------------------------------------
def paint_lucky_cat(pen: Pen) -> None:
    """A maneki-neko (100 × 100 units) on its red cushion: the right paw up, a coin in the left."""
    pen.figure([(Ellipse((50, 90, 36, 8)), LUCKY_RED)], INK, 2.0)
    paw = Ellipse((76, 22, 10, 10))
    arm = Stroke(([(68, 50), (76, 28)], 8.0))
    body: Parts = [(arm, WHITE), (paw, WHITE), (Ellipse((50, 66, 26, 24)), WHITE),
                   (Poly([(26, 32), (25, 4), (44, 18)]), WHITE), (Poly([(74, 32), (75, 4), (56, 18)]), WHITE),
                   (Ellipse((50, 34, 27, 21)), WHITE)]
    pen.figure(body, INK, 2.2)
    for ear in (((28, 26), (27.5, 10), (38, 18)), ((72, 26), (72.5, 10), (62, 18))):
        pen.poly(LUCKY_RED, list(ear))
    pen.ellipse(PATCH_ORANGE, 34, 26, 8, 6)
    pen.ellipse(PATCH_BLACK, 66, 24, 6, 5)
    for x in (40, 60):   # eyes shut in a smile
        pen.stroke(INK, curve((x - 4, 36), (x, 32), (x + 4, 36), 6), 1.1)
    pen.poly(cats.PINK, [(47, 40), (53, 40), (50, 43)])
    for x in (72, 76, 80):
        pen.line(INK, (x, 14), (x, 19), 1.2)
    pen.stroke(LUCKY_RED, curve((30, 52), (50, 60), (70, 52), 10), 3.2)   # the collar
    pen.figure([(Ellipse((50, 61, 5, 5)), GOLD)], INK, 1.2)
    pen.figure([(Ellipse((36, 74, 9, 12)), GOLD)], INK, 1.6)                # the koban
    for y in (68, 74, 80):
        pen.line(mix(GOLD, INK, 0.35), (32, y), (40, y), 1.0)
    things.heart(pen, 88, 48, 4.5, VERMILLION)


# -- painted once per size, blitted every frame ---------------------------------------------------
Painter = Callable[[Pen], None]


def picture(key: tuple[object, ...], size: tuple[int, int], width: float, height: float,
            paint: Painter) -> pygame.Surface:
    """The picture ``key`` at ``size`` real pixels, ``width`` × ``height`` units: painted the first
    time, then kept."""
    def make() -> pygame.Surface:
        pen = Pen(size, width, height)
        paint(pen)
        return for_screen(pen.picture())

    return _pictures.get((*key, size), make)


def blit(canvas: Canvas, rect: RectLike, key: tuple[object, ...], width: float, height: float,
         paint: Painter) -> None:
    """Blit picture ``key`` into the virtual ``rect``; its size follows the rect's size alone, so a
    piece gliding across the table keeps one picture."""
    r = pygame.FRect(rect)
    size = (canvas.length(r.w), canvas.length(r.h))
    if size[0] >= 4 and size[1] >= 4:
        canvas.surface.blit(picture(key, size, width, height, paint), canvas.real_rect(r).topleft)


def draw_wooden_cat(canvas: Canvas, rect: RectLike, colour_id: str, pattern: str) -> None:
    blit(canvas, rect, ("cat", colour_id, pattern), 100, 100,
         lambda pen: paint_wooden_cat(pen, colour_id, pattern))


def draw_cushion(canvas: Canvas, rect: RectLike, colour_id: str | None, pattern: str,
                 face: bool = False, symbol: str | None = None) -> None:
    """A cushion's back (``face=False``) or its face with ``symbol`` (the value is the caller's)."""
    if face:
        blit(canvas, rect, ("face", colour_id, symbol), 100, 86,
             lambda pen: paint_cushion_face(pen, colour_id, symbol))
    else:
        blit(canvas, rect, ("back", colour_id, pattern), 100, 86,
             lambda pen: paint_cushion_back(pen, colour_id, pattern))


def draw_kotatsu(canvas: Canvas, zone: RectLike) -> None:
    blit(canvas, zone, ("kotatsu",), *ZONE_SIZE, paint_kotatsu)


def draw_lucky_cat(canvas: Canvas, rect: RectLike) -> None:
    blit(canvas, rect, ("lucky",), 100, 100, paint_lucky_cat)
