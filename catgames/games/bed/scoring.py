"""Sections and scores of a bed (rules R13-R20), shared by the outcome, ``analyse``, the AI and
the territory preview, so that all four always agree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from catgames.games.bed.components import TOY_KINDS, BedData, Side

Tile = tuple[int, int, int]  #: (seat, digit, mask) of a placed tile


@dataclass(frozen=True)
class Section:
    """One maximal orthogonally connected group of empty cells and who would win it."""

    mask: int
    size: int
    sums: tuple[int, int]         #: bordering tile values per seat
    owner: int | None             #: seat winning it, ``None`` if tied or ignored
    ignored: bool                 #: a one-cell section (R14)
    toys: tuple[int, ...]         #: icons inside, per kind of ``TOY_KINDS``


@dataclass(frozen=True)
class BedScore:
    """The final scoring of a bed as it stands."""

    sections: tuple[Section, ...]
    section_points: tuple[int, int]
    toys: tuple[tuple[int, ...], tuple[int, ...]]   #: collected per seat, per kind of ``TOY_KINDS``
    bonus: tuple[int, int]

    @property
    def totals(self) -> tuple[int, int]:
        return (self.section_points[0] + self.bonus[0], self.section_points[1] + self.bonus[1])


def sections(data: BedData, side: Side, occupied: int, tiles: Sequence[Tile]) -> list[Section]:
    """Every section of the bed with its bordering sums and winner (R13-R17, R19)."""
    grid = data.grid
    toy_masks = [side.toys.get(kind, 0) for kind in TOY_KINDS]
    result = []
    for region in grid.regions(grid.full & ~occupied & ~side.pillow_mask):
        size = region.bit_count()
        ignored = size <= data.ignore_size
        rim = grid.border(region)
        sums = [0, 0]
        for seat, digit, mask in tiles:
            if mask & rim:
                sums[seat] += digit
        owner = None
        if not ignored and sums[0] != sums[1]:
            owner = 0 if sums[0] > sums[1] else 1
        toys = tuple((region & m).bit_count() for m in toy_masks)
        result.append(Section(region, size, (sums[0], sums[1]), owner, ignored, toys))
    return result


def score(data: BedData, side: Side, occupied: int, tiles: Sequence[Tile]) -> BedScore:
    """Section points, toys collected and toy-majority bonuses (R17-R20)."""
    secs = sections(data, side, occupied, tiles)
    points = [0, 0]
    toys = [[0, 0, 0], [0, 0, 0]]
    for sec in secs:
        if sec.owner is not None:
            points[sec.owner] += sec.size
            for k, n in enumerate(sec.toys):
                toys[sec.owner][k] += n
    bonus = [0, 0]
    for k in range(len(TOY_KINDS)):
        if toys[0][k] != toys[1][k]:
            bonus[0 if toys[0][k] > toys[1][k] else 1] += data.toy_bonus
    return BedScore(tuple(secs), (points[0], points[1]),
                    (tuple(toys[0]), tuple(toys[1])), (bonus[0], bonus[1]))
