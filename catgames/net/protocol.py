"""The messages of the online protocol and the one check every incoming message goes through.

A message is a JSON object with a ``type``; each type has a fixed set of fields of fixed kinds
(``SCHEMAS``), and anything else is refused before the server looks at it, so a malformed or
hostile frame costs one error answer, never a crash or an odd state.  See docs/network.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable

import orjson

from catgames.net.attendance import CLOCKS

PROTOCOL = 2  #: bumped on any change an older peer would misread (2: undo, presence, watch codes)
MAX_FRAME = 8 * 1024  #: bytes of one incoming frame; larger ones close the connection
MAX_TEXT = 200  #: characters of any text field
MAX_SEATS = 8
TOKEN = re.compile(r"[0-9a-f]{32}")  #: a seat token: 128 bits, lower-case hex
LEVELS = ("random", "easy", "normal", "hard")
HUMAN = "human"
AI = "ai"
MAX_GRACE_S = 7 * 86_400  #: the longest grace period a table may ask for
CLOCK_NAMES = tuple(CLOCKS)
#: the preset cat emotes: only their ids go on the wire; players read ``net.emote.<id>``
EMOTES = ("purr", "meow", "slow_blink", "hiss", "yawn", "paw_wave")


AGAIN = 1013  #: the websocket close code "try again later": the client reconnects (its table is served elsewhere)
POLICY = 1008  #: the close code of a line that broke the protocol


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


Check = Callable[[Any], bool]


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -2**53 < value < 2**53


def _text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and value.isprintable()


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _token(value: Any) -> bool:
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


def _seat_spec(value: Any) -> bool:
    if not isinstance(value, dict) or value.get("kind") not in (HUMAN, AI):
        return False
    if value["kind"] == HUMAN:
        return set(value) == {"kind"}
    return set(value) == {"kind", "level"} and value["level"] in LEVELS


def _seats(value: Any) -> bool:
    return isinstance(value, list) and 0 < len(value) <= MAX_SEATS and all(map(_seat_spec, value))


def _one_of(*allowed: str) -> Check:
    return lambda value: isinstance(value, str) and value in allowed


def _grace(value: Any) -> bool:
    return _int(value) and 0 <= value <= MAX_GRACE_S


def _options(value: Any) -> bool:
    return (isinstance(value, dict) and len(value) <= 16 and all(_text(k) for k in value)
            and all(_text(v) or _int(v) or isinstance(v, bool) for v in value.values()))


@dataclass(frozen=True)
class Field:
    check: Check
    required: bool = True


#: what a client may send: type -> field -> its check
SCHEMAS: dict[str, dict[str, Field]] = {
    "hello": {"protocol": Field(_int), "client": Field(_text, False)},
    "create": {"game": Field(_text), "players": Field(_int), "seats": Field(_seats),
               "options": Field(_options, False), "seed": Field(_int, False),
               "token": Field(_token, False), "grace": Field(_grace, False),
               "clock": Field(_one_of(*CLOCK_NAMES), False)},
    "join": {"code": Field(_text), "token": Field(_token, False)},
    "sit": {"table": Field(_text), "token": Field(_token), "look": Field(_flag, False)},
    "watch": {"code": Field(_text)},
    "move": {"version": Field(_int), "move": Field(_text)},
    "undo": {"version": Field(_int)},
    "sync": {},
    "emote": {"emote": Field(_one_of(*EMOTES))},
    "rematch": {},
}


def decode(frame: str | bytes) -> dict[str, Any]:
    """The message in ``frame``, checked against its schema (``ProtocolError`` saying what is
    wrong otherwise)."""
    if isinstance(frame, bytes):
        raise ProtocolError("malformed", "binary frames are not part of the protocol")
    try:
        message = orjson.loads(frame)  # a sixth of the time ``json`` took on a move's frame
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "a frame must hold one JSON object") from None
    if not isinstance(message, dict) or message.get("type") not in SCHEMAS:
        raise ProtocolError("malformed", f"a message needs a type, one of {', '.join(SCHEMAS)}")
    schema = SCHEMAS[message["type"]]
    extra = set(message) - set(schema) - {"type"}
    if extra:
        raise ProtocolError("malformed", f"unknown field {sorted(extra)[0]!r} in {message['type']}")
    for name, field in schema.items():
        if name not in message:
            if field.required:
                raise ProtocolError("malformed", f"{message['type']} needs the field {name!r}")
        elif not field.check(message[name]):
            raise ProtocolError("malformed", f"{message['type']}: field {name!r} is not valid")
    return message


def encode(message: dict[str, Any]) -> str:
    """One frame: compact JSON (the server's frames are not size-limited, a client's are).
    orjson, not ``json``: a seat's update is encoded after every move, and with ``json`` that
    was a sixth of the server's CPU per move; orjson takes a fifth of the time.  Keys that are
    not text (a game's numbered seats) are written as text, as ``json`` does, by orjson's
    ``OPT_NON_STR_KEYS``; that option doubles orjson's time on every message, so it is asked
    for only when a message has such a key (orjson refused it without).  An integer past 64
    bits, which orjson refuses (This Bed Is Mine's events carry bit masks), sends the message
    through ``json``."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def version_refusal(protocol: int) -> ProtocolError | None:
    """Why a peer speaking ``protocol`` cannot be served, as a sentence it can show; ``None``:
    it can."""
    if protocol < PROTOCOL:
        return ProtocolError("old_client", f"This server speaks protocol {PROTOCOL} and your catgames "
                             f"speaks {protocol}: please update catgames to play here.")
    if protocol > PROTOCOL:
        return ProtocolError("new_client", f"This server speaks protocol {PROTOCOL}, older than your "
                             f"catgames ({protocol}): ask its host to update it.")
    return None
