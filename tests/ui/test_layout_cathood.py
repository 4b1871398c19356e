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
