"""``catgames --selftest``: every check passes on this tree, a broken data file fails it, and it
leaves no process, window or home setting behind."""

from __future__ import annotations

import multiprocessing
import os

import catgames.core.data  # noqa: F401  (bound to the real data/ before a test swaps paths.DATA_DIR)
from catgames import games, paths, selftest
from catgames.__main__ import main


def test_selftest_passes_here_and_leaves_nothing_behind(catgames_home):
    lines: list[str] = []
    assert selftest.run_selftest(lines.append) == 0
    assert lines[-1].endswith("all passed")
    checks = lines[:-1]
    assert all(line.startswith("ok    ") for line in checks), lines
    names = {line[6:].split(":")[0] for line in checks}
    for game_id in games.available_ids():
        assert {f"ai {game_id}", f"table {game_id}"} <= names
    assert {"files", "data", "window", "fonts", "save"} <= names
    assert all("from process" in line for line in checks if line.startswith("ok    ai "))
    assert os.environ["CATGAMES_HOME"] == str(catgames_home)  # the temporary home is undone
    assert not list(catgames_home.iterdir())                  # and the player's was not touched
    assert not [p for p in multiprocessing.active_children() if p.name == "catgames-ai"]


def test_a_broken_data_file_fails_the_selftest(catgames_home, monkeypatch, tmp_path):
    """Only the selftest's own look at ``data/`` is sent to a broken copy: the games still load."""
    broken = tmp_path / "data"
    broken.mkdir()
    (broken / "bed.yaml").write_text("tiles: [unclosed\n", encoding="utf-8")
    monkeypatch.setattr(paths, "DATA_DIR", broken)
    monkeypatch.setattr(games, "available_ids", lambda: ["bed"])
    lines: list[str] = []
    assert selftest.run_selftest(lines.append) == 1
    failed = [line for line in lines if line.startswith("FAIL")]
    assert len(failed) == 1 and failed[0].startswith("FAIL  data: DataError:") and "bed.yaml" in failed[0]
    assert lines[-1] == f"selftest: {len(lines) - 1} checks, 1 failed"


def test_the_command_line_flag_runs_the_selftest(monkeypatch):
    monkeypatch.setattr(selftest, "run_selftest", lambda: 7)
    assert main(["--selftest"]) == 7
