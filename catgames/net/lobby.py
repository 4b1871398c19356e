"""What the online screens ask a server before any table opens: create a table, claim a seat
by its invite code, ask how a kept table stands.  Each is one short connection that blocks
(bounded by ``TIMEOUT_S``), so the screens run it in a thread (``Pending``) and poll.

Every way it can go wrong ends in a ``LobbyError`` whose ``code`` the screens turn into a
sentence (``online.error.<code>``): a wrong code, an address nobody answers at, a server
speaking another protocol version, a refused set-up; never an exception of the network library.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Generic, TypeVar
from urllib.parse import urlsplit

from catgames.core.catalogue import available_ids
from catgames.net.creation import CODE_ALPHABET, CODE_LENGTH, new_token
from catgames.net.identity import is_server_id
from catgames.net.links import TableLink
from catgames.net.protocol import PROTOCOL, encode

TIMEOUT_S = 8.0  #: longest wait for a server's answer
DEFAULT_PORT = 8765
#: the server's refusals the screens tell apart; any other is ``refused``
KNOWN_REFUSALS = {"old_client": "app_too_old", "new_client": "server_too_old", "bad_code": "bad_code",
                  "limit": "limit", "bad_setup": "bad_setup", "bad_token": "table_gone",
                  "no_table": "table_gone"}

T = TypeVar("T")


class LobbyError(Exception):
    """A server could not do what was asked: ``code`` picks the player's sentence."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True)
class SeatPlan:
    """One seat of a table to host: ``here`` (a player at this computer), ``friend`` (an invite
    to give), or ``ai`` at ``level``."""

    kind: str
    level: str = "normal"

    def to_wire(self) -> dict[str, str]:
        return {"kind": "ai", "level": self.level} if self.kind == "ai" else {"kind": "human"}


@dataclass(frozen=True)
class Hosted:
    """A table just made: its link (every seat played here, with its token) and the invite
    code of each friend's seat, by seat."""

    link: TableLink
    invites: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class TableStatus:
    """How a kept table stands, as its server told one of our seats."""

    seats: list[str]          #: each seat's kind on the server (``human``, ``ai:easy`` …)
    names: list[str]
    to_move: int | None       #: ``None`` once the game is over
    over: bool
    presence: list[str]
    server_id: str = ""       #: the id the server said (``net.identity``); ``""``: none

    def waits_on(self, seats: Collection[int]) -> bool:
        """The game goes on, every invite taken, and one of ``seats`` is to move."""
        return not self.over and "open" not in self.presence and self.to_move in seats


def server_url(text: str) -> str:
    """The ``ws://`` address a player typed (``host``, ``host:port``, ``ws://…``, ``wss://…``),
    or ``LobbyError('bad_address')``."""
    text = text.strip()
    if "://" not in text:
        text = f"ws://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise LobbyError("bad_address", text) from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or any(c.isspace() for c in text):
        raise LobbyError("bad_address", text)
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port or DEFAULT_PORT}{parts.path.rstrip('/')}"


def invite_code(text: str) -> str:
    """An invite code as a person may type it (lower case, spaces, dashes), or
    ``LobbyError('bad_code_form')`` before anything is asked of a server."""
    code = "".join(c for c in text.upper() if c not in " -")
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise LobbyError("bad_code_form", text)
    return code


def _exchange(url: str, message: dict[str, Any], *wanted: str, server_id: str = "") -> dict[str, dict[str, Any]]:
    """Say hello and ``message``; the first answer of each type ``wanted``, by type, and the
    ``welcome`` (the connection is closed after).  With a ``server_id``, ``message`` (a seat's
    token) is sent only once the welcome has said that id: another server now at that address
    gets nothing but the hello (``LobbyError('other_server')``)."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
    from websockets.sync.client import connect
    try:
        with connect(url, open_timeout=TIMEOUT_S, close_timeout=1, max_size=1 << 20) as ws:
            answers: dict[str, dict[str, Any]] = {}
            try:
                ws.send(encode({"type": "hello", "protocol": PROTOCOL, "client": "catgames"}))
                if server_id and _answers(ws, url, answers, "welcome")["welcome"].get("id") != server_id:
                    raise LobbyError("other_server", url)
                ws.send(encode(message))
            except ConnectionClosed:  # a refused hello closes the line: its answer is still read below
                pass
            return _answers(ws, url, answers, *wanted)
    except InvalidURI as exc:
        raise LobbyError("bad_address", str(exc)) from None
    except TimeoutError as exc:
        raise LobbyError("no_answer", str(exc)) from None
    except (OSError, InvalidHandshake) as exc:
        raise LobbyError("unreachable", str(exc)) from None
    except ConnectionClosed as exc:
        raise LobbyError("closed", str(exc)) from None
    except ValueError as exc:  # an answer that is not JSON: not a catgames server
        raise LobbyError("not_catgames", str(exc)) from None


def _answers(ws: Any, url: str, answers: dict[str, dict[str, Any]], *wanted: str) -> dict[str, dict[str, Any]]:
    """``answers`` with the server's next ones, until one of each type ``wanted`` is in."""
    while set(wanted) - set(answers):
        answer = json.loads(ws.recv(timeout=TIMEOUT_S))
        if not isinstance(answer, dict):
            raise LobbyError("not_catgames", url)
        if answer.get("type") == "error":
            code = str(answer.get("code"))
            raise LobbyError(KNOWN_REFUSALS.get(code, "refused"), str(answer.get("message", code)))
        answers.setdefault(str(answer.get("type")), answer)
    return answers


def said_id(answers: dict[str, dict[str, Any]]) -> str:
    """The server's id its welcome said (``""``: none, or not of an id's form)."""
    told = answers.get("welcome", {}).get("id")
    return str(told) if is_server_id(told) else ""


def host_table(url: str, game_id: str, seats: list[SeatPlan], grace_s: int, clock: str,
               options: dict[str, Any] | None = None) -> Hosted:
    """Create the table; claim at once the seats played here besides the creator's (hot-seat
    inside an online table), so only the friends' invites are left to give."""
    if not any(s.kind == "here" for s in seats):
        raise LobbyError("nobody_here")
    first = next(i for i, s in enumerate(seats) if s.kind != "ai")
    if seats[first].kind != "here":
        raise LobbyError("first_person_here")
    message = {"type": "create", "game": game_id, "players": len(seats),
               "seats": [s.to_wire() for s in seats], "token": new_token(), "grace": grace_s, "clock": clock}
    if options:
        message["options"] = options
    answers = _exchange(url, message, "created")
    created = answers["created"]
    others = [i for i, s in enumerate(seats) if s.kind != "ai" and i != first]
    codes = [str(c) for c in created.get("codes", [])]
    if len(codes) != len(others):
        raise LobbyError("refused", f"{len(codes)} invite codes for {len(others)} seats")
    tokens = {int(created["seat"]): str(created["token"])}
    invites: dict[int, str] = {}
    for seat, code in zip(others, codes):
        if seats[seat].kind == "here":
            seated = _exchange(url, {"type": "join", "code": code, "token": new_token()}, "seated")
            tokens[seat] = str(seated["seated"]["token"])
        else:
            invites[seat] = code
    link = TableLink(url, str(created["table"]), game_id, tokens, " ".join(invites.values()),
                     str(created.get("watch", "")), said_id(answers))
    return Hosted(link, invites)


def join_table(url: str, code: str) -> TableLink:
    """Claim the seat that ``code`` invites to."""
    answers = _exchange(url, {"type": "join", "code": invite_code(code), "token": new_token()}, "seated", "update")
    seated, game_id = answers["seated"], str(answers["update"].get("game", ""))
    if game_id not in available_ids():
        raise LobbyError("unknown_game", game_id)
    return TableLink(url, str(seated["table"]), game_id, {int(seated["seat"]): str(seated["token"])},
                     server_id=said_id(answers))


def table_status(link: TableLink) -> TableStatus:
    """How ``link``'s table stands, asked with the first of its seats' tokens (only of the
    server with the link's id, if it has one: ``LobbyError('other_server')``)."""
    _, token = min(link.tokens.items())
    # a look: the seat's player is not at the table for it (the stand-in, whose grace for an
    # absent friend ran out long ago, would play the friend's turn at once)
    answers = _exchange(link.url, {"type": "sit", "table": link.table, "token": token, "look": True}, "update",
                        server_id=link.server_id)
    update = answers["update"]
    outcome, to_move = update.get("outcome"), update.get("to_move")
    return TableStatus([str(s) for s in update.get("seats", [])], [str(n) for n in update.get("names", [])],
                       to_move if isinstance(to_move, int) and outcome is None else None,
                       outcome is not None, [str(p) for p in update.get("presence", [])], said_id(answers))


class Pending(Generic[T]):
    """One lobby call in a thread of its own: ``done``, then ``result`` or ``error``."""

    def __init__(self, call: Callable[[], T]) -> None:
        self.result: T | None = None
        self.error: LobbyError | None = None
        self._thread = threading.Thread(target=self._run, args=(call,), name="lobby", daemon=True)
        self._thread.start()

    def _run(self, call: Callable[[], T]) -> None:
        try:
            self.result = call()
        except LobbyError as exc:
            self.error = exc
        except Exception as exc:  # last resort: a screen waits for an answer, never for ever
            self.error = LobbyError("refused", f"{type(exc).__name__}: {exc}")

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def join(self, timeout_s: float = 3 * TIMEOUT_S) -> None:
        self._thread.join(timeout_s)
