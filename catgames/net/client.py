"""A client of the server that never blocks its caller: a thread talks to the server, the
caller ``poll``s what arrived and ``send``s its moves, as the app does with the AI worker.

The thread reconnects by itself with a bounded backoff and sits again with its seat token, so
a dropped line costs a moment, not the game; the server then sends the seat's current update
(a resync).  A server never reached at all is given up on sooner (``Backoff.first_contact_s``):
a player looking at the connecting screen is told in seconds, not after the whole backoff.  A
client given its server's id (``net.identity``) tells its seat's token only to a server whose
welcome says that id: another one now at the address counts as no server reached.
``create`` and ``join`` carry a token the client drew, so one repeated after a lost answer
finds the same seat instead of making another.  Later the app's remote seat
(a ``SeatPlayer`` of the runner) wraps one of these.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect
from websockets.sync.connection import Connection

from catgames.net.creation import new_token
from catgames.net.protocol import PROTOCOL, encode
from catgames.net.routing import keyed

#: refusals that another try would only repeat
FATAL = frozenset({"old_client", "new_client", "bad_token", "bad_code", "no_table", "bad_setup", "limit"})
MAX_INCOMING = 1 << 20  #: bytes of one frame from the server (a view is a few KB)
OPEN_S = 5.0  #: longest wait for one connection's handshake


@dataclass(frozen=True)
class Backoff:
    """Waits between attempts to reconnect: ``first_s`` doubling up to ``most_s``, for at most
    ``tries`` attempts in a row (then the client gives up and says so); a server that was never
    reached is given up on once ``first_contact_s`` has passed since the client started."""

    first_s: float = 0.05
    most_s: float = 2.0
    tries: int = 40
    first_contact_s: float = 10.0

    def delay(self, attempt: int) -> float:
        return float(min(self.most_s, self.first_s * 2 ** min(attempt - 1, 30)))


class NetClient:
    """One seat's (or a spectator's) line to the server; messages arrive as dicts in order.

    Besides the server's messages, ``poll`` yields ``{"type": "reconnecting", "attempt": n}``
    while the line is down and ``{"type": "gone", "reason": ...}`` once the client gave up.
    """

    def __init__(self, url: str, intent: dict[str, Any], *, backoff: Backoff = Backoff(),
                 clock: Callable[[], float] = time.monotonic, server_id: str = "") -> None:
        self.url = url
        self.server_id = server_id  #: the id the server must say in its welcome (``""``: any)
        self.backoff = backoff
        self._clock = clock
        self._given_up_at = clock() + backoff.first_contact_s  #: until the server is first reached
        self._reached = False  #: a connection to the server was opened once
        self._intent = dict(intent)
        if self._intent["type"] in ("create", "join"):
            self._intent.setdefault("token", new_token())
        #: the table it sits at, named in its URL (``routing``): known already to a ``sit``
        self.table: str | None = self._intent["table"] if self._intent["type"] == "sit" else None
        self.token: str | None = self._intent.get("token")
        #: each message with the number of the line it came on (``reconnecting``: the next one's)
        self._inbox: queue.Queue[tuple[int, dict[str, Any]]] = queue.Queue()
        self._line = 0  #: the number of the line messages arrive on now
        self._taken_line = 0  #: the line of the message the caller took last
        self._ws: Connection | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._failures = 0
        self._log: list[Any] = []  #: the table's log so far (updates carry only its new turns)
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)

    def start(self) -> "NetClient":
        self._thread.start()
        return self

    def poll(self) -> dict[str, Any] | None:
        """The next message, or ``None`` if none has arrived (never blocks)."""
        return self.wait(0.0)

    def wait(self, timeout_s: float) -> dict[str, Any] | None:
        """The next message, waiting at most ``timeout_s`` for one."""
        try:
            line, message = self._inbox.get(timeout=timeout_s) if timeout_s > 0 else self._inbox.get_nowait()
        except queue.Empty:
            return None
        self._taken_line = line
        return message

    def send(self, message: dict[str, Any]) -> bool:
        """Send now if the line is up (``False``: it is not; the resync after reconnecting will
        show whether the move is still wanted).  Not sent either while the caller still reads
        what an earlier line said: a move chosen from it, sent on the new line, would answer
        an update older than the resync already on its way (and repeat a move it had made)."""
        with self._lock:
            ws = self._ws if self._taken_line == self._line else None
        if ws is None:
            return False
        try:
            ws.send(encode(message))
        except (ConnectionClosed, OSError):
            return False
        return True

    def sit(self, table: str) -> bool:
        """Take this client's seat at ``table``, where its token holds one (a rematch); the
        server answers ``seated`` and the seat's update."""
        if self.token is None:
            return False
        self.table, self._log = table, []
        return self.send({"type": "sit", "table": table, "token": self.token})

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            ws = self._ws
        if ws is not None:
            ws.close()
        self._thread.join(timeout=10.0)

    # -- the thread -------------------------------------------------------------------------
    def _opening(self) -> dict[str, Any]:
        """The first message after hello: sit again once seated, else the caller's intent."""
        if self.table is not None and self.token is not None:
            return {"type": "sit", "table": self.table, "token": self.token}
        return self._intent

    def _run(self) -> None:
        while not self._stop.is_set():
            refusal = self._session()
            if refusal is not None or self._stop.is_set():
                self._tell({"type": "gone", "reason": refusal or "closed"})
                return
            self._failures += 1
            if self._failures > self.backoff.tries or self._first_contact_left() <= 0:
                self._tell({"type": "gone", "reason": "unreachable"})
                return
            with self._lock:
                self._line += 1
            self._tell({"type": "reconnecting", "attempt": self._failures})
            self._stop.wait(max(0.0, min(self.backoff.delay(self._failures), self._first_contact_left())))

    def _tell(self, message: dict[str, Any]) -> None:
        self._inbox.put((self._line, message))

    def _first_contact_left(self) -> float:
        """Seconds left to reach the server for the first time (once reached: no limit)."""
        return float("inf") if self._reached else self._given_up_at - self._clock()

    def _session(self) -> str | None:
        """One connection, until it ends; the code of a refusal that ends the client, if any."""
        opening = max(0.5, min(OPEN_S, self._first_contact_left()))
        try:
            with connect(keyed(self.url, self.table), open_timeout=opening, close_timeout=1, max_size=MAX_INCOMING) as ws:
                self._reached = not self.server_id or self._reached  # a server with any id will do
                ws.send(encode({"type": "hello", "protocol": PROTOCOL, "client": "catgames"}))
                if self.server_id:
                    first = json.loads(ws.recv(timeout=opening))
                    if not isinstance(first, dict) or (first.get("type") == "welcome"
                                                       and first.get("id") != self.server_id):
                        return None  # another server: not reached, and told nothing
                    self._tell(first)
                    if first.get("type") == "error" and first.get("code") in FATAL:
                        return str(first["code"])
                self._reached = True
                ws.send(encode(self._opening()))
                with self._lock:  # ``close`` sets the stop before it looks for a line to close
                    if self._stop.is_set():
                        return None
                    self._ws = ws
                for frame in ws:
                    message = json.loads(frame)
                    self._note(message)
                    self._tell(message)
                    if message.get("type") == "error" and message.get("code") in FATAL:
                        return str(message["code"])
        except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError, ValueError) as exc:
            if isinstance(exc, InvalidURI):
                return "bad_url"
        finally:
            with self._lock:
                self._ws = None
        return None

    def _note(self, message: dict[str, Any]) -> None:
        """Remember the seat once the server gives it, to sit again after a drop; make each
        update's log whole again from the turns sent before."""
        if message.get("type") == "update":
            self._log = self._log[:message.pop("log_from")] + message["log"]
            message["log"] = self._log
        if message.get("type") in ("created", "seated"):
            self.table, self.token = message["table"], message["token"]
            self._failures = 0
        elif message.get("type") == "update" and self._intent["type"] == "watch":
            self._failures = 0
