"""Issue 26.4: on the Cathood table the action spaces' names and the seat rows' icons follow the
text-size setting in every language: no name cut below its size, none smaller at 150 % than at
100 %, most of them larger, and the icons as much larger as the counts beside them."""

from __future__ import annotations

import pytest

from catgames.ui import i18n
from tests.helpers import close_apps
from tests.ui.layout import layout_app, marks_of, table
from tests.ui.layout_cathood import not_grown


@pytest.mark.parametrize("language", i18n.available_languages())
def test_action_names_and_seat_icons_grow_with_the_text_size(catgames_home, language):
    drawn = {}
    try:
        for scale in (1.0, 1.5):
            drawn[scale] = marks_of(layout_app(language, scale), table("cathood", 2))
            close_apps()
        found = not_grown(drawn[1.0], drawn[1.5])   # (the names in the language drawn)
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert found == []


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("language", ["ru", "uk", "fr"])
def test_the_market_cards_names_are_printed_readable(catgames_home, language, scale):
    """A long building's name ("Солнечная терраса") takes two lines of readable print on its
    card, its head taller, rather than two squeezed into the head of a short name."""
    from catgames.games.cathood.components import BUILDING_CARD, TOY
    from catgames.games.cathood.table import layout as L
    from catgames.games.cathood.table.view import TITLE_SIZE
    cards = [L.card_rect(kind, i) for kind in (TOY, BUILDING_CARD) for i in range(3)]
    try:
        app = layout_app(language, scale)
        names = [m for players in (2, 4) for m in marks_of(app, table("cathood", players))
                 if any(card.contains(m.rect) for card in cards) and not m.text.strip().isdigit()
                 and len(m.text.strip()) > 1]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert len(names) >= 6
    assert [(m.text, m.px) for m in names if m.px < TITLE_SIZE] == []
