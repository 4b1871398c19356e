"""The pictures of If It Fits, drawn by our code in the covers' house style and painted once per
size: box cards as cardboard seen from above, toys, cats awake and asleep, and the Princess.

A wall is a raised cardboard flap: a dark side face along the card's edge, a pale fluted top
edge, and the shadow it casts on the floor; an open side has no edge at all, the floor runs
out to it under a dashed cut line with chevrons pointing out, so a wall never looks like the
card's own border.  A cat card keeps its seat's colour, pattern and symbol (the symbol is text,
drawn on top by the view); awake the cat sits up, asleep it lies curled with a "z".
"""

from __future__ import annotations

from typing import Callable

import pygame

from catgames.games.boxes.components import BOTTOM, LEFT, RIGHT, TOP
from catgames.ui.art import cats, things
from catgames.ui.art.cats import Coat
from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Color, Ellipse, Pen, Poly, for_screen, mix
from catgames.ui.theme import BLUISH_GREEN, SKY_BLUE, VERMILLION, YELLOW, SeatStyle

CACHE_LIMIT = 400   #: every card face, cat and toy at the sizes one table and its panels show
CARD_UNITS = 88.0   #: a box card is 88 design units wide (its height follows the picture)
CAT_UNITS = 44.0    #: a cat card is 44 design units wide
WALL = 0.18         #: a wall's thickness, a share of the card's height
MIN_WALL_PX = 5.0   #: ...but never thinner than this many screen pixels
LIPPED_WALL_PX = 10.0  #: a wall this thick (px) shows its pale top edge and its flutes
MIN_ARROW_PX = 5.0  #: an open side's arrowhead is at least twice this many screen pixels across

KRAFT = (0xD6, 0xB0, 0x7A)
START_KRAFT = (0xE4, 0xC9, 0x9C)
FLUTE = (0xC4, 0x9C, 0x66)         #: the corrugation showing through the floor
WALL_FILL = (0x7A, 0x4A, 0x22)     #: a wall's side face (darker than the floor: it stands up)
WALL_LIP = (0xEC, 0xCE, 0x98)      #: a wall's top edge, catching the light
WALL_EDGE = (0x2E, 0x1C, 0x0E)
OPEN_MARK = (0xFA, 0xEE, 0xD8)
TOY_RIBBON = (0xB8, 0x3B, 0x5E)
PAPER = (0xFF, 0xFB, 0xF2)
PRINCESS_LILAC = (0xC9, 0xB8, 0xE0)
GOLD = (0xF5, 0xC8, 0x42)
BLACK_COAT = Coat((0x2C, 0x28, 0x32), (0x4A, 0x44, 0x52), (0x2C, 0x28, 0x32), "plain")
#: a seat's pattern as the coat pattern of its cats (a second cue beside the card's pattern)
COAT_PATTERN = {"plain": "plain", "stripes": "tabby", "dots": "calico", "cross": "tuxedo", "grid": "tabby"}

_pictures: Kept[pygame.Surface] = Kept(CACHE_LIMIT)
Size = tuple[int, int]


# -- box cards ----------------------------------------------------------------------------------
def wall_units(size: Size) -> float:
    """A wall's thickness in design units on a card ``size`` px big (at least ``MIN_WALL_PX``)."""
    height = size[1] * CARD_UNITS / max(1, size[0])
    return max(height * WALL, MIN_WALL_PX * CARD_UNITS / max(1, size[0]))


def _wall_band(side: int, w: float, h: float, t: float) -> tuple[float, float, float, float]:
    return {TOP: (0.0, 0.0, w, t), BOTTOM: (0.0, h - t, w, t),
            LEFT: (0.0, 0.0, t, h), RIGHT: (w - t, 0.0, t, h)}[side]


def _open_side(pen: Pen, side: int, t: float, lipped: bool, px: float) -> None:
    """The floor runs out to an open side: a dashed cut just inside it (large cards) and solid
    arrowheads pointing out of the card (the box goes on this way), big enough to read at the
    smallest zoom, so that a dead end's one open side is as plain as its three walls (``px``:
    design units per screen pixel)."""
    w, h = pen.w, pen.h
    horizontal = side in (TOP, BOTTOM)
    line = max(0.8, h / 32)
    if lipped:
        inset, dash = t * 0.35, max(2.5, h * 0.09)
        a, b = t, (w - t if horizontal else h - t)
        pos = a
        while pos < b:
            end = min(b, pos + dash)
            if horizontal:
                y = inset if side == TOP else h - inset
                pen.line(OPEN_MARK, (pos, y), (end, y), line)
            else:
                x = inset if side == LEFT else w - inset
                pen.line(OPEN_MARK, (x, pos), (x, end), line)
            pos += dash * 2
    c = max(t * 0.7, h * 0.13, MIN_ARROW_PX * px)   # an arrowhead's half width
    ox, oy = {TOP: (0, -1), BOTTOM: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}[side]
    depth = t * 0.9 + c * 0.9    # from the edge to the arrowhead's base, clear of the cut
    spots = [0.3, 0.7] if horizontal and lipped else [0.5]
    for share in spots:
        if horizontal:
            base = (w * share, depth if side == TOP else h - depth)
        else:
            base = (depth if side == LEFT else w - depth, h * share)
        tip = (base[0] + ox * c * 0.9, base[1] + oy * c * 0.9)
        wing = (-oy * c, ox * c)
        head = Poly([tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])])
        pen.figure([(head, OPEN_MARK)], WALL_FILL, line * 1.2)


def _wall(pen: Pen, side: int, t: float, lipped: bool) -> None:
    """A raised cardboard flap: its shadow on the floor, its dark side face, and (large enough)
    its pale top edge with the corrugation's flutes."""
    x, y, bw, bh = _wall_band(side, pen.w, pen.h, t)
    if lipped:
        grow = t * 0.45
        shade = {TOP: (x, y, bw, bh + grow), BOTTOM: (x, y - grow, bw, bh + grow),
                 LEFT: (x, y, bw + grow, bh), RIGHT: (x - grow, y, bw + grow, bh)}[side]
        with pen.glaze(70):
            pen.rect(WALL_EDGE, *shade)
    pen.rect(WALL_FILL, x, y, bw, bh)
    if not lipped:
        return
    edge = t * 0.12   # the flap's outer fold, inked so the wall stands off the table
    outer = {TOP: (x, y, bw, edge), BOTTOM: (x, y + bh - edge, bw, edge),
             LEFT: (x, y, edge, bh), RIGHT: (x + bw - edge, y, edge, bh)}[side]
    pen.rect(WALL_EDGE, *outer)
    lip = t * 0.42   # the top edge: the inner part of the band, towards the floor
    inner = {TOP: (x, y + bh - lip, bw, lip), BOTTOM: (x, y, bw, lip),
             LEFT: (x + bw - lip, y, lip, bh), RIGHT: (x, y, lip, bh)}[side]
    pen.rect(WALL_LIP, *inner)
    ix, iy, iw, ih = inner
    step = t * 0.7
    if side in (TOP, BOTTOM):
        pos = ix + step / 2
        while pos < ix + iw:
            pen.line(mix(WALL_LIP, WALL_FILL, 0.45), (pos, iy + ih * 0.2), (pos, iy + ih * 0.8), t * 0.07)
            pos += step
    else:
        pos = iy + step / 2
        while pos < iy + ih:
            pen.line(mix(WALL_LIP, WALL_FILL, 0.45), (ix + iw * 0.2, pos), (ix + iw * 0.8, pos), t * 0.07)
            pos += step


def _ribbon(pen: Pen, t: float) -> None:
    """A special toy card: a ribbon across the floor with a bow."""
    cx, cy = pen.w / 2, pen.h / 2
    pen.rect(TOY_RIBBON, cx - t * 0.3, 0, t * 0.6, pen.h)
    for side in (-1, 1):
        loop = Poly([(cx, cy), (cx + side * t * 1.3, cy - t * 0.7), (cx + side * t * 1.3, cy + t * 0.7)])
        pen.figure([(loop, TOY_RIBBON)], WALL_EDGE, t * 0.1)
    pen.circle(mix(TOY_RIBBON, (0, 0, 0), 0.25), cx, cy, t * 0.3)


def paint_card(pen: Pen, edges: int, start: bool = False, special: bool = False) -> None:
    """A box card on ``pen`` (``edges``: its open-side bits): floor, open sides, walls."""
    size = pen.size
    t = wall_units(size)
    lipped = t * size[0] / CARD_UNITS >= LIPPED_WALL_PX
    pen.rect(START_KRAFT if start else KRAFT, 0, 0, pen.w, pen.h, pen.h * 0.08)
    step = max(4.0, pen.h * 0.11)
    y = step
    while y < pen.h - step / 2 and lipped:   # corrugation showing faintly through the floor
        pen.line(FLUTE, (t, y), (pen.w - t, y), max(0.5, pen.h / 90))
        y += step
    if special:
        _ribbon(pen, t)
    sides = (TOP, BOTTOM, LEFT, RIGHT)
    for side in sides:
        if edges & side:
            _open_side(pen, side, t, lipped, CARD_UNITS / max(1, size[0]))
    for side in sides:
        if not edges & side:
            _wall(pen, side, t, lipped)


def card_picture(edges: int, size: Size, start: bool = False, special: bool = False) -> pygame.Surface:
    """A box card's face at ``size`` real pixels (toys are painted on it by the view)."""
    def make() -> pygame.Surface:
        pen = Pen(size, CARD_UNITS)
        paint_card(pen, edges, start, special)
        return for_screen(pen.picture())

    return _pictures.get(("card", edges, start, special, size), make)


# -- toys ---------------------------------------------------------------------------------------
def _yarn(pen: Pen) -> None:
    things.yarn(pen, 10, 19, 9, SKY_BLUE, 0.0)


def _mouse(pen: Pen) -> None:
    things.toy_mouse(pen, 9, 14, 17, facing=-1)


def _bell_ball(pen: Pen) -> None:
    """A red plastic ball with a bell showing through its slot."""
    pen.figure([(Ellipse((10, 10, 8.6, 8.6)), VERMILLION)], cats.INK, 1.2)
    pen.circle(mix(VERMILLION, PAPER, 0.5), 7, 6.5, 2.2)
    pen.circle(YELLOW, 10, 11.5, 3.6)
    pen.line(cats.INK, (7.4, 12), (12.6, 12), 1.0)


def _fish(pen: Pen) -> None:
    """A catnip fish: a green felt fish with a stitched side."""
    body = Ellipse((8.5, 10, 7.2, 4.8))
    tail = Poly([(14, 10), (19.5, 4.5), (19.5, 15.5)])
    pen.figure([(tail, BLUISH_GREEN), (body, BLUISH_GREEN)], cats.INK, 1.1)
    pen.circle(PAPER, 5, 9, 1.5)
    pen.circle(cats.INK, 5, 9, 0.8)
    for x in (8.5, 10.5, 12.5):
        pen.line(mix(BLUISH_GREEN, PAPER, 0.6), (x, 7.5), (x, 12.5), 0.6)


#: the toys printed on box cards, cycled down a card; a special toy card shows catnip fish
TOYS: dict[str, Callable[[Pen], None]] = {"yarn": _yarn, "mouse": _mouse, "bell": _bell_ball, "fish": _fish}
BOX_TOYS = ("yarn", "mouse", "bell")
SPECIAL_TOY = "fish"


def toy_kinds(edges: int, toys: int, special: bool = False) -> list[str]:
    """Which toy each of a card's ``toys`` is: cards of other shapes start the cycle elsewhere."""
    if special:
        return [SPECIAL_TOY] * toys
    return [BOX_TOYS[(edges + i) % len(BOX_TOYS)] for i in range(toys)]


def toy_picture(kind: str, px: int) -> pygame.Surface:
    """One toy, ``px`` real pixels square."""
    def make() -> pygame.Surface:
        pen = Pen((px, px), 20.0)
        TOYS[kind](pen)
        return for_screen(pen.picture())

    return _pictures.get(("toy", kind, px), make)


# -- cats ---------------------------------------------------------------------------------------
def _pattern(pen: Pen, kind: str, color: Color, step: float) -> None:
    """A seat's pattern over the whole picture (as ``Canvas.pattern`` draws it on pieces)."""
    w, h, line = pen.w, pen.h, max(0.6, step / 9)
    if kind in ("stripes", "cross", "grid"):
        d = 0.0
        while d < w + h:
            if kind in ("stripes", "cross"):
                pen.line(color, (d, 0), (d - h, h), line)
            if kind in ("cross", "grid"):
                pen.line(color, (d - h, 0), (d, h), line)
            d += step
    elif kind == "dots":
        y = step / 2
        while y < h:
            x = step / 2
            while x < w:
                pen.circle(color, x, y, max(0.8, step / 6))
                x += step
            y += step


def seat_coat(style: SeatStyle, awake: bool) -> Coat:
    """A seat's cat: the opposite shade of its card (light on the seat's colour when awake,
    the seat's colour on light when asleep), marked with the seat's pattern."""
    fur, marks = (style.light, style.color) if awake else (style.color, style.light)
    return Coat(fur, PAPER, mix(marks, cats.INK, 0.3), COAT_PATTERN.get(style.pattern, "plain"))


def paint_cat(pen: Pen, style: SeatStyle, awake: bool) -> None:
    """A seat's cat card: its colour and pattern, the cat sitting up (awake) or curled (asleep),
    room at the foot for the seat's symbol."""
    w, h = pen.w, pen.h
    back, pattern = (style.color, style.light) if awake else (style.light, style.color)
    pen.rect(cats.INK, 0, 0, w, h, w * 0.14)   # the frame, then the card inside it
    pen.rect(back, w / 16, w / 16, w - w / 8, h - w / 8, w * 0.12)
    with pen.glaze(150):
        _pattern(pen, style.pattern, pattern, max(5.0, w / 4))
    coat = seat_coat(style, awake)
    foot = h - w * 0.55   # the symbol's disc sits below this
    if awake:
        s = min(w * 0.5, foot / 1.5)
        pen.ellipse(mix(back, cats.INK, 0.35), w / 2, foot, s * 0.6, s * 0.12)
        cats.sit(pen, w / 2, foot, s, coat, "happy")
    else:
        s = min(w * 0.55, foot / 1.0)
        pen.ellipse(mix(back, cats.INK, 0.25), w / 2, foot, s * 0.7, s * 0.1)
        cats.loaf(pen, w / 2 - s * 0.05, foot, s, coat, "sleepy")
        things.zees(pen, w * 0.72, foot - s * 0.85, s * 0.2)


def _crown(pen: Pen, x: float, y: float, w: float) -> None:
    points = [(x - w / 2, y), (x - w / 2, y - w * 0.45), (x - w / 4, y - w * 0.2), (x, y - w * 0.55),
              (x + w / 4, y - w * 0.2), (x + w / 2, y - w * 0.45), (x + w / 2, y)]
    pen.figure([(Poly(points), GOLD)], cats.INK, w * 0.06)
    pen.circle(VERMILLION, x, y - w * 0.16, w * 0.08)


def paint_princess(pen: Pen) -> None:
    """The Princess: a black cat sitting tall on lilac, crowned, framed in gold."""
    w, h = pen.w, pen.h
    pen.rect(GOLD, 0, 0, w, h, min(w, h) * 0.14)
    edge = min(w, h) / 14
    pen.rect(PRINCESS_LILAC, edge, edge, w - 2 * edge, h - 2 * edge, min(w, h) * 0.12)
    ground = h * 0.88
    s = min(w * 0.5, (ground - h * 0.04) / 1.85)
    pen.ellipse(mix(PRINCESS_LILAC, cats.INK, 0.3), w / 2, ground, s * 0.6, s * 0.12)
    cats.sit(pen, w / 2, ground, s, BLACK_COAT, "happy", tail_up=True)
    for side in (-1, 1):   # green eyes that show on black fur
        pen.circle((0x9E, 0xE8, 0x8C), w / 2 + side * 0.4 * 0.4 * s, ground - 1.0 * s - 0.02 * s, 0.06 * s)
    _crown(pen, w / 2, ground - 1.33 * s, s * 0.55)


def cat_picture(style: SeatStyle | None, awake: bool, size: Size) -> pygame.Surface:
    """A cat card at ``size`` real pixels: a seat's cat, or (``style=None``) the Princess."""
    def make() -> pygame.Surface:
        pen = Pen(size, CAT_UNITS if size[0] <= size[1] else CARD_UNITS)
        if style is None:
            paint_princess(pen)
        else:
            paint_cat(pen, style, awake)
        return for_screen(pen.picture())

    key = ("princess",) if style is None else ("cat", style.color, style.light, style.pattern, awake)
    return _pictures.get((*key, size), make)
