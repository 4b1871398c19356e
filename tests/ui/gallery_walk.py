"""Walking a components gallery from its top to its end, as a test sees it: the lines it
drew, the layout problems of each screen, and whether each entry's picture was painted."""

from __future__ import annotations

import re
from typing import Any

import pygame

from catgames.ui.gallery import GalleryScene, Laid
from catgames.ui.theme import palette
from tests.ui.layout import problems

DT = 1 / 64
PAINTED = 0.08   #: at least this share of a picture's pixels differ from the entry's background


def _painted(app: Any, laid: Laid, scene: GalleryScene) -> float:
    """The share of the picture's pixels (as shown now) that differ from the entry's fill."""
    canvas = app.canvas
    view = scene.view
    shown = laid.picture.move(view.x, view.y - scene.scroll)
    real = canvas.real_rect(shown).clip(canvas.real_rect(view.inflate(-4, -4)))
    if real.w < 4 or real.h < 4 or real.h < canvas.real_rect(shown).h:  # only whole pictures are judged
        return -1.0
    fill = pygame.Color(*palette().table)
    pixels = [canvas.surface.get_at((x, y)) for x in range(real.x, real.right, 2) for y in range(real.y, real.bottom, 2)]
    return sum(1 for p in pixels if abs(p.r - fill.r) + abs(p.g - fill.g) + abs(p.b - fill.b) > 24) / len(pixels)


def walk(app: Any, scene: GalleryScene) -> tuple[str, list[str], dict[int, float]]:
    """Scroll the gallery from its top to its end a screen at a time: every line it drew, the
    layout problems of each screen, and how much of each entry's picture was painted."""
    seen, found, painted = [], [], {}
    scene.scroll = 0.0
    while True:
        app.canvas.marks = []
        app.invalidate()
        app.step([], DT)
        seen += [m.text for m in app.canvas.marks if m.shown.h > 0]
        found += problems(app.canvas.marks)
        entries, _ = scene.entries(app.canvas)
        for i, laid in enumerate(entries):
            painted[i] = max(painted.get(i, -1.0), _painted(app, laid, scene))
        if scene.scroll >= scene.max_scroll:
            break
        scene.scroll_by(scene.view.h / 2)
    app.canvas.marks = None
    return flat("".join(seen)), found, painted


def flat(text: str) -> str:
    """Text with no white space, so a line wrapped anywhere (Chinese has no spaces) still reads."""
    return re.sub(r"\s+", "", text)
