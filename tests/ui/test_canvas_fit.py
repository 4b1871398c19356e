"""Text sizes follow the text-size setting: larger at a larger setting as far as the
room allows, never smaller than at a smaller setting, and unshrunk while the 100 % size fits."""

from __future__ import annotations

import pytest

from catgames.core.storage import Settings
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker

SCALES = (1.0, 1.25, 1.5)
LONG = "Your edge is the band at the bottom of each kotatsu. An empty edge takes 1 or 2 cards."


def canvases():
    return [new_app(Settings(ai_speed="instant", ui_scale=s), worker_factory=IdleWorker, seed=1).canvas
            for s in SCALES]


@pytest.mark.parametrize("room", (120.0, 260.0, 400.0, 2000.0))
def test_a_line_never_gets_smaller_as_the_setting_rises(catgames_home, room):
    drawn = []
    for canvas in canvases():
        size = canvas.steady(15, lambda s: canvas.text_size("Cushions left: 24", s)[0] <= room)
        drawn.append(size * canvas.text_scale)
    assert drawn == sorted(drawn)
    fits_at_100 = drawn[0] == 15
    assert all(d >= 15 for d in drawn) if fits_at_100 else len(set(drawn)) == 1
    if room == 2000.0:
        assert drawn == [15 * s for s in SCALES]  # all the room it wants: it grows fully


@pytest.mark.parametrize("height", (60.0, 90.0, 160.0))
def test_a_paragraph_keeps_its_room_and_never_shrinks_as_the_setting_rises(catgames_home, height):
    sizes = []
    for canvas in canvases():
        canvas.marks = []
        used = canvas.paragraph(LONG, (10, 10, 320, height), 16, (0, 0, 0))
        assert used <= height
        sizes.append(min(m.px for m in canvas.marks))
        canvas.marks = None
    assert sizes == sorted(sizes)
    if height == 160.0:
        assert sizes[0] < sizes[-1]


def test_text_on_pieces_grows_half_as_much_as_other_text(catgames_home):
    sizes = [canvas.piece_size(14) for canvas in canvases()]
    assert sizes == pytest.approx([14, 14 * 1.125, 14 * 1.25])
    canvas = canvases()[-1]
    steps = canvas.steady(12, lambda s: s <= 13.0, fixed=True)
    assert 12 < steps <= 13.0   # as far as its piece has room
