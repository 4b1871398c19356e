"""What a This Bed Is Mine component is, for the hover reference: a tile in a tray or on the bed,
a pillow, a toy icon, and a section of empty cells with its sums as they stand."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from catgames.games.bed.scoring import TOY_KINDS
from catgames.ui import i18n
from catgames.ui.canvas import Point
from catgames.ui.reference import Reference

if TYPE_CHECKING:
    from catgames.games.bed.table.scene import BedScene


def component_at(scene: BedScene, pos: Point) -> Reference | None:
    bed = scene.bed
    names = scene.seat_names
    for seat in (0, 1):
        for digit in bed.in_hand(seat):
            rect = scene.slot_rect(seat, digit)
            if rect.collidepoint(pos):
                return Reference.of(i18n.t("reference.bed.tile", seat=names[seat], digit=digit),
                                    i18n.t("reference.bed.tile_in_hand", digit=digit), rect)
    cell = scene.geo.cell_at(pos)
    if cell is None:
        return None
    grid = bed.data.grid
    bit = grid.bit(*cell)
    for seat, digit, mask in bed.tiles:
        if mask & bit:
            return Reference.of(i18n.t("reference.bed.tile", seat=names[seat], digit=digit),
                                i18n.t("reference.bed.tile_on_bed", seat=names[seat], digit=digit),
                                _bounds(scene, grid.cells(mask)))
    side = bed.data.sides[bed.side]
    if bit & side.pillow_mask:
        mask = next(m for m in side.pillows.values() if m & bit)
        return Reference.of(i18n.t("reference.bed.pillow"), i18n.t("reference.bed.pillow_rules"),
                            _bounds(scene, grid.cells(mask)))
    return _section(scene, bit, cell) or _toy(scene, bit, cell)


def _toy(scene: BedScene, bit: int, cell: tuple[int, int]) -> Reference | None:
    toys = scene.bed.data.sides[scene.bed.side].toys
    kind = next((k for k in TOY_KINDS if toys.get(k, 0) & bit), None)
    if kind is None:
        return None
    return Reference.of(i18n.t(f"reference.bed.toy.{kind}"),
                        i18n.t("reference.bed.toy_rules", bonus=scene.bed.data.toy_bonus),
                        scene.geo.cell_rect(*cell))


def _section(scene: BedScene, bit: int, cell: tuple[int, int]) -> Reference | None:
    """The empty cells around ``cell`` as scored now (a toy icon on it is named too)."""
    section = next((s for s in scene.score_now().sections if s.mask & bit), None)
    if section is None:
        return None
    names = scene.seat_names
    title = i18n.plural("reference.bed.section", section.size)
    if section.ignored:
        body = i18n.t("reference.bed.section_ignored")
    else:
        body = i18n.t("reference.bed.section_rules", cat=names[0], dog=names[1],
                      cat_sum=section.sums[0], dog_sum=section.sums[1])
    toy = _toy(scene, bit, cell)
    if toy is not None:
        body = i18n.t("reference.bed.toy_in_section", toy=toy.title, rules=toy.body, section=body)
    return Reference.of(title, body, scene.geo.cell_rect(*cell))


def _bounds(scene: BedScene, cells: list[tuple[int, int]]) -> pygame.FRect:
    rects = [scene.geo.cell_rect(*c) for c in cells]
    return rects[0].unionall(rects[1:])

