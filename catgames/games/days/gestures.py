"""What a drag on the Woof Days / Cat Days table means to the rules (pure: no pygame).

A piece is a card of the mover's hand; a target is a day of some week, or the discard pile
while the deck is rebuilt.  A drop on a day may leave a choice: when the card's first target is
one card of a stack, several plays share that day and the table asks which (``day_plays``).
"""

from __future__ import annotations

from dataclasses import dataclass

from catgames.games.days.components import DAYS, Discard, Move, Play, play_move
from catgames.games.days.rules import DaysState


@dataclass(frozen=True)
class HandCard:
    """A card in the hand: its place there (where it rests) and the card itself, kept so a
    glide home still shows it after the hand has changed."""

    index: int
    card: int


@dataclass(frozen=True)
class DayTarget:
    """One day of one seat's week."""

    seat: int
    day: int


@dataclass(frozen=True)
class DiscardPile:
    """The discard pile, the only target while the deck is rebuilt (rule 18a)."""


DISCARD = DiscardPile()
Target = DayTarget | DiscardPile


def _card_id(state: DaysState, piece: HandCard) -> str:
    return state.data.cards[piece.card].id


def day_plays(state: DaysState, piece: HandCard, target: DayTarget) -> list[Play]:
    """The legal plays of ``piece`` whose first choice is on ``target`` (several: one per card
    of its stack that may be chosen)."""
    return [m for m in state.card_plays(_card_id(state, piece))
            if (m.seat, m.day) == (target.seat, target.day)]


def move_for(state: DaysState, piece: HandCard, target: Target) -> Move:
    """The move a drop makes: a discard on the pile; on a day, its first legal play (the table
    lets the player pick when there are several), else the bare play the rules explain."""
    card_id = _card_id(state, piece)
    if isinstance(target, DiscardPile):
        return Discard(card_id)
    plays = day_plays(state, piece, target)
    return plays[0] if plays else play_move(card_id, target.seat, target.day)


def targets(state: DaysState) -> list[Target]:
    """Every place a card could be dropped now, legal or not."""
    if state.refill:
        return [DISCARD]
    return [DayTarget(seat, day) for seat in range(state.players) for day in range(DAYS)]
