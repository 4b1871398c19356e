"""Hotseat with hidden information: hide the whole table until the next player is ready."""

from __future__ import annotations

import pygame

from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.scene import Scene
from catgames.ui.scenes.base import heading
from catgames.ui.theme import palette


class HandoffScene(Scene):
    """An opaque screen (nothing of the table shows through); a click or Enter dismisses it."""

    def __init__(self, app, seat_name: str) -> None:
        super().__init__(app)
        self.seat_name = seat_name

    def handle(self, event: pygame.event.Event) -> bool:
        if I.first(event, I.SELECT, I.CONFIRM):
            self.app.stack.pop()
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        canvas.rect(pal.background, canvas.bounds)
        title = heading(canvas, i18n.t("handoff.title", seat=self.seat_name), 300)
        canvas.paragraph(i18n.t("handoff.prompt", seat=self.seat_name),
                         (140, title.bottom + 24, 1000, 200), 24, pal.text_dim, align="center")
