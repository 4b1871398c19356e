"""The command line: analyse JSON, and one clear line with exit code 2 for every mistake."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from catgames.__main__ import main

D3 = """game: bed
side: A
to_move: dog
placements:
  - {owner: cat, digit: 1, rot: 0, row: 0, col: 3}
  - {owner: dog, digit: 7, rot: 0, row: 5, col: 0}
  - {owner: cat, digit: 8, rot: 1, row: 5, col: 3}
"""


def test_analyse_prints_the_design_json(tmp_path, capsys):
    path = tmp_path / "d3.yaml"
    path.write_text(D3, encoding="utf-8")
    assert main(["analyse", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"game", "to_move", "over", "legal_moves", "legal_moves_by", "scores",
                        "winner", "detail"}
    assert out["game"] == "bed" and out["to_move"] == "dog" and out["over"] is False
    assert out["scores"] == {"cat": 179, "dog": 15}
    assert out["legal_moves"] == sum(out["legal_moves_by"].values())
    assert out["legal_moves_by"]["7"] == 0          # the dog's 7 is already on the bed
    assert out["winner"] is None


@pytest.mark.parametrize("argv, content, message", [
    (["analyse", "{tmp}/missing.yaml"], None, "cannot read"),
    (["analyse", "{tmp}/p.yaml"], "game: [unclosed", "not valid YAML"),
    (["analyse", "{tmp}/p.yaml"], "just text", "not a position file"),
    (["analyse", "{tmp}/p.yaml"], "game: chess", "unknown game 'chess'"),
    (["analyse", "{tmp}/p.yaml"],
     "game: bed\nto_move: cat\nplacements:\n  - {owner: cat, digit: 8, rot: 0, row: 15, col: 0}\n",
     "does not lie completely on the bed"),
    (["analyse", "{tmp}/p.yaml"],
     "game: bed\nto_move: cow\nplacements: []\n", "to_move: unknown seat 'cow'; expected one of cat, dog"),
    (["frobnicate"], None, "invalid choice"),
    (["arena", "bed", "ai:easy"], None, "required"),
    (["arena", "bed", "ai:easy", "ai:genius"], None, "unknown seat 'ai:genius'"),
    (["arena", "bed", "random", "random", "-n", "zero"], None, "expected a whole number"),
    (["selfplay", "chess", "--seats", "random,random"], None, "unknown game"),
    (["selfplay", "bed", "--seats", "random"], None, "takes 2-2 seats"),
    (["arena", "boxes", "random", "random", "--players", "6"], None, "takes 2-5 players, not 6"),
    (["bench", "days", "--players", "5"], None, "takes 2-4 players, not 5"),
])
def test_mistakes_give_one_line_and_exit_2(tmp_path, capsys, argv, content, message):
    if content is not None:
        (tmp_path / "p.yaml").write_text(content, encoding="utf-8")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err
    assert len(err.splitlines()) == 1


def test_json_output_of_a_fresh_process_is_nothing_but_json():
    """pygame's import greeting must not reach stdout, also from ``bench --ui``'s own process."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    done = subprocess.run([sys.executable, "-m", "catgames", "bench", "bed", "--positions", "1",
                           "--ui", "1", "--json"], capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    out = json.loads(done.stdout)
    assert out["game"] == "bed" and out["ui"]["fps_median"] > 0


def _without(*names: str) -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in names}


@pytest.mark.parametrize("argv", [["--help"], ["analyse", "--help"], ["analyse", "{file}"]])
def test_a_reader_that_leaves_early_ends_the_command_quietly(tmp_path, argv):
    """``catgames --help | head -c1``: the pipe closed before the output was written, buffered
    as it is without ``PYTHONUNBUFFERED``; no traceback, no "Exception ignored", exit 0."""
    (tmp_path / "d3.yaml").write_text(D3, encoding="utf-8")
    argv = [a.replace("{file}", str(tmp_path / "d3.yaml")) for a in argv]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "catgames", *argv], stdout=write_end, stderr=subprocess.PIPE,
                              text=True, env=_without("PYTHONUNBUFFERED"), timeout=60, check=False)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (0, "")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL falls back to no display on Linux only")
@pytest.mark.parametrize("argv", [[], ["--selftest"]])
def test_with_no_display_it_says_so_in_one_line_and_exits_2(argv):
    """Not an invisible game for ever (SDL's offscreen fallback), nor a self-test passed on it."""
    env = _without("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    done = subprocess.run([sys.executable, "-m", "catgames", *argv], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("catgames: no display found") and len(done.stderr.splitlines()) == 1


def test_the_window_is_called_catgames_in_the_taskbar_not_main_py(monkeypatch):
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        monkeypatch.setenv(name, "")  # so that the test's end takes away what main sets
        monkeypatch.delenv(name)
    assert main(["--help"]) == 0
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "catgames"
