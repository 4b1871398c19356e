"""Final scoring (spec SC1-SC6), shared by the outcome, ``analyse`` and the AI so they agree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from catgames.games.cathood.components import CathoodData


class Boards(Protocol):
    """What scoring reads from a state."""

    toys: list[list[int]]
    buildings: list[list[int]]
    parks: list[list[int]]
    cubes: list[list[int]]
    reserved: list[int]
    placed_houses: list[int]
    placed_statues: list[int]


@dataclass(frozen=True)
class SeatScore:
    """One cat's final score as the position stands, part by part."""

    buildings: int
    parks: int
    toys: tuple[int, ...]          #: points per toy type
    toy_counts: tuple[int, ...]
    cubes: int                     #: points for cubes left
    cube_count: int
    reserve: int                   #: the penalty for an unbought reserved card (<= 0)
    houses: int                    #: placed, for the tie-break
    statues: int

    @property
    def total(self) -> int:
        return self.buildings + self.parks + sum(self.toys) + self.cubes + self.reserve

    def tiebreak(self, keys: tuple[str, ...]) -> tuple[int, ...]:
        values = {"houses_placed": self.houses, "statues_placed": self.statues,
                  "cubes": self.cube_count}
        return tuple(values[k] for k in keys)

    def as_dict(self, toy_types: tuple[str, ...] | None = None) -> dict[str, Any]:
        toys = dict(zip(toy_types, self.toys)) if toy_types else list(self.toys)
        return {"buildings": self.buildings, "parks": self.parks, "toys": toys,
                "toy_counts": list(self.toy_counts), "cubes": self.cubes,
                "cubes_left": self.cube_count, "reserved_penalty": self.reserve,
                "houses_placed": self.houses, "statues_placed": self.statues, "total": self.total}


def toy_points(data: CathoodData, owned: int) -> int:
    """SC3: the table applied to one toy type (its last entry holds for that many or more)."""
    table = data.toy_scoring
    return table[min(owned, len(table) - 1)]


def cube_points(data: CathoodData, cubes: int) -> int:
    """SC4: the bracket of the cubes left."""
    points = 0
    for low, value in data.cube_brackets:
        if cubes >= low:
            points = value
    return points


def score_seat(data: CathoodData, boards: Boards, seat: int) -> SeatScore:
    cards = data.cards
    counts = [0] * len(data.toy_types)
    for card in boards.toys[seat]:
        counts[cards[card].toy] += 1
    held = sum(boards.cubes[seat])
    return SeatScore(
        buildings=sum(cards[c].points for c in boards.buildings[seat]),
        parks=sum(data.park_points[p] for p in boards.parks[seat]),
        toys=tuple(toy_points(data, k) for k in counts),
        toy_counts=tuple(counts),
        cubes=cube_points(data, held),
        cube_count=held,
        reserve=data.reserve_penalty if boards.reserved[seat] >= 0 else 0,
        houses=boards.placed_houses[seat],
        statues=boards.placed_statues[seat],
    )


def standings(data: CathoodData, scores: list[SeatScore]) -> tuple[list[int], str]:
    """SC6: the seats sharing first place and the tie-break that decided it ("" if none)."""
    top = max(s.total for s in scores)
    best = [i for i, s in enumerate(scores) if s.total == top]
    used = ""
    for k, key in enumerate(data.tiebreak):
        if len(best) == 1:
            break
        value = max(scores[i].tiebreak(data.tiebreak)[k] for i in best)
        narrowed = [i for i in best if scores[i].tiebreak(data.tiebreak)[k] == value]
        if len(narrowed) < len(best):
            used = key
        best = narrowed
    return best, used
