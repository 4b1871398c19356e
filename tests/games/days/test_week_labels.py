"""A week's label names its seat in full at every text size: a computer seat by its cat alone
(the seat list beside says its level), as large as the label's room allows, never smaller
than at 100 %."""

from __future__ import annotations

import pytest

from catgames.games.days.table.scene import DaysScene
from catgames.ui import i18n
from tests.ui.layout import computers_table, layout_app, marks_of


def labels(language: str, scale: float, players: int) -> dict[int, list[tuple[str, int]]]:
    """Each opponent's week label: the lines drawn in it and their pixel sizes."""
    app = layout_app(language, scale)
    tables = []

    def open_table(app):
        computers_table("days", players)(app)
        tables.append(app.stack.top)
    marks = marks_of(app, open_table)
    assert isinstance(tables[0], DaysScene)
    layout = tables[0].layout
    return {seat: [(m.text, m.px) for m in marks if layout.label_rect(seat).contains(m.rect)]
            for seat in range(1, players)}


@pytest.fixture
def english_after():
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


@pytest.mark.parametrize("language, cats", [("en", ["Mochi", "Tama", "Kuro"]),
                                            ("ru", ["Моти", "Барсик", "Мурка"])])
@pytest.mark.parametrize("players", [2, 4])
def test_a_computer_week_is_labelled_by_its_whole_cat_name(catgames_home, english_after, language, cats, players):
    small, large = labels(language, 1.0, players), labels(language, 1.5, players)
    for seat in range(1, players):
        name = cats[seat - 1]
        for drawn in (small, large):
            texts = [text for text, _ in drawn[seat]]
            assert name in texts and not any("…" in text for text in texts), texts
        px = {scale: dict(drawn[seat])[name] for scale, drawn in ((1.0, small), (1.5, large))}
        assert px[1.5] >= px[1.0]  # never smaller at a larger setting (larger where there is room)
