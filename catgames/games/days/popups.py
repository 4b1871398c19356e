"""What floats over the Woof Days / Cat Days table: a day's whole stack (also a chooser of one
of its cards), the discard pile, and a hand card with its full rule text.  Pure drawing and
geometry; the scene decides when each is shown and what a click on it does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from catgames.games.days import view, words
from catgames.games.days.board import Look
from catgames.games.days.components import Card, Move
from catgames.games.days.scoring import visible
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette

STACK_CARD = (92.0, 128.0)
GAP = 10.0


@dataclass
class Inspect:
    """A popup over the table: one day's whole stack, or the discard pile.  ``picks`` makes the
    stack a chooser: stack position -> the move that clicking that card plays."""

    kind: str
    seat: int = -1
    day: int = -1
    picks: dict[int, Move] = field(default_factory=dict)
    pinned: bool = True


def inspect_layout(look: Look, ins: Inspect) -> tuple[pygame.FRect, list[pygame.FRect]]:
    """The panel of a day's stack popup and its cards (for drawing and for clicks)."""
    count = len(look.facts.view.weeks[ins.seat][ins.day])
    return stack_layout(look.layout.board, look.layout.slot(ins.seat, ins.day), count)


def draw_inspect(canvas: Canvas, look: Look, ins: Inspect, spot: str) -> None:
    """The popup ``ins``; ``spot`` names its day in words."""
    state = look.facts.view
    if ins.kind == "discard":
        draw_discard(canvas, look.layout.board, [look.card(c) for c in state.discard], look.edition)
        return
    panel, rects = inspect_layout(look, ins)
    stack = state.weeks[ins.seat][ins.day]
    tree = bool(state.trees[ins.seat] >> ins.day & 1)
    title = i18n.t("days.stack_title", spot=spot)
    if tree:
        title += f" · {i18n.t('days.tree')}"
    draw_stack(canvas, panel, rects, [look.card(c) for c in stack], len(visible(state.data, stack, tree)),
               title, look.edition, list(ins.picks), ins.pinned)


def stack_layout(board: pygame.FRect, slot: pygame.FRect, count: int) -> tuple[pygame.FRect, list[pygame.FRect]]:
    """The popup of a ``count``-card stack above its day (below when there is no room), and its
    cards bottom to top, left to right."""
    w, h = STACK_CARD
    n = max(1, count)
    width = max(330.0, n * (w + GAP) + 30)
    if width > board.w - 20:
        w = (board.w - 50) / n - GAP
        h = w / 0.72
        width = board.w - 20
    panel = pygame.FRect(0, 0, width, h + 92)
    panel.midbottom = (slot.centerx, slot.y - 4)
    if panel.y < board.y + 4:
        panel.midtop = (slot.centerx, slot.bottom + 4)
    panel.clamp_ip(board)
    x = panel.centerx - (n * (w + GAP) - GAP) / 2
    return panel, [pygame.FRect(x + i * (w + GAP), panel.y + 44, w, h) for i in range(count)]


def _frame(canvas: Canvas, panel: pygame.FRect, edge: Sequence[int]) -> None:
    pal = palette()
    canvas.rect(pal.background, panel.inflate(6, 6), radius=14)
    canvas.rect(edge, panel, width=2, radius=12)


def draw_stack(canvas: Canvas, panel: pygame.FRect, rects: Sequence[pygame.FRect], cards: Sequence[Card],
               shown: int, title: str, edition: str, picks: Sequence[int] = (), pinned: bool = True) -> None:
    """A day's cards, the visible ones labelled; with ``picks``, only those positions are lit
    (the others dimmed) for the player to click one."""
    pal = palette()
    _frame(canvas, panel, pal.focus if picks else pal.panel_edge)
    canvas.text(title, (panel.x + 16, panel.y + 12), 17, pal.text, bold=True, max_width=panel.w - 32)
    top = len(cards) - 1
    for pos, (card, rect) in enumerate(zip(cards, rects)):
        pickable = not picks or pos in picks
        view.draw_card(canvas, rect, card, edition, dim=not pickable)
        if picks and pickable:
            canvas.rect(pal.ok, rect.inflate(8, 8), width=4, radius=12)
        label = i18n.t("days.top") if pos == top else (i18n.t("days.visible") if pos > top - shown else "")
        if label:
            canvas.text(label, (rect.centerx, rect.bottom + 6), 14, pal.text_dim, "midtop")
    if pinned:
        canvas.text(i18n.t("days.close_hint"), (panel.right - 12, panel.bottom - 6), 13, pal.text_dim,
                    "bottomright", max_width=panel.w - 24)


def draw_discard(canvas: Canvas, board: pygame.FRect, pile: Sequence[Card], edition: str) -> None:
    """The whole discard pile, oldest first, in landscape cards shrunk until they fit."""
    pal = palette()
    panel = board.inflate(-40, -40)
    area = pygame.FRect(panel.x + 20, panel.y + 56, panel.w - 40, panel.h - 96)
    w, h = 118.0, 84.0
    while True:
        cols = max(1, int((area.w + 8) // (w + 8)))
        rows = max(1, -(-len(pile) // cols))
        if rows * (h + 8) <= area.h or w < 60:
            break
        w, h = w * 0.9, h * 0.9
    panel.h = min(panel.h, rows * (h + 8) + 100)   # as tall as its cards need
    _frame(canvas, panel, pal.panel_edge)
    canvas.text(i18n.t("days.discard_title", count=len(pile)), (panel.x + 20, panel.y + 14), 20, pal.text,
                bold=True, max_width=panel.w - 40)
    if not pile:
        canvas.text(i18n.t("days.discard_empty"), (area.centerx, area.y + h / 2), 18, pal.text_dim, "center")
    for i, card in enumerate(pile):
        rect = pygame.FRect(area.x + (i % cols) * (w + 8), area.y + (i // cols) * (h + 8), w, h)
        view.draw_card(canvas, rect, card, edition)
    canvas.text(i18n.t("days.close_hint"), (panel.right - 16, panel.bottom - 10), 15, pal.text_dim, "bottomright")


def draw_card_panel(canvas: Canvas, board: pygame.FRect, anchor: pygame.FRect, card: Card, edition: str) -> None:
    """A hand card, large, above ``anchor`` with its kind, points and full rule text."""
    pal = palette()
    panel = pygame.FRect(0, 0, 520, 250)
    panel.midbottom = (anchor.centerx, anchor.y - 10)
    panel.clamp_ip(board.inflate(-8, -8))
    _frame(canvas, panel, pal.focus)
    big = pygame.FRect(panel.x + 16, panel.y + 22, 150, 208)
    view.draw_card(canvas, big, card, edition)
    text = pygame.FRect(big.right + 18, panel.y + 14, panel.right - big.right - 32, panel.h - 28)
    y = canvas.text(words.card_name(card, edition), text.topleft, 22, pal.text, bold=True, max_width=text.w).bottom
    kind, deck = i18n.t(f"days.kind.{card.kind}"), i18n.t(f"days.deck_name.{card.deck}")
    line = (i18n.t("days.kind_points", kind=kind, points=card.points, deck=deck) if card.is_animal
            else i18n.t("days.kind_line", kind=kind, deck=deck))
    y = canvas.text(line, (text.x, y + 4), 16, pal.text_dim, max_width=text.w).bottom + 8
    canvas.paragraph(words.rule_text(card, edition), (text.x, y, text.w, text.bottom - y), 17, pal.text)
