"""Rows of widgets in a view that scrolls when they do not all fit (new game, Continue).

The rows share one height; those outside the view are hidden (not drawn, not pointed at).  The
wheel and Page Up/Down scroll; when the keyboard moves the focus onto a hidden row it is
brought in.  Widgets that belong to a row (a name field on a seat's row) follow it.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette
from catgames.ui.widgets import Widget


class RowScroller:
    def __init__(self) -> None:
        self.rows: list[Widget] = []
        self.followers: dict[int, list[tuple[Widget, float]]] = {}  #: row index -> (widget, dy)
        self.scroll = 0  #: the first row shown
        self.max_scroll = 0
        self.row_h = 0.0
        self.view = pygame.FRect(0, 0, 0, 0)
        self._focused_before: object = None

    def lay_out(self, rows: Sequence[Widget], top_left: tuple[float, float], width: float,
                space: float, row_h: float) -> None:
        """Show as many ``rows`` of ``row_h`` as ``space`` holds, from the row scrolled to."""
        self.rows, self.row_h = list(rows), row_h
        shown = max(1, min(len(self.rows), int(space // row_h)))
        self.max_scroll = max(0, len(self.rows) - shown)  # no rows: nothing to scroll, ever
        self.scroll = min(self.scroll, self.max_scroll)
        self.view = pygame.FRect(top_left[0], top_left[1], width, shown * row_h)
        self.followers = {}
        self.place()

    def follow(self, row: Widget, widget: Widget) -> None:
        """Keep ``widget`` where it is now relative to ``row`` as the rows scroll."""
        self.followers.setdefault(self.rows.index(row), []).append((widget, widget.rect.y - row.rect.y))

    def place(self) -> None:
        shown = len(self.rows) - self.max_scroll
        for i, row in enumerate(self.rows):
            row.rect.y = self.view.y + 4 + (i - self.scroll) * self.row_h
            row.rect.h = self.row_h - 6
            row.shown = self.scroll <= i < self.scroll + shown
            for widget, dy in self.followers.get(i, ()):
                widget.rect.y, widget.shown = row.rect.y + dy, row.shown

    def scroll_to(self, first: int) -> None:
        self.scroll = max(0, min(self.max_scroll, first))
        self.place()

    def handle(self, event: pygame.event.Event) -> bool:
        for intent in I.intents_of(event):
            if intent.kind == I.SCROLL and self.max_scroll:
                self.scroll_to(self.scroll - int(intent.value))
                return True
        return False

    def follow_focus(self, focused: Widget | None) -> None:
        """The keyboard moved onto a hidden row (or a widget following one): bring it in."""
        before, self._focused_before = self._focused_before, focused
        if focused is before or focused is None or focused.shown:
            return
        row = next((i for i, r in enumerate(self.rows) if r is focused), None)
        if row is None:
            row = next((i for i, ws in self.followers.items() if any(w is focused for w, _ in ws)),
                       None)
        if row is not None:
            shown = len(self.rows) - self.max_scroll
            self.scroll_to(row if row < self.scroll else row - shown + 1)

    def draw_hints(self, canvas: Canvas) -> None:
        """Arrows at the view's edge where more rows wait, and how to scroll."""
        if not self.max_scroll:
            return
        pal = palette()
        if self.scroll:
            canvas.text("▲", (self.view.right - 6, self.view.y - 2), 16, pal.focus, "bottomright")
        if self.scroll < self.max_scroll:
            canvas.text("▼", (self.view.right - 6, self.view.bottom + 14), 16, pal.focus, "topright")
        canvas.text(i18n.t("rules.scroll_hint"), (self.view.x + 8, self.view.bottom + 16), 15,
                    pal.text_dim)
