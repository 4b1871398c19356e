"""If It Fits' components gallery (the shared ``ui.gallery`` screen): every shape of box card
with its walls and open sides, the special toy card and the start card; the toys; a player's
cat awake and asleep, the Princess and the draw pile."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import pygame

from catgames.games.boxes.components import BOTTOM, BOX, LEFT, PRINCESS, RIGHT, TOP, TOY, BoxesData, Kind, boxes_data
from catgames.games.boxes.table import pictures, view
from catgames.games.boxes.table.words import count
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.gallery import Entry, Section, offered
from catgames.ui.theme import palette

CARD = (view.CARD_W * 1.4, view.CARD_H * 1.4)
CAT = (view.CARD_W * view.CAT_W * 1.2, view.CARD_H * view.CAT_H * 1.2)
TOY_SIZE = 56.0
SIDES = ((TOP, "top"), (RIGHT, "right"), (BOTTOM, "bottom"), (LEFT, "left"))


def _sides(edges: int) -> str:
    """``Open: top and right. Walls: bottom and left end.`` for a card's open-side bits."""
    opened = [i18n.t(f"gallery.boxes.side.{name}") for bit, name in SIDES if edges & bit]
    walls = [i18n.t(f"gallery.boxes.side.{name}") for bit, name in SIDES if not edges & bit]
    if not walls:
        return i18n.t("gallery.boxes.all_open")
    return i18n.t("gallery.boxes.shape", open=i18n.listed(opened), walls=i18n.listed(walls))


def _card(data: BoxesData, kinds: list[Kind], copies: int) -> Entry:
    """A shape of card, shown with one toy (the special card with its own), said with its
    walls, its copies and how many toys its cards carry."""
    kind = kinds[0]
    special = kind.role == TOY
    shown = max(kinds, key=lambda k: k.toys) if special else min(kinds, key=lambda k: abs(k.toys - 1))

    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_card(canvas, rect, shown.edges, shown.toys, kind.index == data.start, special)
    most = max(k.toys for k in kinds)
    if kind.index == data.start:
        return Entry(draw, CARD, i18n.t("reference.boxes.name.START"),
                     i18n.t("reference.boxes.start_card", toys=count("toys", most)),
                     i18n.plural("gallery.boxes.start_copies", data.start_count))
    toys = count("toys", most) if special else i18n.t("gallery.boxes.some_toys", most=most)
    note = i18n.t("gallery.boxes.note", copies=i18n.plural("gallery.boxes.in_deck", copies), toys=toys)
    return Entry(draw, CARD, i18n.t(f"reference.boxes.name.{kind.cls}"), _sides(kind.edges), note)


def _cards(data: BoxesData) -> tuple[Entry, ...]:
    """Every shape (the data's order), the special toy card, then the start card."""
    copies = Counter(data.kinds[k].cls for k in data.pile)
    shapes: dict[str, list[Kind]] = {}
    for kind in data.kinds:
        if kind.role in (BOX, TOY):
            shapes.setdefault(kind.cls, []).append(kind)
    start = data.kinds[data.start]
    return (*(_card(data, kinds, copies[cls]) for cls, kinds in shapes.items()), _card(data, [start], data.start_count))


def _toy(kind: str) -> Entry:
    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        canvas.rect(pictures.KRAFT, rect, radius=rect.w / 8)
        canvas.surface.blit(pictures.toy_picture(kind, canvas.length(rect.w)), canvas.real_rect(rect).topleft)
    rule = "gallery.boxes.fish_rules" if kind == pictures.SPECIAL_TOY else "gallery.boxes.toy_rules"
    return Entry(draw, (TOY_SIZE, TOY_SIZE), i18n.t(f"gallery.boxes.toy.{kind}"), i18n.t(rule))


def _cats(data: BoxesData) -> tuple[Entry, ...]:
    """The first player's cat awake and asleep, the Princess, and the draw pile's back."""
    def cat(awake: bool) -> Callable[[Canvas, pygame.FRect], None]:
        return lambda canvas, rect: view.draw_cat(canvas, rect, palette().seat(0), awake)

    def princess(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_cat(canvas, rect, None, True)

    def deck(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_card_back(canvas, rect)
    seat = i18n.t("names.player", n=1)
    princesses = sum(1 for k in data.pile if data.kinds[k].role == PRINCESS)
    return (Entry(cat(True), CAT, i18n.t("reference.boxes.cat_awake", seat=seat), i18n.t("gallery.boxes.awake_rules"),
                  i18n.plural("gallery.boxes.cats", data.cats_per_player)),
            Entry(cat(False), CAT, i18n.t("reference.boxes.cat_sleeping", seat=seat), i18n.t("gallery.boxes.asleep_rules")),
            Entry(princess, CAT, i18n.t("reference.boxes.name.PRINCESS"), i18n.t("reference.boxes.princess"),
                  i18n.plural("gallery.boxes.in_deck", princesses)),
            Entry(deck, CARD, i18n.t("gallery.boxes.deck"), i18n.t("reference.boxes.deck"),
                  i18n.plural("gallery.boxes.in_deck", len(data.pile))))


def _most_toys(data: BoxesData) -> int:
    return max(k.toys for k in data.kinds if k.role == BOX)


def sections(options: dict[str, Any]) -> list[Section]:
    data = boxes_data()
    return [Section(i18n.t("gallery.boxes.cards_heading"), _cards(data),
                    i18n.t("reference.boxes.box_card", toys=i18n.t("gallery.boxes.some_toys", most=_most_toys(data)))),
            Section(i18n.t("gallery.boxes.toys_heading"),
                    tuple(_toy(kind) for kind in (*pictures.BOX_TOYS, pictures.SPECIAL_TOY))),
            Section(i18n.t("gallery.boxes.cats_heading"), _cats(data), i18n.t("reference.boxes.cat_on_table"))]


def references(table: Any, app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
    """The gallery, from the pause menu and the rules screen (``BaseGameScene.references``)."""
    return offered(app, "gallery.components", lambda: sections(options))
