"""A question over the screen below it: a title, a paragraph and a row of answers.

The panel is sized from its text at the current text size, so the whole question is always
visible (it never hides behind the screen it asks about); Esc is the last answer (cancel).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Sequence

import pygame

from catgames.ui.canvas import Canvas
from catgames.ui.scenes.base import MenuScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Panel

WIDTH, PAD, GAP = 820, 32, 16
TITLE_SIZE, TEXT_SIZE, BUTTON_SIZE = 28, 20, 22

Answer = tuple[str, Callable[[], Any]]  #: a button's label and what it does


class ConfirmScene(MenuScene):
    transparent = True

    def __init__(self, app, title: str, text: str, answers: Sequence[Answer]) -> None:
        """``answers`` left to right; the first is the suggested one, the last cancels."""
        super().__init__(app)
        self.title, self.text, self.answers = title, text, list(answers)
        self.panel = pygame.FRect(0, 0, WIDTH, 0)

    def _answer(self, action: Callable[[], Any]) -> None:
        self.app.stack.pop()
        action()

    def build(self) -> None:
        canvas = self.app.canvas
        inner = WIDTH - 2 * PAD
        title_h = len(canvas.wrap(self.title, inner, TITLE_SIZE, True)) * canvas.line_height(TITLE_SIZE, True)
        text_h = len(canvas.wrap(self.text, inner, TEXT_SIZE)) * canvas.line_height(TEXT_SIZE)
        button_w = (inner - GAP * (len(self.answers) - 1)) / len(self.answers)
        lines = max(len(canvas.wrap(label, button_w - 20, BUTTON_SIZE, True)) for label, _ in self.answers)
        button_h = max(58.0, lines * canvas.line_height(BUTTON_SIZE, True) + 12)
        height = PAD + title_h + GAP + text_h + 2 * GAP + button_h + PAD
        self.panel = pygame.FRect((1280 - WIDTH) / 2, max(10.0, (800 - height) / 2), WIDTH, height)
        self.title_rect = pygame.FRect(self.panel.x + PAD, self.panel.y + PAD, inner, title_h)
        self.text_rect = pygame.FRect(self.panel.x + PAD, self.title_rect.bottom + GAP, inner, text_h)
        self.widgets.add(Panel(self.panel))
        y = self.panel.bottom - PAD - button_h
        for i, (label, action) in enumerate(self.answers):
            self.widgets.add(Button((self.panel.x + PAD + i * (button_w + GAP), y, button_w, button_h),
                                    label, partial(self._answer, action), primary=i == 0))
        self.widgets.focus(self.widgets.focusable[0])

    def back(self) -> None:
        self._answer(self.answers[-1][1])

    def draw(self, canvas: Canvas) -> None:
        canvas.rect(palette().shade, canvas.bounds)
        self.widgets.draw(canvas)
        pal = palette()
        canvas.paragraph(self.title, self.title_rect, TITLE_SIZE, pal.text, bold=True)
        canvas.paragraph(self.text, self.text_rect, TEXT_SIZE, pal.text)
