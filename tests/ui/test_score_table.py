"""The end screen's score table: columns as wide as their headings need, so that one long
word (Russian "Дразнилки" at the largest text size) is not the only heading drawn small."""

from __future__ import annotations

import pytest

from catgames.core.storage import Settings
from catgames.ui.scenes.game_over import FIRST_SHARE, FIRST_SHARE_MIN, HEAD_PAD, HEAD_SIZE, NARROW_SHARE, column_widths
from tests.helpers import new_app

TOTAL = 740.0  #: the table's width on the end screen


@pytest.fixture
def canvas(catgames_home):
    app = new_app(Settings(ui_scale=1.5))
    yield app.canvas
    app.close()


def needs(canvas, heads: list[str]) -> list[float]:
    return [canvas.text_size(h, HEAD_SIZE, True)[0] + HEAD_PAD for h in heads[1:]]


def test_short_headings_share_the_number_columns_equally(canvas):
    widths = column_widths(canvas, ["Player", "A", "B", "C"], TOTAL)
    assert widths[0] == pytest.approx(TOTAL * FIRST_SHARE)
    assert widths[1] == widths[2] == widths[3] == pytest.approx(TOTAL * (1 - FIRST_SHARE) / 3)


def test_a_long_heading_widens_its_column_and_keeps_its_size(canvas):
    heads = ["Player", "A", "B", "Featherwands", "C", "D", "E", "F"]
    widths = column_widths(canvas, heads, TOTAL)
    assert sum(widths) == pytest.approx(TOTAL)
    assert all(w >= n - 1e-6 for w, n in zip(widths[1:], needs(canvas, heads)))
    assert widths[3] > widths[1]
    assert widths[0] == pytest.approx(TOTAL * FIRST_SHARE)  # the rest had room enough


def test_the_names_column_gives_up_room_before_a_heading_shrinks(canvas):
    heads = ["Player", "Buildings", "Parks", "Cubes", "Toy mice"]
    widths = column_widths(canvas, heads, TOTAL)
    wanted = needs(canvas, heads)
    assert TOTAL * (1 - FIRST_SHARE) < sum(wanted) < TOTAL * (1 - FIRST_SHARE_MIN)  # the case
    assert TOTAL * FIRST_SHARE_MIN <= widths[0] < TOTAL * FIRST_SHARE
    assert all(w >= n - 1e-6 for w, n in zip(widths[1:], wanted))


def test_headings_too_wide_for_any_room_shrink_alike(canvas):
    heads = ["Player"] + ["Buildings and parks"] * 4 + ["Featherwands and yarn"] * 4
    widths = column_widths(canvas, heads, TOTAL)
    assert widths[0] == pytest.approx(TOTAL * FIRST_SHARE_MIN)
    ratios = [w / n for w, n in zip(widths[1:], needs(canvas, heads))]
    assert max(ratios) == pytest.approx(min(ratios)) and ratios[0] < 1


def test_no_name_gives_up_room_it_needs_for_a_heading(canvas):
    heads = ["Player"] + ["Buildings and parks"] * 4 + ["Featherwands and yarn"] * 4
    names = TOTAL * 0.30  # a long name: more than the floor, less than the names' share
    widths = column_widths(canvas, heads, TOTAL, names)
    assert widths[0] == pytest.approx(names)
    assert sum(widths) == pytest.approx(TOTAL)


def test_a_long_name_takes_the_room_the_headings_leave_in_a_narrow_panel(canvas):
    """Bed's end panel beside its board: "Mochi (hard)  ★" was drawn small in a names column
    of the narrow share while the two number columns had room to spare."""
    heads, total = ["Player", "Sections", "Total"], 500.0
    names = total * 0.5  # more than the narrow share, less than the headings leave
    widths = column_widths(canvas, heads, total, names, NARROW_SHARE)
    assert widths[0] == pytest.approx(names)
    assert all(w >= n - 1e-6 for w, n in zip(widths[1:], needs(canvas, heads)))
    assert sum(widths) == pytest.approx(total)


def test_a_long_name_is_kept_whole_and_the_headings_wrap_at_their_words(canvas):
    """If It Fits at 150 % in Ukrainian: the winner "Мурчик (складний)  ★" was drawn at 12 px
    beside headings ("Виграні коробки", "Викладені коти") kept on one line."""
    heads, total = ["Гравець", "Виграні коробки", "Викладені коти", "Разом"], 900.0
    names = total - sum(needs(canvas, heads)) + 60  # a name longer than one-line headings leave
    widths = column_widths(canvas, heads, total, names)
    assert widths[0] == pytest.approx(names)
    words = [max(canvas.text_size(w, HEAD_SIZE, True)[0] for w in h.split()) + HEAD_PAD for h in heads[1:]]
    assert all(w >= n - 1e-6 for w, n in zip(widths[1:], words)) and sum(widths) == pytest.approx(total)
