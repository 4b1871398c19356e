"""Painting on the If It Fits table under its camera: the cached picture of the cards, boxes and
cats, the lit spots of the current step, and what a held piece would do (hints and ghosts).

Pure drawing from what the scene passes in (the viewer's observation, the score, the rules'
preview); no game decisions.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.boxes.table.badges import box_badges, box_mark, card_rect, draw_box_badge
from catgames.games.boxes.components import START, TOY
from catgames.games.boxes.gestures import Target
from catgames.games.boxes.moves import Discard, Play
from catgames.games.boxes.preview import CardPreview
from catgames.games.boxes.rules import BoxesState
from catgames.games.boxes.scoring import BoxesScore
from catgames.games.boxes.grid import PRINCESS_OWNER
from catgames.games.boxes.table.view import (
    INK, Camera, cat_rect, draw_box_frame, draw_card, draw_cat, draw_tabletop,
)
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette

Spot = tuple[int, int]


def paint_table(canvas: Canvas, cam: Camera, seen: BoxesState, score: BoxesScore) -> None:
    """The cached picture: tabletop, cards, box frames, cats and box badges."""
    pal = palette()
    geo = seen.geo
    draw_tabletop(canvas, cam)
    for slot, (kind, _, edges, toys) in seen.layout.cards.items():
        role = seen.data.kinds[kind].role
        draw_card(canvas, card_rect(cam, *geo.xy(slot)), edges, toys,
                  start=role == START, special=role == TOY)
    for scored in score.boxes:
        box = scored.box
        draw_box(canvas, cam, [geo.xy(s) for s in box.slots], box.closed, box.dead,
                 (255, 255, 255), 2)
    for slot, (owner, awake) in seen.layout.cats.items():
        style = None if owner == PRINCESS_OWNER else pal.seat(owner)
        draw_cat(canvas, cat_rect(cam, *geo.xy(slot)), style, awake)
    for pos, size, box, leaders in box_badges(canvas, cam, seen, score):
        draw_box_badge(canvas, pos, size, box.toys, box_mark(box), [pal.seat(s) for s in leaders])


def draw_box(canvas: Canvas, cam: Camera, slots: Sequence[Spot], closed: bool, dead: bool,
             color: Sequence[int], width: float) -> None:
    """A box's frame: tinted when closed, hatched when dead, else in ``color``."""
    pal = palette()
    if closed:
        draw_box_frame(canvas, cam, slots, pal.ok, 4, tint=(*pal.ok, 60))
    elif dead:
        draw_box_frame(canvas, cam, slots, pal.bad, 3, hatch=(*pal.bad, 150))
    else:
        draw_box_frame(canvas, cam, slots, color, width)


def draw_step_spots(canvas: Canvas, cam: Camera, cat_spots: Iterable[Spot],
                    start_spots: Iterable[Spot], pulse: float) -> None:
    """The pulsing places the current step offers: awake-cat pairs and start-row ends."""
    pal = palette()
    for x, y in cat_spots:
        rect = cat_rect(cam, x, y)
        canvas.rect((*pal.focus, int(60 + 120 * pulse)), rect.inflate(6, 6), radius=8)
        canvas.rect(pal.focus, rect.inflate(6, 6), width=3, radius=8)
    for x, y in start_spots:
        rect = cam.slot_rect(x, y).inflate(-4, -4)
        canvas.rect((*pal.focus, int(50 + 100 * pulse)), rect, radius=6)
        canvas.rect(pal.focus, rect, width=3, radius=6)
        canvas.text("+", rect.center, cam.h * 0.6, INK, "center", bold=True, fixed=True)


def draw_flash(canvas: Canvas, cam: Camera, marks: Sequence[tuple[str, int, int]],
               width: float) -> None:
    """Rings round what the last move touched: ``("slot", x, y)`` cards, ``("pair", x, y)`` cats."""
    for what, x, y in marks:
        rect = cat_rect(cam, x, y) if what == "pair" else cam.slot_rect(x, y)
        canvas.rect(palette().focus, rect.inflate(4, 4), width=width, radius=6)


def event_marks(events: Iterable[Event]) -> list[tuple[str, int, int]]:
    """What to ring after a move: the cards laid, the cats and Princesses put down, and every
    card of a box just closed."""
    marks: list[tuple[str, int, int]] = []
    for event in events:
        if event.kind in ("card", "start_card"):
            marks.append(("slot", event.get("x"), event.get("y")))
        elif event.kind in ("cat", "princess"):
            marks.append(("pair", event.get("x"), event.get("y")))
        elif event.kind == "box_closed":
            marks += [("slot", x, y) for x, y in event.get("cells")]
    return marks


def paint_hints(canvas: Canvas, cam: Camera, targets: Sequence[Target]) -> None:
    """Light every legal target of the held piece: slots for a card, pairs for a cat."""
    lit = palette().focus
    for target in targets:
        if isinstance(target, Play):
            rect = cam.slot_rect(target.x, target.y).inflate(-6, -6)
            canvas.rect((*lit, 90), rect, radius=6)
            canvas.rect(lit, rect, width=2, radius=6)
        elif not isinstance(target, Discard):
            rect = cat_rect(cam, target.x, target.y).inflate(8, 8)
            canvas.rect((*lit, 110), rect, radius=8)
            canvas.rect(lit, rect, width=3, radius=8)


def draw_box_outcome(canvas: Canvas, cam: Camera, card: pygame.FRect, legal: bool,
                     preview: CardPreview | None) -> None:
    """Round a card ghost (already drawn in ``card``): the box it would make, every box it would
    close (a capped one too), its verdict, and where a cat could then go."""
    pal = palette()
    if preview is not None:
        draw_box(canvas, cam, preview.slots, preview.closed, preview.dead, pal.focus, 3)
        for closing in preview.closes:
            draw_box(canvas, cam, closing.event.get("cells"), True, False, pal.focus, 3)
    canvas.rect(pal.ok if legal else pal.bad, card, width=3, radius=4)
    if preview is not None:
        for x, y in preview.cat_spots:
            canvas.rect(pal.focus, cat_rect(cam, x, y), width=2, radius=6)


