"""The pause menu over a game: resume, the results of a game that is over (its end screen
closed with Esc to look at the board), undo, restart, rules, settings, the game's tutorial,
quit to title (in a tutorial: leave it).  At an online table nothing pauses (the other players
play on): there it is the table's menu, titled and left as such."""

from __future__ import annotations

import pygame

from catgames.core.tutorial import has_tutorial
from catgames.ui import i18n
from catgames.ui.scenes.base import GameOverlay, to_title
from catgames.ui.widgets import Button, Panel

PANEL_W, TOP, STEP = 400, 70, 68  #: the panel's width, its first button's offset, the button pitch


class PauseScene(GameOverlay):
    def __init__(self, app, game, in_tutorial: bool = False) -> None:
        super().__init__(app, game)
        self.in_tutorial = in_tutorial  #: over a tutorial's table: its way out leaves the tutorial

    def build(self) -> None:
        game_id = self.game.game_id
        screens = self.app.screens
        online = self.game.local is None  # a table over the server: the game goes on meanwhile
        entries = [
            (i18n.t("online_table.menu_back" if online else "pause.resume"), self.back, True),
            *([(i18n.t("over.show_results"), self._results, True)] if self.game.public.outcome is not None else []),
            (i18n.t("pause.undo"), self._undo, self.game.feed.undo_refusal() is None),
            *([] if online else [(i18n.t("pause.restart"), self._restart, True)]),
            (i18n.t("pause.rules"), lambda: screens.rules(game_id), True),
            *((text, action, True) for text, action in self.game.references(self.app, self.game.options)),
            (i18n.t("pause.settings"), screens.settings, True),
        ]
        if self.in_tutorial:  # the tutorial is open already: its way out is to leave it
            entries.append((i18n.t("tutorial.leave"), self._quit, True))
        else:
            entries.append((i18n.t("tutorial.button"), self._tutorial, has_tutorial(game_id)))
            entries.append((i18n.t("pause.quit"), self._quit, True))
        height = TOP + len(entries) * STEP + 10
        panel = pygame.FRect(0, 0, PANEL_W, height).move_to(center=(640, 400))
        self.widgets.add(Panel(panel, i18n.t("online_table.menu_title" if online else "pause.title")))
        for i, (text, action, enabled) in enumerate(entries):
            button = self.widgets.add(Button((panel.x + 40, panel.y + TOP + i * STEP, panel.w - 80, 54),
                                             text, action))
            button.enabled = enabled
        self.widgets.focus(self.widgets.focusable[0])

    def handle(self, event: pygame.event.Event) -> bool:
        """The focus follows the pointer, so one entry only is ever lit: the one Enter takes."""
        used = super().handle(event)
        hovered = next((w for w in self.widgets.focusable if w.hovered), None)
        if hovered is not None and not hovered.focused:
            self.widgets.focus(hovered)
        return used

    def _results(self) -> None:
        """The game's result again, as it came at the end (its walkthrough first; a click skips it)."""
        self.back()
        self.game.show_game_over()

    def _undo(self) -> None:
        self.back()
        self.game.undo()

    def _restart(self) -> None:
        self.back()
        self.game.restart()

    def _tutorial(self) -> None:
        """The game's tutorial; the game being played waits in its autosave for Continue."""
        game_id = self.game.game_id
        to_title(self.app)
        self.app.screens.tutorial(game_id)

    def _quit(self) -> None:
        """Back to the title; the autosave already holds the game for Continue."""
        to_title(self.app)
