"""Drawing cards in the air on the Kotatsu Cats table: the held cards, their preview on the
edge they would go to, and the drop verdict."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.components import KotatsuData
from catgames.games.kotatsu.hands import HandValue
from catgames.games.kotatsu.table.panels import Seen, draw_edge_label
from catgames.games.kotatsu.table.view import draw_card
from catgames.ui.callouts import draw_verdict_mark
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

HELD_W, HELD_H = 60.0, 84.0


def draw_held(canvas: Canvas, data: KotatsuData, cards: Sequence[int], center: Point) -> None:
    """Cards in the hand of the player, fanned a little around ``center``."""
    for j, card in enumerate(cards):
        rect = pygame.FRect(0, 0, HELD_W, HELD_H).move_to(
            center=(center[0] + j * 26 - 13 * (len(cards) - 1), center[1] + j * 6))
        draw_card(canvas, rect, data, card)


def draw_edge_preview(canvas: Canvas, seen: Seen, k: int, seat: int, added: Sequence[int],
                      value: HandValue | None) -> None:
    """``added`` on the free places of ``seat``'s edge of kotatsu ``k`` and, when the rules gave
    it (a legal drop), the hand they would make."""
    held = len(seen.view.edges[k][seat])
    slots = L.card_slots(k, "bottom")
    for j, card in enumerate(added):
        if held + j < len(slots):
            draw_card(canvas, slots[held + j], seen.data, card, alpha=190)
    if value is not None:
        draw_edge_label(canvas, seen, k, seat, value, prefix="→ ")


def draw_verdict(canvas: Canvas, area: pygame.FRect, legal: bool) -> None:
    """A ring round the drop area with a tick or a cross (never colour alone)."""
    pal = palette()
    color = pal.ok if legal else pal.bad
    canvas.rect(color, area.inflate(12, 12), width=4, radius=12)
    draw_verdict_mark(canvas, (area.right + 4, area.y - 4), 13, legal)
