"""What the Cathood game-over panel shows: the score table (buildings, parks, each toy type,
cubes, the reserved-card penalty, total) and how each score came about, with the tie-break.

Apart from the scene so the end's words sit together; it reads only the ``Outcome``.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.core.rules import Outcome
from catgames.games.cathood.components import CathoodData
from catgames.games.cathood.words import toy_name
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
    room = (rect.h - (26 if tie else 0)) / len(names)
    y = rect.y
    for seat, (key, name) in enumerate(zip(keys, names)):
        s = detail["seats"][key]
        toys = i18n.joined(f"{n} {toy_name(t, n)}" for t, n in zip(data.toy_types, s["toy_counts"]))
        line = i18n.t("cathood.detail", toys=toys, cubes=s["cubes_left"], houses=s["houses_placed"],
                      statues=s["statues_placed"])
        draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y + 1, 20, 20))
        said = i18n.t("common.labelled", label=name, text=line)
        y += max(24.0, canvas.paragraph(said, (rect.x + 30, y, rect.w - 30, room), 16, pal.text) + 4)
    if tie:
        canvas.text(i18n.t("cathood.tie_break", rule=i18n.t(f"cathood.tiebreak.{tie}")),
                    (rect.x, y + 12), 17, pal.focus, "midleft", bold=True, max_width=rect.w)
