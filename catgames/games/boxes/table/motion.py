"""If It Fits move animations: a box card flies from the hand to its slot, turned as it is
laid; a cat or a Princess goes from the tray onto its pair; a drawn card comes off the deck into
the hand; and a box just closed folds its flaps shut over its cards."""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.boxes.table.look import Look
from catgames.games.boxes.table.panels import CATS_RECT, DECK_RECT, draw_hand_card, hand_rect
from catgames.games.boxes.table.pictures import KRAFT
from catgames.games.boxes.table.view import KRAFT_EDGE, cat_rect, draw_card_back, draw_cat
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import DrawAt, MOVE_TIME, Tween, sprite, staggered
from catgames.ui.theme import palette

CLOSE_TIME = 0.3   #: the flaps of a box closing


def move_tweens(look: Look, seat: int, events: Sequence[Event], origin: Point | None) -> list[Tween]:
    """The pieces ``seat``'s move carried, on the table ``look`` shows after it; ``origin`` is
    where the player let the piece go, if they dragged it.  A card drawn flies face up only
    into the hand on the screen."""
    cam, viewport = look.camera, look.camera.viewport
    start = origin or hand_rect(1).center
    tweens: list[Tween] = []
    for event in events:
        if event.kind == "card":
            rect = cam.slot_rect(event.get("x"), event.get("y"))
            kind = look.kind(look.seen.data.by_name[event.get("card")])
            tweens.append(Tween(_card(kind, event.get("rot"), rect), (start, rect.center),
                                cover=rect.inflate(4, 4).clip(viewport)))
        elif event.kind in ("cat", "princess"):
            rect = cat_rect(cam, event.get("x"), event.get("y"))
            style = None if event.kind == "princess" else palette().seat(seat)
            from_tray = origin or (CATS_RECT.center if style else hand_rect(1).center)
            awake = event.kind == "princess" or bool(event.get("awake"))
            tweens.append(Tween(_cat(rect, style, awake), (from_tray, rect.center),
                                cover=rect.inflate(4, 4).clip(viewport)))
        elif event.kind == "box_closed":
            rects = [cam.slot_rect(x, y).clip(viewport) for x, y in event.get("cells")]
            tweens.append(Tween(_flaps(rects), (rects[0].center,), duration=CLOSE_TIME,
                                delay=MOVE_TIME * 0.8))
        elif event.kind == "dealt" and look.private is not None:
            hand = look.hand
            tweens += staggered([Tween(_card(look.kind(k), 0, hand_rect(i)),
                                       (DECK_RECT.center, hand_rect(i).center),
                                       cover=hand_rect(i).inflate(4, 4)) for i, k in enumerate(hand)])
        elif event.kind == "draw" and event.seat == look.private:
            hand = look.hand
            rect = hand_rect(len(hand) - 1)
            kind = look.kind(hand[-1])
            tweens.append(Tween(_card(kind, 0, rect), (DECK_RECT.center, rect.center),
                                cover=rect.inflate(4, 4)))
        elif event.kind == "draw":
            tweens.append(Tween(_back(DECK_RECT), (DECK_RECT.center, hand_rect(1).center)))
    return tweens


def _card(kind: Any, rot: int, rect: pygame.FRect) -> DrawAt:
    return sprite(rect.inflate(6, 6).size,
                  lambda canvas, at: draw_hand_card(canvas, rect.move_to(center=at), kind, rot))


def _back(rect: pygame.FRect) -> DrawAt:
    return sprite(rect.inflate(6, 6).size,
                  lambda canvas, at: draw_card_back(canvas, rect.move_to(center=at)))


def _cat(rect: pygame.FRect, style, awake: bool) -> DrawAt:
    return sprite(rect.inflate(6, 6).size,
                  lambda canvas, at: draw_cat(canvas, rect.move_to(center=at), style, awake))


def _flaps(rects: list[pygame.FRect]) -> DrawAt:
    """The box's cards under cardboard flaps that fold in from top and bottom, meet, and go."""
    def draw(canvas: Canvas, pos: Point, progress: float) -> None:
        if progress <= 0:
            return
        shut = min(1.0, progress * 1.6)
        alpha = round(235 * min(1.0, (1 - progress) * 3))
        for rect in rects:
            h = rect.h / 2 * shut
            for flap in (pygame.FRect(rect.x, rect.y, rect.w, h),
                         pygame.FRect(rect.x, rect.bottom - h, rect.w, h)):
                canvas.rect((*KRAFT, alpha), flap)
                canvas.rect((*KRAFT_EDGE, alpha), flap, width=2)
    return draw
