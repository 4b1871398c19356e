"""The authoritative server: ``python -m catgames serve``.

It holds every table's match, takes each move through ``NetTable.take`` (token, seat to move,
version, rules), commits it to the store before acknowledging it, and sends each connection
its own seat's update.  Bad input costs the sender an error answer or its connection, never
the server: every frame is size-limited by the websocket layer, rate-limited, and checked
against its schema before anything reads it.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import ssl
import time
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Coroutine

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from catgames.ai.seat import Brain
from catgames.core.rules import NOBODY, Seat
from catgames.net.creation import create_table, new_token
from catgames.net.limits import CreationLimit, TokenBucket
from catgames.net.protocol import MAX_FRAME, PROTOCOL, ProtocolError, decode, encode, error, version_refusal
from catgames.net.seat_ai import SeatAI, TableWorker
from catgames.net.store import Store, TableRecord, token_hash
from catgames.net.table import NetTable
from catgames.net.views import seat_update

log = logging.getLogger(__name__)

#: errors after which the connection is closed: talking on would not help
CLOSING = frozenset({"old_client", "new_client", "hello_first", "flood"})
HELLO_S = 10.0  #: a connection that has not said hello by then is dropped
SEND_S = 10.0  #: a peer that takes longer to take one message is dropped


class StorageError(Exception):
    """A move could not be committed: it must not be acknowledged, nor kept in memory."""


@dataclass(frozen=True)
class Config:
    data: Path
    host: str = "127.0.0.1"
    port: int = 8765
    rate: float = 20.0  #: messages per second one connection may send, after its burst
    burst: float = 40.0
    tables_per_hour: int = 20  #: tables one address may create in an hour
    test_seeds: bool = False  #: take the seed a client asks for (tests only: it tells the deal)
    ai_iterations: int | None = None  #: fixed work for AI seats (deterministic); None: presets' time
    certfile: Path | None = None
    keyfile: Path | None = None


@dataclass(eq=False)
class Connection:
    ws: ServerConnection
    address: str
    bucket: TokenBucket
    greeted: bool = False
    table: str | None = None
    seat: Seat = NOBODY
    logged: int = 0  #: turns of the log this connection was sent (a resync sends it whole)
    shown: int = -1  #: the table's version in the last update this connection was sent


@dataclass
class Server:
    """The tables and who is connected to each; ``handle`` serves one connection."""

    config: Config
    store: Store
    tables: dict[str, NetTable] = field(default_factory=dict)
    watchers: defaultdict[str, set[Connection]] = field(default_factory=lambda: defaultdict(set))
    tasks: set[asyncio.Task[None]] = field(default_factory=set)  #: broadcasts of AI moves

    def __post_init__(self) -> None:
        self.creation = CreationLimit(self.config.tables_per_hour)
        self.ai = SeatAI(self.config.ai_iterations)
        for record in self.store.tables():
            try:
                self._open(record)
            except Exception:  # one table that no longer replays must not keep the rest down
                log.exception("table %s cannot be resumed", record.id)

    def _open(self, record: TableRecord) -> NetTable:
        """The live table of ``record``, its AI seats thinking on the server's AI thread."""
        brain = Brain(lambda: TableWorker(self.ai, lambda: self._ai_ready(record.id)))
        table = self.tables[record.id] = NetTable(record, brain, self._commit)
        return table

    # -- connections ------------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        conn = Connection(ws, address, TokenBucket(self.config.rate, self.config.burst, time.monotonic()))
        silent = asyncio.get_running_loop().call_later(HELLO_S, _drop_if_silent, conn)
        try:
            async for frame in ws:
                if not await self._answer(conn, frame):
                    await ws.close(1008, "policy")
                    break
        except ConnectionClosed:
            pass
        finally:
            silent.cancel()
            if conn.table is not None:
                self.watchers[conn.table].discard(conn)

    async def _answer(self, conn: Connection, frame: str | bytes) -> bool:
        """Serve one frame; ``False``: close the connection."""
        try:
            if not conn.bucket.take(time.monotonic()):
                raise ProtocolError("flood", "too many messages: slow down")
            message = decode(frame)
            if not conn.greeted and message["type"] != "hello":
                raise ProtocolError("hello_first", f"say hello with protocol {PROTOCOL} first")
            await getattr(self, f"_on_{message['type']}")(conn, message)
        except ProtocolError as exc:
            await self._send(conn, error(exc.code, exc.message))
            if exc.code == "stale":
                await self._send_update(conn)
            return exc.code not in CLOSING
        except Exception:  # a defect of ours: this connection pays for it, not the server
            log.exception("a message from %s could not be served", conn.address)
            await self._send(conn, error("internal", "the server could not serve this message"))
            return False
        return True

    async def _send(self, conn: Connection, message: dict[str, Any]) -> None:
        """Send, or drop a peer that has stopped reading (it would hold up its whole table)."""
        try:
            await asyncio.wait_for(conn.ws.send(encode(message)), SEND_S)
        except ConnectionClosed:
            pass
        except TimeoutError:
            conn.ws.transport.abort()

    async def _send_update(self, conn: Connection, whole: bool = True) -> None:
        """The connection's update; ``whole``: with the whole log (a resync), else with the
        turns it has not been sent."""
        if conn.table is None:
            return
        table = self.tables[conn.table]
        if not whole and conn.shown == table.version:
            return  # two broadcasts met (a human's move, then an AI's): the newer one was sent
        update = seat_update(table, conn.seat, 0 if whole else conn.logged)
        conn.logged, conn.shown = update["log_from"] + len(update["log"]), table.version
        await self._send(conn, update)

    async def _sit(self, conn: Connection, table_id: str, seat: Seat) -> None:
        if conn.table is not None:
            self.watchers[conn.table].discard(conn)
        conn.table, conn.seat = table_id, seat
        self.watchers[table_id].add(conn)

    # -- messages ---------------------------------------------------------------------------
    async def _on_hello(self, conn: Connection, message: dict[str, Any]) -> None:
        refusal = version_refusal(message["protocol"])
        if refusal is not None:
            raise refusal
        conn.greeted = True
        await self._send(conn, {"type": "welcome", "protocol": PROTOCOL, "server": "catgames"})

    async def _on_create(self, conn: Connection, message: dict[str, Any]) -> None:
        token = message.get("token")
        held = self.store.seats_of_token(token_hash(token)) if token else []
        if held:  # the same create again (its answer was lost): the table it made
            table = self.tables.get(held[0][0])
            if table is None or (table.record.game, table.record.players) != (message["game"], message["players"]):
                raise ProtocolError("token_used", "this token already holds another seat: draw a new one")
            await self._created(conn, table, held[0][1], token or "")
            return
        if not self.creation.allow(conn.address, time.monotonic()):
            raise ProtocolError("limit", "too many tables created from this address: try again later")
        created = create_table(message, self.config.test_seeds)
        self.store.add_table(created.record, time.time())
        table = self._open(created.record)
        await self._created(conn, table, created.seat, created.token)
        table.start()

    async def _created(self, conn: Connection, table: NetTable, seat: Seat, token: str) -> None:
        codes = [s.code for s in table.record.seats if s.code is not None and s.token_hash is None]
        await self._sit(conn, table.id, seat)
        await self._send(conn, {"type": "created", "table": table.id, "seat": seat, "token": token,
                                "codes": codes})
        await self._send_update(conn)

    async def _on_join(self, conn: Connection, message: dict[str, Any]) -> None:
        token = message.get("token") or new_token()
        hashed = token_hash(token)
        place = self.store.claim(message["code"], hashed)
        if place is None or place[0] not in self.tables:
            raise ProtocolError("bad_code", "no seat waits for this code")
        table_id, seat = place
        seats = self.tables[table_id].record.seats
        seats[seat] = replace(seats[seat], token_hash=hashed)
        await self._seated(conn, table_id, seat, token)

    async def _seated(self, conn: Connection, table_id: str, seat: Seat, token: str) -> None:
        await self._sit(conn, table_id, seat)
        await self._send(conn, {"type": "seated", "table": table_id, "seat": seat, "token": token})
        await self._send_update(conn)

    async def _on_sit(self, conn: Connection, message: dict[str, Any]) -> None:
        table = self.tables.get(message["table"])
        hashed = token_hash(message["token"])
        seats = [i for i, s in enumerate(table.record.seats) if s.token_hash == hashed] if table else []
        if table is None or not seats:
            raise ProtocolError("bad_token", "this token holds no seat at this table")
        await self._seated(conn, table.id, seats[0], message["token"])

    async def _on_watch(self, conn: Connection, message: dict[str, Any]) -> None:
        if message["table"] not in self.tables:
            raise ProtocolError("no_table", "no such table")
        await self._sit(conn, message["table"], NOBODY)
        await self._send_update(conn)

    async def _on_sync(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.table is None:
            raise ProtocolError("not_seated", "sit or watch first")
        await self._send_update(conn)

    async def _on_move(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.table is None:
            raise ProtocolError("not_seated", "sit at a table first")
        table = self.tables[conn.table]
        try:
            played = table.take(conn.seat, message["version"], message["move"])
        except StorageError:
            self._reopen(table).start()
            raise ProtocolError("storage", "the move could not be stored; play it again") from None
        await self._send(conn, {"type": "ack", "version": table.version, "move": played})
        await self._broadcast(table)

    # -- after a move -----------------------------------------------------------------------
    def _commit(self, table_id: str, seq: int, seat: Seat, move: str) -> None:
        """Store a move the runner is playing, before anyone hears of it."""
        try:
            self.store.add_move(table_id, seq, seat, move)
        except Exception as exc:
            log.exception("table %s: move %d not stored", table_id, seq)
            raise StorageError(str(exc)) from exc

    def _reopen(self, table: NetTable) -> NetTable:
        """The table as stored (a move played in memory could not be stored: it is forgotten).
        Not started: an AI seat whose move could not be stored waits for the next start rather
        than search again and again against a full disk."""
        table.close()
        return self._open(table.record)

    def _ai_ready(self, table_id: str) -> None:
        """An AI seat's search answered: the runner plays its move, everyone is told."""
        table = self.tables.get(table_id)
        if table is None:
            return
        try:
            played = table.step()
        except StorageError:
            self._reopen(table)
            return
        if played:
            self._spawn(self._broadcast(table))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _broadcast(self, table: NetTable) -> None:
        for conn in list(self.watchers[table.id]):
            await self._send_update(conn, whole=False)

    def start(self) -> None:
        """Resume the tables: the AI seats whose turn it was when the server stopped think."""
        for table in self.tables.values():
            table.start()

    async def close(self) -> None:
        for table in self.tables.values():
            table.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.ai.close()
        self.store.close()


def _drop_if_silent(conn: Connection) -> None:
    """A connection that never said hello holds a socket for nothing."""
    if not conn.greeted:
        conn.ws.transport.abort()


def _tls(config: Config) -> ssl.SSLContext | None:
    if config.certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(config.certfile, config.keyfile)
    return context


def _url(scheme: str, host: str, port: int) -> str:
    return f"{scheme}://[{host}]:{port}" if ":" in host else f"{scheme}://{host}:{port}"


async def run(config: Config, ready: Callable[[str], None]) -> None:
    """Serve until SIGTERM or SIGINT; ``ready`` is told the URL once connections are taken."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    server = Server(config, Store(config.data))
    tls = _tls(config)
    try:
        async with serve(server.handle, config.host, config.port, max_size=MAX_FRAME, max_queue=4,
                         ssl=tls, close_timeout=2) as listener:
            port = next(iter(listener.sockets)).getsockname()[1]
            ready(_url("wss" if tls else "ws", config.host, port))
            server.start()
            await stop.wait()
    finally:
        await server.close()
