"""The title screen's covers: one picture per game, like the lid of its box, showing what the
game is about (cats and a dog fighting over a bed, cats round a kotatsu, a week of dog and cat
days, cats in cardboard boxes, a cat neighbourhood).  A game without a cover of its own (a
test's toy game) gets a cat with a ball of wool.

Each cover is painted once per size in real pixels (``cover``) and kept; drawing it again only
blits.  Pictures carry no text: every word a player reads stays on the card, from the strings.
"""

from __future__ import annotations

from typing import Callable

import pygame

from catgames.ui.art import cats as C
from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Ellipse, Figure, Pen, Poly, curve, for_screen, mix
from catgames.ui.canvas import Canvas, RectLike
from catgames.ui.theme import (BLUE, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE, VERMILLION,
                               YELLOW)

WHITE = C.WHITE
INK = C.INK
WOOD = (0xB9, 0x7A, 0x4B)
WOOD_DARK = (0x8E, 0x58, 0x36)
CARDBOARD = (0xD8, 0xA8, 0x6C)
CARDBOARD_SIDE = (0xB9, 0x86, 0x50)
CARDBOARD_INSIDE = (0x8F, 0x64, 0x3A)
LEAST_HEIGHT = 200  #: design units every cover shows; a wider picture shows more at the sides
CACHE_LIMIT = 40  #: pictures kept (5 covers at a few window and text sizes)

Painter = Callable[[Pen], None]
_pictures: Kept[pygame.Surface] = Kept(CACHE_LIMIT)


# -- scenery shared by the covers ----------------------------------------------------------
def _floor(pen: Pen, y: float, color: tuple[int, int, int], planks: bool = True) -> None:
    """The floor from ``y`` down, with plank seams."""
    pen.band(color, y, pen.h - y + 1)
    pen.band(mix(color, INK, 0.25), y, 2)
    if planks:
        seam = mix(color, INK, 0.15)
        for i, row in enumerate(range(int(y) + 12, int(pen.h) + 12, 12)):
            pen.band(seam, row, 1)
            for x in range(int(pen.left) - 20 + (i % 2) * 30, int(pen.right), 60):
                pen.rect(seam, x, row - 12, 1, 12)


def _ground_shadow(pen: Pen, x: float, y: float, rx: float) -> None:
    """A soft dark ellipse on the floor under something standing there."""
    with pen.glaze(60):
        pen.ellipse(INK, x, y, rx, rx * 0.18)


def box(pen: Pen, x: float, top: float, w: float, h: float, inside: Callable[[], None] | None = None,
         tape: bool = True) -> None:
    """An open cardboard box whose front face spans ``x``..``x + w`` from ``top`` down ``h``;
    ``inside`` paints what sits in it (drawn after the back flaps, before the front)."""
    ring = 1.6
    depth = w * 0.16
    back = Poly([(x, top), (x + depth, top - depth * 0.9), (x + w + depth, top - depth * 0.9), (x + w, top)])
    flaps = [Poly([(x + depth, top - depth * 0.9), (x + depth * 0.3, top - depth * 2.6),
                   (x + w * 0.5, top - depth * 2.4), (x + w * 0.55 + depth, top - depth * 0.9)]),
             Poly([(x + w * 0.5 + depth, top - depth * 0.9), (x + w * 0.62, top - depth * 2.5),
                   (x + w + depth * 1.6, top - depth * 2.2), (x + w + depth, top - depth * 0.9)])]
    pen.figure([(f, CARDBOARD_SIDE) for f in flaps] + [(back, CARDBOARD_INSIDE)], INK, ring)
    if inside is not None:
        inside()
    side = Poly([(x + w, top), (x + w + depth, top - depth * 0.9), (x + w + depth, top + h - depth * 0.9),
                 (x + w, top + h)])
    front = Poly([(x, top), (x + w, top), (x + w, top + h), (x, top + h)])
    lip = Poly([(x - depth * 0.2, top), (x + w * 0.35, top + depth * 1.1), (x + w * 0.7, top)])
    pen.figure([(side, CARDBOARD_SIDE), (front, CARDBOARD), (lip, mix(CARDBOARD, WHITE, 0.15))], INK, ring)
    if tape:
        pen.rect(mix(CARDBOARD, WHITE, 0.35), x + w * 0.42, top + depth * 0.9, w * 0.16, h - depth * 0.9)
    pen.line(CARDBOARD_SIDE, (x + w * 0.12, top + h * 0.78), (x + w * 0.3, top + h * 0.78), 1.6)


def sparkle(pen: Pen, x: float, y: float, r: float, color: tuple[int, int, int]) -> None:
    """A four-pointed star: the clash between rivals, or a twinkle."""
    pts = []
    for i in range(8):
        k = r if i % 2 == 0 else r * 0.32
        dx, dy = [(0, -1), (0.7, -0.7), (1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7)][i]
        pts.append((x + dx * k, y + dy * k))
    pen.figure([(Poly(pts), color)], INK, 1.2)


#: the bed cover's quilt: a letter per tile, cat tiles upper case (orange), dog tiles lower
#: case (blue, striped), "." empty
QUILT = ("AAAbbbCCdddE",
         "A.Fb.gCh.dEE",
         "FFFgggChhh.i")


def _quilt(pen: Pen, x: float, y: float, cw: float, ch: float) -> None:
    """The tiles on the bed: each one outlined as a whole, with its numeral's disc."""
    tiles: dict[str, list[tuple[int, int]]] = {}
    for row, line in enumerate(QUILT):
        for col, letter in enumerate(line):
            if letter != ".":
                tiles.setdefault(letter, []).append((col, row))
    for letter, cells in tiles.items():
        cat = letter.isupper()
        color = ORANGE if cat else BLUE
        rects = [Poly([(x + c * cw, y + r * ch), (x + (c + 1) * cw, y + r * ch),
                       (x + (c + 1) * cw, y + (r + 1) * ch), (x + c * cw, y + (r + 1) * ch)]) for c, r in cells]
        pen.figure([(q, color) for q in rects], INK, 0.9)
        if not cat:
            for c, r in cells:
                for k in range(3):
                    x0 = x + c * cw + 2 + k * 4.5
                    pen.line(SKY_BLUE, (x0, y + (r + 1) * ch - 2), (x0 + 3, y + r * ch + 2), 1.1)
        c, r = cells[len(cells) // 2]
        pen.figure([(Ellipse((x + (c + 0.5) * cw, y + (r + 0.5) * ch, ch * 0.3, ch * 0.3)),
                     mix(color, WHITE, 0.6))], INK, 0.6)


def _fish_picture(pen: Pen, cx: float, cy: float, r: float) -> None:
    """A framed picture of a fish, for a wall with room to spare."""
    w, h = r * 1.5, r
    pen.figure([(Poly([(cx - w, cy - h), (cx + w, cy - h), (cx + w, cy + h), (cx - w, cy + h)]), WOOD_DARK)],
               INK, 1.4)
    pen.rect(mix(SKY_BLUE, WHITE, 0.3), cx - w + 4, cy - h + 4, 2 * w - 8, 2 * h - 8)
    fish: Figure = [(Ellipse((cx - r * 0.15, cy, r * 0.6, r * 0.34)), ORANGE),
            (Poly([(cx + r * 0.35, cy), (cx + r * 0.8, cy - r * 0.32), (cx + r * 0.8, cy + r * 0.32)]), ORANGE)]
    pen.figure(fish, INK, 1.0)
    pen.circle(INK, cx - r * 0.48, cy - r * 0.06, r * 0.07)
    for k in (0, 1):
        pen.circle(WHITE, cx - r * 0.95 - k * r * 0.12, cy - r * 0.3 - k * r * 0.25, r * 0.06 + k * r * 0.02)


def _window(pen: Pen, x: float, y: float, w: float, h: float) -> None:
    """A window with a blue sky and a cloud, its curtains drawn back."""
    pen.figure([(Poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]), WHITE)], INK, 1.4)
    pen.rect(mix(SKY_BLUE, WHITE, 0.25), x + 4, y + 4, w - 8, h - 8)
    pen.ellipse(WHITE, x + w * 0.4, y + h * 0.4, w * 0.16, h * 0.09)
    pen.ellipse(WHITE, x + w * 0.52, y + h * 0.34, w * 0.11, h * 0.09)
    pen.rect(WHITE, x + w / 2 - 1.2, y + 4, 2.4, h - 8)
    for side in (0, 1):
        edge = x - 4 if side == 0 else x + w + 4
        inner = x + w * 0.22 if side == 0 else x + w * 0.78
        curtain = Poly([(edge, y - 3), (inner, y - 3), (edge + (inner - edge) * 0.35, y + h * 0.7), (edge, y + h + 2)])
        pen.figure([(curtain, VERMILLION)], INK, 1.2)
    pen.figure([(Poly([(x - 6, y - 6), (x + w + 6, y - 6), (x + w + 6, y - 2), (x - 6, y - 2)]), WOOD_DARK)],
               INK, 1.0)


# -- the covers ----------------------------------------------------------------------------
def bed(pen: Pen) -> None:
    """This Bed Is Mine: a cat and a dog glaring at each other across a quilt of tiles."""
    h = pen.h
    pen.gradient(mix(SKY_BLUE, WHITE, 0.62), mix(SKY_BLUE, WHITE, 0.35), 0, h - 34)
    for i in range(-2, 7):  # wallpaper dots
        for j in range(int(h / 26)):
            pen.circle(mix(SKY_BLUE, WHITE, 0.75), 14 + i * 44 + (j % 2) * 22, 16 + j * 26, 2.4)
    _floor(pen, h - 34, WOOD)
    top = h - 96
    if top - 52 > 64:  # room on the wall: a picture of a fish
        _fish_picture(pen, 100, (top - 52) / 2 + 4, min(30.0, (top - 52) / 2 - 10))
    board = Poly([(22, top + 8), (22, top - 34), (50, top - 52), (150, top - 52), (178, top - 34), (178, top + 8)])
    pen.figure([(board, WOOD_DARK)], INK, 1.8)
    pen.figure([(Poly([(30, top + 4), (30, top - 30), (54, top - 44), (146, top - 44), (170, top - 30), (170, top + 4)]),
                 WOOD)], INK, 1.0)
    legs = [(Poly([(x, h - 42), (x + 8, h - 42), (x + 8, h - 20), (x, h - 20)]), WOOD_DARK) for x in (18, 174)]
    mattress = Poly([(10, top), (190, top), (194, h - 40), (6, h - 40)])
    pen.figure(legs + [(mattress, WHITE)], INK, 1.8)
    _quilt(pen, 16, top + 7, 14, min(10.0, (h - 42 - top - 7) / 3))
    pen.rect(mix(SKY_BLUE, WHITE, 0.6), 10, top, 180, 6)
    pillow = Ellipse((100, top - 6, 26, 9))
    pen.figure([(pillow, WHITE)], INK, 1.6)
    C.sit(pen, 56, top + 2, 38, C.GINGER, "cross", facing=-1, look=1)
    C.dog_sit(pen, 146, top + 2, 38, C.PUP, "cross", facing=1, look=-1)
    sparkle(pen, 101, top - 40, 9, YELLOW)


def kotatsu(pen: Pen) -> None:
    """Kotatsu Cats: cats under a kotatsu quilt, one on top, cards and mandarins on the table."""
    h = pen.h
    wall = (0xF6, 0xEA, 0xD0)
    pen.gradient(wall, mix(wall, ORANGE, 0.2), 0, h - 62)
    for x in range(int(pen.left) % 34 - 18, int(pen.right), 34):  # a shoji screen
        pen.rect(mix(wall, WOOD, 0.45), x, 0, 2, h - 62)
    for y in range(18, int(h - 62), 30):
        pen.band(mix(wall, WOOD, 0.45), y, 2)
    tatami = (0xCF, 0xCB, 0x8A)
    pen.band(tatami, h - 62, 62)
    pen.band(mix(tatami, BLUISH_GREEN, 0.6), h - 62, 3)
    for y in range(int(h - 52), int(h), 6):
        pen.band(mix(tatami, INK, 0.08), y, 1)
    top = h - 96
    quilt = Poly([(26, top + 6), (174, top + 6), (192, h - 22), (8, h - 22)])
    pen.figure([(quilt, REDDISH_PURPLE)], INK, 1.8)
    for i in range(9):  # the quilt's print: flowers in rows
        for j in range(3):
            fx, fy = 20 + i * 20 + (j % 2) * 10, top + 18 + j * 16
            if fy < h - 28:
                pen.circle(mix(REDDISH_PURPLE, WHITE, 0.55), fx, fy, 3)
                pen.circle(mix(REDDISH_PURPLE, YELLOW, 0.5), fx, fy, 1.2)
    pen.figure([(Poly([(16, top - 6), (184, top - 6), (184, top + 6), (16, top + 6)]), WOOD)], INK, 1.8)
    pen.rect(mix(WOOD, WHITE, 0.3), 18, top - 5, 164, 3)
    for k, color in enumerate((VERMILLION, BLUE, BLUISH_GREEN)):  # a hand of cards, fanned
        cx = 42 + k * 9
        card = Poly([(cx - 7, top - 6), (cx - 4 + k * 2, top - 26), (cx + 8 + k * 2, top - 24), (cx + 6, top - 6)])
        pen.figure([(card, WHITE)], INK, 1.2)
        pen.circle(color, cx + 1 + k, top - 15, 2.6)
    pen.figure([(Ellipse((92, top - 8, 15, 6)), mix(SKY_BLUE, WHITE, 0.3))], INK, 1.4)
    for mx, my in ((86, top - 14), (98, top - 14), (92, top - 21)):
        pen.figure([(Ellipse((mx, my, 6, 5.5)), ORANGE)], INK, 1.1)
        pen.ellipse(BLUISH_GREEN, mx + 1, my - 5, 2.2, 1.2)
    C.loaf(pen, 148, top - 5, 34, C.TUXEDO, "glad", facing=-1)
    for x, coat, mood in ((48, C.GINGER, "glad"), (100, C.SMOKE, "happy"), (152, C.CALICO, "sleepy")):
        C.head(pen, x, h - 30, 15, coat, mood)
        C.paws(pen, x, h - 16, 34, coat, 0.3)


def days(pen: Pen) -> None:
    """Woof Days / Cat Days: a week on the wall calendar, each day a dog's or a cat's."""
    h = pen.h
    pen.gradient(mix(BLUISH_GREEN, WHITE, 0.72), mix(BLUISH_GREEN, WHITE, 0.5), 0, h - 30)
    _floor(pen, h - 30, WOOD)
    left, right, top, bottom = 18.0, 182.0, 14.0, h - 58
    pen.figure([(Poly([(left, top), (right, top), (right, bottom), (left, bottom)]), WHITE)], INK, 1.8)
    pen.rect(VERMILLION, left, top, right - left, 20)
    pen.rect(INK, left, top + 20, right - left, 1.4)
    for rx in (60, 140):  # the binder rings
        pen.figure([(Ellipse((rx, top, 4, 7)), mix(SKY_BLUE, WHITE, 0.5))], INK, 1.2)
    cols, rows = 4, 2
    cw, ch = (right - left - 10) / cols, (bottom - top - 30) / rows
    for i in range(cols * rows):
        c, r = i % cols, i // cols
        x0, y0 = left + 5 + c * cw, top + 25 + r * ch
        if i == 7:  # the eighth square: the sun over the week
            pen.figure([(Ellipse((x0 + cw / 2, y0 + ch / 2, ch * 0.2, ch * 0.2)), YELLOW)], INK, 1.2)
            continue
        tint = mix(ORANGE, WHITE, 0.72) if i % 2 else mix(SKY_BLUE, WHITE, 0.65)
        pen.rect(tint, x0 + 2, y0 + 2, cw - 4, ch - 4, 3)
        for d in range(i + 1):  # the day's number as dots: Monday one, Sunday seven
            pen.circle(INK, x0 + 6 + d * 3.6, y0 + 6, 1.1)
        r0 = min(cw, ch) * 0.28
        if i % 2:
            C.head(pen, x0 + cw / 2, y0 + ch * 0.6, r0, (C.GINGER, C.CALICO, C.SMOKE)[i // 2 % 3], "glad")
        else:
            C.dog_head(pen, x0 + cw / 2, y0 + ch * 0.56, r0 * 1.05, (C.PUP, C.PATCH_PUP)[i // 2 % 2])
    C.dog_sit(pen, 44, h - 12, 30, C.PUP, "happy", facing=-1, look=1)
    C.sit(pen, 158, h - 12, 30, C.TUXEDO, "happy", facing=1, look=-1, tail_up=True)


def boxes(pen: Pen) -> None:
    """If It Fits: cats in every cardboard box, one in a box rather too small for it."""
    h = pen.h
    pen.gradient(mix(REDDISH_PURPLE, WHITE, 0.78), mix(REDDISH_PURPLE, WHITE, 0.55), 0, h - 36)
    _floor(pen, h - 36, WOOD)
    if h - 128 > 56:  # room on the wall: a window
        _window(pen, 22, 12, 64, h - 146)
    _ground_shadow(pen, 58, h - 22, 50)
    _ground_shadow(pen, 148, h - 22, 48)
    big_top = h - 84
    box(pen, 12, big_top, 78, 62,
         lambda: C.head(pen, 58, big_top - 6, 19, C.GINGER, "happy", look=0.5))
    C.paws(pen, 58, big_top + 1, 40, C.GINGER, 0.3)
    low_top = h - 66
    box(pen, 104, low_top, 74, 44, lambda: C.head(pen, 148, low_top - 4, 16, C.CALICO, "glad"))
    C.paws(pen, 148, low_top + 1, 34, C.CALICO, 0.3)
    small_top = low_top - 52
    box(pen, 122, small_top, 34, 26, lambda: C.head(pen, 142, small_top - 4, 15, C.SMOKE, "sleepy"),
         tape=False)
    C.sit(pen, 102, h - 14, 22, C.TUXEDO, "happy", facing=-1, tail_up=True)


def cathood(pen: Pen) -> None:
    """Cathood: a street of little houses, cats on the roof, at the window and on the pavement."""
    h = pen.h
    pen.gradient(mix(SKY_BLUE, WHITE, 0.35), mix(SKY_BLUE, WHITE, 0.8), 0, h - 40)
    pen.figure([(Ellipse((166, 26, 13, 13)), YELLOW)], INK, 1.4)
    for cx, cy in ((40, 30), (110, 20)):
        pen.figure([(Ellipse((cx, cy, 16, 7)), WHITE), (Ellipse((cx + 9, cy - 5, 9, 7)), WHITE)], INK, 1.2)
    ground = h - 40
    pen.figure([(Ellipse((26, ground - 50, 20, 22)), BLUISH_GREEN),
                (Poly([(23, ground - 30), (29, ground - 30), (30, ground), (22, ground)]), WOOD_DARK)], INK, 1.6)
    houses = ((46, 44, 58, (0xF6, 0xE3, 0xC4), VERMILLION), (94, 50, 76, (0xE3, 0xEE, 0xF5), BLUE),
              (148, 42, 54, (0xF7, 0xDA, 0xE6), BLUISH_GREEN))
    for x, w, tall, wall, roof in houses:
        body = Poly([(x, ground), (x, ground - tall), (x + w, ground - tall), (x + w, ground)])
        cap = Poly([(x - 5, ground - tall + 1), (x + w / 2, ground - tall - w * 0.45), (x + w + 5, ground - tall + 1)])
        pen.figure([(body, wall), (cap, roof)], INK, 1.6)
        pen.figure([(Poly([(x + w * 0.38, ground), (x + w * 0.38, ground - 20), (x + w * 0.62, ground - 20),
                           (x + w * 0.62, ground)]), mix(roof, INK, 0.2))], INK, 1.2)
        for wy in range(int(ground - tall + 10), int(ground - 28), 22):
            for wx in (x + w * 0.14, x + w * 0.62):
                pen.figure([(Poly([(wx, wy), (wx + w * 0.24, wy), (wx + w * 0.24, wy + 12), (wx, wy + 12)]),
                             mix(YELLOW, WHITE, 0.45))], INK, 1.0)
    win_x, win_y = 94 + 50 * 0.14 + 6, ground - 76 + 10 + 12
    C.head(pen, win_x, win_y - 2, 5.5, C.SMOKE, "happy")
    pen.rect(mix(BLUE, INK, 0.2), win_x - 7, win_y, 14, 1.6)
    C.sit(pen, 119, ground - 76 - 50 * 0.45 + 4, 16, C.TUXEDO, "glad", facing=1, tail_up=True)
    pen.band((0xC9, 0xC4, 0xCF), ground, 10)
    pen.band((0x6E, 0x6A, 0x7A), ground + 10, h - ground)
    for x in range(int(pen.left) - 22, int(pen.right), 28):
        pen.rect(WHITE, x, ground + 10 + (h - ground - 10) / 2, 14, 2)
    C.walk(pen, 70, ground + 8, 26, C.GINGER, facing=1)
    C.walk(pen, 160, ground + 8, 22, C.CALICO, facing=-1, mood="glad")


def other(pen: Pen) -> None:
    """A game without a cover of its own: a cat with a ball of wool."""
    h = pen.h
    pen.gradient(mix(YELLOW, WHITE, 0.7), mix(ORANGE, WHITE, 0.55), 0, h - 34)
    _floor(pen, h - 34, WOOD)
    C.sit(pen, 80, h - 16, 48, C.GINGER, "happy", look=1)
    pen.figure([(Ellipse((146, h - 30, 18, 18)), SKY_BLUE)], INK, 1.6)
    for k in (-8, 0, 8):
        pen.stroke(BLUE, curve((134, h - 30 + k), (146, h - 38 + k), (160, h - 28 + k)), 1.0)
    pen.stroke(SKY_BLUE, curve((130, h - 22), (110, h - 4), (92, h - 18)), 1.2)


COVERS: dict[str, Painter] = {"bed": bed, "kotatsu": kotatsu, "days": days, "boxes": boxes,
                              "cathood": cathood}


def rounded(picture: pygame.Surface, radius: int) -> pygame.Surface:
    """``picture`` with its corners cut round (to sit in a card's rounded frame)."""
    if radius <= 0:
        return picture
    mask = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    picture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return picture


def cover(game_id: str, size: tuple[int, int], radius: int = 0) -> pygame.Surface:
    """The cover of ``game_id`` at ``size`` real pixels: painted the first time, then kept."""
    def paint() -> pygame.Surface:
        pen = Pen(size, least_height=LEAST_HEIGHT)
        COVERS.get(game_id, other)(pen)
        return for_screen(rounded(pen.picture(), radius))

    return _pictures.get((game_id, size, radius), paint)


def draw_cover(canvas: Canvas, game_id: str, rect: RectLike, radius: float = 0) -> None:
    """Blit the cover of ``game_id`` into the virtual ``rect`` (corners rounded by ``radius``)."""
    real = canvas.real_rect(rect)
    canvas.surface.blit(cover(game_id, real.size, canvas.length(radius)), real.topleft)
