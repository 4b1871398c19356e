"""Reading a client's ordinary frame without the websocket library's parser.

Nearly everything a player's app sends is one short text frame, whole in one read.  The library
runs each read through a parser of nested generators, then its events, its outgoing buffer and
its closing checks, to find that frame.  A ``FastReadLine`` takes such a read itself: when the
read is exactly one whole, masked, final text frame within the size limit, the line is open,
no fragmented message is under way and the library's parser waits at a frame's start, the
frame is unmasked here and queued for ``recv`` as the library would queue it (UTF-8 is checked
there, as ever).  Every other read (a ping, a close, a fragment, two frames or half of one, an
oversized or unmasked frame) goes to the library, which finds the parser where a frame starts,
so it answers exactly as it would have alone.  A first version of it took 5 % off the server's
CPU a move (``bench net`` at 1,000 tables, four pairs side by side, session 49).
"""

from __future__ import annotations

from types import GeneratorType

from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, State
from websockets.speedups import apply_mask

from catgames.net.quiet_keepalive import QuietKeepaliveLine

FIN_TEXT = 0x81  #: first byte of a final text frame with no extension bits
MASKED = 0x80
SHORT = 126  #: payload lengths below this are said in the second byte; 126: in the next two


class FastReadLine(QuietKeepaliveLine):
    """A server's line (quiet keepalive) that reads a whole ordinary text frame itself."""

    def data_received(self, data: bytes) -> None:
        payload = whole_text(data, self.protocol.max_size)
        if payload is None or not at_frame_start(self.protocol):
            super().data_received(data)
            return
        self.heard_at = self.loop.time()
        self.recv_messages.put(Frame(Opcode.TEXT, payload))


def whole_text(data: bytes, max_size: int | None) -> bytes | None:
    """The unmasked payload if ``data`` is exactly one final, masked text frame without
    extension bits and at most ``max_size`` long; else ``None``."""
    if len(data) < 6 or data[0] != FIN_TEXT or not data[1] & MASKED:
        return None
    size, start = data[1] & 0x7F, 2
    if size == SHORT:
        size, start = int.from_bytes(data[2:4], "big"), 4
    elif size > SHORT:
        return None  # a 64-bit length: never an ordinary message
    if len(data) != start + 4 + size or (max_size is not None and size > max_size):
        return None
    return apply_mask(data[start + 4:], data[start:start + 4])


def at_frame_start(protocol: Protocol) -> bool:
    """The library would read the next bytes as a new frame of an open line: nothing of a frame
    is held back, no fragmented message is under way, and its parser waits between frames."""
    return (protocol.state is State.OPEN and protocol.cur_size is None and not protocol.reader.buffer
            and between_frames(protocol))


def between_frames(protocol: Protocol) -> bool:
    """The library's parser waits for a frame's first byte: it does so inside
    ``StreamReader.at_eof``, and within a frame in ``read_exact`` (a bench line's hand-over
    waits for this too, ``bench_wire.take_over``)."""
    parser: object = protocol.parser  # a generator, suspended where it waits for bytes
    while isinstance(parser, GeneratorType) and parser.gi_yieldfrom is not None:
        parser = parser.gi_yieldfrom
    return isinstance(parser, GeneratorType) and parser.gi_code.co_name == "at_eof"
