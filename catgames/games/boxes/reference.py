"""What an If It Fits component is, for the hover reference: a card in the hand or on the table,
a cat on the table, the player's cats still to place, and the draw pile."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from catgames.games.boxes.components import BOX, PRINCESS, START, TOY, Kind
from catgames.games.boxes.gestures import cat_under
from catgames.games.boxes.panels import CATS_RECT, DECK_RECT, hand_rect
from catgames.games.boxes.table import PRINCESS_OWNER
from catgames.games.boxes.view import cat_rect
from catgames.games.boxes.words import count
from catgames.ui import i18n
from catgames.ui.canvas import Point
from catgames.ui.reference import Reference

if TYPE_CHECKING:
    from catgames.games.boxes.scene import BoxesScene

#: the rules text of each role of card (``Kind.role``)
ROLE_TEXT = {BOX: "box_card", TOY: "box_card", START: "start_card", PRINCESS: "princess"}


def component_at(scene: BoxesScene, pos: Point) -> Reference | None:
    state = scene.seen
    kinds = state.data.kinds
    for i, kind in enumerate(scene.hand_kinds()):
        if hand_rect(i).collidepoint(pos):
            return _card(kinds[kind], hand_rect(i))
    if DECK_RECT.collidepoint(pos):
        return Reference.of(i18n.t("boxes.deck"), i18n.t("reference.boxes.deck"), DECK_RECT)
    seat = scene.viewer_seat()
    if CATS_RECT.collidepoint(pos):
        return Reference.of(i18n.t("boxes.your_cats", count=state.supply[seat]),
                            i18n.t("reference.boxes.cats"), CATS_RECT)
    slot = scene.camera.slot_at(pos)
    if slot is None:
        return None
    pair = cat_under(state, *slot)
    if pair is not None:
        owner, awake = state.layout.cats[state.geo.slot(*pair)]
        rect = pygame.FRect(cat_rect(scene.camera, *pair))
        if rect.collidepoint(pos) and owner == PRINCESS_OWNER:
            return _card(next(k for k in kinds if k.role == PRINCESS), rect)
        if rect.collidepoint(pos):
            key = "cat_awake" if awake else "cat_sleeping"
            return Reference.of(i18n.t(f"reference.boxes.{key}", seat=scene.seat_names[owner]),
                                i18n.t("reference.boxes.cat_on_table"), rect)
    index = state.geo.slot(*slot)
    if index is None or index not in state.layout.cards:
        return None
    return _card(kinds[state.layout.cards[index][0]], scene.camera.slot_rect(*slot))


def _card(kind: Kind, rect: pygame.FRect) -> Reference:
    body = i18n.t(f"reference.boxes.{ROLE_TEXT[kind.role]}", toys=count("toys", kind.toys))
    return Reference.of(i18n.t(f"reference.boxes.name.{kind.cls}"), body, rect)
