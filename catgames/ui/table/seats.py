"""The seats as the table shows them: a seat's key (colour, pattern and symbol, never colour
alone), the side panel's list of players with their kinds and the mover marked, and the
game-over table's rows of scores."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from catgames.core.rules import Outcome
from catgames.core.seats import SeatUpdate
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette

#: draws a seat's key in a rect (a game may draw its own: ``BaseGameScene.draw_seat_swatch``)
Swatch = Callable[[Canvas, int, pygame.FRect], None]


def draw_seat_swatch(canvas: Canvas, seat: int, rect: pygame.FRect) -> None:
    """A seat's colour with its pattern and symbol: the key shown next to its name."""
    style = palette().seat(seat)
    canvas.rect(style.color, rect, radius=6)
    canvas.pattern(style.pattern, rect, style.light, step=8)
    light = sum(c * w for c, w in zip(style.color, (0.299, 0.587, 0.114))) > 140
    canvas.text(style.symbol, rect.center, rect.h * 0.6, (20, 20, 20) if light else (250, 250, 250),
                "center")


def draw_seat_list(canvas: Canvas, rect: pygame.FRect, public: SeatUpdate, names: Sequence[str],
                   swatch: Swatch) -> float:
    """Each seat with its kind (human / AI level), the mover marked; returns where the list
    ends, so a game's panel can go on below it at any text size."""
    pal = palette()
    y = canvas.text(i18n.t("game.players"), rect.topleft, 20, pal.text, bold=True).bottom + 10
    step = max(38.0, canvas.line_height(20) + 10)
    for seat, seat_kind in enumerate(public.seats):
        swatch(canvas, seat, pygame.FRect(rect.x, y, 26, 26))
        name, kind = names[seat], i18n.t(f"seat_kind.{seat_kind}")
        room = rect.w - 38
        if canvas.text_size(name, 20)[0] + 12 + canvas.text_size(kind, 17)[0] <= room:
            canvas.text(kind, (rect.right, y + 13), 17, pal.text_dim, "midright")
        # else the name says enough ("Mochi (hard)") and has the row to itself
        canvas.text(name, (rect.x + 38, y + 13), 20, pal.text, "midleft", max_width=room)
        if seat == public.turn_shown:
            canvas.text("▶", (rect.x - 4, y + 13), 16, pal.focus, "midright")
        y += step
    return y


def score_rows(outcome: Outcome, names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """Column headings and one row per seat for the game-over screen: the total plus every
    ``Outcome.detail`` entry that is a per-seat list of numbers (heading ``score.<key>`` if that
    string exists, else the key made readable)."""
    n = len(names)
    parts = {k: v for k, v in outcome.detail.items()
             if isinstance(v, (list, tuple)) and len(v) == n
             and all(isinstance(x, (int, float)) for x in v)}
    heads = [i18n.t("over.player")] + [
        i18n.t_or(f"score.{k}", k.replace("_", " ").capitalize()) for k in parts
    ] + [i18n.t("over.total")]
    rows = [[names[s]] + [str(v[s]) for v in parts.values()] + [str(outcome.scores[s])]
            for s in range(n)]
    return heads, rows
