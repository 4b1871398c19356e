"""Start-up survives any file it finds where the autosave or the settings should be.

Each case opens the app as ``run()`` does, lets the title look at the autosave, and checks the
window came up, the player was told in words from the strings (not a Python name or repr), and
the file is still on disk.
"""

from __future__ import annotations

import os

import pytest

from catgames.core import storage
from catgames.ui import i18n
from catgames.ui.run import open_app
from catgames.ui.scenes.title import TitleScene

BOMB = "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]\n" + "".join(
    f"{x}: &{x} [{', '.join([f'*{y}'] * 9)}]\n" for y, x in zip("abcdefgh", "bcdefghi"))
#: a save of If It Fits that is well formed but whose second move cannot be played
ILLEGAL_MOVE_SAVE = """format: catgames-save
version: 1
game: days
options: {}
seed: 3
players: 2
seats: [human, human]
moves: [draw, play wd_collie @ P1 Mon, play wd_collie @ P1 Mon]
"""


def _folder(path):
    path.mkdir()


def _bytes(data):
    return lambda path: path.write_bytes(data)


def _huge(path):
    with path.open("wb") as f:
        f.truncate(20 * 1024 * 1024)


CASES = {
    "folder for the autosave": ("autosave", _folder, "not_a_file"),
    "folder for the settings": ("settings", _folder, "not_a_file"),
    "alias bomb save": ("autosave", _bytes(BOMB.encode()), "too_complex"),
    "alias bomb settings": ("settings", _bytes(BOMB.encode()), "too_complex"),
    "deep save": ("autosave", _bytes(b"[" * 5000), "too_complex"),
    "20 MB save": ("autosave", _huge, "too_big"),
    "binary settings": ("settings", _bytes(bytes(range(256))), "not_text"),
    "foreign save": ("autosave", _bytes(b"format: other\n"), "not_a_save"),
    "save with an illegal move": ("autosave", _bytes(ILLEGAL_MOVE_SAVE.encode()), "damaged"),
}


@pytest.fixture
def started(catgames_home):
    apps = []

    def start():
        app = open_app()
        apps.append(app)
        app.run_frames(3)
        return app

    yield start
    for app in apps:
        app.close()  # as run() does: scenes, the music being composed, sound, fonts, window


def _toasts(app):
    return [t.text for t in app.toasts.items]


def _in_player_words(text):
    return not any(s in text for s in ("{", "}", "Error", "file_problem.", "_", "=", "'"))


@pytest.mark.parametrize("name", list(CASES))
def test_start_up_reports_and_keeps_the_file(started, catgames_home, name):
    which, make, code = CASES[name]
    path = storage.autosave_path() if which == "autosave" else storage.settings_path()
    make(path)
    app = started()
    assert isinstance(app.stack.top, TitleScene) and app.running
    texts = _toasts(app)
    assert len(texts) == 1, texts
    assert i18n.t(f"file_problem.{code}").split("{")[0] in texts[0]
    assert str(path) + ".bad" in texts[0] and path.with_name(path.name + ".bad").exists()
    assert _in_player_words(texts[0].replace(str(catgames_home), "HOME")), texts[0]


def test_a_bad_save_in_a_read_only_folder_stays_and_is_told_once(started, catgames_home,
                                                                 monkeypatch):
    path = storage.autosave_path()
    path.write_text("format: other\n")

    def read_only(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", read_only)
    app = started()
    assert isinstance(app.stack.top, TitleScene) and path.read_text() == "format: other\n"
    assert _toasts(app) == [i18n.t("save.kept", reason=i18n.t("file_problem.not_a_save"),
                                   path=path)]
    app.stack.top.check_saves()          # the title comes back: no second toast
    assert len(_toasts(app)) == 1


def test_many_bad_settings_give_few_toasts(started, catgames_home):
    lines = [f"unknown_{i}: {i}" for i in range(5000)] + ["palette: rainbow", "ui_scale: 99"]
    storage.settings_path().write_text("\n".join(lines) + "\n")
    app = started()
    assert _toasts(app) == [
        i18n.t("settings.values_ignored", names=f"{i18n.t('settings.palette')}, "
                                                f"{i18n.t('settings.ui_scale')}"),
        i18n.plural("settings.unknown_ignored", 5000)]
    assert storage.settings_path().exists()


def test_every_problem_code_has_a_sentence():
    from catgames.core import safe_yaml
    codes = set(safe_yaml.CODES) | {"not_a_save", "newer", "unknown_game", "damaged",
                                    "not_settings"}
    assert all(i18n.has(f"file_problem.{code}") for code in codes)
