"""The Woof Days / Cat Days card gallery: every card of one deck with how many copies a deck
holds, its face, its name and its whole rules text (the shared ``ui.gallery`` screen); a switch
picks the deck (so it serves both modes, and the combined game)."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from catgames.games.days.table import view, words
from catgames.games.days.components import Card, days_data
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.gallery import LEFT, WIDTH, Entry, GalleryScene as SharedGallery, Section
from catgames.ui.widgets import Choice

DECKS = ("woof", "cat")
CARD = (116.0, 162.0)


def deck_cards(deck: str) -> list[Card]:
    """The cards of ``deck`` in the data's order (each card once; ``copies`` says how many)."""
    return [card for card in days_data().cards if card.deck == deck]


class GalleryScene(SharedGallery):
    """Reachable from a Days table's pause menu and the rules screen; Esc or Back returns."""

    controls_height = 50.0

    def __init__(self, app: Any, deck: str = "woof", edition: str = "uk") -> None:
        super().__init__(app, "reference.days.gallery")
        self.deck, self.edition = deck, edition

    def build_controls(self, top: float) -> None:
        options = [(d, i18n.t(f"days.deck_name.{d}")) for d in DECKS]
        self.widgets.add(Choice((LEFT + 260, top, WIDTH - 520, self.controls_height), "", options, self.deck,
                                self._choose, label_width=8))

    def _choose(self, deck: str) -> None:
        self.deck, self.scroll = deck, 0.0

    def layout_key(self) -> tuple[Any, ...]:
        return (self.deck, self.edition)

    def sections(self) -> list[Section]:
        return [Section("", tuple(_entry(card, self.edition) for card in deck_cards(self.deck)))]


def _entry(card: Card, edition: str) -> Entry:
    """A card's face, its name, its copies, kind and points, then its rules text."""
    kind, deck = i18n.t(f"days.kind.{card.kind}"), i18n.t(f"days.deck_name.{card.deck}")
    line = (i18n.plural("days.kind_points", card.points, kind=kind, deck=deck) if card.is_animal
            else i18n.t("days.kind_line", kind=kind, deck=deck))
    copies = i18n.plural("reference.days.copies", card.copies)

    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        view.draw_card(canvas, rect, card, edition)
    return Entry(draw, CARD, words.card_name(card, edition), words.rule_text(card, edition),
                 i18n.t("reference.days.copies_line", copies=copies, line=line), subject=card)


def references(table: Any, app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
    """The gallery, open at the deck the match plays with (``BaseGameScene.references``)."""
    deck = "cat" if options.get("decks") == "cat" else "woof"
    edition = str(options.get("edition", "uk"))

    def open_gallery() -> None:
        app.push(GalleryScene(app, deck, edition))
    return [(i18n.t("reference.days.gallery"), open_gallery)]
