"""What laying a card would do, answered by the rules (pure: no pygame).

The table previews a held card before it is dropped: the box it would be part of, the boxes it
would join, every box it would close (its own, or one it caps with a wall), who each closed box
would pay as it stands, whose cats the card's box holds, and where an awake cat could lie next.
The rules play the move on a copy of the position and the preview reads the copy and the very
events the move made (the ``box_closed`` events the log prints), so the preview and the log
never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from catgames.core.rules import Event
from catgames.games.boxes.moves import Play
from catgames.games.boxes.rules import BoxesState
from catgames.games.boxes.scoring import score_box
from catgames.games.boxes.grid import Box

Spot = tuple[int, int]


@dataclass(frozen=True)
class Closing:
    """A box the card would close: the rules' own event, and whom it would pay as it stands."""

    event: Event                  #: the ``box_closed`` event (what the log will say)
    scorers: tuple[int, ...]      #: seats the box would pay now (empty: nobody's cats yet)
    value: int


@dataclass(frozen=True)
class CardPreview:
    """What a legal card placement would do, for the seat laying it."""

    seat: int
    slots: tuple[Spot, ...]                 #: the box the card would be part of
    joins: tuple[tuple[Spot, ...], ...]     #: the boxes it would join (none: a new box)
    closed: bool
    dead: bool
    toys: int
    holders: tuple[int, ...]                #: seats with cats in the card's box afterwards
    closes: tuple[Closing, ...]             #: every box it would close, its own or a capped one
    cat_spots: tuple[Spot, ...]             #: where an awake cat could lie afterwards

    @property
    def joined(self) -> int:
        return len(self.joins)

    @property
    def rivals(self) -> tuple[int, ...]:
        """Other players whose cats are in the box the card grows."""
        return tuple(s for s in self.holders if s != self.seat)

    @property
    def shut_out(self) -> bool:
        """The box rule would keep the seat's cats out of the card's box (rivals, none of its own)."""
        return bool(self.rivals) and self.seat not in self.holders


def card_preview(state: BoxesState, move: Play) -> CardPreview | None:
    """What ``move`` would do in ``state``; ``None`` if the rules refuse it."""
    if state.check(move) is not None:
        return None
    seat = state.to_move
    probe = state.clone()
    events = probe.apply_unchecked(move)  # checked just above
    geo, layout = probe.geo, probe.layout
    slot = geo.slot(move.x, move.y)
    assert slot is not None  # a legal card lies on the table
    box = _box(probe, slot)
    neighbours = [n for _, _, _, n in geo.sides[slot] if n in box.slots]
    joins = {state.layout.region_of(n): n for n in neighbours}
    joined = tuple(tuple(geo.xy(s) for s in geo.slots_of(region & state.layout.centres))
                   for region in joins)
    closes = tuple(_closing(probe, event) for event in events if event.kind == "box_closed")
    return CardPreview(seat, tuple(geo.xy(s) for s in box.slots), joined, box.closed, box.dead,
                       box.toys, layout.holders(box.region), closes,
                       tuple(probe.awake_positions()))


def _box(state: BoxesState, slot: int) -> Box:
    return state.layout.box(state.layout.region_of(slot), state.n, state.weights)


def _closing(probe: BoxesState, event: Event) -> Closing:
    """Whom the box a ``box_closed`` event names would pay, scored as the table then stands."""
    x, y = event.get("cells")[0]
    slot = probe.geo.slot(x, y)
    assert slot is not None
    scored = score_box(_box(probe, slot), probe.open_boxes, probe.majority_tie)
    return Closing(event, scored.scorers, scored.value)
