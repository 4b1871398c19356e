"""If It Fits' box badges: the pill on a box's first card with its toys, its closed or dead mark
and who leads it, and where it goes: clear of the balls of yarn on that card (issue 26).

Pure drawing and geometry in virtual coordinates; the table's painter draws them last.
"""

from __future__ import annotations

import math
from typing import Any, Iterator, Sequence

import pygame

from catgames.games.boxes.rules import BoxesState
from catgames.games.boxes.scoring import BoxesScore
from catgames.games.boxes.table.view import INK, PAPER, Camera, draw_yarn, toy_spots
from catgames.ui.canvas import LEGIBLE, Canvas, Point
from catgames.ui.theme import SeatStyle

BADGE_ROOM = 0.42  #: a box badge grows with the text size up to this share of a card's height
BADGE_LEAST = 15.0  #: and is never lower than this (its numeral then 9 px: canvas.LEGIBLE)


def box_badges(canvas: Canvas, cam: Camera, seen: BoxesState,
               score: BoxesScore) -> Iterator[tuple[Point, float, Any, Sequence[int]]]:
    """Each box's badge: its top-left corner and height, the box and its leaders.  It sits on the
    box's first card (top row, then left), readable at any zoom and larger with the text on
    pieces where the card has room, but left of that card's toys: it shrinks, down to readable,
    rather than cover them (issue 26)."""
    geo = seen.geo
    base = max(BADGE_LEAST, cam.h * 0.3)
    for scored in score.boxes:
        box = scored.box
        if not (box.toys or any(box.counts)):
            continue
        x, y = min((geo.xy(s) for s in box.slots), key=lambda p: (p[1], p[0]))
        corner = cam.slot_rect(x, y).topleft
        pos = (corner[0] + 3, corner[1] + 3)
        right = min((cx - r for (cx, _), r in card_toys(canvas, cam, seen, x, y)), default=math.inf) - 2
        text = badge_text(box.toys, box_mark(box))
        size = canvas.steady(base, lambda s: s <= cam.h * BADGE_ROOM and pos[0] + badge_width(
            canvas, s, text, len(scored.leaders)) <= right, fixed=True, least=BADGE_LEAST)
        yield pos, max(size, BADGE_LEAST), box, scored.leaders


def box_mark(box: Any) -> str:
    return "✓" if box.closed else "✗" if box.dead else ""


def card_toys(canvas: Canvas, cam: Camera, seen: BoxesState, x: int, y: int) -> list[tuple[Point, float]]:
    """Where the balls of yarn of the card at (x, y) are drawn: centre and radius of each."""
    slot = seen.geo.slot(x, y)
    toys = seen.layout.cards[slot][3] if slot is not None else 0
    return toy_spots(canvas, card_rect(cam, x, y), toys)


def card_rect(cam: Camera, x: int, y: int) -> pygame.FRect:
    """A card as drawn: its slot less a hairline between cards."""
    gap = max(1.0, cam.h * 0.03)
    return cam.slot_rect(x, y).inflate(-gap, -gap)


def draw_box_badge(canvas: Canvas, pos: Point, size: float, toys: int, mark: str,
                   leaders: Sequence[SeatStyle], ink: Sequence[int] = INK) -> pygame.FRect:
    """A pill at ``pos`` (its top-left): closed/dead mark, the box's toys, who leads it."""
    h = size
    text = badge_text(toys, mark)
    rect = pygame.FRect(pos, (badge_width(canvas, size, text, len(leaders)), h))
    canvas.rect((*PAPER, 235), rect, radius=h / 2)
    canvas.rect(ink, rect, width=max(1.0, h / 16), radius=h / 2)
    x = rect.x + h * 0.3
    end = canvas.text(text, (x, rect.centery), h * 0.62, ink, "midleft", bold=True, fixed=True).right
    draw_yarn(canvas, (end + h * 0.42, rect.centery), h * 0.26)
    x = end + h * 0.86
    for style in leaders:
        centre = (x + h * 0.33, rect.centery)
        canvas.circle(style.color, centre, h * 0.36)
        canvas.circle(ink, centre, h * 0.36, width=max(1.0, h / 18))
        canvas.text(style.symbol, centre, max(h * 0.5, LEGIBLE), _ink_on(style.color), "center", fixed=True)
        x += h * 0.78
    return rect


def badge_text(toys: int, mark: str) -> str:
    return f"{mark} {toys}" if mark else str(toys)


def badge_width(canvas: Canvas, size: float, text: str, leaders: int) -> float:
    """How wide a box badge ``size`` high is with ``text`` and ``leaders`` seat discs."""
    return size * 0.4 + canvas.text_size(text, size * 0.62, bold=True, fixed=True)[0] + size * 0.95 + leaders * size * 0.78


def _ink_on(color: Sequence[int]) -> tuple[int, int, int]:
    light = sum(c * w for c, w in zip(color, (0.299, 0.587, 0.114))) > 140
    return (20, 20, 20) if light else (250, 250, 250)
