"""The end of a game: winner or draw, why, a score breakdown table; play again or title."""

from __future__ import annotations

from typing import Callable

import pygame

from catgames.core.rules import Outcome
from catgames.core.storage import UI_SCALE_RANGE
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.scenes.base import GameOverlay, to_title
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, one_label_size

PANEL = pygame.FRect(240, 110, 800, 580)
COUNT_UP_TIME = 1.2  #: seconds over which the totals count up from zero (of the loop's clock)


FIRST_SHARE = 0.34  #: of the score table's width, the seats' names column when the headings fit
FIRST_SHARE_MIN = 0.24  #: what it may give up to, so that long headings keep their size
NARROW_SHARE = 0.45  #: the names column's share in a narrow panel (a name keeps its size there)
HEAD_SIZE = 18  #: the score table's headings
HEAD_PAD = 14  #: a heading's room beyond its text
HEADLINE = 38  #: who won
WHY = 20  #: why the game ended, under the headline
WHY_NARROW = 18  #: and in a narrow panel, where each line it takes is one the breakdown lacks
#: the headline shrinks on one line while it stays a step larger than the why under it, then
#: takes two (a second line cost This Bed Is Mine's narrow panel its breakdown of the points:
#: "● Кіт перемагає!", "● Кот побеждает!" at 150 %)
HEADLINE_STEP = 1.05
HEADLINE_TWO_LINES = 0.75  #: the headline's size on two lines (whole, two lines took a third of a narrow panel)
NAME_SIZE = 20  #: a seat's name in its row
NAME_INSET = 50  #: a name's room before it (the seat's swatch) and after it
STACK_AT = 0.8  #: names shrunk below this share of their size go on a line of their own (where the rows fit)
NARROW = 560.0  #: a panel narrower than this is a column beside the board (Bed's): stacked, buttons two by two
BUTTON_H, BUTTON_GAP = 56.0, 20.0


def column_widths(canvas: Canvas, heads: list[str], total: float, names: float = 0.0,
                  share: float = FIRST_SHARE) -> list[float]:
    """The score table's columns: the names column, then equal number columns while every
    heading fits its share (the names column widened for the longest name while the headings
    keep their room, on two lines if need be); else each number column as wide as its heading, the names column
    giving up room down to its floor but never below ``names`` (the room its longest name
    needs), so that one long word does not shrink alone and no name shrinks for a heading;
    ``share``: the names column's share of ``total`` while the headings fit."""
    numbers = len(heads) - 1
    first = total * share
    if numbers < 1:
        return [total]
    needs = [canvas.text_size(h, HEAD_SIZE, True)[0] + HEAD_PAD for h in heads[1:]]
    if 0 < total - sum(needs) < names:  # a long name: the headings wrap at their words, not it shrink
        needs = [max(canvas.text_size(word, HEAD_SIZE, True)[0] for word in h.split()) + HEAD_PAD
                 for h in heads[1:]]
    first = max(first, min(names, total - sum(needs)))  # a long name's room, the headings' kept
    if max(needs) <= (total - first) / numbers:
        return [first] + [(total - first) / numbers] * numbers
    floor = min(first, max(total * FIRST_SHARE_MIN, names))
    first = max(floor, min(first, total - sum(needs)))
    rest = total - first
    spare = rest - sum(needs)
    if spare >= 0:
        return [first] + [need + spare / numbers for need in needs]
    return [first] + [need * rest / sum(needs) for need in needs]


def head_size(canvas: Canvas, heads: list[str], widths: list[float]) -> float:
    """The headings' size: ``HEAD_SIZE``, or up to 15 % less where that keeps every heading on
    one line (columns a few pixels short would break "週一" into a character a line); where even
    that does not, ``HEAD_SIZE`` and the headings wrap to two lines."""
    def fits(size: float) -> bool:
        return all(canvas.text_size(h, size, True)[0] <= w - HEAD_PAD for h, w in zip(heads, widths))

    return next((size for size in (HEAD_SIZE * (1 - k / 20) for k in range(4)) if fits(size)), HEAD_SIZE)


class GameOverScene(GameOverlay):
    """Over the table ``game`` whose match ended with ``outcome`` (told by the table: the final
    result is everyone's to see, though the board may still hide a card)."""

    def __init__(self, app, game, outcome: Outcome) -> None:
        super().__init__(app, game)
        self.outcome = outcome
        self.panel: pygame.FRect = game.game_over_panel or PANEL
        self.opened = app.now  #: the loop's clock when it opened: the count ends by it
        #: seconds of the count shown (the true totals from COUNT_UP_TIME; at once when the
        #: board has just walked through the scoring: the totals were counted there)
        self.elapsed = COUNT_UP_TIME if game.stage.played else 0.0
        self.board_shown = False  #: the panel is put aside to look at the final board

    def build(self) -> None:
        if self.board_shown:
            self._add_view_toggle()
            return
        actions = self._actions()
        buttons = [Button(rect, text, act, primary=primary)
                   for rect, (text, act, primary) in zip(self._button_rects(len(actions)), actions)]
        one_label_size(self.app.canvas, buttons)  # (in Bed's narrow panel "Повтор" stood large among small ones)
        for button in buttons:
            self.widgets.add(button)
        self.widgets.focus(buttons[-1])
        self._add_view_toggle()

    def _actions(self) -> list[tuple[str, Callable[[], None], bool]]:
        """The buttons' words, what each does and whether it is the primary one."""
        actions = [(i18n.t("over.title_screen"), self._to_title, False)]
        if self.game.feed.undo_refusal() is None:
            actions.append((i18n.t("over.undo"), self._undo, False))
        if self.game.local is not None:  # a game played here: its replay, and the same set-up again
            actions.append((i18n.t("replay.button"), self._replay, False))
            actions.append((i18n.t("over.again"), self._again, True))
        return actions

    @property
    def narrow(self) -> bool:
        return self.panel.w < NARROW

    @property
    def margin(self) -> float:
        return 20.0 if self.narrow else 40.0

    @property
    def why_size(self) -> float:
        return WHY_NARROW if self.narrow else WHY

    def _button_rects(self, count: int) -> list[pygame.FRect]:
        """The actions in a row along the panel's foot; in a narrow panel two a row (the last
        row first: the primary action ends at the bottom right)."""
        panel, m, gap = self.panel, self.margin, BUTTON_GAP
        per_row = 2 if self.narrow else count
        rows = -(-count // per_row)
        w = (panel.w - 2 * m - gap * (per_row - 1)) / per_row
        top = panel.bottom - 28 - rows * BUTTON_H - (rows - 1) * (gap / 2)
        return [pygame.FRect(panel.x + m + (i % per_row) * (w + gap), top + (i // per_row) * (BUTTON_H + gap / 2),
                             w, BUTTON_H) for i in range(count)]

    def _toggle_rect(self) -> pygame.FRect:
        """The panel's top-right corner (the status bar's right end while the board is shown), as
        wide as either word needs at the largest text size (so the headline beside it has the
        same room at every size)."""
        canvas = self.app.canvas
        widest = max(canvas.text_size(i18n.t(key), 16, bold=True)[0]
                     for key in ("over.view_board", "over.show_results"))
        w = min(260.0, widest * UI_SCALE_RANGE[1] / canvas.text_scale + 32)
        if self.board_shown:  # the panel is away: in the table's empty status bar, off the board
            bar = self.game.status_rect
            return pygame.FRect(bar.right - w, bar.y + 4, w, 36)
        if self.narrow:  # on a line of its own over the headline
            return pygame.FRect(self.panel.right - 14 - min(w, self.panel.w - 28), self.panel.y + 14,
                                min(w, self.panel.w - 28), 36)
        return pygame.FRect(self.panel.right - 14 - w, self.panel.y + 14, w, 36)

    def _add_view_toggle(self) -> None:
        text = i18n.t("over.show_results" if self.board_shown else "over.view_board")
        self.widgets.add(Button(self._toggle_rect(), text, self.toggle_board, size=16))

    def toggle_board(self) -> None:
        """Hide the panel to look at the final board, or show it again."""
        self.board_shown = not self.board_shown
        self.rebuild()

    def update(self, dt: float) -> None:
        """The count follows the loop's clock, not the frames' clamped ``dt``: a stalled or
        starved loop shows the true totals on its next frame instead of counting on from where
        it stood (which could take many seconds of slow frames)."""
        super().update(dt)
        self.elapsed = max(self.elapsed, self.app.now - self.opened)

    def animating(self) -> bool:
        return super().animating() or self.elapsed < COUNT_UP_TIME

    def draw(self, canvas: Canvas) -> None:
        if self.board_shown:
            self.widgets.draw(canvas)
            return
        if self.game.game_over_panel is None:  # a game that keeps its board visible is not shaded
            canvas.rect(palette().shade, canvas.bounds)
        self.draw_content(canvas)
        self.widgets.draw(canvas)

    def counted(self, cell: str) -> str:
        """A total as it counts up from zero during the first moments of the screen."""
        if not cell.lstrip("-").isdigit():
            return cell
        return str(round(int(cell) * min(1.0, self.elapsed / COUNT_UP_TIME)))

    def headline(self) -> str:
        out = self.outcome
        if out.winner is None:
            return i18n.t("over.draw")
        return i18n.t("over.winner", seat=self.game.seat_label(out.winner))

    def why(self) -> str:
        """Why the game ended, in words, with the seats as the table names them."""
        labels = [self.game.seat_label(s) for s in range(len(self.game.public.seats))]
        return i18n.outcome_text(self.outcome, self.game.game_id, labels)

    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        panel = self.panel
        canvas.rect(pal.panel, panel, radius=14)
        canvas.rect(pal.panel_edge, panel, width=2, radius=14)
        m = self.margin
        if self.narrow:  # the headline under the toggle, as wide as the panel
            left, top, width = panel.x + m, self._toggle_rect().bottom + 10, panel.w - 2 * m
        else:  # beside the toggle
            left, top, width = panel.x + m, panel.y + 24, self._toggle_rect().x - 24 - panel.x - m
        two_lines = 2 * canvas.line_height(HEADLINE * HEADLINE_TWO_LINES, True)  # (smaller, not a word a line)
        head_h = self._draw_headline(canvas, pygame.FRect(left, top, width, two_lines))
        why_h = canvas.paragraph(self.why(), (panel.x + m, top + head_h + 4, panel.w - 2 * m, 120), self.why_size,
                                 pal.text_dim)
        table_top = top + head_h + 4 + why_h + 12
        if not self.narrow:
            table_top = max(table_top, panel.y + 160)
        buttons = self._button_rects(len(self._actions()))[0].y
        table = pygame.FRect(panel.x + m - 10, table_top, panel.w - 2 * m + 20, buttons - 16 - table_top)
        top = self._draw_table(canvas, table) + (12 if self.narrow else 18)
        detail = pygame.FRect(table.x, top, table.w, buttons - 16 - top)
        if detail.h > 32:
            self.game.draw_outcome_detail(canvas, detail, self.outcome)

    def _draw_headline(self, canvas: Canvas, room: pygame.FRect) -> float:
        """Who won, on one line shrunk no further than a step above the why, else on two, smaller
        (a long winner's name, "■ Моти (сложно) побеждает!" at 150 %); returns its height."""
        text, ink = self.headline(), palette().text
        if canvas.fit_size(text, HEADLINE, room.w, True) >= HEADLINE_STEP * self.why_size:
            return canvas.text(text, room.topleft, HEADLINE, ink, "topleft", bold=True, max_width=room.w).h
        return canvas.paragraph(text, room, HEADLINE * HEADLINE_TWO_LINES, ink, bold=True)

    def _draw_table(self, canvas: Canvas, rect: pygame.FRect) -> float:
        """The score table: a heading row (headings wrap to two lines rather than shrink), then
        a row per seat; where a name or a heading would shrink far (a narrow panel, long names,
        many columns) and the rows have the height, each name on a line of its own above its
        numbers, which then take the table's whole width; returns where it ends."""
        pal = palette()
        heads, rows = self.game.score_table(self.outcome)
        labels = [f"{row[0]}  ★" if self.outcome.winner == r else row[0] for r, row in enumerate(rows)]
        names = max((canvas.text_size(label, NAME_SIZE, True)[0] + NAME_INSET for label in labels), default=0.0)
        widths = column_widths(canvas, heads, rect.w, names, NARROW_SHARE if self.narrow else FIRST_SHARE)
        name_h = canvas.line_height(NAME_SIZE, True)  # a name on a line of its own, the numbers under it
        row_h = max(46.0, canvas.line_height(22, True) + 14)
        stacked = (self.narrow and self._cramped(canvas, heads, labels, widths)
                   and row_h + len(rows) * (name_h + canvas.line_height(22, True) + 6) <= rect.h)
        if stacked:  # no names column: the numbers have the width, in equal columns
            widths = [0.0] + [rect.w / (len(heads) - 1)] * (len(heads) - 1)
            row_h = canvas.line_height(22, True) + 6
        else:
            name_h = 0.0
        xs = [rect.x + sum(widths[:c]) for c in range(len(widths))]
        size = head_size(canvas, heads, widths)
        one_line = all(canvas.text_size(h, size, True)[0] <= w - HEAD_PAD for h, w in zip(heads, widths) if w)
        head_h = max(46.0, canvas.line_height(22, True) + 14)
        head_h = head_h if one_line else max(head_h, 2 * canvas.line_height(size, True) + 8)
        if not stacked and rows:  # rows close up rather than run under the buttons (a headline on two lines)
            row_h = max(canvas.line_height(22, True) + 4, min(row_h, (rect.h - head_h) / len(rows)))
        if stacked and not one_line:
            self._draw_staggered(canvas, heads, xs, widths, rect.y + 4)
        else:
            for c, head in enumerate(heads):
                if widths[c] > HEAD_PAD:  # (stacked, the names column has none)
                    room = pygame.FRect(xs[c] + 10 if c == 0 else xs[c] + 4, rect.y, widths[c] - HEAD_PAD, head_h)
                    canvas.paragraph(head, room, size, pal.text_dim, bold=True,
                                     align="left" if c == 0 else "right", middle=True)
        y = rect.y + head_h
        for r, row in enumerate(rows):
            winner = self.outcome.winner == r
            box = pygame.FRect(rect.x, y + 3, rect.w, row_h + name_h - 6)
            canvas.rect(pal.table, box, radius=8)
            if winner:
                canvas.rect(pal.focus, box, width=2, radius=8)
            middle = y + name_h + row_h / 2  # the numbers' line (under the name's)
            name_y = y + 3 + name_h / 2 if stacked else middle
            self.game.draw_seat_swatch(canvas, r, pygame.FRect(rect.x + 8, name_y - 12, 24, 24))
            canvas.text(labels[r], (rect.x + 42, name_y), NAME_SIZE, pal.text, "midleft", bold=winner,
                        max_width=(rect.w if stacked else widths[0]) - NAME_INSET)
            for c, cell in enumerate(row[1:], start=1):
                last = c == len(row) - 1
                at, anchor = ((xs[c] + widths[c] / 2, middle), "center") if stacked else \
                    ((xs[c] + widths[c] - 10, middle), "midright")
                canvas.text(self.counted(cell) if last else cell, at, 22 if last else 20, pal.text, anchor, bold=last,
                            max_width=widths[c] - (6 if stacked else 14))
            y += row_h + name_h
        return y

    @staticmethod
    def _draw_staggered(canvas: Canvas, heads: list[str], xs: list[float], widths: list[float], top: float) -> None:
        """The number columns' headings on two lines in turn, the last on the lower one, each
        centred over its column with half of each neighbour's room (theirs are on the other
        line; the first and last flush with the table's edges): "Участки Косточки Мышки …" in
        a narrow panel."""
        step, last = canvas.line_height(HEAD_SIZE, True), len(heads) - 1
        rooms = [widths[c] * (1.5 if c in (1, last) else 2.0) - 6 for c in range(1, len(heads))]
        size = canvas.steady(HEAD_SIZE, lambda s: all(canvas.text_size(h, s, True)[0] <= room
                                                      for h, room in zip(heads[1:], rooms)))
        for c, (head, room) in enumerate(zip(heads[1:], rooms), start=1):
            y = top + (1 - (last - c) % 2) * step
            at, anchor = (((xs[c] + 4, y), "topleft") if c == 1 else ((xs[c] + widths[c] - 4, y), "topright")
                          if c == last else ((xs[c] + widths[c] / 2, y), "midtop"))
            canvas.text(head, at, size, palette().text_dim, anchor, bold=True, max_width=room)

    @staticmethod
    def _cramped(canvas: Canvas, heads: list[str], labels: list[str], widths: list[float]) -> bool:
        """A name shrunk below ``STACK_AT`` of its size in its column, or a one-word heading
        that does not fit its column even at ``STACK_AT`` of its size (it would shrink, unwrapped)."""
        name_room = widths[0] - NAME_INSET
        heading_room = [w - HEAD_PAD for w in widths[1:]]
        return (any(canvas.fit_size(label, NAME_SIZE, name_room, True) < NAME_SIZE * STACK_AT for label in labels)
                or any(" " not in h.strip() and canvas.text_size(h, HEAD_SIZE * STACK_AT, True)[0] > room
                       for h, room in zip(heads[1:], heading_room)))

    def _again(self) -> None:
        self.app.stack.pop()
        self.game.restart()

    def back(self) -> None:
        """Esc: close the summary to look at the final board (the menu is one more Esc away)."""
        self.app.stack.pop()

    def _to_title(self) -> None:
        to_title(self.app)

    def _replay(self) -> None:
        if self.game.local is not None:
            self.app.screens.replay(self.game.local.match)

    def _undo(self) -> None:
        self.app.stack.pop()
        self.game.undo()
