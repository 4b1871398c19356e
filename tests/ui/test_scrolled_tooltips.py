"""A tooltip follows what is under the pointer: when the set-up rows scroll under a resting
pointer (the wheel, at 150 % text where they do not all fit), the tip of the row that left goes,
and the row now there shows its own after the usual delay."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.storage import Settings
from catgames.ui import widgets
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.widgets import TOOLTIP_DELAY, Choice
from tests.helpers import new_app

DT = 1 / 64
REST = int(TOOLTIP_DELAY / DT) + 2  #: frames of a resting pointer: past the delay


@pytest.fixture
def tips(monkeypatch):
    """The text of every tooltip drawn, frame by frame (``tips.clear()`` between)."""
    drawn: list[str] = []
    real = widgets.draw_tooltip

    def spy(canvas, text, *args, **kwargs):
        drawn.append(text)
        return real(canvas, text, *args, **kwargs)

    monkeypatch.setattr(widgets, "draw_tooltip", spy)
    return drawn


def rest(app, frames: int = REST) -> None:
    for _ in range(frames):
        app.step([], DT)


@pytest.mark.parametrize("game_id", ["days", "kotatsu"])  # (their rows scroll at 150 %)
def test_after_a_scroll_the_tip_is_that_of_the_row_under_the_pointer(catgames_home, tips, game_id):
    app = new_app(Settings(ui_scale=1.5))
    scene = app.push(NewGameScene(app, game_id))
    rest(app, 2)
    rows = scene.rows
    assert rows.max_scroll > 0  # the case: the rows scroll at this size
    first = next(i for i, row in enumerate(rows.rows)
                 if isinstance(row, Choice) and row.tooltip and row.shown
                 and i + 1 < len(rows.rows) and rows.rows[i + 1].tooltip != row.tooltip
                 and rows.scroll < rows.max_scroll)
    row = rows.rows[first]
    pointer = (row.rect.x + 20, row.rect.centery)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=app.canvas.to_real(pointer), rel=(1, 0),
                                 buttons=(0, 0, 0))], DT)
    rest(app)
    assert tips[-1] == row.tooltip  # its tip shows
    tips.clear()
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                 precise_y=-1.0)], DT)
    now = next(w for w in rows.rows if w.shown and w.rect.collidepoint(pointer))
    assert now is not row and row.tooltip not in tips  # the tip went with its row
    rest(app)
    assert tips[-1:] == ([now.tooltip] if now.tooltip else [])  # the new row's own, in time
    app.stack.pop_until(lambda s: False)
