"""The end of a Kotatsu Cats game on screen: the per-seat score table and, under it, how the
scores came about (the scoring reading, revealed cushions, V and food discards)."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.core.rules import Outcome
from catgames.games.kotatsu.panels import cushion_text
from catgames.games.kotatsu.rules import KotatsuState
from catgames.games.kotatsu.view import signed
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.theme import palette

COLUMNS = ("cats", "printed", "coins", "food", "bonus")


def score_table(keys: Sequence[str], names: Sequence[str], outcome: Outcome) -> tuple[list[str], list[list[str]]]:
    """Per seat: cats, printed values, coins (count × V), food, collection bonus, total
    (``keys``: the seats as ``outcome.detail`` names them; ``names``: as shown)."""
    heads = [i18n.t("over.player"), *(i18n.t(f"kotatsu.col.{c}") for c in COLUMNS),
             i18n.t("over.total")]
    rows = []
    for seat, (key, name) in enumerate(zip(keys, names)):
        s = outcome.detail["seats"][key]
        rows.append([name, str(s["cats"]), signed(s["printed"]), signed(s["coin_points"]),
                     signed(s["food_points"]), signed(s["collection_bonus"]),
                     str(outcome.scores[seat])])
    return heads, rows


def draw_detail(canvas: Canvas, rect: pygame.FRect, state: KotatsuState, keys: Sequence[str],
                names: Sequence[str], outcome: Outcome) -> None:
    """The scoring reading, then each seat's revealed cushions, V and food discards."""
    pal = palette()
    data = state.data
    detail = outcome.detail
    y = rect.y
    y += canvas.paragraph(i18n.t(f"kotatsu.mode.{detail['scoring_mode']}"),
                          (rect.x, y, rect.w, 44), 16, pal.text_dim) + 6
    tie = bool(detail.get("tie_break"))
    for seat, (key, name) in enumerate(zip(keys, names)):
        s = detail["seats"][key]
        faces = i18n.joined(cushion_text(data, cu) for _, cu, _ in state.collected[seat]) or "—"
        parts = [i18n.t("kotatsu.detail_cushions", faces=faces),
                 i18n.plural("kotatsu.detail_coins", s["coins"], v=s["coin_value"])]
        if s["food_discards"]:
            parts.append(i18n.t("kotatsu.detail_food",
                                values=i18n.joined(signed(v) for v in s["food_discards"])))
        if s["sets"]:
            parts.append(i18n.plural("kotatsu.detail_sets", s["sets"]))
        room = (rect.bottom - y - (24 if tie else 0)) / (len(names) - seat)
        draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y + 1, 20, 20))
        said = i18n.t("common.labelled", label=name, text=" · ".join(parts))
        y += canvas.paragraph(said, (rect.x + 30, y, rect.w - 30, room), 16, pal.text) + 4
    if tie:
        canvas.text(i18n.t("kotatsu.tie_break"), (rect.x, y + 11), 16, pal.focus, "midleft",
                    max_width=rect.w)
