"""Shared test set-up: no real window or audio device, saves/settings in a temp dir, and a
check after every test that it left nothing running."""

from __future__ import annotations

import errno
import ipaddress
import multiprocessing
import os
import socket
import sys
import tempfile
import threading
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# a server the app hosts in a test listens on loopback and is announced nowhere (this machine's
# real interfaces carry no test traffic); a test that needs otherwise says so itself
os.environ["CATGAMES_HOST"] = "127.0.0.1"
os.environ["CATGAMES_LAN"] = "off"
#: a folder in memory, on the machines that have one
RAM_FOLDER = "/dev/shm"


def use_memory_for_temporary_files() -> None:
    """Temporary files (the tests' homes, saves, SQLite and PostgreSQL data) go to a folder in
    memory when the machine has one and TMPDIR does not say otherwise: they are synced to disk
    on every move, and on a disk slow to sync (this machine's: a test took 31 s on it, 20 s in
    memory, the same CPU) the syncs cost more than the tests' work.  The tests kill processes,
    never the machine, so nothing they check depends on the disk."""
    if "TMPDIR" not in os.environ and os.path.isdir(RAM_FOLDER) and os.access(RAM_FOLDER, os.W_OK):
        os.environ["TMPDIR"] = RAM_FOLDER  # the servers and tools the tests start, too
        tempfile.tempdir = None  # worked out again from TMPDIR


use_memory_for_temporary_files()

#: the addresses a test's socket tried to connect to outside this computer's loopback
STRAYED: list[str] = []


def _loopback(host: object) -> bool:
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return host == "localhost"


def only_loopback() -> None:
    """A socket of the tests' processes connects only to loopback (or a Unix socket): no other
    address of this machine's networks, private or public, may carry test traffic.  A
    connection elsewhere fails as unreachable and is remembered, and fails its test
    (``nothing_left_running``): in session 43 a screen of the layout test reached for the
    made-up local-network address it only shows."""
    connect, connect_ex = socket.socket.connect, socket.socket.connect_ex

    def refused(address: object) -> bool:
        if isinstance(address, tuple) and not _loopback(address[0]):
            STRAYED.append(str(address[0]))
            return True
        return False

    def checked_connect(self: socket.socket, address: Any) -> None:
        if refused(address):
            raise OSError(errno.ENETUNREACH, f"a test connects only to loopback, not {address[0]}")
        connect(self, address)

    def checked_connect_ex(self: socket.socket, address: Any) -> int:
        return errno.ENETUNREACH if refused(address) else connect_ex(self, address)

    socket.socket.connect = checked_connect  # type: ignore[method-assign,assignment]
    socket.socket.connect_ex = checked_connect_ex  # type: ignore[method-assign,assignment]


only_loopback()

#: how long a thread told to stop may take to end: longer than the websockets library's
#: closing handshake may wait for a busy peer (10 s), or a loaded run fails a test whose
#: lines were closing still (seen once with three workers on two cores); a thread really
#: left running still fails it, only later
THREAD_GRACE_S = 12.0
#: the files whose tests take longest (session 42, two cores: 130 s down to 15 s each, wall
#: time in a run of the whole suite), slowest first: they start first, so a run does not end
#: with one worker on a long test while the others have nothing left to do
SLOWEST_FIRST = (
    "tests/ui/test_layout.py", "tests/net/test_scale.py", "tests/net/test_restart.py",
    "tests/net/test_scale_faults.py", "tests/net/test_routing.py", "tests/net/test_play.py",
    "tests/games/cathood/test_ai_game.py", "tests/ui/test_online_table.py", "tests/core/test_stats.py",
    "tests/ui/test_hint.py", "tests/games/bed/test_ai_game.py", "tests/ui/test_calm.py", "tests/test_cli.py",
    "tests/games/days/test_ai_game.py", "tests/net/test_discovery.py", "tests/net/test_abuse.py",
    "tests/net/test_remote.py", "tests/games/kotatsu/test_ai_game.py", "tests/ui/test_reference.py",
    "tests/games/test_privacy.py", "tests/games/test_moves_end_selections.py", "tests/ui/test_tutorial.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest files' tests first (in their order), the rest as collected."""
    rank = {path: n for n, path in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers more than the cores.  A good part of the suite waits rather than
    computes (servers started, killed and restarted, lines reconnecting, subprocesses); with a
    worker per core a core idles while its worker waits (session 38, two cores: 308 s with two
    workers, 264 s with three; session 45, with more of it on servers: 398 s with two, 310 s
    with three, 291 s with four)."""
    return (os.cpu_count() or 1) + 2


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """With ``-n`` a worker that has run out of tests takes half of another's queue (xdist's
    work stealing) rather than each keeping the share it was handed at the start, which left
    one worker with the slowest files at the end."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import WorkStealingScheduling
    return WorkStealingScheduling(config, log)


@pytest.fixture
def catgames_home(tmp_path, monkeypatch):
    """Point ``CATGAMES_HOME`` (saves and settings) at a fresh temporary directory, on a system
    whose locale is ``C`` (a first start is then in English, whatever the machine's language)."""
    monkeypatch.setenv("CATGAMES_HOME", str(tmp_path))
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    return tmp_path


def _pygame_parts_running() -> list[str]:
    """The pygame modules still started (empty if pygame was never imported)."""
    pygame = sys.modules.get("pygame")
    if pygame is None:
        return []
    parts = {"pygame": pygame.get_init, "display": pygame.display.get_init,
             "font": pygame.font.get_init, "mixer": pygame.mixer.get_init}
    return [name for name, running in parts.items() if running()]


@pytest.fixture(autouse=True)
def language_as_it_was():
    """The language strings are read in is the process's (an app sets it from its settings):
    a test that opened an app in Russian must not leave the next test of its worker in Russian."""
    from catgames.ui import i18n  # (no pygame: the rules' tests may use this fixture too)
    before = i18n.current_language()
    yield
    i18n.set_language(before)


@pytest.fixture(autouse=True)
def nothing_left_running():
    """Every test ends with no thread, child process or pygame module it started still
    running: a leftover SDL thread of one test can crash a later one."""
    before = set(threading.enumerate())
    STRAYED.clear()
    yield
    from tests.helpers import close_apps
    close_apps()
    extra = [t for t in threading.enumerate() if t not in before]
    for thread in extra:
        thread.join(timeout=THREAD_GRACE_S)
    alive = [t.name for t in extra if t.is_alive()]
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    running = _pygame_parts_running()
    if running:  # so one careless test does not fail every later one
        sys.modules["pygame"].quit()
    assert not STRAYED, f"the test connected beyond loopback: {sorted(set(STRAYED))}"
    assert not alive, f"the test left threads running: {alive}"
    assert not children, f"the test left child processes running: {children}"
    assert not running, f"the test left pygame running: {running}"
