"""What a Cathood component is, for the hover reference: the frontage of a tile nearest the
pointer (a shop, a lot, a park entrance, a coffee, a dog, a bee), an action space, a market card
and the park deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from catgames.games.cathood import layout as L
from catgames.games.cathood.components import (
    ACTIONS, BUILDING, BUILDING_CARD, FIXED_FRONTAGES, PARK_ENTRANCE, PET_SHOP, SHOP,
)
from catgames.games.cathood.rules import SETUP, CathoodState
from catgames.games.cathood.words import action_name, card_title, colour_name
from catgames.ui import i18n
from catgames.ui.canvas import Point
from catgames.ui.reference import Reference

if TYPE_CHECKING:
    from catgames.games.cathood.scene import CathoodScene


def component_at(scene: CathoodScene, pos: Point) -> Reference | None:
    view: CathoodState = scene.seen.view
    found = _piece_at(scene, pos)
    if found is not None:
        return found
    for a, action in enumerate(ACTIONS):
        if L.action_rect(a).collidepoint(pos):
            return Reference.of(action_name(action), i18n.t(f"reference.cathood.action.{action}"),
                                L.action_rect(a))
    card = L.card_at(view.rows, pos)
    if card is not None:
        kind, i = next((k, row.index(card)) for k, row in enumerate(view.rows) if card in row)
        return _card(scene, card, L.card_rect(kind, i))
    if L.PARK_DECK.collidepoint(pos):
        return Reference.of(i18n.t("reference.cathood.park_cards"), i18n.t("reference.cathood.park_deck"),
                            L.PARK_DECK)
    grid = scene.seen.grid
    p = grid.tile_at(pos)
    return None if p is None else _frontage(scene, p, pos)


def _piece_at(scene: CathoodScene, pos: Point) -> Reference | None:
    """A cat on the streets, or a free disc of the acting cat."""
    seen = scene.seen
    size = seen.cat_size()
    for seat, point in seen.cat_points().items():
        rect = pygame.FRect(0, 0, size, size).move_to(center=point)
        if rect.collidepoint(pos):
            return Reference.of(i18n.t("reference.cathood.cat", seat=scene.seat_names[seat]),
                                i18n.t("reference.cathood.cat_rules"), rect)
    if seen.view.phase == SETUP:
        return None
    for i in range(seen.view.discs_left(scene.acting()) - (scene.armed is not None)):
        rect = pygame.FRect(0, 0, L.DISC, L.DISC).move_to(center=L.disc_point(i))
        if rect.collidepoint(pos):
            return Reference.of(i18n.t("reference.cathood.disc"), i18n.t("reference.cathood.disc_rules"),
                                rect)
    return None


def _card(scene: CathoodScene, card: int, rect: pygame.FRect) -> Reference:
    data = scene.seen.view.data
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


def _frontage(scene: CathoodScene, p: int, pos: Point) -> Reference:
    view: CathoodState = scene.seen.view
    data = view.data
    rect = scene.seen.grid.tile_rect(p)
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
        return Reference.of(i18n.t(f"reference.cathood.shop.{data.shop_names[shop]}"), body, rect)
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
        body += "\n" + i18n.t("reference.cathood.closed", seat=scene.seat_names[owner])
    return Reference.of(title, body, rect)

