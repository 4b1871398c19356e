"""The bed table's layout: the sideways bed filling the board, the trays with each seat's name and
points in the side panel, and its text at every text size: the notes said once under the bed,
numerals and section sizes that grow with the text and stay on their piece, and the territory
switch with its legend under the bed."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.session import Match
from catgames.games.bed.table import layout as S
from catgames.games.bed.table.scene import BedScene
from catgames.games.bed.components import bed_data
from catgames.games.bed.game import GAME
from catgames.games.bed.table.view import DISC, claw_spots, draw_numeral
from catgames.ui import i18n
from catgames.ui.canvas import TextMark
from catgames.ui.game_scene import BOARD_RECT, LOG_RECT, SIDE_RECT
from catgames.ui.scenes.game_over import COUNT_UP_TIME, GameOverScene
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


def test_the_bed_is_the_largest_thing_on_the_table_and_fills_the_board():
    """At 1280 x 800 the bed (turned to use the window's width) dwarfs every panel, and its
    cells, and so the tiles, are a quarter larger than the upright bed's 36 px."""
    bed = S.GEO.rect
    assert S.GEO.sideways and bed.w > bed.h
    assert BOARD_RECT.contains(bed.inflate(S.CELL, 0))  # the headboard and the rim stay on the table
    assert bed.w >= 0.85 * BOARD_RECT.w and bed.h >= 0.85 * BOARD_RECT.h
    assert all(bed.w * bed.h > 2 * r.w * r.h for r in (SIDE_RECT, LOG_RECT))
    assert S.CELL >= 1.25 * 36


def test_the_trays_share_the_side_panel_and_their_slots_stay_apart():
    boxes = [S.tray_box(seat) for seat in (0, 1)]
    assert all(SIDE_RECT.contains(box) for box in boxes) and not boxes[0].colliderect(boxes[1])
    for seat, box in enumerate(boxes):
        slots = [S.slot_rect(seat, digit) for digit in range(1, 10)]
        assert all(box.contains(slot) and slot.top >= box.top + S.TRAY_HEAD for slot in slots)
        assert not any(a.colliderect(b) for i, a in enumerate(slots) for b in slots[i + 1:])


@pytest.mark.parametrize("scale", SCALES)
def test_each_tray_names_its_seat_and_points_in_its_title_row(catgames_home, scale):
    match = played(6)
    marks = table_marks(scale, match)
    assert problems(marks) == []
    safe = match.state.safe_points()  # mid-game: the points no tile to come can change
    for seat, name in enumerate(("Cat", "Dog")):
        box = S.tray_box(seat)
        title = texts(marks, pygame.FRect(box.x, box.y, box.w, S.TRAY_HEAD + 4))
        words = {m.text: m.rect for m in title}
        points = f"{safe[seat]} point{'' if safe[seat] == 1 else 's'} secured"
        assert words[name].right + 8 <= words[points].left  # the name, then its points at the right
        numerals = [m.text for m in texts(marks, box) if m.text.isdigit()]
        assert numerals == [str(d) for d in match.state.in_hand(seat)]


@pytest.mark.parametrize("scale", SCALES)
def test_the_opening_note_is_said_once_under_the_bed(catgames_home, scale):
    marks = table_marks(scale, played(0))
    assert problems(marks) == []
    assert S.NOTES.top >= S.GEO.rect.bottom and BOARD_RECT.contains(S.NOTES)
    below = texts(marks, S.NOTES)
    assert " ".join(m.text for m in below if len(m.text) > 1) == "not as the first tile"
    assert [m.text for m in below if len(m.text) == 1] == ["5", "6", "7", "8", "9"]
    assert min(m.size * scale for m in below if len(m.text) > 1) >= 17  # wrapped, not shrunk


def test_toggle_and_legend_sit_under_the_bed_inside_the_board():
    assert S.TOGGLE.top >= S.GEO.rect.bottom and BOARD_RECT.contains(S.TOGGLE)
    assert S.LEGEND.left >= S.TOGGLE.right and BOARD_RECT.contains(S.LEGEND)


@pytest.mark.parametrize("scale", SCALES)
def test_the_legend_fits_under_the_bed(catgames_home, scale):
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


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_end_panel_leaves_the_whole_final_bed_in_sight(catgames_home, scale):
    """Issue 28: the game-over panel covered the foot of the bed.  It stands beside the board, no
    line or button of it over the bed, its caption strip or the board; its lines fit it."""
    match = _mid_game("bed", 2, 10_000)
    assert match.state.is_over()
    panels = []

    def open_it(app) -> None:
        table = app.push(BedScene(app, match))
        over = app.push(GameOverScene(app, table, match.state.outcome()))
        over.elapsed = COUNT_UP_TIME
        panels.append(over)
    app = layout_app("fr", scale)
    try:
        marks = marks_of(app, open_it)
        over = panels[0]
        headline = over.headline()
    finally:
        close_apps()
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert not over.panel.colliderect(BOARD_RECT)
    assert not over.panel.colliderect(S.GEO.rect) and not over.panel.colliderect(S.CAPTION)
    shown = [m for m in marks if over.panel.contains(m.shown)]
    assert headline in [m.text for m in shown]
    assert problems(shown) == []
    assert all(over.panel.contains(w.rect) for w in over.widgets.widgets)
