"""The Statistics screen: your results per game and per opponent, and a chart of them over time
(a finished game is recorded by ``catgames.ui.records``)."""

from __future__ import annotations

import logging
from typing import Any, Sequence

import pygame

from catgames.core import catalogue, stats
from catgames.core.stats import ALL, DRAWN, LOST, WON, GameRecord, Tally
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.records import stats_notice
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Choice

log = logging.getLogger(__name__)

OPPONENTS = (ALL, "ai:easy", "ai:normal", "ai:hard", "human")
COLUMNS = ("played", "won", "drawn", "lost", "best_score", "average_score", "best_margin",
           "average_margin", "streak", "best_streak")
TABLE = pygame.FRect(40, 192, 730, 500)
LABELS_W = 250.0
CHART = pygame.FRect(800, 192, 440, 500)
CHART_GAMES = 30  #: the newest games the chart shows


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
        canvas.line(color, (x - r, y - r), (x + r, y + r), 3)
        canvas.line(color, (x - r, y + r), (x + r, y - r), 3)


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
        self.app.screens.past_games()

    def draw_content(self, canvas: Canvas) -> None:
        heading(canvas, i18n.t("stats.title"), 30)
        if not self.tallies:  # nothing finished yet, or only games between computers
            canvas.paragraph(i18n.t("stats.empty"), TABLE.union(CHART).inflate(-200, -100), 22,  # (no chart either)
                             palette().text_dim, align="center", middle=True)
            return
        self._draw_table(canvas)
        self._draw_chart(canvas)

    def _draw_table(self, canvas: Canvas) -> None:
        """A column per opponent you met (and one for all), a row per figure."""
        pal = palette()
        opponents = [o for o in OPPONENTS if o == ALL or (self.game, o) in self.tallies]
        w = (TABLE.w - LABELS_W) / len(OPPONENTS)
        head_h = 2 * canvas.line_height(17, True) + 8
        rooms = [pygame.FRect(TABLE.x + LABELS_W + i * w + 2, TABLE.y, w - 4, head_h)
                 for i in range(len(opponents))]
        heads = [opponent_name(o) for o in opponents]
        size = min(canvas.paragraph_size(h, r, 17, bold=True) for h, r in zip(heads, rooms))
        for head, room in zip(heads, rooms):  # one size for every heading
            canvas.paragraph(head, room, size, pal.text, bold=True, align="center", middle=True)
        row_h = max(34.0, canvas.line_height(18) + 8)
        tallies = [self.tallies.get((self.game, o)) or Tally() for o in opponents]
        for r, column in enumerate(COLUMNS):
            y = TABLE.y + head_h + 4 + r * row_h
            if r % 2 == 0:
                canvas.rect(pal.panel, (TABLE.x, y, TABLE.w, row_h), radius=8)
            canvas.text(i18n.t(f"stats.{column}"), (TABLE.x + 12, y + row_h / 2), 18, pal.text,
                        "midleft", max_width=LABELS_W - 20)
            for i, tally in enumerate(tallies):
                canvas.text(cell(tally, column), (rooms[i].centerx, y + row_h / 2), 19, pal.text,
                            "center", bold=i == 0, max_width=w - 8)

    def _draw_chart(self, canvas: Canvas) -> None:
        """Your newest games left to right: a bar for the margin, a mark for the result."""
        pal = palette()
        tally = self.tallies.get((self.game, ALL)) or Tally()
        results, margins = tally.results[-CHART_GAMES:], tally.margins[-CHART_GAMES:]
        title = i18n.plural("stats.chart", len(results))
        title_h = 2 * canvas.line_height(18, True) + 4
        canvas.paragraph(title, (CHART.x, CHART.y, CHART.w, title_h), 18, pal.text, bold=True)
        key_y = CHART.y + title_h + canvas.line_height(17) / 2 + 4
        top = self._draw_key(canvas, (CHART.x, key_y)) + 8
        area = pygame.FRect(CHART.x, top, CHART.w, CHART.bottom - top)
        canvas.rect(pal.panel, area, radius=10)
        mid = area.centery
        canvas.line(pal.panel_edge, (area.x + 10, mid), (area.right - 10, mid), 2)
        most = max((abs(m) for m in margins), default=1) or 1
        step = (area.w - 30) / max(len(results), CHART_GAMES // 2)
        half = area.h / 2 - 16
        for i, (result, margin) in enumerate(zip(results, margins)):
            x = area.x + 15 + (i + 0.5) * step
            bar = half * margin / most
            if bar:
                canvas.rect(pal.panel_edge, (x - step * 0.3, min(mid, mid - bar), step * 0.6, abs(bar)))
            draw_result_mark(canvas, result, (x, mid - bar), 7, result_color(result))

    def _draw_key(self, canvas: Canvas, left: Point) -> float:
        """The chart's key, each mark with its word, wrapping within the chart's width;
        returns where it ends."""
        pal = palette()
        x, y = left
        step = canvas.line_height(17) + 6
        for result in (WON, DRAWN, LOST):
            word = i18n.t(f"stats.{result}")
            if x > left[0] and x + 22 + canvas.text_size(word, 17)[0] > CHART.right:
                x, y = left[0], y + step
            draw_result_mark(canvas, result, (x + 8, y), 7, result_color(result))
            x = canvas.text(word, (x + 22, y), 17, pal.text, "midleft").right + 24
        return y + step / 2
