"""The title screen: the games of the catalogue, Continue, Settings, Quit.

The unfinished games (one per game, ``core.saves``) are looked at just after the first frame
(never before it, to keep start-up fast) and again whenever the title comes back; Continue
opens their list.  A save that cannot be used is set aside (or left in place when the folder
is read-only) and reported in a toast; the others are still listed.
"""

from __future__ import annotations

import pygame

from catgames.core import catalogue, storage
from catgames.core.saves import Shelf, Unfinished
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.file_notices import file_notice
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

CARD_W, GAP = 376, 24
NAME_SIZE, SEATS_SIZE, BLURB_SIZE = 25, 17, 17
CARDS_TOP, CARDS_BOTTOM = 180, 670  #: the cards share this band, as tall as it allows


def players_text(lo: int, hi: int) -> str:
    """``2 players`` / ``2–4 players``: the noun agrees with the larger count."""
    if lo == hi:
        return i18n.plural("title.players", lo)
    return i18n.plural("title.players_range", hi, lo=i18n.number(lo), hi=i18n.number(hi))


class GameCard(Button):
    """One game on the title screen: its name, seat range and blurb."""

    def __init__(self, rect, game: catalogue.Manifest, on_click) -> None:
        super().__init__(rect, i18n.game_title(game.id), on_click)
        self.game = game
        self.blurb = i18n.t(f"game.{game.id}.blurb")
        self.sizes: tuple[float, float] = (NAME_SIZE, BLURB_SIZE)  #: shared by every card (``TitleScene.fit_cards``)

    def name_room(self, canvas: Canvas) -> pygame.FRect:
        """Where the name goes: two lines at most, so a long title wraps rather than shrinks."""
        return pygame.FRect(self.rect.x + 20, self.rect.y + 14, self.rect.w - 40,
                            2 * canvas.line_height(NAME_SIZE, True))

    def name_height(self, canvas: Canvas, name_size: float) -> float:
        lines = canvas.wrap(self.text, self.rect.w - 40, name_size, True)
        return len(lines) * canvas.line_height(name_size, True)

    def blurb_room(self, canvas: Canvas, name_size: float) -> pygame.FRect:
        """Where the blurb goes: below the name and seat range, above the Play pill."""
        r = self.rect
        top = r.y + 14 + self.name_height(canvas, name_size) + 2
        top += canvas.text_size("2", SEATS_SIZE)[1] + 8
        return pygame.FRect(r.x + 20, top, r.w - 40, self._pill(canvas).y - 4 - top)

    def _pill(self, canvas: Canvas) -> pygame.FRect:
        w, h = canvas.text_size(i18n.t("title.play"), SEATS_SIZE, bold=True)
        return pygame.FRect(self.rect.right - w - 44, self.rect.bottom - h - 18, w + 28, h + 8)

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        r = self.rect
        self._draw_box(canvas, pal.panel, radius=14)
        canvas.rect(pal.accent if self.hovered else pal.panel_edge, r, width=3 if self.hovered else 2,
                    radius=14)
        name_size, blurb_size = self.sizes
        room = self.name_room(canvas)
        below = room.y + canvas.paragraph(self.text, room, name_size, pal.text, bold=True)
        canvas.text(players_text(*self.game.players), (r.x + 20, below + 2), SEATS_SIZE,
                    pal.text_dim, max_width=r.w - 40)
        canvas.paragraph(self.blurb, self.blurb_room(canvas, name_size), blurb_size, pal.text)
        tag, pill = i18n.t("title.play"), self._pill(canvas)
        canvas.rect(pal.accent, pill, radius=pill.h / 2)
        canvas.text(tag, pill.center, SEATS_SIZE, pal.text_on_accent, "center", bold=True)


class TitleScene(MenuScene):
    home = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.shelf = Shelf()
        self.saved: list[Unfinished] = []
        self._reported: set[storage.FileProblem] = set()  #: a file left in place is told once
        self._check_in = 2  # frames until the saves are looked at
        self._fitted_for: tuple | None = None  #: the scale and cards ``fit_cards`` measured for

    def resume(self) -> None:
        self._check_in = 1
        super().resume()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._check_in:
            self._check_in -= 1
            if not self._check_in:
                self.check_saves()

    def animating(self) -> bool:
        return super().animating() or self._check_in > 0  # the frames before the saves are read

    def check_saves(self) -> None:
        """List the unfinished games for Continue; report each save that cannot be used."""
        self.saved, problems = self.shelf.refresh()
        for problem in problems:
            if problem not in self._reported:
                self._reported.add(problem)
                self.app.toasts.show(file_notice("save", problem), error=True)
        self.rebuild()

    def build(self) -> None:
        entries = catalogue.manifests()
        rows = -(-len(entries) // 3)
        card_h = (CARDS_BOTTOM - CARDS_TOP) / rows - GAP
        for i, e in enumerate(entries):
            row, col = divmod(i, 3)
            in_row = min(3, len(entries) - row * 3)
            x = (1280 - in_row * CARD_W - (in_row - 1) * GAP) / 2 + col * (CARD_W + GAP)
            self.widgets.add(GameCard((x, CARDS_TOP + row * (card_h + GAP), CARD_W, card_h), e,
                                      lambda e=e: self.new_game(e.id)))
        buttons = [("stats.button", self.statistics), ("title.settings", self.settings),
                   ("title.quit", self.app.quit)]
        if self.saved:
            buttons.insert(0, ("title.continue", self.continue_list))
        width = 260
        x0 = (1280 - len(buttons) * width - (len(buttons) - 1) * 24) / 2
        for i, (key, action) in enumerate(buttons):
            self.widgets.add(Button((x0 + i * (width + 24), 690, width, 58), i18n.t(key), action,
                                    primary=key == "title.continue"))

    def fit_cards(self, canvas: Canvas) -> None:
        """One name size and one blurb size for every card: the largest at which all fit, so
        the cards look alike whatever the language and text size."""
        cards = [w for w in self.widgets.widgets if isinstance(w, GameCard)]
        key = (canvas.scale, canvas.text_scale, tuple(map(id, cards)))
        if not cards or key == self._fitted_for:
            return
        self._fitted_for = key
        def fits(name: float) -> bool:  # every name on its two lines, every blurb at 100 %
            return all(canvas.paragraph_size(c.text, c.name_room(canvas), name, True) == name
                       and canvas.paragraph_size(c.blurb, c.blurb_room(canvas, name), BLURB_SIZE)
                       * canvas.text_scale >= BLURB_SIZE - 0.01 for c in cards)

        name = canvas.steady(NAME_SIZE, fits)
        blurb = min(canvas.paragraph_size(c.blurb, c.blurb_room(canvas, name), BLURB_SIZE)
                    for c in cards)
        for card in cards:
            card.sizes = (name, blurb)

    def draw_content(self, canvas: Canvas) -> None:
        self.fit_cards(canvas)
        pal = palette()
        name = heading(canvas, i18n.t("title.name"), 30, 54)
        canvas.text(i18n.t("title.tagline"), (640, max(108, name.bottom + 2)), 22, pal.text_dim,
                    "midtop", max_width=1200)
        if self.saved:
            canvas.text(i18n.plural("title.unfinished", len(self.saved)), (640, 760), 17,
                        pal.text_dim, "midtop")

    def back(self) -> None:
        self.app.quit()

    def new_game(self, game_id: str) -> None:
        """Set up ``game_id``; on its first play the tutorial is offered first."""
        from catgames.ui.scenes.new_game import NewGameScene
        from catgames.ui.scenes.tutorial import offer_first_game
        offer_first_game(self.app, game_id, lambda: self.app.push(NewGameScene(self.app, game_id)))

    def settings(self) -> None:
        from catgames.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def continue_list(self) -> None:
        from catgames.ui.scenes.continue_list import ContinueScene
        self.app.push(ContinueScene(self.app, self.saved))

    def statistics(self) -> None:
        from catgames.ui.scenes.statistics import StatisticsScene
        self.app.push(StatisticsScene(self.app))

