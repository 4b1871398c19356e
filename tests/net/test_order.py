"""The order things happen in, on a server in the test's own event loop (no socket): the ack of
a line's move comes before any update that shows the move; a restarted server opens the table a
player comes back to at once and the other stored tables in the background; frames given
together leave in one write, and a peer that stops reading is dropped."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

from websockets.exceptions import ConnectionClosedOK
from websockets.frames import Opcode
from websockets.protocol import CLIENT, Protocol, State
from websockets.server import ServerProtocol

from catgames.net.creation import create_table
from catgames.net.limits import TokenBucket
from catgames.net.outbox import MAX_BUFFERED, SocketOutbox, text_frame
from catgames.net.protocol import AGAIN, PROTOCOL
from catgames.net.server import Config, Connection, Server
from catgames.net.store import Store, TableRecord
from catgames.net.table import NetTable
from tests.net.raw import a_legal_move


class Line:
    """What a websocket connection is to the server: here it only records what it is sent."""

    remote_address = ("127.0.0.1", 1)

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def post(self, texts: list[str]) -> None:
        self.sent += [json.loads(text) for text in texts]

    def abort(self) -> None:
        pass


def connection() -> Connection:
    line = Line()
    return Connection(line, line, "127.0.0.1", TokenBucket(100, 100, 0.0), TokenBucket(100, 100, 0.0))  # type: ignore[arg-type]


async def say(server: Server, conn: Connection, message: dict[str, Any]) -> None:
    assert await server._answer(conn, json.dumps(message)) is None  # served, the line kept


async def greeted_table(server: Server) -> tuple[Connection, Connection, str]:
    """Two greeted lines, the first at a new two-seat Kotatsu table; the code of its other seat."""
    first, second = connection(), connection()
    for conn in (first, second):
        await say(server, conn, {"type": "hello", "protocol": PROTOCOL})
    await say(server, first, {"type": "create", "game": "kotatsu", "players": 2, "seed": 3,
                              "seats": [{"kind": "human"}, {"kind": "human"}]})
    return first, second, next(m for m in first.ws.sent if m["type"] == "created")["codes"][0]


async def seated_table(server: Server) -> tuple[NetTable, Connection]:
    """A Kotatsu table both seats of which are taken, and the line of the seat to move."""
    first, second, code = await greeted_table(server)
    await say(server, second, {"type": "join", "code": code})
    await asyncio.gather(*server.tasks)
    table = next(iter(server.tables.values()))
    return table, first if first.seat == table.to_move else second


def test_no_update_showing_a_move_reaches_its_sender_before_the_ack(tmp_path):
    async def scenario() -> list[dict[str, Any]]:
        server = Server(Config(data=tmp_path, test_seeds=True), Store(tmp_path))
        try:
            table, mover = await seated_table(server)
            update = [m for m in mover.ws.sent if m["type"] == "update"][-1]
            server.journal.write(table.id, [("SELECT 1", ())])  # a batch under way ...
            broadcast = asyncio.create_task(server._send_update(mover, whole=False))  # ... a broadcast waits
            await asyncio.sleep(0)
            heard = len(mover.ws.sent)
            await say(server, mover, {"type": "move", "version": table.version, "move": a_legal_move(update)})
            await broadcast
            await asyncio.gather(*server.tasks)
            return mover.ws.sent[heard:]
        finally:
            await server.close()

    after = asyncio.run(scenario())
    kinds = [(m["type"], m["version"]) for m in after if m["type"] in ("ack", "update")]
    ack = next(i for i, (kind, _) in enumerate(kinds) if kind == "ack")
    assert all(version < kinds[ack][1] for kind, version in kinds[:ack]), kinds
    assert ("update", kinds[ack][1]) in kinds[ack:]


def test_a_line_seated_while_its_table_commits_change_after_change_is_sent_its_update(tmp_path):
    """Its first update waits for the table's commits; a broadcast passes over a line not sent
    one yet, so a second change queued meanwhile must not leave it with none (a bot was left
    seated and waiting, after a restart, until its test gave up)."""
    async def scenario() -> list[str]:
        server = Server(Config(data=tmp_path, test_seeds=True), Store(tmp_path))
        try:
            first, second, code = await greeted_table(server)
            table = next(iter(server.tables.values()))
            server.journal.write(table.id, [("SELECT 1", ())])  # a change committing ...
            joining = asyncio.create_task(say(server, second, {"type": "join", "code": code}))
            await asyncio.sleep(0)
            server.journal.write(table.id, [("SELECT 2", ())])  # ... and the next one queued behind it
            await joining
            await asyncio.gather(*server.tasks)
            await server.journal.settled()
            return [m["type"] for m in second.ws.sent]
        finally:
            await server.close()

    assert asyncio.run(scenario()) == ["welcome", "seated", "update"]


class ReadCount(Store):
    """The SQLite store, counting the tables read back."""

    reads = 0

    def table(self, table_id: str) -> TableRecord | None:
        self.reads += 1
        return super().table(table_id)


def test_a_restarted_server_opens_a_table_its_player_comes_back_to_first_and_the_rest_meanwhile(tmp_path):
    async def scenario() -> None:
        store = Store(tmp_path)
        made = [create_table({"game": game, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}, False)
                for game in ("kotatsu", "cathood", "days")]
        for created in made:
            store.add_table(created.record, 0.0)
        store.close()
        reading = ReadCount(tmp_path)
        server = Server(Config(data=tmp_path), reading)
        try:
            assert server.tables == {} and reading.reads == 0  # nothing read or replayed before the server listens
            back, table = connection(), made[1].record.id
            await say(server, back, {"type": "hello", "protocol": PROTOCOL})
            await say(server, back, {"type": "sit", "table": table, "token": made[1].token})
            assert list(server.tables) == [table] and [m["type"] for m in back.ws.sent] == ["welcome", "seated", "update"]
            assert reading.reads == 1
            server.start()
            for _ in range(100):
                if not server.stored:
                    break
                await asyncio.sleep(0)
            assert set(server.tables) == {created.record.id for created in made}
        finally:
            await server.close()

    asyncio.run(scenario())


class Transport:
    """A socket's transport that never gets its data out: everything written stays buffered."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.aborted = False

    def writelines(self, chunks: list[bytes]) -> None:
        self.writes.append(b"".join(chunks))

    def get_write_buffer_size(self) -> int:
        return sum(map(len, self.writes))

    def is_closing(self) -> bool:
        return self.aborted

    def abort(self) -> None:
        self.aborted = True


def test_frames_given_together_go_out_in_one_write_and_a_peer_that_stops_reading_is_dropped():
    protocol = ServerProtocol()
    protocol.state = State.OPEN
    transport = Transport()
    outbox = SocketOutbox(SimpleNamespace(protocol=protocol, transport=transport))
    outbox.post(['{"type":"ack"}', '{"type":"update"}'])
    assert len(transport.writes) == 1 and transport.writes[0].endswith(b'{"type":"update"}')
    assert b'{"type":"ack"}' in transport.writes[0]
    update = "x" * 6000
    for _ in range(MAX_BUFFERED // len(update) + 1):
        outbox.post([update])
    assert transport.aborted and transport.get_write_buffer_size() > MAX_BUFFERED
    outbox.post([update])  # nothing more is written to a dropped peer
    assert transport.get_write_buffer_size() <= MAX_BUFFERED + 2 * len(update)


def test_the_outboxs_frames_are_read_by_a_websocket_client_as_the_texts_sent():
    """The outbox writes a server's text frames itself (header and text): every length of
    header, and text that is not ASCII, read back by the library's client."""
    texts = ["", "x" * 125, "é" * 63, "y" * 126, "z" * 65_535, "w" * 65_536, "貓" * 30_000]
    client = Protocol(CLIENT, state=State.OPEN, max_size=None)
    client.receive_data(b"".join(part for text in texts for part in text_frame(text.encode())))
    frames = client.events_received()
    assert [(f.opcode, f.fin, f.data.decode()) for f in frames] == [(Opcode.TEXT, True, t) for t in texts]  # type: ignore[union-attr]


class Frames:
    """A line whose frames are given ahead: what ``Server.handle`` reads, one after another."""

    remote_address = ("127.0.0.1", 2)

    def __init__(self, messages: list[dict[str, Any]]) -> None:
        self.frames = [json.dumps(m) for m in messages]

    async def recv(self) -> str:
        if not self.frames:
            raise ConnectionClosedOK(None, None)  # the line ends once its frames are read
        return self.frames.pop(0)

    async def close(self, *args: Any) -> None:
        pass


def test_what_a_line_says_after_a_move_is_answered_after_that_moves_ack(tmp_path):
    """The ack is sent as the commit lands, not by the line's task: the line's next frame (the
    same move again, a stale one) waits for it, so its answer still comes after the ack."""
    async def scenario() -> list[dict[str, Any]]:
        server = Server(Config(data=tmp_path, test_seeds=True), Store(tmp_path))
        try:
            table, mover = await seated_table(server)
            token = next(m["token"] for m in mover.ws.sent if m["type"] in ("created", "seated"))
            move = {"type": "move", "version": table.version,
                    "move": a_legal_move([m for m in mover.ws.sent if m["type"] == "update"][-1])}
            line = Line()
            await server.handle(Frames([{"type": "hello", "protocol": PROTOCOL},  # type: ignore[arg-type]
                                        {"type": "sit", "table": table.id, "token": token}, move, move]), line)
            await asyncio.gather(*server.tasks)
            return line.sent
        finally:
            await server.close()

    kinds = [m.get("code", m["type"]) for m in asyncio.run(scenario())]
    assert kinds == ["welcome", "seated", "update", "ack", "update", "stale", "update"], kinds


def test_a_line_naming_a_table_another_process_serves_now_is_told_to_come_back_not_refused(tmp_path):
    """One of many processes (a bus), whose table was handed over or taken over while a line's
    frame waited here: the line is closed with "try again" (its client comes back, and reaches
    the table's process), not refused with a code its client gives up on; a table nobody ever
    stored is still refused."""
    async def scenario() -> tuple[list[int | None], list[dict[str, Any]]]:
        made = Server(Config(data=tmp_path, test_seeds=True), Store(tmp_path))
        first, second, code = await greeted_table(made)
        table_id = next(iter(made.tables))
        token = next(m for m in first.ws.sent if m["type"] == "created")["token"]
        elsewhere = Server(Config(data=tmp_path, bus="redis://127.0.0.1:9"), Store(tmp_path))  # never opened it
        answers = []
        for message in ({"type": "join", "code": code}, {"type": "sit", "table": table_id, "token": token},
                        {"type": "sit", "table": "no-such-table", "token": token}):
            line = connection()
            await say(elsewhere, line, {"type": "hello", "protocol": PROTOCOL})
            answers.append(await elsewhere._answer(line, json.dumps(message)))
        await made.journal.close()
        return answers, line.ws.sent
    answers, last = asyncio.run(scenario())
    assert answers == [AGAIN, AGAIN, None] and last[-1]["code"] == "bad_token"
