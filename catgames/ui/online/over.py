"""The game-over panel of an online table: the result as at any table, and Rematch (the
table's ``restart``: the same table again, seats rotated) instead of a replay of a match this
computer never held whole."""

from __future__ import annotations

from catgames.ui import i18n
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.widgets import Button


class OnlineGameOver(GameOverScene):
    """``GameOverScene`` with two actions: the title screen, and Rematch.  The table under it
    keeps reading its lines (another player's rematch is told meanwhile)."""

    def update(self, dt: float) -> None:
        super().update(dt)
        self.game.keep_up(dt)

    def build(self) -> None:
        if self.board_shown:
            self._add_view_toggle()
            return
        panel = self.panel
        actions = [(i18n.t("over.title_screen"), self._to_title, False),
                   (i18n.t("online_table.rematch"), self._again, True)]
        gap = 20
        w = (panel.w - 80 - gap) / 2
        for i, (text, act, primary) in enumerate(actions):
            button = self.widgets.add(Button((panel.x + 40 + i * (w + gap), panel.bottom - 84, w, 56), text, act,
                                             primary=primary, tooltip=i18n.t("online_table.rematch_tip") if primary
                                             else None))
        self.widgets.focus(button)
        self._add_view_toggle()
