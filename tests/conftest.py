"""Shared test set-up: no real window or audio device, saves/settings in a temp dir, and a
check after every test that it left nothing running."""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# a server the app hosts in a test listens on loopback and is announced nowhere (this machine's
# real interfaces carry no test traffic); a test that needs otherwise says so itself
os.environ["CATGAMES_HOST"] = "127.0.0.1"
os.environ["CATGAMES_LAN"] = "off"

THREAD_GRACE_S = 5.0  #: how long a thread told to stop may take to end


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
def nothing_left_running():
    """Every test ends with no thread, child process or pygame module it started still
    running: a leftover SDL thread of one test can crash a later one."""
    before = set(threading.enumerate())
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
    assert not alive, f"the test left threads running: {alive}"
    assert not children, f"the test left child processes running: {children}"
    assert not running, f"the test left pygame running: {running}"
