"""Cathood move animations: a cat walks its route space by space (a secret passage hopped, not
slid across), a new cat goes from the prompt to its space, each cube gained flies from the cat
to the storage of the board on show, a card bought from the market (or the reserve) to that
board's cards (to the cat's row in the side panel when another board is on show), a statue
from there to its park, a tile turned turns and two tiles swapped change places.  In a fight
the two choices rise from the cats and meet over their space (the loser's shrinks); a stolen
cube flies from the loser to the winner, and a coffee trade sends a cube from the storage to
the cat and the new one back.  A cube's place on the board on show stays empty until its cube
lands (``hides``: the storage draws it empty).  And the tiles a move turned or swapped, which
the table outlines for a moment."""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.board import storage_point
from catgames.games.cathood.rules import CathoodState
from catgames.games.cathood.table.seen import Seen, Showing
from catgames.games.cathood.table.view import (
    INK, PAPER, draw_card, draw_cat, draw_cube, draw_statue, draw_tile, mix, statue_spot,
)
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import MOVE_TIME, STAGGER, Tween, ease_in_out, ease_out, sprite
from catgames.ui.theme import palette

STEP_TIME = 0.16   #: seconds per space of a walk (a long walk is squeezed into the move's time)
CUBE = 16.0        #: a flying cube's size
FIGHT_TIME = 0.5   #: the two choices rise, meet and stay a moment (squeezed with the rest)
CHOICE = 44.0      #: a fight choice's badge


def move_tweens(now: Showing, old: Seen | None, origin: Point | None, seat: int,
                events: Sequence[Event]) -> list[Tween]:
    """The tweens of ``events`` (``seat``'s move) from what the table showed before, ``old``, to
    what it shows ``now``; ``origin``: where the human's drop was, if the move was one."""
    seen = now.seen
    tweens: list[Tween] = []
    end: Point | None = None  #: where the last cat stopped: the cubes leave from there
    walked, cubes = 0.0, 0
    fought = 0.0  #: when the fight is over: a cube stolen leaves then
    for event in events:
        who = seat if event.seat is None else event.seat
        if event.kind in ("move", "dog") and old is not None and who in old.cat_points():
            points = [old.cat_points()[who]] + [seen.space_point(seen.view.geo.space(s))
                                                for s in event.get("path")]
            tweens.append(_walk(seen, origin, who, points))
            end, walked = points[-1], tweens[-1].duration
        elif event.kind == "place":
            point = seen.cat_points()[who]
            tweens.append(Tween(_cat(seen, who), (origin or L.PLACE_HOME, point),
                                cover=_cat_box(seen, point)))
        elif event.kind == "buy" and old is not None:
            tweens.append(_bought(now, old, who, old.view.data.card_index(event.get("card"))))
        elif event.kind == "rotate":
            p = seen.view.geo.position(event.get("row"), event.get("col"))
            tweens.append(_tile(seen, p, p, 90.0 if event.get("clockwise") else -90.0))
        elif event.kind == "swap":
            a, b = (seen.view.geo.position(*event.get(key)) for key in ("a", "b"))
            tweens += [_tile(seen, a, b), _tile(seen, b, a)]
        elif event.kind == "park":
            tweens.append(_statue(now, origin, who, event.get("tile")))
        elif event.kind == "gain":
            start = end or seen.cat_points().get(who, L.NEIGHBOURHOOD.center)
            tweens.append(_cube(now, who, event.get("colour"), start, walked + cubes * STAGGER))
            cubes += 1
        elif event.kind == "fight":
            tweens += _fight(seen, who, event, walked)
            fought = walked + FIGHT_TIME
        elif event.kind == "steal" and event.get("colour") is not None and old is not None:
            tweens.append(_stolen(now, old, who, event.get("loser"), event.get("colour"), fought))
        elif event.kind == "trade" and old is not None:
            tweens += _traded(now, old, who, event.get("give"), event.get("get"))
    return tweens


def _walk(seen: Seen, origin: Point | None, seat: int, points: list[Point]) -> Tween:
    """The route of a computer's cat, or of a cat a human clicked there; a cat a human dragged
    is already at its street and only settles onto its space."""
    if origin is not None and math.dist(origin, points[0]) > seen.grid.tile * 0.5:
        points = [origin, points[-1]]
    far = (seen.grid.tile + seen.grid.gap) * 1.2
    jumps = frozenset(i for i, (a, b) in enumerate(zip(points, points[1:])) if math.dist(a, b) > far)
    legs = len(points) - 1
    return Tween(_cat(seen, seat), points, cover=_cat_box(seen, points[-1]),
                 duration=max(MOVE_TIME, STEP_TIME * legs) if legs > 1 else MOVE_TIME,
                 ease=ease_in_out if legs > 1 else ease_out, jumps=jumps)


def _to_board(now: Showing, seat: int, area: pygame.FRect) -> tuple[Point, pygame.FRect | None]:
    """Where a piece ``seat`` gains lands: ``area`` of the board on show when it is that seat's
    (covered until it lands), else the seat's row of the side panel."""
    if now.board_seat == seat:
        return area.center, area
    return now.seat_row(seat).center, None


def _bought(now: Showing, old: Seen, seat: int, card: int) -> Tween:
    """The card from its market place (or the reserved card) to the buyer's board."""
    rows = old.view.rows
    kind = next((k for k, row in enumerate(rows) if card in row), None)
    start = L.card_rect(kind, rows[kind].index(card)).center if kind is not None else L.RESERVED.center
    target, cover = _to_board(now, seat, L.CARDS_AREA)
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


def _statue(now: Showing, origin: Point | None, seat: int, tile_id: str) -> Tween:
    """A statue from the board (its first place) or the cat's row, onto the park beside its tree."""
    seen = now.seen
    view = seen.view
    p = next(p for p, t in enumerate(view.tiles) if view.data.tiles[t].id == tile_id)
    spot, size = statue_spot(seen.grid.tile_rect(p))
    start = origin or _to_board(now, seat, pygame.FRect(L.STATUE_HOME, (0, 0)))[0]
    box = pygame.FRect(0, 0, size * 1.6, size * 1.6).move_to(center=spot)
    return Tween(sprite(box.size, lambda canvas, at: draw_statue(canvas, at, size, seat)),
                 (start, spot), cover=box)


def _cube(now: Showing, seat: int, colour: str, start: Point, delay: float) -> Tween:
    """A cube from the cat to its storage (leaving once the cat has walked): the last place
    filled on the board on show, else the seat's row of the side panel."""
    seen = now.seen
    target, cover = _to_board(now, seat, L.STORE_AREA)
    if cover is not None:  # the last place filled in the storage row
        target = storage_point(now.canvas, seen, seat, sum(seen.view.cubes[seat]) - 1)
    return _flying_cube(colour, (start, target), delay, cover=cover)


def _fight(seen: Seen, attacker: int, event: Event, delay: float) -> list[Tween]:
    """Each fighter's choice rises from its cat to meet the other's over their space, and stays
    a moment there; the loser's shrinks as it stays (a draw: both stay whole)."""
    seats: tuple[int, int] = (attacker, event.get("defender"))
    choices = (event.get("attacker_choice"), event.get("defender_choice"))
    points = seen.cat_points()
    if any(s not in points for s in seats):
        return []
    (ax, ay), (dx, dy) = points[seats[0]], points[seats[1]]
    mid = ((ax + dx) / 2, (ay + dy) / 2)
    lift = seen.cat_size() * 0.6 + CHOICE
    up = mid[1] - lift >= L.NEIGHBOURHOOD.y + CHOICE / 2   # near the top edge: below instead
    meet_y = mid[1] - lift if up else mid[1] + lift
    side = -1 if ax <= dx else 1                            # the attacker meets from its side
    tweens = []
    for k, (seat, choice) in enumerate(zip(seats, choices)):
        at = (mid[0] + side * (1 if k == 0 else -1) * CHOICE * 0.55, meet_y)
        lost = event.get("winner") is not None and event.get("winner") != seat
        tweens.append(Tween(_choice(seat, choice, lost), (points[seat], at, at), duration=FIGHT_TIME,
                            delay=delay))
    return tweens


def _rise(k: float) -> float:
    """A choice grows out of its cat as it rises (it is there by half the tween)."""
    return 0.4 + 0.6 * min(1.0, k * 2)


def _shrink(k: float) -> float:
    """The loser's choice rises like the winner's, then shrinks while they stay."""
    return _rise(k) if k < 0.5 else 1.0 - 0.5 * (k - 0.5) * 2


def _choice(seat: int, choice: str, lost: bool):
    """A rock, a sheet of paper or a pair of scissors on a badge ringed in the seat's colour."""
    return sprite((CHOICE + 6, CHOICE + 6), lambda canvas, at: _draw_choice(canvas, at, seat, choice),
                  grow=_shrink if lost else _rise)


def _draw_choice(canvas: Canvas, at: Point, seat: int, choice: str) -> None:
    x, y = at
    r = CHOICE / 2
    canvas.circle(PAPER, at, r)
    canvas.circle(palette().seat(seat).color, at, r, width=3)
    if choice == "rock":
        stone = [(x - r * 0.55, y + r * 0.3), (x - r * 0.45, y - r * 0.25), (x - r * 0.05, y - r * 0.5),
                 (x + r * 0.45, y - r * 0.3), (x + r * 0.55, y + r * 0.25), (x + r * 0.1, y + r * 0.5)]
        canvas.polygon((150, 144, 136), stone)
        canvas.polygon(INK, stone, width=1.5)
        canvas.circle((196, 190, 180), (x - r * 0.15, y - r * 0.15), r * 0.14)
    elif choice == "paper":
        sheet = pygame.FRect(0, 0, r * 0.95, r * 1.2).move_to(center=at)
        canvas.rect((250, 248, 240), sheet, radius=2)
        canvas.rect(INK, sheet, width=1.5, radius=2)
        for i in range(3):
            ly = sheet.y + sheet.h * (0.3 + 0.2 * i)
            canvas.line(mix(INK, PAPER, 0.5), (sheet.x + 3, ly), (sheet.right - 3, ly), 1)
    else:  # scissors: two blades crossing, two rings for the fingers
        for sx in (-1, 1):
            canvas.line((120, 126, 134), (x + sx * r * 0.25, y + r * 0.15), (x - sx * r * 0.45, y - r * 0.6), 3)
            canvas.circle(INK, (x + sx * r * 0.3, y + r * 0.4), r * 0.2, width=2)


def _stolen(now: Showing, old: Seen, winner: int, loser: int, colour: str, delay: float) -> Tween:
    """The cube the fight's winner takes, from the loser's storage (or row) to the winner's."""
    start, _ = _cube_place(now, old, loser, colour)
    end, hides = _cube_place(now, now.seen, winner, colour)
    return _flying_cube(colour, (start, end), delay, hides=hides)


def _traded(now: Showing, old: Seen, seat: int, give: str, get: str) -> list[Tween]:
    """A coffee trade: the cube given flies from the storage to the cat at the coffee shop, the
    one taken from there back into the storage."""
    cat = now.seen.cat_points().get(seat, L.NEIGHBOURHOOD.center)
    start, _ = _cube_place(now, old, seat, give)
    end, hides = _cube_place(now, now.seen, seat, get)
    return [_flying_cube(give, (start, cat), 0.0), _flying_cube(get, (cat, end), MOVE_TIME, hides=hides)]


def _cube_place(now: Showing, seen: Seen, seat: int, colour: str) -> tuple[Point, tuple | None]:
    """Where ``seat``'s last ``colour`` cube sits in ``seen``: its place in the storage of the
    board on show (and the ``hides`` that leaves the place empty), else the seat's row of the
    side panel."""
    if now.board_seat != seat:
        return _to_board(now, seat, L.STORE_AREA)[0], None
    view = seen.view
    place = sum(view.cubes[seat][:view.data.colour(colour) + 1]) - 1
    return storage_point(now.canvas, seen, seat, place), ("cube", seat, place)


def _flying_cube(colour: str, path: tuple[Point, Point], delay: float,
                 cover: pygame.FRect | None = None, hides: tuple | None = None) -> Tween:
    return Tween(sprite((CUBE + 4, CUBE + 4), lambda canvas, at: draw_cube(canvas, at, CUBE, colour)),
                 path, cover=cover, hides=hides, delay=delay)


def _cat(seen: Seen, seat: int):
    size = seen.cat_size()
    return sprite((size * 2, size * 2), lambda canvas, at: draw_cat(canvas, at, size, seat))


def _cat_box(seen: Seen, point: Point) -> pygame.FRect:
    size = seen.cat_size() * 1.4
    return pygame.FRect(0, 0, size, size).move_to(center=point)


def draw_turn_marks(canvas: Canvas, seen: Seen, events: Sequence[Event]) -> None:
    """What a turn's log lines name, marked: the tiles turned or swapped, the streets walked."""
    geo, focus = seen.view.geo, palette().focus
    for event in events:
        if event.kind in ("rotate", "swap"):
            for p in turned_tiles(seen.view, event):
                canvas.rect(focus, seen.grid.tile_rect(p).inflate(8, 8), width=3, radius=8)
        names = event.get("path") if event.kind in ("move", "dog") else (
            [event.get("space")] if event.kind == "place" else [])
        for i, name in enumerate(names):
            radius = seen.cat_size() * (0.6 if i == len(names) - 1 else 0.25)
            canvas.circle(focus, seen.space_point(geo.space(name)), radius, width=3)


def turned_tiles(state: CathoodState, event: Event) -> tuple[int, ...]:
    """The positions a ``rotate`` or ``swap`` event changed."""
    cells = [(event.get("row"), event.get("col"))] if event.kind == "rotate" else [event.get("a"), event.get("b")]
    return tuple(state.geo.position(*c) for c in cells)
