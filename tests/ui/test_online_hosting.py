"""The app's own server and the words around it (issue 29): the command that starts it, in a
clone and in the frozen app (whose executable is its own ``python -m catgames``); where it
listens and where it is announced; the server address setting; the addresses and codes a
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


def test_a_clone_starts_serve_with_its_python(tmp_path):
    command = hosting.server_command(tmp_path, "127.0.0.1", 8765, None)
    assert command == [sys.executable, "-m", "catgames", "serve", "--host", "127.0.0.1", "--port", "8765",
                       "--data", str(tmp_path)]


def test_the_frozen_app_starts_serve_as_itself(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert paths.is_frozen()
    command = hosting.server_command(tmp_path, "192.168.1.20", 8765, "192.168.1.20")
    assert command[:2] == [sys.executable, "serve"]
    assert command[-2:] == ["--announce", "192.168.1.20"]


def test_the_frozen_entry_point_runs_serve(tmp_path):
    """``packaging/entry.py`` is what the frozen executable runs: given ``serve`` it serves."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    process = subprocess.Popen([sys.executable, str(ROOT / "packaging" / "entry.py"), "serve", "--host", "127.0.0.1",
                                "--port", "0", "--data", str(tmp_path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:"), process.stderr.read() if process.stderr else line
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=30)
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()
    assert code == 0


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
