"""The popups of the Woof Days / Cat Days table fit at every text size in every language: a
day's stack, the discard pile and the hover panel of a hand card, the longest card texts among
them (French names run longest), with no line overflowing its room or overlapping another."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from catgames.core.session import Match
from catgames.games.days.components import Card
from catgames.games.days.popups import Inspect, draw_card_panel
from catgames.games.days.scene import DaysScene
from catgames.games.days.words import card_name, rule_text
from catgames.ui import i18n
from catgames.ui.canvas import TextMark
from catgames.ui.game_scene import BOARD_RECT
from tests.helpers import close_apps
from tests.ui.layout import layout_app, problems
from tests.games.days.helpers import position

SCALES = (1.0, 1.5)


def _table(app) -> DaysScene:
    match = Match.new("days", 2, ["human", "human"], {"decks": "woof", "first_player": "P1"}, seed=3)
    state = position({"P1": "Mon[Lab,GSh,Dal,FBul,Dach]", "P2": "Tue[Lab]"},  # a stack of five
                     {"P1": "FBul,GSh,Lab,Dal", "P2": "Lab"})
    state.discard = list(range(30))   # a pile of every kind of card
    match.state = state
    scene = DaysScene(app, match)
    app.push(scene)
    scene.on_match_changed()
    return scene


def _marks(app, draw: Callable[[], None]) -> list[TextMark]:
    app.canvas.marks = []
    draw()
    marks, app.canvas.marks = app.canvas.marks, None
    return marks


def _longest_cards(scene: DaysScene, count: int) -> list[Card]:
    """The cards whose names and rule texts are longest in the language shown."""
    cards = scene.days.data.cards
    return sorted(cards, key=lambda c: -len(card_name(c, scene.edition) + rule_text(c, scene.edition)))[:count]


@pytest.mark.parametrize("language", i18n.available_languages())
def test_popups_fit_at_every_text_size(catgames_home, language):
    found = []
    try:
        for scale in SCALES:
            app = layout_app(language, scale)
            scene = _table(app)
            app.run_frames(1)
            canvas = app.canvas
            stack = Inspect("day", 0, 0)
            found += [f"{scale:.0%} stack: {p}" for p in problems(_marks(app, lambda: scene._draw_popup(canvas, stack)))]
            found += [f"{scale:.0%} discard: {p}"
                      for p in problems(_marks(app, lambda: scene._draw_popup(canvas, Inspect("discard"))))]
            anchor = scene.hand_rects()[0]
            for card in _longest_cards(scene, 6):
                draw = lambda: draw_card_panel(canvas, BOARD_RECT, anchor, card, scene.edition)  # noqa: E731
                found += [f"{scale:.0%} {card.id}: {p}" for p in problems(_marks(app, draw))]
            close_apps()
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert not found, "\n".join(found)
