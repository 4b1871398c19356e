"""A one-line text field: a seat's name on the new-game screen.

Click it or press Enter while it is focused to edit; typing arrives as ``TEXTINPUT`` events (so
an input method's Chinese or Cyrillic text comes in whole), Backspace takes the last character
back, Enter or Esc (or a click elsewhere) finishes.  While editing, the field takes every key
first (``take``), so typed letters never reach the screen's shortcuts.  An empty field means
"the default": it shows ``placeholder`` and reports ``""``.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, RectLike
from catgames.ui.theme import palette
from catgames.ui.widgets import Widget

TEXT_SIZE = 20


class TextEntry(Widget):
    focusable = True

    def __init__(self, rect: RectLike, text: str, placeholder: str,
                 on_change: Callable[[str], Any], max_length: int,
                 tooltip: str | None = None, on_enter: Callable[[], Any] | None = None) -> None:
        """``on_enter``: what Enter does once the text is taken (a form's main button), if
        anything more than ending the edit."""
        super().__init__(rect, tooltip)
        self.text, self.placeholder, self.on_change = text, placeholder, on_change
        self.on_enter = on_enter
        self.max_length = max_length
        self.editing = False

    def activate(self) -> None:
        self.start()

    def start(self) -> None:
        if not self.editing:
            self.editing = True
            pygame.key.start_text_input()

    def finish(self) -> None:
        if self.editing:
            self.editing = False
            pygame.key.stop_text_input()
            self.text = self.text.strip()
            self.on_change(self.text)

    def handle(self, intent: I.Intent) -> bool:
        super().handle(intent)
        if self.hit(intent):
            self.start()
            return True
        return False

    def take(self, event: pygame.event.Event) -> bool:
        """While editing: typing, Backspace, Enter/Esc; True if ``event`` was for the field.
        A click elsewhere ends the edit and goes on to what it clicked."""
        if not self.editing:
            return False
        click = I.first(event, I.SELECT)
        if click is not None and not self.rect.collidepoint(click.at):
            self.finish()
            return False
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + event.text)[:self.max_length]
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self.finish()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter is not None:
                self.on_enter()
            return event.key != pygame.K_TAB  # Tab also moves on to the next widget
        return True

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        r = self.rect
        canvas.rect(pal.background if self.editing else pal.panel, r, radius=6)
        edge = pal.focus if self.editing or self.focused else pal.panel_edge
        canvas.rect(edge, r, width=2 if self.editing else 1, radius=6)
        shown = self.text or ("" if self.editing else self.placeholder)
        room = r.w - 16
        size = canvas.fit_size(shown + "|", TEXT_SIZE, room) if shown else TEXT_SIZE
        drawn = canvas.text(shown, (r.x + 8, r.centery), size,
                            pal.text if self.text else pal.text_dim, "midleft", max_width=room)
        if self.editing:
            pygame.key.set_text_input_rect(canvas.real_rect(r))  # an input method's window beside it
            x = drawn.right + 1 if shown else r.x + 8
            canvas.rect(pal.focus, (x, r.centery - canvas.line_height(size) / 2 + 3, 2,
                                    canvas.line_height(size) - 6))
