"""The rules reference: a game's ``data/rules/<lang>/<id>.yaml`` summary, wrapped and
scrollable."""

from __future__ import annotations

from typing import Callable

import pygame

from catgames.core.catalogue import UnknownGame
from catgames.core.data import DataError
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui import rules_summary
from catgames.ui.registry import scene_class
from catgames.ui.rules_summary import RulesSummary
from catgames.ui.scenes.base import ScrollingScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

VIEW = pygame.FRect(190, 120, 900, 570)
SCROLL_STEP = 40
TEXT, HEAD = 20, 24


class RulesScene(ScrollingScene):
    scroll_step = SCROLL_STEP

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self._lines: list[tuple[str, str, float]] = []  # (kind, text, y) laid out for one scale
        self._height = 0.0
        self._load()

    def _load(self) -> None:
        """Read the summary in the language in use (English if it has none)."""
        self.error: str | None = None
        self.summary: RulesSummary | None = None
        self._laid_for: tuple[float, float] | None = None
        path = rules_summary.rules_path(self.game_id)
        if not path.exists():
            self.error = i18n.t("rules.none")
        else:
            try:
                self.summary = rules_summary.load_rules(path)
            except DataError as exc:
                self.error = i18n.t("rules.broken", error=exc)

    def language_changed(self) -> None:
        self._load()
        super().language_changed()

    def build(self) -> None:
        self.widgets.add(Button((VIEW.centerx - 130, VIEW.bottom + 26, 260, 56),
                                i18n.t("common.back"), self.back, primary=True))
        for i, (text, action) in enumerate(self._references()):  # left of Back
            self.widgets.add(Button((VIEW.x + i * 270, VIEW.bottom + 26, 260, 56), text, action))

    def _references(self) -> list[tuple[str, Callable[[], None]]]:
        """The game's reference screens (``BaseGameScene.references``), if its table loads."""
        try:
            table = scene_class(self.game_id)
        except (UnknownGame, ImportError):
            return []
        return table.references(self.app, {})

    @property
    def max_scroll(self) -> float:
        return max(0.0, self._height - VIEW.h + 40)

    def _layout(self, canvas: Canvas) -> None:
        """Wrap the summary once per scale; drawing then only blits the visible lines."""
        key = (canvas.scale, canvas.text_scale)
        if self._laid_for == key or self.summary is None:
            return
        self._laid_for, self._lines = key, []
        y, width = 20.0, VIEW.w - 60
        for section in self.summary.sections:
            for line in canvas.wrap(section.heading, width, HEAD, bold=True):
                self._lines.append(("head", line, y))
                y += canvas.line_height(HEAD, True)
            y += 6
            for para in section.paragraphs:
                for line in canvas.wrap(para, width, TEXT):
                    self._lines.append(("text", line, y))
                    y += canvas.line_height(TEXT)
                y += 10
            for bullet in section.bullets:
                for i, line in enumerate(canvas.wrap(bullet, width - 28, TEXT)):
                    self._lines.append(("bullet" if i == 0 else "cont", line, y))
                    y += canvas.line_height(TEXT)
                y += 4
            y += 22
        self._height = y
        self.scroll_by(0)

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        title = self.summary.title if self.summary else i18n.t("rules.title")
        heading(canvas, title, 40, 40)
        canvas.rect(pal.panel, VIEW, radius=14)
        if self.error:
            canvas.paragraph(self.error, VIEW.inflate(-60, -60), 20, pal.text_dim)
            return
        self._layout(canvas)
        with canvas.clip(VIEW.inflate(-4, -4)):
            for kind, text, y in self._lines:
                top = VIEW.y + y - self.scroll
                if top < VIEW.y - 40 or top > VIEW.bottom:
                    continue
                x = VIEW.x + 30
                if kind == "head":
                    canvas.text(text, (x, top), HEAD, pal.accent, bold=True)
                elif kind == "bullet":
                    canvas.text("•", (x + 4, top), TEXT, pal.focus)
                    canvas.text(text, (x + 28, top), TEXT, pal.text)
                else:
                    canvas.text(text, (x + (28 if kind == "cont" else 0), top), TEXT, pal.text)
        if self.max_scroll > 0:
            self._draw_scrollbar(canvas)

    def _draw_scrollbar(self, canvas: Canvas) -> None:
        pal = palette()
        track = pygame.FRect(VIEW.right - 14, VIEW.y + 12, 6, VIEW.h - 24)
        size = track.h * VIEW.h / (self._height + 40)
        pos = track.y + (track.h - size) * self.scroll / self.max_scroll
        canvas.rect(pal.table, track, radius=3)
        canvas.rect(pal.text_dim, (track.x, pos, track.w, size), radius=3)
        canvas.text(i18n.t("rules.scroll_hint"), (VIEW.right, VIEW.bottom + 6), 15, pal.text_dim,
                    "topright")
