"""What a Kotatsu Cats component is, for the hover reference: a card (in the hand or on an
edge), a wooden cat on its cushion, a waiting lucky cat, a kotatsu, the deck and the discard
pile, and the strip's counts (cats in the bag, cushions left, the lucky cats).  The side panel's seats have their own collection popups."""

from __future__ import annotations

import pygame

from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.components import CATEGORY_IDS
from catgames.games.kotatsu.table.panels import Seen, info_parts
from catgames.games.kotatsu.rules import PICKING
from catgames.games.kotatsu.table.words import category_name, colour_name
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.reference import Reference


def component_at(seen: Seen, canvas: Canvas, pos: Point) -> Reference | None:
    """The component under ``pos`` as ``seen`` shows it (``canvas``: the strip's measured parts)."""
    if seen.view.phase == PICKING:  # the resolution panel covers the tables
        return None
    if L.INFO.collidepoint(pos):
        return _strip_part(seen, canvas, pos)
    for i, card in enumerate(seen.hand()):
        if L.hand_rect(i).collidepoint(pos):
            return _card(seen, card, L.hand_rect(i))
    for pile, key, cards in ((L.DECK, "deck", seen.view.deck), (L.DISCARD, "discard", seen.view.discard)):
        if pile.collidepoint(pos):
            return Reference.of(i18n.t(f"kotatsu.{key}", count=len(cards)),
                                i18n.t(f"reference.kotatsu.{key}"), pile)
    for k in range(len(seen.view.edges)):
        found = _at_kotatsu(seen, k, pos)
        if found is not None:
            return found
    return _lucky_at(seen, pos)


def _strip_part(seen: Seen, canvas: Canvas, pos: Point) -> Reference | None:
    """A part of the strip of public counts: the bag's cats, the cushion stacks, the lucky cats."""
    view, data = seen.view, seen.data
    parts = info_parts(canvas, data.colours)
    if parts.bag.collidepoint(pos):
        return Reference.of(i18n.plural("reference.kotatsu.bag", len(view.bag)),
                            i18n.plural("reference.kotatsu.bag_rules", view.lucky_bag), parts.bag)
    if parts.cushions.collidepoint(pos):
        left = sum(len(stack) for stack in view.stacks)
        return Reference.of(i18n.plural("reference.kotatsu.cushions", left),
                            i18n.plural("reference.kotatsu.cushions_rules", view.lucky_supply), parts.cushions)
    if parts.lucky.collidepoint(pos):
        return Reference.of(i18n.t("reference.kotatsu.lucky_count", drawn=view.lucky_drawn, total=data.lucky_total),
                            i18n.plural("reference.kotatsu.lucky_count_rules", data.lucky_total), parts.lucky)
    return None


def _at_kotatsu(seen: Seen, k: int, pos: Point) -> Reference | None:
    view, data = seen.view, seen.data
    for seat in range(seen.players):
        slots = L.card_slots(k, seen.side(seat))
        cards = view.edges[k][seat]
        for slot in range(len(cards) - 1, -1, -1):  # a fan's later cards lie on top
            if slots[slot].collidepoint(pos):
                return _card(seen, cards[slot], slots[slot])
    for slot, (cat, _) in enumerate(view.pairs[k]):
        rect = pygame.FRect(0, 0, L.PAIR_SIZE, L.PAIR_SIZE).move_to(center=L.pair_centre(k, slot))
        if rect.collidepoint(pos):
            colour = colour_name(data, data.cat_colour[cat])
            return Reference.of(i18n.t("reference.kotatsu.pair", colour=colour),
                                i18n.t("reference.kotatsu.pair_rules"), rect)
    if L.futon(k).collidepoint(pos):
        ranks = i18n.joined(category_name(c) for c in range(len(CATEGORY_IDS)))
        return Reference.of(i18n.t("reference.kotatsu.kotatsu", k=k + 1),
                            i18n.t("reference.kotatsu.kotatsu_rules", ranks=ranks), L.futon(k))
    return None


def _lucky_at(seen: Seen, pos: Point) -> Reference | None:
    view, data = seen.view, seen.data
    for i in range(min(view.lucky_drawn, len(view.edges) - 1)):
        rect = L.lucky_rect(i)
        if rect.collidepoint(pos):
            return Reference.of(i18n.t("reference.kotatsu.lucky"),
                                i18n.t("reference.kotatsu.lucky_rules", total=data.lucky_total), rect)
    return None


def _card(seen: Seen, card: int, rect: pygame.FRect) -> Reference:
    data = seen.data
    colour = colour_name(seen.data, data.card_colour[card])
    stars = data.card_stars[card]
    return Reference.of(i18n.t("reference.kotatsu.card", colour=colour, stars="★" * stars),
                        i18n.plural("reference.kotatsu.card_rules", stars, colour=colour), rect)
