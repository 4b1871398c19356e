"""The title screen: the games of the catalogue, Continue, Settings, Quit.

The unfinished games (one per game, ``core.saves``) are looked at just after the first frame
(never before it, to keep start-up fast) and again whenever the title comes back; Continue
opens their list.  A save that cannot be used is set aside (or left in place when the folder
is read-only) and reported in a toast; the others are still listed.  The kept online tables are
asked then how they stand (``ui.online.turns``): one waiting on a turn played here is said under
the buttons, as the Play online list says it.
"""

from __future__ import annotations

import pygame

from catgames.core import catalogue, storage
from catgames.core.saves import Shelf, Unfinished
from catgames.net import kept
from catgames.ui import i18n
from catgames.ui.art.covers import draw_cover
from catgames.ui.canvas import Canvas
from catgames.ui.file_notices import file_notice
from catgames.ui.online.turns import WaitingTurns
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.scenes.confirm import ConfirmScene
from catgames.ui.scenes.first_game import offer_first_game
from catgames.ui.scenes.online_common import kept_notice
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, one_label_size

CARD_W, GAP, PAD = 232, 16, 16  #: the widest a card gets; the space between cards; its margin
ROW = 5  #: cards side by side, like boxes on a shelf (a larger catalogue takes two rows)
NAME_SIZE, SEATS_SIZE, BLURB_SIZE = 25, 17, 17
CARDS_TOP, CARDS_BOTTOM = 180, 670  #: the cards share this band, as tall as it allows
TEXT_ROOM = 228  #: the height under a cover kept for a card's text at 100 % text size …
TEXT_GROWTH = 150  #: … and at most this much more per 100 % more (the cover gives it up)
COVER_STEP = 8  #: the cover is tried this much shorter at a time until the texts fit


def players_text(lo: int, hi: int) -> str:
    """``2 players`` / ``2–4 players``: the noun agrees with the larger count."""
    if lo == hi:
        return i18n.plural("title.players", lo)
    return i18n.plural("title.players_range", hi, lo=i18n.number(lo), hi=i18n.number(hi))


class GameCard(Button):
    """One game on the title screen: its cover, then its name, seat range and blurb."""

    def __init__(self, rect, game: catalogue.Manifest, on_click) -> None:
        super().__init__(rect, i18n.game_title(game.id), on_click)
        self.game = game
        self.blurb = i18n.t(f"game.{game.id}.blurb")
        self.sizes: tuple[float, float] = (NAME_SIZE, BLURB_SIZE)  #: shared by every card (``TitleScene.fit_cards``)
        self.text_room = float(TEXT_ROOM)  #: the height under the cover (``TitleScene.fit_cards``)

    def cover_rect(self, canvas: Canvas) -> pygame.FRect:
        """The picture at the card's top, above the room its text takes."""
        r = self.rect
        return pygame.FRect(r.x + 6, r.y + 6, r.w - 12, max(0.0, r.h - self.text_room - 6))

    def fits_whole(self, canvas: Canvas) -> bool:
        """Whether the name and the blurb fit at the full size of the text-size setting."""
        return (canvas.paragraph_size(self.text, self.name_room(canvas), NAME_SIZE, True) == NAME_SIZE
                and canvas.paragraph_size(self.blurb, self.blurb_room(canvas, NAME_SIZE), BLURB_SIZE)
                == BLURB_SIZE)

    def name_room(self, canvas: Canvas) -> pygame.FRect:
        """Where the name goes: two lines at most, so a long title wraps rather than shrinks."""
        return pygame.FRect(self.rect.x + PAD, self.cover_rect(canvas).bottom + 10,
                            self.rect.w - 2 * PAD, 2 * canvas.line_height(NAME_SIZE, True))

    def name_height(self, canvas: Canvas, name_size: float) -> float:
        lines = canvas.wrap(self.text, self.rect.w - 2 * PAD, name_size, True)
        return len(lines) * canvas.line_height(name_size, True)

    def blurb_room(self, canvas: Canvas, name_size: float) -> pygame.FRect:
        """Where the blurb goes: below the name and seat range, above the Play pill."""
        r = self.rect
        top = self.name_room(canvas).y + self.name_height(canvas, name_size) + 2
        top += canvas.text_size("2", SEATS_SIZE)[1] + 8
        return pygame.FRect(r.x + PAD, top, r.w - 2 * PAD, self._pill(canvas).y - 4 - top)

    def _pill(self, canvas: Canvas) -> pygame.FRect:
        w, h = canvas.text_size(i18n.t("title.play"), SEATS_SIZE, bold=True)
        return pygame.FRect(self.rect.right - w - 28 - PAD, self.rect.bottom - h - 8 - PAD,
                            w + 28, h + 8)

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        r = self.rect
        self._draw_box(canvas, pal.panel, radius=14)
        draw_cover(canvas, self.game.id, self.cover_rect(canvas), radius=10)
        canvas.rect(pal.accent if self.hovered else pal.panel_edge, r, width=3 if self.hovered else 2,
                    radius=14)
        name_size, blurb_size = self.sizes
        room = self.name_room(canvas)
        below = room.y + canvas.paragraph(self.text, room, name_size, pal.text, bold=True)
        canvas.text(players_text(*self.game.players), (r.x + PAD, below + 2), SEATS_SIZE,
                    pal.text_dim, max_width=r.w - 2 * PAD)
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
        self.turns = WaitingTurns([])  #: the kept online tables waiting on a turn played here

    def resume(self) -> None:
        self._check_in = 1
        super().resume()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._check_in:
            self._check_in -= 1
            if not self._check_in:
                self.check_saves()
        if self.turns.step(self.app.hosting):
            self.app.invalidate()

    def animating(self) -> bool:
        return super().animating() or self._check_in > 0  # the frames before the saves are read

    def check_saves(self) -> None:
        """List the unfinished games for Continue; report each save that cannot be used.  The
        app's own server starts again when it hosts a kept online table (its players come back
        to it), and a kept-tables file that cannot be used is told."""
        found = kept.load_kept()
        if found.problem is not None and found.problem not in self._reported:
            self._reported.add(found.problem)
            self.app.toasts.show(kept_notice(found.problem), error=True)
        if any(table.hosted for table in found.tables):
            self.app.hosting.start()
        self.turns = WaitingTurns(found.tables)  # asked anew: a turn may have come meanwhile
        self.saved, problems = self.shelf.refresh()
        for problem in problems:
            if problem not in self._reported:
                self._reported.add(problem)
                self.app.toasts.show(file_notice("save", problem), error=True)
        self.rebuild()

    def build(self) -> None:
        entries = catalogue.manifests()
        rows = -(-len(entries) // ROW)
        per_row = -(-len(entries) // rows)
        card_w = min(CARD_W, (1280 - 2 * GAP - (per_row - 1) * GAP) / per_row)
        card_h = (CARDS_BOTTOM - CARDS_TOP + GAP) / rows - GAP
        for i, e in enumerate(entries):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(entries) - row * per_row)
            x = (1280 - in_row * card_w - (in_row - 1) * GAP) / 2 + col * (card_w + GAP)
            self.widgets.add(GameCard((x, CARDS_TOP + row * (card_h + GAP), card_w, card_h), e,
                                      lambda e=e: self.new_game(e.id)))
        buttons = [("online.button", self.app.screens.online), ("stats.button", self.statistics),
                   ("title.settings", self.settings), ("title.quit", self.app.quit)]
        if self.saved:
            buttons.insert(0, ("title.continue", self.continue_list))
        gap = 24 if len(buttons) < 5 else 12  # five buttons share the row closer together
        width = min(260, (1280 - 40 - (len(buttons) - 1) * gap) / len(buttons))
        x0 = (1280 - len(buttons) * width - (len(buttons) - 1) * gap) / 2
        for i, (key, action) in enumerate(buttons):
            self.widgets.add(Button((x0 + i * (width + gap), 690, width, 58), i18n.t(key), action,
                                    primary=key == "title.continue"))

    def fit_cards(self, canvas: Canvas) -> None:
        """One name size and one blurb size for every card, and one label size for the buttons
        under them: the largest at which all fit, so the cards and buttons look alike whatever
        the language and text size."""
        cards = [w for w in self.widgets.widgets if isinstance(w, GameCard)]
        key = (canvas.scale, canvas.text_scale, tuple(map(id, cards)))
        if not cards or key == self._fitted_for:
            return
        self._fitted_for = key
        one_label_size(canvas, [w for w in self.widgets.widgets if type(w) is Button])
        self.fit_covers(canvas, cards)

        def fits(name: float) -> bool:  # every name on its two lines, every blurb at 100 %
            return all(canvas.paragraph_size(c.text, c.name_room(canvas), name, True) == name
                       and canvas.paragraph_size(c.blurb, c.blurb_room(canvas, name), BLURB_SIZE)
                       * canvas.text_scale >= BLURB_SIZE - 0.01 for c in cards)

        name = canvas.steady(NAME_SIZE, fits)
        blurb = min(canvas.paragraph_size(c.blurb, c.blurb_room(canvas, name), BLURB_SIZE)
                    for c in cards)
        for card in cards:
            card.sizes = (name, blurb)

    @staticmethod
    def fit_covers(canvas: Canvas, cards: list[GameCard]) -> None:
        """The tallest covers (one height for all) under which every text fits whole, but never
        shorter than the larger text size's share of the card allows (the text shrinks then)."""
        most = TEXT_ROOM + TEXT_GROWTH * (canvas.text_scale - 1.0)
        room = float(TEXT_ROOM)
        while True:
            for card in cards:
                card.text_room = min(room, most)
            if room >= most or all(card.fits_whole(canvas) for card in cards):
                return
            room += COVER_STEP

    def draw_content(self, canvas: Canvas) -> None:
        self.fit_cards(canvas)
        pal = palette()
        name = heading(canvas, i18n.t("title.name"), 30, 54)
        canvas.text(i18n.t("title.tagline"), (640, max(108, name.bottom + 2)), 22, pal.text_dim,
                    "midtop", max_width=1200)
        said = [i18n.plural("title.unfinished", len(self.saved))] if self.saved else []
        if self.turns.waiting:  # a friend waits: said first, in the text's own colour
            waiting = self.turns.waiting
            said.insert(0, i18n.t("title.online_turn", game=i18n.game_title(waiting[0])) if len(waiting) == 1
                        else i18n.plural("title.online_turns", len(waiting)))
        if said:
            canvas.text(" · ".join(said), (640, 760), 17, pal.text if self.turns.waiting else pal.text_dim,
                        "midtop", max_width=1200)

    def back(self) -> None:
        """Esc asks first: a player backing out of screens with Esc would otherwise close the
        app by one press too many (the Quit button and the window's close do not ask)."""
        self.app.push(ConfirmScene(self.app, i18n.t("title.quit_ask"), i18n.t("title.quit_kept"),
                                   [(i18n.t("title.quit"), self.app.quit), (i18n.t("title.stay"), lambda: None)]))

    def new_game(self, game_id: str) -> None:
        """Set up ``game_id``; on its first play the tutorial is offered first."""
        offer_first_game(self.app, game_id)

    def settings(self) -> None:
        self.app.screens.settings()

    def continue_list(self) -> None:
        self.app.screens.continue_list(self.saved)

    def statistics(self) -> None:
        self.app.screens.statistics()
