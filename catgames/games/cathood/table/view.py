"""Drawing the pieces of Cathood: tiles with their frontages, cats, houses, statues, discs, cubes
and cards.  No layout decisions beyond a piece's own rectangle, no rules, no state.

Colour is never the only cue: every cube colour has its own glyph (printed on the shop that
gives it), every seat its symbol, and each frontage, tree, toy and building kind its own picture
(``pictures``).  Text on pieces is drawn ``fixed`` at its ``Canvas.piece_fit`` size:
it grows with the text size as far as its piece has room, never below its 100 % size.
"""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from catgames.games.cathood.components import (
    BUILDING, BUILDING_CARD, NONE, PET_SHOP, SHOP, CathoodData,
)
from catgames.games.cathood.table.pictures import CUBES, TOY_COLOURS, building_subject, draw_frontage_picture, \
    draw_picture, toy_subject, tree_subject
from catgames.games.cathood.table.words import card_title
from catgames.ui.canvas import Canvas, Point
from catgames.ui.art.pen import mix
from catgames.ui.art.shadow import shadow
from catgames.ui.theme import palette

Color = tuple[int, int, int]
INK: Color = (34, 30, 38)
PAPER: Color = (250, 246, 236)
STREET: Color = (84, 82, 92)
BLOCK: Color = (214, 198, 176)
ROOF: Color = (190, 168, 146)
GRASS: Color = (136, 184, 110)
TITLE_SIZE = 11.0  #: a card's name, on its head (larger while the text size grows it and it fits)


def ink_on(color: Sequence[int]) -> Color:
    """Dark ink on light colours, light ink on dark ones."""
    return INK if sum(c * w for c, w in zip(color, (0.299, 0.587, 0.114))) > 150 else PAPER


# -- cubes ---------------------------------------------------------------------------------------
def draw_cube(canvas: Canvas, center: Point, size: float, colour: str) -> None:
    """One cube: a rounded square in its colour with its glyph."""
    rgb, glyph = CUBES[colour]
    rect = pygame.FRect(0, 0, size, size).move_to(center=center)
    canvas.rect(rgb, rect, radius=size * 0.22)
    canvas.rect(INK, rect, width=1, radius=size * 0.22)
    canvas.text(glyph, center, canvas.piece_fit(size * 0.7, size * 0.85), ink_on(rgb), "center", fixed=True)


def draw_keycap(canvas: Canvas, at: Point, key: str, ink: Sequence[int], high: float = 18,
                anchor: str = "center") -> pygame.FRect:
    """The key that presses a choice, drawn as a small key top (so it never reads as a count);
    ``anchor`` names the point of it that lies ``at`` (a wide key such as Esc grows away)."""
    size = canvas.piece_fit(high * 0.66, most=high * 0.8)
    w = max(high, canvas.text_size(key, size, True, True)[0] + 8)
    rect = pygame.FRect(0, 0, w, high).move_to(**{anchor: at})
    canvas.rect(ink, rect, width=1, radius=4)
    canvas.rect(ink, pygame.FRect(rect.x + 3, rect.bottom - 2, rect.w - 6, 1))   # the key's edge
    canvas.text(key, (rect.centerx, rect.centery - 0.5), size, ink, "center", bold=True, fixed=True)
    return rect


def draw_cost(canvas: Canvas, data: CathoodData, cost: Sequence[int], rect: pygame.FRect,
              ink: Sequence[int] = INK) -> None:
    """A price as counted cubes (each cube followed by its count), centred in ``rect``; the
    counts grow with the text size while the price still fits, and a price of four colours
    shrinks, cubes and counts alike, until it fits (at 150 % it ran past both card edges)."""
    parts = [(data.colours[c], k) for c, k in enumerate(cost) if k]
    size = min(rect.h, rect.w / max(1, len(parts)) / 1.9)

    def width(size: float, num: float) -> float:
        return (sum(size + 2 + canvas.text_size(str(k), num, True, True)[0] for _, k in parts)
                + size * 0.3 * (len(parts) - 1))

    num = canvas.piece_fit(size * 0.85, size * 1.1)
    if width(size, num) > rect.w:
        num = size * 0.85
    for _ in range(20):  # (bounded: each step 5 % smaller)
        if width(size, num) <= rect.w:
            break
        size, num = size * 0.95, size * 0.95 * 0.85
    x = rect.centerx - width(size, num) / 2
    for colour, k in parts:
        draw_cube(canvas, (x + size / 2, rect.centery), size, colour)
        x = canvas.text(str(k), (x + size + 2, rect.centery), num, ink, "midleft", bold=True, fixed=True).right + size * 0.3


# -- pieces --------------------------------------------------------------------------------------
def draw_cat(canvas: Canvas, center: Point, size: float, seat: int, ring: Color | None = None) -> None:
    """A cat's head in the seat's colour with its symbol: a circle with two ears."""
    style = palette().seat(seat)
    x, y = center
    r = size / 2
    for side in (-1, 1):
        ear = [(x + side * r * 0.95, y - r * 0.15), (x + side * r * 0.75, y - r * 1.15),
               (x + side * r * 0.2, y - r * 0.7)]
        canvas.polygon(style.color, ear)
        canvas.polygon(INK, ear, width=max(1.0, size / 22))
    canvas.circle(style.color, (x, y + r * 0.08), r * 0.82)
    canvas.circle(INK, (x, y + r * 0.08), r * 0.82, width=max(1.0, size / 22))
    canvas.text(style.symbol, (x, y + r * 0.12), canvas.piece_fit(size * 0.42, size * 0.55), ink_on(style.color),
                "center", fixed=True)
    if ring is not None:
        canvas.circle(ring, (x, y), r * 1.25, width=3)


def draw_house(canvas: Canvas, center: Point, size: float, seat: int) -> None:
    """A house in the owner's colour, pattern and symbol."""
    style = palette().seat(seat)
    x, y = center
    h = size / 2
    body = pygame.FRect(x - h * 0.72, y - h * 0.1, h * 1.44, h * 1.05)
    roof = [(x - h * 0.95, y - h * 0.05), (x, y - h * 0.95), (x + h * 0.95, y - h * 0.05)]
    canvas.rect(style.color, body)
    canvas.pattern(style.pattern, body, style.light, step=max(4.0, size / 5))
    canvas.polygon(style.color, roof)
    canvas.polygon(INK, roof, width=1.5)
    canvas.rect(INK, body, width=1.5)
    canvas.text(style.symbol, (x, y + h * 0.42), canvas.piece_fit(size * 0.4, size * 0.5), ink_on(style.color),
                "center", fixed=True)


def draw_statue(canvas: Canvas, center: Point, size: float, seat: int) -> None:
    """A statue (a sitting cat on a plinth) in the owner's colour and symbol."""
    style = palette().seat(seat)
    x, y = center
    h = size / 2
    plinth = pygame.FRect(x - h * 0.7, y + h * 0.35, h * 1.4, h * 0.6)
    canvas.rect(style.color, plinth, radius=2)
    canvas.rect(INK, plinth, width=1.5, radius=2)
    body = [(x - h * 0.5, y + h * 0.35), (x - h * 0.35, y - h * 0.45), (x + h * 0.35, y - h * 0.45),
            (x + h * 0.5, y + h * 0.35)]
    canvas.polygon(style.color, body)
    canvas.polygon(INK, body, width=1.5)
    for side in (-1, 1):
        ear = [(x + side * h * 0.35, y - h * 0.45), (x + side * h * 0.42, y - h * 0.95),
               (x + side * h * 0.05, y - h * 0.45)]
        canvas.polygon(style.color, ear)
        canvas.polygon(INK, ear, width=1.2)
    canvas.text(style.symbol, (x, y - h * 0.02), canvas.piece_fit(size * 0.38, size * 0.46), ink_on(style.color),
                "center", fixed=True)


def draw_disc(canvas: Canvas, center: Point, seat: int, size: float = 22.0, faint: bool = False) -> None:
    """An action disc in the seat's colour; ``faint`` marks a disc just put down (not yet used)."""
    style = palette().seat(seat)
    color = mix(style.color, PAPER, 0.45) if faint else style.color
    canvas.circle(color, center, size / 2)
    canvas.circle(INK, center, size / 2, width=2)
    canvas.text(style.symbol, center, canvas.piece_fit(size * 0.5, size * 0.62), ink_on(color), "center", fixed=True)


def draw_lock(canvas: Canvas, center: Point, size: float, color: Sequence[int]) -> None:
    """A padlock (Park and Repeat start locked)."""
    x, y = center
    body = pygame.FRect(x - size * 0.4, y - size * 0.05, size * 0.8, size * 0.6)
    canvas.circle(color, (x, y - size * 0.1), size * 0.28, width=max(1.5, size / 9))
    canvas.rect(color, body, radius=2)


# -- toys ----------------------------------------------------------------------------------------
def draw_toy(canvas: Canvas, data: CathoodData, toy: int, center: Point, size: float) -> None:
    """Toy type ``toy``'s picture, ``size`` across."""
    draw_picture(canvas, data, toy_subject(data, toy), pygame.FRect(0, 0, size, size).move_to(center=center))


# -- tiles ---------------------------------------------------------------------------------------
def edge_band(rect: pygame.FRect, d: int) -> pygame.FRect:
    """The strip along side ``d`` (0 N, 1 E, 2 S, 3 W) of a tile where that side's frontage sits."""
    depth, length, inset = rect.w * 0.25, rect.w * 0.58, rect.w * 0.04
    if d in (0, 2):
        y = rect.y + inset if d == 0 else rect.bottom - inset - depth
        return pygame.FRect(rect.centerx - length / 2, y, length, depth)
    x = rect.right - inset - depth if d == 1 else rect.x + inset
    return pygame.FRect(x, rect.centery - length / 2, depth, length)


def draw_frontage(canvas: Canvas, data: CathoodData, band: pygame.FRect, d: int, f: int,
                  owner: int) -> None:
    """One frontage in its band: its picture (a shop front, a lot, the park gate, coffee, the dog,
    the bee), a shop's cube glyphs on its sign, the owner's house on a lot."""
    if f == NONE:
        return
    draw_frontage_picture(canvas, data, f, band, d)
    size = min(band.w, band.h)
    if f >= SHOP:
        _draw_shop_sign(canvas, data, f, band, d)
    elif f in (PET_SHOP, BUILDING) and owner >= 0:
        draw_house(canvas, band.center, size * 1.05, owner)


def _draw_shop_sign(canvas: Canvas, data: CathoodData, f: int, band: pygame.FRect, d: int) -> None:
    """The cubes a shop gives (colour and glyph) on its sign board, upright whichever way the
    front faces: the board lies a little off the middle, towards the door, along the front."""
    colours = data.shop_colours[f - SHOP]
    across = d in (0, 2)
    face = 2 if d == 0 else d   #: a north front stands upright, as a south one (``SIDE_TURN``)
    long, deep = (band.w, band.h) if across else (band.h, band.w)
    cube = min(deep * 0.5, long * 0.3 / len(colours))
    shift = long * 0.115 * (1 if face in (2, 3) else -1)    #: the sign's middle, from the band's
    along = deep * 0.2 * (1 if face in (1, 2) else -1)       #: below the awning
    cx, cy = (band.centerx + shift, band.centery + along) if across else (band.centerx + along, band.centery + shift)
    for i, c in enumerate(colours):
        offset = (i - (len(colours) - 1) / 2) * cube * 1.08
        draw_cube(canvas, (cx + offset, cy) if across else (cx, cy + offset), cube, data.colours[c])


def _draw_pay(canvas: Canvas, label: str, center: Point, high: float, room: float) -> None:
    """A park's price on a white plaque over its tree's crown, as wide as the text grows."""
    num = canvas.piece_fit(high * 0.7, most=high * 0.95, text=label, room=room - high * 0.5, bold=True)
    w = canvas.text_size(label, num, True, True)[0] + high * 0.5
    plaque = pygame.FRect(0, 0, max(w, high * 1.6), high).move_to(center=center)
    canvas.rect(PAPER, plaque, radius=high / 2)
    canvas.rect(INK, plaque, width=1, radius=high / 2)
    canvas.text(label, plaque.center, num, INK, "center", bold=True, fixed=True)


def statue_spot(rect: pygame.FRect) -> tuple[Point, float]:
    """Where a park tile in ``rect`` holds its statue, beside the tree, and the statue's size."""
    r = rect.w * 0.17
    return (rect.centerx + r * 1.25, rect.centery + r * 0.55), r * 1.3


def draw_tile(canvas: Canvas, data: CathoodData, rect: pygame.FRect, tile: int, rot: int,
              lot_owners: Sequence[int], statue: int) -> None:
    """A tile turned ``rot`` quarter turns: a block or a park with its tree, each frontage on the
    side it now faces (so a turn visibly carries it), houses on their lots, the statue."""
    info = data.tiles[tile]
    park = info.park >= 0
    shadow(canvas, rect, radius=rect.w * 0.06)
    canvas.rect(GRASS if park else BLOCK, rect, radius=rect.w * 0.06)
    canvas.rect(INK, rect, width=1.5, radius=rect.w * 0.06)
    cx, cy = rect.center
    if park:
        glyph = CUBES[data.colours[data.tree_colour[info.park]]][1]
        side = rect.w * 0.46
        draw_picture(canvas, data, tree_subject(data, info.park), pygame.FRect(0, 0, side, side).move_to(
            center=(cx, cy - rect.w * 0.03)))
        _draw_pay(canvas, f"{data.tree_pay[info.park]}{glyph}", (cx, cy - rect.w * 0.05), rect.w * 0.12,
                  rect.w * 0.4)
        if statue >= 0:
            draw_statue(canvas, *statue_spot(rect), statue)
    else:
        q = rect.w * 0.1
        for dx in (-1, 1):
            for dy in (-1, 1):
                canvas.rect(ROOF, (cx + dx * q * 1.1 - q, cy + dy * q * 1.1 - q, 2 * q, 2 * q), radius=3)
    for d in range(4):
        base = (d - rot) % 4
        draw_frontage(canvas, data, edge_band(rect, d), d, info.edges[base], lot_owners[base])


# -- cards ---------------------------------------------------------------------------------------
def draw_card(canvas: Canvas, data: CathoodData, rect: pygame.FRect, card: int,
              dim: bool = False) -> None:
    """A toy or building card: what it is, its points (buildings), its price."""
    info = data.cards[card]
    shadow(canvas, rect, radius=7)
    canvas.rect(PAPER, rect, radius=7)
    canvas.rect(INK, rect, width=1.5, radius=7)
    title = card_title(data, info)
    head = pygame.FRect(rect.x + 3, rect.y + 3, rect.w - 6, title_height(canvas, title, rect))
    building = info.kind == BUILDING_CARD
    toy = "" if building else data.toy_types[info.toy]
    canvas.rect((198, 184, 220) if building else mix(TOY_COLOURS[toy], PAPER, 0.55), head, radius=5)
    _draw_title(canvas, title, head)
    cost = pygame.FRect(rect.x + 4, rect.bottom - rect.h * 0.26, rect.w - 8, rect.h * 0.2)
    band = cost.y - head.bottom  # between the title and the price: the picture, the points
    mid = (rect.centerx, max(rect.y + rect.h * 0.53, head.bottom + band / 2))
    if building:
        side = min(rect.h * 0.4, rect.w * 0.58, band - 2)
        draw_picture(canvas, data, building_subject(info.points),
                     pygame.FRect(0, 0, side, side).move_to(center=(rect.x + 4 + side / 2, mid[1])))
        canvas.piece_text(str(info.points), (mid[0] + rect.w * 0.22, mid[1]), rect.h * 0.3, INK, bold=True,
                          most=min(rect.h * 0.33, band * 0.8))
    else:
        draw_toy(canvas, data, info.toy, mid, rect.h * 0.38)
    draw_cost(canvas, data, info.cost, cost)
    if dim:
        canvas.rect((40, 40, 48, 120), rect, radius=7)


def title_height(canvas: Canvas, title: str, rect: pygame.FRect, size: float = TITLE_SIZE) -> float:
    """The height of a card's head: 30 % of the card, or for a name on two lines (a long
    building's, "Солнечная терраса") room for both at ``size``, up to 42 % of the card."""
    if canvas.text_size(title, size, fixed=True)[0] <= rect.w - 10:
        return rect.h * 0.3
    return min(rect.h * 0.42, max(rect.h * 0.3, 2 * canvas.line_height(size, fixed=True) + 2))


def _draw_title(canvas: Canvas, title: str, head: pygame.FRect, size: float = TITLE_SIZE) -> None:
    """A card's name in its head: on one line at its grown size when it fits there at ``size``,
    else on two lines as large as they fit (a long name is not squeezed into one)."""
    room = head.w - 4
    if canvas.text_size(title, size, fixed=True)[0] <= room:
        canvas.piece_text(title, head.center, size, INK, room=room, most=head.h * 0.8)
        return
    big = size * canvas.text_scale
    for s in [big] + [8 + 0.25 * i for i in range(int((big - 8) * 4), -1, -1) if 8 + 0.25 * i < big]:
        lines = canvas.wrap(title, room, s, fixed=True)
        step = canvas.line_height(s, fixed=True)
        if len(lines) <= 2 and len(lines) * step <= head.h + 1:
            break
    top = head.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        canvas.text(line, (head.centerx, top + i * step), s, INK, "center", max_width=room, fixed=True)


def draw_card_back(canvas: Canvas, rect: pygame.FRect, label: str) -> None:
    canvas.rect((116, 92, 150), rect, radius=7)
    canvas.rect(INK, rect, width=1.5, radius=7)
    canvas.piece_text(label, rect.center, 12, PAPER, bold=True, room=rect.w - 6, most=rect.h * 0.85)


def draw_park_card(canvas: Canvas, rect: pygame.FRect, points: int) -> None:
    canvas.rect(GRASS, rect, radius=5)
    canvas.rect(INK, rect, width=1.5, radius=5)
    canvas.piece_text(str(points), rect.center, rect.h * 0.55, INK, bold=True, room=rect.w - 4, most=rect.h * 0.7)


def arrow_head(canvas: Canvas, a: Point, b: Point, color: Sequence[int], size: float = 9) -> None:
    """A filled arrow head at ``b`` pointing away from ``a``."""
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    pts = [b, (b[0] - size * math.cos(ang - 0.45), b[1] - size * math.sin(ang - 0.45)),
           (b[0] - size * math.cos(ang + 0.45), b[1] - size * math.sin(ang + 0.45))]
    canvas.polygon(color, pts)
