"""The pause menu over a game: resume, undo, restart, rules, settings, quit to title."""

from __future__ import annotations

import pygame

from catgames.ui import i18n
from catgames.ui.scenes.base import GameOverlay, to_title
from catgames.ui.widgets import Button, Panel

PANEL = pygame.FRect(440, 150, 400, 500)


class PauseScene(GameOverlay):
    def build(self) -> None:
        from catgames.ui.scenes.rules import RulesScene
        from catgames.ui.scenes.settings import SettingsScene
        self.widgets.add(Panel(PANEL, i18n.t("pause.title")))
        entries = [
            ("pause.resume", self.back, True),
            ("pause.undo", self._undo, self.game.match.can_undo()),
            ("pause.restart", self._restart, True),
            ("pause.rules", lambda: self.app.push(RulesScene(self.app, self.game.match.game_id)), True),
            ("pause.settings", lambda: self.app.push(SettingsScene(self.app)), True),
            ("pause.quit", self._quit, True),
        ]
        for i, (key, action, enabled) in enumerate(entries):
            button = self.widgets.add(Button((PANEL.x + 40, PANEL.y + 70 + i * 68, PANEL.w - 80, 54),
                                             i18n.t(key), action))
            button.enabled = enabled
        self.widgets.focus(self.widgets.focusable[0])

    def handle(self, event: pygame.event.Event) -> bool:
        """The focus follows the pointer, so one entry only is ever lit: the one Enter takes."""
        used = super().handle(event)
        hovered = next((w for w in self.widgets.focusable if w.hovered), None)
        if hovered is not None and not hovered.focused:
            self.widgets.focus(hovered)
        return used

    def _undo(self) -> None:
        self.back()
        self.game.undo()

    def _restart(self) -> None:
        self.back()
        self.game.restart()

    def _quit(self) -> None:
        """Back to the title; the autosave already holds the game for Continue."""
        to_title(self.app)
