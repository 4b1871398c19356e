"""A server's own id (issue 29: a friend's kept link after the host's address changed): drawn
once for its data folder and kept there, said in the welcome, read from an announcement, kept
with a link; a seat's token is told only to the server whose id the link keeps."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.server import ServerConnection, serve

from catgames.net import kept
from catgames.net.discovery import host_from
from catgames.net.identity import ID_NAME, server_id
from catgames.net.kept import KeptTable
from catgames.net.links import TableLink
from catgames.net.lobby import LobbyError, table_status
from catgames.net.protocol import PROTOCOL
from tests.net.raw import Raw
from tests.net.serving import running_server

A, B = "a" * 32, "b" * 32


def test_a_data_folder_keeps_its_servers_id_and_a_damaged_one_is_set_aside(tmp_path: Path) -> None:
    first = server_id(tmp_path / "tables")
    assert len(first) == 32 and server_id(tmp_path / "tables") == first  # drawn once, then read
    assert server_id(tmp_path / "other") != first
    (tmp_path / "tables" / ID_NAME).write_text("not an id\n")
    again = server_id(tmp_path / "tables")
    assert again != first and len(again) == 32
    assert (tmp_path / "tables" / f"{ID_NAME}.bad").read_text() == "not an id\n"  # never overwritten


def test_the_welcome_says_the_id_of_the_servers_folder(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        raw = Raw(server.url, hello=False)
        try:
            raw.send({"type": "hello", "protocol": PROTOCOL})
            welcome = raw.next("welcome")
        finally:
            raw.close()
    assert welcome["id"] == (tmp_path / ID_NAME).read_text().strip()


def test_an_announcement_tells_its_servers_id_when_it_has_the_form_of_one() -> None:
    said = {b"protocol": str(PROTOCOL).encode(), b"name": b"Mimi"}
    assert host_from("x", ["10.0.0.2"], 8765, {**said, b"id": A.encode()}).server_id == A  # type: ignore[union-attr]
    for wrong in (b"", b"A" * 32, b"a" * 31, b"../" + b"a" * 29):
        assert host_from("x", ["10.0.0.2"], 8765, {**said, b"id": wrong}).server_id == ""  # type: ignore[union-attr]


def test_a_kept_link_keeps_its_servers_id_and_follows_that_server_only(catgames_home: Path) -> None:
    mine = KeptTable(TableLink("ws://10.0.0.2:8765", "t1", "bed", {1: A}, server_id=A))
    also = KeptTable(TableLink("ws://10.0.0.2:8765", "t2", "cathood", {0: B}, server_id=A))
    other = KeptTable(TableLink("ws://10.0.0.9:8765", "t3", "bed", {1: B}, server_id=B))
    old = KeptTable(TableLink("ws://10.0.0.7:8765", "t4", "bed", {0: A}))  # kept before ids
    kept.save_kept([mine, also, other, old])
    assert kept.load_kept().tables == [mine, also, other, old]
    assert kept.follow_server(A, "ws://10.0.0.5:9000") is True
    assert [t.link.url for t in kept.load_kept().tables] == ["ws://10.0.0.5:9000", "ws://10.0.0.5:9000",
                                                             "ws://10.0.0.9:8765", "ws://10.0.0.7:8765"]
    assert kept.follow_server(A, "ws://10.0.0.5:9000") is False  # there already: nothing written
    assert kept.note_server_id("ws://10.0.0.7:8765", B) is True
    assert kept.load_kept().tables[3].link.server_id == B
    assert kept.note_server_id("ws://10.0.0.5:9000", B) is False  # an id kept is not replaced


@pytest.mark.parametrize("entry_id", ["A" * 32, "a" * 31, 7])
def test_a_kept_entry_with_a_wrong_id_is_left_out(catgames_home: Path, entry_id: Any) -> None:
    entry = {"url": "ws://10.0.0.2:8765", "table": "t", "game": "bed", "tokens": {"0": A}, "server_id": entry_id}
    kept.kept_path().parent.mkdir(parents=True, exist_ok=True)
    kept.kept_path().write_text(json.dumps({"format": kept.FORMAT, "version": kept.VERSION, "tables": [entry]}))
    found = kept.load_kept()
    assert found.tables == [] and found.problem is not None and "server_id" in found.problem.detail


def test_a_seats_token_is_told_only_to_the_server_the_link_keeps() -> None:
    """Another catgames server now at the kept address hears the hello, never the token."""
    heard: list[dict[str, Any]] = []

    def other_server(ws: ServerConnection) -> None:
        for frame in ws:
            heard.append(json.loads(frame))
            if heard[-1]["type"] == "hello":
                ws.send(json.dumps({"type": "welcome", "protocol": PROTOCOL, "server": "catgames", "id": B}))

    with serve(other_server, "127.0.0.1", 0) as listener:
        thread = threading.Thread(target=listener.serve_forever, daemon=True)
        thread.start()
        try:
            url = f"ws://127.0.0.1:{listener.socket.getsockname()[1]}"
            with pytest.raises(LobbyError) as refused:
                table_status(TableLink(url, "t", "bed", {1: A}, server_id=A))
        finally:
            listener.shutdown()
            thread.join(10)
    assert refused.value.code == "other_server"
    assert [message["type"] for message in heard] == ["hello"] and A not in json.dumps(heard)
