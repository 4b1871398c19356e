"""The language setting: only the codes we ship are kept (a clear message otherwise), and a first
start speaks the system's language when we ship it."""

from __future__ import annotations

import pytest

from catgames.core import storage
from catgames.core.storage import LANGUAGES, Settings, language_of_locale, system_language


def no_locale() -> tuple[None, None]:
    return None, None


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_shipped_language_round_trips(catgames_home, code):
    storage.save_settings(Settings(language=code))
    assert storage.load_settings() == (Settings(language=code), [])


@pytest.mark.parametrize("value", ["de", "zh_TW", "zh-tw", "zh-CN", "a" * 300, 5, None])
def test_a_language_we_do_not_ship_is_refused_with_a_clear_message(catgames_home, value):
    storage.save_settings(Settings())
    storage.settings_path().write_text(f"language: {value!r}\n" if value else "language:\n")
    settings, problems = storage.load_settings()
    assert settings.language == "en" and [p.key for p in problems] == ["language"]
    assert "is not one of the languages we ship (en, zh-TW, fr, ru, uk); using 'en'" in \
        problems[0].detail


@pytest.mark.parametrize("name, code", [
    ("zh_TW.UTF-8", "zh-TW"), ("zh_HK", "zh-TW"), ("zh_MO.utf8", "zh-TW"), ("zh-Hant-CN", "zh-TW"),
    ("zh_Hant", "zh-TW"), ("Chinese (Traditional)_Taiwan", "zh-TW"),
    ("Chinese (Traditional)_Hong Kong SAR", "zh-TW"),
    ("zh_CN.UTF-8", None), ("zh", None), ("Chinese (Simplified)_China", None),
    ("fr_FR.UTF-8", "fr"), ("fr_CA", "fr"), ("French_France", "fr"), ("ru_RU.KOI8-R", "ru"),
    ("ru_UA", "ru"), ("uk_UA.UTF-8", "uk"), ("Ukrainian_Ukraine", "uk"), ("en_GB", "en"),
    ("de_DE", None), ("sr_RS@latin", None), ("C", None), ("", None),
])
def test_locale_names_map_to_the_languages_we_ship(name, code):
    assert language_of_locale(name) == code


@pytest.mark.parametrize("env, code", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LC_ALL": "ru_RU.UTF-8", "LANG": "fr_FR.UTF-8"}, "ru"),        # LC_ALL decides
    ({"LC_MESSAGES": "uk_UA.UTF-8", "LANG": "en_US.UTF-8"}, "uk"),
    ({"LANGUAGE": "de:zh_TW:fr", "LANG": "en_US.UTF-8"}, "zh-TW"),  # first one we ship
    ({"LANGUAGE": "fr", "LC_ALL": "C.UTF-8"}, "en"),                # C: no language at all
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "zh_CN.UTF-8"}, "en"),
])
def test_the_system_language_comes_from_the_environment(env, code):
    assert system_language(env, no_locale) == code


def test_without_variables_the_process_locale_decides():
    assert system_language({}, lambda: ("Chinese (Traditional)_Taiwan", "950")) == "zh-TW"
    assert system_language({}, lambda: ("uk_UA", "UTF-8")) == "uk"
    assert system_language({}, no_locale) == "en"


def test_a_first_start_speaks_the_system_language(catgames_home, monkeypatch):
    monkeypatch.delenv("LC_ALL")
    monkeypatch.setenv("LANG", "zh_TW.UTF-8")
    assert storage.load_settings() == (Settings(language="zh-TW"), [])
    storage.save_settings(Settings(language="fr"))
    assert storage.load_settings()[0].language == "fr"  # a saved choice wins


def test_a_damaged_settings_file_falls_back_to_english_not_the_system(catgames_home, monkeypatch):
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    storage.settings_path().write_text("{{{ not yaml")
    settings, problems = storage.load_settings()
    assert settings.language == "en" and [p.code for p in problems] == ["not_yaml"]
