#!/usr/bin/env python3
"""Double-click entry point: start the catgames table.

Run by a Python that lacks the game's packages (a system Python, say), it re-launches itself
with the project's ``.venv`` Python when that exists, and otherwise says in one message what to
run.  The message is English on purpose: it is shown before any package, PyYAML included, can
be assumed, so the translated strings in ``data/strings`` cannot be read yet.
"""

# So that an old Python reaches the message below instead of failing on an annotation:
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
NEEDED = {"pygame": "pygame-ce", "yaml": "PyYAML", "platformdirs": "platformdirs"}
MIN_PYTHON = (3, 11)
RELAUNCHED = "CATGAMES_FROM_MAIN_PY"  #: set for the .venv child, so a broken .venv cannot loop
EXIT_SETUP = 1


def missing_packages() -> list[str]:
    """The distributions this Python lacks, by the names ``pip`` knows them by."""
    return [dist for module, dist in NEEDED.items() if importlib.util.find_spec(module) is None]


def venv_python(root: Path = HERE) -> Path | None:
    """The project's ``.venv`` interpreter (the windowless one when we run windowless)."""
    windowless = Path(sys.executable).stem.lower() == "pythonw"
    names = ("Scripts/pythonw.exe", "Scripts/python.exe") if windowless else ("Scripts/python.exe",)
    for name in (*names, "bin/python3", "bin/python"):
        candidate = root / ".venv" / name
        if candidate.is_file():
            return candidate
    return None


def setup_message(missing: list[str]) -> str:
    """What to run, for someone who may never have used a terminal."""
    found = f"Python {sys.version.split()[0]} ({sys.executable})"
    need = (f"catgames needs Python {'.'.join(map(str, MIN_PYTHON))} or newer" if sys.version_info < MIN_PYTHON
            else f"catgames needs {', '.join(missing)}, which this Python does not have")
    return (f"{need}; found {found}.\n"
            f"Open a terminal in {HERE} and run once:\n"
            "  python3 -m venv .venv && .venv/bin/python -m pip install -r requirements.txt"
            " && .venv/bin/python main.py\n"
            "On Windows:\n"
            "  py -m venv .venv && .venv\\Scripts\\python -m pip install -r requirements.txt"
            " && .venv\\Scripts\\python main.py\n"
            "(On Debian or Ubuntu, if that says ensurepip is not available, first run:\n"
            "  sudo apt install python3-venv)\n"
            "After that, double-clicking main.py (catgames.pyw on Windows) starts the game.\n"
            "Or play without Python: see \"Download and play\" in README.md.")


def tell(message: str) -> None:
    """On stderr, and in a dialog when nobody may be watching a terminal."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)
    if sys.stderr is not None and sys.stderr.isatty():
        return
    try:
        import tkinter
        from tkinter import messagebox

        root = tkinter.Tk()
        root.withdraw()
        messagebox.showerror("catgames", message)
        root.destroy()
    except Exception:  # no Tk, or no screen: the message on stderr is all we can do
        pass


def start() -> int:
    """Play (this entry takes no arguments: the command line is ``python3 -m catgames``)."""
    missing = missing_packages() if sys.version_info >= MIN_PYTHON else list(NEEDED.values())
    if not missing:
        sys.path.insert(0, str(HERE))
        from catgames.__main__ import main
        return main(["play"])
    python = venv_python()
    if python is not None and not os.environ.get(RELAUNCHED):
        env = dict(os.environ, **{RELAUNCHED: "1"})
        return subprocess.call([str(python), str(Path(__file__).resolve())], env=env)
    tell(setup_message(missing))
    return EXIT_SETUP


if __name__ == "__main__":  # the AI worker's spawned process imports this file: start nothing then
    sys.exit(start())
