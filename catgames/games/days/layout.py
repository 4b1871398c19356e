"""Where things sit on the Woof Days / Cat Days table, for 2 to 4 weeks.

The viewer's week is the row just above their hand and the largest; opponents' weeks stack
above it in turn order.  Rows shrink with the player count, and when a portrait card would get
too narrow to read, opponents' days switch to landscape cards (points and name side by side).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from catgames.games.days.components import DAYS
from catgames.ui.canvas import Point
from catgames.ui.game_scene import SIDE_RECT

LABEL_W = 116          #: the name / score column left of each week
DAY_HEAD_H = 20        #: the row of day names at the top
HAND_H = 150
BANNER_H = 40
GAP = 6
CARD_RATIO = 0.72      #: portrait width / height
MIN_PORTRAIT_W = 76    #: narrower than this, a week is drawn with landscape cards
OWN_WEIGHT = 1.6      #: the viewer's week gets this many times an opponent's height
MAX_ROW_H = {True: 176.0, False: 168.0}   #: own week / opponents
HAND_CARD = (96.0, 134.0)
PILE = (60.0, 84.0)
SIDE = SIDE_RECT.inflate(-28, -24)   #: the side panel's content: seats, then the piles and buttons
PILES_Y = SIDE.y + 148
DECK_RECT = pygame.FRect(SIDE.x, PILES_Y, *PILE)
DISCARD_RECT = pygame.FRect(SIDE.x + PILE[0] + 16, PILES_Y, *PILE)
BUTTON_X = DISCARD_RECT.right + 20


@dataclass(frozen=True)
class Row:
    seat: int
    rect: pygame.FRect
    card: tuple[float, float]   #: the size of a visible card on this row
    compact: bool               #: landscape cards
    own: bool


class Layout:
    """Rows, day slots, the hand and the prompt banner inside ``board`` (virtual px)."""

    def __init__(self, board: pygame.FRect, players: int, viewer: int) -> None:
        self.board = board
        inner = board.inflate(-16, -16)
        self.day_head_y = inner.y
        self.hand = pygame.FRect(inner.x, inner.bottom - HAND_H, inner.w, HAND_H)
        self.banner = pygame.FRect(inner.x, self.hand.y - BANNER_H - GAP, inner.w, BANNER_H)
        self.x0 = inner.x + LABEL_W
        self.slot_w = (inner.right - self.x0) / DAYS
        top, bottom = inner.y + DAY_HEAD_H, self.banner.y - GAP
        order = [(viewer + k) % players for k in range(1, players)] + [viewer]
        unit = (bottom - top - GAP * (players - 1)) / (OWN_WEIGHT + players - 1)
        heights = [min(unit * (OWN_WEIGHT if s == viewer else 1.0), MAX_ROW_H[s == viewer]) for s in order]
        gap = max(GAP, (bottom - top - sum(heights)) / players)   # spare room spreads out
        self.rows: dict[int, Row] = {}
        y = top + gap - GAP
        for seat, h in zip(order, heights):
            rect = pygame.FRect(inner.x, y, inner.w, h)
            self.rows[seat] = Row(seat, rect, *self._card_size(h), own=seat == viewer)
            y += h + gap
        self.order = order

    def _card_size(self, row_h: float) -> tuple[tuple[float, float], bool]:
        room = row_h - 30                     # ears and covered edges above, a badge below
        h = min(room, (self.slot_w - 12) / CARD_RATIO)
        if h * CARD_RATIO >= MIN_PORTRAIT_W:
            return (h * CARD_RATIO, h), False
        w = self.slot_w - 14
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
        w, h = HAND_CARD
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
