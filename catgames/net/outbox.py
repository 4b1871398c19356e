"""Writing to a connection without waiting: the server's frames go straight to its socket.

Awaiting the websocket library's ``send`` cost, for every frame, a coroutine, a timeout armed
and disarmed and a check of the connection, and one system call each.  Here the frames given
together (an ack and its sender's update) are framed and written in one go, at once; a peer
that stops reading is dropped once ``MAX_BUFFERED`` bytes wait for it, rather than letting
the server's memory fill up for it.  A server's text frame is a header and the text, unmasked
(RFC 6455): written here, not through the library's frame objects (two updates a move).  The
reading side, pings and the closing handshake stay the library's.
"""

from __future__ import annotations

import struct
from typing import Protocol, Sequence

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

MAX_BUFFERED = 512 * 1024  #: bytes waiting for a peer before it counts as gone (about 80 updates)


class Outbox(Protocol):
    """Where a connection's frames go (a test's fake line records them)."""

    def post(self, texts: Sequence[str]) -> None:
        """Send these messages, in order, without waiting."""

    def abort(self) -> None:
        """Drop the connection at once (no closing handshake)."""


class SocketOutbox:
    def __init__(self, ws: ServerConnection) -> None:
        self._ws = ws

    def post(self, texts: Sequence[str]) -> None:
        protocol, transport = self._ws.protocol, self._ws.transport
        if protocol.state is not State.OPEN or transport.is_closing():
            return  # closing: nothing more is said on it
        transport.writelines([part for text in texts for part in text_frame(text.encode())])
        if transport.get_write_buffer_size() > MAX_BUFFERED:
            transport.abort()

    def abort(self) -> None:
        self._ws.transport.abort()


def text_frame(payload: bytes) -> tuple[bytes, bytes]:
    """A whole text frame from a server (FIN, opcode 1, no mask): its header, then ``payload``."""
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)), payload
    if size < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, size), payload
    return struct.pack("!BBQ", 0x81, 127, size), payload
