"""A player's path: title -> new game -> table -> pause -> title -> Continue, plus the side screens."""

from __future__ import annotations

import shutil

import pygame

from catgames.core import storage
from catgames.ui import rules_summary
from catgames.ui.scenes.confirm import ConfirmScene
from catgames.ui.scenes.continue_list import ContinueScene
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.scenes.rules import RulesScene
from catgames.ui.scenes.settings import SettingsScene
from catgames.ui.scenes.title import GameCard, TitleScene
from tests.ui.helpers import EXAMPLE_RULES, click, key
from tests.ui.toygame import Mark, ToyScene


def widget(scene, text):
    return next(w for w in scene.widgets.widgets if getattr(w, "text", None) == text)


def open_title(app) -> TitleScene:
    title = app.push(TitleScene(app))
    app.run_frames(3)
    return title


def test_title_lists_every_game_of_the_catalogue_by_its_translated_title(app):
    title = open_title(app)
    cards = {w.game.id: w for w in title.widgets.widgets if isinstance(w, GameCard)}
    assert list(cards) == ["bed", "kotatsu", "days", "boxes", "cathood", "toy", "hiddentoy"]
    assert cards["kotatsu"].text == "Kotatsu Cats" and cards["toy"].text == "Toy Tic-Tac-Toe"
    assert "Continue" not in [getattr(w, "text", "") for w in title.widgets.widgets]


def test_title_to_game_to_pause_to_title_and_continue(app, worker):
    title = open_title(app)
    card = next(w for w in title.widgets.widgets if isinstance(w, GameCard) and w.game.id == "toy")
    click(app, card.rect.center)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    click(app, setup.seat_rows[1].segments()[0].center)  # Nought: Human
    click(app, widget(setup, "Start game ▶").rect.center)
    table = app.stack.top
    assert isinstance(table, ToyScene) and table.local.match.seats == ["human", "human"]
    table.play_human(Mark(4))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    click(app, widget(app.stack.top, "Quit to title").rect.center)
    assert app.stack.top is title
    app.run_frames(2)
    click(app, widget(title, "Continue").rect.center)
    listed = app.stack.top
    assert isinstance(listed, ContinueScene) and len(listed.entries) == 1
    click(app, listed.rows.rows[0].rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, ToyScene) and resumed.local.match.moves == ["c4"]
    assert resumed.local.match.seed == table.local.match.seed


def test_broken_autosave_is_reported_and_moved_aside(app, catgames_home):
    storage.autosave_path().write_text("format: catgames-save\nversion: 2\n")
    title = open_title(app)
    assert title.saved == []
    assert any("moved aside" in t.text and ".bad" in t.text for t in app.toasts.items)
    assert (catgames_home / "autosave.yaml.bad").exists()
    toast = app.toasts.items[0]
    click(app, toast.rect.center)
    assert app.toasts.items == []


def test_new_game_options_and_back(app):
    open_title(app)
    setup = app.push(NewGameScene(app, "toy"))
    app.step()
    option = next(w for w in setup.widgets.widgets if getattr(w, "text", "") == "Who starts")
    click(app, option.segments()[1].center)
    assert setup.options == {"move_order": "o"}
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_settings_change_apply_and_persist(app):
    title = open_title(app)
    click(app, widget(title, "Settings").rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    palette_row = widget(settings, "Colours")
    click(app, palette_row.segments()[1].center)
    assert app.settings.palette == "high-contrast"
    from catgames.ui.theme import palette
    assert palette().name == "high-contrast"
    click(app, widget(settings, "Done").rect.center)
    assert app.stack.top is title
    saved, warnings = storage.load_settings()
    assert saved.palette == "high-contrast" and warnings == []
    app.settings.palette = "okabe-ito"
    app.apply_settings()


def test_rules_scene_renders_and_scrolls(app, monkeypatch, tmp_path):
    target = tmp_path / "toy.yaml"
    shutil.copy(EXAMPLE_RULES, target)
    monkeypatch.setattr(rules_summary, "rules_path", lambda game_id: target)
    rules = app.push(RulesScene(app, "toy"))
    app.run_frames(2)
    assert rules.error is None and rules.summary.sections[1].bullets[0] == "Cross starts."
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)])
    assert rules.scroll == 0 or rules.scroll == rules.max_scroll  # clamped either way
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not rules


def test_rules_scene_without_a_summary_says_so(app):
    rules = app.push(RulesScene(app, "toy"))
    app.step()
    assert rules.error == "There is no rules summary for this game yet."


def test_quit_from_title(app):
    title = open_title(app)
    click(app, widget(title, "Quit").rect.center)
    assert not app.running


def test_escape_on_the_title_asks_before_quitting(app):
    title = open_title(app)
    key(app, pygame.K_ESCAPE)
    asked = app.stack.top
    assert isinstance(asked, ConfirmScene) and asked.title == "Leave catgames?" and app.running
    key(app, pygame.K_ESCAPE)  # Esc again is the last answer: stay
    assert app.stack.top is title and app.running
    key(app, pygame.K_ESCAPE)
    app.run_frames(1)
    click(app, widget(app.stack.top, "Quit").rect.center)
    assert not app.running


def test_first_frame_draws_title_quickly_without_touching_audio(app):
    app.push(TitleScene(app))
    app.step()
    assert app.frames == 1 and app.sound._ready is None  # mixer starts after the first frame
    app.step()
    assert app.sound._ready is not None


def test_rules_scene_with_a_broken_summary_names_the_problem(app, monkeypatch, tmp_path):
    target = tmp_path / "toy.yaml"
    target.write_text("title: X\n")
    monkeypatch.setattr(rules_summary, "rules_path", lambda game_id: target)
    rules = app.push(RulesScene(app, "toy"))
    app.step()
    assert "could not be read" in rules.error and "missing key 'sections'" in rules.error


def test_a_new_game_and_a_restart_draw_the_ai_seed_apart_from_the_deal(app):
    from catgames.ui.game_scene import BaseGameScene
    open_title(app)
    app.push(NewGameScene(app, "toy")).start()
    table = app.stack.find(BaseGameScene)
    first = table.local.match
    table.restart()
    second = table.local.match
    seeds = {first.seed, first.ai_seed, second.seed, second.ai_seed}
    assert len(seeds) == 4  # four independent draws, none derived from another
