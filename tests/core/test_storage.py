"""Atomic writes, the autosave slot (bad files set aside, never lost) and settings."""

from __future__ import annotations

import os

import pytest
import yaml

from catgames.core import storage
from catgames.core.session import Match
from catgames.core.storage import Settings
from tests.ui.toygame import Mark, load, vs_ai


def build(data):
    return Match.from_dict(data, load)


def test_paths_follow_catgames_home(catgames_home):
    assert storage.autosave_path() == catgames_home / "autosave.yaml"
    assert storage.settings_path() == catgames_home / "settings.yaml"


def test_atomic_write_replaces_and_leaves_no_temp_files(catgames_home):
    path = catgames_home / "sub" / "f.yaml"
    storage.atomic_write_text(path, "one")
    storage.atomic_write_text(path, "two")
    assert path.read_text() == "two"
    assert sorted(p.name for p in path.parent.iterdir()) == ["f.yaml"]


def test_failed_write_keeps_the_old_file(catgames_home, monkeypatch):
    path = catgames_home / "f.yaml"
    storage.atomic_write_text(path, "old")

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        storage.atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in catgames_home.iterdir()] == ["f.yaml"]


def test_autosave_round_trip_and_delete(catgames_home):
    m = vs_ai()
    m.play(Mark(4))
    storage.save_autosave(m.to_dict())
    assert storage.autosave_exists()
    loaded = storage.load_autosave(build)
    assert loaded.problem is None and loaded.value.moves == ["c4"]
    storage.delete_autosave()
    assert storage.load_autosave(build).value is None


@pytest.mark.parametrize("content, words", [
    ("moves: [unclosed", "not valid YAML"),
    ("format: other\n", "not a catgames save"),
    ("format: catgames-save\nversion: 7\n", "newer"),
    (b"\xff\xfe\x00bin", "not text"),
])
def test_unusable_autosave_is_moved_aside_and_reported(catgames_home, content, words):
    path = storage.autosave_path()
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    loaded = storage.load_autosave(build)
    assert loaded.value is None and words in loaded.problem.reason
    bad = catgames_home / "autosave.yaml.bad"
    assert loaded.problem.moved_to == bad and not path.exists()
    assert bad.read_bytes() == (content if isinstance(content, bytes) else content.encode())
    assert str(bad) in str(loaded.problem)


def test_second_bad_file_gets_a_counter(catgames_home):
    for n in range(3):
        storage.autosave_path().write_text(f"junk {n}: [")
        storage.load_autosave(build)
    names = sorted(p.name for p in catgames_home.iterdir())
    assert names == ["autosave.yaml.bad", "autosave.yaml.bad.1", "autosave.yaml.bad.2"]
    assert (catgames_home / "autosave.yaml.bad").read_text() == "junk 0: ["


def test_settings_round_trip(catgames_home):
    s = Settings(effects_volume=0.25, music_volume=0.0, fullscreen=True, ui_scale=1.25,
                 palette="high-contrast", ai_speed="slow")
    storage.save_settings(s)
    back, warnings = storage.load_settings()
    assert back == s and warnings == []


def test_missing_settings_are_defaults(catgames_home):
    assert storage.load_settings() == (Settings(), [])


def test_bad_setting_values_fall_back_with_warnings(catgames_home):
    storage.settings_path().write_text(yaml.safe_dump({
        "effects_volume": 3, "music_volume": "loud", "fullscreen": "yes", "ui_scale": 0.2,
        "palette": "rainbow", "ai_speed": "ludicrous", "language": 5, "colour": "red"}))
    settings, warnings = storage.load_settings()
    assert settings == Settings()
    assert len(warnings) == 8
    assert any("rainbow" in w for w in warnings) and any("colour" in w for w in warnings)
    assert storage.settings_path().exists()  # a readable file is kept as it is


def test_partly_bad_settings_keep_the_good_values(catgames_home):
    storage.settings_path().write_text("palette: high-contrast\nui_scale: 9\n")
    settings, warnings = storage.load_settings()
    assert settings.palette == "high-contrast" and settings.ui_scale == 1.0
    assert len(warnings) == 1


@pytest.mark.parametrize("content", ["{{{ not yaml", "- a list\n- of things\n"])
def test_unreadable_settings_file_is_set_aside(catgames_home, content):
    storage.settings_path().write_text(content)
    settings, warnings = storage.load_settings()
    assert settings == Settings() and len(warnings) == 1 and ".bad" in warnings[0]
    assert (catgames_home / "settings.yaml.bad").read_text() == content
