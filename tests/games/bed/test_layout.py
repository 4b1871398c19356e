"""The bed table's text at every text size: the score lines below the seat list, the trays' notes
said once and apart, numerals and section sizes that grow with the text and stay on their piece,
and the territory switch with its legend under the trays."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.session import Match
from catgames.games.bed.table import layout as S
from catgames.games.bed.table.scene import BedScene
from catgames.games.bed.components import bed_data
from catgames.games.bed.game import GAME
from catgames.games.bed.table.view import DISC, claw_spots, draw_numeral
from catgames.ui.canvas import TextMark
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT
from catgames.ui.theme import palette
from tests.helpers import close_apps, play_random
from tests.ui.layout import _mid_game, layout_app, marks_of, problems

SCALES = (1.0, 1.25, 1.5)


def played(moves: int) -> Match:
    """Side A after ``moves`` seeded random moves, as the layout test plays them."""
    return _mid_game("bed", 2, moves)


def table_marks(scale: float, match: Match, preview: bool = False) -> list[TextMark]:
    """Every line of one frame of the table showing ``match``, in English at ``scale``."""
    def open_it(app) -> None:
        table = app.push(BedScene(app, match))
        table._set_preview(preview)
        table._build_buttons()
    app = layout_app("en", scale)
    try:
        return marks_of(app, open_it)
    finally:
        close_apps()


def texts(marks: list[TextMark], area: pygame.FRect) -> list[TextMark]:
    return [m for m in marks if area.contains(m.rect)]


@pytest.mark.parametrize("scale", SCALES)
def test_score_lines_follow_the_seat_list_inside_the_panel(catgames_home, scale):
    marks = table_marks(scale, played(6))
    assert problems(marks) == []
    panel = texts(marks, SIDE_RECT)
    heading = next(m for m in panel if m.text == "If the game ended now:")
    seats = [m for m in panel if m.text in ("Cat", "Dog", "Human")]
    assert len(seats) == 4 and heading.rect.top >= max(m.rect.bottom for m in seats)
    points = [m for m in panel if "points" in m.text]
    assert len(points) == 2 and min(m.rect.top for m in points) >= heading.rect.bottom
    assert max(m.rect.bottom for m in points) <= SIDE_RECT.bottom - 12


@pytest.mark.parametrize("scale", SCALES)
def test_the_opening_note_is_said_once_under_the_cats_tiles(catgames_home, scale):
    marks = table_marks(scale, played(0))
    assert problems(marks) == []
    tray = S.tray_box(0)
    foot = pygame.FRect(tray.x, tray.bottom - S.TRAY_FOOT, tray.w, S.TRAY_FOOT)
    assert foot.top >= S.TRAY_TOP[0] + S.TRAY_HEAD + 3 * S.SLOT_H  # below the last row of slots
    below = texts(marks, foot)
    assert " ".join(m.text for m in below if len(m.text) > 1) == "not as the first tile"
    assert [m.text for m in below if len(m.text) == 1] == ["5", "6", "7", "8", "9"]
    assert min(m.size * scale for m in below if len(m.text) > 1) >= 13  # wrapped, not shrunk


def test_toggle_and_legend_sit_under_the_trays_inside_the_board():
    assert S.TOGGLE.top >= S.TRAY_TOP[1] + S.TRAY_H
    assert S.LEGEND.top >= S.TOGGLE.bottom and BOARD_RECT.contains(S.LEGEND)
    assert S.TRAY_TOP[1] >= S.TRAY_TOP[0] + S.TRAY_H


@pytest.mark.parametrize("scale", SCALES)
def test_the_legend_fits_under_the_switch(catgames_home, scale):
    marks = table_marks(scale, played(6), preview=True)
    assert problems(marks) == []
    legend = [m for m in marks if S.LEGEND.contains(m.rect)]
    assert " ".join(m.text for m in legend) == "Numbers on the bed: Cat sum : Dog sum"


def numeral_marks(scale: float, room: float | None) -> list[TextMark]:
    app = layout_app("en", scale)
    try:
        canvas = app.canvas
        canvas.marks = []
        for digit in range(1, 10):
            draw_numeral(canvas, (100 + 40 * digit, 100), digit, 36, palette().seat(0), room=room)
        return canvas.marks
    finally:
        app.canvas.marks = None
        close_apps()


@pytest.mark.parametrize("room", [None, 30.0])
def test_numerals_grow_with_the_text_size_and_stay_in_their_disc(catgames_home, room):
    small, large = numeral_marks(1.0, room), numeral_marks(1.5, room)
    assert all(b.px > a.px for a, b in zip(small, large))
    radius = min(36 * DISC * 1.25, room or 36 * DISC)
    assert all(m.rect.w <= 2 * radius * 0.7 for m in large)


def test_a_won_sections_size_sits_in_the_section_clear_of_toys():
    data = bed_data()
    state, _ = play_random(GAME, 2, seed=3, options={"side": "B"})
    icons = 0
    for mask in data.sides["B"].toys.values():
        icons |= mask
    grid = data.grid
    won = [sec for sec in state.score().sections if not sec.ignored and sec.owner is not None]
    assert won
    for sec in won:
        claw, beside = claw_spots(grid, sec.mask, icons)
        assert grid.bit(*claw) & sec.mask & ~icons
        if beside is not None:
            assert grid.bit(*beside) & sec.mask & ~icons
            assert abs(claw[0] - beside[0]) + abs(claw[1] - beside[1]) == 1


def test_a_section_without_a_free_neighbour_has_its_size_on_the_claw():
    grid = bed_data().grid
    single = grid.mask([(4, 4)])
    assert claw_spots(grid, single, 0) == ((4, 4), None)
    pair = grid.mask([(4, 4), (4, 5)])
    assert claw_spots(grid, pair, grid.mask([(4, 5)])) == ((4, 4), None)
    assert claw_spots(grid, pair, 0)[1] in ((4, 4), (4, 5))
