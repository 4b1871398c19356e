"""Where a held card may go on the Woof Days / Cat Days table, in pixels: the day (or, while the
deck is rebuilt, the discard pile) under the pointer, where each target sits, and their marks
while a card is held: the lit targets and the ghost of the one under the pointer."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from catgames.games.days.gestures import DISCARD, DayTarget, Target
from catgames.games.days.table import board
from catgames.games.days.table.board import Look
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette


def snap(look: Look, pos: Point) -> Target | None:
    """The target under ``pos``: the pile while the deck is rebuilt (it takes a near miss),
    else a day."""
    if look.facts.view.refill:
        return DISCARD if look.side.discard.inflate(40, 40).collidepoint(pos) else None
    spot = look.layout.day_at(pos)
    return None if spot is None else DayTarget(*spot)


def target_rect(look: Look, target: Target) -> pygame.FRect:
    """A day's slot, or the discard pile."""
    if isinstance(target, DayTarget):
        return look.layout.slot(target.seat, target.day)
    return look.side.discard


def target_point(look: Look, target: Target) -> Point:
    """Where a card dropped on ``target`` rests: the middle of the day's card, or of the pile."""
    if isinstance(target, DayTarget):
        return look.layout.card_rect(target.seat, target.day).center
    return look.side.discard.center


def draw_targets(canvas: Canvas, look: Look, targets: Sequence[Target]) -> None:
    """Every target the held card may go to, lit."""
    for target in targets:
        if isinstance(target, DayTarget):
            board.light_day(canvas, target_rect(look, target))
        else:
            canvas.rect(palette().ok, look.side.discard.inflate(10, 10), width=4, radius=10)


def draw_ghost(canvas: Canvas, look: Look, target: Target, legal: bool) -> None:
    """The verdict on the target under the pointer."""
    rect = target_rect(look, target)
    day = isinstance(target, DayTarget)
    board.draw_ghost(canvas, rect.inflate(-2, 0) if day else rect.inflate(10, 10), legal, top=day)
