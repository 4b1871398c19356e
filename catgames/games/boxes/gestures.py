"""What a drag on the If It Fits table means to the rules (pure: no pygame).

A piece is a card in the mover's hand or a cat from the mover's supply; a target is the move it
would make where it is dropped: a card laid (``Play``), a Princess on a cat, a discard, or a cat
on a pair of cards.  Whether that move is legal is for the rules to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, Union

from catgames.games.boxes.components import PRINCESS, Kind
from catgames.games.boxes.moves import Cat, Discard, Move, Play, Princess, Sleep
from catgames.games.boxes.rules import CAT, BoxesState

ROTATIONS = (0, 180)  #: a card's turns, by the drag's rotation index


@dataclass(frozen=True)
class HandCard:
    """The card at ``index`` in the hand of the seat to move."""

    index: int


@dataclass(frozen=True)
class CatToken:
    """A cat from the mover's supply: awake after a card, sleeping instead of drawing."""


CAT_PIECE = CatToken()
Piece = Union[HandCard, CatToken]
Target = Union[Play, Princess, Discard, Cat, Sleep]


def held_kind(kinds: Sequence[Kind], hand: Sequence[int], piece: Piece) -> Kind | None:
    """The card kind of a hand piece; ``None`` for a cat or a card no longer in ``hand``."""
    if isinstance(piece, CatToken) or piece.index >= len(hand):
        return None
    return kinds[hand[piece.index]]


def turns(kind: Kind | None) -> int:
    """How many ways round the piece can be held: a cat, a Princess or a symmetric card one."""
    return 1 if kind is None or kind.role == PRINCESS or kind.symmetric else len(ROTATIONS)


def on_pair(kind: Kind | None) -> bool:
    """Whether the piece lies on a pair of cards, one above the other (a cat or a Princess)."""
    return kind is None or kind.role == PRINCESS


def cat_under(state: BoxesState, x: int, y: int) -> tuple[int, int] | None:
    """The pair of the cat lying on slot (x, y), as its upper or its lower card, if any."""
    geo = state.geo
    for upper in (geo.slot(x, y), geo.slot(x, y - 1)):
        if upper is not None and upper in state.layout.cats:
            return geo.xy(upper)
    return None


def move_for(state: BoxesState, piece: Piece, target: Target) -> Move | None:
    """The move a drop makes (the target itself); ``None`` where that piece makes no such move."""
    if isinstance(piece, CatToken):
        return target if isinstance(target, (Cat, Sleep)) else None
    kind = held_kind(state.data.kinds, state.hands[state.to_move], piece)
    if kind is None:
        return None
    if isinstance(target, (Play, Discard)):
        return target if target.card == kind.name else None
    if isinstance(target, Princess):
        return target if kind.role == PRINCESS else None
    return None


def targets(state: BoxesState, piece: Piece, rotation: int) -> list[Target]:
    """Every target of ``piece`` turned ``rotation`` times on the table, in reading order."""
    geo = state.geo
    spots = [geo.xy(slot) for slot in range(geo.size)]
    if isinstance(piece, CatToken):
        cat = Cat if state.step == CAT else Sleep
        return [cat(x, y) for x, y in spots]
    kind = held_kind(state.data.kinds, state.hands[state.to_move], piece)
    if kind is None:
        return []
    found: list[Target]
    if kind.role == PRINCESS:
        found = [Princess(x, y) for x, y in spots]
    else:
        found = [Play(kind.name, ROTATIONS[rotation], x, y) for x, y in spots]
    return found + [Discard(kind.name)]
