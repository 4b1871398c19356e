"""The held piece and where it would go on the Cathood table: the piece under the pointer, the
targets lit while it is held, and the ghost of the move on the snapped target (the route with
the cubes it collects, the tile turned or swapped, the house, the statue, the placed cat), and
what that move would do in words, which the prompt shows (``panels.draw_prompt``).

Pixels only: what a target means and whether it is legal come from the scene (``gestures`` and
the rules); everything drawn comes from the observation (``seen.Seen``).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from catgames.games.cathood.table import layout as L
from catgames.games.cathood.gestures import (
    STREETS, ActionSpace, Cat, Disc, Effects, Go, Lot, NewCat, Piece, Route, Spot, Statue, Target, Tile, TileSpot,
    Tree,
)
from catgames.games.cathood.moves import Chase, Reserve, Trade
from catgames.games.cathood.rules import CathoodState
from catgames.games.cathood.table.panels import draw_chips, draw_chips_in, draw_route
from catgames.games.cathood.table.prompts import CubeButton
from catgames.games.cathood.table.seen import Seen
from catgames.games.cathood.table.view import (
    arrow_head, draw_card, draw_cat, draw_disc, draw_house, draw_statue, draw_tile, edge_band,
)
from catgames.games.cathood.table.words import colour_name, route_line
from catgames.ui import i18n
from catgames.ui.callouts import draw_verdict_mark
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette
from catgames.ui.widgets import Widget


def target_rect(seen: Seen, target: Target) -> pygame.FRect:
    """What lights up for a target: a street slot, a tile, a lot, a tree, an action space."""
    view, grid = seen.view, seen.grid
    if isinstance(target, ActionSpace):
        return L.action_rect(target.action)
    if isinstance(target, STREETS):
        return grid.slot(view.geo.points[target.space])
    rect = grid.tile_rect(target.pos)
    if isinstance(target, Lot):
        for q, d in view.geo.touch[view.cats[view.turn]]:
            if q == target.pos:
                return edge_band(rect, d)
    if isinstance(target, Tree):
        return pygame.FRect(0, 0, rect.w * 0.45, rect.w * 0.45).move_to(center=rect.center)
    return rect


def home_point(seen: Seen, piece: Piece) -> Point:
    """Where ``piece`` lies while nobody holds it (a held piece glides back there)."""
    view = seen.view
    if isinstance(piece, Cat):
        return seen.cat_points().get(view.turn, L.NEIGHBOURHOOD.center)
    if isinstance(piece, Disc):
        return L.disc_point(0)
    if isinstance(piece, Statue):
        return L.STATUE_HOME
    if isinstance(piece, NewCat):
        return L.PLACE_HOME
    if isinstance(piece, Tile):
        return seen.grid.tile_rect(piece.pos).center
    for kind, row in enumerate(view.rows):
        if piece.card in row:
            return L.card_rect(kind, row.index(piece.card)).center
    return L.RESERVED.center


def target_point(seen: Seen, target: Target) -> Point:
    """Where a piece dropped on ``target`` settles."""
    if isinstance(target, ActionSpace):
        return L.disc_slot(target.action)
    if isinstance(target, STREETS):
        return seen.space_point(target.space)
    return seen.grid.tile_rect(target.pos).center


def draw_hints(canvas: Canvas, seen: Seen, targets: list[Target]) -> None:
    """Every legal target of the held piece, outlined."""
    pal = palette()
    for target in targets:
        canvas.rect(pal.ok, target_rect(seen, target).inflate(8, 8), width=3, radius=8)


def draw_decision_marks(canvas: Canvas, seen: Seen, legal: Iterable[Any],
                        effects_of: Callable[[Any], Effects]) -> None:
    """For the deciding human: the cards a bee may take; the streets the dog may chase to, each
    with the cubes it gives."""
    pal, view = palette(), seen.view
    ids = {m.card for m in legal if isinstance(m, Reserve)}
    for kind, row in enumerate(view.rows):
        for i, card in enumerate(row):
            if view.data.cards[card].id in ids:
                canvas.rect(pal.ok, L.card_rect(kind, i).inflate(8, 8), width=3, radius=9)
    for move in legal:
        if isinstance(move, Chase):
            slot = seen.grid.slot(view.geo.points[view.geo.space(move.space)])
            canvas.rect(pal.ok, slot.inflate(8, 8), width=3, radius=8)
            gains = effects_of(move).cubes
            draw_chips_in(canvas, slot, [key.split("|") for key, n in gains.items() for _ in range(n)])


def draw_hinted_choice(canvas: Canvas, view: CathoodState, move: Any, trade_give: str | None,
                       buttons: Iterable[Widget]) -> None:
    """A hint's move that is no drop, outlined: the bee's card (a click on the market), or a
    coffee trade's colour to give first (or, once ``trade_give`` is chosen, to get)."""
    focus = palette().focus
    if isinstance(move, Reserve):
        index = view.data.card_index(move.card)
        for kind, row in enumerate(view.rows):
            if index in row:
                canvas.rect(focus, L.card_rect(kind, row.index(index)).inflate(8, 8), width=4, radius=8)
    elif isinstance(move, Trade) and trade_give in (None, move.give):
        for button in buttons:
            if isinstance(button, CubeButton) and (
                    button.move == move if trade_give else button.colour == move.give):
                canvas.rect(focus, button.rect.inflate(10, 10), width=4, radius=14)


def draw_held(canvas: Canvas, seen: Seen, piece: Piece, rotation: int, center: Point, over_target: bool) -> None:
    """The held piece at ``center``; over a target a tile is left to its ghost and a card moves
    aside, so the house it would build shows."""
    view = seen.view
    if isinstance(piece, (Cat, NewCat)):
        draw_cat(canvas, center, seen.cat_size() * 1.15, view.to_move)
    elif isinstance(piece, Disc):
        draw_disc(canvas, center, view.turn, L.DISC)
    elif isinstance(piece, Statue):
        draw_statue(canvas, center, 26, view.turn)
    elif isinstance(piece, Tile):
        if not over_target:
            _draw_tile_turned(canvas, seen, piece.pos, rotation, seen.grid.tile_rect(piece.pos).move_to(center=center))
    else:
        size = (L.CARD_W * 0.7, L.CARD_H * 0.7) if over_target else (L.CARD_W, L.CARD_H)
        at = (center[0] + 60, center[1] + 50) if over_target else center
        draw_card(canvas, view.data, pygame.FRect((0, 0), size).move_to(center=at), piece.card)


def _draw_tile_turned(canvas: Canvas, seen: Seen, p: int, rotation: int, rect: pygame.FRect) -> None:
    view = seen.view
    tile = view.tiles[p]
    draw_tile(canvas, view.data, rect, tile, (view.rots[p] + rotation) % 4, seen.lot_owners(p), view.statues[tile])


def effects_caption(seen: Seen, effects: Effects) -> str:
    """``+2 pink, +1 pink/blue/yellow · coffee · fight with P2``: what a move gives."""
    return route_line(effects.cubes, effects.specials, [seen.names[s] for s in effects.rivals])


def draw_effects_chips(canvas: Canvas, effects: Effects, at: Point) -> None:
    """The cubes a move gives, as chips over the street ``at`` (a row per cube, as on a route)."""
    draw_chips(canvas, at, [key.split("|") for key, n in effects.cubes.items() for _ in range(n)])


def draw_ghost(canvas: Canvas, seen: Seen, piece: Piece, target: Target, legal: bool,
               route: Route | None, effects: Effects | None) -> None:
    """The move on ``target`` as it would look, outlined as legal or not: the route with the
    cubes it collects, the tile turned or swapped, the house, the statue, the placed cat.
    ``route`` is the one drawn, and played on a drop; what it gives in words is the prompt's
    (``ghost_caption``)."""
    pal = palette()
    view = seen.view
    rect = target_rect(seen, target)
    if isinstance(target, Go) and route is not None:
        draw_route(canvas, seen, view.turn, route[0], route[1], legal)
    elif isinstance(target, TileSpot) and isinstance(piece, Tile):
        _draw_tile_turned(canvas, seen, piece.pos, target.rot, rect)
        if target.pos != piece.pos:   # the swap: the neighbour comes to the held tile's place
            home = seen.grid.tile_rect(piece.pos)
            _draw_tile_turned(canvas, seen, target.pos, 0, home)
            arrow_head(canvas, home.center, rect.center, pal.focus, 16)
        if effects is not None:   # over the cat's head
            x, y = seen.cat_points()[view.turn]
            draw_effects_chips(canvas, effects, (x, y - seen.cat_size() * 0.45))
    elif isinstance(target, Lot):
        draw_house(canvas, rect.center, min(rect.w, rect.h) * 1.1, view.turn)
    elif isinstance(target, Tree):
        draw_statue(canvas, rect.center, rect.w * 0.6, view.turn)
    elif isinstance(target, STREETS) and not isinstance(target, Go):
        draw_cat(canvas, rect.center, seen.cat_size(), view.to_move)
        if effects is not None and not isinstance(target, Spot):
            draw_effects_chips(canvas, effects, rect.center)
    canvas.rect(pal.ok if legal else pal.bad, rect.inflate(10, 10), width=4, radius=8)
    draw_verdict_mark(canvas, (rect.right + 4, rect.y - 4), 12, legal)


def ghost_caption(seen: Seen, piece: Piece, target: Target, legal: bool, routes: int,
                  effects: Effects | None, refusal: str | None) -> str:
    """What the move on ``target`` would do, in words: what it gives (the cubes of a route, of
    a turned or swapped tile's shop facing the cat, of the dog's street), the colour a cat is
    placed for, or ``refusal``: why not.  ``routes``: how many routes lead to that street."""
    if not legal and refusal is not None:
        return refusal
    caption = "" if effects is None else effects_caption(seen, effects)
    if isinstance(target, Go) and routes > 1:
        caption += " · " + i18n.t("cathood.preview.other_route", i=target.variant + 1, n=routes)
    elif isinstance(target, TileSpot) and isinstance(piece, Tile) and effects is not None:
        caption = i18n.t("cathood.preview.tile", gains=caption)
    elif isinstance(target, Spot):
        caption = i18n.t("cathood.preview.place", colour=colour_name(target.colour))
    return caption
