"""A bare websocket peer that sends whatever a test wants, well-formed or not; and a line with
nothing but the opening handshake done, whose bytes the test writes and reads itself."""

from __future__ import annotations

import asyncio
import base64
import json
import os
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from catgames.core.catalogue import load_game
from catgames.net.protocol import PROTOCOL

WAIT_S = 15.0  #: longest wait for one answer (a busy machine)
READS = 50  #: messages read at most while looking for one kind


class Raw:
    def __init__(self, url: str, hello: bool = True, headers: dict[str, str] | None = None) -> None:
        self.ws = connect(url, open_timeout=WAIT_S, close_timeout=2, additional_headers=headers)
        if hello:
            self.send({"type": "hello", "protocol": PROTOCOL})
            assert self.next("welcome")["protocol"] == PROTOCOL

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        return dict(json.loads(self.ws.recv(timeout=WAIT_S)))

    def next(self, kind: str) -> dict[str, Any]:
        """The next message of ``kind`` (others before it are skipped)."""
        for _ in range(READS):
            message = self.recv()
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} in {READS} messages")

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The next update that is ``wanted`` (others before it are skipped)."""
        for _ in range(READS):
            update = self.next("update")
            if wanted(update):
                return update
        raise AssertionError(f"no such update in {READS} messages")

    def closed_by_server(self) -> int | None:
        """Read until the server closes the line; its close code (``None``: it stayed open)."""
        try:
            for _ in range(READS):
                self.ws.recv(timeout=WAIT_S)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else 1006
        except TimeoutError:
            return None
        return None

    def close(self) -> None:
        self.ws.close()


def new_table(url: str, game: str = "cathood", players: int = 2) -> tuple[Raw, Raw, dict[str, Any]]:
    """A table with two remote humans: the creator's and the joiner's lines, and the table's id,
    each seat's token and its spectators' code (``{"table": ..., "tokens": {seat: token},
    "watch": ...}``)."""
    creator = Raw(url)
    creator.send({"type": "create", "game": game, "players": players,
                  "seats": [{"kind": "human"}] * players, "seed": 5})
    created = creator.next("created")
    creator.next("update")
    joiner = Raw(url)
    joiner.send({"type": "join", "code": created["codes"][0]})
    seated = joiner.next("seated")
    joiner.next("update")
    creator.until(lambda update: set(update["presence"]) == {"here"})  # told the joiner is there
    tokens = {created["seat"]: created["token"], seated["seat"]: seated["token"]}
    return creator, joiner, {"table": created["table"], "seat": created["seat"], "tokens": tokens,
                             "watch": created["watch"]}


def seated_table(url: str, lines: list[Raw], game: str = "cathood"
                 ) -> tuple[Raw, Raw, dict[str, Any], dict[str, Any]]:
    """A new table's line of the seat to move, the other seat's, the mover's update, and the
    table's facts (``new_table``); both lines are added to ``lines`` (closed by the test)."""
    creator, joiner, created = new_table(url, game)
    lines += [creator, joiner]
    creator.send({"type": "sync"})
    to_move = creator.next("update")["to_move"]
    mover, waiter = (creator, joiner) if to_move == created["seat"] else (joiner, creator)
    mover.send({"type": "sync"})
    return mover, waiter, mover.next("update"), created


def spectator(url: str, lines: list[Raw], code: str) -> tuple[Raw, dict[str, Any]]:
    """A line watching the table of the spectators' ``code``, and the public update it is sent."""
    watcher = Raw(url)
    lines.append(watcher)
    watcher.send({"type": "watch", "code": code})
    return watcher, watcher.next("update")


def a_legal_move(update: dict[str, Any]) -> str:
    game = load_game(update["game"])
    return str(game.state_from_dict(update["view"]).legal_moves()[0])


def alive(url: str) -> bool:
    """The server still greets a new connection."""
    raw = Raw(url)
    raw.close()
    return True


async def bare_line(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP line to a websocket server on loopback ``port``, its opening handshake done by hand
    (no library on this side: the test writes frames byte by byte and reads what comes back)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    assert b" 101 " in await reader.readuntil(b"\r\n\r\n")
    return reader, writer
