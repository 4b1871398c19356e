"""Many server processes in front of one store (``serve --bus redis://…``): any process takes
any client, and each of its frames reaches the one process that owns the table it is about.

A client's line is read by the process it reached (its *edge*).  The edge looks at each frame
that names a table (``create``, ``join``, ``sit``, ``watch``) and asks the bus who owns that
table; nobody alive: it takes the table itself (opened from the store, where every
acknowledged move already is).  The line is then served by the owner's ``Server.handle``
over a ``Pipe``: on the edge's own server directly, or over Redis (the edge publishes the
client's frames to the owner, the owner publishes what it sends back).  A line that moves to
another owner says ``hello`` again there (its ``welcome`` is not passed on).

A process whose heartbeat stops (``kill -9``): the edges close the lines they passed to it,
and it closes the lines it served for them; the clients reconnect (to any process), sit again,
and the table is taken over by the process their line reached.  A table whose lease another
process took is closed here (``Server.release``): its lines reconnect to the new owner.

Routed lines (``serve --routed``, ``routing``): the proxy sends every line that names a table in
its URL to one process, which asks the table's owner to hand it over (``HAND``: the owner
closes it, waits for its journal and lets go of its lease) and then owns it, so the table's
frames stop crossing Redis.  A line that learns its table (``created``, ``seated``) while its URL
names another, or none, is closed with "try again" once told: its client comes back naming it.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Protocol, Sequence, cast

from redis.exceptions import RedisError
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK

from catgames.net.bus import TICK_S, Bus, stopped
from catgames.net.journal import Journal
from catgames.net.limits import line_address
from catgames.net.outbox import Outbox, SocketOutbox
from catgames.net.protocol import AGAIN
from catgames.net.routing import key_of
from catgames.net.store import Storage, token_hash

log = logging.getLogger(__name__)

OPEN, FRAME, END, TEXT, CLOSE, HAND = "o", "f", "e", "t", "x", "h"  #: the kinds of messages between processes
MOST_QUEUED = 1000  #: messages waiting for one slow client before its line is dropped
SEND_S = 10.0
LINES = "\n"  #: between the texts of one TEXT message (compact JSON holds no raw newline)
NAMING = ('"sit"', '"join"', '"watch"', '"create"')  #: a frame that may name a table holds one of these
PLACED = ('"created"', '"seated"')  #: a text that tells a line its table holds one of these
HAND_WAIT_S, HAND_TRIES = 0.05, 40  #: how often, and how many times, a routed line looks whether its table was handed over
#: a table a routed line took is not handed over again for this long: a proxy that does not
#: route by table (keyed lines landing anywhere) cannot make two processes pass it back and forth
HOLD_S = 30.0


class Owner(Protocol):
    """What the cluster asks of this process's ``Server`` (``server.py`` imports this module)."""

    store: Storage
    config: Any
    journal: Journal
    tables: dict[str, Any]
    watchers: Any  #: table -> the lines at it
    timers: dict[str, Any]  #: table -> its next grace period or move clock

    async def handle(self, ws: ServerConnection, out: Outbox | None = None) -> None: ...
    def adopt(self, table_id: str) -> None: ...
    def release(self, table_id: str) -> None: ...


Out = Callable[[list[str | int]], None]  #: texts for a line, in order, and (a number) its close


class Pipe:
    """What ``Server.handle`` reads and writes for one line that is not its own websocket:
    frames are ``feed``-ed in; what the server posts goes to ``out`` at once, in one call per
    post (texts, then the close code once closed), unless ``claims`` are being taken: then
    once they are (see ``Cluster._claimed``)."""

    def __init__(self, address: str, out: Out, claims: set[asyncio.Future[Any]]) -> None:
        self.remote_address = (address, 0)
        self.transport = self  #: ``transport.abort()`` drops the line, as on a websocket
        self._out = out
        self._claims = claims
        self._frames: asyncio.Queue[str | None] = asyncio.Queue()
        self._posted: list[str | int] = []  #: posted while claims were being taken, to go out in order
        self._writer: asyncio.Task[None] | None = None
        self.ended = False

    def post(self, texts: Sequence[str]) -> None:
        """The server's ``Outbox``: the frames go out in order, without the server waiting."""
        if self.ended:
            return
        self._posted.extend(texts)
        if self._writer is not None and not self._writer.done():
            return
        if self._claims:
            self._writer = asyncio.get_running_loop().create_task(self._write())
        else:
            self._flush()

    async def _write(self) -> None:
        if self._claims:
            await asyncio.wait(set(self._claims))
        self._flush()

    def _flush(self) -> None:
        posted, self._posted = self._posted, []
        if not posted:
            return
        try:
            self._out(posted)
        except Exception:  # the bus failing: the line is as good as cut
            log.exception("a relayed line could not be written")
            self.abort()

    def feed(self, frame: str | None) -> None:
        """A frame from the client; ``None``: its line is gone."""
        self._frames.put_nowait(frame)

    async def recv(self) -> str:
        """The client's next frame, as a websocket's ``recv``: ``ConnectionClosedOK`` once the
        line is gone (and at every call after)."""
        frame = await self._frames.get()
        if frame is None:
            self._frames.put_nowait(None)
            raise ConnectionClosedOK(None, None)
        return frame

    async def close(self, code: int = 1000, reason: str = "") -> None:
        if not self.ended:
            self.ended = True
            self.feed(None)
            self._posted.append(code)
            await self._write()

    def abort(self) -> None:
        asyncio.get_running_loop().create_task(self.close(1011))

    def cut(self) -> None:
        """The line is gone (or moved to another owner): what still waits to go out is dropped
        (it must not reach the client after what its new owner sends)."""
        self.ended = True
        self._posted.clear()
        self.feed(None)


@dataclass(eq=False)
class Edge:
    """A client's line as the process it reached holds it: where its frames go now."""

    ws: ServerConnection
    address: str
    key: str | None = None  #: the table its URL names ("": none yet; ``None``: it does not route by table)
    owner: str = ""  #: the process serving it ("" while none)
    session: str = ""  #: its id there (a remote owner)
    pipe: Pipe | None = None  #: its pipe (this process the owner)
    hello: str | None = None  #: said again to a new owner
    swallow: bool = False  #: the next welcome is the repeated hello's: not the client's
    outbox: list[str | int] = field(default_factory=list)
    draining: bool = False


class Cluster:
    """This process's part: the edges of its clients' lines and the lines it owns for others."""

    def __init__(self, server: Owner, address: str) -> None:
        self.server = server
        self.bus = Bus(address, self._heard, self._bury, self._lost)
        self.edges: dict[str, Edge] = {}  #: session -> edge, for lines passed to another owner
        self.hosted: dict[str, Pipe] = {}  #: session -> pipe, for lines other edges pass here
        self.peers: defaultdict[str, set[str]] = defaultdict(set)  #: process -> its sessions here or ours there
        self._numbers = itertools.count()
        self._tasks: set[asyncio.Future[Any]] = set()
        self._claims: set[asyncio.Future[Any]] = set()  #: leases being taken for tables opened here
        self._quiet: dict[str, tuple[int, float]] = {}  #: table -> (its version, since when nobody is at it)
        self._held: dict[str, float] = {}  #: table -> when a routed line took it here (``HOLD_S``)

    async def start(self) -> None:
        await self.bus.start()
        self._spawn(self._tick())

    async def close(self) -> None:
        await stopped(set(self._tasks))
        await self.bus.close(list(self.server.tables))

    # -- the edge: a client's line ----------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        edge = Edge(ws, line_address(ws, self.server.config.trusted_proxies), key_of(ws.request.path)
                    if self.server.config.routed and ws.request is not None else None)
        try:
            while True:  # as ``Server.handle`` reads its lines
                data = await ws.recv()
                frame = data if isinstance(data, str) else data.decode(errors="replace")
                await self._route(edge, frame)
                self._pass(edge, frame)
        except ConnectionClosed:
            pass
        except Exception as exc:  # Redis or the store out of reach: the client tries again soon
            log.warning("a line was closed: %s", exc)
            await ws.close(AGAIN, "try again")
        finally:
            self._leave(edge)

    async def _route(self, edge: Edge, frame: str) -> None:
        """Before ``frame`` is passed on: the line goes to the owner of the table it names."""
        table = self._names(frame) if edge.owner else None
        if edge.owner and table is None:
            return
        if edge.hello is None and not edge.owner:
            edge.hello = frame
        if table is None:
            owner = self.bus.id
        elif table == edge.key:
            owner = await self._handed(table)
        else:
            owner = await self.bus.owner(table, table in self.server.tables)
        if not owner:
            raise ConnectionError("Redis is settling after a restart")
        if owner == self.bus.id and table is not None and table not in self.server.tables:
            self.server.adopt(table)
        if owner != edge.owner:
            moving = bool(edge.owner)
            self._leave(edge)
            self._join(edge, owner)
            if moving and edge.hello is not None:
                edge.swallow = True
                self._pass(edge, edge.hello)

    async def _handed(self, table: str) -> str:
        """The owner of ``table`` for a line routed here by it: this process, once the owner it
        asks has handed the table over (else, after ``HAND_TRIES``, the owner that kept it)."""
        owner = ""
        for _ in range(HAND_TRIES):
            owner = await self.bus.owner(table, table in self.server.tables)
            if owner in (self.bus.id, ""):
                break
            self.bus.post(owner, HAND, "", table)
            await asyncio.sleep(HAND_WAIT_S)
        if owner == self.bus.id:
            self._held.setdefault(table, time.monotonic())
        return owner

    async def _hand_over(self, table: str) -> None:
        """Another process asks for ``table``, whose lines are routed to it: closed here (its
        lines reconnect, and reach it), its last moves committed, then its lease let go."""
        if table not in self.server.tables or time.monotonic() - self._held.get(table, -HOLD_S) < HOLD_S:
            return
        self.server.release(table)
        await self.server.journal.settled(table)
        await self.bus.let_go([table])

    def _names(self, frame: str) -> str | None:
        """The table a frame names, if it names one (as the store knows it)."""
        if not any(kind in frame for kind in NAMING):  # a move, say: not read further
            return None
        try:
            message = json.loads(frame)
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "sit" and isinstance(message.get("table"), str):
                return str(message["table"])
            code = message.get("code") if kind in ("join", "watch") else None
            if isinstance(code, str):
                return self.server.store.invited(code) if kind == "join" else self.server.store.watched(code)
            token = message.get("token") if kind == "create" else None
            held = self.server.store.seats_of_token(token_hash(token)) if isinstance(token, str) else []
            return held[0][0] if held else None
        except (ValueError, AttributeError):  # not JSON: the owner answers it as ever
            return None

    def _join(self, edge: Edge, owner: str) -> None:
        edge.owner = owner
        if owner == self.bus.id:
            edge.pipe = Pipe(edge.address, lambda outs: self._deliver(edge, outs), self._claims)
            self._spawn(self.server.handle(cast(ServerConnection, edge.pipe), edge.pipe))
            return
        edge.session = f"{self.bus.id}/{next(self._numbers)}"
        self.edges[edge.session] = edge
        self.peers[owner].add(edge.session)
        self.bus.post(owner, OPEN, edge.session, edge.address)

    def _pass(self, edge: Edge, frame: str) -> None:
        if edge.pipe is not None:
            edge.pipe.feed(frame)
        elif edge.session:
            self.bus.post(edge.owner, FRAME, edge.session, frame)

    def _leave(self, edge: Edge) -> None:
        """The line leaves its owner (it closed, or moves to another)."""
        if edge.pipe is not None:
            edge.pipe.cut()
        elif edge.session:
            self.bus.post(edge.owner, END, edge.session)
            self.edges.pop(edge.session, None)
            self.peers[edge.owner].discard(edge.session)
        edge.owner, edge.session, edge.pipe = "", "", None

    async def _claimed(self) -> None:
        """Nothing is sent while a lease is being taken: once a client hears of a table (its
        code, say), the table's lease is held, and a line of its that reaches another process is
        passed here rather than taking the table away."""
        if self._claims:
            await asyncio.wait(set(self._claims))

    def _deliver(self, edge: Edge, outs: list[str | int]) -> None:
        """To the client, in the order given: texts, or (a number) the close of its line.
        Queued at once (a wait before queueing would let a later frame overtake an earlier
        one, the client then answering an update older than one it was sent), and written at
        once in one write (``SocketOutbox``) unless a lease is being taken, older ones wait or
        the line is to close (then in order by ``_drain``)."""
        for out in outs:
            if edge.swallow and isinstance(out, str) and '"welcome"' in out:
                edge.swallow = False
            else:
                edge.outbox.append(out)
            if isinstance(out, str) and self._placed_elsewhere(edge, out):
                edge.outbox.append(AGAIN)
                break
        if len(edge.outbox) > MOST_QUEUED:
            edge.ws.transport.abort()
        elif not edge.draining and edge.outbox:
            edge.draining = True
            if self._claims or any(isinstance(out, int) for out in edge.outbox):
                self._spawn(self._drain(edge))
            else:
                self._written(edge)

    @staticmethod
    def _placed_elsewhere(edge: Edge, text: str) -> bool:
        """``text`` tells the line its table, and the line's URL names another (or the empty
        one): the proxy did not route it by that table, and its client comes back naming it."""
        if edge.key is None or not any(kind in text for kind in PLACED):
            return False
        message = json.loads(text)
        return message.get("type") in ("created", "seated") and message.get("table") != edge.key

    def _written(self, edge: Edge) -> None:
        """The texts waiting for ``edge`` written in one go (a client that stops reading is
        dropped once too much waits for it: ``SocketOutbox``)."""
        texts, edge.outbox = cast(list[str], edge.outbox), []
        SocketOutbox(edge.ws).post(texts)
        edge.draining = False

    async def _drain(self, edge: Edge) -> None:
        try:
            while edge.outbox:
                await self._claimed()
                out = edge.outbox.pop(0)
                async with asyncio.timeout(SEND_S):
                    if isinstance(out, int):
                        await edge.ws.close(out if out != 1011 else 1012)
                    else:
                        await edge.ws.send(out)
        except (ConnectionClosed, TimeoutError):
            edge.ws.transport.abort()
        finally:
            edge.draining = False

    # -- the owner: lines other processes pass here -----------------------------------------
    def _heard(self, kind: str, session: str, data: str) -> None:
        if kind == HAND:
            self._spawn(self._hand_over(data))
        elif kind == FRAME:
            pipe = self.hosted.get(session)
            if pipe is not None:
                self._take(pipe, data)
        elif kind == OPEN:
            self._host(session, data)
        elif kind == END:
            self.peers[session.split("/", 1)[0]].discard(session)
            pipe = self.hosted.pop(session, None)
            if pipe is not None:
                pipe.cut()
        elif kind in (TEXT, CLOSE):
            edge = self.edges.get(session)
            if edge is not None:
                self._deliver(edge, list(data.split(LINES)) if kind == TEXT else [int(data)])

    def _take(self, pipe: Pipe, frame: str) -> None:
        """A frame of a line passed here: served, unless it names a table this process does not
        hold (it let the table go as the line was passed here) or the store is out of reach to
        tell: then the line is closed with "try again", and its client's ``sit`` finds the owner."""
        try:
            table = self._names(frame)
        except Exception:
            table = ""
        if table is not None and table not in self.server.tables:
            self._spawn(pipe.close(AGAIN))
        else:
            pipe.feed(frame)

    def _host(self, session: str, address: str) -> None:
        edge_process = session.split("/", 1)[0]

        def out(outs: list[str | int]) -> None:
            texts = [text for text in outs if isinstance(text, str)]
            if texts:  # an ack and its update: one message
                self.bus.post(edge_process, TEXT, session, LINES.join(texts))
            for code in outs[len(texts):]:
                self.hosted.pop(session, None)
                self.bus.post(edge_process, CLOSE, session, str(code))
        pipe = self.hosted[session] = Pipe(address, out, self._claims)
        self.peers[edge_process].add(session)
        self._spawn(self.server.handle(cast(ServerConnection, pipe), pipe))

    # -- every half second --------------------------------------------------------------------
    async def _tick(self) -> None:
        while True:
            try:
                await self.bus.beat()
                for table_id in await self.bus.renew(list(self.server.tables)):
                    self.server.release(table_id)
                await self._let_go_idle(time.monotonic())
                for process in [p for p, sessions in self.peers.items() if not sessions]:
                    del self.peers[process]
                self._bury(set(self.peers) - await self.bus.alive(list(self.peers)))
            except Exception:  # Redis away a moment: try again next time
                log.exception("the heartbeat could not be sent")
            await asyncio.sleep(TICK_S)

    async def _let_go_idle(self, now: float) -> None:
        """Close the tables nobody has been at, with nothing due, for ``idle_s`` (their lease let
        go first: a line that comes back later reopens the table wherever it lands)."""
        idle = []
        for table_id, table in self.server.tables.items():
            if self.server.watchers.get(table_id) or table_id in self.server.timers:
                self._quiet.pop(table_id, None)
                continue
            version, since = self._quiet.setdefault(table_id, (table.version, now))
            if version != table.version:
                self._quiet[table_id] = (table.version, now)
            elif now - since >= self.server.config.idle_s:
                idle.append(table_id)
        if idle:
            await self.bus.let_go(idle)
        for table_id in idle:
            self._quiet.pop(table_id, None)
            if not self.server.watchers.get(table_id):  # nobody came back meanwhile
                self.server.release(table_id)
        for table_id in set(self._quiet) - set(self.server.tables):
            del self._quiet[table_id]
        for table_id in set(self._held) - set(self.server.tables):
            del self._held[table_id]

    def _lost(self) -> None:
        """Messages between processes may have been lost (Redis away): every line that crosses
        to another process is closed, so that its client reconnects and resyncs."""
        self._bury(set(self.peers))

    def _bury(self, dead: set[str]) -> None:
        """Processes found dead (a heartbeat expired, a message nobody heard): the lines passed
        to them are closed (the clients reconnect), and those they passed here end."""
        for process in dead:
            for session in self.peers.pop(process, set()):
                edge = self.edges.pop(session, None)
                if edge is not None:
                    edge.ws.transport.abort()
                pipe = self.hosted.pop(session, None)
                if pipe is not None:
                    pipe.cut()

    async def creations(self, address: str) -> bool:
        """The tables-per-address limit, counted in Redis across every process."""
        return await self.bus.may_create(address, self.server.config.tables_per_hour)

    def claim(self, table_id: str) -> None:
        """A table opened here (made, or taken from the store): its lease, at once; should
        another live process hold it, the table is closed here at once (not at the next
        renewal), so no line stays at a table that is not its owner's."""
        claim = self._spawn(self._claim(table_id))
        self._claims.add(claim)
        claim.add_done_callback(self._claims.discard)

    async def _claim(self, table_id: str) -> None:
        try:
            owner = await self.bus.owner(table_id, opened=True)
        except (RedisError, OSError):  # Redis away: the next renewal takes the lease if it is free
            return
        if owner != self.bus.id:
            self.server.release(table_id)

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task
