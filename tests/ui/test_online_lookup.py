"""A friend's kept table after the host's address changed (issue 29): the list finds the
table's server silent at the kept address, looks for it on the local network by the server's
own id, keeps the address it is heard at, and asks there.  Real server processes on loopback;
what the local network hears is given by the test (``Heard``): real announcements are heard
only inside a network namespace (``tests/net/test_discovery.py``).  Every wait is bounded."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

import pytest

from catgames.net import kept
from catgames.net.discovery import Host
from catgames.net.client import Backoff
from catgames.net.lobby import SeatPlan, host_table, join_table
from catgames.net.lookup import ServerLookup
from catgames.net.protocol import PROTOCOL
from catgames.net.remote import connect_line
from catgames.ui import i18n
from catgames.ui.online import open_table
from catgames.ui.scenes import online
from catgames.ui.scenes.online import OnlineScene
from catgames.ui.scenes.online_common import seat_words
from tests.net.serving import ServerProcess, free_port
from tests.ui.test_online_play import loopback, open_app, press, run_until, toasts  # noqa: F401 (a fixture)

FRAMES_TO_LOOK = 3  #: frames the list is drawn while its lost table is looked for


class Heard:
    """A local network on which the test says what is announced (``Heard.announced``)."""

    announced: list[Host] = []
    listened: list[tuple[str, ...]] = []  #: the interfaces of each browser started

    def __init__(self, addresses: Sequence[str]) -> None:
        Heard.listened.append(tuple(addresses))

    def start(self) -> None:
        pass

    def close(self) -> None:
        pass

    def hosts(self) -> list[Host]:
        return list(Heard.announced)


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> type[Heard]:
    Heard.announced, Heard.listened = [], []
    for scenes in (online, open_table):
        monkeypatch.setattr(scenes, "ServerLookup", lambda: ServerLookup(lambda: "192.168.1.30", Heard))
    return Heard


def friends_table(server: ServerProcess) -> Any:
    """A table hosted on ``server`` whose second seat this computer joined, kept here."""
    hosted = host_table(server.url, "bed", [SeatPlan("here"), SeatPlan("friend")], 60, "off")
    link = join_table(server.url, hosted.invites[1])
    kept.keep(kept.KeptTable(link))
    return link


def test_a_friends_table_is_found_at_its_servers_new_address(loopback, tmp_path, lan):  # noqa: F811
    before = ServerProcess(tmp_path / "host", free_port())
    after = ServerProcess(tmp_path / "host", free_port())  # the same tables, another address
    try:
        before.start()
        link = friends_table(before)
        assert len(link.server_id) == 32  # the id the server said when the seat was claimed
        before.stop()
        after.start()
        app = open_app([])
        press(app, i18n.t("online.button"))
        listing = app.stack.top
        assert isinstance(listing, OnlineScene)
        key = (link.url, link.table)
        run_until(app, lambda: key in listing.statuses)
        row = next(w for w in listing.widgets.widgets if getattr(w, "table", None) is not None)
        assert row.lines()[2] == i18n.t("online.list.looking")  # silent at its address: looked for
        assert Heard.listened == [("192.168.1.30",)]  # through the local network's interface only
        others = Host("Tora", "127.0.0.1", free_port(), PROTOCOL, "ws", "f" * 32)  # another server
        Heard.announced[:] = [others]
        app.run_frames(FRAMES_TO_LOOK * 20)
        assert kept.load_kept().tables[0].link.url == link.url  # not its server: nothing moved
        Heard.announced[:] = [others, Host("Mimi", "127.0.0.1", int(after.url.rsplit(":", 1)[1]), PROTOCOL, "ws",
                                       link.server_id)]
        new_key = (after.url, link.table)
        run_until(app, lambda: new_key in listing.statuses)
        [table] = kept.load_kept().tables
        assert table.link.url == after.url and table.link.tokens == link.tokens  # kept at the new address
        assert toasts(app)[-1] == i18n.t("online.list.found", name="Mimi", address=after.url.removeprefix("ws://"))
        row = next(w for w in listing.widgets.widgets if getattr(w, "table", None) is not None)
        assert row.lines()[2] == i18n.t("online.list.their_turn", seat=seat_words("bed", 2)[0])  # its server answered there
        app.close()
    finally:
        before.stop()
        after.stop()


def test_a_table_kept_before_servers_had_ids_learns_its_servers(loopback, tmp_path, lan):  # noqa: F811
    server = ServerProcess(tmp_path / "host", free_port())
    try:
        server.start()
        link = friends_table(server)
        kept.save_kept([kept.KeptTable(replace(link, server_id=""))])
        app = open_app([])
        press(app, i18n.t("online.button"))
        listing = app.stack.top
        run_until(app, lambda: (link.url, link.table) in listing.statuses)
        app.run_frames(2)
        assert kept.load_kept().tables[0].link.server_id == link.server_id
        assert Heard.listened == []  # its server answered: nothing was listened for
        app.close()
    finally:
        server.stop()


def test_a_table_opened_at_its_old_address_is_opened_where_its_server_is_heard(loopback, tmp_path, lan):  # noqa: F811
    before = ServerProcess(tmp_path / "host", free_port())
    after = ServerProcess(tmp_path / "host", free_port())
    try:
        before.start()
        link = friends_table(before)
        before.stop()
        after.start()
        app = open_app([])
        line = connect_line(Backoff(first_s=0.01, most_s=0.02, tries=3, first_contact_s=0.3))
        scene = open_table.ConnectingScene(app, link, line)
        app.push(scene)
        run_until(app, lambda: scene.failed)
        assert scene.failure_text() == i18n.t("online.list.looking") and Heard.listened == [("192.168.1.30",)]
        app.draw()
        Heard.announced[:] = [Host("Mimi", "127.0.0.1", int(after.url.rsplit(":", 1)[1]), PROTOCOL, "ws",
                                   link.server_id)]
        run_until(app, lambda: app.stack.top is not scene)  # the table, opened at the new address
        assert app.stack.top.feed.link.url == after.url  # type: ignore[attr-defined]
        assert kept.load_kept().tables[0].link.url == after.url
        app.close()
    finally:
        before.stop()
        after.stop()
