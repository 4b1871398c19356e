"""The title screen: the games of the catalogue, Continue, Settings, Quit.

The autosave is checked just after the first frame (never before it, to keep start-up fast)
and again whenever the title comes back; a broken one is set aside (or left in place when the
folder is read-only) and reported in a toast.
"""

from __future__ import annotations

import pygame

from catgames.core import catalogue, storage
from catgames.core.session import Match
from catgames.ui import i18n, registry
from catgames.ui.canvas import Canvas
from catgames.ui.file_notices import file_notice
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

CARD_W, CARD_H, GAP = 376, 196, 24
CARDS_TOP, CARDS_BOTTOM = 170, 670  #: cards shrink to fit here if there are many games


def players_text(lo: int, hi: int) -> str:
    return i18n.t("title.players", n=lo) if lo == hi else i18n.t("title.players_range", lo=lo, hi=hi)


class GameCard(Button):
    """One game on the title screen: its name, seat range and blurb."""

    def __init__(self, rect, game: catalogue.Manifest, on_click) -> None:
        super().__init__(rect, i18n.game_title(game.id), on_click)
        self.game = game

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        r = self.rect
        self._draw_box(canvas, pal.panel, radius=14)
        canvas.rect(pal.accent if self.hovered else pal.panel_edge, r, width=3 if self.hovered else 2,
                    radius=14)
        canvas.text(self.text, (r.x + 20, r.y + 18), 25, pal.text, bold=True, max_width=r.w - 40)
        canvas.text(players_text(*self.game.players), (r.x + 20, r.y + 56), 17, pal.text_dim)
        canvas.paragraph(i18n.t(f"game.{self.game.id}.blurb"),
                         (r.x + 20, r.y + 84, r.w - 40, r.h - 84 - 44), 17, pal.text)
        tag = i18n.t("title.play")
        w, _ = canvas.text_size(tag, 17, bold=True)
        pill = pygame.FRect(r.right - w - 44, r.bottom - 44, w + 28, 30)
        canvas.rect(pal.accent, pill, radius=15)
        canvas.text(tag, pill.center, 17, pal.text_on_accent, "center", bold=True)


class TitleScene(MenuScene):
    home = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved: Match | None = None
        self._reported: storage.FileProblem | None = None  #: a file left in place is told once
        self._check_in = 2  # frames until the autosave is looked at

    def resume(self) -> None:
        self._check_in = 1
        super().resume()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._check_in:
            self._check_in -= 1
            if not self._check_in:
                self.check_autosave()

    def check_autosave(self) -> None:
        """Load the autosave for Continue; report and set aside one that cannot be used."""
        loaded = storage.load_autosave(Match.from_dict)
        self.saved = loaded.value
        if loaded.problem and loaded.problem != self._reported:
            self._reported = loaded.problem
            self.app.toasts.show(file_notice("save", loaded.problem), error=True)
        self.rebuild()

    def build(self) -> None:
        entries = catalogue.manifests()
        rows = -(-len(entries) // 3)
        card_h = min(CARD_H, (CARDS_BOTTOM - CARDS_TOP) / rows - GAP)
        for i, e in enumerate(entries):
            row, col = divmod(i, 3)
            in_row = min(3, len(entries) - row * 3)
            x = (1280 - in_row * CARD_W - (in_row - 1) * GAP) / 2 + col * (CARD_W + GAP)
            self.widgets.add(GameCard((x, CARDS_TOP + row * (card_h + GAP), CARD_W, card_h), e,
                                      lambda e=e: self.new_game(e.id)))
        buttons = [("title.settings", self.settings), ("title.quit", self.app.quit)]
        if self.saved is not None:
            buttons.insert(0, ("title.continue", self.resume_saved))
        width = 260
        x0 = (1280 - len(buttons) * width - (len(buttons) - 1) * 24) / 2
        for i, (key, action) in enumerate(buttons):
            self.widgets.add(Button((x0 + i * (width + 24), 690, width, 58), i18n.t(key), action,
                                    primary=key == "title.continue"))

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        name = heading(canvas, i18n.t("title.name"), 30, 54)
        canvas.text(i18n.t("title.tagline"), (640, max(108, name.bottom + 2)), 22, pal.text_dim,
                    "midtop", max_width=1200)
        if self.saved is not None:
            detail = i18n.t("title.continue_detail", game=i18n.game_title(self.saved.game_id),
                            moves=len(self.saved.history))
            canvas.text(detail, (640, 760), 17, pal.text_dim, "midtop")

    def back(self) -> None:
        self.app.quit()

    def new_game(self, game_id: str) -> None:
        from catgames.ui.scenes.new_game import NewGameScene
        self.app.push(NewGameScene(self.app, game_id))

    def settings(self) -> None:
        from catgames.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def resume_saved(self) -> None:
        match, self.saved = self.saved, None
        if match is not None:
            registry.start_game(self.app, match)

