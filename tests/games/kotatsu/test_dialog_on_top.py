"""Issue 26.3: the pick-a-pair dialog lies above every highlight of the board: a log line's
frame round the kotatsu it names never crosses the dialog's text."""

from __future__ import annotations

import pygame

from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.rules import PICKING
from catgames.ui.game_scene import LOG_RECT
from tests.games.kotatsu.test_scene import advance, open_table

MOTION = pygame.MOUSEMOTION


def _dialog_pixels(app) -> bytes:
    app.invalidate()
    app.run_frames(1)
    real = app.canvas.real_rect(L.RESOLUTION.inflate(-8, -8))   # within its rounded corners
    return pygame.image.tobytes(app.canvas.surface.subsurface(real), "RGB")


def test_a_hovered_log_line_does_not_draw_over_the_pick_dialog(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    advance(scene, lambda s: s.phase == PICKING and s.to_move == 0)
    scene.replace_match(scene.local.match)                    # the moves played are logged
    app.run_frames(1)
    res = scene.resolution()
    assert res is not None
    app.step([pygame.event.Event(MOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))])
    plain = _dialog_pixels(app)
    naming = None
    for y in range(int(LOG_RECT.y), int(LOG_RECT.bottom), 4):      # a log line naming that kotatsu
        point = (LOG_RECT.centerx, y)
        app.step([pygame.event.Event(MOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))])
        line = scene.log_panel.hovered(app.canvas)
        if line is not None and 0 <= line.turn < len(scene.local.match.history) and any(
                e.get("kotatsu") == res.kotatsu for e in scene.local.match.history[line.turn].events):
            naming = point
    assert naming is not None, "no log line names the kotatsu"
    app.step([pygame.event.Event(MOTION, pos=naming, rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.log_panel.hovered(app.canvas) is not None
    assert _dialog_pixels(app) == plain
    app.stack.pop_until(lambda s: False)
