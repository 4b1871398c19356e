"""Past games: the newest finished games whose moves are kept, each one click from its replay."""

from __future__ import annotations

import logging

import pygame

from catgames.core import stats
from catgames.core.stats import GameRecord
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.records import stats_notice
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.scenes.statistics import draw_result_mark, result_color
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

log = logging.getLogger(__name__)

PER_PAGE = 8
LIST = pygame.FRect(60, 118, 1160, 576)
TEXT_X = 220  #: where a row's words start, after its result


def seats_text(record: GameRecord) -> str:
    """``Cat 12 · Mochi (hard) 9``: each seat with its score."""
    return i18n.t("list.comma").join(
        i18n.t("past.seat", name=s.name, score=s.score) for s in record.seats)


def when_text(record: GameRecord) -> str:
    """The finishing time in the player's own time zone, and the game's length."""
    local = record.when.astimezone()
    return i18n.t("past.when", date=local.strftime("%Y-%m-%d %H:%M"),
                  moves=i18n.plural("past.moves", record.moves),
                  minutes=i18n.plural("past.minutes", max(1, round(record.seconds / 60))))


class GameRow(Button):
    """One past game: result mark and word, game, seats and scores, when and how long."""

    def __init__(self, rect, record: GameRecord, on_click) -> None:
        super().__init__(rect, i18n.game_title(record.game), on_click)
        self.record = record

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        r, record = self.rect, self.record
        self._draw_box(canvas, pal.table if not self.hovered else pal.panel)
        canvas.rect(pal.accent if self.hovered else pal.panel_edge, r, width=2, radius=10)
        if record.you is None:  # computers only: nobody's win or loss
            word = i18n.t("past.computers")
        else:
            result = record.result
            draw_result_mark(canvas, result, (r.x + 26, r.centery), 9, result_color(result))
            word = i18n.t(f"past.{result}")
        canvas.text(word, (r.x + 46, r.centery), 18, pal.text, "midleft", bold=True,
                    max_width=TEXT_X - 56)
        line = canvas.line_height(19, True)
        name = canvas.text(self.text, (r.x + TEXT_X, r.centery - line / 2), 19, pal.text,
                           "midleft", bold=True, max_width=440)
        canvas.text(when_text(record), (r.x + TEXT_X, r.centery + line / 2), 16, pal.text_dim,
                    "midleft", max_width=r.w - TEXT_X - 220)
        canvas.text(seats_text(record), (r.right - 20, r.centery - line / 2), 17, pal.text,
                    "midright", max_width=r.right - 40 - name.right)
        canvas.text(i18n.t("past.replay"), (r.right - 20, r.centery + line / 2), 16, pal.accent,
                    "midright", bold=True)


class PastGamesScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        loaded = stats.load_records()
        if loaded.problem is not None:
            app.toasts.show(stats_notice(loaded.problem), error=True)
        self.replays = loaded.value.replays() if loaded.value else []
        self.page = 0

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.replays) // PER_PAGE))

    def build(self) -> None:
        row_h = LIST.h / PER_PAGE
        shown = self.replays[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        for i, record in enumerate(shown):
            self.widgets.add(GameRow((LIST.x, LIST.y + i * row_h, LIST.w, row_h - 8), record,
                                     lambda r=record: self.replay(r)))
        back = self.widgets.add(Button((60, 720, 240, 58), i18n.t("common.back"), self.back))
        newer = self.widgets.add(Button((700, 720, 250, 58), i18n.t("past.newer"),
                                        lambda: self._turn(-1)))
        older = self.widgets.add(Button((970, 720, 250, 58), i18n.t("past.older"),
                                        lambda: self._turn(1)))
        newer.enabled, older.enabled = self.page > 0, self.page < self.pages - 1
        self.widgets.focus(self.widgets.focusable[0] if shown else back)

    def _turn(self, by: int) -> None:
        self.page = min(self.pages - 1, max(0, self.page + by))
        self.rebuild()

    def replay(self, record: GameRecord) -> None:
        try:
            match = stats.replay_match(record)
        except (ValueError, KeyError, ImportError) as exc:
            log.warning("cannot replay %s: %s", record.key, exc)
            self.app.toasts.show(i18n.t("past.cannot_replay"), error=True)
            return
        self.app.screens.replay(match)

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        heading(canvas, i18n.t("past.title"), 30)
        if not self.replays:
            canvas.paragraph(i18n.t("past.empty"), LIST.inflate(-200, -300), 22, pal.text_dim,
                             align="center", middle=True)
            return
        canvas.text(i18n.t("past.page", page=self.page + 1, pages=self.pages), (640, 749), 18,
                    pal.text_dim, "midright", max_width=300)
