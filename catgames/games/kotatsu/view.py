"""Drawing the pieces of Kotatsu Cats: cards, wooden cats, cushions (back and face), the coin and
food symbols, lucky cats, tatami and kotatsu.  Pure helpers in virtual coordinates.

Cat colours are told apart by more than hue (spec section 6): a letter on every card, and a coat
marking on every cat and card (orange stripes, grey spots, the brown tabby's M, calico patches;
white and black differ in lightness).  A cushion face is drawn only when the caller hands one
over; what a seat may see is decided by the scene from its observation, never here.
"""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from catgames.games.kotatsu.components import COIN, FOOD, KotatsuData
from catgames.games.kotatsu.words import colour_letter, colour_name
from catgames.ui.canvas import Canvas, Point, RectLike
from catgames.ui.art.shadow import shadow

Color = tuple[int, int, int]

INK: Color = (0x22, 0x20, 0x28)
PAPER: Color = (0xFB, 0xF8, 0xEF)
TATAMI: Color = (0xCF, 0xC6, 0x8F)
TATAMI_WEAVE: Color = (0xBC, 0xB2, 0x7A)
TATAMI_BORDER: Color = (0x3E, 0x4E, 0x34)
FUTON: Color = (0x3F, 0x45, 0x66)
FUTON_KASURI: Color = (0x6A, 0x71, 0x96)
WOOD: Color = (0xB9, 0x83, 0x4F)
WOOD_RIM: Color = (0x7E, 0x52, 0x2E)
BACK: Color = (0x34, 0x3A, 0x5C)
GOLD: Color = (0xE8, 0xC0, 0x3A)
FISH: Color = (0x7C, 0xA6, 0xC8)
BLANK: Color = (0xB8, 0xB4, 0xAE)
LUCKY_RED: Color = (0xC8, 0x3C, 0x32)
STAR_COLUMN_H = 25.0  #: a small card's star count: it stays in sight in a side fan (layout.FAN_STEP)
CAT_RGB: dict[str, Color] = {  #: by the colour ids of data/kotatsu.yaml
    "W": (0xF2, 0xEF, 0xE6), "K": (0x3A, 0x36, 0x3E), "O": (0xEC, 0x96, 0x34),
    "G": (0x98, 0x9A, 0xA4), "B": (0x8C, 0x62, 0x3E), "C": (0xF6, 0xF0, 0xE2),
}
CALICO_PATCHES: tuple[Color, Color] = ((0xEC, 0x96, 0x34), (0x3A, 0x36, 0x3E))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Color:
    """``a`` moved a share ``t`` of the way to ``b``."""
    r, g, b_ = (round(x + (y - x) * t) for x, y in zip(a, b))
    return (r, g, b_)


def is_light(rgb: Sequence[int]) -> bool:
    return sum(c * w for c, w in zip(rgb, (0.299, 0.587, 0.114))) > 140


def coat(data: KotatsuData, colour: int) -> Color:
    """The fur colour of cat colour ``colour`` (``-1``: the colourless blank cushion)."""
    if colour < 0:
        return BLANK
    return CAT_RGB.get(data.colour_ids[colour], BLANK)


def _marking_ink(rgb: Color) -> Color:
    return mix(rgb, INK, 0.45) if is_light(rgb) else mix(rgb, PAPER, 0.35)


def draw_coat(canvas: Canvas, rect: RectLike, data: KotatsuData, colour: int) -> None:
    """A card body: the cat colour with its pattern (stripes, spots, tabby bands, patches)."""
    r = pygame.FRect(rect)
    rgb = coat(data, colour)
    canvas.rect(rgb, r)
    pattern = data.colour_patterns[colour]
    ink = _marking_ink(rgb)
    step = max(6.0, r.w / 4)
    with canvas.clip(r):
        if pattern == "stripes":
            d = 0.0
            while d < r.w + r.h:
                canvas.line(ink, (r.x + d, r.y), (r.x + d - r.h, r.bottom), max(2, r.w / 16))
                d += step
        elif pattern == "spots":
            for i, y in enumerate(_steps(r.y + step / 2, r.bottom, step)):
                for x in _steps(r.x + step / 2 + (i % 2) * step / 2, r.right, step):
                    canvas.circle(ink, (x, y), max(1.5, step / 5))
        elif pattern == "tabby":
            for y in _steps(r.y + step / 2, r.bottom, step * 0.9):
                points = [(x, y + (step / 5 if i % 2 else -step / 5))
                          for i, x in enumerate(_steps(r.x - step / 2, r.right + step, step / 2))]
                for a, b in zip(points, points[1:]):
                    canvas.line(ink, a, b, max(2, r.w / 20))
        elif pattern == "patches":
            orange, black = CALICO_PATCHES
            canvas.circle(orange, (r.x + r.w * 0.25, r.y + r.h * 0.3), r.w * 0.3)
            canvas.circle(black, (r.x + r.w * 0.8, r.y + r.h * 0.55), r.w * 0.26)
            canvas.circle(orange, (r.x + r.w * 0.35, r.y + r.h * 0.92), r.w * 0.22)


def _steps(start: float, stop: float, step: float) -> list[float]:
    out = []
    while start < stop:
        out.append(start)
        start += step
    return out


def draw_cat(canvas: Canvas, centre: Point, size: float, data: KotatsuData, colour: int) -> None:
    """A wooden cat seen from the front: head, ears and the coat marking of its colour."""
    x, y = centre
    r = size * 0.36
    rgb = coat(data, colour)
    outline = max(1.5, size / 22)
    pattern = data.colour_patterns[colour]
    ear_colours = CALICO_PATCHES if pattern == "patches" else (rgb, rgb)
    for side, fill in zip((-1, 1), ear_colours):
        ear = [(x + side * r * 0.95, y - r * 0.15), (x + side * r * 0.85, y - r * 1.35),
               (x + side * r * 0.2, y - r * 0.8)]
        canvas.polygon(fill, ear)
        canvas.polygon(INK, ear, outline)
    canvas.circle(rgb, (x, y), r)
    ink = _marking_ink(rgb)
    line = max(1.5, size / 18)
    if pattern == "stripes":
        for dx in (-0.32, 0, 0.32):
            canvas.line(ink, (x + dx * r, y - r * 0.92), (x + dx * r * 0.8, y - r * 0.45), line)
    elif pattern == "spots":
        for dx, dy in ((-0.45, -0.45), (0.4, -0.5), (0.55, 0.35), (-0.6, 0.3)):
            canvas.circle(ink, (x + dx * r, y + dy * r), r * 0.12)
    elif pattern == "tabby":
        m = [(-0.45, -0.3), (-0.3, -0.8), (0, -0.45), (0.3, -0.8), (0.45, -0.3)]
        for a, b in zip(m, m[1:]):
            canvas.line(ink, (x + a[0] * r, y + a[1] * r), (x + b[0] * r, y + b[1] * r), line)
        for side in (-1, 1):
            canvas.line(ink, (x + side * r * 0.95, y + r * 0.1), (x + side * r * 0.6, y + r * 0.2), line)
    elif pattern == "patches":
        orange, black = CALICO_PATCHES
        canvas.circle(orange, (x - r * 0.38, y - r * 0.38), r * 0.45)
        canvas.circle(black, (x + r * 0.45, y - r * 0.3), r * 0.38)
    canvas.circle(INK, (x, y), r, width=outline)
    eye = PAPER if not is_light(rgb) else INK
    for side in (-1, 1):
        canvas.circle(eye, (x + side * r * 0.38, y + r * 0.05), max(1.2, r * 0.11))
    canvas.polygon((0xE0, 0x8A, 0x8A), [(x - r * 0.12, y + r * 0.3), (x + r * 0.12, y + r * 0.3),
                                        (x, y + r * 0.45)])


def draw_card(canvas: Canvas, rect: RectLike, data: KotatsuData, card: int,
              alpha: int = 255) -> None:
    """A cat card: a white frame, the colour letter and the stars in the corner, the coat below.

    A big card (a hand card) also shows a cat and the colour's name.  The corner's strip deepens
    as the text on pieces grows, the coat taking less of the card."""
    r = pygame.FRect(rect)
    big = r.w >= 60
    grow = canvas.piece_growth
    if alpha == 255:
        shadow(canvas, r, radius=r.w * 0.12)
    canvas.rect(PAPER, r, radius=r.w * 0.12)
    colour, stars = data.card_colour[card], data.card_stars[card]
    strip = r.h * 0.2 * grow if big else min(max(r.h * 0.34, 17.0) * grow, r.h * 0.45)
    foot = r.h * 0.17 * grow if big else 3
    body = pygame.FRect(r.x + 3, r.y + strip, r.w - 6, r.h - strip - foot)
    draw_coat(canvas, body, data, colour)
    canvas.rect(mix(coat(data, colour), INK, 0.5), body, width=1)
    letter = colour_letter(data, colour)
    if big:
        size = strip * 0.78
        canvas.text(letter, (r.x + 4, r.y + strip / 2 + 1), size, INK, "midleft", bold=True, fixed=True)
        canvas.text(f"{stars}★", (r.right - 3, r.y + strip / 2 + 1), size * 0.92, INK, "midright",
                    bold=True, fixed=True)
    else:  # too narrow for "W3★" on one line: the stars stand apart, the digit over its star
        canvas.text(letter, (r.x + 3, r.y + strip / 2 + 1), min(strip * 0.85, 16.0), INK, "midleft",
                    bold=True, fixed=True)  # clear of the digit on a 36-wide card
        column = pygame.FRect(r.right - 2 - 12 * grow, r.y + 2, 12 * grow, STAR_COLUMN_H)
        canvas.rect(PAPER, column, radius=3)
        digit = min(14 * grow, 15.0)  #: the star stays under it, in sight in a side fan
        canvas.text(str(stars), (column.centerx, column.y + digit / 2), digit, INK, "center",
                    bold=True, fixed=True)
        canvas.text("★", (column.centerx, column.bottom - 6), 10, INK, "center", fixed=True)
    if big:
        draw_cat(canvas, (body.centerx, body.centery + body.h * 0.08), min(body.w, body.h) * 0.7,
                 data, colour)
        name = colour_name(data, colour)
        room = r.w - 8
        size = canvas.steady(r.h * 0.12,
                          lambda s: canvas.text_size(name, s, fixed=True)[0] <= room, fixed=True)
        canvas.text(name, (r.centerx, r.bottom - foot / 2), size, INK, "center", fixed=True,
                    max_width=room)
    canvas.rect(INK, r, width=max(1.0, r.w / 30), radius=r.w * 0.12)
    if alpha < 255:
        canvas.rect((*PAPER, 255 - alpha), r, radius=r.w * 0.12)


def draw_card_back(canvas: Canvas, rect: RectLike) -> None:
    r = pygame.FRect(rect)
    canvas.rect(BACK, r, radius=r.w * 0.12)
    canvas.pattern("grid", r.inflate(-8, -8), mix(BACK, PAPER, 0.25), step=10)
    canvas.rect(PAPER, r.inflate(-6, -6), width=2, radius=r.w * 0.1)
    draw_paw(canvas, r.center, r.w * 0.32, PAPER)
    canvas.rect(INK, r, width=1.5, radius=r.w * 0.12)


def draw_paw(canvas: Canvas, centre: Point, size: float, color: Sequence[int]) -> None:
    x, y = centre
    canvas.circle(color, (x, y + size * 0.2), size * 0.38)
    for dx, dy in ((-0.45, -0.25), (-0.16, -0.5), (0.16, -0.5), (0.45, -0.25)):
        canvas.circle(color, (x + dx * size, y + dy * size), size * 0.15)


def draw_cushion_back(canvas: Canvas, rect: RectLike, data: KotatsuData, colour: int) -> None:
    """A face-down zabuton in its colour: border, corner tassels and a centre tuft."""
    r = pygame.FRect(rect)
    rgb = coat(data, colour)
    edge = mix(rgb, INK, 0.45)
    canvas.rect(edge, r.move(0, 2), radius=r.w * 0.22)
    canvas.rect(rgb, r, radius=r.w * 0.22)
    inner = r.inflate(-r.w * 0.3, -r.h * 0.3)
    if colour >= 0:
        draw_coat(canvas, inner, data, colour)
    canvas.rect(edge, inner, width=max(1, r.w / 28), radius=r.w * 0.08)
    for corner in (r.topleft, r.topright, r.bottomleft, r.bottomright):
        canvas.circle(edge, corner, max(2.0, r.w * 0.06))
    canvas.rect(INK, r, width=max(1.0, r.w / 32), radius=r.w * 0.22)


def draw_cushion_face(canvas: Canvas, rect: RectLike, data: KotatsuData, cushion: int) -> None:
    """A revealed cushion: its value large and its symbol (coin or food) drawn as a shape."""
    r = pygame.FRect(rect)
    colour = data.cushion_colour[cushion]
    canvas.rect(coat(data, colour), r, radius=r.w * 0.2)
    inner = r.inflate(-r.w * 0.16, -r.h * 0.16)
    canvas.rect(PAPER, inner, radius=r.w * 0.14)
    canvas.rect(INK, r, width=max(1.0, r.w / 30), radius=r.w * 0.2)
    value = data.cushion_value[cushion]
    symbol = data.cushion_symbol[cushion]
    text = signed(value)
    ty = inner.centery - (inner.h * 0.14 if symbol else 0)
    canvas.text(text, (inner.centerx, ty), inner.h * (0.5 if symbol else 0.62), INK, "center",
                bold=True, fixed=True)
    if symbol is not None:
        draw_symbol(canvas, (inner.centerx, inner.bottom - inner.h * 0.2), inner.h * 0.34, symbol)


def signed(value: int) -> str:
    """``+3``, ``0``, ``−2`` (a true minus sign, easy to read)."""
    return f"+{value}" if value > 0 else "0" if value == 0 else f"−{-value}"


def draw_symbol(canvas: Canvas, centre: Point, size: float, symbol: str) -> None:
    if symbol == COIN:
        draw_coin(canvas, centre, size)
    elif symbol == FOOD:
        draw_food(canvas, centre, size)


def draw_coin(canvas: Canvas, centre: Point, size: float) -> None:
    """A gold coin with a square hole."""
    r = size / 2
    canvas.circle(GOLD, centre, r)
    canvas.circle(INK, centre, r, width=max(1.0, size / 14))
    hole = pygame.FRect(0, 0, r * 0.7, r * 0.7).move_to(center=centre)
    canvas.rect(PAPER, hole)
    canvas.rect(INK, hole, width=1)


def draw_food(canvas: Canvas, centre: Point, size: float) -> None:
    """Cat food: a fish."""
    x, y = centre
    w, h = size * 0.62, size * 0.32
    body = [(x - w + i * w / 6, y - h * math.sin(math.pi * i / 12)) for i in range(13)]
    body += [(x + w - i * w / 6, y + h * math.sin(math.pi * (12 - i) / 12)) for i in range(13)]
    body = [(px - size * 0.1, py) for px, py in body]
    tail = [(x + w - size * 0.15, y), (x + w + size * 0.3, y - h * 1.1), (x + w + size * 0.3, y + h * 1.1)]
    canvas.polygon(FISH, tail)
    canvas.polygon(INK, tail, max(1.0, size / 16))
    canvas.polygon(FISH, body)
    canvas.polygon(INK, body, max(1.0, size / 16))
    canvas.circle(INK, (x - w * 0.75, y - h * 0.15), max(1.2, size * 0.05))


def draw_pair(canvas: Canvas, centre: Point, size: float, data: KotatsuData, cat: int,
              cushion: int, face: bool = False) -> None:
    """A wooden cat sitting on its cushion; the cushion face shows only with ``face=True``.

    ``cushion`` may be a masked id (``~colour``) from an observation; it is then always a back."""
    x, y = centre
    rect = pygame.FRect(0, 0, size, size * 0.86).move_to(center=(x, y + size * 0.16))
    if face and 0 <= cushion:
        draw_cushion_face(canvas, rect, data, cushion)
        draw_cat(canvas, (rect.centerx - size * 0.32, rect.y - size * 0.02), size * 0.52, data,
                 data.cat_colour[cat])
        return
    colour = ~cushion if cushion < 0 else data.cushion_colour[cushion]
    draw_cushion_back(canvas, rect, data, colour)
    if cushion == data.blank:
        canvas.text(signed(data.cushion_value[cushion]), (rect.centerx, rect.bottom - size * 0.14),
                    size * 0.24, INK, "center", bold=True, fixed=True)
    draw_cat(canvas, (x, y - size * 0.04), size * 0.78, data, data.cat_colour[cat])


def draw_lucky_cat(canvas: Canvas, centre: Point, size: float, drawn: bool, number: int) -> None:
    """A beckoning lucky cat once drawn; before that an empty dashed place with its number."""
    x, y = centre
    r = size / 2
    if not drawn:
        for i in range(12):
            a = i * math.pi / 6
            canvas.line(PAPER, (x + r * math.cos(a), y + r * math.sin(a)),
                        (x + r * math.cos(a + 0.3), y + r * math.sin(a + 0.3)), 2)
        canvas.text(str(number), centre, size * 0.5, PAPER, "center", bold=True, fixed=True)
        return
    canvas.circle(PAPER, (x, y + r * 0.55), r * 0.62)
    canvas.circle(INK, (x, y + r * 0.55), r * 0.62, width=1.5)
    for side in (-1, 1):
        ear = [(x + side * r * 0.6, y - r * 0.2), (x + side * r * 0.55, y - r * 0.95), (x + side * r * 0.1, y - r * 0.55)]
        canvas.polygon(PAPER, ear)
        canvas.polygon(INK, ear, 1.5)
    canvas.circle(PAPER, (x, y - r * 0.1), r * 0.58)
    canvas.circle(INK, (x, y - r * 0.1), r * 0.58, width=1.5)
    canvas.line(LUCKY_RED, (x - r * 0.5, y + r * 0.42), (x + r * 0.5, y + r * 0.42), max(2, r * 0.16))
    canvas.circle(GOLD, (x, y + r * 0.58), r * 0.16)
    canvas.circle(PAPER, (x + r * 0.72, y - r * 0.55), r * 0.24)   # the beckoning paw
    canvas.circle(INK, (x + r * 0.72, y - r * 0.55), r * 0.24, width=1.5)
    for side in (-1, 1):
        canvas.line(INK, (x + side * r * 0.32, y - r * 0.12), (x + side * r * 0.12, y - r * 0.12), 1.5)


def draw_tatami(canvas: Canvas, rect: RectLike) -> None:
    """A tatami mat: woven straw with cloth borders along its long sides."""
    r = pygame.FRect(rect)
    canvas.rect(TATAMI, r, radius=4)
    for y in _steps(r.y + 6, r.bottom, 6):
        canvas.line(TATAMI_WEAVE, (r.x + 12, y), (r.right - 12, y), 1)
    for x in (r.x, r.right - 10):
        canvas.rect(TATAMI_BORDER, (x, r.y, 10, r.h))
    canvas.rect(mix(TATAMI, INK, 0.4), r, width=1, radius=4)


def draw_kotatsu(canvas: Canvas, futon: RectLike, top: RectLike) -> None:
    """The low table: an indigo futon with a kasuri weave under a wooden top."""
    f, t = pygame.FRect(futon), pygame.FRect(top)
    canvas.rect((0, 0, 0, 70), f.move(4, 6), radius=18)
    canvas.rect(FUTON, f, radius=18)
    canvas.pattern("cross", f.inflate(-10, -10), FUTON_KASURI, step=16)
    canvas.rect(mix(FUTON, INK, 0.5), f, width=2, radius=18)
    canvas.rect(WOOD_RIM, t.move(0, 3), radius=6)
    canvas.rect(WOOD, t, radius=6)
    for i in range(1, 4):
        y = t.y + t.h * i / 4
        canvas.line(mix(WOOD, WOOD_RIM, 0.4), (t.x + 8, y), (t.right - 8, y - 3), 1)
    canvas.rect(WOOD_RIM, t, width=2, radius=6)
