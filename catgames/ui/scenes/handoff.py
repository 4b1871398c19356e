"""Hotseat with hidden information: hide the whole table until the next player is ready, and tell
them what the others did since their last turn (the log's lines of those turns)."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.log_panel import split_indent
from catgames.ui.scene import Scene
from catgames.ui.scenes.base import heading
from catgames.ui.theme import palette

SUMMARY = pygame.FRect(190, 0, 900, 0)   #: x and width of the summary (its top follows the prompt)
SUMMARY_BOTTOM = 770.0
SUMMARY_SIZE = 19
GUARD_S = 0.35  #: input ignored this long after it shows (a double-click, a held key)


class HandoffScene(Scene):
    """An opaque screen (nothing of the table shows through); a click or Enter dismisses it —
    but not the rest of the move that brought it: a second click or a key within ``GUARD_S`` of
    its showing, nor the repeats of a key already held down when it showed (until let go).

    A key pressed after it showed dismisses it at once, though its own release comes after:
    the press is the player's answer."""

    def __init__(self, app, seat_name: str, since: Sequence[str] = ()) -> None:
        super().__init__(app)
        self.seat_name = seat_name
        self.since = list(since)   #: log lines since this seat's last turn, oldest first
        self.shown_for = 0.0
        self._held: Sequence[bool] = ()  #: the keyboard as it showed, by key (pygame's wrapper)
        self._released: set[int] = set()  #: keys let go since it showed

    def enter(self) -> None:
        self._held = pygame.key.get_pressed()

    def update(self, dt: float) -> None:
        self.shown_for += dt

    def animating(self) -> bool:
        return self.shown_for < GUARD_S  # ends its guard on its own, with no input

    def held_since_before(self, key: int) -> bool:
        """``key`` went down before this showed and has not been let go since (a repeat)."""
        return bool(self._held) and bool(self._held[key]) and key not in self._released

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYUP:
            self._released.add(event.key)
        if self.shown_for < GUARD_S:
            return True
        repeat = event.type == pygame.KEYDOWN and self.held_since_before(event.key)
        if not repeat and I.first(event, I.SELECT, I.CONFIRM):
            self.app.stack.pop()
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        canvas.rect(pal.background, canvas.bounds)
        top = 300.0 if not self.since else 90.0
        title = heading(canvas, i18n.t("handoff.title", seat=self.seat_name), top)
        used = canvas.paragraph(i18n.t("handoff.prompt", seat=self.seat_name),
                                (140, title.bottom + 16, 1000, 90), 24, pal.text_dim,
                                align="center")
        if self.since:
            self._draw_summary(canvas, title.bottom + 16 + used + 28)

    def _draw_summary(self, canvas: Canvas, top: float) -> None:
        """The newest lines that fit, under a heading; how many older ones were left out."""
        pal = palette()
        step = canvas.line_height(SUMMARY_SIZE)
        head = canvas.line_height(20, True) + 8
        wrapped = [(indent, canvas.wrap(text, SUMMARY.w - indent, SUMMARY_SIZE))
                   for indent, text in map(split_indent, self.since)]
        room = max(2, int((SUMMARY_BOTTOM - top - 28 - head) // step))
        used = sum(len(rows) for _, rows in wrapped)
        shown = len(wrapped)
        if used > room:  # the oldest lines give way, whole, and one row says how many
            used, shown = 1, 0
            while shown < len(wrapped) and used + len(wrapped[-1 - shown][1]) <= room:
                used += len(wrapped[-1 - shown][1])
                shown += 1
        box = pygame.FRect(SUMMARY.x - 24, top, SUMMARY.w + 48, 28 + head + used * step)
        canvas.rect(pal.panel, box, radius=12)
        y = canvas.text(i18n.t("handoff.since"), (SUMMARY.x, top + 14), 20, pal.text,
                        bold=True, max_width=SUMMARY.w).bottom + 8
        if shown < len(wrapped):
            canvas.text(i18n.plural("handoff.earlier", len(wrapped) - shown), (SUMMARY.x, y),
                        SUMMARY_SIZE, pal.text_dim, max_width=SUMMARY.w)
            y += step
        for indent, rows in wrapped[len(wrapped) - shown:]:
            for row in rows:
                canvas.text(row, (SUMMARY.x + indent, y), SUMMARY_SIZE, pal.text,
                            max_width=SUMMARY.w - indent)
                y += step
