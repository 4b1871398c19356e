"""What the Cathood game-over panel shows: the score table (buildings, parks, each toy type,
cubes, the reserved-card penalty, total) and how each score came about, with the tie-break.

Apart from the scene so the end's words sit together; it reads only the ``Outcome``.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.core.rules import Outcome
from catgames.games.cathood.components import CathoodData
from catgames.games.cathood.table.words import toy_name
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.theme import palette


def score_table(data: CathoodData, keys: Sequence[str], names: Sequence[str],
                outcome: Outcome) -> tuple[list[str], list[list[str]]]:
    """Per seat: buildings, parks, each toy type, cubes, the reserved-card penalty, total
    (``keys``: the seats as ``outcome.detail`` names them; ``names``: as shown)."""
    heads = ([i18n.t("over.player"), i18n.t("cathood.col.buildings"), i18n.t("cathood.col.parks")]
             + [i18n.t(f"cathood.col.{t}") for t in data.toy_types]
             + [i18n.t("cathood.col.cubes"), i18n.t("cathood.col.reserved"), i18n.t("over.total")])
    rows = []
    for seat, (key, name) in enumerate(zip(keys, names)):
        s = outcome.detail["seats"][key]
        rows.append([name, str(s["buildings"]), str(s["parks"])]
                    + [str(s["toys"][t]) for t in data.toy_types]
                    + [str(s["cubes"]), str(s["reserved_penalty"]), str(outcome.scores[seat])])
    return heads, rows


def draw_outcome_detail(canvas: Canvas, rect: pygame.FRect, data: CathoodData, keys: Sequence[str],
                        names: Sequence[str], outcome: Outcome) -> None:
    """How each score came about (toys owned, cubes left, pieces placed) and the tie-break."""
    pal = palette()
    detail = outcome.detail
    tie = detail.get("tie_break") or ""
    said = [i18n.t("common.labelled", label=name, text=_detail_line(data, detail["seats"][key]))
            for key, name in zip(keys, names)]
    width, room = rect.w - 30, rect.h - (26 if tie else 0)
    # one size for every seat: as large as all of them fit (never smaller at a larger setting)
    size = canvas.steady(16.0, lambda s: sum(_height(canvas, text, width, s) for text in said) <= room)
    y = rect.y
    for seat, text in enumerate(said):
        draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y + 1, 20, 20))
        high = _height(canvas, text, width, size)
        canvas.paragraph(text, (rect.x + 30, y, width, high), size, pal.text)
        y += high
    if tie:
        canvas.text(i18n.t("cathood.tie_break", rule=i18n.t(f"cathood.tiebreak.{tie}")),
                    (rect.x, y + 12), 17, pal.focus, "midleft", bold=True, max_width=rect.w)


def _detail_line(data: CathoodData, s: dict) -> str:
    toys = i18n.joined(i18n.t("cathood.toy_count", n=i18n.number(n), toy=toy_name(t, n))
                       for t, n in zip(data.toy_types, s["toy_counts"]))
    placed = i18n.t("cathood.placed", houses=i18n.plural("cathood.houses", s["houses_placed"]),
                    statues=i18n.plural("cathood.statues", s["statues_placed"]))
    return i18n.t("cathood.detail", toys=toys, cubes=i18n.plural("cathood.cubes_left", s["cubes_left"]),
                  placed=placed)


def _height(canvas: Canvas, text: str, width: float, size: float) -> float:
    """The height a seat's line takes wrapped at ``size`` (at least its swatch's), with a gap."""
    return max(24.0, len(canvas.wrap(text, width, size)) * canvas.line_height(size) + 4)
