"""If It Fits' pieces on its table (``ui.table.parts.Pieces``): the hand's cards, turned and
laid on the table's slots (or discarded), and the cats from the supply; what a drop means is the
rules side's (``games.boxes.gestures``), how ghosts look ``ghosts``'."""

from __future__ import annotations

from typing import Any, Protocol, Sequence

import pygame

from catgames.games.boxes import gestures
from catgames.games.boxes.components import PRINCESS, Kind
from catgames.games.boxes.gestures import CAT_PIECE, ROTATIONS, CatToken, HandCard, Piece, Target, cat_under, turns
from catgames.games.boxes.moves import Cat, Discard, Play, Princess, Sleep
from catgames.games.boxes.preview import CardPreview
from catgames.games.boxes.rules import CAT, PLAY, TURN, BoxesState
from catgames.games.boxes.table.cursor import target_point
from catgames.games.boxes.table.ghosts import Ghosts
from catgames.games.boxes.table.look import Look
from catgames.games.boxes.table.panels import ACTIONS, CATS_RECT, HAND_CARD, draw_hand_card, hand_rect
from catgames.games.boxes.table.view import Camera, draw_cat
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController
from catgames.ui.theme import palette


class BoxesTable(Protocol):
    """What the pieces need of their table (``BoxesScene``)."""

    drag: DragController[Piece, Target]
    ghosts: Ghosts

    @property
    def boxes(self) -> BoxesState: ...
    @property
    def camera(self) -> Camera: ...
    @property
    def look(self) -> Look: ...
    @property
    def version(self) -> tuple[int, int]: ...
    def private_seat(self) -> int | None: ...
    def hand_kinds(self) -> list[int]: ...
    def piece_kind(self, piece: Piece) -> Kind | None: ...
    def discarding(self) -> bool: ...
    def preview(self, target: Play) -> CardPreview | None: ...
    def legal_targets(self, piece: Piece, rotation: int) -> list[Target]: ...


class BoxesPieces:
    """The seat to move's cards and cats, on ``table``."""

    def __init__(self, table: BoxesTable) -> None:
        self.table = table

    # -- what a drop means --------------------------------------------------------------------
    def move_for(self, piece: Piece, target: Target) -> Any | None:
        return gestures.move_for(self.table.boxes, piece, target)

    def targets_for(self, piece: Piece, rotation: int) -> list[Target]:
        return gestures.targets(self.table.boxes, piece, rotation)

    def movable_pieces(self) -> list[Piece]:
        table, boxes = self.table, self.table.boxes
        if table.private_seat() != boxes.to_move:
            return []
        cat: list[Piece] = [CAT_PIECE] if boxes.supply[boxes.to_move] > 0 else []
        return [HandCard(i) for i in range(len(table.hand_kinds()))] + cat

    def landing(self, seat: int, move: Any) -> Target | None:
        """Where a move landed (``ui.table.last_move``): a drop's move is its own target, and
        another seat's hand is not on the screen to search."""
        return move if isinstance(move, (Play, Princess, Discard, Cat, Sleep)) else None

    # -- where things are ---------------------------------------------------------------------
    def piece_at(self, pos: Point) -> Piece | None:
        table, boxes = self.table, self.table.boxes
        if table.private_seat() != boxes.to_move:
            return None
        for i in range(len(table.hand_kinds())):
            if hand_rect(i).collidepoint(pos):
                return HandCard(i)
        if CATS_RECT.collidepoint(pos) and boxes.supply[boxes.to_move] > 0:
            return CAT_PIECE
        return None

    def home_of(self, piece: Piece) -> Point:
        return CATS_RECT.center if isinstance(piece, CatToken) else hand_rect(piece.index).center

    def rotations(self, piece: Piece) -> int:
        return turns(self.table.piece_kind(piece))

    def snap(self, piece: Piece, rotation: int, pos: Point) -> Target | None:
        table = self.table
        kind = table.piece_kind(piece)
        if kind is not None and table.discarding() and ACTIONS.collidepoint(pos):
            return Discard(kind.name)
        slot = table.camera.slot_at(pos)
        if slot is None:
            return None
        if kind is not None and kind.role != PRINCESS:
            return Play(kind.name, ROTATIONS[rotation], *slot)
        x, y = table.camera.pair_at(pos)
        if kind is None:
            return Cat(x, y) if table.boxes.step == CAT else Sleep(x, y)
        return Princess(*(cat_under(table.boxes, *slot) or (x, y)))  # anywhere on the cat

    def target_point(self, target: Target) -> Point:
        return target_point(self.table.camera, target)

    def landing_area(self, target: Target) -> pygame.FRect | None:
        """The slot a card was laid in, for its mark (``ui.table.last_move``); a cat's seam
        and the discard are marked by a ring."""
        return self.table.camera.slot_rect(target.x, target.y) if isinstance(target, Play) else None

    # -- how they look --------------------------------------------------------------------------
    def draw_hints(self, canvas: Canvas, piece: Piece, targets: Sequence[Target]) -> None:
        table, drag = self.table, self.table.drag
        fits_turned = False
        if not targets and table.boxes.step in (PLAY, TURN):
            kind = table.piece_kind(piece)
            turnable = kind is not None and kind.role != PRINCESS and turns(kind) > 1
            fits_turned = turnable and bool(table.legal_targets(piece, 1 - drag.rotation))
        key = (table.version, piece, drag.rotation, palette().name)
        table.ghosts.draw_hints(canvas, table.camera, key, targets, fits_turned, drag.pointer)

    def draw_ghost(self, canvas: Canvas, piece: Piece, target: Target, legal: bool) -> None:
        table, drag = self.table, self.table.drag
        preview = table.preview(target) if legal and isinstance(target, Play) else None
        table.ghosts.draw_ghost(canvas, table.look, target, legal, preview, drag.target_reason)

    def draw_piece(self, canvas: Canvas, piece: Piece, rotation: int, center: Point) -> None:
        table, drag = self.table, self.table.drag
        if drag.dragging and drag.target is not None and drag.is_lifted(piece):
            return  # over the table the snapped ghost is the preview
        kind = table.piece_kind(piece)
        if kind is None:
            rect = pygame.FRect(0, 0, 46, 66).move_to(center=center)
            draw_cat(canvas, rect, palette().seat(table.boxes.to_move), table.boxes.step != TURN)
            return
        draw_hand_card(canvas, pygame.FRect(0, 0, *HAND_CARD).move_to(center=center), kind, ROTATIONS[rotation])
