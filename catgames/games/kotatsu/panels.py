"""The composite parts of the Kotatsu Cats table: the public counts strip, the three kotatsu with
their edges and live hand labels, the resolution panel and the seats' collections.

Every function draws from a ``Seen``: one seat's *observation* (never the full state) plus who
is looking.  Private things (a hand, a cushion face) are drawn only for ``Seen.private``, so a
spectator or the seat of a hand-off screen in waiting sees public things only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import pygame

from catgames.games.kotatsu import layout as L
from catgames.games.kotatsu.components import KotatsuData
from catgames.games.kotatsu.gestures import sorted_hand
from catgames.games.kotatsu.hands import HandValue, decided_by
from catgames.games.kotatsu.rules import PICKING, KotatsuState
from catgames.games.kotatsu.scoring import score_seat
from catgames.games.kotatsu.words import category_name
from catgames.games.kotatsu.view import (
    INK, PAPER, draw_card, draw_card_back, draw_cat, draw_cushion_back, draw_cushion_face, draw_kotatsu,
    draw_lucky_cat, draw_pair, draw_tatami, mix, signed,
)
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.theme import palette

LABEL_BG = (255, 255, 255, 225)
SIDE_LABEL_SIZE = 12


@dataclass(frozen=True)
class Seen:
    """What the table may show: an observation, the seat names, whose private view it is
    (``None``: nobody's, only public things) and which seat sits at the bottom edge."""

    view: KotatsuState
    names: tuple[str, ...]
    private: int | None
    bottom: int

    @cached_property
    def resolution(self) -> "Resolution | None":
        """The kotatsu being resolved, as everyone may see it (while its winner picks)."""
        return Resolution.of(self.view) if self.view.phase == PICKING else None

    @property
    def data(self) -> KotatsuData:
        return self.view.data

    @property
    def players(self) -> int:
        return self.view.n

    def side(self, seat: int) -> str:
        return L.side_of(seat, self.bottom, self.players)

    def hand(self) -> list[int]:
        """The private seat's hand in table order (empty for a spectator)."""
        return sorted_hand(self.view, self.private)


@dataclass(frozen=True)
class Resolution:
    """A kotatsu being resolved, as everyone sees it: the order, the hands and the pairs' backs."""

    kotatsu: int
    order: tuple[int, ...]
    values: tuple[HandValue, ...]
    cards: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, int], ...]   #: (cat, masked cushion) — backs only

    @classmethod
    def of(cls, view: KotatsuState) -> "Resolution":
        k = view.pending
        mask = [(cat, ~view.data.cushion_colour[cu] if 0 <= cu < view.data.blank else cu)
                for cat, cu in view.pairs[k]]
        return cls(k, tuple(view.order), tuple(view.hand_values(k)),
                   tuple(tuple(e) for e in view.edges[k]), tuple(mask))

    @property
    def picker(self) -> int:
        return self.order[0]

    @property
    def runner_up(self) -> int:
        return self.order[1]


def stars_text(value: HandValue) -> str:
    """``★5 +2``: ranking stars, then the other stars if any."""
    text = f"★{value.ranking_stars}"
    return f"{text} +{value.non_ranking_stars}" if value.non_ranking_stars else text


def decision_text(data: KotatsuData, names: tuple[str, ...], values: tuple[HandValue, ...],
                  order: tuple[int, ...]) -> str:
    """Which step of the ranking put the 1st ahead of the 2nd, with the numbers."""
    a, b = values[order[0]], values[order[1]]
    args = {"winner": names[order[0]], "other": names[order[1]]}
    how = decided_by(a, b)
    if how == "category":
        return i18n.t("kotatsu.won_category", best=category_name(a.category),
                      worse=category_name(b.category), **args)
    if how == "ranking_stars":
        return i18n.t("kotatsu.won_ranking", a=a.ranking_stars, b=b.ranking_stars, **args)
    if how == "non_ranking_stars":
        return i18n.t("kotatsu.won_other", a=a.non_ranking_stars, b=b.non_ranking_stars,
                      tied=a.ranking_stars, **args)
    return i18n.t("kotatsu.won_earlier", a=a.completed, b=b.completed, **args)


# -- the strip of public counts ---------------------------------------------------------------
def draw_info(canvas: Canvas, seen: Seen) -> None:
    """Cats in the bag and cushions left per colour; the lucky-cat countdown."""
    pal = palette()
    view, data = seen.view, seen.data
    r = L.INFO
    canvas.rect(pal.panel, r, radius=10)
    bag = [0] * data.colours
    for cat in view.bag:
        bag[data.cat_colour[cat]] += 1
    rows = ((i18n.t("kotatsu.in_bag"), bag, "cat"),
            (i18n.t("kotatsu.cushions_left"), [len(s) for s in view.stacks], "cushion"))
    label_w = 118.0
    for row, (label, counts, icon) in enumerate(rows):
        y = r.y + 14 + row * 26
        canvas.text(label, (r.x + 12, y), 15, pal.text_dim, "midleft", max_width=label_w - 16)
        for colour, count in enumerate(counts):
            x = r.x + label_w + colour * 50
            if icon == "cat":
                draw_cat(canvas, (x + 10, y + 2), 24, data, colour)
            else:
                draw_cushion_back(canvas, (x + 1, y - 8, 18, 16), data, colour)
            canvas.text(str(count), (x + 24, y), 16, pal.text if count else pal.text_dim, "midleft",
                        bold=True, fixed=True)
    left = r.x + label_w + data.colours * 50 + 10
    canvas.line(pal.panel_edge, (left, r.y + 8), (left, r.bottom - 8), 1)
    _draw_lucky(canvas, seen, pygame.FRect(left + 12, r.y, r.right - left - 20, r.h))


def _draw_lucky(canvas: Canvas, seen: Seen, r: pygame.FRect) -> None:
    pal = palette()
    view, data = seen.view, seen.data
    title = canvas.text(i18n.t("kotatsu.lucky_title"), (r.x, r.y + 15), 16, pal.text, "midleft",
                        bold=True, max_width=140)
    for i in range(data.lucky_total):
        draw_lucky_cat(canvas, (title.right + 20 + i * 30, r.y + 15), 22, i < view.lucky_drawn, i + 1)
    left = data.lucky_total - view.lucky_drawn
    key = "kotatsu.lucky_next_ends" if left == 1 else "kotatsu.lucky_left"
    text = i18n.t(key, drawn=view.lucky_drawn, total=data.lucky_total, left=left,
                  bag=view.lucky_bag, supply=view.lucky_supply)
    canvas.text(text, (r.x, r.y + 40), 15, pal.text_dim, "midleft", max_width=r.w)


# -- the three kotatsu ------------------------------------------------------------------------
def draw_ground(canvas: Canvas, seen: Seen) -> None:
    """What changes only with the seating: tatami, kotatsu and every seated edge's band in its
    seat's colour and pattern (unused edges stay bare, rule 3)."""
    for k in range(len(seen.view.edges)):
        zone = L.zone(k)
        draw_tatami(canvas, zone)
        top = pygame.FRect(0, 0, L.TABLE_TOP, L.TABLE_TOP).move_to(center=zone.center)
        draw_kotatsu(canvas, L.futon(k), top)
        canvas.text(str(k + 1), (zone.x + 24, zone.y + 18), 18, INK, "center", bold=True, fixed=True)
        for seat in range(seen.players):
            style = palette().seat(seat)
            area = L.edge_area(k, seen.side(seat))
            canvas.rect(mix(style.color, PAPER, 0.35), area, radius=8)
            canvas.pattern(style.pattern, area.inflate(-4, -4), style.light, step=12)
            canvas.rect(style.color, area, width=3, radius=8)


def draw_tables(canvas: Canvas, seen: Seen) -> None:
    """What changes with play: the pairs (cushions face down), every edge's cards and live label,
    and the lucky cats drawn so far in the gaps between the kotatsu (rule 29)."""
    view, data = seen.view, seen.data
    for k in range(len(view.edges)):
        values = view.hand_values(k)
        for seat in range(seen.players):
            draw_edge(canvas, seen, k, seat, values[seat])
        for slot, (cat, cushion) in enumerate(view.pairs[k]):
            draw_pair(canvas, L.pair_centre(k, slot), L.PAIR_SIZE, data, cat, cushion)
    for i in range(min(view.lucky_drawn, len(view.edges) - 1)):
        draw_lucky_cat(canvas, L.gap_point(i), 22, True, i + 1)


def draw_edge(canvas: Canvas, seen: Seen, k: int, seat: int, value: HandValue) -> None:
    """A seat's cards on its edge of kotatsu ``k`` and the live hand label."""
    side = seen.side(seat)
    cards = seen.view.edges[k][seat]
    for slot, rect in enumerate(L.card_slots(k, side)):
        if slot < len(cards):
            draw_card(canvas, rect, seen.data, cards[slot])
        elif side in ("bottom", "top"):  # a fan's free places would only overlap each other
            canvas.rect((*PAPER, 110), rect.inflate(-6, -6), radius=5)
    draw_edge_label(canvas, seen, k, seat, value if cards else None)


def draw_edge_label(canvas: Canvas, seen: Seen, k: int, seat: int, value: HandValue | None,
                    prefix: str = "") -> None:
    """The seat's symbol and its hand so far (``None``: the edge is empty)."""
    side = seen.side(seat)
    box = L.label_box(k, side)
    if value is None:
        text, stars = i18n.t("kotatsu.empty_edge"), ""
    else:
        text, stars = category_name(value.category), stars_text(value)
    if side in ("left", "right"):  # narrow: the swatch and stars, the hand's name below
        lines = canvas.wrap(prefix + text, box.w - 2, SIDE_LABEL_SIZE, True, fixed=True)[:2]
        step = canvas.line_height(SIDE_LABEL_SIZE, True, fixed=True)
        head = 19.0 if stars else 0.0
        canvas.rect(LABEL_BG, (box.x, box.y, box.w, head + len(lines) * step + 5), radius=6)
        draw_seat_swatch(canvas, seat, pygame.FRect(box.x + 3, box.y + 3, 14, 14))
        if stars:
            canvas.text(stars, (box.x + 20, box.y + 10), SIDE_LABEL_SIZE + 1, INK, "midleft",
                        max_width=box.w - 22, fixed=True)
        for i, line in enumerate(lines):
            x = box.centerx if stars else box.x + 20
            canvas.text(line, (x, box.y + head + 3 + i * step), SIDE_LABEL_SIZE, INK,
                        "midtop" if stars else "topleft", bold=True, max_width=box.w - 2, fixed=True)
        return
    full = f"{prefix}{text}  {stars}".rstrip()
    w = min(box.w, canvas.text_size(full, 14, True, fixed=True)[0] + 34)
    chip = pygame.FRect(0, 0, w, box.h).move_to(center=box.center)
    canvas.rect(LABEL_BG, chip, radius=6)
    draw_seat_swatch(canvas, seat, pygame.FRect(chip.x + 4, chip.y + 4, 14, 14))
    canvas.text(full, (chip.x + 22, chip.centery), 14, INK, "midleft", bold=True,
                max_width=chip.w - 26, fixed=True)


# -- the hand and the piles ---------------------------------------------------------------------
def draw_hand(canvas: Canvas, seen: Seen, lifted: set[int], selected: set[int], dim: bool) -> None:
    """The private seat's cards (or a note for a spectator), then the deck and the discard pile."""
    pal = palette()
    data = seen.data
    heading = (i18n.t("kotatsu.your_hand", seat=seen.names[seen.private])
               if seen.private is not None else i18n.t("kotatsu.no_hand"))
    canvas.text(heading, (L.HAND_X, L.HAND_TOP + 12), 17, pal.text, "midleft", bold=True,
                max_width=3 * L.HAND_STEP + 20)
    for i, card in enumerate(seen.hand()):
        rect = L.hand_rect(i)
        if i in lifted:
            canvas.rect(pal.panel_edge, rect, width=2, radius=10)
            continue
        if i in selected:
            canvas.rect(pal.focus, rect.inflate(10, 10), width=4, radius=12)
        draw_card(canvas, rect, data, card, alpha=200 if dim else 255)
        canvas.text(str(i + 1), (rect.centerx, rect.bottom + 2), 13, pal.text_dim, "midtop", fixed=True)
    view = seen.view
    canvas.text(i18n.t("kotatsu.deck", count=len(view.deck)), (L.DECK.centerx, L.DECK.y - 12), 15,
                pal.text_dim, "center", max_width=L.PILE_W + 16)
    canvas.text(i18n.t("kotatsu.discard", count=len(view.discard)),
                (L.DISCARD.centerx, L.DISCARD.y - 12), 15, pal.text_dim, "center",
                max_width=L.PILE_W + 16)
    if view.deck:
        draw_card_back(canvas, L.DECK)
    else:
        canvas.rect(pal.panel_edge, L.DECK, width=2, radius=8)
    if view.discard:
        draw_card(canvas, L.DISCARD, data, view.discard[-1])
    else:
        canvas.rect(pal.panel_edge, L.DISCARD, width=2, radius=8)


# -- the resolution ---------------------------------------------------------------------------
def draw_resolution(canvas: Canvas, seen: Seen, res: Resolution, peek_faces: list[int] | None,
                    hover: int | None) -> None:
    """The hands of a complete kotatsu best first, the deciding step, and the two pairs: face up
    for the picker's private peek (``peek_faces``), face down for everyone else."""
    pal = palette()
    data = seen.data
    r = L.RESOLUTION
    canvas.rect(pal.panel, r, radius=14)
    canvas.rect(pal.focus, r, width=3, radius=14)
    canvas.text(i18n.t("kotatsu.resolution_title", kotatsu=res.kotatsu + 1), (r.x + 18, r.y + 22), 21,
                pal.text, "midleft", bold=True, max_width=r.w - 36)
    cats = [data.cat_colour[cat] for cat, _ in res.pairs]
    for place, seat in enumerate(res.order):
        _draw_resolution_row(canvas, seen, L.res_row(place), place, seat, cats, res)
    y = L.res_row(len(res.order)).y + 4
    canvas.text(decision_text(data, seen.names, res.values, res.order), (r.centerx, y + 12), 19,
                pal.focus, "center", bold=True, max_width=r.w - 40)
    picker, runner = seen.names[res.picker], seen.names[res.runner_up]
    key = "kotatsu.peek_yours" if peek_faces is not None else "kotatsu.peek_other"
    canvas.text(i18n.t(key, picker=picker, runner=runner), (r.centerx, y + 44), 17, pal.text,
                "center", max_width=r.w - 40)
    for slot, box in enumerate(L.peek_boxes()[:len(res.pairs)]):
        cat, back = res.pairs[slot]
        canvas.rect(pal.table, box, radius=12)
        if hover == slot:
            canvas.rect(pal.focus, box.inflate(6, 6), width=3, radius=14)
        if peek_faces is not None:  # side by side, so the value is never under the cat
            draw_cat(canvas, (box.x + 46, box.centery + 8), 64, data, data.cat_colour[cat])
            draw_cushion_face(canvas, (box.x + 88, box.y + 16, 88, 76), data, peek_faces[slot])
        else:
            draw_pair(canvas, (box.centerx, box.centery - 6), 66, data, cat, back)
        canvas.text(i18n.t("kotatsu.pair_n", n=slot + 1), (box.x + 10, box.y + 8), 14, pal.text_dim)


def _draw_resolution_row(canvas: Canvas, seen: Seen, row: pygame.FRect, place: int, seat: int,
                         cats: list[int], res: Resolution) -> None:
    pal = palette()
    data = seen.data
    value = res.values[seat]
    canvas.rect(pal.table, row, radius=8)
    if place < 2:
        canvas.rect(pal.focus if place == 0 else pal.panel_edge, row, width=2, radius=8)
    y = row.centery
    canvas.text(i18n.t(f"kotatsu.place.{min(place, 3)}"), (row.x + 10, y), 17, pal.text, "midleft",
                bold=True, max_width=40)
    draw_seat_swatch(canvas, seat, pygame.FRect(row.x + 54, y - 11, 22, 22))
    canvas.text(seen.names[seat], (row.x + 82, y), 17, pal.text, "midleft", max_width=70)
    x = row.x + 160
    for colour in cats:
        draw_cat(canvas, (x + 12, y + 2), 30, data, colour)
        x += 28
    x += 8
    for card in res.cards[seat]:
        draw_card(canvas, (x, row.y + 1, 36, row.h - 2), data, card)
        x += 40
    canvas.text(category_name(value.category), (row.x + 364, y), 17, pal.text, "midleft",
                bold=place == 0, max_width=166)
    canvas.text(i18n.t("kotatsu.ranking_stars", n=value.ranking_stars), (row.x + 540, y), 16,
                pal.text, "midleft", max_width=116)
    canvas.text(i18n.t("kotatsu.other_stars", n=value.non_ranking_stars), (row.x + 664, y), 16,
                pal.text_dim, "midleft", max_width=row.right - row.x - 670)


def draw_recap(canvas: Canvas, k: int, text: str) -> None:
    """What the picker and the runner-up took, on the kotatsu just resolved."""
    pal = palette()
    zone = L.zone(k)
    box = pygame.FRect(zone.x + 6, zone.y + 4, zone.w - 12, 52)
    canvas.rect(pal.panel, box, radius=8)
    canvas.rect(pal.focus, box, width=2, radius=8)
    canvas.paragraph(text, box.inflate(-12, -8), 14, pal.text)


# -- the seats' collections --------------------------------------------------------------------
def draw_seat_row(canvas: Canvas, seen: Seen, seat: int, kind: str, to_move: bool) -> None:
    """Name and kind, the number of face-down cushions, the cats collected per colour."""
    pal = palette()
    data = seen.data
    row = L.seat_row(seat, seen.players)
    if to_move:
        canvas.text("▶", (row.x - 4, row.y + 13), 16, pal.focus, "midright")
    draw_seat_swatch(canvas, seat, pygame.FRect(row.x, row.y + 1, 24, 24))
    you = f" ({i18n.t('kotatsu.you')})" if seat == seen.private else ""
    name = canvas.text(seen.names[seat] + you, (row.x + 34, row.y + 13), 18, pal.text, "midleft",
                       bold=seat == seen.private, max_width=140)
    pairs = seen.view.collected[seat]
    draw_cushion_back(canvas, (row.right - 58, row.y + 4, 22, 18), data, -1)
    canvas.text(f"×{len(pairs)}", (row.right - 32, row.y + 13), 16, pal.text, "midleft", bold=True,
                fixed=True)
    counts = [0] * data.colours
    for cat, _, _ in pairs:
        counts[data.cat_colour[cat]] += 1
    y = row.y + 40
    x = row.x + 34
    if not pairs:
        x = canvas.text(i18n.t("kotatsu.no_cats"), (x, y), 15, pal.text_dim, "midleft").right
    for colour, count in enumerate(counts):
        if count:
            draw_cat(canvas, (x + 10, y + 2), 24, data, colour)
            canvas.text(str(count), (x + 23, y + 2), 15, pal.text, "midleft", bold=True, fixed=True)
            x += 46
    # the kind beside the name; with large text it moves to the second line, or is left out
    for room, at, anchor in ((row.right - 68 - name.right - 14, (row.right - 68, row.y + 13), "midright"),
                             (row.right - x - 14, (row.right, y), "midright")):
        if canvas.fit_size(kind, 15, room) >= 15 * 0.85:
            canvas.text(kind, at, 15, pal.text_dim, anchor, max_width=room)
            break


def score_line(seen: Seen, seat: int) -> str | None:
    """The viewer's own score as it stands (it sees all its own faces); ``None`` for others."""
    if seat != seen.private:
        return None
    pairs = [(cat, cu) for cat, cu, _ in seen.view.collected[seat]]
    score = score_seat(seen.data, pairs, seen.view.options)
    return i18n.t("kotatsu.score_now", points=score.total,
                  mode=i18n.t(f"kotatsu.mode_short.{seen.view.options['scoring_mode']}"))


def draw_collection(canvas: Canvas, seen: Seen, seat: int, faces_of_others: bool) -> None:
    """A popup of ``seat``'s pairs beside the side panel: faces only where the observation holds
    them (the viewer's own, or with the memory aid the one it left to the runner-up), and the
    viewer's own score."""
    score = score_line(seen, seat)
    pal = palette()
    data = seen.data
    pairs = seen.view.collected[seat]
    row = L.seat_row(seat, seen.players)
    cols = 5
    rows = max(1, -(-len(pairs) // cols))
    box = pygame.FRect(0, 0, 330, 62 + rows * 64 + (26 if score else 0))
    box.topright = (row.x - 22, row.y - 8)
    box.clamp_ip(pygame.FRect(16, 76, 1248, 712))
    canvas.rect(pal.background, box, radius=10)
    canvas.rect(pal.focus, box, width=2, radius=10)
    mine = seat == seen.private
    title = i18n.t("kotatsu.your_cushions") if mine else i18n.t("kotatsu.their_cats", seat=seen.names[seat])
    canvas.text(title, (box.x + 12, box.y + 16), 16, pal.text, "midleft", bold=True, max_width=box.w - 24)
    if not pairs:
        canvas.text(i18n.t("kotatsu.no_cats"), (box.x + 12, box.y + 44), 15, pal.text_dim, "midleft")
    for i, (cat, cushion, seer) in enumerate(pairs):
        x = box.x + 16 + (i % cols) * 62
        y = box.y + 40 + (i // cols) * 64
        face = cushion >= 0 and (mine or (faces_of_others and seer == seen.private))
        draw_pair(canvas, (x + 26, y + 26), 46, data, cat, cushion, face=face)
    if score:
        canvas.text(score, (box.x + 12, box.bottom - 16), 15, pal.text, "midleft",
                    max_width=box.w - 24)


def cushion_text(data: KotatsuData, cushion: int) -> str:
    """A revealed cushion in words for the end screen: ``+2 coin``."""
    symbol = data.cushion_symbol[cushion]
    value = signed(data.cushion_value[cushion])
    return f"{value} {i18n.t('kotatsu.symbol.' + symbol)}" if symbol else value
