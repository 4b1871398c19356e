"""Soft drop shadows: a small one under a piece lying on the table, a larger, farther one under
the piece in the hand, so it looks lifted.  The blurred shapes are made once per size and kept;
a frame only blits them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable

import pygame

from catgames.ui.art.pen import for_screen
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

_shapes: dict[Hashable, Any] = {}


def _keep(key: Hashable, make: Callable[[], tuple[pygame.Surface, tuple[int, int]]]
          ) -> tuple[pygame.Surface, tuple[int, int]]:
    entry = _shapes.get(key)
    if entry is None:
        if len(_shapes) >= CACHE_LIMIT:
            _shapes.clear()
        entry = _shapes[key] = make()
    return entry


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
    surface, (ox, oy) = _keep(key, make)
    canvas.surface.blit(surface, (bounds.x + ox + canvas.length(lift.dx),
                                  bounds.y + oy + canvas.length(lift.dy)))


def _hold_layer(side: int) -> pygame.Surface:
    """The off-screen square a held piece is drawn in each frame (one, re-used)."""
    layer = _shapes.get(("hold layer", side))
    if layer is None:
        layer = pygame.Surface((side, side), pygame.SRCALPHA)
        _shapes[("hold layer", side)] = layer
    assert isinstance(layer, pygame.Surface)
    layer.fill((0, 0, 0, 0))
    return layer


def draw_lifted(canvas: Canvas, key: Hashable, center: Point,
                draw: Callable[[Canvas, Point], None], lift: Lift = HELD) -> None:
    """Whatever ``draw(canvas, at)`` paints round ``at`` (a held piece, of any shape), over
    the shadow of its own outline.  It is painted once, off the screen, then blitted; the
    shadow is blurred again only when the outline's size changes (``key`` names the piece)."""
    side = canvas.length(HOLD_BOX)
    layer = _hold_layer(side)
    with canvas.offscreen(layer):
        draw(canvas, (HOLD_BOX / 2, HOLD_BOX / 2))
    bounds = layer.get_bounding_rect()
    blur = canvas.length(lift.blur)

    def make() -> tuple[pygame.Surface, tuple[int, int]]:
        silhouette = layer.subsurface(bounds).copy()
        silhouette.fill((0, 0, 0, lift.alpha), special_flags=pygame.BLEND_RGBA_MULT)
        return _blurred(silhouette, blur), (bounds.x - blur, bounds.y - blur)

    x, y = canvas.to_real(center)
    x, y = x - side // 2, y - side // 2
    if bounds.w and bounds.h:
        surface, (ox, oy) = _keep(("held", key, tuple(bounds), side, lift), make)
        canvas.surface.blit(surface, (x + ox + canvas.length(lift.dx), y + oy + canvas.length(lift.dy)))
    canvas.surface.blit(layer, (x + bounds.x, y + bounds.y), area=bounds)
