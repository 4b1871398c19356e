"""Woof Days / Cat Days move animations: a card played flies from the hand (or from the
computer's week label) to its day, a drawn card from the deck to the hand, a moved or sent card
from day to day, and discarded cards to the discard pile.  Faces show only what the move shows
everyone: a drawn card is face up only for the hand on the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.days import view
from catgames.games.days.components import UNKNOWN, spot_day
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import Tween, sprite, staggered

if TYPE_CHECKING:
    from catgames.games.days.scene import DaysScene


def move_tweens(scene: "DaysScene", seat: int, events: Sequence[Event]) -> list[Tween]:
    """The cards the move carried, one after another."""
    lay = scene.layout
    played = any(e.kind == "play" for e in events)
    tweens: list[Tween] = []
    for event in events:
        who = seat if event.seat is None else event.seat
        home = lay.label_rect(who).center if 0 <= who < scene.match.players else lay.hand.center
        to = spot_day(event.get("to"))
        if event.kind == "place" and to is not None:
            start = scene.move_origin if played and scene.move_origin is not None else home
            tweens.append(_card(scene, _index(scene, event.get("card")), start, lay.card_rect(*to),
                                lay.slot(*to)))
        elif event.kind in ("move", "send") and to is not None:
            source = spot_day(event.get("source"))
            start = lay.card_rect(*source).center if source is not None else home
            ids = [event.get("card")] if event.kind == "move" else list(event.get("cards"))
            tweens += [_card(scene, _index(scene, c), start, lay.card_rect(*to), lay.slot(*to))
                       for c in ids]
        elif event.kind == "discard":
            source = spot_day(event.get("at"))
            start = lay.card_rect(*source).center if source is not None else home
            tweens += [_card(scene, _index(scene, c), start, scene.side.discard, scene.side.discard)
                       for c in event.get("cards")]
        elif event.kind == "draw":
            tweens.append(_drawn(scene, who, home))
    return staggered(tweens)


def _index(scene: "DaysScene", card_id: str) -> int:
    return scene.days.data.by_id[card_id]


def _card(scene: "DaysScene", card: int, start: Point, rect: pygame.FRect,
          cover: pygame.FRect | None) -> Tween:
    """A face-up card flying from ``start`` into ``rect``."""
    face = scene.card(card)

    def draw(canvas: Canvas, at: Point) -> None:
        view.draw_card(canvas, rect.move_to(center=at), face, scene.edition)
    return Tween(sprite(rect.inflate(8, 8).size, draw), (start, rect.center), cover=cover)


def _drawn(scene: "DaysScene", seat: int, label: Point) -> Tween:
    """The card drawn from the deck: into the hand on the screen (face up if it may be seen),
    else to the drawer's week."""
    facts, lay = scene.facts, scene.layout
    hand = facts.view.hands[facts.viewer]
    rects = lay.hand_rects(len(hand)) if seat == facts.viewer else []
    rect = rects[-1] if rects else pygame.FRect(0, 0, *lay.hand_card).move_to(center=label)
    card = hand[-1] if rects and facts.shows_hand else UNKNOWN

    def draw(canvas: Canvas, at: Point) -> None:
        if card == UNKNOWN:
            view.draw_card_back(canvas, rect.move_to(center=at))
        else:
            view.draw_card(canvas, rect.move_to(center=at), scene.card(card), scene.edition)
    return Tween(sprite(rect.inflate(8, 8).size, draw), (scene.side.deck.center, rect.center),
                 cover=rect if rects else None)
