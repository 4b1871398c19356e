"""The composite parts of the Kotatsu Cats table: the public counts strip, the three kotatsu with
their edges and live hand labels, the resolution panel and the seats' collections.

Every function draws from a ``Seen``: one seat's *observation* (never the full state) plus who
is looking.  Private things (a hand, a cushion face) are drawn only for ``Seen.private``, so a
spectator or the seat of a hand-off screen in waiting sees public things only.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pygame

from catgames.games.kotatsu.table import layout as L, pictures
from catgames.games.kotatsu.components import CATEGORY_IDS, KotatsuData
from catgames.games.kotatsu.gestures import sorted_hand
from catgames.games.kotatsu.hands import HandValue
from catgames.games.kotatsu.rules import DISCARDING, PICKING, KotatsuState
from catgames.games.kotatsu.scoring import score_seat
from catgames.games.kotatsu.table.words import category_name
from catgames.games.kotatsu.table.view import (
    INK, PAPER, draw_card, draw_card_back, draw_cat, draw_cushion_back,
    draw_lucky_cat, draw_pair, mix, signed,
)
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import BOARD_RECT, draw_seat_swatch
from catgames.ui.theme import palette

LABEL_BG = (255, 255, 255, 225)
SIDE_LABEL_SIZE = 12
INFO_LABEL_MAX = 190.0  #: "Cushions left:" and "In the bag:" at most this wide, then they shrink
COUNT_STEP = 48.0       #: from one colour's count to the next in the strip


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
    parts = info_parts(canvas, data.colours)
    label_w = parts.label_w
    for row, (label, counts, icon) in enumerate(rows):
        y = (parts.bag, parts.cushions)[row].centery
        canvas.text(label, (r.x + 12, y), 15, pal.text_dim, "midleft", max_width=label_w)
        for colour, count in enumerate(counts):
            x = r.x + 24 + label_w + colour * COUNT_STEP
            if icon == "cat":
                draw_cat(canvas, (x + 10, y + 2), 24, data, colour)
            else:
                draw_cushion_back(canvas, (x + 1, y - 8, 18, 16), data, colour)
            canvas.text(str(count), (x + 24, y), canvas.piece_size(16),
                        pal.text if count else pal.text_dim, "midleft", bold=True, fixed=True)
    left = parts.lucky.x
    canvas.line(pal.panel_edge, (left, r.y + 8), (left, r.bottom - 8), 1)
    _draw_lucky(canvas, seen, pygame.FRect(left + 12, r.y + 6, r.right - left - 20, r.h - 12))


@dataclass(frozen=True)
class InfoParts:
    """The strip's parts at this text size: the labels' width, the bag's and the cushions' rows,
    and the lucky cats' part right of the divider (drawn there, explained there on hover)."""

    label_w: float
    bag: pygame.FRect
    cushions: pygame.FRect
    lucky: pygame.FRect


def info_parts(canvas: Canvas, colours: int) -> InfoParts:
    r = L.INFO
    labels = (i18n.t("kotatsu.in_bag"), i18n.t("kotatsu.cushions_left"))
    label_w = min(INFO_LABEL_MAX, max(canvas.text_size(label, 15)[0] for label in labels))
    step = max(26.0, canvas.line_height(15) + 2)
    left = r.x + 24 + label_w + colours * COUNT_STEP
    bag, cushions = (pygame.FRect(r.x, r.centery + (row - 1) * step, left - r.x, step) for row in (0, 1))
    return InfoParts(label_w, bag, cushions, pygame.FRect(left, r.y, r.right - left, r.h))


def _draw_lucky(canvas: Canvas, seen: Seen, r: pygame.FRect) -> None:
    """The title and the lucky cats drawn so far on one line, the countdown in words under it."""
    pal = palette()
    view, data = seen.view, seen.data
    head = canvas.line_height(16, True)
    title = canvas.text(i18n.t("kotatsu.lucky_title"), (r.x, r.y + head / 2), 16, pal.text, "midleft", bold=True, max_width=r.w * 0.45)
    grow = canvas.piece_growth
    for i in range(data.lucky_total):
        draw_lucky_cat(canvas, (title.right + 20 * grow + i * 30 * grow, title.centery), 22 * grow,
                       i < view.lucky_drawn, i + 1)
    left = data.lucky_total - view.lucky_drawn
    key = "kotatsu.lucky_next_ends" if left == 1 else "kotatsu.lucky_left"
    drawn = i18n.plural("kotatsu.lucky_drawn", view.lucky_drawn, total=i18n.number(data.lucky_total))
    where = [i18n.plural(f"kotatsu.lucky_{place}", n)  # "0 waiting" beside a dashed cat misleads
             for place, n in (("bag", view.lucky_bag), ("supply", view.lucky_supply)) if n]
    text = i18n.t(key, drawn=drawn, where=i18n.joined(where))
    top = r.y + head + 2
    canvas.paragraph(text, (r.x, top, r.w, r.bottom - top), 15, pal.text_dim)


# -- the three kotatsu ------------------------------------------------------------------------
def draw_ground(canvas: Canvas, seen: Seen) -> None:
    """What changes only with the seating: tatami, kotatsu and every seated edge's band in its
    seat's colour and pattern (unused edges stay bare, rule 3)."""
    for k in range(len(seen.view.edges)):
        zone = L.zone(k)
        pictures.draw_kotatsu(canvas, zone)
        canvas.text(str(k + 1), L.number_point(k), 18, INK, "center", bold=True, fixed=True)
        for seat in range(seen.players):
            style = palette().seat(seat)
            area = L.edge_area(k, seen.side(seat))
            canvas.rect(mix(style.color, PAPER, 0.35), area, radius=8)
            canvas.pattern(style.pattern, area.inflate(-4, -4), style.light, step=12)
            canvas.rect(style.color, area, width=3, radius=8)


def draw_tables(canvas: Canvas, seen: Seen, arriving: Collection[tuple[Any, ...]] = ()) -> None:
    """What changes with play: the pairs (cushions face down), every edge's cards and live label,
    and the lucky cats drawn so far in the gaps between the kotatsu (rule 29); but not what is
    still ``arriving`` there (``("pair", kotatsu, slot)``, ``("lucky", i)``)."""
    view, data = seen.view, seen.data
    for k in range(len(view.edges)):
        values = view.hand_values(k)
        for seat in range(seen.players):
            draw_edge(canvas, seen, k, seat, values[seat])
        for slot, (cat, cushion) in enumerate(view.pairs[k]):
            if ("pair", k, slot) in arriving:
                continue
            draw_pair(canvas, L.pair_centre(k, slot), L.PAIR_SIZE, data, cat, cushion)
    for i in range(min(view.lucky_drawn, len(view.edges) - 1)):
        if ("lucky", i) in arriving:
            continue
        draw_lucky_cat(canvas, L.gap_point(i), L.LUCKY_SIZE, True, i + 1)


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
    grow = canvas.piece_growth
    box = L.label_box(k, side, grow)
    if value is None:
        text, stars = i18n.t("kotatsu.empty_edge"), ""
    else:
        text, stars = category_name(value.category), stars_text(value)
    if side in ("left", "right"):  # narrow: the swatch and stars, the hand's name below
        swatch = 14.0  # the narrow label's words take any room there is
        size = side_label_size(canvas, box.w - 2)
        lines = canvas.wrap(prefix + text, box.w - 2, size, True, fixed=True)
        step = canvas.line_height(size, True, fixed=True)
        head = swatch + 5 if stars else 0.0
        canvas.rect(LABEL_BG, (box.x, box.y, box.w, head + len(lines) * step + 5), radius=6)
        draw_seat_swatch(canvas, seat, pygame.FRect(box.x + 3, box.y + 3, swatch, swatch))
        if stars:
            canvas.text(stars, (box.x + swatch + 6, box.y + 3 + swatch / 2), SIDE_LABEL_SIZE + 1, INK, "midleft", fixed=True, max_width=box.w - swatch - 8)
        for i, line in enumerate(lines):
            x, anchor = (box.centerx, "midtop") if stars or i else (box.x + swatch + 6, "topleft")
            canvas.text(line, (x, box.y + head + 3 + i * step), size, INK, anchor, bold=True,
                        max_width=box.w - 2 if stars or i else box.w - swatch - 8, fixed=True)
        return
    full = prefix + (i18n.t("kotatsu.hand_stars", hand=text, stars=stars) if stars else text)
    swatch = 14 * grow
    size = canvas.piece_size(14)
    # a preview ("→ …") covers the whole box, opaque: a shorter one left the label it replaces showing
    w = box.w if prefix else min(box.w, canvas.text_size(full, size, True, fixed=True)[0] + swatch + 20)
    chip = pygame.FRect(0, 0, w, box.h).move_to(center=box.center)
    canvas.rect(LABEL_BG[:3] if prefix else LABEL_BG, chip, radius=6)
    draw_seat_swatch(canvas, seat, pygame.FRect(chip.x + 4, chip.centery - swatch / 2, swatch, swatch))
    canvas.text(full, (chip.x + swatch + 8, chip.centery), 14, INK, "midleft", bold=True, fixed=True, max_width=chip.w - swatch - 12)


def side_label_size(canvas: Canvas, width: float) -> float:
    """The size (``fixed``) of a left/right edge's hand names: as large as the text on pieces
    grows while every hand's name still wraps into two lines of ``width``."""
    names = [category_name(c) for c in range(len(CATEGORY_IDS))]

    def fits(size: float) -> bool:
        for name in names:
            lines = canvas.wrap(name, width, size, True, fixed=True)
            if len(lines) > 2 or any(canvas.text_size(t, size, True, fixed=True)[0] > width for t in lines):
                return False
        return True
    return canvas.steady(SIDE_LABEL_SIZE, fits, fixed=True)


# -- the hand and the piles ---------------------------------------------------------------------
def hand_prompt(seen: Seen, human_mover: bool, only_pass: bool) -> str:
    """The standing explanation beside the hand: what the private seat does now (the counting
    rule, or that nothing fits), or whose turn it is (``human_mover``: a human's, at this
    device's screen; ``only_pass``: the rules leave the mover only the pass)."""
    view = seen.view
    if view.is_over():
        return ""
    if not human_mover or seen.private != view.to_move:
        return i18n.t("kotatsu.prompt_wait", seat=seen.names[view.to_move])
    if view.phase == DISCARDING:
        return i18n.t("kotatsu.prompt_discard")
    if view.phase == PICKING:
        return i18n.t("kotatsu.prompt_pick")
    return i18n.t("kotatsu.prompt_pass" if only_pass else "kotatsu.prompt_play")


def draw_hand(canvas: Canvas, seen: Seen, lifted: set[int], selected: set[int], dim: bool) -> None:
    """The private seat's cards (or a note for a spectator), then the deck and the discard pile."""
    pal = palette()
    data = seen.data
    heading = (i18n.t("kotatsu.your_hand", seat=seen.names[seen.private])
               if seen.private is not None else i18n.t("kotatsu.no_hand"))
    hand = seen.hand()
    room = pygame.FRect(L.HAND_X, L.HAND_TOP, 3 * L.HAND_STEP, L.HAND_Y - L.HAND_TOP)
    if not hand:  # a spectator's note may take the cards' place
        room.h = BOARD_RECT.bottom - 4 - room.y
    canvas.paragraph(heading, room, 17, pal.text, bold=True)
    for i, card in enumerate(hand):
        rect = L.hand_rect(i)
        if i in lifted:
            canvas.rect(pal.panel_edge, rect, width=2, radius=10)
            continue
        if i in selected:
            canvas.rect(pal.focus, L.hand_ring(i), width=4, radius=12)
        draw_card(canvas, rect, data, card, alpha=200 if dim else 255)
        canvas.text(str(i + 1), (rect.centerx, rect.bottom + 2), canvas.piece_size(13),
                    pal.text_dim, "midtop", fixed=True)
    view = seen.view
    for pile, key, count in ((L.DECK, "kotatsu.deck", len(view.deck)),
                             (L.DISCARD, "kotatsu.discard", len(view.discard))):
        canvas.text(i18n.t(key, count=count), (pile.centerx, pile.y - 4), 15, pal.text_dim, "midbottom", max_width=L.PILE_LABEL_W - 6)
    if view.deck:
        draw_card_back(canvas, L.DECK)
    else:
        canvas.rect(pal.panel_edge, L.DECK, width=2, radius=8)
    if view.discard:
        draw_card(canvas, L.DISCARD, data, view.discard[-1])
    else:
        canvas.rect(pal.panel_edge, L.DISCARD, width=2, radius=8)


def draw_recap(canvas: Canvas, k: int, text: str) -> None:
    """What the picker and the runner-up took, on the kotatsu just resolved."""
    pal = palette()
    zone = L.zone(k)
    lines = len(canvas.wrap(text, zone.w - 24, 14))
    box = pygame.FRect(zone.x + 6, zone.y + 4, zone.w - 12, max(2, min(lines, 3)) * canvas.line_height(14) + 10)
    canvas.rect(pal.panel, box, radius=8)
    canvas.rect(pal.focus, box, width=2, radius=8)
    canvas.paragraph(text, box.inflate(-12, -8), 14, pal.text)


# -- the seats' collections --------------------------------------------------------------------
def draw_seat_row(canvas: Canvas, seen: Seen, seat: int, kind: str, to_move: bool) -> None:
    """Name and kind, the number of face-down cushions, the cats collected per colour: two lines
    that move apart as the text grows."""
    pal = palette()
    data = seen.data
    row = L.seat_row(seat, seen.players)
    top = row.y + max(13.0, canvas.line_height(18) / 2)
    if to_move:
        canvas.text("▶", (row.x - 4, top), 16, pal.focus, "midright")
    draw_seat_swatch(canvas, seat, pygame.FRect(row.x, top - 12, 24, 24))
    pairs = seen.view.collected[seat]
    count = canvas.text(f"×{len(pairs)}", (row.right, top), canvas.piece_size(16), pal.text,
                        "midright", bold=True, fixed=True)
    draw_cushion_back(canvas, (count.x - 26, top - 9, 22, 18), data, -1)
    label = i18n.t("kotatsu.you", seat=seen.names[seat]) if seat == seen.private else seen.names[seat]
    name = canvas.text(label, (row.x + 34, top), 18, pal.text, "midleft", bold=seat == seen.private,
                       max_width=count.x - 36 - (row.x + 34))  # up to the cushions: large text keeps its size
    counts = [0] * data.colours
    for cat, _, _ in pairs:
        counts[data.cat_colour[cat]] += 1
    y = max(row.y + 40, name.bottom + canvas.line_height(15) / 2)
    x = row.x + 34
    if not pairs:
        x = canvas.text(i18n.t("kotatsu.no_cats"), (x, y), 15, pal.text_dim, "midleft").right
    for colour, n in enumerate(counts):
        if n:
            draw_cat(canvas, (x + 10, y + 2), 24, data, colour)
            x = canvas.text(str(n), (x + 23, y + 2), canvas.piece_size(15), pal.text, "midleft",
                            bold=True, fixed=True).right + 8
    # the kind beside the name; with large text it moves to the second line, or is left out
    for room, at in ((count.x - 36 - name.right - 14, (count.x - 36, top)),
                     (row.right - x - 14, (row.right, y))):
        if canvas.fit_size(kind, 15, room) >= 15 * 0.85:
            canvas.text(kind, at, 15, pal.text_dim, "midright", max_width=room)
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
    viewer's own score.  The title may take two lines; the box grows with its text."""
    score = score_line(seen, seat)
    pal = palette()
    data = seen.data
    pairs = seen.view.collected[seat]
    row = L.seat_row(seat, seen.players)
    mine = seat == seen.private
    title = i18n.t("kotatsu.your_cushions") if mine else i18n.t("kotatsu.their_cats", seat=seen.names[seat])
    cols = 5
    rows = max(1, -(-len(pairs) // cols))
    width = 330.0
    title_h = _lines_height(canvas, title, width - 24, 16, True, 3)
    score_h = canvas.line_height(15) + 6 if score else 0.0
    box = pygame.FRect(0, 0, width, 22 + title_h + rows * 64 + score_h)
    box.topright = (row.x - 22, row.y - 8)
    box.clamp_ip(pygame.FRect(16, 76, 1248, 712))
    canvas.rect(pal.background, box, radius=10)
    canvas.rect(pal.focus, box, width=2, radius=10)
    top = box.y + 8 + canvas.paragraph(title, (box.x + 12, box.y + 8, box.w - 24, title_h), 16,
                                    pal.text, bold=True)
    if not pairs:
        canvas.text(i18n.t("kotatsu.no_cats"), (box.x + 12, top + 24), 15, pal.text_dim, "midleft", max_width=box.w - 24)
    for i, (cat, cushion, seer) in enumerate(pairs):
        x = box.x + 16 + (i % cols) * 62
        y = top + 2 + (i // cols) * 64
        face = cushion >= 0 and (mine or (faces_of_others and seer == seen.private))
        draw_pair(canvas, (x + 26, y + 26), 46, data, cat, cushion, face=face)
    if score:
        canvas.text(score, (box.x + 12, box.bottom - score_h / 2 - 2), 15, pal.text, "midleft", max_width=box.w - 24)


def _lines_height(canvas: Canvas, text: str, width: float, size: float, bold: bool,
                  most: int) -> float:
    """The height ``text`` wraps into at ``size`` across ``width``, at most ``most`` lines."""
    return min(most, len(canvas.wrap(text, width, size, bold))) * canvas.line_height(size, bold)


def cushion_text(data: KotatsuData, cushion: int) -> str:
    """A revealed cushion in words for the end screen: ``+2 coin``."""
    symbol = data.cushion_symbol[cushion]
    value = signed(data.cushion_value[cushion])
    return i18n.t("kotatsu.cushion_symbol", value=value, symbol=i18n.t("kotatsu.symbol." + symbol)) if symbol else value
