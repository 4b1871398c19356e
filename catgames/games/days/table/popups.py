"""What floats over the Woof Days / Cat Days table: a day's whole stack (also a chooser of one
of its cards), the discard pile, and a hand card with its full rule text.  Pure drawing and
geometry; the scene decides when each is shown and what a click on it does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from catgames.games.days.table import view, words
from catgames.games.days.table.board import Look
from catgames.games.days.components import Card, Move
from catgames.games.days.scoring import visible
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette

STACK_CARD = (92.0, 128.0)
GAP = 10.0
PAD = 12.0          #: a stack popup's margin above its title and below its hint
TITLE_SIZE = 17
LABEL_SIZE = 14     #: "top" / "visible" under a card of a stack
HINT_SIZE = 13
CARD_PANEL = (520.0, 250.0)   #: the hover panel of a hand card at 100 % (it grows with its text)
BIG_CARD = (150.0, 208.0)     #: the card in it, at 100 %


@dataclass
class Inspect:
    """A popup over the table: one day's whole stack, or the discard pile.  ``picks`` makes the
    stack a chooser: stack position -> the move that clicking that card plays."""

    kind: str
    seat: int = -1
    day: int = -1
    picks: dict[int, Move] = field(default_factory=dict)


def inspect_layout(canvas: Canvas, look: Look, ins: Inspect) -> tuple[pygame.FRect, list[pygame.FRect]]:
    """The panel of a day's stack popup and its cards (for drawing and for clicks)."""
    count = len(look.facts.view.weeks[ins.seat][ins.day])
    viewer = look.facts.viewer
    own = None if ins.seat == viewer else look.layout.rows[viewer].rect
    return stack_layout(canvas, look.layout.board, look.layout.slot(ins.seat, ins.day), count, own)


def draw_inspect(canvas: Canvas, look: Look, ins: Inspect, spot: str) -> None:
    """The popup ``ins``; ``spot`` names its day in words."""
    state = look.facts.view
    if ins.kind == "discard":
        draw_discard(canvas, look.layout.board, [look.card(c) for c in state.discard], look.edition)
        return
    panel, rects = inspect_layout(canvas, look, ins)
    stack = state.weeks[ins.seat][ins.day]
    tree = bool(state.trees[ins.seat] >> ins.day & 1)
    title = i18n.capitalised(i18n.t("days.stack_title", spot=spot))   # "your Monday — bottom to top"
    if tree:
        title += f" · {i18n.t('days.tree')}"
    draw_stack(canvas, panel, rects, [look.card(c) for c in stack], len(visible(state.data, stack, tree)),
               title, look.edition, list(ins.picks))


def stack_layout(canvas: Canvas, board: pygame.FRect, slot: pygame.FRect, count: int,
                 clear: pygame.FRect | None = None) -> tuple[pygame.FRect, list[pygame.FRect]]:
    """The popup of a ``count``-card stack above its day (below when there is no room, but never
    over ``clear``, the viewer's own week: then over its own day, whose stack it shows), and its
    cards bottom to top, left to right: as tall as its title, cards, labels and hint need."""
    w, h = STACK_CARD
    n = max(1, count)
    width = max(330.0, n * (w + GAP) + 30)
    if width > board.w - 20:
        w = (board.w - 50) / n - GAP
        h = w / 0.72
        width = board.w - 20
    top = PAD + canvas.line_height(TITLE_SIZE, bold=True) + 12        # the title, then the ears
    below = 6 + canvas.line_height(LABEL_SIZE) + 4 + canvas.line_height(HINT_SIZE) + PAD
    panel = pygame.FRect(0, 0, width, top + h + below)
    panel.midbottom = (slot.centerx, slot.y - 4)
    if panel.y < board.y + 4:
        panel.midtop = (slot.centerx, slot.bottom + 4)
        if clear is not None and panel.colliderect(clear):
            room = clear.y - 4 - (board.y + 4)
            h = max(h * 0.5, h - max(0.0, panel.h - room))  # smaller cards, rather than over it
            w = min(w, h * 0.72)
            panel.h = top + h + below
            panel.y = board.y + 4
    panel.clamp_ip(board)
    x = panel.centerx - (n * (w + GAP) - GAP) / 2
    return panel, [pygame.FRect(x + i * (w + GAP), panel.y + top, w, h) for i in range(count)]


def _frame(canvas: Canvas, panel: pygame.FRect, edge: Sequence[int]) -> None:
    pal = palette()
    canvas.rect(pal.background, panel.inflate(6, 6), radius=14)
    canvas.rect(edge, panel, width=2, radius=12)


def draw_stack(canvas: Canvas, panel: pygame.FRect, rects: Sequence[pygame.FRect], cards: Sequence[Card],
               shown: int, title: str, edition: str, picks: Sequence[int] = ()) -> None:
    """A day's cards, the visible ones labelled; with ``picks``, only those positions are lit
    (the others dimmed) for the player to click one."""
    pal = palette()
    _frame(canvas, panel, pal.focus if picks else pal.panel_edge)
    canvas.text(title, (panel.x + 16, panel.y + PAD), TITLE_SIZE, pal.text, bold=True, max_width=panel.w - 32)
    top = len(cards) - 1
    for pos, (card, rect) in enumerate(zip(cards, rects)):
        pickable = not picks or pos in picks
        view.draw_card(canvas, rect, card, edition, dim=not pickable)
        if picks and pickable:
            canvas.rect(pal.ok, rect.inflate(8, 8), width=4, radius=12)
        label = i18n.t("days.top") if pos == top else (i18n.t("days.visible") if pos > top - shown else "")
        if label:
            canvas.text(label, (rect.centerx, rect.bottom + 6), LABEL_SIZE, pal.text_dim, "midtop",
                        max_width=rect.w + GAP - 2)
    canvas.text(i18n.t("days.close_hint"), (panel.right - 12, panel.bottom - PAD), HINT_SIZE, pal.text_dim,
                "bottomright", max_width=panel.w - 24)


def draw_discard(canvas: Canvas, board: pygame.FRect, pile: Sequence[Card], edition: str) -> None:
    """The whole discard pile, oldest first, in landscape cards shrunk until they fit."""
    pal = palette()
    panel = board.inflate(-40, -40)
    top = 14 + canvas.line_height(20, bold=True) + 10
    below = canvas.line_height(15) + 20
    area = pygame.FRect(panel.x + 20, panel.y + top, panel.w - 40, panel.h - top - below)
    w, h = 118.0, 84.0
    while True:
        cols = max(1, int((area.w + 8) // (w + 8)))
        rows = max(1, -(-len(pile) // cols))
        if rows * (h + 8) <= area.h or w < 60:
            break
        w, h = w * 0.9, h * 0.9
    panel.h = min(panel.h, top + max(rows * (h + 8), h) + below)   # as tall as its cards need
    _frame(canvas, panel, pal.panel_edge)
    canvas.text(i18n.plural("days.discard_title", len(pile)), (panel.x + 20, panel.y + 14), 20, pal.text,
                bold=True, max_width=panel.w - 40)
    if not pile:
        canvas.text(i18n.t("days.discard_empty"), (area.centerx, area.y + h / 2), 18, pal.text_dim, "center",
                    max_width=area.w)
    for i, card in enumerate(pile):
        rect = pygame.FRect(area.x + (i % cols) * (w + 8), area.y + (i // cols) * (h + 8), w, h)
        view.draw_card(canvas, rect, card, edition)
    canvas.text(i18n.t("days.close_hint"), (panel.right - 16, panel.bottom - 10), 15, pal.text_dim, "bottomright",
                max_width=panel.w - 32)


def _lines_height(canvas: Canvas, text: str, width: float, size: float, bold: bool = False) -> float:
    return len(canvas.wrap(text, width, size, bold)) * canvas.line_height(size, bold)


def draw_card_panel(canvas: Canvas, board: pygame.FRect, anchor: pygame.FRect, card: Card, edition: str) -> None:
    """A hand card, large, above ``anchor`` with its kind, points and full rule text: wider at a
    larger text size, and as tall as its wrapped text needs."""
    pal = palette()
    grow = canvas.piece_growth   # the panel and its card grow as printed text does
    card_w, card_h = BIG_CARD[0] * grow, BIG_CARD[1] * grow
    width = min(board.w - 16, CARD_PANEL[0] * grow)
    text_w = width - card_w - 50
    kind, deck = i18n.t(f"days.kind.{card.kind}"), i18n.t(f"days.deck_name.{card.deck}")
    texts = [(words.card_name(card, edition), 22.0, True, pal.text, 4.0),
             (i18n.plural("days.kind_points", card.points, kind=kind, deck=deck) if card.is_animal
              else i18n.t("days.kind_line", kind=kind, deck=deck), 16.0, False, pal.text_dim, 8.0),
             (words.rule_text(card, edition), 17.0, False, pal.text, 0.0)]
    heights = [_lines_height(canvas, text, text_w, size, bold) for text, size, bold, _, _ in texts]
    panel = pygame.FRect(0, 0, width, max(card_h + 42, 28 + sum(heights) + sum(t[4] for t in texts)))
    panel.midbottom = (anchor.centerx, anchor.y - 10)
    panel.clamp_ip(board.inflate(-8, -8))
    _frame(canvas, panel, pal.focus)
    big = pygame.FRect(panel.x + 16, panel.y + (panel.h - card_h) / 2, card_w, card_h)
    view.draw_card(canvas, big, card, edition)
    x, y = big.right + 18, panel.y + 14
    for (text, size, bold, color, gap), high in zip(texts, heights):
        y += canvas.paragraph(text, (x, y, text_w, high), size, color, bold) + gap
