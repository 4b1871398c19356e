"""``main.py``, the double-click start from a clone: on a Python without the packages it re-launches
itself with ``.venv`` (arguments and all) or says what to run, where the person will see it: the
terminal, a dialog of whatever the desktop has, else a text file beside it.  ``python -m catgames``
on such a Python gives the same answer."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.test_packaging import ROOT, load_script, readme_commands

MESSAGE_FILE = "catgames-setup.txt"
LINUX = sys.platform.startswith("linux")
#: Windows and macOS always have a screen to show the message on: a dialog there would wait for a
#: click, so the tests ask main.py for stderr and the file only (Linux: no DISPLAY does that).
NO_SCREEN = {} if LINUX else {"CATGAMES_NO_DIALOG": "1"}


def bare_python(script: Path, env_extra: dict[str, str] | None = None, *args: str) -> subprocess.CompletedProcess:
    """``script`` run by this Python with no site-packages (``-S``) and no user environment
    (``-I``): a Python where pygame-ce, PyYAML and platformdirs are missing.  No DISPLAY unless
    ``env_extra`` gives one, and stderr a pipe, as after a double-click."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(NO_SCREEN)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-I", "-S", str(script), *args], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=120, check=False)


@pytest.fixture
def lone_main(tmp_path) -> Path:
    """``main.py`` copied into an empty folder (no ``.venv``, no ``catgames``)."""
    shutil.copy(ROOT / "main.py", tmp_path / "main.py")
    return tmp_path / "main.py"


def test_without_the_packages_it_says_what_to_run_and_leaves_it_in_a_file(lone_main):
    """No screen to show a window on: stderr, and the text file beside main.py."""
    done = bare_python(lone_main)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "catgames needs pygame-ce, PyYAML, platformdirs" in done.stderr
    assert readme_commands()[0] in done.stderr  # the very command the README gives
    assert str(lone_main.parent) in done.stderr
    assert "py -m venv" not in done.stderr      # this system's commands only
    written = (lone_main.parent / MESSAGE_FILE).read_text(encoding="utf-8")
    assert written.strip() == done.stderr.strip()


def fake_program(folder: Path, name: str, exit_code: int, complaint: str = "") -> Path:
    """A dialog program that records its arguments (and a ``-file``'s text), says ``complaint``
    on stderr and exits ``exit_code``."""
    program = folder / name
    program.write_text(f'#!/bin/sh\necho "$@" >> "{folder}/{name}.args"\necho "{complaint}" >&2\n'
                       f'for a; do [ -f "$a" ] && while IFS= read -r line; do echo "$line"; done < "$a" >> "{folder}/{name}.shown"; done\n'
                       f'exit {exit_code}\n')  # shell built-ins only: PATH holds nothing else
    program.chmod(0o755)
    return program


@pytest.mark.skipif(not LINUX, reason="X11's dialog programs (Windows and macOS have their own boxes)")
def test_double_clicked_without_tk_the_message_appears_in_the_desktops_dialog(lone_main, tmp_path):
    """A display that Tk cannot use (or no Tk): xmessage shows it; no file is left behind."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_program(bin_dir, "xmessage", 0)
    done = bare_python(lone_main, {"DISPLAY": ":catgames-test", "PATH": str(bin_dir)})
    assert done.returncode == 1
    shown = (bin_dir / "xmessage.shown").read_text(encoding="utf-8")
    assert readme_commands()[0] in shown and "catgames needs" in shown
    assert not (lone_main.parent / MESSAGE_FILE).exists()


@pytest.mark.skipif(not LINUX, reason="X11's dialog programs (Windows and macOS have their own boxes)")
@pytest.mark.skipif(not LINUX, reason="X11's dialog programs (Windows and macOS have their own boxes)")
def test_a_dialog_closed_with_cancel_was_seen_so_no_second_one_follows(lone_main, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_program(bin_dir, "zenity", 1)  # Cancel
    fake_program(bin_dir, "xmessage", 0)
    assert bare_python(lone_main, {"DISPLAY": ":catgames-test", "PATH": str(bin_dir)}).returncode == 1
    assert (bin_dir / "zenity.args").exists() and not (bin_dir / "xmessage.args").exists()
    assert not (lone_main.parent / MESSAGE_FILE).exists()


def test_when_no_dialog_reaches_the_screen_the_file_is_written_and_a_notification_names_it(lone_main, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_program(bin_dir, "zenity", 1, "Gtk-WARNING **: cannot open display: :9")  # 1, as Cancel is
    fake_program(bin_dir, "notify-send", 0)
    done = bare_python(lone_main, {"DISPLAY": ":catgames-test", "PATH": str(bin_dir)})
    assert done.returncode == 1
    assert (bin_dir / "zenity.args").exists()
    file = lone_main.parent / MESSAGE_FILE
    assert readme_commands()[0] in file.read_text(encoding="utf-8")
    assert str(file) in (bin_dir / "notify-send.args").read_text(encoding="utf-8")


@pytest.mark.skipif(not LINUX, reason="X11's dialog programs (Windows and macOS have their own boxes)")
def test_asked_for_no_dialog_it_shows_none_even_with_a_screen(lone_main, tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_program(bin_dir, "xmessage", 0)
    done = bare_python(lone_main, {"DISPLAY": ":catgames-test", "PATH": str(bin_dir), "CATGAMES_NO_DIALOG": "1"})
    assert done.returncode == 1 and "catgames needs" in done.stderr
    assert not (bin_dir / "xmessage.args").exists()
    assert (lone_main.parent / MESSAGE_FILE).is_file()


def test_each_system_is_shown_only_its_own_commands_and_windows_ones_need_no_and_and():
    main_py = load_script("main", ROOT)
    posix = main_py.setup_message(["pygame-ce"], windows=False, debian=True)
    windows = main_py.setup_message(["pygame-ce"], windows=True, debian=False)
    assert "&&" not in windows and "Scripts\\python -m pip" in windows and ".venv/bin/python -m" not in windows
    assert "py -m venv" not in posix and "apt install python3-venv" in posix
    assert "apt" not in main_py.setup_message(["pygame-ce"], windows=False, debian=False)
    # the README's PowerShell lines to play are the ones the Windows message gives
    assert readme_powershell_blocks()[0] == main_py.setup_commands(windows=True)[1:]


def readme_powershell_blocks() -> list[list[str]]:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    blocks, at = [], 0
    while "```powershell" in lines[at:]:
        start = lines.index("```powershell", at) + 1
        at = lines.index("```", start)
        blocks.append(lines[start:at])
    return blocks


def test_main_py_passes_its_arguments_to_the_command_line():
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, check=False)
    assert done.returncode == 0
    assert done.stdout.startswith("usage: catgames")


@pytest.fixture
def recording_venv(lone_main) -> Path:
    """Beside ``lone_main``: a real ``.venv`` and stand-ins for the packages and for
    ``catgames.__main__``, which records the arguments it is given.  Only a Python that puts the
    script's folder on its path (the ``.venv`` one, not ``bare_python``'s) finds the stand-ins."""
    folder = lone_main.parent
    venv.create(folder / ".venv", with_pip=False, symlinks=sys.platform != "win32")
    for package in ("pygame", "yaml", "platformdirs", "catgames"):
        (folder / package).mkdir()
        (folder / package / "__init__.py").write_text("")
    (folder / "catgames" / "__main__.py").write_text(
        "import json, os, sys\n"
        "def main(argv):\n"
        f"    open({str(folder / 'called')!r}, 'w').write(json.dumps([argv, os.environ.get('CATGAMES_FROM_MAIN_PY')]))\n"
        "    return 3\n")
    return folder


def test_main_py_relaunches_itself_with_the_project_venv_and_its_arguments(lone_main, recording_venv):
    done = bare_python(lone_main, None, "--selftest")
    assert done.returncode == 3, done.stderr
    assert (recording_venv / "called").read_text() == '[["--selftest"], "1"]'
    assert done.stderr == ""


def test_main_py_does_not_loop_through_a_venv_that_lacks_the_packages(lone_main, recording_venv):
    done = bare_python(lone_main, {"CATGAMES_FROM_MAIN_PY": "1"})
    assert done.returncode == 1
    assert not (recording_venv / "called").exists()
    assert "catgames needs" in done.stderr


def test_python_m_catgames_without_the_packages_gives_main_pys_sentence(tmp_path):
    shutil.copytree(ROOT / "catgames", tmp_path / "catgames", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "main.py", tmp_path / "main.py")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(NO_SCREEN)
    done = subprocess.run([sys.executable, "-S", "-m", "catgames", "--selftest"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60, check=False)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "catgames needs" in done.stderr and readme_commands()[0] in done.stderr
