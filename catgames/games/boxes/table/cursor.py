"""Keyboard play on the If It Fits table: a piece taken by its key (or a button) goes to its
legal target nearest the middle of the view; the arrows move it a slot at a time, the view
panning to keep it in sight; Enter places it (the scene's drag controller does the rest)."""

from __future__ import annotations

from typing import Callable

from catgames.games.boxes.gestures import Piece, Target
from catgames.games.boxes.moves import Discard, Play
from catgames.games.boxes.table.panels import ACTIONS
from catgames.games.boxes.table.view import Camera
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController
from catgames.ui.theme import palette

Slot = tuple[int, int]


def target_point(camera: Camera, target: Target) -> Point:
    """Where a piece is held over ``target``: a card's slot centre, a cat's seam, the discard
    area."""
    if isinstance(target, Discard):
        return ACTIONS.center
    if isinstance(target, Play):
        return camera.slot_rect(target.x, target.y).center
    return camera.seam_point(target.x, target.y)


class KeyCursor:
    """The slot the keyboard's piece points at (``slot``; ``None``: no piece held from the
    keyboard); ``pairs(piece)``: the piece lies across two slots (a cat, a Princess)."""

    def __init__(self, drag: DragController[Piece, Target], camera: Callable[[], Camera],
                 pairs: Callable[[Piece], bool]) -> None:
        self.slot: Slot | None = None
        self._drag = drag
        self._camera = camera
        self._pairs = pairs

    def take(self, piece: Piece) -> None:
        """Pick ``piece`` up onto its legal target nearest the middle of the view."""
        drag, camera = self._drag, self._camera()
        drag.pick(piece)
        if not drag.legal:
            return
        centre = camera.viewport.center
        first = min(drag.legal, key=lambda t: _dist2(target_point(camera, t), centre))
        if isinstance(first, Discard):
            drag.point(target_point(camera, first))
            return
        self.slot = (first.x, first.y)
        self._point()

    def step(self, dx: int, dy: int) -> None:
        """An arrow: a slot further that way (one slot off the table's edge at most)."""
        camera = self._camera()
        x, y = self.slot or camera.slot_at(camera.viewport.center) or (0, 0)
        self.slot = (min(max(x + dx, -1), camera.cols), min(max(y + dy, -1), camera.rows))
        self._point()

    def _point(self) -> None:
        assert self.slot is not None
        camera, piece = self._camera(), self._drag.piece
        x, y = self.slot
        rect = camera.slot_rect(x, y)
        pair = piece is not None and self._pairs(piece)
        camera.show(rect.union(camera.slot_rect(x, y + 1)) if pair else rect)
        self._drag.point(camera.seam_point(x, y) if pair else rect.center)

    def draw(self, canvas: Canvas) -> None:
        if self.slot is not None and self._drag.holding:
            canvas.rect(palette().focus, self._camera().slot_rect(*self.slot).inflate(4, 4), width=2, radius=4)


def _dist2(a: Point, b: Point) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
