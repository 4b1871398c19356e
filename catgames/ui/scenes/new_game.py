"""Setting up a game: how many players, who sits where (human or AI level), the game's options.

Who plays which side is chosen per seat (e.g. make the Cat seat an AI to play the Dog).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Hashable

import pygame

from catgames.core import storage
from catgames.core.rules import Option
from catgames.core.session import HUMAN, SEAT_KINDS, Match
from catgames.games import load_game
from catgames.ui import i18n, registry
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Choice, Panel

PANEL_X, PANEL_W, TOP = 170, 940, 150
ROW_H = 58
ROWS_BOTTOM = 640  #: the rows end here, above the save warning and the buttons


def option_label(game_id: str, option: Option, value: Hashable) -> str:
    """A readable name for an option value (``option.<game>.<key>.<value>``, else the value)."""
    if isinstance(value, bool):
        fallback = i18n.t("common.on") if value else i18n.t("common.off")
    else:  # a value with no name of its own may be a seat (who starts)
        fallback = i18n.seat_name(game_id, str(value))
    return i18n.t_or(f"option.{game_id}.{option.key}.{value}", fallback, **option.facts)


def _seat_badge(seat: int, canvas: Canvas, rect: pygame.FRect) -> None:
    """The seat's swatch, the key beside its row."""
    draw_seat_swatch(canvas, seat, rect)


class NewGameScene(MenuScene):
    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game = load_game(game_id)
        self.players = self.game.min_players
        self.seats = [HUMAN] + ["ai:normal"] * (self.game.max_players - 1)
        self.options = self.game.default_options()
        self.scroll = 0  #: the first row shown, when there are more rows than room
        self.rows: list[Choice[Any]] = []
        self.max_scroll = 0
        self.row_h = float(ROW_H)
        self.view = pygame.FRect(PANEL_X, TOP, PANEL_W, 0)
        self._focused_before: object = None  #: scrolling follows the focus only when it moves

    def enter(self) -> None:
        self.replaces_save = storage.autosave_exists()  # looked up once, not every frame
        super().enter()

    def build(self) -> None:
        g = self.game
        rows: list[Choice[Any]] = []
        x, w = PANEL_X + 30, PANEL_W - 60
        if g.min_players != g.max_players:
            rows.append(Choice((x, 0, w, 50), i18n.t("new.players"),
                               [(n, str(n)) for n in range(g.min_players, g.max_players + 1)],
                               self.players, self._set_players))
        names = [i18n.seat_name(g.id, name) for name in g.seat_names(self.players)]
        for seat in range(self.players):
            rows.append(Choice((x, 0, w, 50), names[seat],
                               [(k, i18n.t(f"seat_kind.{k}")) for k in SEAT_KINDS],
                               self.seats[seat], partial(self._set_seat, seat),
                               badge=partial(_seat_badge, seat)))
        for opt in g.options():
            choices = g.option_choices(opt, self.players)
            if self.options[opt.key] not in choices:
                self.options[opt.key] = opt.default if opt.default in choices else choices[0]
            rows.append(Choice((x, 0, w, 50), i18n.t(f"option.{g.id}.{opt.key}", **opt.facts),
                               [(c, option_label(g.id, opt, c)) for c in choices],
                               self.options[opt.key], partial(self.options.__setitem__, opt.key),
                               tooltip=i18n.t(f"option.{g.id}.{opt.key}.help", **opt.facts)))
        # Many rows close up, down to one line of text each; beyond that the rows scroll.
        space = ROWS_BOTTOM - TOP - 40
        least = max(row.min_height(self.app.canvas) for row in rows)
        self.row_h = max(least, min(ROW_H, space / len(rows)))
        shown = min(len(rows), int(space // self.row_h))
        self.rows, self.max_scroll = rows, len(rows) - shown
        self.scroll = min(self.scroll, self.max_scroll)
        self.view = pygame.FRect(PANEL_X, TOP + 20, PANEL_W, shown * self.row_h)
        self.widgets.add(Panel((PANEL_X, TOP, PANEL_W, self.view.h + 40)))
        for row in rows:
            self.widgets.add(row)
        self._place_rows()
        y = 690
        self.widgets.add(Button((PANEL_X, y, 220, 58), i18n.t("common.back"), self.back))
        self.widgets.add(Button((640 - 110, y, 220, 58), i18n.t("pause.rules"), self._rules))
        start = self.widgets.add(Button((PANEL_X + PANEL_W - 260, y, 260, 58),
                                        i18n.t("new.start"), self.start, primary=True))
        self.widgets.focus(start)

    def _place_rows(self) -> None:
        """Rows from the first one scrolled to; those outside the view are hidden."""
        for i, row in enumerate(self.rows):
            row.rect.y = self.view.y + 4 + (i - self.scroll) * self.row_h
            row.rect.h = self.row_h - 6
            row.shown = self.scroll <= i < self.scroll + len(self.rows) - self.max_scroll

    def scroll_to(self, first: int) -> None:
        self.scroll = max(0, min(self.max_scroll, first))
        self._place_rows()

    def handle(self, event: pygame.event.Event) -> bool:
        for intent in I.intents_of(event):
            if intent.kind == I.SCROLL and self.max_scroll:
                self.scroll_to(self.scroll - int(intent.value))
                return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        focused, before = self.widgets.focused, self._focused_before
        self._focused_before = focused
        if focused is not before and focused in self.rows and not focused.shown:
            i = self.rows.index(focused)  # the keyboard moved onto a hidden row: bring it in
            self.scroll_to(i if i < self.scroll else i - (len(self.rows) - self.max_scroll) + 1)

    def _set_players(self, n: int) -> None:
        self.players = n
        self.rebuild()
        self.widgets.focus(self.widgets.focusable[0])  # stay on the players row, not Back

    def _set_seat(self, seat: int, kind: str) -> None:
        self.seats[seat] = kind

    def _rules(self) -> None:
        from catgames.ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.game.id))

    def draw_content(self, canvas: Canvas) -> None:
        name = heading(canvas, i18n.game_title(self.game.id), 30, 44)
        canvas.paragraph(i18n.t(f"game.{self.game.id}.blurb"), (90, name.bottom, 1100, TOP - name.bottom - 4),
                         20, palette().text_dim, align="center")
        if self.max_scroll:  # more rows above or below: arrows at the panel's edge
            pal = palette()
            if self.scroll:
                canvas.text("▲", (self.view.right - 6, self.view.y - 2), 16, pal.focus, "bottomright")
            if self.scroll < self.max_scroll:
                canvas.text("▼", (self.view.right - 6, self.view.bottom + 14), 16, pal.focus,
                            "topright")
            canvas.text(i18n.t("rules.scroll_hint"), (self.view.x + 8, self.view.bottom + 16), 15,
                        pal.text_dim)
        if self.replaces_save:
            canvas.text(i18n.t("new.replaces_save"), (640, 650), 18, palette().focus, "midbottom",
                        max_width=1100)

    def start(self) -> None:
        try:
            match = Match.new(self.game, self.players, self.seats[:self.players], self.options,
                              self.app.new_seed(), ai_seed=self.app.new_seed())
        except ValueError as exc:  # a set-up the game refuses: say why, keep the screen
            self.app.toasts.show(i18n.t("title.cannot_start", error=exc), error=True)
            return
        self.app.stack.pop()
        registry.start_game(self.app, match)
