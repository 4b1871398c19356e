"""Choosing a language in Settings: the list in each language's own name, the switch redoing
every scene on the stack at once (title, settings, a table's log, the rules), and it is saved."""

from __future__ import annotations

import pytest

from catgames.core import storage
from catgames.ui import i18n
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.scenes.rules import RulesScene
from catgames.ui.scenes.settings import SettingsScene
from catgames.ui.scenes.title import TitleScene
from catgames.ui.widgets import Choice
from tests.ui.helpers import click
from tests.ui.toygame import Mark, ToyScene, vs_ai

FRENCH = {
    "title": {"settings": "Réglages", "quit": "Quitter"},
    "settings": {"title": "Réglages", "language": "Langue"},
    "common": {"done": "Terminé"},
    "event": {"toy": {"placed": "{seat} joue la case {cell}"}},
    "rules": {"none": "Ce jeu n'a pas encore de résumé."},
}


@pytest.fixture
def french(monkeypatch):
    """A French table (the real one once it lands, these few strings over it) and a language
    list of English and French; English again after the test."""
    monkeypatch.setattr(i18n, "_tables", {})
    monkeypatch.setattr(i18n, "available_languages", lambda: ["en", "fr"])
    i18n.add_strings("fr", FRENCH)
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def open_table(app) -> ToyScene:
    return app.push(ToyScene(app, vs_ai()))


def texts(scene) -> list[str]:
    return [getattr(w, "text", "") for w in scene.widgets.widgets]


def language_row(settings: SettingsScene) -> Choice:
    return next(w for w in settings.widgets.widgets
                if isinstance(w, Choice) and [v for v, _ in w.options][:1] == ["en"])


def test_the_language_list_shows_each_language_in_its_own_name(app, monkeypatch):
    monkeypatch.setattr(i18n, "available_languages", lambda: list(storage.LANGUAGES))
    settings = app.push(SettingsScene(app))
    app.step()
    assert [label for _, label in language_row(settings).options] == [
        "English", "繁體中文", "Français", "Русский", "Українська"]


def test_switching_redoes_the_title_and_settings_at_once_and_is_saved(app, french):
    title = app.push(TitleScene(app))
    settings = app.push(SettingsScene(app))
    app.step()
    assert "Settings" in texts(title) and "Done" in texts(settings)
    row = language_row(settings)
    click(app, app.canvas.to_real(row.segments()[1].center))
    assert app.settings.language == "fr" and i18n.current_language() == "fr"
    assert app.stack.top is settings
    assert "Réglages" in texts(title) and "Settings" not in texts(title)  # below, not resumed
    assert "Terminé" in texts(settings) and language_row(settings).text == "Langue"
    assert language_row(settings).options == [("en", "English"), ("fr", "Français")]
    settings.back()
    assert storage.load_settings()[0].language == "fr"


def test_switching_redoes_a_tables_log_and_the_rules_on_the_stack(app, french):
    table = open_table(app)
    table.play_human(Mark(4))
    rules = app.push(RulesScene(app, "toy"))
    app.step()
    before = list(table.log)
    assert rules.error == "There is no rules summary for this game yet."
    app.settings.language = "fr"
    app.apply_settings()
    assert table.log != before and any("joue la case 4" in line for line in table.log)
    assert rules.error == "Ce jeu n'a pas encore de résumé."


def test_switching_from_the_pause_menu_keeps_the_game(app, french):
    table = open_table(app)
    table.play_human(Mark(0))
    app.push(PauseScene(app, table))
    settings = app.push(SettingsScene(app))
    app.step()
    click(app, app.canvas.to_real(language_row(settings).segments()[1].center))
    app.step()
    assert table.local.match.moves[:1] == ["c0"] and app.stack.top is settings


def test_a_saved_language_we_do_not_ship_is_told_and_english_used(catgames_home):
    from catgames.ui.file_notices import settings_notices
    storage.settings_path().write_text("language: tlh\n")
    settings, problems = storage.load_settings()
    assert settings.language == "en"
    assert settings_notices(problems) == [
        "Some saved settings could not be used and are back to their usual values: Language."]
