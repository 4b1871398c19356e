"""The picture of the bed as it stands: the mattress with pillows and uncovered toys, the
opening area, the tiles, and the territory (each section tinted by who would win it now, with
both sums) that the preview switch or the end of the game shows.  Pure drawing from the
position and its score; the scene caches it per move."""

from __future__ import annotations

import pygame

from catgames.games.bed.components import TOY_KINDS
from catgames.games.bed.rules import BedState
from catgames.games.bed.scoring import BedScore
from catgames.games.bed.table.layout import CELL, GEO
from catgames.games.bed.table.pictures import FABRIC_LIGHT
from catgames.games.bed.table.view import (
    INK, claw_spots, draw_cells, draw_claw, draw_mattress, draw_pillow, draw_section_size, draw_tile, draw_toy,
)
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette

OPENING_ABOVE, OPENING_OUT = 66.0, 70.0  #: the opening's words over its square: their height, their reach either side


def draw_bed(canvas: Canvas, bed: BedState, score: BedScore, territory: bool, final: bool = True) -> None:
    """The mattress with pillows, uncovered toys, the opening area, territory (when asked for,
    and at the end once ``final``: not while the final scoring is walked through) and tiles."""
    pal = palette()
    draw_mattress(canvas, GEO)
    side = bed.data.sides[bed.side]
    for mask in side.pillows.values():
        draw_pillow(canvas, GEO, bed.data.grid.cells(mask))
    for kind in TOY_KINDS:
        for cell in bed.data.grid.cells(side.toys.get(kind, 0) & ~bed.occupied):
            draw_toy(canvas, GEO, cell, kind)
    if bed.is_opening():
        _draw_opening_area(canvas, bed)
    shown = territory and not bed.is_over() or bed.is_over() and final
    if shown:
        _draw_territory(canvas, bed, score, labels=False)
    for seat, digit, mask in bed.tiles:
        draw_tile(canvas, GEO, bed.data.grid.cells(mask), digit, seat, pal.seat(seat))
    if shown:
        _draw_territory(canvas, bed, score, labels=True)


def _draw_opening_area(canvas: Canvas, bed: BedState) -> None:
    pal = palette()
    cells = bed.data.grid.cells(bed.data.initial_mask)
    draw_cells(canvas, GEO, cells, (*pal.focus, 60))
    area = GEO.bounds(cells)
    canvas.rect(pal.focus, area, width=3, radius=4)
    allowed = "–".join(str(d) for d in (min(bed.data.initial_digits), max(bed.data.initial_digits)))
    # above the square, not in it: the hint, the drop markers and the dragged tile go in it
    above = pygame.FRect(area.x - OPENING_OUT, area.y - OPENING_ABOVE - 4, area.w + 2 * OPENING_OUT, OPENING_ABOVE)
    canvas.rect((*FABRIC_LIGHT, 215), above, radius=6)  # the mattress's cream, the cells under it faint
    canvas.paragraph(i18n.t("bed.opening", digits=allowed), above.inflate(-10, -4), 17, INK, bold=True,
                     align="center", middle=True)


def _draw_territory(canvas: Canvas, bed: BedState, score: BedScore, labels: bool) -> None:
    """Each section tinted by who would win it now (under the tiles), or its label (over
    them, so a label wider than its cell stays whole): both sums, or at the end a claw with
    the section's size, at its deepest cell clear of toy icons."""
    pal = palette()
    claws = bed.is_over()
    grid = bed.data.grid
    icons = 0
    for mask in bed.data.sides[bed.side].toys.values():
        icons |= mask
    for sec in score.sections:
        if sec.ignored:
            continue
        if not labels:
            tint = (0x90, 0x90, 0x98, 90) if sec.owner is None else (*pal.seat(sec.owner).color, 95)
            draw_cells(canvas, GEO, grid.cells(sec.mask), tint)
            continue
        claw, beside = claw_spots(grid, sec.mask, icons)
        centre = GEO.centre(*claw)
        if claws and sec.owner is not None:
            draw_claw(canvas, centre, CELL * 0.8, pal.seat(sec.owner))
            if beside is None:  # no free cell beside it (one cell, or toys round it): on its rim
                draw_section_size(canvas, (centre[0], centre[1] + CELL * 0.3), sec.size, CELL)
            else:
                draw_section_size(canvas, GEO.centre(*beside), sec.size, CELL)
        elif not claws:
            draw_sums(canvas, centre, f"{sec.sums[0]}:{sec.sums[1]}")


def draw_sums(canvas: Canvas, centre: Point, label: str) -> None:
    """The cat:dog sums of a section in a white box, growing with the text size up to the
    width of a cell and a half."""
    size = canvas.steady(14, lambda s: canvas.text_size(label, s, True, True)[0] <= CELL * 1.5 - 6,
                         fixed=True)
    w, h = canvas.text_size(label, size, True, True)
    box = pygame.FRect(0, 0, max(CELL * 1.25, w + 6), max(CELL * 0.55, h)).move_to(center=centre)
    box.clamp_ip(GEO.rect)  # a label at the bed's edge stays on the mattress
    canvas.rect((255, 255, 255, 215), box, radius=6)
    canvas.text(label, box.center, size, INK, "center", bold=True, fixed=True)
