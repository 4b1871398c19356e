"""Kotatsu Cats' components gallery (the shared ``ui.gallery`` screen): the six wooden cats,
the cat cards colour by colour, the cushions by their faces (coin and food symbols) and their
backs, then the kotatsu with its tatami, the lucky cat and the deck."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from catgames.games.kotatsu.components import CATEGORY_IDS, KotatsuData, kotatsu_data
from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.table import pictures, view
from catgames.games.kotatsu.table.words import category_name, colour_name
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.gallery import Entry, Section, offered

CAT = 84.0
CARD = (68.0, 93.0)           #: a colour's three cards (1, 2, 3 stars) side by side, each this big
CARD_GAP = 6.0
CUSHION = (96.0, 83.0)
ZONE = 0.42                   #: the kotatsu's tatami at this share of the table's size
LUCKY = 84.0
PILE = (L.PILE_W, L.PILE_H)


def _cat(data: KotatsuData, colour: int) -> Entry:
    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_cat(canvas, rect.center, rect.w, data, colour)
    cats = sum(1 for c in data.cat_colour if c == colour)
    return Entry(draw, (CAT, CAT), i18n.t("gallery.kotatsu.cat", colour=colour_name(data, colour)),
                 i18n.plural("gallery.kotatsu.cat_rules", cats))


def _cards(data: KotatsuData, colour: int) -> Entry:
    """The colour's cards, one of each number of stars, side by side."""
    shown = [next(c for c in range(data.cards) if data.card_colour[c] == colour and data.card_stars[c] == stars)
             for stars in sorted({data.card_stars[c] for c in range(data.cards)})]

    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        w = (rect.w - CARD_GAP * (len(shown) - 1)) / len(shown)
        for i, card in enumerate(shown):
            view.draw_card(canvas, pygame.FRect(rect.x + i * (w + CARD_GAP), rect.y, w, rect.h), data, card)
    copies = sum(1 for c in data.card_colour if c == colour)
    size = (CARD[0] * len(shown) + CARD_GAP * (len(shown) - 1), CARD[1])
    return Entry(draw, size, i18n.t("gallery.kotatsu.cards", colour=colour_name(data, colour)),
                 i18n.t("gallery.kotatsu.cards_rules", copies=copies, each=copies // len(shown)))


def _cushion_rule(data: KotatsuData, cushion: int, options: dict[str, Any]) -> str:
    """What a face scores: its value; a coin or food face by the scoring the table plays."""
    symbol = data.cushion_symbol[cushion]
    if symbol is None:
        return i18n.t("gallery.kotatsu.cushion_rules" if data.cushion_value[cushion] > 0 else
                      "gallery.kotatsu.negative_rules")
    mode = str(options.get("scoring_mode", data.option_defaults.get("scoring_mode", "text_bonus")))
    return i18n.t(f"gallery.kotatsu.{symbol}_rules.{mode}", value=view.signed(data.cushion_value[cushion]))


def _cushion(data: KotatsuData, cushion: int, options: dict[str, Any]) -> Entry:
    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_cushion_face(canvas, rect, data, cushion)
    symbol = data.cushion_symbol[cushion]
    value = view.signed(data.cushion_value[cushion])
    name = (i18n.t("gallery.kotatsu.cushion_symbol", value=value, symbol=i18n.t(f"kotatsu.symbol.{symbol}"))
            if symbol else i18n.t("gallery.kotatsu.cushion", value=value))
    return Entry(draw, CUSHION, name, _cushion_rule(data, cushion, options))


def _cushion_back(data: KotatsuData) -> Entry:
    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_cushion_back(canvas, rect, data, 2)
    supply = data.lucky_total - data.lucky_at_start
    return Entry(draw, CUSHION, i18n.t("gallery.kotatsu.cushion_back"),
                 i18n.plural("reference.kotatsu.cushions_rules", supply))


def _table(data: KotatsuData) -> tuple[Entry, ...]:
    """The kotatsu on its tatami, the lucky cat and the deck's card back."""
    def kotatsu(canvas: Canvas, rect: pygame.FRect) -> None:
        pictures.draw_kotatsu(canvas, rect)

    def lucky(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_lucky_cat(canvas, rect.center, rect.w / 1.15, True, 1)

    def deck(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_card_back(canvas, rect)
    ranks = i18n.joined(category_name(c) for c in range(len(CATEGORY_IDS)))
    return (Entry(kotatsu, (L.ZONE_W * ZONE, L.ZONE_H * ZONE), i18n.t("gallery.kotatsu.kotatsu"),
                  i18n.t("reference.kotatsu.kotatsu_rules", ranks=ranks)),
            Entry(lucky, (LUCKY, LUCKY), i18n.t("reference.kotatsu.lucky"),
                  i18n.t("reference.kotatsu.lucky_rules", total=data.lucky_total)),
            Entry(deck, PILE, i18n.t("gallery.kotatsu.deck"), i18n.t("reference.kotatsu.deck")))


def sections(options: dict[str, Any]) -> list[Section]:
    data = kotatsu_data()
    faces = [c for c in range(data.blank) if data.cushion_colour[c] == 0]   # one colour's faces: every value
    colours = range(data.colours)
    return [Section(i18n.t("gallery.kotatsu.cats_heading"), tuple(_cat(data, c) for c in colours)),
            Section(i18n.t("gallery.kotatsu.cards_heading"), tuple(_cards(data, c) for c in colours)),
            Section(i18n.t("gallery.kotatsu.cushions_heading"),
                    (*(_cushion(data, c, options) for c in faces), _cushion_back(data))),
            Section(i18n.t("gallery.kotatsu.table_heading"), _table(data))]


def references(table: Any, app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
    """The gallery, from the pause menu and the rules screen (``BaseGameScene.references``)."""
    return offered(app, "gallery.components", lambda: sections(options))
