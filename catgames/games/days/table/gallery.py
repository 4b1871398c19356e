"""The Woof Days / Cat Days card gallery: every card of one deck with how many copies a deck
holds, its face, its name and its whole rules text, in two scrollable columns; a switch picks
the deck (so it serves both modes, and the combined game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from catgames.games.days.table import view, words
from catgames.games.days.components import Card, days_data
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.scenes.base import ScrollingScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Choice

DECKS = ("woof", "cat")
LEFT, WIDTH, BOTTOM = 40.0, 1200.0, 710.0   #: the list's sides and its lowest edge
TITLE_Y, TITLE = 28.0, 36
SWITCH_H = 50.0
ENTRY_LAYER = 1000  #: the first card's layer (``Canvas.apart``): rows move with the text size
COLUMNS = 2
PAD = 16.0
CARD = (116.0, 162.0)
NAME, LINE, RULE, HINT = 20, 16, 17, 15
SCROLL_STEP = 48


def deck_cards(deck: str) -> list[Card]:
    """The cards of ``deck`` in the data's order (each card once; ``copies`` says how many)."""
    return [card for card in days_data().cards if card.deck == deck]


@dataclass(frozen=True)
class Entry:
    card: Card
    texts: tuple[tuple[str, float, bool], ...]   #: (text, size, bold), top to bottom
    rect: pygame.FRect                           #: within the scrolled list (top = 0)


class GalleryScene(ScrollingScene):
    """Reachable from a Days table's pause menu; Esc or Back returns."""

    scroll_step = SCROLL_STEP

    def __init__(self, app, deck: str = "woof", edition: str = "uk") -> None:
        super().__init__(app)
        self.deck, self.edition = deck, edition
        self._laid: tuple[tuple, list[Entry], float] | None = None
        self.view = pygame.FRect(LEFT, 150, WIDTH, BOTTOM - 150)

    def build(self) -> None:
        """The deck switch under the title (as tall as the text size makes it), the list below."""
        switch_y = TITLE_Y + self.app.canvas.line_height(TITLE, bold=True) + 6
        self.view = pygame.FRect(LEFT, switch_y + SWITCH_H + 14, WIDTH, BOTTOM - switch_y - SWITCH_H - 14)
        options = [(d, i18n.t(f"days.deck_name.{d}")) for d in DECKS]
        self.widgets.add(Choice((LEFT + 260, switch_y, WIDTH - 520, SWITCH_H), "", options, self.deck,
                                self._choose, label_width=8))
        self.widgets.add(Button((LEFT + WIDTH / 2 - 130, BOTTOM + 30, 260, 52),
                                i18n.t("common.back"), self.back, primary=True))

    def _choose(self, deck: str) -> None:
        self.deck, self.scroll = deck, 0.0

    # -- layout -----------------------------------------------------------------------------
    def entries(self, canvas: Canvas) -> tuple[list[Entry], float]:
        """The deck's cards laid out in columns at this text size, and the list's height."""
        key = (self.deck, self.edition, canvas.scale, canvas.text_scale, i18n.current_language(),
               self.view.h)
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, *self._lay_out(canvas))
        return self._laid[1], self._laid[2]

    def _lay_out(self, canvas: Canvas) -> tuple[list[Entry], float]:
        col_w = (WIDTH - 2 * PAD - 20) / COLUMNS
        face_w, face_h = _face(canvas)
        text_w = col_w - face_w - 3 * PAD
        cards = deck_cards(self.deck)
        out: list[Entry] = []
        top = PAD
        for first in range(0, len(cards), COLUMNS):  # rows in reading order, as tall as their tallest
            row = [(card, _texts(card, self.edition)) for card in cards[first:first + COLUMNS]]
            high = max(face_h, *(sum(len(canvas.wrap(t, text_w, s, b)) * canvas.line_height(s, b) + 4
                                      for t, s, b in texts) for _, texts in row)) + PAD
            out += [Entry(card, texts, pygame.FRect(PAD + col * (col_w + 20), top, col_w, high))
                    for col, (card, texts) in enumerate(row)]
            top += high + 10
        return out, top - 10 + PAD

    @property
    def max_scroll(self) -> float:
        _, height = self.entries(self.app.canvas)
        return max(0.0, height - self.view.h)

    # -- drawing ----------------------------------------------------------------------------
    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        heading(canvas, i18n.t("reference.days.gallery"), TITLE_Y, TITLE)
        view = self.view
        canvas.rect(pal.panel, view, radius=14)
        entries, height = self.entries(canvas)
        with canvas.clip(view.inflate(-4, -4)):
            for i, entry in enumerate(entries):
                rect = entry.rect.move(view.x, view.y - self.scroll)
                if rect.bottom > view.y and rect.y < view.bottom:
                    with canvas.apart(ENTRY_LAYER + i):  # each card compared with itself only
                        self._draw_entry(canvas, entry, rect)
        if height > view.h:
            self._draw_scrollbar(canvas, height)
        canvas.text(i18n.t("reference.days.gallery_hint"), (view.right, view.bottom + 6), HINT,
                    pal.text_dim, "topright", max_width=view.w / 2 - 150)

    def _draw_entry(self, canvas: Canvas, entry: Entry, rect: pygame.FRect) -> None:
        pal = palette()
        canvas.rect(pal.table, rect, radius=10)
        face = pygame.FRect(rect.x + PAD, rect.y + PAD / 2 + 6, *_face(canvas))
        view.draw_card(canvas, face, entry.card, self.edition)
        x, y = face.right + PAD, rect.y + PAD / 2
        width = rect.right - PAD - x
        for text, size, bold in entry.texts:
            colour = pal.text if bold or size == RULE else pal.text_dim
            y += canvas.paragraph(text, (x, y, width, rect.bottom - y), size, colour, bold) + 4

    def _draw_scrollbar(self, canvas: Canvas, height: float) -> None:
        pal = palette()
        view = self.view
        track = pygame.FRect(view.right - 12, view.y + 12, 6, view.h - 24)
        size = track.h * view.h / height
        top = track.y + (track.h - size) * self.scroll / max(1.0, self.max_scroll)
        canvas.rect(pal.background, track, radius=3)
        canvas.rect(pal.text_dim, (track.x, top, track.w, size), radius=3)


def _face(canvas: Canvas) -> tuple[float, float]:
    """A card face's size: larger with the text size, as the text printed on it grows."""
    return CARD[0] * canvas.piece_growth, CARD[1] * canvas.piece_growth


def _texts(card: Card, edition: str) -> tuple[tuple[str, float, bool], ...]:
    """A card's name, then its copies, kind and points, then its rules text."""
    kind, deck = i18n.t(f"days.kind.{card.kind}"), i18n.t(f"days.deck_name.{card.deck}")
    line = (i18n.plural("days.kind_points", card.points, kind=kind, deck=deck) if card.is_animal
            else i18n.t("days.kind_line", kind=kind, deck=deck))
    copies = i18n.plural("reference.days.copies", card.copies)
    return ((words.card_name(card, edition), NAME, True), (i18n.t("reference.days.copies_line", copies=copies, line=line), LINE, False),
            (words.rule_text(card, edition), RULE, False))


def references(table: type[BaseGameScene], app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
    """The gallery, open at the deck the match plays with (``BaseGameScene.references``)."""
    deck = "cat" if options.get("decks") == "cat" else "woof"
    edition = str(options.get("edition", "uk"))

    def open_gallery() -> None:
        app.push(GalleryScene(app, deck, edition))
    return [(i18n.t("reference.days.gallery"), open_gallery)]
