#!/usr/bin/env python3
"""Double-click entry point: start the catgames table (``main.py --selftest`` and the rest of
``python -m catgames``'s command line work too).

Run by a Python that lacks the game's packages (a system Python, say), it re-launches itself
with the project's ``.venv`` Python when that exists, and otherwise says what to run: on the
terminal when there is one, else in a window with whatever the desktop has (Tk, zenity, kdialog,
xmessage, a Windows or macOS message box), else in a text file beside this one (and a desktop
notification naming it).  The message is English on purpose: it is shown before any package,
PyYAML included, can be assumed, so the translated strings in ``data/strings`` cannot be read yet.
"""

# So that an old Python reaches the message below instead of failing on an annotation:
from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NEEDED = {"pygame": "pygame-ce", "yaml": "PyYAML", "platformdirs": "platformdirs"}
MIN_PYTHON = (3, 11)
RELAUNCHED = "CATGAMES_FROM_MAIN_PY"  #: set for the .venv child, so a broken .venv cannot loop
EXIT_SETUP = 1
MESSAGE_FILE = "catgames-setup.txt"  #: the last resort, beside this file
TITLE = "catgames: one step before the first game"
DIALOG_TIMEOUT_S = 3600  #: a dialog nobody closes does not keep this process for ever
WINDOWS = sys.platform == "win32"
NO_DIALOG = "CATGAMES_NO_DIALOG"  #: set (tests, CI) to keep the message off the screen: stderr and the file only


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


def setup_commands(windows: bool = WINDOWS) -> list[str]:
    """This system's commands, one to a line, ready to paste into a terminal in any folder.
    Windows gets one command per line: Windows PowerShell 5.1, its default shell, has no ``&&``
    (and ``pushd`` changes drive in cmd.exe and PowerShell alike)."""
    if windows:
        return [f'pushd "{HERE}"', "py -m venv .venv",
                r".venv\Scripts\python -m pip install -r requirements.txt", r".venv\Scripts\python main.py"]
    return [f"cd {shlex.quote(str(HERE))}",
            "python3 -m venv .venv && .venv/bin/python -m pip install -r requirements.txt"
            " && .venv/bin/python main.py"]


def is_debian_like() -> bool:
    """Debian, Ubuntu and their kin, whose Python leaves the venv module to a package."""
    return Path("/etc/debian_version").exists()


def setup_message(missing: list[str], windows: bool = WINDOWS, debian: bool | None = None) -> str:
    """What to run, for someone who may never have used a terminal: this system's commands only."""
    need = (f"catgames needs Python {'.'.join(map(str, MIN_PYTHON))} or newer; this is" if sys.version_info < MIN_PYTHON
            else f"catgames needs {', '.join(missing)}, which this Python does not have:")
    terminal = "PowerShell (or a Command Prompt)" if windows else "a terminal"
    lines = [need, f"  Python {sys.version.split()[0]} ({sys.executable})", "",
             f"To set it up, open {terminal}, paste these lines and press Enter (once; it takes a minute):",
             ""]
    lines += [f"  {command}" for command in setup_commands(windows)]
    lines.append("")
    if debian if debian is not None else (not windows and is_debian_like()):
        lines += ["If that says ensurepip is not available, first run:", "  sudo apt install python3-venv", ""]
    starter = "catgames.pyw" if windows else "main.py"
    lines += [f"After that, double-clicking {starter} starts the game.",
              "Or play without Python: download catgames for your system from the project's Releases page",
              "(see \"Download and play\" in README.md)."]
    return "\n".join(lines)


# -- telling the person -------------------------------------------------------------------------
def has_screen() -> bool:
    """A desktop to show a window on (Windows and macOS always; elsewhere X11 or Wayland)."""
    return WINDOWS or sys.platform == "darwin" or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def show_with_tk(message: str) -> bool:
    """A window sized to its text, the commands selectable, and a button that copies them."""
    try:
        import tkinter
    except ImportError:
        return False
    try:
        root = tkinter.Tk()
    except tkinter.TclError:  # no screen Tk can use
        return False
    root.title(TITLE)
    lines = message.splitlines()
    text = tkinter.Text(root, width=min(max(map(len, lines)) + 2, 140), height=len(lines) + 1, wrap="word",
                        font="TkFixedFont", padx=14, pady=12, relief="flat", highlightthickness=0)
    text.insert("1.0", message)
    text.configure(state="disabled")  # read-only, yet selectable and copyable
    text.pack(fill="both", expand=True)
    buttons = tkinter.Frame(root, padx=10, pady=10)
    buttons.pack(fill="x")

    def copy() -> None:  # the clipboard is this window's: it goes with it on a bare X11 desktop
        root.clipboard_clear()
        root.clipboard_append("\n".join(setup_commands()) + "\n")
        copy_button.configure(text="Copied: paste them in the terminal, then close this")

    tkinter.Button(buttons, text="Close", width=10, command=root.destroy).pack(side="right")
    copy_button = tkinter.Button(buttons, text="Copy the commands", command=copy)
    copy_button.pack(side="right", padx=8)
    root.bind("<Escape>", lambda _event: root.destroy())
    root.update_idletasks()  # its size known: put it in the middle of the screen
    left = max(0, (root.winfo_screenwidth() - root.winfo_reqwidth()) // 2)
    top = max(0, (root.winfo_screenheight() - root.winfo_reqheight()) // 3)
    root.geometry(f"+{left}+{top}")
    root.mainloop()
    return True


def dialog_commands(file: Path, message: str) -> list[list[str]]:
    """The message boxes of other toolkits this desktop may have, showing ``file`` (``message``)."""
    script = ('on run argv\ndisplay dialog (item 1 of argv) with title "catgames" buttons {"OK"} '
              'default button 1\nend run')
    return [["zenity", "--text-info", f"--title={TITLE}", f"--filename={file}", "--font=monospace",
             "--width=900", "--height=420"],
            ["kdialog", "--title", TITLE, "--textbox", str(file), "900", "420"],
            ["xmessage", "-center", "-title", TITLE, "-buttons", "Close:0", "-file", str(file)],
            ["osascript", "-e", script, message]]


def show_with_a_dialog_program(message: str) -> bool:
    """The first dialog program there is that reaches the screen.  One that cannot exits 1, as
    a Cancel does, so what tells them apart is its complaint about the display."""
    with tempfile.TemporaryDirectory(prefix="catgames-") as folder:
        file = Path(folder) / MESSAGE_FILE
        file.write_text(message + "\n", encoding="utf-8")
        for command in dialog_commands(file, message):
            if shutil.which(command[0]) is None:
                continue
            try:
                done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, timeout=DIALOG_TIMEOUT_S, check=False)
            except (OSError, subprocess.TimeoutExpired):
                continue
            complaint = done.stderr.decode("utf-8", "replace").lower()
            if done.returncode in (0, 1) and "display" not in complaint:
                return True
    return False


def show_with_windows(message: str) -> bool:
    """Windows' own message box, always there (Ctrl+C in it copies its text)."""
    if not WINDOWS:
        return False
    try:
        import ctypes
        getattr(ctypes, "windll").user32.MessageBoxW(None, message, TITLE, 0x10)  # not on other systems
    except (ImportError, AttributeError, OSError):
        return False
    return True


def write_message_file(message: str) -> Path | None:
    """The message as a text file beside this one (else in the temporary folder)."""
    for folder in (HERE, Path(tempfile.gettempdir())):
        path = folder / MESSAGE_FILE
        try:
            path.write_text(message + "\n", encoding="utf-8")
        except OSError:
            continue
        return path
    return None


def notify(file: Path) -> None:
    """A desktop notification pointing at the file, where nothing else could show the message."""
    if shutil.which("notify-send"):
        try:
            subprocess.run(["notify-send", "-u", "critical", TITLE, f"What to run is in {file}"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=10, check=False)
        except (OSError, subprocess.TimeoutExpired):
            pass


def tell(message: str) -> None:
    """On stderr, and where nobody may be watching a terminal also on the screen: Tk, Windows'
    message box, another toolkit's dialog; failing all that, a text file beside ``main.py`` and a
    notification naming it."""
    if sys.stderr is not None:
        try:
            print(message, file=sys.stderr, flush=True)
            if sys.stderr.isatty():
                return
        except (OSError, ValueError):  # a closed pipe or file: the screen may still be there
            pass
    if has_screen() and not os.environ.get(NO_DIALOG) and (show_with_tk(message) or show_with_windows(message)
                         or show_with_a_dialog_program(message)):
        return
    file = write_message_file(message)
    if file is not None:
        notify(file)


def start(argv: list[str]) -> int:
    """Play, or run the command line's ``argv`` (``--selftest`` …) with the packages there are."""
    missing = missing_packages() if sys.version_info >= MIN_PYTHON else list(NEEDED.values())
    if not missing:
        sys.path.insert(0, str(HERE))
        from catgames.__main__ import main
        return main(argv or ["play"])
    python = venv_python()
    if python is not None and not os.environ.get(RELAUNCHED):
        env = dict(os.environ, **{RELAUNCHED: "1"})
        return subprocess.call([str(python), str(Path(__file__).resolve()), *argv], env=env)
    tell(setup_message(missing))
    return EXIT_SETUP


if __name__ == "__main__":  # the AI worker's spawned process imports this file: start nothing then
    sys.exit(start(sys.argv[1:]))
