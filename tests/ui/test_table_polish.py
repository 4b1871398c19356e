"""Issue 16's polish: one lit entry in the pause menu, no "is playing" for a paused human, the
Kotatsu countdown and picking words, Days popups clear of the viewer's week and named from the
viewer's side, and no raw option names on the new-game screen."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids, load_game
from catgames.games.days.table import popups, words
from catgames.games.days.components import spot_text
from catgames.games.days.table.layout import measure
from catgames.games.days.table.popups import Inspect
from catgames.games.kotatsu.rules import PICKING
from catgames.ui import i18n
from catgames.ui.registry import scene_class
from catgames.ui.scenes.new_game import option_label
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.widgets import Button
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, hand_over


@pytest.fixture
def app(catgames_home):
    return new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)


def _table(app, match: Match):
    scene = app.push(scene_class(match.game_id)(app, match))
    hand_over(app)
    app.step()
    return scene


def _lit(widgets) -> list[str]:
    return [w.text for w in widgets if isinstance(w, Button) and (w.primary or w.hovered or w.focused)]


def test_the_pause_menu_lights_one_entry_the_pointer_or_the_keys_chose(app):
    table = _table(app, Match.new("bed", 2, ["human", "ai:normal"], seed=3))
    pause = app.push(PauseScene(app, table))
    app.step()
    assert _lit(pause.widgets.widgets) == [i18n.t("pause.resume")]
    rules = next(w for w in pause.widgets.widgets if getattr(w, "text", "") == i18n.t("pause.rules"))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=app.canvas.to_real(rules.rect.center),
                                 rel=(0, 0), buttons=(0, 0, 0))])
    assert _lit(pause.widgets.widgets) == [i18n.t("pause.rules")]


@pytest.mark.parametrize("game_id", ["days", "cathood"])
def test_a_paused_human_is_not_said_to_be_playing(app, game_id):
    match = Match.new(game_id, 2, ["human", "human"], seed=3)
    table = _table(app, match)
    mover = table.seat_names[match.state.to_move]
    waiting = {"days": i18n.t("days.prompt.waiting", seat=mover),
               "cathood": i18n.t("cathood.prompt.wait_title", seat=mover)}[game_id]
    app.push(PauseScene(app, table))
    app.step()
    said = table.prompt() if game_id == "days" else table._prompt()[0]
    assert said != waiting


def _marks(app) -> list[str]:
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)  # drops the cached layers: all is drawn anew
    app.invalidate()
    app.step()
    marks, app.canvas.marks = app.canvas.marks, None
    return [m.text for m in marks]


def test_kotatsu_never_counts_zero_lucky_cats_waiting(app):
    match = Match.new("kotatsu", 2, ["human", "ai:normal"], seed=3)
    match.state.lucky_supply = 0  # both waiting lucky cats already went into the bag
    _table(app, match)
    said = " ".join(_marks(app))  # the countdown may wrap
    assert i18n.plural("kotatsu.lucky_supply", 0) not in said
    assert i18n.plural("kotatsu.lucky_bag", match.state.lucky_bag) in said


def test_kotatsu_says_the_winner_picks_while_a_kotatsu_is_resolved(app):
    match = Match.new("kotatsu", 2, ["human", "human"], seed=3)
    rng = random.Random(1)
    while match.state.phase != PICKING:
        match.play(rng.choice(match.state.legal_moves()))
    table = _table(app, match)
    picker = table.seat_names[match.state.to_move]
    texts = _marks(app)
    assert i18n.t("kotatsu.turn_pick", seat=picker) in texts
    assert i18n.t("game.to_move", seat=picker) not in texts


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_days_stack_popup_never_covers_the_viewers_week(catgames_home, players, scale):
    app = new_app(Settings(ai_speed="instant", ui_scale=scale), worker_factory=IdleWorker, seed=1)
    match = Match.new("days", players, ["human"] + ["ai:normal"] * (players - 1), seed=3)
    table = _table(app, match)
    look = table.look
    viewer = look.facts.viewer
    own = look.layout.rows[viewer].rect
    canvas = measure(scale)
    for seat in range(players):
        if seat == viewer:
            continue
        for day in range(7):
            panel, _ = popups.stack_layout(canvas, look.layout.board, look.layout.slot(seat, day), 3, own)
            assert not panel.colliderect(own), (seat, day)
    inspected = popups.inspect_layout(canvas, look, Inspect("day", (viewer + 1) % players, 3))[0]
    assert not inspected.colliderect(own)


def test_days_names_the_viewers_days_as_theirs_on_every_turn(app):
    match = Match.new("days", 2, ["human", "ai:normal"], seed=3)
    rng = random.Random(2)
    while match.state.to_move != 1:
        match.play(rng.choice(match.state.legal_moves()))
    table = _table(app, match)  # the computer's turn: the player at the device still owns seat 0
    names = table.seat_names
    assert table._spot_words(0, 3) == words.spot_words(spot_text(0, 3), names, 0)  # "your Thursday"
    assert table._spot_words(0, 3) != words.spot_words(spot_text(0, 3), names, None)
    assert table._spot_words(1, 3) == words.spot_words(spot_text(1, 3), names, None)


@pytest.mark.parametrize("language", ["en", "zh-TW", "fr", "ru", "uk"])
def test_no_option_choice_reads_as_its_raw_name(language):
    i18n.set_language(language)
    try:
        for game_id in available_ids():
            game = load_game(game_id)
            seats = set(game.seat_names(game.max_players))
            for option in game.options():
                for choice in option.choices:
                    if str(choice) in seats:
                        continue  # a seat is named as the seat is
                    label = option_label(game_id, option, choice)
                    assert label != str(choice), (game_id, option.key, choice)
    finally:
        i18n.set_language("en")
