"""The new-game screen at a large text size: rows keep readable text and scroll when they do
not all fit, by wheel and by keyboard; a row scrolled out of view cannot be clicked."""

from __future__ import annotations

import pygame

from catgames.core.storage import Settings
from catgames.ui.scenes.new_game import NewGameScene
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, click, key


def kotatsu_for_four(scale: float) -> tuple:
    app = new_app(Settings(ui_scale=scale), worker_factory=IdleWorker, seed=1)
    scene = app.push(NewGameScene(app, "kotatsu"))
    scene._set_players(4)
    app.run_frames(1)
    return app, scene


def test_all_rows_show_at_normal_size_and_scroll_at_150_percent(catgames_home):
    app, scene = kotatsu_for_four(1.0)
    assert scene.rows.max_scroll == 0 and all(row.shown for row in scene.rows.rows)
    app, scene = kotatsu_for_four(1.5)
    hidden = [row for row in scene.rows.rows if not row.shown]
    assert scene.rows.max_scroll == len(hidden) > 0
    assert all(scene.rows.view.contains(row.rect) for row in scene.rows.rows if row.shown)


def test_the_wheel_scrolls_the_rows_and_a_hidden_row_ignores_clicks(catgames_home):
    app, scene = kotatsu_for_four(1.5)
    last = scene.rows.rows[-1]
    before = last.value
    click(app, last.segments()[1].center)  # where it would be: below the view, hidden
    assert last.value == before and not last.shown
    for _ in range(scene.rows.max_scroll):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert last.shown and not scene.rows.rows[0].shown
    click(app, last.segments()[1].center)
    assert last.value != before


def test_moving_the_keyboard_focus_onto_a_hidden_row_scrolls_to_it(catgames_home):
    app, scene = kotatsu_for_four(1.5)
    scene.widgets.focus(scene.rows.rows[0])
    for _ in range(len(scene.widgets.focusable)):  # the rows and the seats' name fields
        if scene.widgets.focused is scene.rows.rows[-1]:
            break
        key(app, pygame.K_DOWN)
    assert scene.widgets.focused is scene.rows.rows[-1] and scene.rows.rows[-1].shown
    key(app, pygame.K_DOWN)  # on to the buttons below, then back up
    key(app, pygame.K_UP)
    for _ in range(len(scene.widgets.focusable)):
        if scene.widgets.focused is scene.rows.rows[0]:
            break
        key(app, pygame.K_UP)
    assert scene.rows.rows[0].shown and scene.rows.scroll == 0
