"""Kotatsu's pieces on its table (``ui.table.parts.Pieces``): one card of the hand or two
together, dropped on a kotatsu's edge or the discard pile; what a drop means is the rules
side's (``games.kotatsu.gestures``), where the cards go ``drops``'."""

from __future__ import annotations

from typing import Protocol, Sequence

import pygame

from catgames.core.rules import Reason
from catgames.games.kotatsu import gestures
from catgames.core.moves import Move
from catgames.games.kotatsu.gestures import DISCARD_PILE, Cards, Edge, OtherEdge, Target
from catgames.games.kotatsu.moves import Discard, Play
from catgames.games.kotatsu.rules import DISCARDING, PLAYING
from catgames.games.kotatsu.table import drops
from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.table.drops import draw_edge_preview, draw_held, draw_verdict
from catgames.games.kotatsu.table.panels import Seen
from catgames.ui import i18n
from catgames.ui.callouts import draw_note
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController
from catgames.ui.game_scene import BOARD_RECT
from catgames.ui.table.last_move import BADGE
from catgames.ui.theme import palette

NOTE = pygame.FRect(BOARD_RECT.x + 40, L.ZONE_TOP + L.ZONE_H - 34, BOARD_RECT.w - 80, 30)  #: why not


class KotatsuTable(Protocol):
    """What the cards need of their table (``KotatsuScene``)."""

    drag: DragController[Cards, Target]

    @property
    def seen(self) -> Seen: ...
    def my_turn(self) -> bool: ...


class KotatsuPieces:
    """The cards of the hand on the screen, on ``table``."""

    def __init__(self, table: KotatsuTable) -> None:
        self.table = table

    # -- what a drop means --------------------------------------------------------------------
    def move_for(self, piece: Cards, target: Target) -> Play | Discard | Reason | None:
        seen = self.table.seen
        return gestures.move_for(seen.view, seen.hand(), piece, target)

    def targets_for(self, piece: Cards, rotation: int) -> list[Target]:
        return gestures.targets(self.table.seen.view)

    def movable_pieces(self) -> list[Cards]:
        """Each card of the hand, and (while playing) each two together."""
        phase = self.table.seen.view.phase
        if not self.table.my_turn() or phase not in (PLAYING, DISCARDING):
            return []
        n = len(self.table.seen.hand())
        pairs = [Cards((i, j)) for i in range(n) for j in range(i + 1, n)] if phase == PLAYING else []
        return [Cards((i,)) for i in range(n)] + pairs

    def landing(self, seat: int, move: Move) -> Target | None:
        """Where a move landed (``ui.table.last_move``): the mover's own edge of the kotatsu it
        played on, or the discard pile; another seat's hand is not on the screen to search."""
        if isinstance(move, Play):
            return OtherEdge(move.kotatsu, seat)
        return DISCARD_PILE if isinstance(move, Discard) else None

    def landing_area(self, target: Target) -> pygame.FRect:
        """The edge's band (or the pile) a move landed on, for its mark: an outline round the
        band, where a ring across the cards hid their stars (a play-test saw it)."""
        return self._target_area(target)

    def badge_point(self, target: Target, area: pygame.FRect) -> Point:
        """The mover's symbol beside the band, clear of its cards' stars, its label's and the
        kotatsu's number: right of a top or bottom band, on the futon's corner beside a side's
        fan, left of the pile."""
        gap = BADGE + 8
        if not isinstance(target, (Edge, OtherEdge)):
            return area.x - gap, area.centery
        side = "bottom" if isinstance(target, Edge) else drops.side_of(self.table.seen, target, self.table.drag.pointer)
        if side in ("top", "bottom"):
            return area.right + gap, area.centery
        return (area.right + gap if side == "left" else area.x - gap), area.top + gap

    # -- where things are ---------------------------------------------------------------------
    def piece_at(self, pos: Point) -> Cards | None:
        """A card; with one card already selected, a second card makes the pair (both go)."""
        phase = self.table.seen.view.phase
        if not self.table.my_turn() or phase not in (PLAYING, DISCARDING):
            return None
        i = next((i for i in range(len(self.table.seen.hand())) if L.hand_rect(i).collidepoint(pos)), None)
        if i is None:
            return None
        held = self.table.drag.selected
        if held is not None and i in held.at:
            return held
        if held is not None and len(held.at) == 1 and phase == PLAYING:
            return held.adding(i)
        return Cards((i,))

    def home_of(self, piece: Cards) -> Point:
        return L.hand_rect(piece.at[0]).center

    def rotations(self, piece: Cards) -> int:
        return 1

    def snap(self, piece: Cards, rotation: int, pos: Point) -> Target | None:
        return drops.snap(self.table.seen, pos)

    def target_point(self, target: Target) -> Point:
        return self._target_area(target).center

    def _target_area(self, target: Target) -> pygame.FRect:
        return drops.target_area(self.table.seen, target, self.table.drag.pointer)

    def _cards_of(self, piece: Cards) -> list[int]:
        hand = self.table.seen.hand()
        return [hand[i] for i in piece.at if i < len(hand)]

    # -- how they look --------------------------------------------------------------------------
    def draw_piece(self, canvas: Canvas, piece: Cards, rotation: int, center: Point) -> None:
        drag = self.table.drag
        if drag.dragging and drag.target is not None and not isinstance(drag.target, OtherEdge):
            return  # over a kotatsu the cards are previewed on the edge itself (not another's)
        draw_held(canvas, self.table.seen.data, self._cards_of(piece), center)

    def draw_hints(self, canvas: Canvas, piece: Cards, targets: Sequence[Target]) -> None:
        pal = palette()
        for target in targets:
            canvas.rect(pal.ok, self._target_area(target).inflate(12, 12), width=4, radius=12)
        if not targets and self.table.seen.view.phase == PLAYING:
            key = "kotatsu.needs_pair" if len(piece.at) == 1 else "kotatsu.needs_one"
            draw_note(canvas, NOTE, i18n.t(key))

    def draw_ghost(self, canvas: Canvas, piece: Cards, target: Target, legal: bool) -> None:
        seen = self.table.seen
        if isinstance(target, Edge) and seen.private is not None:
            move = self.move_for(piece, target)
            value = seen.view.value_after(move) if legal and isinstance(move, Play) else None
            draw_edge_preview(canvas, seen, target.kotatsu, seen.private, self._cards_of(piece), value)
        draw_verdict(canvas, self._target_area(target), legal)
        reason = self.table.drag.target_reason
        if not legal and reason is not None:
            draw_note(canvas, NOTE, i18n.reason_text(reason, "kotatsu"), error=True)
