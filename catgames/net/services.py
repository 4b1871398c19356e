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


def restart_postgres(address: str) -> None:
    """Restart the cluster ``postgres`` made at ``address`` (as an operator would, ``-m fast``:
    its connections are cut), on the same socket and settings."""
    folder = Path(address.split("host=", 1)[1].split("&", 1)[0])
    subprocess.run(_as_postgres([_program("pg_ctl", PG_DIRS), "-D", str(folder / "data"), "-m", "fast", "-w",
                                 "-t", str(int(START_S)), "-l", str(folder / "log"), "restart"]),
                   check=True, capture_output=True, timeout=START_S + 5)


class RedisServer:
    """A Redis server of its own in ``folder``, nothing saved to disk: ``address`` is its socket."""

    def __init__(self, folder: Path) -> None:
        self.socket = folder / "redis.sock"
        self.address = f"unix://{self.socket}"
        self._folder = folder
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self._process = subprocess.Popen([_program("redis-server"), "--port", "0", "--unixsocket", str(self.socket),
                                          "--save", "", "--appendonly", "no", "--dir", str(self._folder)],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_S
        while not self.socket.exists():
            if self._process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self.socket.unlink(missing_ok=True)

    @property
    def pid(self) -> int:
        return self._process.pid if self._process is not None else 0

    def restart(self, down_s: float = 0.0) -> None:
        """Stopped, and started again ``down_s`` later on the same socket, empty (as Redis
        without persistence)."""
        self.stop()
        time.sleep(down_s)
        self.start()


@contextmanager
def redis() -> Iterator[RedisServer]:
    """A Redis server of its own, stopped and its folder removed when the block ends."""
    server = RedisServer(Path(tempfile.mkdtemp(prefix="cgredis")))
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.socket.parent, ignore_errors=True)
