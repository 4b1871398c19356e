"""Cathood's components gallery (the shared ``ui.gallery`` screen): the shops and the lots, the
special places (coffee, dog, bee), the town's tiles with the three park trees, the toy,
building and park cards, and each cat's pieces (cat, action disc, house, statue, cubes)."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from catgames.games.cathood.components import ACTIONS, BUILDING_CARD, CathoodData, Card, cathood_data
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table import pictures, view
from catgames.games.cathood.table.words import action_name, card_title, colour_name
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.gallery import Entry, Picture, Section, offered

WIDE = (150.0, 150.0 * pictures.WIDE[1] / pictures.WIDE[0])   #: a frontage's strip
BADGE = (70.0, 70.0)
TILE = (126.0, 126.0)
CARD = (L.CARD_W * 1.2, L.CARD_H * 1.2)
PIECE = (56.0, 56.0)
SPECIAL = ("coffee", "dog", "bee")
LOTS = (("pet_shop", "pet_shop"), ("building_lot", "building"))   #: (picture, reference key)


def _picture(data: CathoodData, subject: str) -> Picture:
    return lambda canvas, rect: pictures.draw_picture(canvas, data, subject, rect)


def _shop(data: CathoodData, shop: int) -> Entry:
    name = data.shop_names[shop]
    colours = [colour_name(data.colours[c]) for c in data.shop_colours[shop]]
    rule = (i18n.t("reference.cathood.shop_choice", first=colours[0], second=colours[1], third=colours[2])
            if len(colours) == 3 else i18n.t("reference.cathood.shop_one", colour=colours[0]))
    return Entry(_picture(data, f"shop:{name}"), WIDE, i18n.t(f"reference.cathood.shop.{name}"), rule)


def _lots(data: CathoodData) -> tuple[Entry, ...]:
    return tuple(Entry(_picture(data, subject), WIDE, i18n.t(f"reference.cathood.{key}"),
                       i18n.t(f"reference.cathood.{key}_rules")) for subject, key in LOTS)


def _places(data: CathoodData) -> tuple[Entry, ...]:
    """The special places a cat stops next to."""
    return tuple(Entry(_picture(data, name), BADGE, i18n.t(f"reference.cathood.{name}"),
                       i18n.t(f"reference.cathood.{name}_rules")) for name in SPECIAL)


def _tile(data: CathoodData, tile: int) -> Picture:
    return lambda canvas, rect: view.draw_tile(canvas, data, rect, tile, 0, (-1, -1, -1, -1), -1)


def _tiles(data: CathoodData) -> tuple[Entry, ...]:
    """A block, then a park of each tree (its entrance says what a statue there costs)."""
    block = next(t for t, info in enumerate(data.tiles) if info.park < 0)
    parks = []
    for tree, name in enumerate(data.tree_names):
        tile = next(t for t, info in enumerate(data.tiles) if info.park == tree)
        parks.append(Entry(_tile(data, tile), TILE, i18n.t("gallery.cathood.park", tree=i18n.t(f"cathood.tree.{name}")),
                           i18n.t("reference.cathood.park_entrance_rules", n=data.tree_pay[tree],
                                  colour=colour_name(data.colours[data.tree_colour[tree]]))))
    return (Entry(_tile(data, block), TILE, i18n.t("gallery.cathood.block"), i18n.t("gallery.cathood.block_rules")),
            *parks)


def _card(data: CathoodData, card: Card) -> Entry:
    index = data.cards.index(card)

    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_card(canvas, data, rect, index)
    rule = (i18n.plural("reference.cathood.building_card", card.points) if card.kind == BUILDING_CARD
            else i18n.t("reference.cathood.toy_card"))
    copies = sum(1 for c in data.cards if (c.kind, c.points, c.toy) == (card.kind, card.points, card.toy))
    return Entry(draw, CARD, i18n.capitalised(card_title(data, card)), rule, i18n.plural("gallery.cathood.copies", copies))


def _cards(data: CathoodData) -> tuple[Entry, ...]:
    """A toy card of each toy, a building card of each worth (each has its own house), the park deck."""
    firsts: dict[tuple[int, int, int], Card] = {}
    for card in data.cards:
        firsts.setdefault((card.kind, card.points, card.toy), card)

    def park(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_park_card(canvas, rect, max(data.park_points))
    return (*(_card(data, card) for card in firsts.values()),
            Entry(park, (L.CARD_H * 0.8, L.CARD_W * 0.8), i18n.t("reference.cathood.park_cards"),
                  i18n.t("reference.cathood.park_deck")))


def _pieces(data: CathoodData) -> tuple[Entry, ...]:
    """The first cat's pieces, and the cubes of every colour."""
    def piece(draw: Callable[[Canvas, tuple[float, float], float, int], None]) -> Picture:
        return lambda canvas, rect: draw(canvas, rect.center, rect.w * 0.8, 0)

    def disc(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_disc(canvas, rect.center, 0, rect.w * 0.7)

    def cubes(canvas: Canvas, rect: pygame.FRect) -> None:
        size = rect.w / 3.6
        for i, colour in enumerate(data.colours):
            view.draw_cube(canvas, (rect.x + size * (0.7 + 1.1 * (i % 3)), rect.y + size * (0.7 + 1.2 * (i // 3))),
                           size, colour)
    seat = i18n.t("names.player", n=1)
    unlocks = i18n.joined(i18n.plural("reference.cathood.unlock", after, action=action_name(ACTIONS[a]))
                          for after, a in data.unlocks)
    return (Entry(piece(view.draw_cat), PIECE, i18n.t("reference.cathood.cat", seat=seat), i18n.t("reference.cathood.cat_rules")),
            Entry(disc, PIECE, i18n.t("reference.cathood.disc"), i18n.t("reference.cathood.disc_rules")),
            Entry(piece(view.draw_house), PIECE, i18n.t("gallery.cathood.house"),
                  i18n.t("reference.cathood.houses_rules", unlocks=unlocks)),
            Entry(piece(view.draw_statue), PIECE, i18n.t("gallery.cathood.statue"), i18n.t("reference.cathood.statues_rules")),
            Entry(cubes, (80.0, 56.0), i18n.t("gallery.cathood.cubes"), i18n.t("gallery.cathood.cubes_rules", cap=data.cap)))


def sections(options: dict[str, Any]) -> list[Section]:
    data = cathood_data()
    return [Section(i18n.t("gallery.cathood.shops_heading"), (*(_shop(data, s) for s in range(len(data.shop_names))), *_lots(data))),
            Section(i18n.t("gallery.cathood.places_heading"), _places(data)),
            Section(i18n.t("gallery.cathood.tiles_heading"), _tiles(data)),
            Section(i18n.t("gallery.cathood.cards_heading"), _cards(data)),
            Section(i18n.t("gallery.cathood.pieces_heading"), _pieces(data), i18n.t("reference.cathood.end_rules"))]


def references(table: Any, app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
    """The gallery, from the pause menu and the rules screen (``BaseGameScene.references``)."""
    return offered(app, "gallery.components", lambda: sections(options))
