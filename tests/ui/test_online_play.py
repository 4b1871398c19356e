"""Play online, driven as a player drives it (clicks and typing), against a real server process
on loopback: the app hosts a table on its own server, another seat joins it with the code, and
each way it can go wrong — a wrong or mistyped code, an address nobody answers at, a server of
another protocol version, a port already taken — ends in a sentence, never a crash (issue 29).
Every wait is bounded; every server and thread is ended by the end of the test."""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import replace
from typing import Any, Callable, Iterator

import pygame
import pytest
from websockets.sync.server import ServerConnection, serve

from catgames.core.storage import Settings
from catgames.net import kept
from catgames.net.hosting import FAILED, READY
from catgames.net.links import TableLink
from catgames.net.lobby import LobbyError, SeatPlan, host_table, join_table, table_status
from catgames.net.protocol import PROTOCOL
from catgames.ui import i18n
from catgames.ui.scenes.online import OnlineScene
from catgames.ui.scenes.online_host import HostScene
from catgames.ui.scenes.online_invite import InviteScene
from catgames.ui.scenes.online_join import JoinScene
from catgames.ui.scenes.title import TitleScene
from tests.helpers import new_app
from tests.net.serving import free_port
from tests.ui.helpers import IdleWorker, click

WAIT_S = 60.0  #: the longest a server start or call may take on a busy machine


@pytest.fixture
def loopback(catgames_home, monkeypatch):
    """The app's own server on 127.0.0.1 at a port of its own; no local network to listen to."""
    monkeypatch.setenv("CATGAMES_HOST", "127.0.0.1")
    monkeypatch.setenv("CATGAMES_PORT", str(free_port()))
    monkeypatch.delenv("CATGAMES_LAN", raising=False)
    return catgames_home


def open_app(opened: list[Any]) -> Any:
    """An app on its title screen; the tables it opens are recorded in ``opened``."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    app.screens.online_table = opened.append
    app.push(TitleScene(app))
    app.run_frames(3)
    return app


def run_until(app: Any, done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < deadline, "the screen waited too long"
        app.run_frames(1)
        time.sleep(0.01)


def press(app: Any, text: str) -> None:
    """Click the button of the top screen that says ``text``."""
    widget = next(w for w in app.stack.top.widgets.widgets if getattr(w, "text", None) == text)
    click(app, widget.rect.center)


def type_into(app: Any, field: Any, text: str, then: int = pygame.K_TAB) -> None:
    """Click ``field``, type ``text``, then press ``then`` (Tab: on to the next field; Enter:
    what the form does on Enter)."""
    click(app, field.rect.center)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)])
    app.step([pygame.event.Event(pygame.KEYDOWN, key=then, mod=0, unicode="")])


def toasts(app: Any) -> list[str]:
    return [toast.text for toast in app.toasts.items]


def host_cathood(app: Any) -> InviteScene:
    """Title → Play online → Host: Cathood for three, P2 a friend, P3 at this computer."""
    press(app, i18n.t("online.button"))
    press(app, i18n.t("online.host"))
    host = app.stack.top
    assert isinstance(host, HostScene)
    games = next(w for w in host.widgets.widgets if getattr(w, "options", None) and w.value == host.game_id)
    games.choose([v for v, _ in games.options].index("cathood"))
    host = app.stack.top
    players = next(w for w in host.widgets.focusable if getattr(w, "text", "") == i18n.t("new.players"))
    players.choose([v for v, _ in players.options].index(3))
    seats = [w for w in host.widgets.focusable if getattr(w, "badge", None) is not None]
    seats[1].choose(1)   # a friend elsewhere
    seats[2].choose(0)   # at this computer
    press(app, i18n.t("online.host_screen.start"))
    run_until(app, lambda: not isinstance(app.stack.top, HostScene))
    assert isinstance(app.stack.top, InviteScene), toasts(app)
    return app.stack.top


def test_host_then_join_by_code_then_the_table_resumes_after_a_restart(loopback):
    opened: list[Any] = []
    app = open_app(opened)
    invite = host_cathood(app)
    link, [(friend_seat, code)] = invite.hosted.link, invite.hosted.invites.items()
    assert app.hosting.state == READY and link.url == app.hosting.url
    assert sorted(link.tokens) == [0, 2] and friend_seat == 1  # both seats here claimed, one invite
    assert ("Address", link.url.removeprefix("ws://")) in invite.lines()
    press(app, i18n.t("online.invite.open"))
    assert opened == [link]
    [table] = kept.load_kept().tables
    assert table.hosted and table.link == link

    app.stack.pop_until(lambda s: isinstance(s, TitleScene))
    press(app, i18n.t("online.button"))
    press(app, i18n.t("online.join"))
    join = app.stack.top
    assert isinstance(join, JoinScene) and join.lan_problem == i18n.t("online.lan.no_network")
    type_into(app, join.fields[1], f"{code[:4].lower()}-{code[4:].lower()}", pygame.K_RETURN)  # as typed; Enter joins
    run_until(app, lambda: len(opened) == 2)
    joined = opened[1]
    assert (joined.url, joined.table, sorted(joined.tokens)) == (link.url, link.table, [1])
    assert sorted(kept.load_kept().tables[0].link.tokens) == [0, 1, 2]  # every seat of it played here

    listing = app.stack.top
    assert isinstance(listing, OnlineScene)
    run_until(app, lambda: not listing.asking and len(listing.statuses) == 1)
    status = table_status(link)
    [row] = [w for w in listing.widgets.widgets if hasattr(w, "lines")]
    names = ["Player 1", "Player 2", "Player 3"]  # as the table names them
    assert row.lines() == ("Cathood", "You play: Player 1, Player 2, Player 3", f"Your turn ({names[status.to_move]})")

    assert listing.server_text() == i18n.t("online.server.ready_here", address=link.url.removeprefix("ws://"))
    server = app.hosting
    app.close()
    assert not server.running  # the app's server ends with it
    assert table_status_error(link) == "unreachable"
    listing = OnlineScene(open_app([]))  # a list of tables whose server is gone says so shortly
    listing.statuses = {(link.url, link.table): LobbyError("unreachable")}
    assert listing.status_text(table, names) == i18n.t("online.list.unreachable")
    listing.app.close()
    again = open_app(opened)  # reopened: the title starts the server again on the same tables
    run_until(again, lambda: again.hosting.state in (READY, FAILED))
    assert again.hosting.url == link.url
    assert table_status(link).to_move == status.to_move


def test_the_host_is_at_the_table_while_its_invite_shows(loopback):
    """Its seats are taken, not stood in for while a friend who joined waits (a play-test saw
    the AI play the host's first turn while the host read the codes); Back leaves the table."""
    app = open_app([])
    invite = host_cathood(app)
    link = invite.hosted.link
    run_until(app, lambda: table_status(link).presence == ["here", "open", "here"])
    press(app, i18n.t("online.invite.back"))
    run_until(app, lambda: table_status(link).presence == ["reconnecting", "open", "reconnecting"])
    app.close()


def test_a_hosted_table_follows_its_server_to_the_address_of_the_day(loopback, monkeypatch):
    """The host's address changed overnight (here: the port): the kept link of a table the app's
    own server holds is moved to where that server listens now, and the table is found there."""
    app = open_app([])
    app.hosting.start()
    run_until(app, lambda: app.hosting.state in (READY, FAILED))
    assert app.hosting.state == READY, app.hosting.problem
    hosted = host_table(app.hosting.url, "bed", [SeatPlan("here"), SeatPlan("friend")], 60, "off")
    kept.keep(kept.KeptTable(hosted.link, hosted=True))
    kept.keep(kept.KeptTable(TableLink("ws://127.0.0.1:9", "elsewhere", "bed", {1: "d" * 32})))  # not ours
    app.close()
    monkeypatch.setenv("CATGAMES_PORT", str(free_port()))  # another day, another address
    again = open_app([])
    try:
        press(again, i18n.t("online.button"))
        listing = again.stack.top
        assert isinstance(listing, OnlineScene)
        run_until(again, lambda: (again.hosting.url, hosted.link.table) in listing.statuses)
        today = again.hosting.url
        assert today != hosted.link.url
        ours, theirs = kept.load_kept().tables
        assert ours.link == replace(hosted.link, url=today) and ours.hosted
        assert theirs.link.url == "ws://127.0.0.1:9"  # a table of another server keeps its address
        row = next(w for w in listing.widgets.widgets if getattr(w, "table", None) == ours)
        assert row.lines()[2] == i18n.t("online.list.waiting_friend")  # its server answered, at today's address
    finally:
        again.close()


def table_status_error(link: Any) -> str:
    try:
        table_status(link)
    except LobbyError as exc:
        return exc.code
    return ""


def test_a_wrong_or_mistyped_code_and_a_bad_address_say_so(loopback):
    app = open_app([])
    press(app, i18n.t("online.button"))
    press(app, i18n.t("online.join"))
    join = app.stack.top
    type_into(app, join.fields[1], "xx")
    press(app, i18n.t("online.join_screen.join"))
    assert toasts(app) == [i18n.t("online.error.bad_code_form")] and join.call is None  # nothing asked
    join.fields[1].text = ""
    type_into(app, join.fields[1], "ABCD2345")
    press(app, i18n.t("online.join_screen.join"))
    run_until(app, lambda: join.call is None)
    assert toasts(app)[-1] == i18n.t("online.error.bad_code")
    type_into(app, join.fields[0], "ws://no where")
    press(app, i18n.t("online.join_screen.join"))
    assert toasts(app)[-1] == i18n.t("online.error.bad_address") and join.call is None
    assert isinstance(app.stack.top, JoinScene)


def test_an_address_nobody_answers_at_says_so(loopback):
    app = open_app([])
    app.push(JoinScene(app, browse=False))
    join = app.stack.top
    join.address_text, join.code_text = f"127.0.0.1:{free_port()}", "ABCD2345"
    join.join()
    run_until(app, lambda: join.call is None)
    assert toasts(app) == [i18n.t("online.error.unreachable")]
    assert not app.hosting.running  # an address was given: this computer's server was not needed


@pytest.fixture
def other_version() -> Iterator[Callable[[str], str]]:
    """A websocket server on loopback that answers every hello as a server of another protocol
    version does (``error`` with the code given), then closes: its address."""
    servers = []

    def start(code: str) -> str:
        def answer(ws: ServerConnection) -> None:
            hello = json.loads(ws.recv(timeout=10))
            assert hello["protocol"] == PROTOCOL
            ws.send(json.dumps({"type": "error", "code": code, "message": "another version"}))

        server = serve(answer, "127.0.0.1", 0)
        thread = threading.Thread(target=server.serve_forever, name="other-version", daemon=True)
        thread.start()
        servers.append((server, thread))
        return f"127.0.0.1:{server.socket.getsockname()[1]}"

    yield start
    for server, thread in servers:
        server.shutdown()
        thread.join(10)


@pytest.mark.parametrize("code, sentence", [("old_client", "online.error.app_too_old"),
                                            ("new_client", "online.error.server_too_old")])
def test_a_server_of_another_version_gives_a_sentence(loopback, other_version, code, sentence):
    app = open_app([])
    app.settings.server_address = other_version(code)  # hosting goes to that server
    press(app, i18n.t("online.button"))
    press(app, i18n.t("online.host"))
    host = app.stack.top
    press(app, i18n.t("online.host_screen.start"))
    run_until(app, lambda: host.call is None)
    assert toasts(app) == [i18n.t(sentence)] and app.stack.top is host


def test_a_taken_port_says_the_own_server_could_not_start(loopback, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setenv("CATGAMES_PORT", str(taken.getsockname()[1]))
        app = open_app([])
        press(app, i18n.t("online.button"))
        press(app, i18n.t("online.host"))
        host = app.stack.top
        press(app, i18n.t("online.host_screen.start"))
        run_until(app, lambda: host.call is None)
    assert toasts(app) == [i18n.t("online.error.own_server")]
    assert app.hosting.state == FAILED and app.hosting.problem  # what the server said, for the log
    app.stack.pop()
    assert app.stack.top.server_text() == i18n.t("online.server.failed")


def test_a_refusal_that_closes_the_line_before_our_second_frame_is_still_read(other_version, monkeypatch):
    """A server of another version refuses the hello and closes at once: the request sent after
    the hello then meets a closed line, and the refusal already received is what is told."""
    import websockets.sync.client as ws_client

    real_connect = ws_client.connect

    def slow_second_frame(*args: Any, **kwargs: Any) -> Any:
        connection = real_connect(*args, **kwargs)
        real_send, sent = connection.send, []

        def send(frame: Any) -> None:
            if sent:  # the request waits until the server has closed the line
                deadline = time.monotonic() + WAIT_S
                while connection.protocol.state.name != "CLOSED" and time.monotonic() < deadline:
                    time.sleep(0.01)
            sent.append(frame)
            real_send(frame)

        connection.send = send
        return connection

    monkeypatch.setattr(ws_client, "connect", slow_second_frame)
    with pytest.raises(LobbyError) as refused:
        join_table(f"ws://{other_version('new_client')}", "ABCD2345")
    assert refused.value.code == "server_too_old"
