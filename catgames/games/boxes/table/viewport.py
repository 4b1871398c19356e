"""Pan and zoom over the If It Fits table: the mouse (right or middle drag, wheel), the arrow
keys, the zoom buttons (in a strip under the table) and a piece dragged near the table's edge move
the table's camera, at any time, even while an AI moves.

Input only, no game decisions: the scene asks ``handle`` first and passes on what is left.
"""

from __future__ import annotations

from typing import Callable

import pygame

from catgames.games.boxes.table.panels import TRAY
from catgames.games.boxes.table.view import Camera
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.widgets import Button, Widget

PAN_STEP = 90.0
ZOOM_STEP = 1.15
ARROWS = {I.UP: (0, -1), I.DOWN: (0, 1), I.LEFT: (-1, 0), I.RIGHT: (1, 0)}
BUTTON_H, BUTTON_GAP = 34.0, 6.0
BAR_H = BUTTON_H + 2 * BUTTON_GAP  #: the strip under the table the zoom buttons sit in
MAX_FIT_W = 160.0                 #: the Fit button's widest (its word shrinks beyond)
EDGE = 44.0          #: the band inside the table view's edge where a dragged piece scrolls it
EDGE_SPEED = 540.0   #: how fast (px a second) at the very edge; slower further in
EDGE_MARGIN = 24.0   #: it stops once the table's edge is this far inside the view
VIEWPORT = pygame.FRect(16, 76, 868, TRAY.y - 76 - BAR_H)  #: the table's view, the zoom buttons' strip below


class ViewControl:
    """The table's camera and the input that moves it; ``moved`` is told after every change."""

    def __init__(self, camera: Camera, moved: Callable[[], None]) -> None:
        self.camera = camera
        self._moved = moved
        self._pan_from: Point | None = None
        self._pointer: Point = camera.viewport.center
        self.bar_left = camera.viewport.right - 150  #: the zoom buttons' left edge (``buttons``)
        #: a piece dragged near the table's edge scrolls it only once it has been well inside
        self._edge_armed = False

    def zoom(self, factor: float) -> None:
        self.camera.zoom_at(self.camera.viewport.center, factor)
        self._moved()

    def fit(self) -> None:
        self.camera.fit()
        self._moved()

    def show(self, rect: pygame.FRect) -> None:
        """Pan (never zoom) until ``rect``, a place on the table, shows whole with
        ``EDGE_MARGIN`` round it, as far as the table's edge allows."""
        v = self.camera.viewport.inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN)
        dx = max(0.0, v.left - rect.left) - max(0.0, rect.right - v.right)
        dy = max(0.0, v.top - rect.top) - max(0.0, rect.bottom - v.bottom)
        if dx or dy:
            self.camera.pan(dx, dy)
            self._moved()

    def buttons(self, canvas: Canvas) -> list[Widget]:
        """Zoom in, zoom out and fit, in the strip under the table's right end (never over a
        card or slot); Fit as wide as its word needs at the text size."""
        v = self.camera.viewport
        y, h = v.bottom + BUTTON_GAP, BUTTON_H
        fit = i18n.t("boxes.fit_short")
        fit_w = min(MAX_FIT_W, max(48.0, canvas.text_size(fit, 20, bold=True)[0] + 22))
        right = v.right - 10 - fit_w
        self.bar_left = right - 92
        return [
            Button((right - 92, y, 40, h), "+", lambda: self.zoom(ZOOM_STEP),
                   tooltip=i18n.t("boxes.zoom_in"), size=20),
            Button((right - 46, y, 40, h), "−", lambda: self.zoom(1 / ZOOM_STEP),
                   tooltip=i18n.t("boxes.zoom_out"), size=20),
            Button((right, y, fit_w, h), fit, self.fit, tooltip=i18n.t("boxes.fit"), size=20),
        ]

    def edge_scroll(self, pointer: Point | None, dt: float) -> bool:
        """Scroll the view while a dragged piece (at ``pointer``; ``None``: nothing dragged)
        is in the band along its edge, faster nearer the edge, until the table's edge shows;
        True if the view moved.  A drag coming in from the hand arms it only once it has been
        inside the band, so crossing the band on the way in does not scroll."""
        v = self.camera.viewport
        if pointer is None:
            self._edge_armed = False
            return False
        if not v.collidepoint(pointer):
            return False
        x, y = pointer
        dx = max(0.0, v.x + EDGE - x) - max(0.0, x - (v.right - EDGE))
        dy = max(0.0, v.y + EDGE - y) - max(0.0, y - (v.bottom - EDGE))
        if not (dx or dy):
            self._edge_armed = True
            return False
        if not self._edge_armed:
            return False
        k = EDGE_SPEED * dt / EDGE
        t, m = self.camera.table_rect, EDGE_MARGIN
        px = _towards(dx * k, v.x + m - t.x, v.right - m - t.right)
        py = _towards(dy * k, v.y + m - t.y, v.bottom - m - t.bottom)
        before = self.camera.origin
        self.camera.pan(px, py)
        if self.camera.origin == before:
            return False
        self._moved()
        return True

    def handle(self, event: pygame.event.Event, holding: bool) -> bool:
        """Use ``event`` if it pans or zooms; ``holding``: a piece is in hand (a right click
        turns it, arrows move it)."""
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            if event.button == 3 and holding:
                return False  # a right click turns the held card
            if self.camera.viewport.collidepoint(event.pos):
                self._pan_from = event.pos
                return True
            return False
        if kind == pygame.MOUSEBUTTONUP and event.button in (2, 3) and self._pan_from is not None:
            self._pan_from = None
            return True
        if kind == pygame.MOUSEWHEEL:
            if event.y and self.camera.viewport.collidepoint(self._pointer):
                self.camera.zoom_at(self._pointer, ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP)
                self._moved()
                return True
            return False
        if kind == pygame.KEYDOWN:
            return any(self._key(intent, holding) for intent in I.intents_of(event))
        return False

    def _motion(self, pos: Point) -> bool:
        self._pointer = pos
        if self._pan_from is None:
            return False
        self.camera.pan(pos[0] - self._pan_from[0], pos[1] - self._pan_from[1])
        self._pan_from = pos
        self._moved()
        return True

    def _key(self, intent: I.Intent, holding: bool) -> bool:
        if intent.kind in ARROWS and not holding:
            dx, dy = ARROWS[intent.kind]
            self.camera.pan(-dx * PAN_STEP, -dy * PAN_STEP)
            return True
        if intent.kind == I.SCROLL:
            self.zoom(ZOOM_STEP if intent.value > 0 else 1 / ZOOM_STEP)
            return True
        return False


def _towards(step: float, most: float, least: float) -> float:
    """``step`` limited so the table's far edge stops ``EDGE_MARGIN`` inside the view: at most
    ``most`` (> 0: room left to pan that way), at least ``least`` (< 0: the other way)."""
    return min(step, max(0.0, most)) if step > 0 else max(step, min(0.0, least))
