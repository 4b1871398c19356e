"""Cards in the air on the Kotatsu Cats table: where a release lands them (an edge, the discard
pile, or another seat's edge, which refuses them), the held cards, their preview on the edge
they would go to, and the drop verdict."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.components import KotatsuData
from catgames.games.kotatsu.gestures import DISCARD_PILE, Edge, OtherEdge, Target
from catgames.games.kotatsu.hands import HandValue
from catgames.games.kotatsu.rules import DISCARDING
from catgames.games.kotatsu.table.panels import Seen, draw_edge_label
from catgames.games.kotatsu.table.view import draw_card
from catgames.ui.callouts import draw_verdict_mark
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

HELD_W, HELD_H = 60.0, 84.0
OTHER_SIDES = ("left", "top", "right")  #: the edges of a kotatsu beside the viewer's (bottom) one


def snap(seen: Seen, pos: Point) -> Target | None:
    """Where a release at ``pos`` goes: the discard pile while discarding, else the viewer's
    edge of a kotatsu, or another edge (a drop there is refused saying why)."""
    if seen.view.phase == DISCARDING:
        return DISCARD_PILE if L.DISCARD.inflate(40, 40).collidepoint(pos) else None
    for k in range(len(seen.view.edges)):
        if L.drop_area(k).collidepoint(pos):  # a stray release elsewhere plays nothing
            return Edge(k)
    return _other_edge_at(seen, pos)


def _other_edge_at(seen: Seen, pos: Point) -> OtherEdge | None:
    """Another edge under ``pos`` (its band or its label)."""
    seats = {seen.side(seat): seat for seat in range(seen.players)}
    for k in range(len(seen.view.edges)):
        for side in ("top", "left", "right"):
            if L.drop_area(k, side).collidepoint(pos):
                return OtherEdge(k, seats.get(side))
    return None


def target_area(seen: Seen, target: Target, pointer: Point) -> pygame.FRect:
    """The area ``target`` is drawn as (lit, ringed); ``pointer`` picks which empty edge."""
    if isinstance(target, OtherEdge):
        return L.edge_area(target.kotatsu, side_of(seen, target, pointer))
    return L.edge_area(target.kotatsu, "bottom") if isinstance(target, Edge) else L.DISCARD


def side_of(seen: Seen, target: OtherEdge, pointer: Point) -> str:
    """The side of another edge: its seat's, or the empty one the pointer is over."""
    if target.seat is not None:
        return str(seen.side(target.seat))
    used = {seen.side(seat) for seat in range(seen.players)}
    empty = [side for side in OTHER_SIDES if side not in used]
    return next((side for side in empty if L.drop_area(target.kotatsu, side).collidepoint(pointer)), empty[0])


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
