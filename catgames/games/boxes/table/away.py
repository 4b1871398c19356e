"""Moves out of sight on the If It Fits table: the view never moves by itself under the
player's pointer, so a piece laid beyond the view's edge (an AI's) gets an arrow inside that
edge, pointing at it; a click on the arrow pans there, and an arrow goes once its slot is seen."""

from __future__ import annotations

from catgames.games.boxes.table.view import Camera, draw_edge_arrow, edge_arrow
from catgames.ui.canvas import Canvas, Point

AWAY_R = 17.0      #: the radius of an arrow pointing at a move out of sight

Slot = tuple[int, int]


class AwayArrows:
    """The slots moves touched out of sight (``slots``), and their arrows at the edge of the
    view of ``camera``."""

    def __init__(self) -> None:
        self.slots: list[Slot] = []

    def note(self, camera: Camera, slot: Slot) -> None:
        """A move touched ``slot``: an arrow if it is out of sight."""
        if slot not in self.slots and not camera.viewport.contains(camera.slot_rect(*slot)):
            self.slots.append(slot)

    def drop_seen(self, camera: Camera) -> None:
        """What the player has panned to is seen: its arrow goes."""
        if self.slots:
            self.slots = [s for s in self.slots if not camera.viewport.contains(camera.slot_rect(*s))]

    def arrows(self, camera: Camera) -> list[tuple[Point, Point]]:
        """For each slot: where its arrow sits inside the view's edge, and the unit direction it
        points."""
        frame = camera.viewport.inflate(-2 * AWAY_R - 8, -2 * AWAY_R - 8)
        return [edge_arrow(frame, camera.slot_rect(x, y).center) for x, y in self.slots]

    def click(self, camera: Camera, pos: Point) -> bool:
        """A click on an arrow pans to the move it points at."""
        for (x, y), (at, _) in zip(self.slots, self.arrows(camera)):
            if (pos[0] - at[0]) ** 2 + (pos[1] - at[1]) ** 2 <= AWAY_R ** 2:
                camera.show(camera.slot_rect(x, y))
                return True
        return False

    def draw(self, canvas: Canvas, camera: Camera) -> None:
        for at, direction in self.arrows(camera):
            draw_edge_arrow(canvas, at, direction, AWAY_R)
