"""The pictures of the Woof Days / Cat Days table: the weeks with their days, the hand, the
prompt banner, the marks of a drag, and the side panel with the piles.

Pure drawing from a ``Look`` (the view model and where things sit); hidden cards come only
through ``Facts.view``, and the scene decides what is shown when.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame

from catgames.games.days.table import view, words
from catgames.games.days.components import DAYS, UNKNOWN, Card
from catgames.games.days.facts import Facts
from catgames.games.days.table.layout import (
    DAY_HEAD_SIZE, PILE_LABEL_GAP, PILE_LABEL_SIZE, PROMPT_SIZE, SEAT_SIZE, Layout, Side,
)
from catgames.games.days.scoring import day_points, visible
from catgames.ui import i18n
from catgames.ui.callouts import draw_verdict_mark
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.theme import palette


LABEL_SIZE = 17   #: a week's seat name
SMALL_SIZE = 14   #: the small words of a week's label


@dataclass(frozen=True)
class Look:
    """What every picture of the table needs at one moment."""

    layout: Layout
    side: Side
    facts: Facts
    edition: str
    names: Sequence[str]      #: the seats' names
    row_names: Sequence[str]  #: the same, short, for a week's label ("Mochi": the seat list says "(hard)")
    tally: Sequence[int] | None = None  #: the weeks' points as the final scoring has counted them so far

    def score(self, seat: int) -> int:
        """A week's points as its label shows them: the standing, or the count of the final scoring."""
        return self.facts.standing.scores[seat] if self.tally is None else self.tally[seat]

    def card(self, index: int) -> Card:
        return self.facts.view.data.cards[index]


# -- the weeks ---------------------------------------------------------------------------------------
def draw_weeks(canvas: Canvas, look: Look, leaving: Collection[tuple[int, int, int]] = (),
               labels: bool = True) -> None:
    """The day names, then every week (the viewer's last, at the bottom), without the cards
    (seat, day, stack position) in ``leaving``: they are still on their way there; without
    the weeks' labels unless ``labels`` (a count going on draws them every frame over the rest)."""
    pal = palette()
    lay = look.layout
    for day in range(DAYS):
        x = lay.x0 + (day + 0.5) * lay.slot_w
        canvas.text(words.day_name(day, short=True), (x, lay.day_head_y + lay.day_head_h / 2), DAY_HEAD_SIZE,
                    pal.text_dim, "center", bold=True, max_width=lay.slot_w - 4)
    for seat in lay.order:
        _draw_week(canvas, look, seat, leaving, labels)


def draw_week_labels(canvas: Canvas, look: Look) -> None:
    """Every week's label alone: its name, its points (``Look.score``) and its days to fill."""
    for seat in look.layout.order:
        _draw_week_label(canvas, look, seat)


def _draw_week(canvas: Canvas, look: Look, seat: int, leaving: Collection[tuple[int, int, int]],
               label: bool) -> None:
    pal = palette()
    lay = look.layout
    row = lay.rows[seat]
    state = look.facts.view
    back = row.rect.inflate(4, 0)
    canvas.rect(pal.panel if row.own else (*pal.panel, 150), back, radius=10)
    if seat == state.to_move:
        canvas.rect(pal.focus, back, width=3, radius=10)
    if label:
        _draw_week_label(canvas, look, seat)
    place = state.pending_place()
    for day in range(DAYS):
        stack = tuple(c for i, c in enumerate(state.weeks[seat][day]) if (seat, day, i) not in leaving)
        tree = bool(state.trees[seat] >> day & 1)
        rect = lay.card_rect(seat, day)
        if place == (seat, day) and state.pending is not None:  # the card mid-play, as a ghost
            draw_day(canvas, look, rect, stack + (state.pending[0],), tree, ghost=True)
        else:
            draw_day(canvas, look, rect, stack, tree)


def _draw_week_label(canvas: Canvas, look: Look, seat: int) -> None:
    """The seat's short name, its score, then how many days it has left to fill, each line below
    the one before; "(you)" goes on a line of its own when it does not fit beside the name, and
    in a short row the days to fill go beside the score, or are left out where that has no room
    either (its empty days show it).  The name keeps to one line where it fits there at its
    size at 100 % (always in a short row), else wraps on two; it is as large as its lines have
    room for, down to that size, then smaller; a word that still does not fit is cut short."""
    pal = palette()
    box = look.layout.label_rect(seat).inflate(-12, -8)
    compact = look.layout.rows[seat].compact
    name, you = look.row_names[seat], ""
    if seat == look.facts.viewer and look.facts.shows_hand:
        you = i18n.t("days.you")
        beside = i18n.t("days.name_you", name=name, you=you)
        if canvas.text_size(beside, LABEL_SIZE, True)[0] <= box.w - 28:
            name, you = beside, ""
    room = box.w - 28
    most = 1 if compact or _fits_lines(canvas, name, room, LABEL_SIZE / canvas.text_scale, 1) else 2
    size = canvas.steady(LABEL_SIZE, lambda s: _fits_lines(canvas, name, room, s, most), least=SMALL_SIZE)
    line = max(22.0, canvas.line_height(size, True))
    draw_seat_swatch(canvas, seat, pygame.FRect(box.x, box.y + (line - 22) / 2, 22, 22))
    names = canvas.wrap(name, room, size, True)[:most]
    while len(names[-1]) > 1 and canvas.text_size(names[-1], size, True)[0] > room:
        names[-1] = names[-1][:-2] + "…"  # a word too long for its line is cut short
    for i, part in enumerate(names):
        canvas.text(part, (box.x + 28, box.y + line / 2 + i * line), size, pal.text, "midleft",
                    bold=True, max_width=room)
    y = box.y + line * len(names)
    if you:
        y = canvas.text(you, (box.x, y), SMALL_SIZE, pal.text_dim, max_width=box.w).bottom
    r = canvas.text(str(look.score(seat)), (box.x, y), canvas.piece_size(24 if compact else 30),
                    pal.text, bold=True, fixed=True)
    pts = canvas.text(i18n.plural("days.week_score", look.score(seat)), (r.right + 4, r.bottom - r.h * 0.18),
                      SMALL_SIZE, pal.text_dim, "bottomleft", max_width=box.right - r.right - 4)
    empty = sum(1 for stack in look.facts.view.weeks[seat] if not stack)
    fill = i18n.t("days.full") if empty == 0 else i18n.plural("days.empty_days", empty)
    if r.bottom + canvas.line_height(SMALL_SIZE) <= box.bottom + 4:
        canvas.text(fill, (box.x, r.bottom), SMALL_SIZE, pal.text_dim, max_width=box.w)
    elif pts.right + 10 + canvas.text_size(fill, SMALL_SIZE)[0] <= box.right:   # a short row: beside
        canvas.text(fill, (pts.right + 10, pts.bottom), SMALL_SIZE, pal.text_dim, "bottomleft")


def _fits_lines(canvas: Canvas, text: str, width: float, size: float, most: int) -> bool:
    """``text`` wraps into at most ``most`` lines of ``width``, no word wider than its line."""
    lines = canvas.wrap(text, width, size, True)
    return len(lines) <= most and all(canvas.text_size(part, size, True)[0] <= width for part in lines)


def draw_day(canvas: Canvas, look: Look, rect: pygame.FRect, stack: tuple[int, ...], tree: bool,
             ghost: bool = False) -> None:
    """One day: empty outline, or the visible card (three cats on a Cat Tree) with the covered
    cards peeking out above and counted below."""
    pal = palette()
    data = look.facts.view.data
    if tree:
        view.draw_tree_backdrop(canvas, rect)
    if not stack:
        if tree:
            view.draw_count_badge(canvas, rect.center, i18n.t("days.tree"), pal.panel, pal.text, rect.w)
        else:
            view.draw_empty_day(canvas, rect, pal.panel_edge, i18n.t("days.empty"))
        return
    shown = visible(data, stack, tree)
    under = len(stack) - len(shown)
    view.draw_under(canvas, rect, under, words.version_key(look.card(stack[-1])))
    if tree:
        strip = (rect.h - 4) / len(shown)
        for k, card in enumerate(reversed(shown)):
            strip_rect = pygame.FRect(rect.x, rect.y + k * strip, rect.w, strip - 3)
            view.draw_card(canvas, strip_rect, look.card(card), look.edition, dim=ghost and k == 0)
        total = day_points(data, stack, tree)
        view.draw_count_badge(canvas, (rect.right - 18, rect.bottom + 8), f"Σ {total}", pal.focus,
                              pal.text_on_accent)
    else:
        view.draw_card(canvas, rect, look.card(stack[-1]), look.edition, dim=ghost)
    if ghost:
        canvas.rect(pal.focus, rect.inflate(6, 6), width=3, radius=10)
    if under:
        x = rect.x + 18 if tree else rect.centerx
        view.draw_count_badge(canvas, (x, rect.bottom + 8), i18n.t("days.covered", count=under), pal.panel,
                              pal.text)


# -- marks over the weeks -------------------------------------------------------------------------------
def light_day(canvas: Canvas, slot: pygame.FRect) -> None:
    """A legal target: tinted, outlined and ticked (never colour alone)."""
    pal = palette()
    slot = slot.inflate(-4, -2)
    canvas.rect((*pal.ok, 60), slot, radius=8)
    canvas.rect(pal.ok, slot, width=3, radius=8)
    canvas.circle(pal.ok, (slot.right - 11, slot.y + 11), 9)
    canvas.text("✓", (slot.right - 11, slot.y + 11), 14, (255, 255, 255), "center", bold=True, fixed=True)


def draw_marks(canvas: Canvas, look: Look, acting: bool, flashed: Sequence[tuple[int, int]],
               cursor: tuple[int, int] | None) -> None:
    """Over the weeks: the days a card mid-play has chosen, its next choices (``acting``: lit for
    the player to act), the days the last move changed, and the keyboard cursor."""
    pal = palette()
    slot = look.layout.slot
    pending = look.facts.view.pending
    for seat, day, _ in pending[1] if pending is not None else ():
        canvas.rect(pal.focus, slot(seat, day).inflate(-4, -2), width=4, radius=8)
    if acting:
        for seat, day in sorted({o[:2] for o in look.facts.options}):
            light_day(canvas, slot(seat, day))
    for seat, day in flashed:
        canvas.rect(pal.focus, slot(seat, day).inflate(-2, 0), width=3, radius=8)
    if cursor is not None:
        canvas.rect(pal.text, slot(*cursor).inflate(2, 2), width=2, radius=9)


def draw_ghost(canvas: Canvas, rect: pygame.FRect, legal: bool, top: bool = False) -> None:
    """Where a held card would land: outlined with a tick or a cross, at the foot of ``rect``
    or (``top``: a day, whose card fills it down to its rule line) in its top-right corner."""
    pal = palette()
    color = pal.ok if legal else pal.bad
    canvas.rect(color, rect, width=5, radius=10)
    draw_verdict_mark(canvas, (rect.right - 15, rect.y + 15) if top else (rect.centerx, rect.bottom - 16), 13, legal)


# -- the hand and the banner ----------------------------------------------------------------------------
def draw_hand(canvas: Canvas, look: Look, rects: Sequence[pygame.FRect], lifted: Collection[int],
              selected: int | None) -> None:
    """The viewer's hand: faces only where it may be seen, digit keys on the first nine."""
    shows = look.facts.shows_hand
    for i, (card, rect) in enumerate(zip(look.facts.view.hands[look.facts.viewer], rects)):
        if i in lifted:
            continue
        if card == UNKNOWN or not shows:
            view.draw_card_back(canvas, rect)
            continue
        view.draw_card(canvas, rect, look.card(card), look.edition)
        if i == selected:
            canvas.rect(palette().focus, rect.inflate(8, 8), width=4, radius=12)
        if i < 9:
            view.draw_key_cap(canvas, (rect.centerx, rect.y + 1), str(i + 1))
    if not shows:
        pal = palette()
        text = i18n.t("days.hidden_hand", seat=look.names[look.facts.viewer])
        view.draw_count_badge(canvas, look.layout.hand.center, text, pal.panel, pal.text)


def draw_banner(canvas: Canvas, look: Look, prompt: str, acting: bool) -> None:
    """The prompt: what to do now, and for a card mid-play, the card and its next choice."""
    state = look.facts.view
    if state.is_over():
        return
    pal = palette()
    banner = look.layout.banner
    pending = state.pending
    canvas.rect(pal.panel, banner, radius=10)
    if acting and (pending is not None or state.refill):
        canvas.rect(pal.focus, banner, width=3, radius=10)
    x = banner.x + 14
    if pending is not None:
        strip = pygame.FRect(x, banner.y + 5, 120, banner.h - 10)
        view.draw_card(canvas, strip, look.card(pending[0]), look.edition)
        x = strip.right + 12
    right = look.layout.cancel.x - 8 if pending is not None and acting else banner.right - 14
    room = pygame.FRect(x, banner.y + 4, right - x, banner.h - 8)
    size = canvas.paragraph_size(prompt, room, PROMPT_SIZE, acting)
    high = len(canvas.wrap(prompt, room.w, size, acting)) * canvas.line_height(size, acting)
    canvas.paragraph(prompt, room.move(0, max(0.0, (room.h - high) / 2)), size, pal.text, acting)


# -- the side panel --------------------------------------------------------------------------------------
def draw_side(canvas: Canvas, look: Look, rect: pygame.FRect, kinds: Sequence[str], acting: bool) -> None:
    """The seats with their hand sizes (``kinds``: human, AI level), the deck (lit when a click
    draws) and the discard pile, as ``look.side`` places them."""
    pal = palette()
    state = look.facts.view
    side = look.side
    counts = [hand_count(len(hand)) for hand in state.hands]
    count_w = max(canvas.text_size(c, SEAT_SIZE - 2)[0] for c in counts)
    name_w = min(rect.w - 34 - count_w - 12,  # a long name takes the kind's room ("Mochi (hard)")
                 max(canvas.text_size(n, SEAT_SIZE)[0] for n in look.names[:len(kinds)]))
    kind_x = rect.x + 34 + name_w + 12
    for seat, kind in enumerate(kinds):
        y = rect.y + seat * side.seat_step + side.seat_step / 2 - 6
        draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y - 12, 24, 24))
        canvas.text(look.names[seat], (rect.x + 34, y), SEAT_SIZE, pal.text, "midleft", max_width=name_w)
        room = rect.right - count_w - 12 - kind_x
        if canvas.text_size(kind, SEAT_SIZE - 2)[0] <= room:  # else the name says enough ("Mochi (hard)")
            canvas.text(kind, (kind_x, y), SEAT_SIZE - 2, pal.text_dim, "midleft", max_width=room)
        canvas.text(counts[seat], (rect.right, y), SEAT_SIZE - 2, pal.text_dim, "midright")
        if seat == state.to_move:
            canvas.text("▶", (rect.x - 4, y), 14, pal.focus, "midright")
    view.draw_card_back(canvas, side.deck, str(len(state.deck)) if state.deck else "")
    if look.facts.can_draw and acting:
        canvas.rect(pal.accent, side.deck.inflate(6, 6), width=3, radius=9)
    if state.discard:
        view.draw_card(canvas, side.discard, look.card(state.discard[-1]), look.edition)
    else:
        view.draw_empty_day(canvas, side.discard, pal.panel_edge, "")
    for pile, text in ((side.deck, i18n.t("days.deck", count=len(state.deck))),
                       (side.discard, i18n.t("days.discard", count=len(state.discard)))):
        label = pygame.FRect(pile.centerx - side.column / 2, pile.bottom + 4, side.column, rect.bottom + 12 - pile.bottom)
        canvas.paragraph(text, label.inflate(-PILE_LABEL_GAP, 0), PILE_LABEL_SIZE, pal.text_dim, align="center")


def hand_count(count: int) -> str:
    return i18n.plural("days.hand_count", count)
