"""``python -m catgames.net.hosted_serve ARGS``: ``serve ARGS`` for the app that started it,
ending when the app ends, however it ends (quit, crash, ``kill -9``).

The app holds this process's stdin and never writes to it.  When the app is gone the pipe
closes, and a thread here that waits on it stops the server as SIGTERM does (its tables are
stored before any move is acknowledged, and its announcement is withdrawn).  That works on every
system and needs nothing between fork and exec.  The frozen app runs it the same way: its
executable honours ``-m catgames.…`` (``packaging/entry.py``).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading

from catgames.net.cli import add_commands
from catgames.net.usage import CommandError

EXIT_USAGE = 2
STDIN = 0


def _end_with_parent() -> None:
    """Wait for stdin to close (the app is gone), then stop the server.  It reads the file
    descriptor itself: a daemon thread blocked inside ``sys.stdin``'s buffer would hold its
    lock while the interpreter shuts down after a SIGTERM, which aborts the process."""
    try:
        while os.read(STDIN, 4096):
            pass
    except OSError:
        pass
    os.kill(os.getpid(), signal.SIGTERM)


def main(argv: list[str]) -> int:
    threading.Thread(target=_end_with_parent, name="end-with-app", daemon=True).start()
    parser = argparse.ArgumentParser(prog="catgames")
    add_commands(parser.add_subparsers(), "", int)  # the app's own arguments: known good
    args = parser.parse_args(["serve", *argv])
    try:
        return int(args.run(args) or 0)
    except CommandError as exc:  # a taken port, an unwritable folder: one line, as ``serve`` says it
        print(f"catgames: {exc}", file=sys.stderr, flush=True)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
