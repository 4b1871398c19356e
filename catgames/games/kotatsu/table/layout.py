"""Where everything of the Kotatsu Cats table sits in the virtual 1280x800 layout.

Pure geometry, no drawing and no rules: the three kotatsu zones in a row, the four edges
around each (the viewing seat's edge is always the bottom one, next to its hand), the two
cat + cushion pairs on each table top, the hand, the deck and discard piles, the resolution
panel and the side panel's seat rows.  Scene and view both read it, so they always agree.
"""

from __future__ import annotations

import pygame

from catgames.ui.canvas import Point
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT

INFO = pygame.FRect(BOARD_RECT.x + 8, BOARD_RECT.y + 8, BOARD_RECT.w - 16, 88)  #: room for 150 %
ZONE_GAP, ZONE_MARGIN = 8.0, 8.0
ZONE_W = (BOARD_RECT.w - 2 * ZONE_MARGIN - 2 * ZONE_GAP) / 3   #: the three tatami fill the board's width
ZONE_TOP, ZONE_H = INFO.bottom + 6, 384.0
FUTON = 164.0                #: the blanket square of a kotatsu
TABLE_TOP = 134.0            #: the wooden top on which the pairs sit
CARD_W, CARD_H = 44.0, 61.0  #: a card lying at an edge
CARD_STEP = 46.0             #: along a bottom/top edge
FAN_STEP = 31.0              #: down a left/right edge (upright cards, index corners showing)
EDGE_GAP = 4.0               #: between the futon and the cards of an edge
PAIR_SIZE = 56.0             #: a cushion on the table top
LUCKY_SIZE = 30.0            #: a lucky cat waiting between two kotatsu
SIDE_LABEL_H = 52.0          #: a left/right edge's label: stars, then the hand's name on two lines
SIDE_LABEL_OUT = 3.0         #: how far a left/right edge's label reaches past its tatami into the gap
LABEL_H = 22.0               #: a bottom/top edge's label chip (both grow with the text on pieces)

HAND_TOP = ZONE_TOP + ZONE_H + 6
HAND_W, HAND_H, HAND_STEP = 76.0, 104.0, 88.0
HAND_X = BOARD_RECT.x + 24
HAND_Y = HAND_TOP + 38       #: the cards, under the hand's heading (a 150 % line) and clear of their rings
PILE_W, PILE_H = 64.0, 88.0
PILE_LABEL_W = PILE_W + 52   #: "Discard 24" over its pile
DISCARD = pygame.FRect(BOARD_RECT.right - PILE_W - 30, HAND_Y + 4, PILE_W, PILE_H)
DECK = pygame.FRect(DISCARD.x - PILE_LABEL_W, HAND_Y + 4, PILE_W, PILE_H)
PROMPT_X = HAND_X + 3 * HAND_STEP + 16
PROMPT = pygame.FRect(PROMPT_X, HAND_TOP + 4, DECK.centerx - PILE_LABEL_W / 2 - 8 - PROMPT_X,
                      BOARD_RECT.bottom - HAND_TOP - 8)  #: the standing explanation, a button under it
PROMPT_BUTTON_H = 44.0

#: a modal panel over the strip and the kotatsu while the winner picks
RESOLUTION = pygame.FRect(BOARD_RECT.x + 24, INFO.y, BOARD_RECT.w - 48, HAND_TOP - 4 - INFO.y)
PEEK_BOX_W, PEEK_BOX_H = 190.0, 100.0
RES_ROW_H = 40.0

SIDES_BY_PLAYERS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}  #: clockwise from the viewer; with 2 or 3 players the unused edges stay empty (rule 3)


def zone(k: int) -> pygame.FRect:
    """The tatami of kotatsu ``k`` (0-based)."""
    left = BOARD_RECT.x + ZONE_MARGIN
    return pygame.FRect(left + k * (ZONE_W + ZONE_GAP), ZONE_TOP, ZONE_W, ZONE_H)


def gap_point(i: int) -> Point:
    """Between kotatsu ``i`` and ``i + 1``: where the ``i + 1``-th lucky cat drawn waits (rule 29),
    level with the quilts' top corners, where no edge's cards lie."""
    z = zone(i)
    return (z.right + ZONE_GAP / 2, futon(i).y - 22)


def number_point(k: int) -> Point:
    """Where kotatsu ``k``'s number stands: on the tatami off the quilt's top-left corner, clear
    of the edges' cards and of every label at any text size (a top label may be zone-wide)."""
    f = futon(k)
    return (f.x - 22, f.y - 22)


def lucky_rect(i: int) -> pygame.FRect:
    """The ``i + 1``-th lucky cat drawn, where it waits (what a pointer over it hits)."""
    return pygame.FRect(0, 0, LUCKY_SIZE * 1.2, LUCKY_SIZE * 1.2).move_to(center=gap_point(i))


def side_of(seat: int, bottom_seat: int, players: int) -> str:
    """Which edge of every kotatsu ``seat`` sits at when ``bottom_seat`` views the table."""
    return SIDES_BY_PLAYERS[players][(seat - bottom_seat) % players]


def futon(k: int) -> pygame.FRect:
    return pygame.FRect(0, 0, FUTON, FUTON).move_to(center=zone(k).center)


def card_slots(k: int, side: str) -> list[pygame.FRect]:
    """The three card places of an edge, in play order."""
    f = futon(k)
    if side in ("bottom", "top"):
        y = f.bottom + EDGE_GAP if side == "bottom" else f.top - EDGE_GAP - CARD_H
        x0 = f.centerx - CARD_STEP - CARD_W / 2
        return [pygame.FRect(x0 + i * CARD_STEP, y, CARD_W, CARD_H) for i in range(3)]
    x = f.x - EDGE_GAP - CARD_W if side == "left" else f.right + EDGE_GAP
    y0 = f.centery - (CARD_H + 2 * FAN_STEP) / 2
    return [pygame.FRect(x, y0 + i * FAN_STEP, CARD_W, CARD_H) for i in range(3)]


def edge_area(k: int, side: str) -> pygame.FRect:
    """The band in the seat's colour that holds an edge's cards."""
    slots = card_slots(k, side)
    return slots[0].union(slots[-1]).inflate(10, 10)


def drop_area(k: int, side: str = "bottom") -> pygame.FRect:
    """Where a release plays cards onto the mover's (bottom) edge of kotatsu ``k``: its band, a
    little forgiving, and its label below; never the futon nor an opponent's edge (whose own
    area, ``side``, only refuses them)."""
    return edge_area(k, side).inflate(16, 8).union(label_box(k, side))


def label_box(k: int, side: str, grow: float = 1.0) -> pygame.FRect:
    """Where an edge's live hand label goes: beyond the cards (bottom/top), below the fan (sides);
    ``grow``: how much larger than at 100 % the text on pieces is drawn."""
    area = edge_area(k, side)
    z = zone(k)
    if side == "bottom":  # the zone's width: a side label ends above it
        return pygame.FRect(z.x + 8, area.bottom + 3, z.w - 16, LABEL_H * grow)
    if side == "top":
        return pygame.FRect(z.x + 8, area.y - 3 - LABEL_H * grow, z.w - 16, LABEL_H * grow)
    # a side label keeps clear of the bottom edge's band: its width is the room beside it
    w = edge_area(k, "bottom").x - z.x - 3 + SIDE_LABEL_OUT
    x = z.x - SIDE_LABEL_OUT if side == "left" else z.right + SIDE_LABEL_OUT - w
    return pygame.FRect(x, area.bottom + 4, w, SIDE_LABEL_H * grow)


def pair_centre(k: int, slot: int) -> Point:
    """The centre of pair ``slot`` on the table top of kotatsu ``k``."""
    cx, cy = zone(k).center
    return (cx + (slot - 0.5) * (PAIR_SIZE + 8), cy)


def hand_rect(i: int) -> pygame.FRect:
    return pygame.FRect(HAND_X + i * HAND_STEP, HAND_Y, HAND_W, HAND_H)


def hand_ring(i: int) -> pygame.FRect:
    """The ring round hand card ``i`` once chosen (the first of two cards to play)."""
    return hand_rect(i).inflate(10, 10)


def seat_row(seat: int, players: int) -> pygame.FRect:
    """A seat's row in the side panel: name on the first line, its collection on the second."""
    inner = SIDE_RECT.inflate(-28, -24)
    top = inner.y + 36
    step = min(70.0, (inner.bottom - top) / players)
    return pygame.FRect(inner.x, top + seat * step, inner.w, step - 4)


def peek_boxes() -> list[pygame.FRect]:
    """The two pair boxes of the resolution panel, under its table of hands."""
    r = RESOLUTION
    y = r.bottom - PEEK_BOX_H - 50
    return [pygame.FRect(r.centerx - PEEK_BOX_W - 40 + i * (PEEK_BOX_W + 80), y, PEEK_BOX_W, PEEK_BOX_H)
            for i in range(2)]


def take_button(slot: int) -> pygame.FRect:
    """The "Take this pair" button under a peek box."""
    box = peek_boxes()[slot]
    return pygame.FRect(box.x + 10, box.bottom + 6, box.w - 20, 36)
