"""The pause menu over a game: resume, undo, restart, rules, settings, quit to title."""

from __future__ import annotations

import pygame

from catgames.ui import i18n
from catgames.ui.scenes.base import GameOverlay, to_title
from catgames.ui.widgets import Button, Panel

PANEL_W, TOP, STEP = 400, 70, 68  #: the panel's width, its first button's offset, the button pitch


class PauseScene(GameOverlay):
    def build(self) -> None:
        from catgames.ui.scenes.rules import RulesScene
        from catgames.ui.scenes.settings import SettingsScene
        entries = [
            (i18n.t("pause.resume"), self.back, True),
            (i18n.t("pause.undo"), self._undo, self.game.match.can_undo()),
            (i18n.t("pause.restart"), self._restart, True),
            (i18n.t("pause.rules"), lambda: self.app.push(RulesScene(self.app, self.game.match.game_id)), True),
            *((text, action, True) for text, action in self.game.references(self.app, self.game.match.options)),
            (i18n.t("pause.settings"), lambda: self.app.push(SettingsScene(self.app)), True),
            (i18n.t("pause.quit"), self._quit, True),
        ]
        height = TOP + len(entries) * STEP + 10
        panel = pygame.FRect(0, 0, PANEL_W, height).move_to(center=(640, 400))
        self.widgets.add(Panel(panel, i18n.t("pause.title")))
        for i, (text, action, enabled) in enumerate(entries):
            button = self.widgets.add(Button((panel.x + 40, panel.y + TOP + i * STEP, panel.w - 80, 54),
                                             text, action, primary=i == 0))
            button.enabled = enabled
        self.widgets.focus(self.widgets.focusable[0])

    def _undo(self) -> None:
        self.back()
        self.game.undo()

    def _restart(self) -> None:
        self.back()
        self.game.restart()

    def _quit(self) -> None:
        """Back to the title; the autosave already holds the game for Continue."""
        to_title(self.app)
