"""Issue 26.4: the prompt's title and explanation are drawn whole, wrapped, in every language
at every text size, however many rows of buttons a decision takes (the coffee's instruction was
cut short: "…choose the cube to …")."""

from __future__ import annotations

import pytest

from catgames.games.cathood.table import layout as L
from catgames.ui import i18n
from tests.ui.layout import layout_app, marks_of
from tests.ui.layout_cathood import _pending

EVERY_COLOUR = {"pink": 2, "blue": 1, "yellow": 1, "purple": 1, "orange": 1, "green": 1}
DECISIONS = {   #: name: (the step asked, the cubes held, the colour given first at the coffee)
    "coffee and bee": (("cb", 0, 1, 1, 0), EVERY_COLOUR, None),
    "coffee": (("cb", 0, 1, 0, 0), EVERY_COLOUR, None),
    "coffee, pink given": (("cb", 0, 1, 0, 0), EVERY_COLOUR, "pink"),
    "coffee, few cubes": (("cb", 0, 1, 0, 0), {"pink": 2, "blue": 1}, None),
    "give a cube back": (("return", 0), {"pink": 3, "blue": 2, "yellow": 2, "purple": 2, "orange": 2, "green": 2},
                         None),
}


def _words(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("language", i18n.available_languages())
def test_every_decisions_words_are_drawn_whole(catgames_home, language):
    found = []
    try:
        for scale in (1.0, 1.25, 1.5):
            app = layout_app(language, scale)
            for name, (step, cubes, given) in DECISIONS.items():
                said: list[tuple[str, str]] = []

                def screen(app, step=step, cubes=cubes, given=given, said=said):
                    _pending(app, step, {"P1": {"cubes": cubes}})
                    if given is not None:
                        app.stack.top.choose_give(given)
                    title, text, _, _ = app.stack.top._prompt()
                    said.append((title, text))

                marks = marks_of(app, screen)
                drawn = _words("".join(m.text for m in marks if L.PROMPT.union(L.END_TURN).contains(m.rect)))
                title, text = said[0]
                if _words(title) + _words(text) not in drawn:
                    found.append(f"{scale:.0%} {name}: {text!r} drawn as {drawn!r}")
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert found == [], "\n".join(found)
