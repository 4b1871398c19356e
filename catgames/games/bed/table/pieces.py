"""This Bed Is Mine's pieces on its table (``ui.table.parts.Pieces``): the tiles in the trays,
dragged, turned and snapped onto the bed by their grip cell; what a drop means is the rules
side's (``games.bed.gestures``)."""

from __future__ import annotations

from typing import Protocol, Sequence

from catgames.games.bed import gestures
from catgames.games.bed.components import Placement
from catgames.games.bed.gestures import Tile
from catgames.games.bed.rules import BedState
from catgames.games.bed.table.layout import CELL, NOTES, BedGeometry, slot_rect
from catgames.games.bed.table.view import draw_cells, draw_mini_tile, grip, hint_cells, label_cell, shape
from catgames.ui import i18n
from catgames.ui.callouts import draw_note, draw_verdict_mark
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController
from catgames.ui.theme import palette


class BedTable(Protocol):
    """What the tiles need of their table (``BedScene``)."""

    geo: BedGeometry
    drag: DragController[Tile, Placement]

    @property
    def bed(self) -> BedState: ...
    @property
    def version(self) -> tuple[int, int]: ...


class BedPieces:
    """The tiles of the seat to move, on ``table`` (its bed, geometry and drag)."""

    def __init__(self, table: BedTable) -> None:
        self.table = table
        self._hint_key: tuple[Tile, int, tuple[int, int]] | None = None
        self._hint_cells: list[tuple[int, int]] = []

    # -- what a drop means --------------------------------------------------------------------
    def move_for(self, piece: Tile, target: Placement) -> Placement | None:
        return gestures.move_for(self.table.bed, piece, target)

    def targets_for(self, piece: Tile, rotation: int) -> list[Placement]:
        """``rotation``, like every turn the drag counts, is in quarter turns from the tile as the
        tray shows it, upright on the screen (``BedGeometry.rules_rot``)."""
        return gestures.targets(self.table.bed, piece, self.table.geo.rules_rot(rotation))

    def movable_pieces(self) -> list[Tile]:
        bed = self.table.bed
        return [Tile(d) for d in bed.in_hand(bed.to_move)] if bed.to_move >= 0 else []

    def landing(self, seat: int, move: Placement) -> Placement | None:
        """Where a move landed (``ui.table.last_move``): a placement is its own target (quicker
        than searching every tile's drops)."""
        return move if isinstance(move, Placement) else None

    # -- where things are ---------------------------------------------------------------------
    def piece_at(self, pos: Point) -> Tile | None:
        bed = self.table.bed
        if bed.to_move < 0:
            return None
        return next((Tile(d) for d in bed.in_hand(bed.to_move) if slot_rect(bed.to_move, d).collidepoint(pos)),
                    None)

    def home_of(self, piece: Tile) -> Point:
        return slot_rect(max(self.table.bed.to_move, 0), piece.digit).center

    def rotations(self, piece: Tile) -> int:
        return 4

    def snap(self, piece: Tile, rotation: int, pos: Point) -> Placement | None:
        geo = self.table.geo
        cell = geo.cell_at(pos)
        if cell is None:
            return None
        rot = geo.rules_rot(rotation)
        r, c = grip(piece.digit, rot)
        return Placement(piece.digit, rot, cell[0] - r, cell[1] - c)

    def target_point(self, target: Placement) -> Point:
        """The centre of the placement's grip cell: where the pointer drops the tile there."""
        r, c = grip(target.digit, target.rot)
        return self.table.geo.centre(target.row + r, target.col + c)

    # -- how they look --------------------------------------------------------------------------
    def draw_piece(self, canvas: Canvas, piece: Tile, rotation: int, center: Point) -> None:
        drag = self.table.drag
        if drag.dragging and drag.target is not None:
            return  # over the bed the snapped ghost is the preview; a floating copy would hide it
        seat = max(self.table.bed.to_move, 0)
        draw_mini_tile(canvas, center, piece.digit, rotation, CELL * 0.8, seat, palette().seat(seat))

    def draw_hints(self, canvas: Canvas, piece: Tile, targets: Sequence[Placement]) -> None:
        table = self.table
        key = (piece, table.drag.rotation, table.version)
        if key != self._hint_key:
            self._hint_key, self._hint_cells = key, hint_cells(targets)
        draw_cells(canvas, table.geo, self._hint_cells, (*palette().ok, 70), inset=CELL * 0.3)
        if not targets and table.bed.fits(table.bed.to_move, piece.digit):
            draw_note(canvas, NOTES, i18n.t("bed.turn_it"))

    def draw_ghost(self, canvas: Canvas, piece: Tile, target: Placement, legal: bool) -> None:
        pal, geo = palette(), self.table.geo
        cells = [(target.row + r, target.col + c) for r, c in shape(target.digit, target.rot)]
        inside = [rc for rc in cells if 0 <= rc[0] < geo.rows and 0 <= rc[1] < geo.cols]
        color = pal.ok if legal else pal.bad
        draw_cells(canvas, geo, inside, (*color, 150), inset=1)
        if inside:
            draw_verdict_mark(canvas, geo.centre(*label_cell(inside)), CELL * 0.42, legal)
        reason = self.table.drag.target_reason
        if not legal and reason is not None:
            draw_note(canvas, NOTES, i18n.reason_text(reason, "bed"), error=True)
