"""A line that reads ordinary frames itself (``fast_read``): the one read it takes is exactly a
whole, masked, final text frame within the limit, it takes it only where the library's parser
waits for a frame to start, and every other read (pieces, two frames at once, a ping, a
fragmented message, bad UTF-8, an oversized or unmasked frame) is answered as the websocket
library answers it.  An echo server on loopback, written to byte by byte."""

from __future__ import annotations

import asyncio
import struct
from typing import Any, Awaitable, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import Frame

from catgames.net.bench_wire import OP_BINARY, OP_CONTINUATION, OP_PING, OP_TEXT, masked_frame
from catgames.net.fast_read import FastReadLine, whole_text
from catgames.net.protocol import MAX_FRAME
from tests.net.raw import bare_line

KEY = b"\x01\x02\x03\x04"
OP_CLOSE, OP_PONG = 0x8, 0xA
WAIT_S = 10.0


class CountedLine(FastReadLine):
    """Counts the data frames the library's parser found (``parsed``: the class's list)."""

    parsed: list[bytes] = []

    def process_event(self, event: Any) -> None:
        if isinstance(event, Frame) and event.opcode.value in (OP_TEXT, OP_CONTINUATION):
            self.parsed.append(bytes(event.data))
        super().process_event(event)


async def _echo(ws: ServerConnection) -> None:
    async for message in ws:
        await ws.send(message)


Client = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[Any]]


def _serving(client: Client) -> Any:
    async def run() -> Any:
        CountedLine.parsed = []
        async with serve(_echo, "127.0.0.1", 0, max_size=MAX_FRAME, compression=None, ping_interval=None,
                         create_connection=CountedLine) as server:
            reader, writer = await bare_line(next(iter(server.sockets)).getsockname()[1])
            try:
                return await asyncio.wait_for(client(reader, writer), WAIT_S)
            finally:
                writer.close()
    return asyncio.run(run())


async def _heard(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """The server's next frame (unmasked): its opcode and payload."""
    head = await reader.readexactly(2)
    size = head[1] & 0x7F
    if size == 126:
        (size,) = struct.unpack("!H", await reader.readexactly(2))
    return head[0] & 0x0F, await reader.readexactly(size)


def _frame(payload: bytes, opcode: int = OP_TEXT, fin: bool = True) -> bytes:
    whole = masked_frame(payload, opcode, KEY)
    return whole if fin else bytes((whole[0] & 0x7F,)) + whole[1:]


def test_whole_text_is_one_whole_ordinary_frame_and_nothing_else():
    short, long = b'{"type":"move"}', b"x" * 3000
    assert whole_text(_frame(short), MAX_FRAME) == short
    assert whole_text(_frame(long), MAX_FRAME) == long  # its length in two more bytes
    assert whole_text(_frame(b""), MAX_FRAME) == b""
    for not_one in (_frame(short)[:-1], _frame(short) * 2, _frame(short, fin=False), _frame(short, OP_BINARY),
                    _frame(short, OP_PING), bytes((0xC1,)) + _frame(short)[1:],  # an extension bit
                    bytes((0x81, len(short))) + short,  # unmasked
                    _frame(b"x" * (MAX_FRAME + 1))):
        assert whole_text(not_one, MAX_FRAME) is None


def test_ordinary_frames_skip_the_librarys_parser_and_come_through_in_order():
    async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> list[tuple[int, bytes]]:
        heard = []
        for i in range(20):
            writer.write(_frame(f"move {i} ".encode() * (i * 20 + 1)))  # short and two-byte lengths
            heard.append(await _heard(reader))
        return heard

    heard = _serving(client)
    assert heard == [(OP_TEXT, f"move {i} ".encode() * (i * 20 + 1)) for i in range(20)]
    assert CountedLine.parsed == []


def test_every_other_read_is_answered_as_the_library_answers_it_and_fast_reads_go_on_after():
    async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> list[tuple[int, bytes]]:
        heard = []
        frame = _frame(b"in pieces")
        for edges in ((0, 1, 7, len(frame)), (0, 6, len(frame))):  # cut in its header; after its mask
            await _in_reads(writer, *(frame[a:b] for a, b in zip(edges, edges[1:])))
            heard.append(await _heard(reader))
        writer.write(_frame(b"one") + _frame(b"two"))  # two frames in one write
        heard += [await _heard(reader), await _heard(reader)]
        writer.write(_frame(b"are you there", OP_PING))
        heard.append(await _heard(reader))
        await _in_reads(writer, _frame(b"frag", fin=False), _frame(b"mented", OP_CONTINUATION))
        heard.append(await _heard(reader))
        writer.write(_frame(b"fast again"))
        heard.append(await _heard(reader))
        return heard

    assert _serving(client) == [(OP_TEXT, b"in pieces")] * 2 + [
        (OP_TEXT, b"one"), (OP_TEXT, b"two"), (OP_PONG, b"are you there"), (OP_TEXT, b"fragmented"),
        (OP_TEXT, b"fast again")]
    assert b"fast again" not in CountedLine.parsed and b"frag" in CountedLine.parsed


def test_the_rest_of_a_frame_that_looks_like_a_whole_one_is_left_to_the_library():
    inner = _frame(b"evil")  # what the second read will be, byte for byte
    payload = bytes(a ^ b for a, b in zip(inner, (KEY * len(inner))[:len(inner)]))  # masked: ``inner``
    outer = _frame(payload, OP_BINARY)
    assert outer[6:] == inner and whole_text(inner, MAX_FRAME) == b"evil"

    async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> tuple[int, bytes]:
        await _in_reads(writer, outer[:6], outer[6:])  # its header and mask, then the rest
        return await _heard(reader)

    assert _serving(client) == (OP_BINARY, payload)


async def _in_reads(writer: asyncio.StreamWriter, *pieces: bytes) -> None:
    """Write ``pieces`` apart, so that the server reads them one by one (on loopback, a pause
    of 20 ms between them does it)."""
    for piece in pieces:
        writer.write(piece)
        await writer.drain()
        await asyncio.sleep(0.02)


def test_a_bad_frame_closes_the_line_with_the_librarys_code():
    def closed_by(frame: bytes) -> int:
        async def client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> int:
            writer.write(frame)
            opcode, payload = await _heard(reader)
            assert opcode == OP_CLOSE
            return int.from_bytes(payload[:2], "big")
        return int(_serving(client))

    assert closed_by(_frame(b"\xff\xfe not UTF-8")) == 1007  # an ordinary frame, read here
    assert closed_by(_frame(b"x" * (MAX_FRAME + 1))) == 1009
    assert closed_by(bytes((0x81, 2)) + b"hi") == 1002  # unmasked
