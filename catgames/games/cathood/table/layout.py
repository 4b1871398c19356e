"""Where everything of the Cathood table sits in the virtual 1280x800 layout.

Pure geometry, no drawing and no rules: the neighbourhood (tiles with streets between them,
fitted to the grid of the player count), the chosen cat's board under it, and a right-hand
column with the action spaces, the two market rows, the park deck, the prompt and End turn.
Scene and view both read it, so a click and a drawing always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import pygame

from catgames.ui.canvas import Point
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT

NEIGHBOURHOOD = pygame.FRect(BOARD_RECT.x + 6, BOARD_RECT.y + 6, 548, 500)
BOARD_PANEL = pygame.FRect(NEIGHBOURHOOD.x, NEIGHBOURHOOD.bottom + 6, NEIGHBOURHOOD.w,
                           BOARD_RECT.bottom - NEIGHBOURHOOD.bottom - 12)
PASSAGE = 12.0                #: room round the grid for the secret-passage marks
STREET_SHARE = 0.22           #: a street's width per tile width (narrow: the tiles take the room)
CAT_SHARE = 0.315             #: a cat's size per tile width

COLUMN_X = NEIGHBOURHOOD.right + 10
COLUMN_W = BOARD_RECT.right - 6 - COLUMN_X
ACTION_BOARD = pygame.FRect(COLUMN_X, NEIGHBOURHOOD.y, COLUMN_W, 142)
ACTION_TOP, ACTION_GAP = 28.0, 3.0   #: the heading's band over the spaces; between two spaces
DISC = 22.0                   #: a disc's diameter
CARD_W, CARD_H, CARD_GAP = 94.0, 74.0, 8.0
ROWS_TOP = ACTION_BOARD.bottom + 6
ROW_H = 108.0                 #: a heading (room for it at 150 %) over a row of cards
PARK_DECK = pygame.FRect(COLUMN_X, ROWS_TOP + 2 * ROW_H, COLUMN_W, 42)  #: room for two lines
PROMPT = pygame.FRect(COLUMN_X, PARK_DECK.bottom + 6, COLUMN_W, 186)
MARKET = pygame.FRect(COLUMN_X, ROWS_TOP, COLUMN_W, PARK_DECK.bottom - ROWS_TOP)   #: both rows and the park deck
END_TURN = pygame.FRect(COLUMN_X, PROMPT.bottom + 6, COLUMN_W, BOARD_RECT.bottom - 6 - PROMPT.bottom - 6)
DECISION_PROMPT = PROMPT.union(END_TURN)   #: a decision's prompt: End turn is not offered then
RESERVED = pygame.FRect(BOARD_PANEL.right - CARD_W - 10, BOARD_PANEL.bottom - CARD_H - 8, CARD_W, CARD_H)
#: the board's left part (the cubes in a row, then a line each for the houses and the statues
#: left: a label, the pieces after it) and its collection column, both under its heading
PIECE_STEP = 19.0             #: between the houses (and statues) left on a board
MOST_HOUSES, MOST_STATUES = 6, 3
STORE_AREA = pygame.FRect(BOARD_PANEL.x + 12, BOARD_PANEL.y, 12 * 22, BOARD_PANEL.h - 6)
CARDS_AREA = pygame.FRect(STORE_AREA.right + 12, STORE_AREA.y, RESERVED.x - STORE_AREA.right - 24, STORE_AREA.h)
STATUE_HOME = (STORE_AREA.right - 9 - (MOST_STATUES - 1) * PIECE_STEP, STORE_AREA.bottom - 10)  #: the first statue
STATUE_REACH = 12.0           #: how near a statue a press takes it up
PLACE_HOME = (PROMPT.centerx, PROMPT.bottom - 28)   #: under the words (one button row)
OPTION_H, OPTION_GAP = 38.0, 6.0
SEATS_TITLE = 18.0            #: the text size of the side panel's title


@dataclass(frozen=True)
class Grid:
    """The drawn neighbourhood of a ``rows`` x ``cols`` grid: tile size, street width, origin."""

    rows: int
    cols: int
    tile: float
    gap: float
    left: float            #: x of the outer edge of the west ring road
    top: float

    @property
    def rect(self) -> pygame.FRect:
        """The streets and tiles, ring road included (passage marks lie just outside)."""
        step = self.tile + self.gap
        return pygame.FRect(self.left, self.top, self.cols * step + self.gap, self.rows * step + self.gap)

    def tile_rect(self, position: int) -> pygame.FRect:
        r, c = divmod(position, self.cols)
        step = self.tile + self.gap
        return pygame.FRect(self.left + self.gap + c * step, self.top + self.gap + r * step,
                            self.tile, self.tile)

    def _axis(self, k: int, origin: float) -> float:
        """Lattice coordinate ``k`` -> virtual: even = middle of a street, odd = middle of a tile."""
        step = self.tile + self.gap
        return origin + (k // 2) * step + (self.gap / 2 if k % 2 == 0 else self.gap + self.tile / 2)

    def point(self, lattice: tuple[int, int]) -> Point:
        """The centre of lattice point ``(y, x)`` (a space when ``y + x`` is odd)."""
        y, x = lattice
        return (self._axis(x, self.left), self._axis(y, self.top))

    def slot(self, lattice: tuple[int, int]) -> pygame.FRect:
        """A space's slot in the street: long along the street, as wide as the street."""
        y, x = lattice
        long, short = self.tile * 0.46, self.gap * 0.72
        w, h = (long, short) if y % 2 == 0 else (short, long)
        return pygame.FRect(0, 0, w, h).move_to(center=self.point(lattice))

    def tile_at(self, pos: Point) -> int | None:
        for p in range(self.rows * self.cols):
            if self.tile_rect(p).collidepoint(pos):
                return p
        return None

    def passages(self) -> list[tuple[Point, str]]:
        """Each street end on the border with the side it opens to (``N``, ``E``, ``S``, ``W``)."""
        r = self.rect
        out: list[tuple[Point, str]] = []
        for y in range(0, 2 * self.rows + 1, 2):
            cy = self._axis(y, self.top)
            out += [((r.x - PASSAGE / 2, cy), "W"), ((r.right + PASSAGE / 2, cy), "E")]
        for x in range(0, 2 * self.cols + 1, 2):
            cx = self._axis(x, self.left)
            out += [((cx, r.y - PASSAGE / 2), "N"), ((cx, r.bottom + PASSAGE / 2), "S")]
        return out


@lru_cache(maxsize=None)
def grid(rows: int, cols: int) -> Grid:
    """The largest neighbourhood of ``rows`` x ``cols`` tiles that fits, centred."""
    room = NEIGHBOURHOOD.inflate(-2 * PASSAGE - 2, -2 * PASSAGE - 2)
    ratio = STREET_SHARE
    tile = min(room.w / (cols + (cols + 1) * ratio), room.h / (rows + (rows + 1) * ratio))
    gap = tile * ratio
    w, h = cols * (tile + gap) + gap, rows * (tile + gap) + gap
    return Grid(rows, cols, tile, gap, room.centerx - w / 2, room.centery - h / 2)


def action_rect(action: int) -> pygame.FRect:
    """Action space ``action`` (0..7, the order of ``components.ACTIONS``): two columns of four
    rows, the moves and turns (1-4) on the left, buying and the park (5-8) on the right; each a
    line wide enough for its key, its name and the place of its disc."""
    col, row = divmod(action, 4)
    w = (ACTION_BOARD.w - 12 - ACTION_GAP) / 2
    h = (ACTION_BOARD.h - ACTION_TOP - 5 - 3 * ACTION_GAP) / 4
    return pygame.FRect(ACTION_BOARD.x + 6 + col * (w + ACTION_GAP),
                        ACTION_BOARD.y + ACTION_TOP + row * (h + ACTION_GAP), w, h)


def disc_slot(action: int) -> Point:
    """Where a disc put on action space ``action`` lies: at the right end of its line."""
    rect = action_rect(action)
    return (rect.right - DISC / 2 - 4, rect.centery)


def disc_point(i: int) -> Point:
    """Where the ``i``-th free disc waits, right of the action board's heading."""
    return (ACTION_BOARD.right - DISC / 2 - 4 - i * (DISC + 6), ACTION_BOARD.y + 14)


def statue_point(i: int) -> Point:
    """Where the ``i``-th statue left (0 the first, its home) stands on a cat's board."""
    return (STATUE_HOME[0] + i * PIECE_STEP, STATUE_HOME[1])


def row_rect(kind: int) -> pygame.FRect:
    """The market row of ``kind`` (0 toys, 1 buildings): a heading and three cards."""
    return pygame.FRect(COLUMN_X, ROWS_TOP + kind * ROW_H, COLUMN_W, ROW_H - 6)


def card_rect(kind: int, i: int) -> pygame.FRect:
    row = row_rect(kind)
    x0 = row.x + (row.w - 3 * CARD_W - 2 * CARD_GAP) / 2
    return pygame.FRect(x0 + i * (CARD_W + CARD_GAP), row.bottom - CARD_H - 2, CARD_W, CARD_H)


def card_at(rows: Sequence[Sequence[int]], pos: Point) -> int | None:
    """The market card (of ``rows``: toys, buildings) under ``pos``, if any."""
    for kind, row in enumerate(rows):
        for i, card in enumerate(row):
            if card_rect(kind, i).collidepoint(pos):
                return card
    return None


def prompt_room(box: pygame.FRect, rows: int) -> pygame.FRect:
    """The prompt's panel above its ``rows`` of option buttons: its words, or the note of what
    the move shown on the board would do (docked here, off the board, it hides none of it)."""
    return pygame.FRect(box.x, box.y, box.w, box.h - rows * (OPTION_H + OPTION_GAP))


def option_rect(i: int, count: int, row: int = 0, rows: int = 1, box: pygame.FRect = PROMPT) -> pygame.FRect:
    """Button ``i`` of ``count`` in option row ``row`` of ``rows`` at the bottom of the prompt
    (``box``: ``DECISION_PROMPT`` while a decision is asked)."""
    inner = box.inflate(-16, -12)
    w = (inner.w - (count - 1) * OPTION_GAP) / count
    y = inner.bottom - (rows - row) * (OPTION_H + OPTION_GAP) + OPTION_GAP
    return pygame.FRect(inner.x + i * (w + OPTION_GAP), y, w, OPTION_H)


def seat_row(seat: int, players: int, text_scale: float) -> pygame.FRect:
    """A cat's row in the side panel (a click shows its board under the neighbourhood), under
    the panel's title at the text scale (a line is about 1.2 times its text size)."""
    inner = SIDE_RECT.inflate(-28, -24)
    top = inner.y + max(30.0, SEATS_TITLE * text_scale * 1.2 + 4)
    step = (inner.bottom - top) / players
    return pygame.FRect(inner.x - 6, top + seat * step, inner.w + 12, step - 4)
