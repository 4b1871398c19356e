"""What a table's frame draws as text, and where: for tests that its layout holds at every size."""

from __future__ import annotations

from typing import Any

import pygame

Drawn = list[tuple[str, pygame.FRect]]  #: each line of text and the virtual rect it covers


def texts_of_a_frame(app: Any) -> Drawn:
    """Every text the app draws in one full frame (cached layers dropped, so all of it)."""
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)  # re-fitting the window drops the cached layers
    app.invalidate()  # and this frame must be drawn, changed or not
    app.run_frames(1)
    marks, app.canvas.marks = app.canvas.marks, None
    return [(m.text, m.rect) for m in marks]


def inside(drawn: Drawn, region: pygame.FRect) -> list[str]:
    """The lines drawn wholly inside ``region``."""
    return [line for line, rect in drawn if region.contains(rect)]
