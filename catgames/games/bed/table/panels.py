"""Text blocks of the bed table laid out by line height: the breakdown of the end screen (and
its score table).  Each block is drawn at one size that fits its room, so a larger text size
(or a longer language) wraps its lines rather than running them into what follows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from catgames.core.rules import Outcome
from catgames.games.bed.components import TOY_KINDS
from catgames.games.bed.rules import BedState
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette

SWATCH = 22  #: a seat swatch before a line
INDENT = 32  #: where a line's text starts when it has a swatch (or lines up with those that do)
BLOCK_LEAST = 12.0  #: the end screen's breakdown is never smaller (its 100 % size)

SwatchDrawer = Callable[[Canvas, int, pygame.FRect], None]


@dataclass(frozen=True)
class Line:
    """One entry of a block: a text wrapped to the block's width, after a seat swatch or an
    indent, and the gap that follows it."""

    text: str
    color: Sequence[int]
    seat: int | None = None
    indent: float = 0
    gap: float = 4


def _lines_of(canvas: Canvas, line: Line, width: float, size: float) -> list[str]:
    return canvas.wrap(line.text, width - line.indent, size)


def _height(canvas: Canvas, line: Line, width: float, size: float) -> float:
    text = len(_lines_of(canvas, line, width, size)) * canvas.line_height(size)
    return max(text, SWATCH + 2 if line.seat is not None else 0) + line.gap


def block_size(canvas: Canvas, lines: Sequence[Line], width: float, room: float, size: float) -> float:
    """The one size, steady as the text size rises, at which ``lines`` fit ``width`` x ``room``."""
    def fits(s: float) -> bool:
        wide = all(canvas.text_size(part, s)[0] <= width - line.indent
                   for line in lines for part in _lines_of(canvas, line, width, s))
        return wide and sum(_height(canvas, line, width, s) for line in lines) <= room
    return canvas.steady(size, fits)


def draw_block(canvas: Canvas, rect: pygame.FRect, lines: Sequence[Line], size: float,
               swatch: SwatchDrawer) -> float:
    """``lines`` stacked from the top of ``rect`` at one size that fits it, not below
    ``BLOCK_LEAST`` (the lines that do not fit then are left out: the score table above says
    the totals); returns the bottom."""
    size = max(block_size(canvas, lines, rect.w, rect.h, size), BLOCK_LEAST)
    step = canvas.line_height(size)
    y = rect.y
    for line in lines:
        height = _height(canvas, line, rect.w, size)
        if y + height - line.gap > rect.bottom:
            break
        if line.seat is not None:
            swatch(canvas, line.seat, pygame.FRect(rect.x, y + max(0.0, (step - SWATCH) / 2), SWATCH, SWATCH))
        text_h = len(_lines_of(canvas, line, rect.w, size)) * step
        canvas.paragraph(line.text, (rect.x + line.indent, y, rect.w - line.indent, text_h), size, line.color)
        y += height
    return y


def outcome_lines(bed: BedState, detail: dict[str, Any], names: Sequence[str]) -> list[Line]:
    """The end screen's breakdown: each side's won sections as a sum, the largest first, then
    the toy majorities of side B (the order the board walked them through: ``stage``)."""
    pal = palette()
    keys = bed.data.seat_names
    lines = []
    for seat, key in enumerate(keys):
        sizes = sorted((s["size"] for s in detail["sections"] if s["owner"] == key), reverse=True)
        sums = " + ".join(map(str, sizes)) if sizes else "0"
        text = i18n.t("bed.won_sections", seat=names[seat], sums=sums,
                      sections=i18n.plural("bed.count_sections", len(sizes)),
                      total=i18n.plural("bed.count_points", detail["section_points"][key]))
        lines.append(Line(text, pal.text, seat=seat, indent=INDENT, gap=10))
    if bed.data.sides[bed.side].toys:
        for kind in TOY_KINDS:
            counts = [detail["toys"][key][kind] for key in keys]
            if counts[0] == counts[1]:
                result = i18n.t("bed.toy_tie")
            else:
                leader = 0 if counts[0] > counts[1] else 1
                result = i18n.t("bed.toy_bonus_to", seat=names[leader], bonus=bed.data.toy_bonus)
            text = i18n.t("bed.toy_line", toy=i18n.t(f"bed.toy.{kind}"), cat=counts[0], dog=counts[1],
                          result=result)
            lines.append(Line(text, pal.text_dim, indent=INDENT, gap=6))
    return lines


def score_table(bed: BedState, outcome: Outcome, names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """The end screen's table: sections, toys and their bonus (side B), total, per seat."""
    detail = outcome.detail
    keys = bed.data.seat_names
    heads = [i18n.t("over.player"), i18n.t("bed.sections")]
    with_toys = bool(bed.data.sides[bed.side].toys)
    if with_toys:
        heads += [i18n.t(f"bed.toy.{k}") for k in TOY_KINDS] + [i18n.t("bed.toy_bonus")]
    heads.append(i18n.t("over.total"))
    rows = []
    for seat, name in enumerate(keys):
        row = [names[seat], str(detail["section_points"][name])]
        if with_toys:
            row += [i18n.t("bed.toy_count", n=detail["toys"][name][k]) for k in TOY_KINDS]
            row.append(str(detail["toy_bonus"][name]))
        rows.append(row + [str(outcome.scores[seat])])
    return heads, rows
