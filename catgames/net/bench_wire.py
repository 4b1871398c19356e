"""A scripted load client's line during the timed play: RFC 6455 frames written and read on the
socket's callbacks, without the websockets library's machinery.

``bench net``'s scripted clients (``bench_clients``) open, create, join and sit again through
the websockets library (not timed, rare, their messages read whole); for the play each line's
transport is handed to a ``Wire`` (``take_over``).  A move goes out as one masked text frame
written straight to the socket; the server's frames are parsed as their bytes arrive (lengths of
7, 16 or 64 bits, frames split anywhere) and each text is handed on as bytes, of which the
client reads one number (``update_version``).  The library's client spent on every message a
coroutine, a future, a timeout and its frame and message objects: on a machine whose cores the
clients share with the servers, a third of the CPU the whole bench needed per move went there.
What the server sees is unchanged: a websocket line whose frames are masked, a PING every 20 s
as from a player's app, the server's PINGs answered by PONGs, its CLOSE answered, the TCP
connection left for it to close.

The masking keys are drawn from a seeded-once pseudo-random generator, not the system's secure
one: masking protects proxies from bytes a hostile web page chooses, and a load generator sends
its own script.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
from typing import Callable, cast

from websockets.asyncio.client import ClientConnection
from websockets.protocol import State

from catgames.net.fast_read import between_frames

OP_CONTINUATION, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
FIN, MASKED = 0x80, 0x80
CLOSE_S = 10.0  #: longest wait for the server to end a line this side closed (the library's default)
PING_S = 20.0  #: each line pings the server this often, as a player's app does (the library's ``ping_interval``)
NORMAL, PROTOCOL_ERROR = 1000, 1002  #: close codes
UPDATE, ERROR, VERSION = b'"type":"update"', b'"type":"error"', b'"version":'
_KEYS = random.Random(os.urandom(16))
_RECEIVING = bytearray(1 << 18)  #: every wire's socket reads into this one buffer (the loop reads one at a time)
_RECEIVED = memoryview(_RECEIVING)

Heard = Callable[[bytes], None]  #: a text (or binary) message the server sent
Lost = Callable[[], None]  #: the line ended without this side closing it


class ProtocolError(Exception):
    """The server sent what RFC 6455 does not allow it to."""


def masked_frame(payload: bytes, opcode: int = OP_TEXT, key: bytes | None = None) -> bytes:
    """A client's frame, whole (FIN), its payload masked by ``key`` (four bytes; drawn if not given)."""
    if key is None:
        key = _KEYS.getrandbits(32).to_bytes(4, "big")
    size = len(payload)
    if size < 126:
        head = bytes((FIN | opcode, MASKED | size))
    elif size < 1 << 16:
        head = bytes((FIN | opcode, MASKED | 126)) + size.to_bytes(2, "big")
    else:
        head = bytes((FIN | opcode, MASKED | 127)) + size.to_bytes(8, "big")
    keys = (key * (size // 4 + 1))[:size]
    masked = (int.from_bytes(payload, "little") ^ int.from_bytes(keys, "little")).to_bytes(size, "little")
    return head + key + masked


def update_version(payload: bytes) -> int | None:
    """The version of an update (``None``: the message is no update), read without parsing the
    rest: an update's own ``version`` is its first key that holds one (only its ``seat`` comes
    before it; its view and log follow).  A refusal raises: a scripted client never expects one."""
    if payload.find(UPDATE) < 0:
        if payload.find(ERROR) >= 0:
            raise RuntimeError(f"the server refused: {json.loads(payload)['message']}")
        return None
    at = payload.find(VERSION) + len(VERSION)
    end = at
    while 48 <= payload[end] <= 57:  # the digits
        end += 1
    return int(payload[at:end])


class Wire(asyncio.BufferedProtocol):
    """A client line's frames, both ways, on the transport's callbacks (``take_over`` hands a
    line to one).  ``heard`` gets each message whole, ``lost`` is told once if the server ends
    the line (a CLOSE, or the connection lost) before this side asked to.  Its socket is read
    into a buffer shared by all wires (a ``BufferedProtocol``): a plain protocol's transport
    makes a 256 KB bytes object for each read, three memory-mapping system calls a message."""

    def __init__(self, heard: Heard, lost: Lost, line: ClientConnection | None = None) -> None:
        self.heard, self.lost = heard, lost
        self.transport: asyncio.Transport | None = None
        self._line = line  #: the library's connection it came from: told when the line is gone
        self._held = bytearray()  #: the start of a frame not arrived whole
        self._needed = 2  #: bytes ``_held`` must reach before it is worth parsing again
        self._fragments: list[bytes] | None = None  #: a message sent in several frames, so far
        self._closing = False  #: this side sent its CLOSE, or answered the server's
        self._ended = False  #: the connection is gone
        self._gone: asyncio.Future[None] | None = None  #: set when it goes, for ``close``
        self._pinging: asyncio.TimerHandle | None = None  #: the next ping (``keep_pinging``)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)

    def send(self, payload: bytes, opcode: int = OP_TEXT) -> None:
        if self.transport is not None and not self._closing:
            self.transport.write(masked_frame(payload, opcode))

    def keep_pinging(self, first_s: float) -> None:
        """A PING to the server every ``PING_S``, the first in ``first_s``, until the line ends:
        a player's app pings every line so, busy or not, and the server answers each."""
        self._pinging = asyncio.get_running_loop().call_later(first_s, self._ping)

    def _ping(self) -> None:
        if not self._closing:
            self.send(_KEYS.getrandbits(32).to_bytes(4, "big"), OP_PING)
            self._pinging = asyncio.get_running_loop().call_later(PING_S, self._ping)

    def get_buffer(self, sizehint: int) -> memoryview:
        return _RECEIVED

    def buffer_updated(self, nbytes: int) -> None:
        """``nbytes`` read into the shared buffer: its frames parsed before the next read."""
        if self._held:
            self._held += _RECEIVED[:nbytes]
            if len(self._held) >= self._needed:
                held, self._held = self._held, bytearray()
                self._parse(held, len(held))
        else:
            self._parse(_RECEIVING, nbytes)

    def data_received(self, data: bytes) -> None:
        """Bytes handed over whole (``buffer_updated`` is how a transport hands them)."""
        self._held += data
        if len(self._held) >= self._needed:
            held, self._held = self._held, bytearray()
            self._parse(held, len(held))

    def _parse(self, data: bytearray, end: int) -> None:
        """The whole frames in ``data[:end]`` handled; the rest held for the next bytes."""
        at, view = 0, memoryview(data)
        while end - at >= 2:
            second = data[at + 1]
            size, head = second & 0x7F, 2
            if size >= 126:
                head = 4 if size == 126 else 10
                if end - at < head:
                    break
                size = int.from_bytes(data[at + 2:at + head], "big")
            if end - at < head + size:
                self._needed = head + size
                break
            if second & MASKED:
                self._fail("a server's frame masked")
                return
            self._frame(data[at], bytes(view[at + head:at + head + size]))
            at += head + size
        else:
            self._needed = 2
        if at < end:
            self._held = data[at:end]

    def _frame(self, first: int, payload: bytes) -> None:
        opcode = first & 0x0F
        if first & 0x70:
            self._fail("reserved bits set (no extension was agreed)")
        elif opcode == OP_PING:
            self.send(payload, OP_PONG)
        elif opcode == OP_CLOSE:
            self._closed_by_server(payload[:2])
        elif opcode == OP_CONTINUATION and self._fragments is not None:
            self._fragments.append(payload)
            if first & FIN:
                whole, self._fragments = b"".join(self._fragments), None
                self._hear(whole)
        elif opcode in (OP_TEXT, OP_BINARY) and self._fragments is None:
            if first & FIN:
                self._hear(payload)
            else:
                self._fragments = [payload]
        elif opcode != OP_PONG:
            self._fail(f"a frame of opcode {opcode} out of place")

    def _hear(self, message: bytes) -> None:
        if not self._closing:
            self.heard(message)

    def _closed_by_server(self, code: bytes) -> None:
        """The server's CLOSE: answered with its code (RFC 6455 5.5.1); the server ends the TCP
        connection then."""
        if not self._closing:
            self.send(code, OP_CLOSE)
            self._closing = True
            self.lost()

    def _fail(self, why: str) -> None:
        """A frame the protocol forbids: the line is closed at once (``lost`` told)."""
        if self.transport is not None and not self._closing:
            self.send(PROTOCOL_ERROR.to_bytes(2, "big") + why.encode()[:120], OP_CLOSE)
            self._closing = True
            self.lost()
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._pinging is not None:
            self._pinging.cancel()
        if self._line is not None and self._line.state is not State.CLOSED:
            self._line.connection_lost(exc)  # the library's connection: closed too (its close() returns)
        self._ended = True
        if self._gone is not None and not self._gone.done():
            self._gone.set_result(None)
        if not self._closing:
            self._closing = True
            self.lost()

    async def close(self, code: int = NORMAL) -> None:
        """This side's CLOSE; then wait for the server to end the connection (at most ``CLOSE_S``)."""
        if self.transport is None or self._ended:
            return
        if not self._closing:
            self.send(code.to_bytes(2, "big"), OP_CLOSE)
            self._closing = True
        if self._gone is None:
            self._gone = asyncio.get_running_loop().create_future()
        try:
            await asyncio.wait_for(asyncio.shield(self._gone), CLOSE_S)
        except TimeoutError:
            self.transport.abort()
            await self._gone


async def take_over(line: ClientConnection, heard: Heard, lost: Lost) -> Wire:
    """``line``'s transport handed to a new ``Wire``: the messages the library had already read
    are handed to ``heard`` first, and the hand-over waits for a frame the library is in the
    middle of reading.  The library's connection is left as it was (no keepalive of its own: the
    wire pings the server as the app does, and answers the server's pings), and told when the
    line is gone."""
    wire = Wire(heard, lost, line)
    if line.state is State.CLOSED:  # lost before it was taken over
        wire.connection_lost(None)
        return wire
    while True:
        while len(line.recv_messages.frames):  # read by the library, not yet received
            heard(await line.recv(decode=False))
        if between_frames(line.protocol):
            break
        await asyncio.sleep(0)  # the rest of a frame is on its way
    if line.keepalive_task is not None:
        line.keepalive_task.cancel()
    transport = line.transport
    transport.set_protocol(wire)
    wire.connection_made(transport)
    if transport.is_closing():
        wire.connection_lost(None)
        return wire
    if not transport.is_reading():  # paused by the library's full queue
        transport.resume_reading()
    wire.keep_pinging(_KEYS.uniform(0, PING_S))  # the lines' pings spread over the interval
    return wire

