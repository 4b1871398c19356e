"""The Statistics screen: your results per game and per opponent, and a chart of them over time.

Also the one place a finished game is recorded (``record_finished``, called by the table).
"""

from __future__ import annotations

import logging
from typing import Any, Sequence

import pygame

from catgames.core import catalogue, stats
from catgames.core.stats import ALL, DRAWN, LOST, WON, GameRecord, Tally
from catgames.core.storage import FileProblem
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.file_notices import file_notice
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Choice

log = logging.getLogger(__name__)

OPPONENTS = (ALL, "ai:easy", "ai:normal", "ai:hard", "human")
COLUMNS = ("played", "won", "drawn", "lost", "best_score", "average_score", "best_margin",
           "average_margin", "streak", "best_streak")
TABLE = pygame.FRect(40, 196, 1200, 300)
CHART = pygame.FRect(40, 540, 1200, 150)
CHART_GAMES = 40  #: the newest games the chart shows


def record_finished(table: Any) -> None:
    """Record the table's finished game; a problem with the file is told, never hidden."""
    try:
        loaded = stats.record_game(stats.record_of(table.match, table.seat_names))
    except OSError as exc:
        table.app.toasts.show(i18n.t("stats.write_failed", error=exc), error=True)
        return
    if loaded.problem is not None:
        table.app.toasts.show(stats_notice(loaded.problem), error=True)


def stats_notice(problem: FileProblem) -> str:
    return file_notice("stats", problem)


def opponent_name(kind: str) -> str:
    return i18n.t("stats.everyone") if kind == ALL else i18n.t(f"seat_kind.{kind}")


def cell(tally: Tally, column: str) -> str:
    """One figure of the table, as the player reads it (a dash where there is none yet)."""
    value: Any = {
        "played": tally.played, "won": tally.count(WON), "drawn": tally.count(DRAWN),
        "lost": tally.count(LOST), "best_score": tally.best_score,
        "average_score": tally.average_score, "best_margin": tally.best_margin,
        "average_margin": tally.average_margin, "streak": tally.current_streak,
        "best_streak": tally.best_streak}[column]
    if value is None:
        return i18n.t("stats.none_yet")
    if isinstance(value, float):
        text = i18n.number(value, 1)
    else:
        text = str(value)
    return f"+{text}" if "margin" in column and value > 0 else text


def draw_result_mark(canvas: Canvas, result: str, center: Point, r: float,
                     color: Sequence[int]) -> None:
    """A result told by its shape, not its colour alone: ▲ won, ■ drawn, ✕ lost."""
    x, y = center
    if result == WON:
        canvas.polygon(color, [(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)])
    elif result == DRAWN:
        canvas.rect(color, (x - r * 0.8, y - r * 0.8, r * 1.6, r * 1.6))
    else:
        canvas.line(color, (x - r, y - r), (x + r, y + r), 4)
        canvas.line(color, (x - r, y + r), (x + r, y - r), 4)


def result_color(result: str) -> Sequence[int]:
    pal = palette()
    return {WON: pal.ok, DRAWN: pal.text_dim, LOST: pal.bad}[result]


class StatisticsScene(MenuScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.game = ALL
        loaded = stats.load_records()
        self.records: tuple[GameRecord, ...] = loaded.value.games if loaded.value else ()
        if loaded.problem is not None:
            app.toasts.show(stats_notice(loaded.problem), error=True)
        self.tallies = stats.tallies(self.records)

    def build(self) -> None:
        games = [(ALL, i18n.t("stats.all_games"))]
        games += [(m.id, i18n.game_title(m.id)) for m in catalogue.manifests()]
        choice = Choice((40, 110, 1200, 64), i18n.t("stats.game"), games, self.game,
                        self._choose, label_width=150)
        self.widgets.add(choice)
        y = 720
        self.widgets.add(Button((40, y, 260, 58), i18n.t("common.back"), self.back))
        self.widgets.add(Button((980, y, 260, 58), i18n.t("past.title"), self.past_games,
                                primary=True))
        self.widgets.focus(choice)

    def _choose(self, game: str) -> None:
        self.game = game

    def past_games(self) -> None:
        from catgames.ui.scenes.past_games import PastGamesScene
        self.app.push(PastGamesScene(self.app))

    def draw_content(self, canvas: Canvas) -> None:
        heading(canvas, i18n.t("stats.title"), 30)
        if not self.records:
            canvas.paragraph(i18n.t("stats.empty"), TABLE.inflate(-200, -100), 22,
                             palette().text_dim, align="center", middle=True)
            return
        self._draw_table(canvas)
        self._draw_chart(canvas)

    def _draw_table(self, canvas: Canvas) -> None:
        pal = palette()
        first = 190.0
        w = (TABLE.w - first) / len(COLUMNS)
        head_h = 2 * canvas.line_height(16, True) + 8
        for i, column in enumerate(COLUMNS):
            canvas.paragraph(i18n.t(f"stats.{column}"),
                             (TABLE.x + first + i * w + 2, TABLE.y, w - 4, head_h), 16,
                             pal.text_dim, bold=True, align="center", middle=True)
        row_h = max(40.0, canvas.line_height(19) + 12)
        y = TABLE.y + head_h + 4
        for opponent in OPPONENTS:
            tally = self.tallies.get((self.game, opponent))
            if tally is None and opponent != ALL:
                continue
            tally = tally or Tally()
            canvas.rect(pal.panel, (TABLE.x, y + 2, TABLE.w, row_h - 4), radius=8)
            canvas.text(opponent_name(opponent), (TABLE.x + 12, y + row_h / 2), 19, pal.text,
                        "midleft", bold=opponent == ALL, max_width=first - 20)
            for i, column in enumerate(COLUMNS):
                canvas.text(cell(tally, column), (TABLE.x + first + (i + 0.5) * w, y + row_h / 2),
                            19, pal.text, "center", max_width=w - 8)
            y += row_h

    def _draw_chart(self, canvas: Canvas) -> None:
        """Your newest games left to right: a bar for the margin, a mark for the result."""
        pal = palette()
        tally = self.tallies.get((self.game, ALL)) or Tally()
        results, margins = tally.results[-CHART_GAMES:], tally.margins[-CHART_GAMES:]
        title = i18n.plural("stats.chart", len(results))
        top = canvas.text(title, (CHART.x, CHART.y - 34), 19, pal.text, bold=True,
                          max_width=CHART.w / 2).bottom
        self._draw_key(canvas, (CHART.right, CHART.y - 24))
        area = pygame.FRect(CHART.x, max(CHART.y, top + 4), CHART.w, CHART.bottom - max(CHART.y, top + 4))
        canvas.rect(pal.panel, area, radius=10)
        mid = area.centery
        canvas.line(pal.panel_edge, (area.x + 10, mid), (area.right - 10, mid), 2)
        most = max((abs(m) for m in margins), default=1) or 1
        step = (area.w - 40) / CHART_GAMES
        half = area.h / 2 - 16
        for i, (result, margin) in enumerate(zip(results, margins)):
            x = area.x + 20 + (i + 0.5) * step
            bar = half * margin / most
            if bar:
                canvas.rect(pal.panel_edge, (x - step * 0.3, min(mid, mid - bar), step * 0.6, abs(bar)))
            draw_result_mark(canvas, result, (x, mid - bar), 7, result_color(result))

    def _draw_key(self, canvas: Canvas, right: Point) -> None:
        """The chart's key, right-aligned: each mark with its word."""
        pal = palette()
        x, y = right
        for result in (LOST, DRAWN, WON):
            word = canvas.text(i18n.t(f"stats.{result}"), (x, y), 17, pal.text, "midright")
            draw_result_mark(canvas, result, (word.x - 14, y), 7, result_color(result))
            x = word.x - 40
