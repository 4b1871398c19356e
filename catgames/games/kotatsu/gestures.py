"""What a drag on the Kotatsu Cats table means to the rules (pure: no pygame).

A piece is one card of the private seat's hand, or two taken together, named by their places in
the sorted hand (two cards with one label are still two places); a target is the mover's edge
of a kotatsu, or the discard pile after a single-card play.  Another edge is a target too, never
a move: cards dropped there are refused with the rule's reason (E17, rule 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, Union

from catgames.core.rules import Reason, Seat
from catgames.games.kotatsu.moves import Discard, Play, play
from catgames.games.kotatsu.rules import DISCARDING, KotatsuState


@dataclass(frozen=True)
class Cards:
    """Cards taken from the sorted hand: their places in it, ascending (one or two)."""

    at: tuple[int, ...]

    def adding(self, i: int) -> "Cards":
        """These cards and the card at ``i`` taken together."""
        return Cards(tuple(sorted(self.at + (i,))))

    def without(self, i: int) -> "Cards | None":
        """These cards with the one at ``i`` put back (``None``: nothing is left)."""
        rest = tuple(x for x in self.at if x != i)
        return Cards(rest) if rest else None


@dataclass(frozen=True)
class Edge:
    """The mover's edge of kotatsu ``kotatsu`` (0-based)."""

    kotatsu: int


@dataclass(frozen=True)
class DiscardPile:
    """The discard pile, where the optional discard after a single-card play goes."""


@dataclass(frozen=True)
class OtherEdge:
    """Another edge of kotatsu ``kotatsu``: a rival ``seat``'s, or (``None``) one nobody sits
    at.  No cards ever go there; it is a target only so that a drop there says why."""

    kotatsu: int
    seat: Seat | None


DISCARD_PILE = DiscardPile()
Target = Union[Edge, DiscardPile, OtherEdge]


def sorted_hand(view: KotatsuState, seat: Seat | None) -> list[int]:
    """``seat``'s hand in table order, by colour and stars (empty for nobody's view)."""
    if seat is None:
        return []
    data = view.data
    return sorted(view.hands[seat], key=lambda c: (data.card_colour[c], data.card_stars[c], c))


def move_for(view: KotatsuState, hand: Sequence[int], piece: Cards,
             target: Target) -> Play | Discard | Reason | None:
    """The move a drop makes, in the rules' own form; ``None`` for two cards on the discard;
    on another seat's edge the reason no cards go there."""
    if any(not 0 <= i < len(hand) for i in piece.at):
        return None
    if isinstance(target, OtherEdge):
        if target.seat is None:
            return Reason.of("unused_edge")
        return Reason.of("rival_edge", seat=view.game.seat_names(view.n)[target.seat])
    labels = tuple(sorted(view.data.card_label[hand[i]] for i in piece.at))
    if isinstance(target, Edge):
        return play(target.kotatsu, labels)
    return Discard(labels[0]) if len(labels) == 1 else None


def targets(view: KotatsuState) -> list[Target]:
    """Every place cards could go now: the discard pile while discarding, else every edge."""
    if view.phase == DISCARDING:
        return [DISCARD_PILE]
    return [Edge(k) for k in range(len(view.edges))]
