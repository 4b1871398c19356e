"""What the shared layout test does not open on the Woof Days / Cat Days table fits at every text
size in every language: a day's stack, the discard pile, the hover panel of a hand card (the
longest card texts among them; French names run longest), and the banner of a card mid-play
with its Cancel button: no line overflows its room or overlaps another, and none is drawn
smaller at 150 % than at 100 %."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from catgames.core.session import Match
import pygame

from catgames.games.days.table import view
from catgames.games.days.components import Card, days_data
from catgames.games.days.table.popups import Inspect, draw_card_panel, draw_inspect
from catgames.games.days.table.scene import DaysScene
from catgames.games.days.table.words import card_name, rule_text
from catgames.ui import i18n
from catgames.ui.canvas import TextMark
from catgames.ui.game_scene import BOARD_RECT
from tests.games.days.helpers import position
from tests.games.days.test_scene import day, drag, hand_card
from tests.helpers import close_apps
from tests.ui.layout import layout_app, problems, shrunk

SCALES = (1.0, 1.25, 1.5)
FACES = {"portrait": (96.0, 134.0), "small portrait": (60.0, 84.0), "landscape": (91.0, 56.0),
         "strip": (91.0, 17.0)}   #: a hand card, a pile, an opponent's day, a cat on a Cat Tree
Views = Callable[[object], Iterator[tuple[str, Callable[[], None]]]]   #: (name, draw) pairs on an app


def _table(app, players: int, weeks: dict[str, str], hands: dict[str, str]) -> DaysScene:
    match = Match.new("days", players, ["human"] + ["ai:easy"] * (players - 1),
                      {"decks": "woof", "first_player": "P1"}, seed=3)
    match.state = position(weeks, hands)
    match.state.discard = list(range(30))   # a pile of every kind of card
    scene = DaysScene(app, match)
    app.push(scene)
    scene.on_match_changed()
    app.run_frames(1)
    return scene


def _marks(app, draw: Callable[[], None]) -> list[TextMark]:
    app.canvas.marks = []
    draw()
    marks, app.canvas.marks = app.canvas.marks, None
    return marks


def _problems(language: str, views: Views) -> list[str]:
    """Every layout problem of ``views`` at every scale, and every text shrunk between them."""
    found, drawn = [], {}
    try:
        for scale in SCALES:
            app = layout_app(language, scale)
            for name, draw in views(app):
                drawn[name, scale] = marks = _marks(app, draw)
                found += [f"{scale:.0%} {name}: {p}" for p in problems(marks)]
            close_apps()
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    for (name, scale), marks in drawn.items():
        if scale != SCALES[-1]:
            larger = SCALES[SCALES.index(scale) + 1]
            found += [f"{name} {scale:.0%}->{larger:.0%}: {p}" for p in shrunk(marks, drawn[name, larger])]
    return found


def _longest_cards(scene: DaysScene, count: int) -> list[Card]:
    """The cards whose names and rule texts are longest in the language shown."""
    cards = scene.days.data.cards
    return sorted(cards, key=lambda c: -len(card_name(c, scene.edition) + rule_text(c, scene.edition)))[:count]


def _popups(app) -> Iterator[tuple[str, Callable[[], None]]]:
    scene = _table(app, 2, {"P1": "Mon[Lab,GSh,Dal,FBul,Dach]", "P2": "Tue[Lab]"},   # a stack of five
                   {"P1": "FBul,GSh,Lab,Dal", "P2": "Lab"})
    canvas = app.canvas
    yield "stack", lambda: draw_inspect(canvas, scene.look, Inspect("day", 0, 0), scene._spot_words(0, 0))
    yield "discard", lambda: draw_inspect(canvas, scene.look, Inspect("discard"), scene._spot_words(-1, -1))
    anchor = scene.hand_rects()[0]
    for card in _longest_cards(scene, 6):
        yield card.id, lambda card=card: draw_card_panel(canvas, BOARD_RECT, anchor, card, scene.edition)


def _mid_play(app) -> Iterator[tuple[str, Callable[[], None]]]:
    scene = _table(app, 4, {"P1": "Mon[Lab]", "P2": "Mon[Mix]", "P3": "", "P4": ""},
                   {"P1": "Aus,Lab", "P2": "Lab", "P3": "Lab", "P4": "Lab"})
    drag(app, hand_card(scene, "wd_australian_shepherd"), day(scene, 0, 1))
    assert scene.days.pending is not None
    yield "mid-play", lambda: app.run_frames(1)


def _faces(app) -> Iterator[tuple[str, Callable[[], None]]]:
    canvas = app.canvas
    for card in days_data().cards:   # one at a time: faces are drawn apart, never overlapping
        for shape, size in FACES.items():
            rect = pygame.FRect((300, 300), size)
            yield f"{card.id} {shape}", lambda card=card, rect=rect: view.draw_card(canvas, rect, card, "uk")


@pytest.mark.parametrize("language", i18n.available_languages())
def test_card_faces_keep_their_text_inside_and_never_shrink_it(catgames_home, language):
    found = _problems(language, _faces)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", i18n.available_languages())
def test_popups_fit_at_every_text_size(catgames_home, language):
    found = _problems(language, _popups)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", i18n.available_languages())
def test_the_banner_of_a_card_mid_play_fits(catgames_home, language):
    found = _problems(language, _mid_play)
    assert not found, "\n".join(found)
