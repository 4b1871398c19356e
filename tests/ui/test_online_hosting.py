"""The app's own server and the words around it (issue 29): the command that starts it, in a
clone and in the frozen app (whose executable runs ``-m catgames.…`` as Python does); that it
ends with the app, however the app ends; where it listens and where it is announced; the server address setting; the addresses and codes a
player types."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from catgames import paths
from catgames.core.storage import Settings
from catgames.net import hosting
from catgames.net.lobby import LobbyError, invite_code, server_url
from catgames.ui import i18n
from catgames.ui.file_notices import settings_notices

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_starts_serve_as_a_module_of_its_own(tmp_path, monkeypatch):
    """One command in a clone and in the frozen app: the frozen executable honours
    ``-m catgames.…`` as Python does (``packaging/entry.py``)."""
    expected = [sys.executable, "-m", "catgames.net.hosted_serve", "--host", "192.168.1.20", "--port", "8765",
                "--data", str(tmp_path), "--announce", "192.168.1.20"]
    assert hosting.server_command(tmp_path, "192.168.1.20", 8765, "192.168.1.20") == expected
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert paths.is_frozen() and hosting.server_command(tmp_path, "192.168.1.20", 8765, "192.168.1.20") == expected


def _started(command: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path)


def _listening(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("listening on ws://127.0.0.1:"), process.stderr.read() if process.stderr else line
    return line


def _ended(process: subprocess.Popen[str], how: str) -> int:
    """End ``process`` by closing its stdin (the app gone) or by SIGTERM; its exit code."""
    assert process.stdin is not None
    if how == "stdin":
        process.stdin.close()
    else:
        process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()


@pytest.mark.parametrize("how", ["stdin", "sigterm"])
def test_the_frozen_entry_point_runs_the_apps_server_which_ends_with_the_app(tmp_path, how):
    """``packaging/entry.py`` is what the frozen executable runs: given the app's command it
    serves, and it stops cleanly once its stdin closes (the app ended, however) or on SIGTERM."""
    command = [sys.executable, str(ROOT / "packaging" / "entry.py"),
               *hosting.server_command(tmp_path, "127.0.0.1", 0, None)[1:]]
    process = _started(command, tmp_path)
    _listening(process)
    assert _ended(process, how) == 0


def test_the_apps_server_ends_when_the_app_is_killed(tmp_path):
    """The app killed with SIGKILL (no chance to stop anything): its server ends by itself."""
    app = _started([sys.executable, "-c", APP_THAT_HOSTS, str(tmp_path)], tmp_path)
    try:
        assert app.stdout is not None
        server_pid = int(app.stdout.readline())
        app.kill()
        app.wait(timeout=10)
        deadline = time.monotonic() + 30
        while _alive(server_pid):
            assert time.monotonic() < deadline, "the server outlived the app"
            time.sleep(0.05)
    finally:
        for pipe in (app.stdin, app.stdout, app.stderr):
            if pipe is not None:
                pipe.close()


#: a stand-in for the app: starts its server on loopback, says the server's pid, and waits
APP_THAT_HOSTS = """
import sys, time
from pathlib import Path
from catgames.net.hosting import HostedServer, READY
server = HostedServer(data=Path(sys.argv[1]), host="127.0.0.1", port=0)
server.start()
assert server.wait() == READY, server.problem
print(server._process.pid, flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ended, not yet reaped by init) is not running
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return True


def test_where_the_server_listens_and_is_announced(monkeypatch):
    monkeypatch.setenv(hosting.HOST_ENV, "127.0.0.1")
    monkeypatch.delenv(hosting.LAN_ENV, raising=False)
    monkeypatch.delenv(hosting.PORT_ENV, raising=False)
    assert (hosting.listen_address(), hosting.listen_port()) == ("127.0.0.1", hosting.DEFAULT_PORT)
    assert hosting.lan_interface() is None  # loopback is never announced unless named
    assert hosting.lan_interface("192.168.1.20") == "192.168.1.20"
    assert hosting.lan_interface("10.0.0.7") == "10.0.0.7"
    assert hosting.lan_interface("169.254.3.4") == "169.254.3.4"
    assert hosting.lan_interface("8.8.8.8") is None  # not a local network
    assert hosting.lan_interface("192.0.2.2") is None  # nor the documentation's (this test machine's)
    monkeypatch.setenv(hosting.LAN_ENV, "127.0.0.1")  # a play-test in a namespace of its own
    assert hosting.lan_interface() == "127.0.0.1"
    monkeypatch.setenv(hosting.LAN_ENV, "off")
    assert hosting.lan_interface("192.168.1.20") is None
    monkeypatch.setenv(hosting.PORT_ENV, "0")
    assert hosting.listen_port() == 0


def test_stopping_a_server_that_never_started_is_harmless(tmp_path):
    server = hosting.HostedServer(data=tmp_path)
    server.stop()
    assert server.state == hosting.STOPPED and not server.running


def test_a_server_that_ends_at_once_is_failed_with_its_words(tmp_path, monkeypatch):
    monkeypatch.setattr(hosting, "server_command", lambda *a: [sys.executable, "-c", "import sys; "
                                                               "sys.exit('catgames: cannot serve here')"])
    server = hosting.HostedServer(data=tmp_path, host="127.0.0.1", port=0)
    server.start()
    deadline = time.monotonic() + 30
    while server.wait(1) == hosting.STARTING:
        assert time.monotonic() < deadline
    assert server.state == hosting.FAILED and "cannot serve here" in server.problem
    server.stop()
    assert server.state == hosting.FAILED


@pytest.mark.parametrize("typed, url", [("192.168.1.20", "ws://192.168.1.20:8765"),
                                        ("192.168.1.20:9000", "ws://192.168.1.20:9000"),
                                        (" play.example.org:8765 ", "ws://play.example.org:8765"),
                                        ("wss://play.example.org/cats/", "wss://play.example.org:8765/cats"),
                                        ("ws://[::1]:8765", "ws://[::1]:8765")])
def test_typed_addresses(typed, url):
    assert server_url(typed) == url


@pytest.mark.parametrize("typed", ["", "http://example.org", "ws://a b", "host:99999", "ws://"])
def test_addresses_that_cannot_be_used(typed):
    with pytest.raises(LobbyError) as refused:
        server_url(typed)
    assert refused.value.code == "bad_address"


def test_typed_codes():
    assert invite_code(" k7m2-xq9p ") == "K7M2XQ9P"
    for typed in ("K7M2-XQ9", "K7M2-XQ9PP", "K7M2-XQ0P", "ABCDEFGI"):  # 0 and I are never in a code
        with pytest.raises(LobbyError):
            invite_code(typed)


def test_the_server_address_setting(catgames_home):
    settings, problems = Settings.from_dict({"server_address": "play.example.org:8765"})
    assert settings.server_address == "play.example.org:8765" and problems == []
    settings, problems = Settings.from_dict({"server_address": ["not", "text"]})
    assert settings.server_address == "" and [p.key for p in problems] == ["server_address"]
    for language in i18n.available_languages():
        i18n.set_language(language)
        assert settings_notices(problems) == [i18n.t("settings.values_ignored",
                                                     names=i18n.t("settings.server_address"))]
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
