"""A finished game replayed move by move on its own table, with nothing hidden.

The table is the game's own scene in its ``read_only`` mode (drawn from the full state, no
drags, no AI, no saves); this scene owns it, moves it from position to position
(``stats.steps``: the match replayed from its seed and moves) and puts the controls where the
table's status line and Menu button would be: ←/→ step, Space plays or pauses, Home/End jump.
"""

from __future__ import annotations

from typing import Any

import pygame

from catgames.core import stats
from catgames.core.session import Match
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import STATUS_RECT
from catgames.ui.registry import scene_class
from catgames.ui.scenes.base import MenuScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

AUTOPLAY_SECONDS = 1.0  #: between two moves while the replay plays by itself
CONTROL_W, PLAY_W, GAP = 76.0, 190.0, 10.0
_JUMPS = {pygame.K_HOME: "first", pygame.K_END: "last"}


class ReplayScene(MenuScene):
    def animating(self) -> bool:
        return super().animating() or self.table.animating()  # the table's glides, flashes

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.steps = stats.steps(match)
        self.index = 0
        self.playing = False
        self.clock = 0.0
        self.table: Any = scene_class(match.game_id)(app, stats.at_step(match, self.steps[0]))
        self.table.read_only = True

    @classmethod
    def open(cls, app, match: Match) -> "ReplayScene":
        scene = cls(app, match)
        app.push(scene)
        return scene

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    # -- moving through the game -------------------------------------------------------------
    def go(self, index: int) -> None:
        index = min(self.last, max(0, index))
        if index != self.index:
            self.index = index
            self.table.show_position(stats.at_step(self.match, self.steps[index]))
        if index == self.last:
            self.playing = False
        self.rebuild()

    def step(self, by: int) -> None:
        self.playing = False
        self.go(self.index + by)

    def jump(self, where: str) -> None:
        self.playing = False
        self.go(0 if where == "first" else self.last)

    def toggle_play(self) -> None:
        if not self.playing and self.index == self.last:
            self.go(0)
        self.playing, self.clock = not self.playing, 0.0
        self.rebuild()

    # -- scene life ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.table.enter()
        super().enter()

    def exit(self) -> None:
        self.table.exit()

    def language_changed(self) -> None:
        self.table.language_changed()
        super().language_changed()

    def text_size_changed(self) -> None:
        self.table.text_size_changed()
        super().text_size_changed()

    def build(self) -> None:
        x, y, h = STATUS_RECT.x, STATUS_RECT.y, STATUS_RECT.h
        play = "replay.pause" if self.playing else "replay.play"
        controls = [("replay.first", lambda: self.jump("first"), CONTROL_W, self.index > 0),
                    ("replay.previous", lambda: self.step(-1), CONTROL_W, self.index > 0),
                    (play, self.toggle_play, PLAY_W, True),
                    ("replay.next", lambda: self.step(1), CONTROL_W, self.index < self.last),
                    ("replay.last", lambda: self.jump("last"), CONTROL_W, self.index < self.last)]
        for key, action, w, enabled in controls:
            button = self.widgets.add(Button((x, y, w, h), i18n.t(key), action, size=18,
                                             tooltip=i18n.t(f"{key}_tip")))
            button.enabled = enabled
            x += w + GAP
        close = i18n.t("replay.close")
        w = min(260.0, max(130.0, self.app.canvas.text_size(close, 18, bold=True)[0] + 32))
        self.widgets.add(Button((1264 - w, 12, w, 40), close, self.back, size=18))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.toggle_play()
            return True
        if event.type == pygame.KEYDOWN and event.key in _JUMPS:
            self.jump(_JUMPS[event.key])
            return True
        arrow = I.first(event, I.LEFT, I.RIGHT)
        if arrow is not None:
            self.step(1 if arrow.kind == I.RIGHT else -1)
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.update(dt)
        if self.playing:
            self.clock += dt
            if self.clock >= AUTOPLAY_SECONDS:
                self.clock = 0.0
                self.go(self.index + 1)

    def draw(self, canvas: Canvas) -> None:
        self.table.draw(canvas)
        super().draw(canvas)

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        left = STATUS_RECT.x + 4 * (CONTROL_W + GAP) + PLAY_W + GAP + 12
        text = i18n.t("replay.move", n=self.index, total=self.last)
        canvas.text(text, (STATUS_RECT.right, STATUS_RECT.centery), 19, pal.text, "midright",
                    bold=True, max_width=STATUS_RECT.right - left)
