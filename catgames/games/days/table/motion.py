"""Woof Days / Cat Days move animations: a card played flies from the hand (or from the
computer's week label) to its day, a drawn card from the deck to the hand, a moved or sent card
from day to day, and discarded cards from where they were to the discard pile.  Two swapped
stacks cross each other, two exchanged cards fly between their places, and a Catnip sends each
cat from its old day to its new one.  A day such a card or stack lands on is drawn without it
until it arrives (``hides``, see ``leaving``), so nothing shows twice.  Faces show only what the
move shows everyone: a drawn card is face up only for the hand on the screen."""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.days.table import board, view
from catgames.games.days.components import UNKNOWN, spot_day
from catgames.games.days.facts import Facts
from catgames.games.days.table.board import Look
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import Timeline, Tween, sprite, staggered

Day = tuple[int, int]   #: (seat, day)


def move_tweens(look: Look, old: Facts | None, seat: int, events: Sequence[Event],
                origin: Point | None) -> list[Tween]:
    """The cards the move carried, one after another; swapped, exchanged and relaid cards all
    at once (the day each leaves no longer shows it, so none may wait there).  ``look`` is the
    table after the move, ``old`` the facts before it; ``origin`` is where the player let the
    card go, if they dragged it."""
    lay, side = look.layout, look.side
    played = any(e.kind == "play" for e in events)
    tweens: list[Tween] = []
    together: list[Tween] = []
    for event in events:
        who = seat if event.seat is None else event.seat
        home = lay.label_rect(who).center if 0 <= who < look.facts.view.players else lay.hand.center
        to = spot_day(event.get("to"))
        if event.kind == "place" and to is not None:
            start = origin if played and origin is not None else home
            tweens.append(_card(look, _index(look, event.get("card")), start, lay.card_rect(*to),
                                lay.slot(*to)))
        elif event.kind in ("move", "send") and to is not None:
            source = spot_day(event.get("source"))
            start = lay.card_rect(*source).center if source is not None else home
            ids = [event.get("card")] if event.kind == "move" else list(event.get("cards"))
            tweens += [_card(look, _index(look, c), start, lay.card_rect(*to), lay.slot(*to))
                       for c in ids]
        elif event.kind == "discard":
            source = spot_day(event.get("at"))
            at = lay.card_rect(*source).center if source is not None else home
            for c in event.get("cards"):
                was = _day_of(old, _index(look, c))   # a Catnip's leftovers: from their own days
                start = lay.card_rect(*was).center if was is not None else at
                tweens.append(_card(look, _index(look, c), start, side.discard, side.discard))
        elif event.kind == "draw":
            tweens.append(_drawn(look, who, home))
        elif event.kind == "swap":
            a, b = (spot_day(text) for text in event.get("days"))
            if a is not None and b is not None:
                together += [tw for tw in (_stack(look, a, b), _stack(look, b, a)) if tw is not None]
        elif event.kind == "exchange":
            (a, pa), (b, pb) = (_spot(text) for text in event.get("spots"))
            together += [_landing(look, b, pb, a), _landing(look, a, pa, b)]
        elif event.kind == "relayout":
            weeks = look.facts.view.weeks
            for to in filter(None, map(spot_day, event.get("days"))):
                was = _day_of(old, weeks[to[0]][to[1]][0])
                if was is not None:
                    together.append(_landing(look, to, 0, was))
    return staggered(tweens) + together


def leaving(timeline: Timeline) -> frozenset[tuple[int, int, int]]:
    """The cards (seat, day, stack position) still on their way to a day, which the week draws
    without them until they land."""
    out: set[tuple[int, int, int]] = set()
    for kind, *where in timeline.hidden():
        if kind == "day":
            seat, day, positions = where
            out.update((seat, day, p) for p in positions)
    return frozenset(out)


def _spot(text: str) -> tuple[Day, int]:
    """The day and stack position an exchange names (``P2 Fri:0``)."""
    day = spot_day(text)
    assert day is not None, text
    return day, int(text.rsplit(":", 1)[1])


def _day_of(facts: Facts | None, card: int) -> Day | None:
    """The day that held ``card`` in ``facts`` (the table before the move), if any did."""
    if facts is None:
        return None
    weeks = facts.view.weeks
    return next(((s, d) for s, week in enumerate(weeks) for d, stack in enumerate(week) if card in stack), None)


def _landing(look: Look, to: Day, pos: int, start: Day) -> Tween:
    """The card now at position ``pos`` of day ``to`` flying there from day ``start``."""
    lay = look.layout
    card = look.facts.view.weeks[to[0]][to[1]][pos]
    return _card(look, card, lay.card_rect(*start).center, lay.card_rect(*to), hides=("day", *to, (pos,)))


def _stack(look: Look, start: Day, to: Day) -> Tween | None:
    """The stack now on day ``to`` crossing over from day ``start``, drawn as that day shows it
    (its covered cards, a Cat Tree there); none when the swap left ``to`` empty."""
    facts, lay = look.facts, look.layout
    stack = facts.view.weeks[to[0]][to[1]]
    if not stack:
        return None
    tree = bool(facts.view.trees[to[0]] >> to[1] & 1)
    rect = lay.card_rect(*to)

    def draw(canvas: Canvas, at: Point) -> None:
        board.draw_day(canvas, look, rect.move_to(center=at), stack, tree)
    return Tween(sprite(rect.inflate(24, 64).size, draw), _passing(lay.card_rect(*start).center, rect.center, rect.w),
                 hides=("day", *to, tuple(range(len(stack)))))


def _passing(start: Point, end: Point, width: float) -> tuple[Point, Point, Point]:
    """A path from ``start`` to ``end`` bent aside by half a card at its middle (each way to its
    own side): two stacks swapping places pass side by side rather than through each other."""
    (sx, sy), (ex, ey) = start, end
    length = math.dist(start, end) or 1.0
    side = width * 0.5 / length
    return start, ((sx + ex) / 2 + (ey - sy) * side, (sy + ey) / 2 - (ex - sx) * side), end


def _index(look: Look, card_id: str) -> int:
    return look.facts.view.data.by_id[card_id]


def _card(look: Look, card: int, start: Point, rect: pygame.FRect,
          cover: pygame.FRect | None = None, hides: tuple | None = None) -> Tween:
    """A face-up card flying from ``start`` into ``rect``."""
    face = look.card(card)

    def draw(canvas: Canvas, at: Point) -> None:
        view.draw_card(canvas, rect.move_to(center=at), face, look.edition)
    return Tween(sprite(rect.inflate(8, 8).size, draw), (start, rect.center), cover=cover, hides=hides)


def _drawn(look: Look, seat: int, label: Point) -> Tween:
    """The card drawn from the deck: into the hand on the screen (face up if it may be seen),
    else to the drawer's week."""
    facts, lay = look.facts, look.layout
    hand = facts.view.hands[facts.viewer]
    rects = lay.hand_rects(len(hand)) if seat == facts.viewer else []
    rect = rects[-1] if rects else pygame.FRect(0, 0, *lay.hand_card).move_to(center=label)
    card = hand[-1] if rects and facts.shows_hand else UNKNOWN

    def draw(canvas: Canvas, at: Point) -> None:
        if card == UNKNOWN:
            view.draw_card_back(canvas, rect.move_to(center=at))
        else:
            view.draw_card(canvas, rect.move_to(center=at), look.card(card), look.edition)
    return Tween(sprite(rect.inflate(8, 8).size, draw), (look.side.deck.center, rect.center),
                 cover=rect if rects else None)
