"""Kotatsu Cats move animations: cards played slide from the hand (or from the opponent's side
of the table) onto their edge, a discard goes to the pile, cards drawn come off the deck into
the hand on show, the pairs taken slide face down to the seats that took them, and the cats
refilling a kotatsu come out of the bag, a lucky cat to its place between the kotatsu."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.table.panels import Seen
from catgames.games.kotatsu.table.view import draw_card, draw_card_back, draw_lucky_cat, draw_pair
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import DrawAt, Tween, sprite, staggered

FROM_AFAR = 90.0  #: how far beyond its edge an opponent's card starts
OUTWARD = {"bottom": (0, 1), "top": (0, -1), "left": (-1, 0), "right": (1, 0)}


def move_tweens(seen: Seen, before: Seen | None, origin: Point | None, seat: int,
                events: Sequence[Event]) -> list[Tween]:
    """The tweens of ``events`` (``seat``'s move) from what the table showed ``before`` to what
    it shows now, ``seen``; ``origin``: where the human's drop was, if the move was one."""
    resolving = any(e.kind == "resolve" for e in events)  # the resolution panel covers the edges
    tweens: list[Tween] = []
    for event in events:
        who = seat if event.seat is None else event.seat
        if event.kind == "play":
            tweens += _played(seen, origin, who, event.get("kotatsu"), len(event.get("cards")),
                              resolving)
        elif event.kind == "discard" and seen.view.discard:
            start = origin or L.hand_rect(1).center
            tweens.append(Tween(_card(seen, seen.view.discard[-1], L.DISCARD),
                                (start, L.DISCARD.center), cover=L.DISCARD.inflate(6, 6)))
        elif event.kind == "draw" and who == seen.private and before is not None:
            tweens += staggered(_drawn(seen, before.hand()))
        elif event.kind in ("pick", "receive") and before is not None and before.resolution:
            tweens.append(_taken(before, who, event.get("cat")))
        elif event.kind == "refill":
            k = event.get("kotatsu")
            pairs = seen.view.pairs[k]
            slot = next((i for i, (cat, _) in enumerate(pairs) if cat == event.get("cat")), None)
            if slot is not None:
                tweens.append(_from_bag(seen, k, slot, *pairs[slot]))
        elif event.kind == "lucky_cat" and event.get("number") <= len(seen.view.edges) - 1:
            i = event.get("number") - 1
            tweens.append(Tween(_lucky(i + 1), (L.INFO.center, L.gap_point(i)), hides=("lucky", i)))
    return staggered(tweens, 0.04)


def _played(seen: Seen, origin: Point | None, seat: int, k: int, count: int,
            resolving: bool) -> list[Tween]:
    """The last ``count`` cards of ``seat``'s edge onto their places: from the drop, the hand
    (the bottom seat) or from beyond the edge (an opponent sitting there)."""
    side = seen.side(seat)
    slots = L.card_slots(k, side)
    edge = seen.view.edges[k][seat]
    first = max(0, len(edge) - count)
    tweens = []
    for j, card in enumerate(edge[first:]):
        rect = slots[min(first + j, len(slots) - 1)]
        dx, dy = OUTWARD[side]
        afar = (rect.centerx + dx * FROM_AFAR, rect.centery + dy * FROM_AFAR)
        start = origin or (L.hand_rect(j).center if side == "bottom" else afar)
        tweens.append(Tween(_card(seen, card, rect), (start, rect.center),
                            cover=None if resolving else rect.inflate(4, 4)))
    return tweens


def _drawn(seen: Seen, before: list[int]) -> list[Tween]:
    """The cards the hand on show has now and had not before, from the deck to their places."""
    left = list(before)
    tweens = []
    for i, card in enumerate(seen.hand()):
        if card in left:
            left.remove(card)
            continue
        rect = L.hand_rect(i)
        tweens.append(Tween(_card(seen, card, rect), (L.DECK.center, rect.center),
                            hides=("hand", i)))
    return tweens


def _taken(before: Seen, seat: int, cat: int) -> Tween:
    """A pair taken slides face down from its kotatsu to the row of the seat that took it."""
    res = before.resolution
    assert res is not None
    label = before.data.cat_label(cat)  # alike cats by their label: an online view numbers them its own way
    slot = next(i for i, (c, _) in enumerate(res.pairs) if before.data.cat_label(c) == label)
    row = L.seat_row(seat, before.players)
    return Tween(_pair(before, cat, res.pairs[slot][1]),
                 (L.pair_centre(res.kotatsu, slot), (row.x + 120, row.y + 40)))


def _from_bag(seen: Seen, k: int, slot: int, cat: int, cushion: int) -> Tween:
    return Tween(_pair(seen, cat, cushion), (L.INFO.center, L.pair_centre(k, slot)),
                 hides=("pair", k, slot))


def _pair(seen: Seen, cat: int, cushion: int) -> DrawAt:
    size = L.PAIR_SIZE * 1.4
    return sprite((size, size), lambda canvas, at: draw_pair(canvas, at, L.PAIR_SIZE, seen.data,
                                                             cat, cushion))


def _card(seen: Seen, card: int, rect: pygame.FRect) -> DrawAt:
    def draw(canvas: Canvas, at: Point) -> None:
        if card < 0:
            draw_card_back(canvas, rect.move_to(center=at))
        else:
            draw_card(canvas, rect.move_to(center=at), seen.data, card)
    return sprite(rect.inflate(6, 6).size, draw)


def _lucky(number: int) -> DrawAt:
    size = L.LUCKY_SIZE * 1.6
    return sprite((size, size), lambda canvas, at: draw_lucky_cat(canvas, at, L.LUCKY_SIZE, True, number))
