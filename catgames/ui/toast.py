"""Messages over everything (errors, notices) that fade after a while or when clicked.

Toasts live above the scene stack so any scene, or the start-up code, can report a problem
("your save was moved aside to …") without knowing which scene is showing.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette

WIDTH = 760


@dataclass
class Toast:
    text: str
    error: bool
    remaining: float
    rect: pygame.FRect | None = None  # where it was last drawn, for click-to-dismiss


class Toasts:
    """A short queue of toasts shown top-centre, newest last."""

    def __init__(self) -> None:
        self.items: list[Toast] = []
        self.revision = 0  #: counts toasts shown and gone, so the app redraws only then

    def show(self, text: str, error: bool = False, seconds: float | None = None) -> Toast:
        toast = Toast(text, error, seconds if seconds is not None else (10.0 if error else 3.5))
        self.items = self.items[-2:] + [toast]
        self.revision += 1
        return toast

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on a toast dismisses it (and goes no further)."""
        intent = I.first(event, I.SELECT)
        if intent is None:
            return False
        for toast in self.items:
            if toast.rect is not None and toast.rect.collidepoint(intent.at):
                self.items.remove(toast)
                self.revision += 1
                return True
        return False

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.remaining -= dt
        left = [t for t in self.items if t.remaining > 0]
        if len(left) != len(self.items):
            self.items = left
            self.revision += 1

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        y = 16.0
        for toast in self.items:
            mark = "⚠ " if toast.error else "ℹ "
            lines = canvas.wrap(mark + toast.text, WIDTH - 40, 19)
            height = len(lines) * canvas.line_height(19) + 24
            box = pygame.FRect((canvas.size[0] - WIDTH) / 2, y, WIDTH, height)
            canvas.rect(pal.background, box, radius=10)
            canvas.rect(pal.bad if toast.error else pal.accent, box, width=3, radius=10)
            canvas.paragraph("\n".join(lines), box.inflate(-40, -24), 19, pal.text)
            toast.rect = box
            y = box.bottom + 8
