"""Host a table: the game, how many play, who sits where — a friend on another computer, a
player at this computer (several: they take turns at this screen), or the server's AI at a
level —, the game's options (the local set-up screen's rows, ``new_game.option_rows``), and the
table's grace period and move clock, as the server offers them.

The table is made on the server the player chose (``ServerCall``: the address setting, else
this computer's own server, started first); the seats played here are claimed at once, the
table is kept (``net.kept``), and the invite screen shows what to give each friend.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from catgames.core.catalogue import available_ids, load_game
from catgames.net.attendance import CLOCKS
from catgames.net.kept import KeptTable
from catgames.net.lobby import Hosted, SeatPlan, host_table
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.scenes.base import RowsScene, heading
from catgames.ui.scenes.new_game import option_rows
from catgames.ui.scenes.online_common import CallingScene, ServerCall, keep_table, seat_words
from catgames.ui.scroll_rows import RowScroller
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Choice, Panel, Widget

PANEL_X, PANEL_W, TOP, ROWS_BOTTOM = 170, 940, 150, 660
ROW_H = 58
SEAT_KINDS = ("here", "friend", "ai:easy", "ai:normal", "ai:hard")
GRACES = (60, 300, 3600, 86_400)  #: seconds a dropped player's seat waits for them
LABEL_W = 210
BADGE_ROOM = 38 + 24 + 4  #: a seat row's label beside its text: the badge, the margins, 4 to spare


def seat_plan(kind: str) -> SeatPlan:
    return SeatPlan("ai", kind.removeprefix("ai:")) if kind.startswith("ai:") else SeatPlan(kind)


class HostScene(CallingScene[Hosted], RowsScene):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.game_id = available_ids()[0]
        self.players = load_game(self.game_id).min_players
        self.seats = ["here"] + ["friend"] * 7
        self.grace = GRACES[0]
        self.clock = "off"
        self.options = load_game(self.game_id).default_options()
        self.rows = RowScroller()

    def build(self) -> None:
        game = load_game(self.game_id)
        x, w = PANEL_X + 30, PANEL_W - 60
        games = Choice((PANEL_X, TOP, PANEL_W, 50), "", [(g, i18n.game_title(g)) for g in available_ids()],
                       self.game_id, self._set_game, label_width=0, tooltip=i18n.t("online.host_screen.game"))
        games.rect.h = max(58.0, games.min_height(self.app.canvas))
        self.widgets.add(games)
        top = games.rect.bottom + 14
        rows: list[Widget] = []
        if game.min_players != game.max_players:
            rows.append(Choice((x, 0, w, 50), i18n.t("new.players"),
                               [(n, i18n.number(n)) for n in range(game.min_players, game.max_players + 1)],
                               self.players, self._set_players, label_width=LABEL_W))
        names = seat_words(self.game_id, self.players)  # as the table will name them
        # the seats' kinds take the room their short names leave ("貓方": "電腦（簡單）" broke in two)
        seat_w = min(LABEL_W, max(self.app.canvas.text_size(name, 20)[0] for name in names) + BADGE_ROOM)
        for seat in range(self.players):
            rows.append(Choice((x, 0, w, 50), names[seat],
                               [(k, i18n.t(f"online.seat.{k}")) for k in SEAT_KINDS], self.seats[seat],
                               partial(self.seats.__setitem__, seat), label_width=seat_w,
                               badge=partial(self._badge, seat), tooltip=i18n.t("online.seat.tip")))
        rows += option_rows(game, self.players, self.options, x, w, label_width=LABEL_W)
        rows.append(Choice((x, 0, w, 50), i18n.t("online.host_screen.grace"),
                           [(g, i18n.t(f"online.grace.{g}")) for g in GRACES], self.grace,
                           partial(setattr, self, "grace"), label_width=LABEL_W,
                           tooltip=i18n.t("online.host_screen.grace_tip")))
        rows.append(Choice((x, 0, w, 50), i18n.t("online.host_screen.clock"),
                           [(c, i18n.t(f"online.clock.{c}")) for c in CLOCKS], self.clock,
                           partial(setattr, self, "clock"), label_width=LABEL_W,
                           tooltip=i18n.t("online.host_screen.clock_tip")))
        space = ROWS_BOTTOM - top - 40
        least = max(row.min_height(self.app.canvas) for row in rows if isinstance(row, Choice))
        self.rows.lay_out(rows, (PANEL_X, top + 20), PANEL_W, space, max(least, min(ROW_H, space / len(rows))))
        self.widgets.add(Panel((PANEL_X, top, PANEL_W, self.rows.view.h + 40)))
        for row in rows:
            self.widgets.add(row)
        self.rows.place()
        self.widgets.add(Button((PANEL_X, 690, 220, 58), i18n.t("common.back"), self.back))
        start = self.widgets.add(Button((PANEL_X + PANEL_W - 300, 690, 300, 58), i18n.t("online.host_screen.start"),
                                        self.start, primary=True))
        start.enabled = self.call is None
        self.widgets.focus(start)

    @staticmethod
    def _badge(seat: int, canvas: Canvas, rect: Any) -> None:
        draw_seat_swatch(canvas, seat, rect)

    def _set_game(self, game_id: str) -> None:
        self.game_id = game_id
        game = load_game(game_id)
        self.options = game.default_options()
        self.players = min(max(self.players, game.min_players), game.max_players)
        self.rebuild()
        self.widgets.focus(self.widgets.focusable[0])  # stay on the row just changed, not a seat

    def _set_players(self, n: int) -> None:
        self.players = n
        self.rebuild()
        self.widgets.focus(self.widgets.focusable[1])

    def handle(self, event: Any) -> bool:
        return self.rows.handle(event) or super().handle(event)

    # -- making the table ---------------------------------------------------------------------
    def plan(self) -> list[SeatPlan]:
        return [seat_plan(kind) for kind in self.seats[:self.players]]

    def start(self) -> None:
        if self.call is not None:
            return
        plan, game_id, grace, clock, options = self.plan(), self.game_id, self.grace, self.clock, dict(self.options)
        self.call = ServerCall(self.app, lambda url: host_table(url, game_id, plan, grace, clock, options))
        self.rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.rows.follow_focus(self.widgets.focused)

    def succeeded(self, call: ServerCall[Hosted]) -> None:
        """Keep the table made and show its invites."""
        assert call.result is not None
        keep_table(self.app, KeptTable(call.result.link, hosted=call.own))
        self.app.screens.online_invite(call.result, own=call.own)

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        title = heading(canvas, i18n.t("online.host_screen.title"), 30, 44)
        words = i18n.t("online.host_screen.working") if self.call is not None else i18n.t("online.host_screen.intro")
        canvas.paragraph(words, (90, title.bottom + 2, 1100, TOP - title.bottom - 14), 20, pal.text_dim,
                         align="center")
