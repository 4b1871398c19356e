"""The unfinished games behind the title's Continue: one row per game, one click plays on.

Each row says the game, who sits where (by name), how many moves were played and when, in the
player's language.  ``confirm_replace`` asks before a new game replaces the unfinished one of
its own game, saying which game that is in the same words.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any, Callable, Sequence

import pygame

from catgames.core.saves import Unfinished
from catgames.core.session import Match
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.i18n import NBSP
from catgames.ui.names import shown_names
from catgames.ui.scenes.base import RowsScene, heading
from catgames.ui.scenes.confirm import ConfirmScene
from catgames.ui.scroll_rows import RowScroller
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Pressable

LIST_X, LIST_W, LIST_TOP, LIST_BOTTOM = 170, 940, 150, 670
PAD, MARGIN, GAP = 20, 10, 4  #: a row's sides, its top and bottom, between its lines
TITLE_SIZE, SEATS_SIZE, FACTS_SIZE, PILL_SIZE = 22, 18, 17, 18
MINUTE, HOUR, DAY = 60, 3600, 86400


def when_text(saved_at: float, now: float) -> str:
    """How long ago a game was saved: "just now", "5 minutes ago", "yesterday"…"""
    age = max(0.0, now - saved_at)
    if age < MINUTE:
        return i18n.t("continue.just_now")
    for unit, key in ((DAY, "days_ago"), (HOUR, "hours_ago"), (MINUTE, "minutes_ago")):
        if age >= unit:
            return i18n.plural(f"continue.{key}", int(age // unit))
    raise AssertionError("unreachable")


def unbroken(text: str) -> str:
    """``text`` kept on one line when a list of such parts wraps."""
    return text.replace(" ", NBSP)


def seats_text(entry: Unfinished) -> str:
    """``● Mochi (hard), ■ Player 2``: each seat's symbol with its name, a seat never split."""
    names = shown_names(entry.match)
    return i18n.joined(unbroken(f"{palette().seat(s).symbol} {name}") for s, name in enumerate(names))


def facts_text(entry: Unfinished, now: float) -> str:
    """``6 moves played, 1 minute ago``; it wraps between its two parts only."""
    return i18n.joined([unbroken(i18n.plural("continue.moves", entry.moves)),
                        unbroken(when_text(entry.saved_at, now))])



def fresh(match: Match) -> Match:
    """A copy of a listed match to play on: the list's cached one stays what the file holds,
    even if a save then fails."""
    return Match.from_dict(match.to_dict())

class SavedGameRow(Pressable):
    """One unfinished game: its title, seats and facts, with a Continue pill."""

    focusable = True

    def __init__(self, entry: Unfinished, now: float, on_click: Callable[[], Any]) -> None:
        super().__init__((LIST_X, 0, LIST_W, 0))
        self.entry, self.on_click = entry, on_click
        self.title = i18n.game_title(entry.game_id)
        self.seats, self.facts = seats_text(entry), facts_text(entry, now)

    def activate(self) -> None:
        self.on_click()

    def pill_size(self, canvas: Canvas) -> tuple[float, float]:
        w, h = canvas.text_size(i18n.t("continue.resume"), PILL_SIZE, bold=True)
        return w + 32, h + 12

    def columns(self, canvas: Canvas) -> tuple[float, float]:
        """The widths of the left column (title, seats) and the right one (pill, facts)."""
        inner = self.rect.w - 2 * PAD
        right = min(inner * 0.4, max(self.pill_size(canvas)[0],
                                     canvas.text_size(self.facts, FACTS_SIZE)[0]))
        return inner - right - PAD, right

    def _heights(self, canvas: Canvas) -> tuple[float, float]:
        left_w, right_w = self.columns(canvas)
        left = sum(len(canvas.wrap(text, left_w, size, bold)) * canvas.line_height(size, bold)
                   for text, size, bold in ((self.title, TITLE_SIZE, True), (self.seats, SEATS_SIZE, False)))
        facts = len(canvas.wrap(self.facts, right_w, FACTS_SIZE)) * canvas.line_height(FACTS_SIZE)
        return left + GAP, self.pill_size(canvas)[1] + GAP + facts

    def needed_height(self, canvas: Canvas) -> float:
        """Its two columns wrapped at the current text size, with a margin."""
        return 2 * MARGIN + max(self._heights(canvas))

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        r = self.rect
        self._draw_box(canvas, pal.panel, radius=12)
        canvas.rect(pal.accent if self.hovered else pal.panel_edge, r,
                    width=3 if self.hovered else 2, radius=12)
        left_w, right_w = self.columns(canvas)
        left_h, right_h = self._heights(canvas)
        y = r.centery - left_h / 2
        y += canvas.paragraph(self.title, (r.x + PAD, y, left_w, r.bottom - y), TITLE_SIZE, pal.text,
                              bold=True) + GAP
        canvas.paragraph(self.seats, (r.x + PAD, y, left_w, r.bottom - y), SEATS_SIZE, pal.text)
        pw, ph = self.pill_size(canvas)
        pill = pygame.FRect(r.right - PAD - pw, r.centery - right_h / 2, pw, ph)
        canvas.rect(pal.accent, pill, radius=ph / 2)
        canvas.text(i18n.t("continue.resume"), pill.center, PILL_SIZE, pal.text_on_accent, "center",
                    bold=True)
        facts = pygame.FRect(r.right - PAD - right_w, pill.bottom + GAP, right_w, r.bottom - pill.bottom - GAP)
        canvas.paragraph(self.facts, facts, FACTS_SIZE, pal.text_dim, align="right")


class ContinueScene(RowsScene):
    """The list; it asks the title for the entries so a game started here leaves the list."""

    def __init__(self, app, entries: Sequence[Unfinished], now: float | None = None) -> None:
        super().__init__(app)
        self.entries = list(entries)
        self.now = time.time() if now is None else now
        self.rows = RowScroller()

    def build(self) -> None:
        rows = [SavedGameRow(e, self.now, partial(self.play, e)) for e in self.entries]
        if rows:
            row_h = max(row.needed_height(self.app.canvas) for row in rows) + 6
            self.rows.lay_out(rows, (LIST_X, LIST_TOP), LIST_W, LIST_BOTTOM - LIST_TOP - 30, row_h)
        for row in rows:
            self.widgets.add(row)
        back = self.widgets.add(Button((LIST_X, 690, 220, 58), i18n.t("common.back"), self.back))
        self.widgets.focus(rows[0] if rows else back)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.rows.handle(event) or super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.rows.follow_focus(self.widgets.focused)

    def draw_content(self, canvas: Canvas) -> None:
        title = heading(canvas, i18n.t("continue.title"), 30, 44)
        hint = i18n.t("continue.hint") if self.entries else i18n.t("continue.none")
        canvas.paragraph(hint, (90, title.bottom + 4, 1100, LIST_TOP - title.bottom - 8), 20,
                         palette().text_dim, align="center")

    def play(self, entry: Unfinished) -> None:
        self.app.stack.pop()
        self.app.screens.play(fresh(entry.match))


def confirm_replace(app, entry: Unfinished, start_new: Callable[[], Any],
                    now: float | None = None) -> None:
    """Ask whether a new game may replace ``entry``, the unfinished game of the same game."""
    def keep_playing() -> None:
        app.stack.pop()  # the new-game screen
        app.screens.play(fresh(entry.match))

    game = i18n.game_title(entry.game_id)
    moment = time.time() if now is None else now
    text = i18n.t("new.replace_text", game=game, seats=seats_text(entry),
                  moves=i18n.plural("continue.moves", entry.moves),
                  when=when_text(entry.saved_at, moment))
    app.push(ConfirmScene(app, i18n.t("new.replace_title"), text,
                          [(i18n.t("new.replace"), start_new),
                           (i18n.t("new.keep_playing"), keep_playing),
                           (i18n.t("new.cancel"), lambda: None)]))
