"""Soft drop shadows: a small one under a piece lying on the table, a larger, farther one under
the piece in the hand, so it looks lifted.  The blurred shapes are made once per size and kept;
a frame only blits them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable

import pygame

from catgames.ui.art.pen import for_screen
from catgames.ui.art.kept import Kept
from catgames.ui.canvas import Canvas, Point, RectLike

CACHE_LIMIT = 256  #: blurred shapes kept (pieces of a few sizes, at a few window sizes)
HOLD_BOX = 420.0   #: virtual size of the square a held piece is drawn in to find its outline


@dataclass(frozen=True)
class Lift:
    """How high a piece floats: the shadow's offset (virtual px), blur radius and darkness."""

    dx: float
    dy: float
    blur: float
    alpha: int


RESTING = Lift(2.0, 3.0, 3.0, 110)
HELD = Lift(6.0, 10.0, 6.0, 150)

_shapes: Kept[Any] = Kept(CACHE_LIMIT)


def _blurred(silhouette: pygame.Surface, blur: int) -> pygame.Surface:
    """``silhouette`` (its alpha is the shape) as a soft black shadow with ``blur`` px of margin."""
    w, h = silhouette.get_size()
    out = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    out.blit(silhouette, (blur, blur))
    return for_screen(pygame.transform.gaussian_blur(out, blur) if blur > 0 else out)


def shadow(canvas: Canvas, *rects: RectLike, radius: float = 6, lift: Lift = RESTING) -> None:
    """The shadow under a piece made of (rounded) rectangles (a card; a tile's cells, cast as
    one shadow): call it just before drawing the piece."""
    reals = [canvas.real_rect(r) for r in rects]
    if not reals:
        return
    bounds = reals[0].unionall(reals[1:])
    blur = canvas.length(lift.blur)
    corner = canvas.length(radius)
    parts = tuple(r.move(-bounds.x, -bounds.y) for r in reals)

    def make() -> tuple[pygame.Surface, tuple[int, int]]:
        shape = pygame.Surface(bounds.size, pygame.SRCALPHA)
        for part in parts:
            pygame.draw.rect(shape, (0, 0, 0, lift.alpha), part, border_radius=corner)
        return _blurred(shape, blur), (-blur, -blur)

    key = ("rects", tuple(tuple(p) for p in parts), corner, lift)
    surface, (ox, oy) = _shapes.get(key, make)
    canvas.surface.blit(surface, (bounds.x + ox + canvas.length(lift.dx),
                                  bounds.y + oy + canvas.length(lift.dy)))


def draw_lifted(canvas: Canvas, key: Hashable, center: Point,
                draw: Callable[[Canvas, Point], None], lift: Lift = HELD) -> None:
    """Whatever ``draw(canvas, at)`` paints round ``at`` (a held piece, of any shape), over the
    shadow of its own outline.  ``key`` names what is drawn: the first time, it is painted off
    the screen to find its outline (and that painting is what this frame shows); after that the
    kept shadow is blitted and the piece drawn straight on the window."""
    full_key = ("held", key, canvas.scale, lift)
    x, y = canvas.to_real(center)
    entry = _shapes.peek(full_key)
    layer = None
    if entry is None:
        side = canvas.length(HOLD_BOX)
        layer = pygame.Surface((side, side), pygame.SRCALPHA)
        with canvas.offscreen(layer):
            draw(canvas, (HOLD_BOX / 2, HOLD_BOX / 2))
        entry = _shapes.get(full_key, lambda: _outline_shadow(layer, canvas.length(lift.blur), lift.alpha))
    surface, (ox, oy) = entry
    if surface is not None:
        canvas.surface.blit(surface, (x + ox + canvas.length(lift.dx), y + oy + canvas.length(lift.dy)))
    if layer is None:
        draw(canvas, center)
    else:
        canvas.surface.blit(layer, (x - layer.get_width() // 2, y - layer.get_height() // 2))


def _outline_shadow(layer: pygame.Surface, blur: int, alpha: int) -> tuple[pygame.Surface | None, tuple[int, int]]:
    """The blurred shadow of what ``layer`` holds, with its offset from the layer's centre
    (``None``: the layer is empty, the piece is not drawn just now)."""
    bounds = layer.get_bounding_rect()
    if not bounds.w or not bounds.h:
        return None, (0, 0)
    silhouette = layer.subsurface(bounds).copy()
    silhouette.fill((0, 0, 0, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    half = layer.get_width() // 2
    return _blurred(silhouette, blur), (bounds.x - blur - half, bounds.y - blur - half)
