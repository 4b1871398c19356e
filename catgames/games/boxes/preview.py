"""What laying a card would do, answered by the rules (pure: no pygame).

The table previews a held card before it is dropped: the box it would be part of, how many boxes
it would join, whether that box would be closed or dead, its toys, and where an awake cat could
lie next.  The rules play the move on a copy of the position, so the preview is never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

from catgames.games.boxes.moves import Play
from catgames.games.boxes.rules import BoxesState


@dataclass(frozen=True)
class CardPreview:
    """What a legal card placement would do."""

    slots: tuple[tuple[int, int], ...]      #: the box the card would be part of
    joined: int                             #: boxes it would join together
    closed: bool
    dead: bool
    toys: int
    cat_spots: tuple[tuple[int, int], ...]  #: where an awake cat could lie afterwards


def card_preview(state: BoxesState, move: Play) -> CardPreview | None:
    """What ``move`` would do in ``state``; ``None`` if the rules refuse it."""
    if state.check(move) is not None:
        return None
    probe = state.clone()
    probe.apply_unchecked(move)  # checked just above
    geo = probe.geo
    slot = geo.slot(move.x, move.y)
    assert slot is not None  # a legal card lies on the table
    box = probe.layout.box(probe.layout.region_of(slot), probe.n, probe.weights)
    neighbours = {n for _, _, _, n in geo.sides[slot] if n in box.slots}
    joined = len({state.layout.region_of(n) for n in neighbours})
    return CardPreview(tuple(geo.xy(s) for s in box.slots), joined, box.closed, box.dead,
                       box.toys, tuple(probe.awake_positions()))
