"""Where things sit on the Woof Days / Cat Days table, for 2 to 4 weeks.

The viewer's week is the row just above their hand and the largest; opponents' weeks stack
above it in turn order.  Rows shrink with the player count, and when a portrait card would get
too narrow to read, opponents' days switch to landscape cards (points and name side by side).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from catgames.games.days.components import DAYS
from catgames.ui.canvas import VIRTUAL_SIZE, Canvas, Point
from catgames.ui.game_scene import SIDE_RECT

LABEL_W = 128          #: the name / score column left of each week ("Player 1" on one line)
DAY_HEAD_H = 20        #: the row of day names at the top (at least)
HAND_H = 150
BANNER_H = 40          #: the prompt banner (at least: it holds two lines of the prompt)
DAY_HEAD_SIZE = 16
PROMPT_SIZE = 18
CANCEL_SIZE = 17       #: the banner's Cancel button, for a card mid-play
GAP = 6
CARD_GAP = 6           #: between two days' cards side by side
CARD_RATIO = 0.72      #: portrait width / height
MIN_PORTRAIT_W = 76    #: narrower than this, a week is drawn with landscape cards
OWN_WEIGHT = 1.6      #: the viewer's week gets this many times an opponent's height
MAX_ROW_H = {True: 176.0, False: 168.0}   #: own week / opponents
ROW_MARGIN = 30        #: a row's height less its cards': ears and covered edges above, a badge below
MIN_MARGIN = 18        #: what a row keeps of that margin at a larger text size (badges hang lower)
PORTRAIT_ROW_H = MIN_PORTRAIT_W / CARD_RATIO + ROW_MARGIN + 1  #: the viewer's week keeps portrait cards
HAND_CARD = (96.0, 134.0)
PILE = (60.0, 84.0)
SIDE = SIDE_RECT.inflate(-28, -24)   #: the side panel's content: seats, then the piles and buttons
PILES_Y = SIDE.y + 148   #: the piles' top, unless the seats above need more room
SEAT_SIZE = 18           #: a seat's name in the side panel (its kind and hand size a little smaller)
PILE_LABEL_SIZE = 14     #: "Deck 58" under a pile, wrapped in the pile's column
PILE_LABEL_GAP = 4       #: a pile's words keep off its column's edges ("Pioche 56Défausse" ran together)
BUTTON_SIZE = 18
BUTTON_H = 40


@dataclass(frozen=True)
class Row:
    seat: int
    rect: pygame.FRect
    card: tuple[float, float]   #: the size of a visible card on this row
    compact: bool               #: landscape cards
    own: bool


_MEASURES: dict[float, Canvas] = {}


def measure(text_scale: float) -> Canvas:
    """A canvas at the virtual size, for measuring text at ``text_scale`` where the scene has no
    canvas at hand (building its layout, hit-testing a click)."""
    if text_scale not in _MEASURES:
        _MEASURES[text_scale] = Canvas(pygame.Surface(VIRTUAL_SIZE, 0, 8), text_scale)
    return _MEASURES[text_scale]


@dataclass(frozen=True)
class Side:
    """The side panel below its seat list: the deck and the discard pile, each in a column its
    label wraps in, then the Draw and Pass buttons in the room left."""

    seat_step: float
    deck: pygame.FRect
    discard: pygame.FRect
    column: float          #: the width of a pile's column (its label's room)
    draw: pygame.FRect
    pass_: pygame.FRect


def _day_head_h(canvas: Canvas, scale: float) -> float:
    return max(DAY_HEAD_H, canvas.line_height(DAY_HEAD_SIZE * scale, bold=True))


def _banner_h(canvas: Canvas, scale: float) -> float:
    """Two lines of the prompt."""
    return max(BANNER_H, 2 * canvas.line_height(PROMPT_SIZE * scale, bold=True) + 8)


def side_layout(canvas: Canvas, players: int, labels: Sequence[str], buttons: Sequence[str]) -> Side:
    """Where the piles and buttons go for ``players`` seats at the canvas's text size: the pile
    columns as wide as their ``labels`` (at least their longest word), the buttons as their
    texts need."""
    step = max(36.0, canvas.line_height(SEAT_SIZE) + 10)
    y = max(PILES_Y, SIDE.y + step * players + 4)
    label_w = max(canvas.text_size(label, PILE_LABEL_SIZE)[0] for label in labels)
    word_w = max(canvas.text_size(w, PILE_LABEL_SIZE)[0] for label in labels for w in label.split())
    button_w = max(100.0, max(canvas.text_size(t, BUTTON_SIZE, bold=True)[0] for t in buttons) + 28)
    column = min(max(PILE[0] + 16, label_w + 6), (SIDE.w - button_w - 12) / 2)   # one line if there is room
    column = max(column, PILE[0] + 14, word_w + 6)
    deck = pygame.FRect(SIDE.x + (column - PILE[0]) / 2, y, *PILE)
    x = SIDE.x + 2 * column + 12
    draw = pygame.FRect(x, y, SIDE.right - x, BUTTON_H)
    return Side(step, deck, deck.move(column, 0), column, draw, draw.move(0, BUTTON_H + 8))


class Layout:
    """Rows, day slots, the hand and the prompt banner inside ``board`` (virtual px); the day
    names and the banner take the height ``canvas`` needs for their text at its text size.

    The rows give up that height, but their cards keep the size they have at 100 %, so the
    text printed on them never gets smaller at a larger text size (a row's badges may then
    hang into the gap below it); where the rows leave room, the hand's cards grow as printed
    text does."""

    def __init__(self, board: pygame.FRect, players: int, viewer: int, canvas: Canvas, cancel: str) -> None:
        self.board = board
        inner = board.inflate(-16, -16)
        self.day_head_y = inner.y
        self.day_head_h = _day_head_h(canvas, 1.0)
        banner_h = _banner_h(canvas, 1.0)
        own, other, spare = self._heights(inner, players, self.day_head_h, banner_h)
        hand_h = HAND_H + min(spare, HAND_H * (canvas.piece_growth - 1))   # larger cards where there is room
        self.hand_card = (HAND_CARD[0] * hand_h / HAND_H, HAND_CARD[1] * hand_h / HAND_H)
        self.hand = pygame.FRect(inner.x, inner.bottom - hand_h, inner.w, hand_h)
        self.banner = pygame.FRect(inner.x, self.hand.y - banner_h - GAP, inner.w, banner_h)
        cancel_w = max(150.0, canvas.text_size(cancel, CANCEL_SIZE, bold=True)[0] + 28)
        self.cancel = pygame.FRect(self.banner.right - cancel_w - 6, self.banner.y + 4, cancel_w, self.banner.h - 8)
        self.x0 = inner.x + LABEL_W
        self.slot_w = (inner.right - self.x0) / DAYS
        order = [(viewer + k) % players for k in range(1, players)] + [viewer]
        nominal = 1 / canvas.text_scale   # the sizes at 100 %
        at_100 = self._heights(inner, players, _day_head_h(canvas, nominal), _banner_h(canvas, nominal))
        top, bottom = inner.y + self.day_head_h, self.banner.y - GAP
        gap = max(GAP, (bottom - top - own - other * (players - 1)) / players)   # spare room spreads out
        self.rows: dict[int, Row] = {}
        y = top + gap - GAP
        for seat in order:
            h, h_100 = (own, at_100[0]) if seat == viewer else (other, at_100[1])
            rect = pygame.FRect(inner.x, y, inner.w, h)
            self.rows[seat] = Row(seat, rect, *self._card_size(min(h_100, h + ROW_MARGIN - MIN_MARGIN)),
                                  own=seat == viewer)
            y += h + gap
        self.order = order

    @staticmethod
    def _heights(inner: pygame.FRect, players: int, head_h: float, banner_h: float) -> tuple[float, float, float]:
        """The viewer's row and an opponent's, between the day names and the banner above a hand
        of ``HAND_H``, and the height they leave spare (the rows have their largest size)."""
        room = inner.h - HAND_H - banner_h - GAP - head_h - GAP * players
        own = min(max(room / (OWN_WEIGHT + players - 1) * OWN_WEIGHT, PORTRAIT_ROW_H), MAX_ROW_H[True])
        other = min((room - own) / (players - 1), MAX_ROW_H[False])
        return own, other, max(0.0, room - own - other * (players - 1))

    def _card_size(self, row_h: float) -> tuple[tuple[float, float], bool]:
        room = row_h - ROW_MARGIN
        h = min(room, (self.slot_w - CARD_GAP) / CARD_RATIO)
        if h * CARD_RATIO >= MIN_PORTRAIT_W:
            return (h * CARD_RATIO, h), False
        w = self.slot_w - CARD_GAP - 2
        return (w, min(room, w * 0.78)), True

    # -- geometry -----------------------------------------------------------------------------
    def slot(self, seat: int, day: int) -> pygame.FRect:
        """The whole cell of a day (what a drop or a click hits)."""
        row = self.rows[seat].rect
        return pygame.FRect(self.x0 + day * self.slot_w, row.y, self.slot_w, row.h)

    def card_rect(self, seat: int, day: int) -> pygame.FRect:
        """Where the day's visible card is drawn."""
        slot = self.slot(seat, day)
        w, h = self.rows[seat].card
        return pygame.FRect(0, 0, w, h).move_to(centerx=slot.centerx, y=slot.y + 14)

    def label_rect(self, seat: int) -> pygame.FRect:
        row = self.rows[seat].rect
        return pygame.FRect(row.x, row.y, LABEL_W - 6, row.h)

    def day_at(self, pos: Point) -> tuple[int, int] | None:
        for seat in self.order:
            row = self.rows[seat].rect
            if row.y <= pos[1] < row.bottom and self.x0 <= pos[0] < self.x0 + DAYS * self.slot_w:
                return seat, int((pos[0] - self.x0) // self.slot_w)
        return None

    def beside(self, spot: tuple[int, int], days: int, rows: int) -> tuple[int, int]:
        """The day ``days`` along and ``rows`` down from ``spot`` on screen, wrapping round."""
        seat, day = spot
        row = (self.order.index(seat) + rows) % len(self.order)
        return self.order[row], (day + days) % DAYS

    def hand_rects(self, count: int, lifted: int | None = None) -> list[pygame.FRect]:
        """The hand fanned along a shallow arc; ``lifted`` rises to be read."""
        w, h = self.hand_card
        if count == 0:
            return []
        room = self.hand.w - 24
        step = min(w + 10, (room - w) / (count - 1)) if count > 1 else 0
        x = self.hand.centerx - (w + step * (count - 1)) / 2
        mid = (count - 1) / 2
        rects = []
        for i in range(count):
            dip = 8 * ((i - mid) / mid) ** 2 if mid else 0
            top = self.hand.bottom - h - 10 + dip - (14 if i == lifted else 0)
            rects.append(pygame.FRect(x + i * step, top, w, h))
        return rects
