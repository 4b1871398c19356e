"""What a Cathood component is, for the hover reference: the frontage of a tile nearest the
pointer (a shop, a lot, a park entrance, a coffee, a dog, a bee; that side is outlined), an
action space, a market card, the park deck, and the shown cat's board (its cubes, houses,
statues and reserved card)."""

from __future__ import annotations

import pygame

from catgames.games.cathood.table import layout as L
from catgames.games.cathood.components import (
    ACTIONS, BUILDING, BUILDING_CARD, FIXED_FRONTAGES, PARK_ENTRANCE, PET_SHOP, SHOP,
)
from catgames.games.cathood.table.board import board_rows
from catgames.games.cathood.rules import SETUP, CathoodState
from catgames.games.cathood.table.seen import Seen, Showing
from catgames.games.cathood.table.view import edge_band
from catgames.games.cathood.table.words import action_name, card_title, colour_name
from catgames.ui import i18n
from catgames.ui.canvas import Point
from catgames.ui.reference import Reference


def component_at(now: Showing, pos: Point) -> Reference | None:
    """The component under ``pos`` as the table shows it ``now``."""
    seen = now.seen
    view: CathoodState = seen.view
    found = _piece_at(now, pos)
    if found is not None:
        return found
    for a, action in enumerate(ACTIONS):
        if L.action_rect(a).collidepoint(pos):
            return Reference.of(action_name(action), i18n.t(f"reference.cathood.action.{action}"),
                                L.action_rect(a))
    card = L.card_at(view.rows, pos)
    if card is not None:
        kind, i = next((k, row.index(card)) for k, row in enumerate(view.rows) if card in row)
        return _card(seen, card, L.card_rect(kind, i))
    if L.PARK_DECK.collidepoint(pos):
        return Reference.of(i18n.t("reference.cathood.park_cards"), i18n.t("reference.cathood.park_deck"),
                            L.PARK_DECK)
    if L.BOARD_PANEL.collidepoint(pos):
        return _board_part(now, pos)
    p = seen.grid.tile_at(pos)
    return None if p is None else _frontage(seen, p, pos)


def _piece_at(now: Showing, pos: Point) -> Reference | None:
    """A cat on the streets, or a free disc of the acting cat."""
    seen = now.seen
    size = seen.cat_size()
    for seat, point in seen.cat_points().items():
        rect = pygame.FRect(0, 0, size, size).move_to(center=point)
        if rect.collidepoint(pos):
            return Reference.of(i18n.t("reference.cathood.cat", seat=seen.names[seat]),
                                i18n.t("reference.cathood.cat_rules"), rect)
    if seen.view.phase == SETUP:
        return None
    for i in range(seen.view.discs_left(now.acting) - (now.armed is not None)):
        rect = pygame.FRect(0, 0, L.DISC, L.DISC).move_to(center=L.disc_point(i))
        if rect.collidepoint(pos):
            return Reference.of(i18n.t("reference.cathood.disc"), i18n.t("reference.cathood.disc_rules"),
                                rect)
    return None


def _board_part(now: Showing, pos: Point) -> Reference | None:
    """The line of the shown board under ``pos``: its cubes, houses or statues, or the reserved card."""
    view: CathoodState = now.seen.view
    data, seat = view.data, now.board_seat
    if L.RESERVED.collidepoint(pos):
        return _reserved(now.seen, seat)
    part, rect = next(((k, r) for k, r in board_rows(now.canvas).parts().items()
                       if r.collidepoint(pos)), ("", None))
    if rect is None:
        return None
    if part == "cubes":
        brackets = [(low, high, points) for (low, points), (high, _) in
                    zip(data.cube_brackets, data.cube_brackets[1:] + ((data.cap + 1, 0),))]
        scale = i18n.joined(f"{low}–{high - 1} → {points}" if high - 1 > low else f"{low} → {points}"
                            for low, high, points in brackets)
        return Reference.of(i18n.t("cathood.storage", n=sum(view.cubes[seat]), cap=data.cap),
                            i18n.t("reference.cathood.cubes_rules", cap=data.cap, scale=scale), rect)
    end = i18n.t("reference.cathood.end_rules")
    if part == "houses":
        unlocks = i18n.joined(i18n.plural("reference.cathood.unlock", after, action=action_name(ACTIONS[a]))
                              for after, a in data.unlocks)
        return Reference.of(i18n.t("cathood.houses_left", n=view.houses_left(seat)),
                            i18n.t("reference.cathood.houses_rules", unlocks=unlocks) + "\n" + end, rect)
    return Reference.of(i18n.t("cathood.statues_left", n=view.statues_left(seat)),
                        i18n.t("reference.cathood.statues_rules") + "\n" + end, rect)


def _reserved(seen: Seen, seat: int) -> Reference:
    """The reserved card (or its empty place): only its holder may buy it; unbought it costs."""
    data = seen.view.data
    card = seen.view.reserved[seat]
    penalty = abs(data.reserve_penalty)
    if card < 0:
        return Reference.of(i18n.t("cathood.reserved"), i18n.plural("reference.cathood.reserved_none", penalty),
                            L.RESERVED)
    return Reference.of(i18n.t("reference.cathood.reserved_card", card=card_title(data, data.cards[card])),
                        i18n.plural("reference.cathood.reserved_rules", penalty), L.RESERVED)


def _card(seen: Seen, card: int, rect: pygame.FRect) -> Reference:
    data = seen.view.data
    c = data.cards[card]
    if c.kind == BUILDING_CARD:
        body = i18n.plural("reference.cathood.building_card", c.points)
    else:
        body = i18n.t("reference.cathood.toy_card")
    return Reference.of(card_title(data, c), body, rect)


def _side(rect: pygame.FRect, pos: Point) -> int:
    """The edge of a tile (0 N, 1 E, 2 S, 3 W) nearest ``pos``."""
    dx, dy = pos[0] - rect.centerx, pos[1] - rect.centery
    if abs(dy) >= abs(dx):
        return 0 if dy < 0 else 2
    return 1 if dx > 0 else 3


def _frontage(seen: Seen, p: int, pos: Point) -> Reference:
    view: CathoodState = seen.view
    data = view.data
    rect = seen.grid.tile_rect(p)
    d = _side(rect, pos)
    front = view.frontage(p, d)
    if front >= SHOP:
        shop = front - SHOP
        colours = [colour_name(data.colours[c]) for c in data.shop_colours[shop]]
        if len(colours) == 3:  # a supermarket or a mall
            body = i18n.t("reference.cathood.shop_choice", first=colours[0], second=colours[1],
                          third=colours[2])
        else:
            body = i18n.t("reference.cathood.shop_one", colour=colours[0])
        return Reference.of(i18n.t(f"reference.cathood.shop.{data.shop_names[shop]}"), body, rect,
                            mark=edge_band(rect, d))
    name = FIXED_FRONTAGES[front]
    owner = -1
    if front == PARK_ENTRANCE:
        tree = data.tiles[view.tiles[p]].park
        title = i18n.t("reference.cathood.park_of", tree=i18n.t(f"cathood.tree.{data.tree_names[tree]}"))
        body = i18n.t("reference.cathood.park_entrance_rules", n=data.tree_pay[tree],
                      colour=colour_name(data.colours[data.tree_colour[tree]]))
        owner = view.statues[view.tiles[p]]
    else:
        title, body = i18n.t(f"reference.cathood.{name}"), i18n.t(f"reference.cathood.{name}_rules")
    if front in (PET_SHOP, BUILDING):
        owner = view.houses[view.lot(p, d)]
    if owner >= 0:
        body += "\n" + i18n.t("reference.cathood.closed", seat=seen.names[owner])
    return Reference.of(title, body, rect, mark=edge_band(rect, d))

