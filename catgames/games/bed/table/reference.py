"""What a This Bed Is Mine component is, for the hover reference: a tile in a tray or on the bed,
a pillow, a toy icon, and a section of empty cells with its sums as they stand."""

from __future__ import annotations

from typing import Sequence

from catgames.games.bed.rules import BedState
from catgames.games.bed.scoring import TOY_KINDS, BedScore
from catgames.games.bed.table.layout import GEO, slot_rect
from catgames.ui import i18n
from catgames.ui.canvas import Point
from catgames.ui.reference import Reference


def component_at(bed: BedState, score: BedScore, names: Sequence[str], pos: Point) -> Reference | None:
    """What lies under ``pos`` on ``bed`` (scored as ``score``), its seats called ``names``."""
    for seat in (0, 1):
        for digit in bed.in_hand(seat):
            rect = slot_rect(seat, digit)
            if rect.collidepoint(pos):
                return Reference.of(i18n.t("reference.bed.tile", seat=names[seat], digit=digit),
                                    i18n.t("reference.bed.tile_in_hand", digit=digit), rect)
    cell = GEO.cell_at(pos)
    if cell is None:
        return None
    grid = bed.data.grid
    bit = grid.bit(*cell)
    for seat, digit, mask in bed.tiles:
        if mask & bit:
            return Reference.of(i18n.t("reference.bed.tile", seat=names[seat], digit=digit),
                                i18n.t("reference.bed.tile_on_bed", seat=names[seat], digit=digit),
                                GEO.bounds(grid.cells(mask)))
    side = bed.data.sides[bed.side]
    if bit & side.pillow_mask:
        mask = next(m for m in side.pillows.values() if m & bit)
        return Reference.of(i18n.t("reference.bed.pillow"), i18n.t("reference.bed.pillow_rules"),
                            GEO.bounds(grid.cells(mask)))
    return _section(bed, score, names, bit, cell) or _toy(bed, bit, cell)


def _toy(bed: BedState, bit: int, cell: tuple[int, int]) -> Reference | None:
    toys = bed.data.sides[bed.side].toys
    kind = next((k for k in TOY_KINDS if toys.get(k, 0) & bit), None)
    if kind is None:
        return None
    return Reference.of(i18n.t(f"reference.bed.toy.{kind}"),
                        i18n.t("reference.bed.toy_rules", bonus=bed.data.toy_bonus), GEO.cell_rect(*cell))


def _section(bed: BedState, score: BedScore, names: Sequence[str], bit: int,
             cell: tuple[int, int]) -> Reference | None:
    """The empty cells around ``cell`` as scored now (a toy icon on it is named too)."""
    section = next((s for s in score.sections if s.mask & bit), None)
    if section is None:
        return None
    title = i18n.plural("reference.bed.section", section.size)
    if section.ignored:
        body = i18n.t("reference.bed.section_ignored")
    else:
        body = i18n.t("reference.bed.section_rules", cat=names[0], dog=names[1],
                      cat_sum=section.sums[0], dog_sum=section.sums[1])
    toy = _toy(bed, bit, cell)
    if toy is not None:
        body = i18n.t("reference.bed.toy_in_section", toy=toy.title, rules=toy.body, section=body)
    return Reference.of(title, body, GEO.cell_rect(*cell))
