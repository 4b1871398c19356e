"""The authoritative server: ``python -m catgames serve``.

It holds every table's match, takes each move through ``NetTable.take`` (token, seat to move,
version, rules), commits it to the store (``journal``: one commit per event-loop turn) before
acknowledging it, and sends each connection its own seat's update (``outbox``: written at
once, an ack and its sender's update together).  It listens as soon as it starts: the stored
tables are opened (replayed) in the background, and one a player comes back to first is opened
at once (``_table``), so play resumes soon after a restart however many tables there are.  A
seat whose line dropped is played by the AI stand-in after its table's grace period
(``attendance``).  Bad input costs the sender an error answer or its connection, never the
server: every frame is size-limited by the websocket layer, rate-limited, and checked against
its schema before anything reads it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Awaitable, Callable, Coroutine

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from catgames.ai.seat import Brain
from catgames.core.rules import NOBODY, Seat
from catgames.net.creation import create_table, new_token, rematch_table
from catgames.net.journal import Journal
from catgames.net.limits import CreationLimit, TokenBucket, line_address
from catgames.net.outbox import Outbox, SocketOutbox
from catgames.net.protocol import (AGAIN, POLICY, PROTOCOL, ProtocolError, decode, encode, error,
                                   version_refusal)
from catgames.net.seat_ai import SeatAI, TableWorker
from catgames.net.store import GRACE_S, Storage, TableRecord, token_hash
from catgames.net.table import NetTable
from catgames.net.views import Moment, UpdateCache, moment

log = logging.getLogger(__name__)

#: errors after which the connection is closed: talking on would not help
CLOSING = frozenset({"old_client", "new_client", "hello_first", "flood"})
HELLO_S = 10.0  #: a connection that has not said hello by then is dropped
LOST_RETRY_S = 1.0  #: a table whose last moves could not be stored starts again this long after
EMOTE_RATE, EMOTE_BURST = 0.5, 3.0  #: emotes one connection may send: a few, then one per 2 s


class Elsewhere(Exception):
    """A line names a table another process serves: it is closed with "try again"."""


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
    grace_s: float = GRACE_S  #: a new table's grace period, unless its creator asks for another
    certfile: Path | None = None
    keyfile: Path | None = None
    store: str | None = None  #: a postgresql:// address; None: the SQLite file in ``data``
    bus: str | None = None  #: a redis:// address: one of many processes (``relay``); None: the only one
    idle_s: float = 600.0  #: with a bus: a table nobody is at for this long is let go by its owner (``relay``)
    routed: bool = False  #: with a bus: the proxy sends the lines naming a table to one process (``routing``)
    server_id: str | None = None  #: said in ``welcome`` (``net.identity``); None: none said
    #: reverse proxies whose X-Forwarded-For names the client a limit counts (``limits.client_address``)
    trusted_proxies: frozenset[str] = frozenset()


@dataclass(eq=False)
class Connection:
    ws: ServerConnection
    out: Outbox  #: where its frames are written, at once (a peer that stops reading is dropped)
    address: str
    bucket: TokenBucket
    emotes: TokenBucket
    greeted: bool = False
    table: str | None = None
    seat: Seat = NOBODY
    #: the seat's player is at the table on this line (not a glance: ``sit`` with ``look``)
    present: bool = True
    logged: int = 0  #: turns of the log this connection was sent (a resync sends it whole)
    shown: tuple[Any, ...] = ()  #: (version, undos, presence) of the last update it was sent
    acking: bool = False  #: its change awaits the commit: no update goes before its ack
    #: resolved once its ack is out: its next frame waits for that (``handle``); made only if one came
    acked: asyncio.Future[None] | None = None


@dataclass
class Server:
    """The tables and who is connected to each; ``handle`` serves one connection."""

    config: Config
    store: Storage
    tables: dict[str, NetTable] = field(default_factory=dict)
    watchers: defaultdict[str, set[Connection]] = field(default_factory=lambda: defaultdict(set))
    tasks: set[asyncio.Task[None]] = field(default_factory=set)  #: broadcasts of AI moves
    timers: dict[str, asyncio.TimerHandle] = field(default_factory=dict)  #: grace periods, clocks
    wire: dict[str, UpdateCache] = field(default_factory=lambda: defaultdict(UpdateCache))
    opened: Callable[[str], None] = lambda table_id: None  #: told each table opened here (``relay``)
    #: with a bus: whether an address may create a table, counted across processes (``relay``)
    creations: Callable[[str], Awaitable[bool]] | None = None

    def __post_init__(self) -> None:
        self.creation = CreationLimit(self.config.tables_per_hour)
        self.ai = SeatAI(self.config.ai_iterations)
        self.journal = Journal(self.store, self._lost)
        #: the ids of stored tables not opened yet (``start`` opens them in the background; each
        #: is read from the store when opened); one of many processes opens a table when a line
        #: asks for it (``adopt``): none waits
        self.stored: dict[str, None] = dict.fromkeys(self.store.table_ids() if self.config.bus is None else ())
        self.started = False

    def _table(self, table_id: str | None) -> NetTable | None:
        """The live table ``table_id``, opened now if it still waits in the store."""
        if table_id is None:
            return None
        table = self.tables.get(table_id)
        if table is not None or table_id not in self.stored:
            return table
        del self.stored[table_id]
        return self._resume(table_id)

    def _served(self, table_id: str | None) -> NetTable | None:
        """The live table a line names; one of many processes whose table is served by
        another one now (handed over, or taken over, while the frame waited here) sends the
        line there (``Elsewhere``): its client comes back, and reaches it."""
        table = self._table(table_id)
        if table is None and table_id is not None and self.config.bus is not None and self.store.table(table_id):
            raise Elsewhere(table_id)
        return table

    def _resume(self, table_id: str) -> NetTable | None:
        """Open a stored table and, once the server runs, start it (its AI seat to move thinks)."""
        try:
            record = self.store.table(table_id)
            if record is None:
                return None
            table = self._open(record)
        except Exception:  # one table that no longer replays must not keep the rest down
            log.exception("table %s cannot be resumed", table_id)
            return None
        if self.started:
            table.start()
            self._schedule(table)
        return table

    async def _warm_up(self) -> None:
        """Open every stored table, one per turn of the loop (a replay takes a few milliseconds),
        serving connections between them."""
        while self.stored:
            self._table(next(iter(self.stored)))
            await asyncio.sleep(0)

    def _open(self, record: TableRecord) -> NetTable:
        """The live table of ``record``, its AI seats thinking on the server's AI thread."""
        brain = Brain(lambda: TableWorker(self.ai, lambda: self._ai_ready(record.id)))
        table = self.tables[record.id] = NetTable(record, brain, self.journal.write)
        self.opened(record.id)
        return table

    def adopt(self, table_id: str) -> None:
        """Open a stored table here (its owner now), resumed as after a restart."""
        record = self.store.table(table_id) if table_id not in self.tables else None
        if record is not None:
            table = self._open(record)
            table.start()
            self._schedule(table)

    def release(self, table_id: str) -> None:
        """Another process owns the table now: close it here and drop its lines (they
        reconnect, and reach the new owner)."""
        table = self.tables.pop(table_id, None)
        timer = self.timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        self.wire.pop(table_id, None)
        if table is not None:
            table.close()
        for conn in self.watchers.pop(table_id, set()):
            conn.table = None
            conn.ws.transport.abort()

    # -- connections ------------------------------------------------------------------------
    async def handle(self, ws: ServerConnection, out: Outbox | None = None) -> None:
        """Serve one line: a websocket of this process, or (``out`` given: where its frames go)
        a line another process holds for a client (``relay.Pipe``)."""
        address = line_address(ws, self.config.trusted_proxies)
        now = time.monotonic()
        conn = Connection(ws, out or SocketOutbox(ws), address, TokenBucket(self.config.rate, self.config.burst, now),
                          TokenBucket(EMOTE_RATE, EMOTE_BURST, now))
        silent = asyncio.get_running_loop().call_later(HELLO_S, _drop_if_silent, conn)
        try:
            while True:  # ``recv`` in a loop, not ``async for``: no async generator a frame
                frame = await ws.recv()
                if conn.acking:  # what a line says after a move is answered after that move's ack
                    conn.acked = asyncio.get_running_loop().create_future()
                    await conn.acked
                if (code := await self._answer(conn, frame)) is not None:
                    await ws.close(code, "try again" if code == AGAIN else "policy")
                    break
        except ConnectionClosed:
            pass
        finally:
            silent.cancel()
            self._leave(conn)

    async def _answer(self, conn: Connection, frame: str | bytes) -> int | None:
        """Serve one frame; the code to close the connection with, if it must be closed."""
        try:
            if not conn.bucket.take(time.monotonic()):
                raise ProtocolError("flood", "too many messages: slow down")
            message = decode(frame)
            if not conn.greeted and message["type"] != "hello":
                raise ProtocolError("hello_first", f"say hello with protocol {PROTOCOL} first")
            await getattr(self, f"_on_{message['type']}")(conn, message)
        except Elsewhere:  # the client comes back, and its frame reaches the table's process
            return AGAIN
        except ProtocolError as exc:
            self._send(conn, error(exc.code, exc.message))
            if exc.code == "stale":
                await self._send_update(conn)
            return POLICY if exc.code in CLOSING else None
        except Exception:  # a defect of ours: this connection pays for it, not the server
            log.exception("a message from %s could not be served", conn.address)
            self._send(conn, error("internal", "the server could not serve this message"))
            return POLICY
        return None

    def _send(self, conn: Connection, *messages: dict[str, Any] | str) -> None:
        """Send at once, in one write (``outbox``)."""
        conn.out.post([m if isinstance(m, str) else encode(m) for m in messages])

    async def _send_update(self, conn: Connection, whole: bool = True) -> None:
        """The connection's update once what its table played is committed; ``whole``: with
        the whole log (a resync), else with the turns it has not been sent."""
        while conn.table is not None and self.journal.pending(conn.table):
            # each change queued meanwhile too: a line not sent an update yet is passed over by
            # its table's broadcasts (``shown`` empty), so this is the one it gets
            await self.journal.settled(conn.table)
        text = self._update(conn, whole)
        if text is not None:
            self._send(conn, text)

    def _update(self, conn: Connection, whole: bool, now: Moment | None = None) -> str | None:
        """The text of the connection's update, unless it was sent it already, its own ack must
        go first, or a change of its table is not committed yet (its broadcast follows);
        ``now``: the table's moment, if the caller has it (a broadcast works it out once)."""
        table = self.tables.get(conn.table) if conn.table is not None else None
        if table is None or self.journal.pending(table.id):
            return None
        now = moment(table) if now is None else now
        if not whole and (conn.shown == now or conn.acking):
            return None  # two broadcasts met (the newer one was sent), or its own ack must go first
        if conn.shown[1:2] != now[1:2]:
            whole = True  # an undo took turns of the log back
        text, conn.logged = self.wire[table.id].get(table, conn.seat, 0 if whole else conn.logged, now)
        conn.shown = now
        return text

    async def _sit(self, conn: Connection, table_id: str, seat: Seat, present: bool = True) -> None:
        self._leave(conn)
        conn.table, conn.seat, conn.shown, conn.present = table_id, seat, (), present
        self.watchers[table_id].add(conn)
        if seat != NOBODY and present and self.tables[table_id].joined(seat):
            self._changed(self.tables[table_id])

    def _leave(self, conn: Connection) -> None:
        table = self.tables.get(conn.table) if conn.table is not None else None
        if table is None:
            return
        self.watchers[table.id].discard(conn)
        if conn.seat != NOBODY and conn.present and table.left(conn.seat):
            self._changed(table)
        conn.table = None

    # -- messages ---------------------------------------------------------------------------
    async def _on_hello(self, conn: Connection, message: dict[str, Any]) -> None:
        refusal = version_refusal(message["protocol"])
        if refusal is not None:
            raise refusal
        conn.greeted = True
        welcome = {"type": "welcome", "protocol": PROTOCOL, "server": "catgames"}
        self._send(conn, welcome if self.config.server_id is None else {**welcome, "id": self.config.server_id})

    async def _on_create(self, conn: Connection, message: dict[str, Any]) -> None:
        token = message.get("token")
        held = self.store.seats_of_token(token_hash(token)) if token else []
        if held:  # the same create again (its answer was lost): the table it made
            table = self._table(held[0][0])
            if table is None or (table.record.game, table.record.players) != (message["game"], message["players"]):
                raise ProtocolError("token_used", "this token already holds another seat: draw a new one")
            await self._created(conn, table, held[0][1], token or "")
            return
        if not (self.creation.allow(conn.address, time.monotonic()) if self.creations is None
                else await self.creations(conn.address)):
            raise ProtocolError("limit", "too many tables created from this address: try again later")
        created = create_table(message, self.config.test_seeds, self.config.grace_s)
        self.store.add_table(created.record, time.time())
        table = self._open(created.record)
        await self._created(conn, table, created.seat, created.token)
        table.start()
        self._schedule(table)

    async def _created(self, conn: Connection, table: NetTable, seat: Seat, token: str) -> None:
        codes = [s.code for s in table.record.seats if s.code is not None and s.token_hash is None]
        await self._sit(conn, table.id, seat)
        self._send(conn, {"type": "created", "table": table.id, "seat": seat, "token": token,
                          "codes": codes, "watch": table.record.watch_code})
        await self._send_update(conn)

    async def _on_join(self, conn: Connection, message: dict[str, Any]) -> None:
        token = message.get("token") or new_token()
        hashed = token_hash(token)
        place = self.store.claim(message["code"], hashed)
        if place is None or self._served(place[0]) is None:
            raise ProtocolError("bad_code", "no seat waits for this code")
        table_id, seat = place
        seats = self.tables[table_id].record.seats
        seats[seat] = replace(seats[seat], token_hash=hashed)
        await self._seated(conn, table_id, seat, token)

    async def _seated(self, conn: Connection, table_id: str, seat: Seat, token: str,
                      present: bool = True) -> None:
        await self._sit(conn, table_id, seat, present)
        self._send(conn, {"type": "seated", "table": table_id, "seat": seat, "token": token})
        await self._send_update(conn)

    async def _on_sit(self, conn: Connection, message: dict[str, Any]) -> None:
        table = self._served(message["table"])
        hashed = token_hash(message["token"])
        seats = [i for i, s in enumerate(table.record.seats) if s.token_hash == hashed] if table else []
        if table is None or not seats:
            raise ProtocolError("bad_token", "this token holds no seat at this table")
        # a look (the app's list asking how a table stands) is no player at the table: the
        # stand-in does not start playing an absent friend's seat for it
        await self._seated(conn, table.id, seats[0], message["token"], present=not message.get("look", False))

    async def _on_watch(self, conn: Connection, message: dict[str, Any]) -> None:
        table = self._served(self.store.watched(message["code"]))
        if table is None:
            raise ProtocolError("no_table", "no table is watched with this code")
        await self._sit(conn, table.id, NOBODY)
        await self._send_update(conn)

    async def _on_sync(self, conn: Connection, message: dict[str, Any]) -> None:
        self._table_of(conn)
        await self._send_update(conn)

    def _table_of(self, conn: Connection, seated: bool = False) -> NetTable:
        table = self.tables.get(conn.table) if conn.table is not None else None
        if table is None or (seated and conn.seat == NOBODY):
            raise ProtocolError("not_seated", "sit at a table first" if seated else "sit or watch first")
        return table

    async def _on_move(self, conn: Connection, message: dict[str, Any]) -> None:
        table = self._table_of(conn)
        played = table.take(conn.seat, message["version"], message["move"])
        self._acknowledge(conn, table, {"type": "ack", "move": played})

    async def _on_undo(self, conn: Connection, message: dict[str, Any]) -> None:
        table = self._table_of(conn)
        table.undo(conn.seat, message["version"])
        self._acknowledge(conn, table, {"type": "undone"})

    def _acknowledge(self, conn: Connection, table: NetTable, ack: dict[str, Any]) -> None:
        """Once the change is committed: ``ack`` to its sender, then everyone's update (the
        sender's after its ack, though another change's broadcast may come meanwhile).  Sent by
        the journal as the batch lands (``Journal.after``); the line's next frame waits for it."""
        conn.acking = True
        ack = dict(ack, version=table.version)
        self.journal.after(table.id, lambda stored: self._acked(conn, table, ack, stored))

    def _acked(self, conn: Connection, table: NetTable, ack: dict[str, Any], stored: bool) -> None:
        conn.acking = False
        try:
            if not stored:
                table = self.tables[table.id]  # read back from the store (else: the line is closed below)
                table.start()
                update = self._update(conn, whole=True)  # as stored: the move is to be played again
                self._send(conn, error("storage", "the move could not be stored; play it again"),
                           *([update] if update is not None else []))
                return
            update = self._update(conn, whole=False)
            self._send(conn, ack, *([update] if update is not None else []))
            self._changed(self.tables.get(table.id, table))  # (read back, if its batch was held)
        except Exception:  # a defect of ours: this connection pays for it, as in ``_answer``
            log.exception("the ack to %s could not be sent", conn.address)
            self._send(conn, error("internal", "the server could not serve this message"))
            self._spawn(conn.ws.close(POLICY, "policy"))
        finally:
            if conn.acked is not None and not conn.acked.done():  # (not cancelled: the server stops)
                conn.acked.set_result(None)
                conn.acked = None

    async def _on_emote(self, conn: Connection, message: dict[str, Any]) -> None:
        table = self._table_of(conn, seated=True)
        if not conn.emotes.take(time.monotonic()):
            raise ProtocolError("emote_limit", "one emote at a time: wait a moment")
        said = encode({"type": "emote", "seat": conn.seat, "emote": message["emote"]})
        for other in list(self.watchers[table.id]):
            self._send(other, said)

    async def _on_rematch(self, conn: Connection, message: dict[str, Any]) -> None:
        """The game is over: the same table again, seats rotated; everyone at the old table is
        told where (a player then ``sit``s there with its token, a spectator ``watch``es)."""
        table = self._table_of(conn, seated=True)
        if not table.match.state.is_over():
            raise ProtocolError("not_over", "a rematch is for a game that is over")
        record = table.record
        if record.rematch is None:  # made once, whichever process asks (a takeover may fall between)
            new = rematch_table(record, self.config.test_seeds)
            record.rematch = self.store.add_rematch(record.id, new, time.time())
            if record.rematch == new.id:
                self._open(new).start()
        new_table = self._table(record.rematch)
        made = new_table.record if new_table is not None else self.store.table(record.rematch)
        for other in list(self.watchers[table.id]):
            seat = (other.seat + 1) % record.players if other.seat != NOBODY else NOBODY
            self._send(other, {"type": "rematch", "table": record.rematch, "seat": seat,
                               "watch": made.watch_code if made is not None else None})

    # -- after a change ---------------------------------------------------------------------
    def _lost(self, table_ids: set[str]) -> set[str]:
        """A batch could not be stored: its tables are as stored (what they played in memory is
        forgotten); the ids of those the store holds whole (a line cut during the commit: it did
        land), which go on as if it had been stored.  A table that did lose moves starts again
        ``LOST_RETRY_S`` later (a player told to play again starts it sooner): an AI seat whose
        move was lost searches again then, not at once and again and again against a full disk.
        A table the store cannot give back now is let go: its lines come back, and open it."""
        held: set[str] = set()
        for table_id in table_ids:
            old = self.tables.pop(table_id, None)
            self.wire.pop(table_id, None)
            if old is not None:
                old.close()
            try:
                record = self.store.table(table_id)
            except Exception:
                log.exception("table %s could not be read back after a lost batch", table_id)
                self.release(table_id)
                continue
            if record is not None:
                table = self._open(record)
                for conn in self.watchers[table_id]:
                    table.joined(conn.seat)
                if old is not None and _holds(record, old.record):
                    held.add(table_id)
                    self._start_again(table)
                else:
                    asyncio.get_running_loop().call_later(LOST_RETRY_S, self._start_again, table)
        return held

    def _start_again(self, table: NetTable) -> None:
        """A table read back after a lost batch starts (unless it was let go since)."""
        if self.tables.get(table.id) is table:
            table.start()
            self._schedule(table)

    def _ai_ready(self, table_id: str) -> None:
        """An AI seat's search answered: the runner plays its move, everyone is told."""
        table = self.tables.get(table_id)
        if table is not None and table.step():
            self._changed(table)

    def _changed(self, table: NetTable) -> None:
        """Something every line at ``table`` must see happened (a move, a seat's presence):
        they are sent it now, or once it is committed."""
        self._schedule(table)
        if self.journal.pending(table.id):
            self._spawn(self._broadcast_committed(table))
        else:
            self._broadcast(table)

    def _schedule(self, table: NetTable) -> None:
        """Wake up when the table's next grace period or move clock runs out."""
        old = self.timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        deadline = table.attendance.next_deadline(table.clock())
        if deadline is not None and not table.match.state.is_over():
            loop = asyncio.get_running_loop()
            self.timers[table.id] = loop.call_at(loop.time() + max(0.0, deadline - table.clock()) + 0.001,
                                                 self._due, table.id)

    def _due(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        self.timers.pop(table_id, None)
        if table is None:
            return
        if table.attend():
            self._changed(table)
        else:
            self._schedule(table)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _broadcast_committed(self, table: NetTable) -> None:
        """The broadcast, once the change is committed; if its batch was lost, of the table as
        read back (the one it had in memory, told as shown, hid that table's next change)."""
        await self.journal.settled(table.id)
        current = self.tables.get(table.id)
        if current is not None:
            self._broadcast(current)

    def _broadcast(self, table: NetTable) -> None:
        now = moment(table)
        for conn in list(self.watchers[table.id]):
            if conn.shown:  # a line just seated is sent its first update by its own answer
                text = self._update(conn, whole=False, now=now)
                if text is not None:
                    self._send(conn, text)
        if not self.journal.pending(table.id):
            table.runner.forget_updates()  # its texts are kept (``wire``); a later line's are made anew

    def start(self) -> None:
        """Resume the tables: the AI seats whose turn it was when the server stopped think."""
        self.started = True
        for table in self.tables.values():
            table.start()
            self._schedule(table)
        self._spawn(self._warm_up())

    async def close(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        for table in self.tables.values():
            table.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.journal.close()
        self.ai.close()
        self.store.close()


def _drop_if_silent(conn: Connection) -> None:
    """A connection that never said hello holds a socket for nothing."""
    if not conn.greeted:
        conn.out.abort()


def _holds(stored: TableRecord, played: TableRecord) -> bool:
    """The store holds every change ``played`` had in memory (maybe more since, made elsewhere)."""
    return stored.skipped == played.skipped and stored.moves[:len(played.moves)] == played.moves
