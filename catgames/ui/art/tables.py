"""What each game is played on, under its board: a quilt, a wooden table, card felt, cardboard
or a cobbled street, with a frame round it.  The textures stay a few shades either side of the
palette's table colour, so pieces and text keep their contrast; under the high-contrast
palette the table is plain.  Painted once per size and palette, then only blitted."""

from __future__ import annotations

import math
import random
from typing import Callable

import pygame

from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Pen, for_screen, mix
from catgames.ui.canvas import Canvas, RectLike
from catgames.ui.theme import BLUE, BLUISH_GREEN, OKABE_ITO, REDDISH_PURPLE, palette

WOOD = (0x9A, 0x66, 0x3E)
CARDBOARD = (0xB0, 0x84, 0x50)
STONE = (0x78, 0x80, 0x90)
TINT = 0.16        #: how far a texture's colour leans from the table colour to its material's
FRAME = 7.0        #: the frame's width, virtual px
CACHE_LIMIT = 6  #: tables kept (one game at a time, at a few window sizes)
FELT_TILE = 97  #: real px of the felt's repeated patch of speckles (odd, so rows do not line up)

#: each game's table, by game id (a game not listed gets the plain table)
STYLES = {"bed": "quilt", "kotatsu": "wood", "days": "felt", "boxes": "cardboard", "cathood": "street"}

Painter = Callable[[Pen, random.Random], None]
_tables: Kept[pygame.Surface] = Kept(CACHE_LIMIT)


def _base(material: tuple[int, int, int]) -> tuple[int, int, int]:
    return mix(palette().table, material, TINT)


def _shade(color: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    """``color`` a little lighter (``k`` > 0) or darker (``k`` < 0)."""
    return mix(color, (255, 255, 255) if k > 0 else (0, 0, 0), abs(k))


def quilt(pen: Pen, rng: random.Random) -> None:
    """Patchwork squares, each a shade apart, with stitching along the seams."""
    base, size = _base(mix(BLUE, REDDISH_PURPLE, 0.4)), 62.0
    for i in range(int(pen.w / size) + 1):
        for j in range(int(pen.h / size) + 1):
            pen.rect(_shade(base, rng.choice((-0.06, -0.02, 0.02, 0.05))), i * size, j * size, size, size)
    stitch = _shade(base, 0.12)
    for i in range(int(pen.w / size) + 1):
        for d in range(0, int(pen.h), 8):
            pen.rect(stitch, i * size - 0.5, d, 1, 4)
    for j in range(int(pen.h / size) + 1):
        for d in range(0, int(pen.w), 8):
            pen.rect(stitch, d, j * size - 0.5, 4, 1)


def wood(pen: Pen, rng: random.Random) -> None:
    """Planks of a low table, each its own shade, with a faint wavy grain."""
    base, plank = _base(WOOD), 48.0
    for j in range(int(pen.h / plank) + 1):
        tone = _shade(base, rng.uniform(-0.05, 0.04))
        y = j * plank
        pen.rect(tone, 0, y, pen.w, plank)
        grain = _shade(tone, 0.05)
        for k in range(3):
            gy = y + 10 + k * 13 + rng.uniform(-3, 3)
            phase = rng.uniform(0, 6.3)
            pen.lines(grain, [(x, gy + 2.2 * math.sin(x / 47 + phase)) for x in range(0, int(pen.w) + 8, 8)], 1.2)
        pen.rect(_shade(base, -0.18), 0, y, pen.w, 1.5)
        joint = rng.uniform(0.2, 0.8) * pen.w
        pen.rect(_shade(base, -0.15), joint, y, 1.5, plank)


def felt(pen: Pen, rng: random.Random) -> None:
    """Card-table felt: an even green with fine speckles of lighter and darker fibre."""
    base = _base(BLUISH_GREEN)
    tile = pygame.Surface((FELT_TILE, FELT_TILE))
    tile.fill(base)
    for _ in range(FELT_TILE * FELT_TILE // 40):
        tile.set_at((rng.randrange(FELT_TILE), rng.randrange(FELT_TILE)), _shade(base, rng.choice((-0.05, 0.04))))
    width, height = pen.surface.get_size()
    for x in range(0, width, FELT_TILE):
        for y in range(0, height, FELT_TILE):
            pen.surface.blit(tile, (x, y))


def cardboard(pen: Pen, rng: random.Random) -> None:
    """Flattened cardboard: faint corrugation stripes and a strip of tape."""
    base = _base(CARDBOARD)
    pen.fill(base)
    for x in range(0, int(pen.w), 7):
        pen.rect(_shade(base, -0.04), x, 0, 2.5, pen.h)
    tape = _shade(base, 0.06)
    pen.rect(tape, 0, pen.h * 0.62, pen.w, 30)


def street(pen: Pen, rng: random.Random) -> None:
    """Cobblestones in running bond, each a shade apart."""
    base, w, h = _base(STONE), 46.0, 26.0
    pen.fill(_shade(base, -0.12))
    for j in range(int(pen.h / h) + 1):
        offset = (j % 2) * w / 2
        for i in range(-1, int(pen.w / w) + 1):
            pen.rect(_shade(base, rng.uniform(-0.05, 0.05)), i * w + offset + 1.5, j * h + 1.5,
                     w - 3, h - 3, 5)


PAINTERS: dict[str, Painter] = {"quilt": quilt, "wood": wood, "felt": felt, "cardboard": cardboard,
                                "street": street}
FRAMES = {"quilt": mix(BLUE, REDDISH_PURPLE, 0.4), "wood": WOOD, "felt": WOOD, "cardboard": CARDBOARD,
          "street": STONE}


def style_of(game_id: str) -> str | None:
    """The table ``game_id`` is played on (``None``: the plain one)."""
    return STYLES.get(game_id)


def _paint(style: str, size: tuple[int, int], scale: float, radius: int) -> pygame.Surface:
    pal = palette()
    picture = pygame.Surface(size)
    picture.fill(pal.background)
    inner = pygame.Surface(size, pygame.SRCALPHA)
    pen = Pen(size, size[0] / scale, supersample=1)
    if pal is OKABE_ITO:
        PAINTERS[style](pen, random.Random(style))
        inner.blit(pen.picture(), (0, 0))
        frame = mix(pal.table, FRAMES[style], TINT * 2)
    else:
        inner.fill(pal.table)
        frame = pal.panel_edge
    width = max(1, round(FRAME * scale))
    pygame.draw.rect(inner, frame, inner.get_rect(), width, border_radius=radius)
    pygame.draw.rect(inner, _shade(frame, 0.15), inner.get_rect().inflate(-2 * width, -2 * width), 1,
                     border_radius=max(0, radius - width))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    picture.blit(inner, (0, 0))
    return for_screen(picture)


def draw_table(canvas: Canvas, game_id: str, rect: RectLike, radius: float = 12) -> None:
    """The table of ``game_id`` filling the virtual ``rect`` (the board is drawn on it)."""
    style = style_of(game_id)
    if style is None:
        canvas.rect(palette().table, rect, radius=radius)
        return
    real = canvas.real_rect(rect)
    key = (style, real.size, canvas.scale, canvas.length(radius), palette().name)
    picture = _tables.get(key, lambda: _paint(style, real.size, canvas.scale, canvas.length(radius)))
    canvas.surface.blit(picture, real.topleft)
