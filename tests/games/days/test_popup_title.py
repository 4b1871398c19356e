"""The stack popup's title opens with a capital like every heading: "Your Monday — bottom to
top", though the day's words start lowercase inside a sentence ("… on your Monday")."""

from __future__ import annotations

from tests.games.days.helpers import position
from tests.games.days.test_scene import day, open_table
from tests.ui.helpers import click


def test_your_own_stack_is_titled_with_a_capital(catgames_home):
    app, scene = open_table(position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Staf", "P2": "Lab"}))
    click(app, day(scene, 0, 0))
    assert scene.inspector.shown is not None
    app.canvas.marks = []
    app.invalidate()
    app.run_frames(1)
    texts = [m.text for m in app.canvas.marks]
    app.canvas.marks = None
    assert "Your Monday — bottom to top" in texts
