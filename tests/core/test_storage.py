"""Atomic writes, reading a file (bad files set aside, never lost), save slots, set-ups, settings."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from catgames.core import safe_yaml, storage
from catgames.core.session import Match
from catgames.core.storage import Settings
from tests.ui.toygame import Mark, load, vs_ai

ROOT = Path(__file__).resolve().parents[2]


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


def test_the_file_is_synced_before_the_rename_and_the_folder_after(catgames_home, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        calls.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(src, dst):
        calls.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    storage.atomic_write_text(catgames_home / "f.yaml", "new")
    assert calls == ["file", "rename", "folder"]


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


def test_a_save_slot_round_trip_and_delete(catgames_home):
    m = vs_ai()
    m.play(Mark(4))
    path = storage.write_save("toy", m.to_dict())
    assert path == catgames_home / "saves" / "toy.yaml" and storage.save_exists("toy")
    assert storage.save_paths() == [path]
    loaded = storage.load_checked(path, build)
    assert loaded.problem is None and loaded.value.moves == ["c4"]
    storage.delete_save("toy")
    assert not storage.save_exists("toy") and storage.load_checked(path, build).value is None


def test_a_slot_name_must_be_a_game_id(catgames_home):
    with pytest.raises(ValueError):
        storage.save_path("../settings")


def test_set_ups_round_trip_per_game_and_a_bad_file_is_set_aside(catgames_home):
    storage.save_setup("bed", {"players": 2, "names": ["Ана", "小花"]})
    storage.save_setup("days", {"players": 3})
    assert storage.load_setups().value == {"bed": {"players": 2, "names": ["Ана", "小花"]},
                                           "days": {"players": 3}}
    storage.setups_path().write_text("- a list, not set-ups\n")
    loaded = storage.load_setups()
    assert loaded.value is None and loaded.problem.code == "damaged" and loaded.problem.moved
    assert (catgames_home / "setups.yaml.bad").read_text() == "- a list, not set-ups\n"
    storage.save_setup("bed", {"players": 2})  # a fresh file once the bad one is aside
    assert storage.load_setups().value == {"bed": {"players": 2}}


@pytest.mark.parametrize("content, code, words", [
    ("moves: [unclosed", "not_yaml", "not valid YAML"),
    ("format: other\n", "not_a_save", "not a catgames save"),
    ("format: catgames-save\nversion: 7\n", "newer", "newer"),
    (b"\xff\xfe\x00bin", "not_text", "not UTF-8 text"),
    ("[" * 1000 + "]" * 1000, "too_complex", "nested more than"),
    ("a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]\n" + "".join(
        f"{x}: &{x} [{', '.join([f'*{y}'] * 9)}]\n" for y, x in zip("abcdefgh", "bcdefghi")),
     "too_complex", "values once its aliases are expanded"),
    ("&loop [*loop]", "too_complex", "refers to itself"),
])
def test_unusable_autosave_is_moved_aside_and_reported(catgames_home, content, code, words):
    path = storage.autosave_path()
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    loaded = storage.load_checked(storage.autosave_path(), build)
    assert loaded.value is None
    assert loaded.problem.code == code and words in loaded.problem.detail
    bad = catgames_home / "autosave.yaml.bad"
    assert loaded.problem.path == bad and loaded.problem.moved and not path.exists()
    assert bad.read_bytes() == (content if isinstance(content, bytes) else content.encode())
    assert str(bad) in str(loaded.problem)


def test_a_folder_where_the_autosave_should_be_is_moved_aside(catgames_home):
    storage.autosave_path().mkdir()
    (storage.autosave_path() / "inside.txt").write_text("kept")
    assert not storage.autosave_path().is_file()
    loaded = storage.load_checked(storage.autosave_path(), build)
    assert loaded.problem.code == "not_a_file" and loaded.problem.moved
    assert (catgames_home / "autosave.yaml.bad" / "inside.txt").read_text() == "kept"


def test_a_huge_file_is_refused_before_it_is_read(catgames_home, monkeypatch):
    with storage.autosave_path().open("wb") as f:
        f.truncate(20 * 1024 * 1024)   # 20 MB, sparse: nothing for the loader to chew on
    monkeypatch.setattr(safe_yaml, "loads", lambda text: pytest.fail("a huge file was parsed"))
    loaded = storage.load_checked(storage.autosave_path(), build)
    assert loaded.problem.code == "too_big" and loaded.problem.moved


def test_a_bad_file_that_cannot_be_moved_stays_in_place(catgames_home, monkeypatch):
    """A read-only save folder: the rename fails, the file stays, the load still answers."""
    path = storage.autosave_path()
    path.write_text("format: other\n")

    def read_only(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", read_only)
    loaded = storage.load_checked(storage.autosave_path(), build)
    assert loaded.value is None and loaded.problem.code == "not_a_save"
    assert not loaded.problem.moved and loaded.problem.path == path
    assert path.read_text() == "format: other\n" and "left in place" in str(loaded.problem)


def test_set_aside_names_are_bounded(catgames_home):
    path = storage.autosave_path()
    for name in ["autosave.yaml.bad"] + [f"autosave.yaml.bad.{n}" for n in range(1, 100)]:
        (catgames_home / name).write_text("old")
    path.write_text("junk: [")
    loaded = storage.load_checked(storage.autosave_path(), build)
    assert not loaded.problem.moved and path.read_text() == "junk: ["
    assert len(list(catgames_home.iterdir())) == 101


def test_a_bug_tripped_by_a_save_is_reported_not_raised(catgames_home):
    storage.autosave_path().write_text("format: catgames-save\n")

    def buggy(data):
        raise AttributeError("'NoneType' object has no attribute 'x'")

    loaded = storage.load_checked(storage.autosave_path(), buggy)
    assert loaded.problem.code == "damaged" and loaded.problem.moved


def test_second_bad_file_gets_a_counter(catgames_home):
    for n in range(3):
        storage.autosave_path().write_text(f"junk {n}: [")
        storage.load_checked(storage.autosave_path(), build)
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


def test_bad_setting_values_fall_back_with_problems(catgames_home):
    storage.settings_path().write_text(yaml.safe_dump({
        "effects_volume": 3, "music_volume": "loud", "fullscreen": "yes", "ui_scale": 0.2,
        "palette": "rainbow", "ai_speed": "ludicrous", "language": 5, "colour": "red"}))
    settings, problems = storage.load_settings()
    assert settings == Settings()
    assert sorted(p.key for p in problems if p.known) == [
        "ai_speed", "effects_volume", "fullscreen", "language", "music_volume", "palette",
        "ui_scale"]
    assert [p.key for p in problems if not p.known] == ["'colour'"]
    assert any("rainbow" in p.detail for p in problems)
    assert storage.settings_path().exists()  # a readable file is kept as it is


def test_a_long_language_code_is_refused(catgames_home):
    storage.settings_path().write_text("language: " + "a" * 300 + "\n")
    settings, problems = storage.load_settings()
    assert settings.language == "en" and [p.key for p in problems] == ["language"]


def test_partly_bad_settings_keep_the_good_values(catgames_home):
    storage.settings_path().write_text("palette: high-contrast\nui_scale: 9\n")
    settings, problems = storage.load_settings()
    assert settings.palette == "high-contrast" and settings.ui_scale == 1.0
    assert len(problems) == 1


@pytest.mark.parametrize("content, code", [
    ("{{{ not yaml", "not_yaml"), ("- a list\n- of things\n", "not_settings")])
def test_unreadable_settings_file_is_set_aside(catgames_home, content, code):
    storage.settings_path().write_text(content)
    settings, problems = storage.load_settings()
    assert settings == Settings() and [p.code for p in problems] == [code]
    assert (catgames_home / "settings.yaml.bad").read_text() == content


def test_a_folder_where_the_settings_should_be_gives_defaults(catgames_home):
    storage.settings_path().mkdir()
    settings, problems = storage.load_settings()
    assert settings == Settings() and [p.code for p in problems] == ["not_a_file"]
    assert (catgames_home / "settings.yaml.bad").is_dir()


# -- temp files of killed writes ------------------------------------------------------------------
def _temp(folder, name, age):
    tmp = folder / name
    tmp.write_text("half a save")
    then = time.time() - age
    os.utime(tmp, (then, then))
    return tmp


def test_start_up_removes_stale_temp_files_only(catgames_home):
    stale = _temp(catgames_home, ".autosave.yaml.k3j_x.tmp", 3600)
    stale_settings = _temp(catgames_home, ".settings.yaml.q0.tmp", 3600)
    fresh = _temp(catgames_home, ".autosave.yaml.new1.tmp", 0)   # a write in another window
    other = _temp(catgames_home, ".notes.txt.tmp", 3600)
    storage.tidy_at_start()
    assert not stale.exists() and not stale_settings.exists()
    assert fresh.exists() and other.exists()


def test_a_killed_first_save_of_a_game_leaves_no_temp_file_behind(catgames_home):
    storage.saves_dir().mkdir()
    first = _temp(storage.saves_dir(), ".days.yaml.k3j_x.tmp", 3600)  # no days.yaml yet
    storage.write_save("bed", {"format": "catgames-save"})
    beside = _temp(storage.saves_dir(), ".bed.yaml.a1.tmp", 3600)
    storage.tidy_at_start()
    assert not first.exists() and not beside.exists()
    assert [p.name for p in storage.saves_dir().iterdir()] == ["bed.yaml"]


KILLED_WRITE = """
import os, signal, sys
from pathlib import Path
from catgames.core import storage
path = Path(sys.argv[1])
os.replace = lambda src, dst: os.kill(os.getpid(), signal.SIGKILL)   # killed just before the rename
storage.atomic_write_text(path, "new")
"""


def test_a_write_killed_before_the_rename_keeps_the_old_file(catgames_home):
    path = storage.autosave_path()
    storage.atomic_write_text(path, "old")
    done = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(path)], cwd=ROOT, timeout=60)
    assert done.returncode == -signal.SIGKILL
    left = [p for p in catgames_home.iterdir() if p.name.endswith(".tmp")]
    assert path.read_text() == "old" and len(left) == 1 and left[0].read_text() == "new"
    assert storage.remove_stale_temp_files(path, now=time.time() + 3600) == left
    assert sorted(p.name for p in catgames_home.iterdir()) == ["autosave.yaml"]
