"""What every menu-like screen shares: a widget group, Esc to go back, optional shading.

A ``MenuScene`` subclass builds its widgets in ``build()`` (called on enter and whenever the
scene asks to be rebuilt) and draws extra content in ``draw_content``.
"""

from __future__ import annotations

import pygame

from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.scene import Scene
from catgames.ui.scroll_rows import RowScroller
from catgames.ui.theme import palette
from catgames.ui.widgets import WidgetGroup


class MenuScene(Scene):
    """A screen of widgets.  Overlays set ``transparent = True`` and get the scene below shaded."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widgets = WidgetGroup()

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        self.rebuild()

    def language_changed(self) -> None:
        self.rebuild()

    def text_size_changed(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        focused = self.widgets.focus_index
        self.widgets = WidgetGroup()
        self.build()
        if focused is not None and focused < len(self.widgets.focusable):
            self.widgets.focus(self.widgets.focusable[focused])

    def build(self) -> None:
        """Create the widgets (``self.widgets.add(...)``)."""

    def back(self) -> None:
        """Esc / Backspace: leave this screen."""
        self.app.stack.pop()

    def click(self) -> None:
        self.app.sound.play("click")

    def handle(self, event: pygame.event.Event) -> bool:
        if self.widgets.handle(event):
            if I.first(event, I.SELECT, I.CONFIRM):
                self.click()
            return True
        if I.first(event, I.BACK):
            self.back()
            return True
        return False

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def animating(self) -> bool:
        return self.widgets.animating()

    def draw(self, canvas: Canvas) -> None:
        if self.transparent:
            canvas.rect(palette().shade, canvas.bounds)
        self.draw_content(canvas)
        self.widgets.draw(canvas)

    def draw_content(self, canvas: Canvas) -> None:
        """Anything besides the widgets (headings, tables)."""


class RowsScene(MenuScene):
    """A menu screen with rows that scroll (``rows``): their arrows and scroll hint are drawn
    over its panels (drawn with its content, under them, the "more above" arrow was hidden)."""

    rows: RowScroller

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        self.rows.draw_hints(canvas)


class ScrollingScene(MenuScene):
    """A menu screen showing one long list, scrolled by the wheel, the arrow keys and Page
    Up / Down (``scroll`` pixels from its top, at most ``max_scroll``)."""

    scroll_step = 40.0

    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = 0.0

    @property
    def max_scroll(self) -> float:
        return 0.0

    def scroll_by(self, dy: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll, self.scroll + dy))

    def handle(self, event: pygame.event.Event) -> bool:
        intent = I.first(event, I.SCROLL, I.UP, I.DOWN)
        if intent is not None:
            step = intent.value if intent.kind == I.SCROLL else (1 if intent.kind == I.UP else -1)
            self.scroll_by(-step * self.scroll_step)
            return True
        return super().handle(event)


class GameOverlay(MenuScene):
    """A menu drawn over a game's table (pause, game over) that acts on that table's scene."""

    transparent = True

    def __init__(self, app, game) -> None:
        super().__init__(app)
        self.game = game


def heading(canvas: Canvas, text: str, y: float = 50, size: float = 44) -> pygame.FRect:
    """A centred screen title; returns where it went, so what follows can sit below it."""
    return canvas.text(text, (canvas.size[0] / 2, y), size, palette().text, "midtop", bold=True,
                       max_width=canvas.size[0] - 80)


def to_title(app) -> None:
    """Pop every scene above the title screen (the ``home`` scene)."""
    app.stack.pop_until(lambda s: s.home)
