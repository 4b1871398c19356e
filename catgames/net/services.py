"""Throw-away PostgreSQL and Redis servers in a temporary folder, for the tests and ``bench
net --processes``: each listens on a Unix socket in its folder only (no port, nothing beyond
this computer), and is stopped, and its folder removed, when its block ends.

PostgreSQL refuses to run as root: as root its folder is handed to the ``postgres`` user, and
``initdb``, ``pg_ctl`` and the server run as that user (``runuser``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

PG_DIRS = tuple(str(d) for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True))  #: Debian's
SBIN_DIRS = ("/usr/sbin", "/sbin")  #: where ``runuser`` lives, often off a plain user's PATH
START_S = 60.0  #: longest wait for a server to take connections


class ServiceMissing(RuntimeError):
    """A program the servers need is not installed (``.ci/run`` installs them)."""


def _program(name: str, extra: tuple[str, ...] = ()) -> str:
    found = shutil.which(name) or next((str(Path(d) / name) for d in extra if (Path(d) / name).exists()), None)
    if found is None:
        raise ServiceMissing(f"{name} is not installed (Debian: apt-get install postgresql redis-server)")
    return found


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return [_program("runuser", SBIN_DIRS), "-u", "postgres", "--", *command]


@contextmanager
def postgres(fsync: bool = True) -> Iterator[str]:
    """A PostgreSQL cluster of its own; yields its address (database ``postgres``).  ``fsync``
    off makes a test's commits cheap (a process killed still loses nothing committed; only a
    power cut would)."""
    folder = Path(tempfile.mkdtemp(prefix="cgpg"))  # short: a socket's path is at most 107 bytes
    data = folder / "data"
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres", "postgres")
        subprocess.run(_as_postgres([_program("initdb", PG_DIRS), "-D", str(data), "-U", "postgres", "-A", "trust",
                                     "--no-sync", "-E", "UTF8", "--locale", "C"]),
                       check=True, capture_output=True, timeout=START_S)
        options = f"-k {folder} -c listen_addresses='' -c fsync={'on' if fsync else 'off'} -c max_connections=200"
        subprocess.run(_as_postgres([_program("pg_ctl", PG_DIRS), "-D", str(data), "-o", options, "-w",
                                     "-t", str(int(START_S)), "-l", str(folder / "log"), "start"]),
                       check=True, capture_output=True, timeout=START_S + 5)
        try:
            yield f"postgresql:///postgres?host={folder}&user=postgres"
        finally:
            subprocess.run(_as_postgres([_program("pg_ctl", PG_DIRS), "-D", str(data), "-m", "immediate", "-w",
                                         "stop"]), capture_output=True, timeout=START_S)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def redis() -> Iterator[str]:
    """A Redis server of its own, nothing saved to disk; yields its address."""
    folder = Path(tempfile.mkdtemp(prefix="cgredis"))
    socket = folder / "redis.sock"
    process = subprocess.Popen([_program("redis-server"), "--port", "0", "--unixsocket", str(socket),
                                "--save", "", "--appendonly", "no", "--dir", str(folder)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + START_S
        while not socket.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.02)
        yield f"unix://{socket}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)
