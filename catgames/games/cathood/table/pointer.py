"""What lies under the pointer on the Cathood table: the piece a press there takes up (of the
pieces that may move), the target a release there drops the held piece on, and which of a
space's routes runs nearest to it.

Geometry over what the table shows (``Showing``, ``Seen``); whether a human may act now and
which route a hint means are the scene's to say.
"""

from __future__ import annotations

import math
from typing import Callable

from catgames.games.cathood import gestures
from catgames.games.cathood.components import ACTIONS, DIAGONAL, LINEAR, PARK, REPEAT, ROTATE, SWAP
from catgames.games.cathood.gestures import (
    DISC, NEW_CAT, ActionSpace, Card, Cat, Disc, DogStreet, Go, Lot, NewCat, Piece, Route, Spot, Statue,
    Target, Tile, TileSpot, Tree,
)
from catgames.games.cathood.rules import SETUP, CathoodState
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.panels import route_distance, route_segments
from catgames.games.cathood.table.seen import Seen, Showing
from catgames.ui.canvas import Point
from catgames.ui.drag import nearest_target

PET_SHOP, BUILDING = ACTIONS.index("pet_shop"), ACTIONS.index("building")
#: which route to ``space`` a drop of the cat at ``pos`` takes, after ``rotation`` turns (R)
RouteChoice = Callable[[Cat, int, int, Point], int]


def movable_pieces(view: CathoodState) -> list[Piece]:
    """Every piece that makes a move when dropped, unarmed or on Repeat."""
    if view.phase == SETUP:
        return [NEW_CAT]
    cards = [c for row in view.rows for c in row]
    if view.reserved[view.turn] >= 0:
        cards.append(view.reserved[view.turn])
    out: list[Piece] = []
    for armed in (None, REPEAT):
        out += [Cat(armed), Statue(armed)]
        out += [Tile(p, armed) for p in range(view.geo.positions)]
        out += [Card(c, armed) for c in cards]
    return out


def piece_at(now: Showing, pos: Point, free_play: bool, held: Piece | None) -> Piece | None:
    """The piece a press at ``pos`` takes up, for a human who may act (``free_play``: take an
    action, no decision pending; ``held``: the piece in the hand, if any)."""
    seen, armed = now.seen, now.armed
    view = seen.view
    if view.phase == SETUP:
        return NEW_CAT if near(pos, L.PLACE_HOME, 26) else None
    if gestures.decision(view) == "dog":
        return Cat() if on_cat(seen, pos) else None
    if not free_play:
        return None
    free_discs = view.discs_left(view.turn) - (armed is not None)
    if free_discs > 0 and any(near(pos, L.disc_point(i), L.DISC * 0.7) for i in range(free_discs)):
        return DISC
    if armed in (None, LINEAR, DIAGONAL, REPEAT) and on_cat(seen, pos):
        return Cat(armed)
    p = seen.grid.tile_at(pos)
    if p is not None and armed in (None, ROTATE, SWAP, REPEAT) and not isinstance(held, (Statue, Card)):
        return Tile(p, armed)
    own_board = now.board_seat == view.turn
    if armed in (None, PET_SHOP, BUILDING, REPEAT):
        card = L.card_at(view.rows, pos)
        if card is not None:
            return Card(card, armed)
        if view.reserved[view.turn] >= 0 and own_board and L.RESERVED.collidepoint(pos):
            return Card(view.reserved[view.turn], armed)
    if armed in (None, PARK, REPEAT) and own_board and any(
            near(pos, L.statue_point(i), L.STATUE_REACH) for i in range(view.statues_left(view.turn))):
        return Statue(armed)                         # any statue of the line, not only the first
    return None


def snap(seen: Seen, piece: Piece, rotation: int, pos: Point, route: RouteChoice) -> Target | None:
    """Where a release of ``piece`` (turned ``rotation`` times) at ``pos`` drops it, if anywhere."""
    view = seen.view
    if isinstance(piece, Disc):
        action = action_at(pos)
        return None if action is None else ActionSpace(action)
    if isinstance(piece, (Cat, NewCat)):
        space = space_at(seen, pos)
        if space is None or (isinstance(piece, Cat) and space == view.cats[view.turn]):
            return None
        if isinstance(piece, NewCat):
            colours = gestures.placements(view).get(space) or [gestures.setup_colour(view)]
            return Spot(space, colours[rotation % len(colours)])
        if gestures.decision(view) == "dog":
            return DogStreet(space)
        return Go(space, route(piece, space, rotation, pos))
    p = seen.grid.tile_at(pos)
    if isinstance(piece, (Statue, Card)):
        p = tile_near(seen, pos) if p is None else p   # on a street: the rules judge the nearest
        if p is None:
            return None
        return Tree(p) if isinstance(piece, Statue) else Lot(p)
    if p is None:
        return None
    if p == piece.pos and rotation % 4 == 0:
        return None                                  # dropped back where it was
    return TileSpot(p, rotation % 4)


def street_piece(now: Showing, space: int, free_play: bool) -> Piece | None:
    """The piece a click on street ``space`` sends there: a new cat in set-up, else the acting
    cat (chased by the dog, or moved by the action armed or to be taken); none to its own space."""
    view = now.seen.view
    if view.phase == SETUP:
        return NEW_CAT
    decision = gestures.decision(view)
    if space == view.cats[view.turn] or decision not in (None, "dog") or (decision is None and not free_play):
        return None
    return Cat(now.armed)


def action_at(pos: Point) -> int | None:
    """The action space under ``pos``."""
    return next((a for a in range(len(ACTIONS)) if L.action_rect(a).collidepoint(pos)), None)


def nearest_route(seen: Seen, found: list[Route], pos: Point) -> int:
    """Which of the acting cat's routes ``found`` is drawn nearest ``pos`` (the shortest when
    they are alike)."""
    seat = seen.view.turn
    away = [route_distance(route_segments(seen, seat, move, path), pos) for move, path in found]
    return min(range(len(found)), key=lambda i: (round(away[i], 1), i))


def tile_near(seen: Seen, pos: Point) -> int | None:
    """The tile nearest ``pos`` on the neighbourhood's streets, else ``None``."""
    grid = seen.grid
    if not grid.rect.collidepoint(pos):
        return None
    return min(range(seen.view.geo.positions), key=lambda p: math.dist(grid.tile_rect(p).center, pos))


def space_at(seen: Seen, pos: Point) -> int | None:
    return nearest_target(range(seen.view.geo.size), pos, seen.space_point, seen.grid.gap * 0.9)


def on_cat(seen: Seen, pos: Point) -> bool:
    """``pos`` is on the acting cat."""
    return near(pos, seen.cat_points()[seen.view.turn], seen.cat_size() * 0.7)


def near(pos: Point, center: Point, radius: float) -> bool:
    return (pos[0] - center[0]) ** 2 + (pos[1] - center[1]) ** 2 <= radius * radius
