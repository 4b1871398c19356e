"""Kotatsu Cats' resolution staged on the board (the steps of ``ui.table.stage``), so that a
player sees on the kotatsu itself what the resolution panel and the log would otherwise tell:
each seat's hand shown in turn (its edge lit, what the hand is), then the ranking (a place on
every edge and the step that decided it), then the winner's peek at both cushions (their faces
for the winner's eyes only); once the pair is picked, the pairs taken, each under its taker.

The strip above the kotatsu says, large, what the step being shown means, and under it which
kotatsu this is and how to skip.  Pure drawing from what the table may show."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.table.panels import Resolution, Seen, stars_text
from catgames.games.kotatsu.table.resolution import decision_text
from catgames.games.kotatsu.table.view import INK, draw_cushion_face, draw_pair
from catgames.games.kotatsu.table.words import category_name
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.motion import DrawAt, Tween, ease_out
from catgames.ui.table.stage import draw_pill, in_turn
from catgames.ui.theme import palette

# A player sees these every kotatsu, many times a game: brisk (a four-seat walk about 3.7 s,
# two seats 2.9 s), each line said long enough to read, and any click or key skips the rest.
HAND_TIME = 0.5    #: one seat's hand shown, at most
HANDS_TIME = 1.6   #: every seat's hand, one after another (four seats share it)
RANK_TIME = 0.9    #: the places and the step of the ranking that decided
PEEK_TIME = 0.7    #: the winner's look at both cushions
TAKEN_TIME = 1.1   #: the pairs taken, each under its taker
STEP_GAP = 0.08    #: between one step's end and the next one's start
NARRATION = 19     #: the size of the line that says what a step means
FOOTER = 14        #: which kotatsu, and how to skip
TAKEN_PAIR = 76.0  #: a pair taken, drawn over its kotatsu
PLACE = 17         #: a seat's place on its edge (``fixed``: on the board)


@dataclass
class Walk:
    """One staged moment of a kotatsu: its steps, and the line each step says (``lines[i]``
    while ``steps[i]`` is the latest begun); the last step is the caption over them all."""

    seen: Seen
    kotatsu: int
    title: str
    steps: list[Tween] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def add(self, draw: DrawAt, duration: float, line: str) -> None:
        self.steps.append(Tween(draw, [L.zone(self.kotatsu).center], duration=duration, ease=ease_out))
        self.lines.append(line)

    def done(self) -> list[Tween]:
        """The steps in turn, and the caption with each step's line over them."""
        in_turn(self.steps, STEP_GAP)
        if self.steps:
            end = self.steps[-1].delay + self.steps[-1].duration
            self.steps.append(Tween(self._caption, [L.INFO.center], duration=end, ease=lambda t: t))
        return self.steps

    def _caption(self, canvas: Canvas, _pos: Point, progress: float) -> None:
        """Over the strip above the kotatsu: the line of the step being shown, large, then which
        kotatsu this is and how to skip."""
        if progress >= 1:
            return
        latest = max((i for i, step in enumerate(self.steps[:-1]) if step.t >= step.delay), default=0)
        draw_caption(canvas, self.lines[latest], f"{self.title}  ·  {i18n.t('stage.skip')}")


def resolution_walk(seen: Seen, res: Resolution, faces: Callable[[], list[int] | None]) -> Walk:
    """A kotatsu just completed: every hand in seat order, the ranking, the winner's peek
    (``faces``: both cushions' faces while the winner's eyes are on the table, else ``None``;
    asked as it is drawn, for in a hot seat the device goes to the winner after the move)."""
    k = res.kotatsu
    walk = Walk(seen, k, i18n.t("kotatsu.resolution_title", kotatsu=k + 1))
    hand_time = min(HAND_TIME, HANDS_TIME / seen.players)
    for seat in range(seen.players):
        value = res.values[seat]
        hand = i18n.t("kotatsu.hand_stars", hand=category_name(value.category), stars=stars_text(value))
        walk.add(_hand(seen, k, seat), hand_time, i18n.t("kotatsu.stage_hand", seat=seen.names[seat], hand=hand))
    walk.add(_ranking(seen, res), RANK_TIME, decision_text(seen.data, seen.names, res.values, res.order))
    peek = i18n.t("kotatsu.peek_other", picker=seen.names[res.picker], runner=seen.names[res.runner_up])
    walk.add(_peek(seen, k, faces), PEEK_TIME, peek)
    walk.done()
    return walk


def taken_walk(seen: Seen, res: Resolution, takers: list[tuple[int, int]], recap: str) -> Walk:
    """The pairs of resolved ``res`` taken (``takers``: (seat, cat) of the pick, then the
    runner-up's), each drawn over the kotatsu under its taker's name; ``recap`` says it."""
    k = res.kotatsu
    walk = Walk(seen, k, i18n.t("kotatsu.stage_taken_title", kotatsu=k + 1))
    walk.add(_taken(seen, res, takers), TAKEN_TIME, recap)
    walk.done()
    return walk


# -- what each step leaves on the board ---------------------------------------------------------
def _hand(seen: Seen, k: int, seat: int) -> DrawAt:
    side = seen.side(seat)
    area, label = L.edge_area(k, side), L.label_box(k, side)

    def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
        colour = palette().focus if progress < 1 else palette().seat(seat).color
        canvas.rect(colour, area.inflate(8, 8), width=4 if progress < 1 else 3, radius=8)
        if progress < 1:
            canvas.rect(colour, label.inflate(6, 4), width=3, radius=6)
    return draw


def place_point(seen: Seen, k: int, seat: int, grow: float, size: float) -> Point:
    """Where a seat's place stands: on the quilt's border by a bottom or top edge (clear of the
    pairs), under the label of a left or right edge (above it stands the kotatsu's number);
    ``grow``: how much the text on pieces grows, ``size``: the place's."""
    side = seen.side(seat)
    if side in ("bottom", "top"):
        futon = L.futon(k)
        return (futon.centerx, futon.bottom - 10 if side == "bottom" else futon.y + 10)
    return (L.edge_area(k, side).centerx, L.label_box(k, side, grow).bottom + size * 0.7)


def _ranking(seen: Seen, res: Resolution) -> DrawAt:
    places = [(i18n.t(f"kotatsu.place.{min(place, 3)}"), seat) for place, seat in enumerate(res.order)]

    def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
        pal = palette()
        size = canvas.piece_size(PLACE) * min(1.0, 0.5 + progress)
        for place, (text, seat) in enumerate(places):
            first = place == 0
            at = place_point(seen, res.kotatsu, seat, canvas.piece_growth, canvas.piece_size(PLACE))
            draw_pill(canvas, at, text, size, pal.focus if first else pal.panel,
                      pal.text_on_accent if first else pal.text, INK)
    return draw


def _peek(seen: Seen, k: int, shown: Callable[[], list[int] | None]) -> DrawAt:
    def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
        pal = palette()
        faces = shown()
        for slot in range(len(seen.view.pairs[k])):
            x, y = L.pair_centre(k, slot)
            if progress < 1:
                canvas.circle(pal.focus, (x, y + 4), L.PAIR_SIZE * 0.62, width=4)
            if faces is not None and slot < len(faces):  # the winner's eyes only
                face = pygame.FRect(0, 0, L.PAIR_SIZE, L.PAIR_SIZE * 0.86).move_to(
                    center=(x, y - L.PAIR_SIZE * (0.3 + 0.6 * progress)))
                draw_cushion_face(canvas, face, seen.data, faces[slot])
    return draw


def _taken(seen: Seen, res: Resolution, takers: list[tuple[int, int]]) -> DrawAt:
    data = seen.data
    backs = {data.cat_label(cat): back for cat, back in res.pairs}  # alike cats by their label

    def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
        if progress >= 1:
            return  # the pairs are in their takers' collections now
        pal = palette()
        name_h = canvas.line_height(16, True) + 6
        top = pygame.FRect(0, 0, L.FUTON + 60, TAKEN_PAIR * 1.2 + name_h + 16).move_to(center=L.futon(res.kotatsu).center)
        canvas.rect(pal.panel, top, radius=12)
        canvas.rect(pal.focus, top, width=3, radius=12)
        column = top.w / max(1, len(takers))
        for i, (seat, cat) in enumerate(takers):
            x = top.x + column * (i + 0.5)
            draw_pair(canvas, (x, top.y + 8 + TAKEN_PAIR * 0.5), TAKEN_PAIR, data, cat,
                      backs.get(data.cat_label(cat), ~data.cat_colour[cat]))
            name = pygame.FRect(x - column / 2 + 8, top.bottom - 8 - name_h, column - 16, name_h)
            draw_seat_swatch(canvas, seat, pygame.FRect(name.x, name.centery - 9, 18, 18))
            canvas.text(seen.names[seat], (name.x + 24, name.centery), 16, pal.text, "midleft", bold=True,
                        max_width=name.w - 24)
    return draw


def draw_caption(canvas: Canvas, line: str, footer: str) -> None:
    """``line`` (what the step being shown means) large over the strip above the kotatsu, and
    ``footer`` small under it; both shrink to stay inside the strip at every text size."""
    pal = palette()
    canvas.rect(pal.panel, L.INFO, radius=10)
    canvas.rect(pal.focus, L.INFO, width=3, radius=10)
    inner = L.INFO.inflate(-24, -8)
    foot = min(inner.h * 0.4, canvas.line_height(FOOTER) + 2)
    canvas.paragraph(line, (inner.x, inner.y, inner.w, inner.h - foot), NARRATION, pal.text, bold=True,
                     middle=True)
    canvas.paragraph(footer, (inner.x, inner.bottom - foot, inner.w, foot), FOOTER, pal.text_dim, middle=True)
