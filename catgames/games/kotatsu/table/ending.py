"""The end of a Kotatsu Cats game on screen: the per-seat score table and, under it, how the
scores came about (the scoring reading, revealed cushions, V and food discards)."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.core.rules import Outcome
from catgames.games.kotatsu.table.panels import cushion_text
from catgames.games.kotatsu.rules import KotatsuState
from catgames.games.kotatsu.table.view import signed
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
    """The scoring reading, then each seat's revealed cushions, V and food discards: all at one
    size, the largest at which every paragraph fits ``rect``."""
    pal = palette()
    detail = outcome.detail
    tie = bool(detail.get("tie_break"))
    seats = [_seat_detail(state, seat, detail["seats"][key], name)
             for seat, (key, name) in enumerate(zip(keys, names))]
    mode = i18n.t(f"kotatsu.mode.{detail['scoring_mode']}")
    blocks = [(mode, rect.x, rect.w, pal.text_dim)] + [(t, rect.x + 30, rect.w - 30, pal.text) for t in seats]
    room = rect.h - (24 if tie else 0) - 4 * len(blocks)

    def height(size: float, text: str, w: float) -> float:
        return len(canvas.wrap(text, w, size)) * canvas.line_height(size)

    size = canvas.steady(16, lambda s: sum(height(s, t, w) for t, _, w, _ in blocks) <= room)
    y = rect.y
    for i, (text, x, w, color) in enumerate(blocks):
        if i:
            draw_seat_swatch(canvas, i - 1, pygame.FRect(rect.x, y + 1, 20, 20))
        h = min(height(size, text, w), rect.bottom - y)
        y += canvas.paragraph(text, (x, y, w, h), size, color) + 4
    if tie:
        canvas.text(i18n.t("kotatsu.tie_break"), (rect.x, y + 11), 16, pal.focus, "midleft",
                    max_width=rect.w)


def _seat_detail(state: KotatsuState, seat: int, s: dict, name: str) -> str:
    """One seat's revealed cushions, coins × V, food discards and sets, in words."""
    faces = i18n.joined(cushion_text(state.data, cu) for _, cu, _ in state.collected[seat]) or "—"
    parts = [i18n.t("kotatsu.detail_cushions", faces=faces),
             i18n.plural("kotatsu.detail_coins", s["coins"], v=s["coin_value"])]
    if s["food_discards"]:
        parts.append(i18n.t("kotatsu.detail_food",
                            values=i18n.joined(signed(v) for v in s["food_discards"])))
    if s["sets"]:
        parts.append(i18n.plural("kotatsu.detail_sets", s["sets"]))
    return i18n.t("common.labelled", label=name, text=" · ".join(parts))
