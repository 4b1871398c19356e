"""The pause menu over a game: resume, undo, restart, rules, settings, the game's tutorial,
quit to title (in a tutorial: leave it)."""

from __future__ import annotations

import pygame

from catgames.ui import i18n
from catgames.ui.scenes.base import GameOverlay, to_title
from catgames.ui.tutorial import has_tutorial
from catgames.ui.widgets import Button, Panel

PANEL_W, ROW = 400, 68  #: the panel is as tall as its entries need, centred


class PauseScene(GameOverlay):
    def build(self) -> None:
        from catgames.ui.scenes.rules import RulesScene
        from catgames.ui.scenes.settings import SettingsScene
        from catgames.ui.scenes.tutorial import TutorialTable
        in_tutorial = isinstance(self.game, TutorialTable)
        entries = [
            ("pause.resume", self.back, True),
            ("pause.undo", self._undo, self.game.match.can_undo()),
            ("pause.restart", self._restart, True),
            ("pause.rules", lambda: self.app.push(RulesScene(self.app, self.game.match.game_id)), True),
            ("pause.settings", lambda: self.app.push(SettingsScene(self.app)), True),
            ("tutorial.button", self._tutorial, has_tutorial(self.game.match.game_id)),
            ("tutorial.leave" if in_tutorial else "pause.quit", self._quit, True),
        ]
        if in_tutorial:  # the tutorial is open already
            del entries[-2]
        h = 86 + ROW * len(entries)
        panel = pygame.FRect((1280 - PANEL_W) / 2, (800 - h) / 2, PANEL_W, h)
        self.widgets.add(Panel(panel, i18n.t("pause.title")))
        for i, (key, action, enabled) in enumerate(entries):
            button = self.widgets.add(Button((panel.x + 40, panel.y + 70 + i * ROW, panel.w - 80, 54),
                                             i18n.t(key), action, primary=i == 0))
            button.enabled = enabled
        self.widgets.focus(self.widgets.focusable[0])

    def _undo(self) -> None:
        self.back()
        self.game.undo()

    def _restart(self) -> None:
        self.back()
        self.game.restart()

    def _tutorial(self) -> None:
        """The game's tutorial; the game being played waits in its autosave for Continue."""
        from catgames.ui.scenes.tutorial import start_tutorial
        game_id = self.game.match.game_id
        to_title(self.app)
        start_tutorial(self.app, game_id)

    def _quit(self) -> None:
        """Back to the title; the autosave already holds the game for Continue."""
        to_title(self.app)
