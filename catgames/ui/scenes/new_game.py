"""Setting up a game: how many players, who sits where (human or AI level), the game's options.

Who plays which side is chosen per seat (e.g. make the Cat seat an AI to play the Dog), and
each seat has a name a player may change.  The last set-up of each game is remembered
(``storage.save_setup``) and shown again next time.  Starting never touches another game's
unfinished game; only one of the same game is replaced, and only once the player says so.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Hashable, Sequence

import pygame

from catgames.core import storage
from catgames.core.rules import Game, Option
from catgames.core.saves import Shelf
from catgames.core.session import HUMAN, MAX_NAME, SEAT_KINDS, Match, clean_name
from catgames.core.tutorial import has_tutorial
from catgames.core.catalogue import load_game
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.file_notices import file_notice
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.names import default_names, person_name
from catgames.ui.scenes.base import RowsScene, heading
from catgames.ui.scenes.continue_list import confirm_replace
from catgames.ui.scroll_rows import RowScroller
from catgames.ui.text_entry import TEXT_SIZE, TextEntry
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Choice, Panel, Widget

PANEL_X, PANEL_W, TOP = 170, 940, 150
ROW_H = 58
ROWS_BOTTOM = 660  #: the rows end here, above the buttons and the hint that they scroll
FULL_BOTTOM = 676  #: rows that need not scroll may reach down to here
SEAT_LABEL_W = 330  #: a seat row's room for its swatch and name field
DEFAULT_LABEL_W = 220  #: an option row's room for its name (``Choice``'s own)


def option_label(game_id: str, option: Option, value: Hashable) -> str:
    """A readable name for an option value (``option.<game>.<key>.<value>``, else the value)."""
    if isinstance(value, bool):
        fallback = i18n.t("common.on") if value else i18n.t("common.off")
    else:  # a value with no name of its own may be a seat (who starts): named as its table names it
        fallback = person_name(game_id, str(value))
    return i18n.t_or(f"option.{game_id}.{option.key}.{value}", fallback, **option.facts)


def option_rows(game: Game, players: int, options: dict[str, Any], x: float, w: float,
                label_width: float = DEFAULT_LABEL_W) -> list[Choice[Any]]:
    """A row per option of ``game`` for a ``players``-seat table, each writing its choice into
    ``options`` (a value not offered for that many players is first put back to the default):
    this screen's rows, and the host screen's for an online table."""
    rows: list[Choice[Any]] = []
    for opt in game.options():
        choices = game.option_choices(opt, players)
        if options[opt.key] not in choices:
            options[opt.key] = opt.default if opt.default in choices else choices[0]
        rows.append(Choice((x, 0, w, 50), i18n.t(f"option.{game.id}.{opt.key}", **opt.facts),
                           [(c, option_label(game.id, opt, c)) for c in choices],
                           options[opt.key], partial(options.__setitem__, opt.key), label_width=label_width,
                           tooltip=i18n.t(f"option.{game.id}.{opt.key}.help", **opt.facts)))
    return rows


def _seat_badge(seat: int, canvas: Canvas, rect: pygame.FRect) -> None:
    """The seat's swatch, the key beside its row."""
    draw_seat_swatch(canvas, seat, rect)


def seat_label_width(canvas: Canvas, kinds: Choice[str], names: Sequence[str]) -> float:
    """A seat row's room for its swatch and name field: ``SEAT_LABEL_W``, or less, down to what
    its longest name needs, so that the kinds stand on one line each (at 150 % in Chinese
    "電腦（簡單）" broke in two beside a name field two thirds empty)."""
    wanted = kinds.rect.w - 8 - kinds.one_line_width(canvas)
    least = max(canvas.text_size(name, TEXT_SIZE)[0] for name in names) + 62 + 24  # the field's margins, a caret
    return min(SEAT_LABEL_W, max(wanted, least))


class SeatRow(Choice[str]):
    """A seat's kinds; the label's room is its name field's, so a click there edits the name."""

    def hit(self, intent: I.Intent) -> bool:
        return super().hit(intent) and intent.at[0] >= self.rect.x + self.label_width


class NewGameScene(RowsScene):
    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game = load_game(game_id)
        self.players = self.game.min_players
        self.seats = [HUMAN] + ["ai:normal"] * (self.game.max_players - 1)
        self.names = [""] * self.game.max_players  #: chosen names; ``""``: the seat's default
        self.options = self.game.default_options()
        self.hints = False  #: hints allowed between human players (with one human, always)
        self.rows = RowScroller()
        self.entries: list[TextEntry] = []  #: each seat's name field
        self.seat_rows: list[SeatRow] = []  #: each seat's kind
        self.setup_problem = self._restore()

    def _restore(self) -> storage.FileProblem | None:
        """The set-up remembered for this game; what no longer fits the game is left out."""
        loaded = storage.load_setups()
        setup = (loaded.value or {}).get(self.game.id, {})
        g = self.game
        players = setup.get("players")
        if type(players) is int and g.min_players <= players <= g.max_players:
            self.players = players
        for key, store, valid in (("seats", self.seats, lambda v: v in SEAT_KINDS),
                                  ("names", self.names, lambda v: isinstance(v, str))):
            given = setup.get(key)
            for seat, value in enumerate(given[:len(store)] if isinstance(given, list) else []):
                if valid(value):
                    store[seat] = clean_name(value) if isinstance(value, str) else value
        if isinstance(setup.get("hints"), bool):
            self.hints = setup["hints"]
        options = setup.get("options")
        for opt in g.options():
            if isinstance(options, dict) and options.get(opt.key) in g.option_choices(opt, self.players):
                self.options[opt.key] = options[opt.key]
        return loaded.problem

    def enter(self) -> None:
        if self.setup_problem is not None:
            self.app.toasts.show(file_notice("setups", self.setup_problem), error=True)
            self.setup_problem = None
        super().enter()

    def build(self) -> None:
        g = self.game
        rows: list[Widget] = []
        x, w = PANEL_X + 30, PANEL_W - 60
        if g.min_players != g.max_players:
            rows.append(Choice((x, 0, w, 50), i18n.t("new.players"),
                               [(n, str(n)) for n in range(g.min_players, g.max_players + 1)],
                               self.players, self._set_players))
        defaults = self.default_names()
        kinds = [(k, i18n.t(f"seat_kind.{k}")) for k in SEAT_KINDS]
        self.seat_rows = seat_rows = [SeatRow((x, 0, w, 50), "", kinds, self.seats[seat], partial(self._set_seat, seat),
                                              badge=partial(_seat_badge, seat)) for seat in range(self.players)]
        label_w = seat_label_width(self.app.canvas, seat_rows[0], self._possible_names())
        for row in seat_rows:
            row.label_width = label_w
        rows += seat_rows
        rows += option_rows(g, self.players, self.options, x, w)
        if self._people():  # with one person hints are always there: nothing to choose
            rows.append(Choice((x, 0, w, 50), i18n.t("hint.setup"),
                               [(False, i18n.t("common.off")), (True, i18n.t("common.on"))],
                               self.hints, partial(setattr, self, "hints"),
                               tooltip=i18n.t("hint.setup_tip")))
        # Many rows close up, down to one line of text each; beyond that the rows scroll, and
        # leave room under them for the hint that says so.
        least = max(row.min_height(self.app.canvas) for row in rows if isinstance(row, Choice))

        def row_h(space: float) -> float:
            return max(least, min(ROW_H, space / len(rows)))

        space = FULL_BOTTOM - TOP - 40
        if len(rows) * row_h(space) > space:
            space = ROWS_BOTTOM - TOP - 40
        self.rows.lay_out(rows, (PANEL_X, TOP + 20), PANEL_W, space, row_h(space))
        self.widgets.add(Panel((PANEL_X, TOP, PANEL_W, self.rows.view.h + 40)))
        self.entries = []
        for widget in rows:
            self.widgets.add(widget)
            if widget in seat_rows:  # its name field after it: drawn over its label's room
                seat = seat_rows.index(widget)
                entry = TextEntry((widget.rect.x + 54, widget.rect.y + 3, label_w - 62,
                                   widget.rect.h - 6), self.names[seat], defaults[seat],
                                  partial(self._set_name, seat), MAX_NAME,
                                  tooltip=i18n.t("new.name_tip"))
                self.widgets.add(entry)
                self.rows.follow(widget, entry)
                self.entries.append(entry)
        self.rows.place()  # the name fields of rows scrolled out of view are hidden too
        y = 690
        self.widgets.add(Button((PANEL_X, y, 200, 58), i18n.t("common.back"), self.back))
        self.widgets.add(Button((PANEL_X + 230, y, 200, 58), i18n.t("pause.rules"), self._rules))
        if has_tutorial(self.game.id):
            self.widgets.add(Button((PANEL_X + 460, y, 200, 58), i18n.t("tutorial.button"),
                                    self._tutorial))
        start = self.widgets.add(Button((PANEL_X + PANEL_W - 260, y, 260, 58),
                                        i18n.t("new.start"), self.start, primary=True))
        self.widgets.focus(start)

    def _possible_names(self) -> list[str]:
        """Every name a seat row may show: those typed, and every kind's default at the most
        players (so the kinds' buttons stay put as the players and kinds change)."""
        most = self.game.max_players
        names = [name for name in self.names if name]
        for kind in SEAT_KINDS:
            names += default_names(self.game.id, self.game.seat_names(most), [kind] * most)
        return names

    def default_names(self) -> list[str]:
        """The names seats have until one is typed (they follow the seat's kind)."""
        return default_names(self.game.id, self.game.seat_names(self.players),
                             self.seats[:self.players])

    def handle(self, event: pygame.event.Event) -> bool:
        editing = next((e for e in self.entries if e.editing), None)
        if editing is not None and editing.take(event):
            return True
        return self.rows.handle(event) or super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.rows.follow_focus(self.widgets.focused)

    def _set_players(self, n: int) -> None:
        self.players = n
        self.rebuild()
        self.widgets.focus(self.widgets.focusable[0])  # stay on the players row, not Back

    def _people(self) -> bool:
        """Two or more people play: whether hints are allowed is theirs to choose."""
        return self.seats[:self.players].count(HUMAN) >= 2

    def _set_seat(self, seat: int, kind: str) -> None:
        people = self._people()
        self.seats[seat] = kind
        if self._people() != people:  # the hints row comes or goes
            self.rebuild()
            self.widgets.focus(self.seat_rows[seat])
            return
        for entry, name in zip(self.entries, self.default_names()):  # the AI cats renumber
            entry.placeholder = name

    def _set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name

    def _tutorial(self) -> None:
        self.app.stack.pop_until(lambda s: s is self)
        self.app.stack.pop()
        self.app.screens.tutorial(self.game.id)

    def _rules(self) -> None:
        self.app.screens.rules(self.game.id)

    def draw_content(self, canvas: Canvas) -> None:
        name = heading(canvas, i18n.game_title(self.game.id), 30, 44)
        canvas.paragraph(i18n.t(f"game.{self.game.id}.blurb"), (90, name.bottom, 1100, TOP - name.bottom - 4),
                         20, palette().text_dim, align="center")

    def setup(self) -> dict[str, Any]:
        """What this screen shows, as remembered for next time."""
        n = self.players
        return {"players": n, "seats": self.seats[:n], "names": self.names[:n],
                "options": dict(self.options), "hints": self.hints}

    def start(self) -> None:
        """Start, unless this game has an unfinished game: then ask first."""
        for entry in self.entries:
            entry.finish()
        unfinished, problem = Shelf().entry(self.game.id)
        if problem is not None:
            self.app.toasts.show(file_notice("save", problem), error=True)
        if unfinished is None:
            self.start_new()
            return
        confirm_replace(self.app, unfinished, self.start_new)

    def start_new(self) -> None:
        """Start the game set up here (replacing this game's unfinished one, if any)."""
        try:
            match = Match.new(self.game, self.players, self.seats[:self.players], self.options,
                              self.app.new_seed(), ai_seed=self.app.new_seed(),
                              names=self.names[:self.players], hints=self.hints)
        except ValueError as exc:  # a set-up the game refuses: say why, keep the screen
            self.app.toasts.show(i18n.t("title.cannot_start", error=exc), error=True)
            return
        try:
            storage.delete_save(self.game.id)
            storage.save_setup(self.game.id, self.setup())
            storage.mark_introduced(self.game.id)  # played: its first-game offer is not made
        except OSError as exc:
            self.app.toasts.show(i18n.t("save.write_failed", error=exc), error=True)
        self.app.stack.pop_until(lambda s: s is self)
        self.app.stack.pop()
        self.app.screens.play(match)
