"""The whole-card grid of spec section 3: cards, boxes and cats, as bitmasks.

Slots are numbered ``y * cols + x``.  Boxes are found on a *fine* ``BitGrid`` of
``(2 rows + 1) x (2 cols + 1)`` cells: each card is the cell (2y+1, 2x+1) and each side between
two slots (or a slot and the table edge) is the cell in between.  A box is then an ordinary
connected region of card cells plus the *joined* seams (both sides open), so the shared
``BitGrid.region_of`` finds it; no second flood fill is needed.  An open side facing an empty
slot or the edge is a *frontier* seam: a box is closed when none borders it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from catgames.core.grid import BitGrid, bit_indices
from catgames.core.rules import Reason
from catgames.games.boxes.components import BOTTOM, LEFT, RIGHT, TOP

PRINCESS_OWNER = -1  #: the owner recorded for a Princess lying on the table
_OPPOSITE = {TOP: BOTTOM, BOTTOM: TOP, LEFT: RIGHT, RIGHT: LEFT}


class Geometry:
    """Precomputed bits of one table size (shared by every state on it)."""

    def __init__(self, cols: int, rows: int) -> None:
        self.cols, self.rows, self.size = cols, rows, cols * rows
        self.coarse = BitGrid(rows, cols)
        self.fine = BitGrid(2 * rows + 1, 2 * cols + 1)
        width = 2 * cols + 1
        self.centre: list[int] = []
        #: per slot: (side bit, opposite bit, seam bit, neighbour slot or -1 off the table)
        self.sides: list[tuple[tuple[int, int, int, int], ...]] = []
        self.vseam: list[int] = []              #: per slot: the seam below it
        edge = 0
        for slot in range(self.size):
            y, x = divmod(slot, cols)
            c = (2 * y + 1) * width + 2 * x + 1
            self.centre.append(1 << c)
            sides = []
            for bit, offset, (nx, ny) in ((TOP, -width, (x, y - 1)), (BOTTOM, width, (x, y + 1)),
                                          (LEFT, -1, (x - 1, y)), (RIGHT, 1, (x + 1, y))):
                inside = 0 <= nx < cols and 0 <= ny < rows
                seam = 1 << (c + offset)
                if not inside:
                    edge |= seam
                sides.append((bit, _OPPOSITE[bit], seam, ny * cols + nx if inside else -1))
            self.sides.append(tuple(sides))
            self.vseam.append(1 << (c + width))
        self.edge_seams = edge
        self.inner_vseams = sum(self.vseam[s] for s in range(self.size - cols))
        self.slot_of_vseam = {self.vseam[s].bit_length() - 1: s for s in range(self.size - cols)}
        self.slot_of_centre = {b.bit_length() - 1: s for s, b in enumerate(self.centre)}
        self.all_centres = sum(self.centre)

    def xy(self, slot: int) -> tuple[int, int]:
        y, x = divmod(slot, self.cols)
        return x, y

    def slot(self, x: int, y: int) -> int | None:
        """The slot at (x, y), or ``None`` off the table."""
        return y * self.cols + x if 0 <= x < self.cols and 0 <= y < self.rows else None

    def slots_of(self, fine_mask: int) -> list[int]:
        """The card slots whose centres are in ``fine_mask``, in reading order: a bit at a
        time, which for a box's few cards is several times quicker than listing every bit
        of the fine grid (the AI builds boxes in its inner loop)."""
        lookup = self.slot_of_centre
        mask = fine_mask & self.all_centres
        out = []
        while mask:
            low = mask & -mask
            out.append(lookup[low.bit_length() - 1])
            mask ^= low
        return out


@lru_cache(maxsize=None)
def geometry(cols: int, rows: int) -> Geometry:
    return Geometry(cols, rows)


@dataclass(frozen=True)
class Box:
    """One box as it stands: a connected group of joined cards."""

    region: int                     #: fine-grid mask (cards and joined seams)
    slots: tuple[int, ...]
    toys: int
    closed: bool
    dead: bool                      #: an open side faces the table edge: it can never close
    open_sides: int                 #: open sides still facing an empty slot or the edge
    counts: tuple[int, ...]         #: weighted cats per seat
    princesses: int


class Layout:
    """The cards and cats on the table; knows placement, joins, boxes and cat positions."""

    __slots__ = ("geo", "cards", "occupied", "centres", "joined", "frontier", "blocked",
                 "cats", "cat_seams", "sleep_seams", "princess_seams")

    def __init__(self, geo: Geometry, players: int) -> None:
        self.geo = geo
        self.cards: dict[int, tuple[int, int, int, int]] = {}   #: slot -> (kind, rot, edges, toys)
        self.occupied = 0          #: coarse mask of slots holding a card
        self.centres = 0           #: fine mask of card cells
        self.joined = 0            #: fine mask of seams open on both sides
        self.frontier = 0          #: fine mask of open sides facing an empty slot or the edge
        self.blocked = 0           #: fine mask of vertical seams a cat can no longer use
        self.cats: dict[int, tuple[int, bool]] = {}   #: upper slot -> (owner, awake)
        self.cat_seams = [0] * players   #: per seat, fine mask of the seams under its cats
        self.sleep_seams = 0
        self.princess_seams = 0

    def clone(self) -> "Layout":
        other = Layout.__new__(Layout)
        other.geo = self.geo
        other.cards = self.cards.copy()
        other.occupied = self.occupied
        other.centres = self.centres
        other.joined = self.joined
        other.frontier = self.frontier
        other.blocked = self.blocked
        other.cats = self.cats.copy()
        other.cat_seams = self.cat_seams[:]
        other.sleep_seams = self.sleep_seams
        other.princess_seams = self.princess_seams
        return other

    # -- cards --------------------------------------------------------------------------------
    def placement_reason(self, slot: int | None) -> Reason | None:
        """Rules 11-13: inside the table, on an empty slot, touching a card side to side."""
        if slot is None:
            return Reason.of("off_table")
        if self.occupied >> slot & 1:
            return Reason.of("occupied")
        if not self.geo.coarse.dilate(1 << slot) & self.occupied:
            return Reason.of("not_touching")
        return None

    def open_slots(self) -> int:
        """Coarse mask of every slot a card may be placed on now."""
        return self.geo.coarse.border(self.occupied)

    def place(self, slot: int, kind: int, rot: int, edges: int, toys: int) -> None:
        """Lay a card (legality is the caller's job) and update joins and frontier."""
        occupied, cards = self.occupied, self.cards
        joined, frontier = self.joined, self.frontier
        for bit, opposite, seam, neighbour in self.geo.sides[slot]:
            if edges & bit:
                if neighbour < 0 or not occupied >> neighbour & 1:
                    frontier |= seam
                elif cards[neighbour][2] & opposite:
                    joined |= seam
                    frontier &= ~seam
            else:
                frontier &= ~seam
        self.joined, self.frontier = joined, frontier
        self.occupied = occupied | (1 << slot)
        self.centres |= self.geo.centre[slot]
        cards[slot] = (kind, rot, edges, toys)

    # -- boxes --------------------------------------------------------------------------------
    def region_of(self, slot: int) -> int:
        return self.geo.fine.region_of(self.geo.centre[slot], self.centres | self.joined)

    def is_closed(self, region: int) -> bool:
        return not self.geo.fine.dilate(region) & self.frontier

    def box(self, region: int, players: int, weights: tuple[int, int]) -> Box:
        geo = self.geo
        open_sides = geo.fine.dilate(region) & self.frontier
        slots = tuple(geo.slots_of(region & self.centres))
        awake, sleeping = weights
        sleep = region & self.sleep_seams
        counts = tuple(awake * (region & m & ~sleep).bit_count() + sleeping * (m & sleep).bit_count()
                       for m in self.cat_seams[:players])
        cards = self.cards
        return Box(region, slots, sum([cards[s][3] for s in slots]), not open_sides,
                   bool(open_sides & geo.edge_seams), open_sides.bit_count(), counts,
                   (region & self.princess_seams).bit_count())

    def boxes(self, players: int, weights: tuple[int, int]) -> list[Box]:
        """Every box on the table, lowest card first."""
        return [self.box(r, players, weights)
                for r in self.geo.fine.regions(self.centres | self.joined)]

    def admits(self, region: int, seat: int) -> bool:
        """The box rule (24): no other player's cat there, or already one of ``seat``'s."""
        if region & self.cat_seams[seat]:
            return True
        others = 0
        for s, m in enumerate(self.cat_seams):
            if s != seat:
                others |= m
        return not region & others

    def holders(self, region: int) -> tuple[int, ...]:
        return tuple(s for s, m in enumerate(self.cat_seams) if region & m)

    # -- cats ---------------------------------------------------------------------------------
    def pair_reason(self, slot: int | None, seat: int, played: int | None = None) -> Reason | None:
        """Why a cat of ``seat`` may not lie on (slot, slot below): rules 19-21, 23, 24.

        ``played`` is the card played this turn for an awake cat, ``None`` for a sleeping one.
        """
        geo = self.geo
        if slot is None or slot + geo.cols >= geo.size:
            return Reason.of("off_table")
        lower = slot + geo.cols
        if not (self.occupied >> slot & 1 and self.occupied >> lower & 1):
            return Reason.of("no_card")
        seam = geo.vseam[slot]
        if not self.joined & seam:
            return Reason.of("wall_seam")
        if self.blocked & seam:
            return Reason.of("covered")
        if played is not None and played not in (slot, lower):
            return Reason.of("not_played_card")
        region = self.region_of(slot)
        if not self.admits(region, seat):
            return Reason.of("box_taken", holders=self.holders(region))
        return None

    def sleeping_pairs(self, seat: int) -> list[int]:
        """Upper slots of every pair where a sleeping cat of ``seat`` may lie (rule 25)."""
        geo = self.geo
        free = self.joined & geo.inner_vseams & ~self.blocked
        space = self.centres | self.joined
        out: list[int] = []
        while free:
            region = geo.fine.region_of(free & -free, space)
            here = free & region
            free &= ~region
            if self.admits(region, seat):
                out += [geo.slot_of_vseam[i] for i in bit_indices(here)]
        out.sort()
        return out

    def put_cat(self, slot: int, owner: int, awake: bool) -> None:
        geo = self.geo
        seam = geo.vseam[slot]
        self.cats[slot] = (owner, awake)
        if owner == PRINCESS_OWNER:
            self.princess_seams |= seam
        else:
            self.cat_seams[owner] |= seam
            if not awake:
                self.sleep_seams |= seam
        self.blocked |= seam | geo.vseam[slot + geo.cols]
        if slot >= geo.cols:
            self.blocked |= geo.vseam[slot - geo.cols]

    def remove_cat(self, slot: int) -> int:
        """Take a player's cat off its pair (leaving the cards blocked); returns its owner."""
        owner, _ = self.cats.pop(slot)
        seam = self.geo.vseam[slot]
        self.cat_seams[owner] &= ~seam
        self.sleep_seams &= ~seam
        return owner
