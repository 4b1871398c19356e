"""``catgames --selftest``: every check passes on this tree, a broken data file fails it, and it
leaves no process, window or home setting behind."""

from __future__ import annotations

import multiprocessing
import os

import pytest
from websockets.exceptions import ConnectionClosed

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
    assert {"files", "data", "window", "fonts", "save", "server"} <= names
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


def test_a_server_that_cannot_answer_fails_its_check(catgames_home, monkeypatch):
    """The server check fails when the server cannot say its welcome (its frame encoder gone,
    as a build that left orjson out would be)."""
    import catgames.net.server

    def broken(message):
        raise ImportError("No module named 'orjson'")

    monkeypatch.setattr(catgames.net.server, "encode", broken)
    with selftest.temporary_home(), pytest.raises(ConnectionClosed):
        selftest.check_server()


def test_the_command_line_flag_runs_the_selftest(monkeypatch):
    monkeypatch.setattr(selftest, "run_selftest", lambda: 7)
    assert main(["--selftest"]) == 7


def _stand_in_selftest(report) -> int:
    report("ok    files: here")
    report("FAIL  save: no room")
    return 1


def test_a_windowed_build_shows_its_lines_in_the_console_it_was_started_from_and_a_file(monkeypatch, tmp_path):
    """``catgames.exe --selftest`` has no stdout: the lines go to the parent's console and to a
    file in the temporary folder; the exit code is the self-test's."""
    console = tmp_path / "console.txt"
    opened: list[object] = []
    monkeypatch.setattr(selftest.sys, "stdout", None)
    monkeypatch.setattr(selftest.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(selftest, "run_selftest", _stand_in_selftest)
    monkeypatch.setattr(selftest, "attach_console", lambda: open(console, "w", encoding="utf-8"))
    monkeypatch.setattr(selftest, "open_for_reading", opened.append)
    assert selftest.run_from_command_line() == 1
    report = (tmp_path / selftest.REPORT_FILE).read_text(encoding="utf-8")
    assert report.splitlines()[:2] == ["ok    files: here", "FAIL  save: no room"]
    assert console.read_text(encoding="utf-8") == report
    assert opened == []  # the console showed them


def test_a_windowed_build_started_without_a_console_opens_its_report(monkeypatch, tmp_path):
    opened: list[object] = []
    monkeypatch.setattr(selftest.sys, "stdout", None)
    monkeypatch.setattr(selftest.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setattr(selftest, "run_selftest", _stand_in_selftest)
    monkeypatch.setattr(selftest, "attach_console", lambda: None)  # a double-click: no console
    monkeypatch.setattr(selftest, "open_for_reading", opened.append)
    assert selftest.run_from_command_line() == 1
    assert opened == [tmp_path / selftest.REPORT_FILE]
    assert "FAIL  save: no room" in opened[0].read_text(encoding="utf-8")
