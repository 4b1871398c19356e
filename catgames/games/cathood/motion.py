"""Cathood move animations: a cat walks its route space by space (a secret passage hopped, not
slid across), a new cat goes from the prompt to its space, each cube gained flies from the cat
to the storage of the board on show, a card bought from the market (or the reserve) to that
board's cards (to the cat's row in the side panel when another board is on show), a statue
from there to its park, a tile turned turns and two tiles swapped change places.  And the tiles
a move turned or swapped, which the table outlines for a moment."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.cathood import layout as L
from catgames.games.cathood.panels import Seen
from catgames.games.cathood.rules import CathoodState
from catgames.games.cathood.view import (
    draw_card, draw_cat, draw_cube, draw_statue, draw_tile, statue_spot,
)
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import MOVE_TIME, STAGGER, Tween, ease_in_out, ease_out, sprite

if TYPE_CHECKING:
    from catgames.games.cathood.scene import CathoodScene

STEP_TIME = 0.16   #: seconds per space of a walk (a long walk is squeezed into the move's time)
CUBE = 16.0        #: a flying cube's size


def move_tweens(scene: "CathoodScene", seat: int, events: Sequence[Event]) -> list[Tween]:
    old, seen = scene.seen_before_change(), scene.seen
    tweens: list[Tween] = []
    end: Point | None = None  #: where the last cat stopped: the cubes leave from there
    walked, cubes = 0.0, 0
    for event in events:
        who = seat if event.seat is None else event.seat
        if event.kind in ("move", "dog") and old is not None and who in old.cat_points():
            points = [old.cat_points()[who]] + [seen.space_point(seen.view.geo.space(s))
                                                for s in event.get("path")]
            tweens.append(_walk(scene, seen, who, points))
            end, walked = points[-1], tweens[-1].duration
        elif event.kind == "place":
            point = seen.cat_points()[who]
            tweens.append(Tween(_cat(seen, who), (scene.move_origin or L.PLACE_HOME, point),
                                cover=_cat_box(seen, point)))
        elif event.kind == "buy" and old is not None:
            tweens.append(_bought(scene, old, who, old.view.data.card_index(event.get("card"))))
        elif event.kind == "rotate":
            p = seen.view.geo.position(event.get("row"), event.get("col"))
            tweens.append(_tile(seen, p, p, 90.0 if event.get("clockwise") else -90.0))
        elif event.kind == "swap":
            a, b = (seen.view.geo.position(*event.get(key)) for key in ("a", "b"))
            tweens += [_tile(seen, a, b), _tile(seen, b, a)]
        elif event.kind == "park":
            tweens.append(_statue(scene, seen, who, event.get("tile")))
        elif event.kind == "gain":
            start = end or seen.cat_points().get(who, L.NEIGHBOURHOOD.center)
            tweens.append(_cube(scene, who, event.get("colour"), start, walked + cubes * STAGGER))
            cubes += 1
    return tweens


def _walk(scene: "CathoodScene", seen: Seen, seat: int, points: list[Point]) -> Tween:
    """The route of a computer's cat, or of a cat a human clicked there; a cat a human dragged
    is already at its street and only settles onto its space."""
    origin = scene.move_origin
    if origin is not None and math.dist(origin, points[0]) > seen.grid.tile * 0.5:
        points = [origin, points[-1]]
    far = (seen.grid.tile + seen.grid.gap) * 1.2
    jumps = frozenset(i for i, (a, b) in enumerate(zip(points, points[1:])) if math.dist(a, b) > far)
    legs = len(points) - 1
    return Tween(_cat(seen, seat), points, cover=_cat_box(seen, points[-1]),
                 duration=max(MOVE_TIME, STEP_TIME * legs) if legs > 1 else MOVE_TIME,
                 ease=ease_in_out if legs > 1 else ease_out, jumps=jumps)


def _to_board(scene: "CathoodScene", seat: int, area: pygame.FRect) -> tuple[Point, pygame.FRect | None]:
    """Where a piece ``seat`` gains lands: ``area`` of the board on show when it is that seat's
    (covered until it lands), else the seat's row of the side panel."""
    if scene.board_seat() == seat:
        return area.center, area
    return L.seat_row(seat, scene.match.players, scene.app.canvas.text_scale).center, None


def _bought(scene: "CathoodScene", old: Seen, seat: int, card: int) -> Tween:
    """The card from its market place (or the reserved card) to the buyer's board."""
    rows = old.view.rows
    kind = next((k for k, row in enumerate(rows) if card in row), None)
    start = L.card_rect(kind, rows[kind].index(card)).center if kind is not None else L.RESERVED.center
    target, cover = _to_board(scene, seat, L.CARDS_AREA)
    rect = pygame.FRect(0, 0, L.CARD_W, L.CARD_H)
    data = old.view.data
    return Tween(sprite(rect.inflate(6, 6).size,
                        lambda canvas, at: draw_card(canvas, data, rect.move_to(center=at), card)),
                 (start, target), cover=cover)


def _tile(seen: Seen, p: int, start: int, turn: float = 0.0) -> Tween:
    """The tile now at position ``p`` on its way there from position ``start``, turning the last
    ``turn`` degrees (anticlockwise) as it goes: the neighbourhood leaves the place empty
    meanwhile."""
    view, rect = seen.view, seen.grid.tile_rect(p)
    tile = view.tiles[p]

    def draw(canvas: Canvas, at: Point) -> None:
        draw_tile(canvas, view.data, rect.move_to(center=at), tile, view.rots[p], seen.lot_owners(p),
                  view.statues[tile])
    return Tween(sprite(rect.inflate(4, 4).size, draw, turn=lambda k: turn * (1 - k)),
                 (seen.grid.tile_rect(start).center, rect.center), hides=("tile", p),
                 ease=ease_in_out)


def _statue(scene: "CathoodScene", seen: Seen, seat: int, tile_id: str) -> Tween:
    """A statue from the board (its first place) or the cat's row, onto the park beside its tree."""
    view = seen.view
    p = next(p for p, t in enumerate(view.tiles) if view.data.tiles[t].id == tile_id)
    spot, size = statue_spot(seen.grid.tile_rect(p))
    start = scene.move_origin or _to_board(scene, seat, pygame.FRect(L.STATUE_HOME, (0, 0)))[0]
    box = pygame.FRect(0, 0, size * 1.6, size * 1.6).move_to(center=spot)
    return Tween(sprite(box.size, lambda canvas, at: draw_statue(canvas, at, size, seat)),
                 (start, spot), cover=box)


def _cube(scene: "CathoodScene", seat: int, colour: str, start: Point, delay: float) -> Tween:
    """A cube from the cat to its storage (leaving once the cat has walked): the last place
    filled on the board on show, else the seat's row of the side panel."""
    view = scene.seen.view
    held = sum(view.cubes[seat])
    target, cover = _to_board(scene, seat, L.STORE_AREA)
    if cover is not None:  # the last place filled in the storage row
        step = min(22.0, cover.w / max(view.data.cap, held))
        target = (cover.x + step * (held - 0.5), cover.y + cover.h * 0.3)

    return Tween(sprite((CUBE + 4, CUBE + 4), lambda canvas, at: draw_cube(canvas, at, CUBE, colour)),
                 (start, target), cover=cover, delay=delay)


def _cat(seen: Seen, seat: int):
    size = seen.cat_size()
    return sprite((size * 2, size * 2), lambda canvas, at: draw_cat(canvas, at, size, seat))


def _cat_box(seen: Seen, point: Point) -> pygame.FRect:
    size = seen.cat_size() * 1.4
    return pygame.FRect(0, 0, size, size).move_to(center=point)


def turned_tiles(state: CathoodState, event: Event) -> tuple[int, ...]:
    """The positions a ``rotate`` or ``swap`` event changed."""
    cells = [(event.get("row"), event.get("col"))] if event.kind == "rotate" else [event.get("a"), event.get("b")]
    return tuple(state.geo.position(*c) for c in cells)
