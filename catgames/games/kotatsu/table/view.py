"""Drawing the pieces of Kotatsu Cats: cards, wooden cats, cushions (back and face), pairs and
lucky cats.  Pure helpers in virtual coordinates; the pieces' pictures are ``pictures``'s, this
module places them and prints their words and numbers.

Cat colours are told apart by more than hue (spec section 6): a letter on every card, and a coat
marking on every cat, cushion and card (orange stripes, grey spots, the brown tabby's M, calico
patches, the black cat's white bib, the white cat's dark ear tips).  A cushion face is drawn only when the caller hands one
over; what a seat may see is decided by the scene from its observation, never here.
"""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from catgames.games.kotatsu.table import pictures
from catgames.games.kotatsu.components import KotatsuData
from catgames.games.kotatsu.table.words import colour_letter, colour_name
from catgames.ui.canvas import Canvas, Point, RectLike
from catgames.ui.art.pen import mix
from catgames.ui.art.shadow import shadow

Color = tuple[int, int, int]

INK: Color = (0x22, 0x20, 0x28)
PAPER: Color = (0xFB, 0xF8, 0xEF)
BACK: Color = (0x34, 0x3A, 0x5C)
STAR_COLUMN_H = 25.0  #: a small card's star count: it stays in sight in a side fan (layout.FAN_STEP)
CALICO_PATCHES: tuple[Color, Color] = (pictures.PATCH_ORANGE, pictures.PATCH_BLACK)


def is_light(rgb: Sequence[int]) -> bool:
    return sum(c * w for c, w in zip(rgb, (0.299, 0.587, 0.114))) > 140


def _colour_id(data: KotatsuData, colour: int) -> str | None:
    return data.colour_ids[colour] if colour >= 0 else None


def coat(data: KotatsuData, colour: int) -> Color:
    """The fur colour of cat colour ``colour`` (``-1``: the colourless blank cushion)."""
    return pictures.fur(_colour_id(data, colour))


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
    """A wooden cat in a ``size`` square round ``centre``: its colour and its colour's mark."""
    rect = pygame.FRect(0, 0, size, size).move_to(center=centre)
    pictures.draw_wooden_cat(canvas, rect, data.colour_ids[colour], data.colour_patterns[colour])


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
    """A face-down zabuton in its colour and its colour's mark (``-1``: colourless)."""
    pattern = data.colour_patterns[colour] if colour >= 0 else ""
    pictures.draw_cushion(canvas, rect, _colour_id(data, colour), pattern)


def draw_cushion_face(canvas: Canvas, rect: RectLike, data: KotatsuData, cushion: int) -> None:
    """A revealed cushion: its value large on the paper patch, its symbol (coin or fish) beside it."""
    r = pygame.FRect(rect)
    colour = data.cushion_colour[cushion]
    symbol = data.cushion_symbol[cushion]
    pictures.draw_cushion(canvas, r, _colour_id(data, colour), "", face=True, symbol=symbol)
    patch = pygame.FRect(r.x + r.w * 0.16, r.y + r.h * 14 / 86, r.w * 0.68, r.h * 58 / 86)
    x = patch.x + patch.w * (0.38 if symbol else 0.5)   # the symbol's badge takes the lower right
    canvas.text(signed(data.cushion_value[cushion]), (x, patch.centery - (patch.h * 0.12 if symbol else 0)),
                patch.h * (0.58 if symbol else 0.78), INK, "center", bold=True, fixed=True)


def signed(value: int) -> str:
    """``+3``, ``0``, ``−2`` (a true minus sign, easy to read)."""
    return f"+{value}" if value > 0 else "0" if value == 0 else f"−{-value}"


def draw_pair(canvas: Canvas, centre: Point, size: float, data: KotatsuData, cat: int,
              cushion: int, face: bool = False) -> None:
    """A wooden cat sitting on its cushion; the cushion face shows only with ``face=True``.

    ``cushion`` may be a masked id (``~colour``) from an observation; it is then always a back."""
    x, y = centre
    rect = pygame.FRect(0, 0, size, size * 0.86).move_to(center=(x, y + size * 0.16))
    if face and 0 <= cushion:
        draw_cushion_face(canvas, rect, data, cushion)
        draw_cat(canvas, (rect.x + size * 0.08, rect.y + size * 0.02), size * 0.46, data,
                 data.cat_colour[cat])
        return
    colour = ~cushion if cushion < 0 else data.cushion_colour[cushion]
    draw_cushion_back(canvas, rect, data, colour)
    if cushion == data.blank:
        canvas.text(signed(data.cushion_value[cushion]), (rect.centerx, rect.bottom - size * 0.14),
                    size * 0.24, INK, "center", bold=True, fixed=True)
    draw_cat(canvas, (x, y - size * 0.04), size * 0.72, data, data.cat_colour[cat])


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
    pictures.draw_lucky_cat(canvas, pygame.FRect(0, 0, size * 1.15, size * 1.15).move_to(center=centre))
