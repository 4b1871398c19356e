"""The scripted load clients' own websocket frames (``bench_wire``), checked against the
websockets library: its sans-I/O parser reads what the wire writes, the wire reads what the
library's server writes however the bytes are split, and a real server on loopback takes a
taken-over line's frames, has its pings answered and its close answered; a table played on
wires whose server stops answering stalls."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.frames import OP_BINARY, OP_CLOSE, OP_CONT, OP_PING, OP_TEXT, Frame
from websockets.protocol import State
from websockets.streams import StreamReader

from catgames.net import bench_clients, bench_wire
from catgames.net.bench_clients import ScriptedTable, Step, play_scripted
from catgames.net.bench_lines import BenchTable
from catgames.net.bench_wire import OP_PONG, Wire, masked_frame, take_over, update_version

SIZES = (0, 1, 125, 126, 127, 65_535, 65_536, 70_001)  #: 7-bit, 16-bit and 64-bit lengths, at their edges


def parsed(data: bytes, mask: bool) -> list[Frame]:
    """``data``'s frames as the websockets library's own parser reads them."""
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    frames = []
    while reader.buffer:
        parser = Frame.parse(reader.read_exact, mask=mask)
        try:
            next(parser)
        except StopIteration as done:
            frames.append(done.value)
        else:
            raise AssertionError("a frame cut short")
    return frames


class Written:
    """A transport that keeps what is written to it."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.aborted = False

    def write(self, data: bytes) -> None:
        self.data += data

    def abort(self) -> None:
        self.aborted = True


def feed(wire: Wire, data: bytes) -> None:
    """``data`` read into the wire's buffer, as a transport reads its socket."""
    wire.get_buffer(-1)[:len(data)] = data
    wire.buffer_updated(len(data))


def wire_on(written: Written) -> tuple[Wire, list[bytes], list[str]]:
    heard: list[bytes] = []
    lost: list[str] = []
    wire = Wire(heard.append, lambda: lost.append("lost"))
    wire.connection_made(written)  # type: ignore[arg-type]
    return wire, heard, lost


@pytest.mark.parametrize("size", SIZES)
def test_a_written_frame_is_masked_and_read_back_whole_by_the_librarys_parser(size):
    payload = random.Random(size).randbytes(size)
    data = masked_frame(payload, OP_BINARY, key=b"\x01\x02\x03\x04")
    assert data[1] & 0x80  # the MASK bit: a client's frames are masked
    assert data.find(payload) < 0 or size < 4  # not in the clear
    [frame] = parsed(data, mask=True)
    assert (frame.opcode, frame.fin, frame.data) == (OP_BINARY, True, payload)
    assert parsed(masked_frame(payload), mask=True)[0].data == payload  # with a drawn key too


def server_stream() -> tuple[bytes, list[bytes], list[int]]:
    """Frames a server sends (unmasked): texts of each length's form, a ping, a message in three
    fragments; the messages in them, and where each frame starts."""
    rng = random.Random(7)
    texts = [rng.randbytes(size) for size in SIZES]
    frames = [Frame(OP_TEXT, text) for text in texts]
    frames.insert(2, Frame(OP_PING, b"ping"))
    frames += [Frame(OP_TEXT, b"frag", fin=False), Frame(OP_PING, b"in between"),
               Frame(OP_CONT, b"men", fin=False), Frame(OP_CONT, b"ted")]
    data = [f.serialize(mask=False) for f in frames]
    starts = [sum(len(d) for d in data[:i]) for i in range(len(data) + 1)]
    return b"".join(data), [*texts, b"fragmented"], starts


def test_a_servers_frames_split_anywhere_are_read_whole():
    """Cut at every byte of each frame's header and the bytes around it, and every 97th byte
    of the long payloads."""
    data, messages, starts = server_stream()
    cuts = {cut for start in starts for cut in range(max(0, start - 12), min(len(data), start + 12) + 1)}
    for cut in sorted(cuts | set(range(0, len(data), 97))):
        written = Written()
        wire, heard, lost = wire_on(written)
        feed(wire, data[:cut])
        feed(wire, data[cut:])
        assert heard == messages and not lost, cut
        pongs = parsed(bytes(written.data), mask=True)
        assert [(f.opcode, f.data) for f in pongs] == [(OP_PONG, b"ping"), (OP_PONG, b"in between")]


def test_a_servers_frames_handed_over_a_byte_at_a_time_are_read_whole():
    data, messages, _ = server_stream()
    wire, heard, _ = wire_on(Written())
    for at in range(0, 70_000):  # the small frames and the first long one, byte by byte
        wire.data_received(data[at:at + 1])
    wire.data_received(data[70_000:])
    assert heard == messages


def test_a_masked_frame_from_the_server_closes_the_line():
    written = Written()
    wire, heard, lost = wire_on(written)
    feed(wire, Frame(OP_TEXT, b"hidden").serialize(mask=True))
    assert heard == [] and lost == ["lost"] and written.aborted
    [close] = parsed(bytes(written.data), mask=True)
    assert close.opcode == OP_CLOSE and close.data[:2] == (1002).to_bytes(2, "big")


def test_an_updates_version_is_read_and_a_refusal_raises():
    assert update_version(b'{"type":"update","seat":1,"version":407,"view":{"version":3}}') == 407
    assert update_version(b'{"type":"ack","version":9}') is None
    with pytest.raises(RuntimeError, match="refused: not your turn"):
        update_version(b'{"type":"error","message":"not your turn"}')


async def served(handler: Callable[[ServerConnection], Awaitable[None]],
                 client: Callable[[str], Awaitable[Any]]) -> Any:
    """``client(url)`` against a websockets server on loopback running ``handler`` for each line."""
    async with serve(handler, "127.0.0.1", 0, compression=None, ping_interval=None) as server:
        return await client(f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}")


def test_a_taken_over_line_sends_frames_a_real_server_accepts_and_reads_its_answers():
    """An echo server: every size goes there in the wire's masked frames and comes back whole;
    the texts the library had read before the hand-over come first."""
    async def echo(ws: ServerConnection) -> None:
        await ws.send("before")
        async for message in ws:
            await ws.send(message)

    async def client(url: str) -> tuple[list[bytes], list[bytes]]:
        line = await connect(url, compression=None, max_size=1 << 20)
        while not len(line.recv_messages.frames):
            await asyncio.sleep(0.01)  # "before" read by the library
        heard: list[bytes] = []
        done = asyncio.Event()
        sent = [random.Random(size).randbytes(size).hex().encode()[:size] for size in SIZES]

        def hear(message: bytes) -> None:
            heard.append(message)
            if len(heard) == len(sent) + 1:
                done.set()
        wire = await take_over(line, hear, lambda: None)
        for text in sent:
            wire.send(text)
        await asyncio.wait_for(done.wait(), 30)
        await wire.close()
        assert line.state is State.CLOSED  # the library's connection knows the line is gone
        await line.close()  # and closing it again does nothing
        return heard, sent
    heard, sent = asyncio.run(served(echo, client))
    assert heard == [b"before", *sent]


def test_a_servers_ping_is_answered_with_a_pong():
    async def pinging(ws: ServerConnection) -> None:
        await ws.recv()  # the client has taken its line over
        pong = await ws.ping(b"are you there")
        await asyncio.wait_for(pong, 10)  # answered, or the handler fails and sends nothing
        await ws.send("ponged")

    assert asyncio.run(asyncio.wait_for(served(pinging, ready_then_heard), 30)) == [b"ponged"]


async def ready_then_heard(url: str) -> list[bytes]:
    """A line taken over says it is ready, and closes once the server says something: what it
    heard."""
    line = await connect(url, compression=None)
    heard: list[bytes] = []
    wire = await take_over(line, heard.append, lambda: None)
    wire.send(b"ready")
    while not heard:
        await asyncio.sleep(0.01)
    await wire.close()
    return heard


async def ready_then_lost(url: str) -> tuple[list[str], State]:
    """A line taken over says it is ready, waits until the server ends it, closes its side:
    what ``lost`` was told, and the library connection's state after."""
    line = await connect(url, compression=None)
    lost: list[str] = []
    wire = await take_over(line, lambda message: None, lambda: lost.append("lost"))
    wire.send(b"ready")
    while not lost:
        await asyncio.sleep(0.01)
    await wire.close()  # waits for the server to end the connection
    return lost, line.state


def test_a_servers_close_ends_the_line_and_is_answered():
    codes: list[int | None] = []

    async def closing(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.close(1001, "going away")
        codes.append(ws.protocol.close_rcvd.code if ws.protocol.close_rcvd else None)  # the client's answer

    assert asyncio.run(asyncio.wait_for(served(closing, ready_then_lost), 30)) == (["lost"], State.CLOSED)
    assert codes == [1001]


def test_a_lost_connection_ends_the_line():
    async def dropping(ws: ServerConnection) -> None:
        await ws.recv()
        ws.transport.abort()  # no close frame: the connection is just gone

    assert asyncio.run(asyncio.wait_for(served(dropping, ready_then_lost), 30)) == (["lost"], State.CLOSED)


def test_a_table_whose_moves_go_unanswered_stalls_rather_than_waits_for_ever(monkeypatch):
    """``play_scripted`` on wires: a server that reads the move and answers nothing (here, one
    that never answers at all) makes the play fail once ``WAIT_S`` has passed since the move."""
    monkeypatch.setattr(bench_clients, "WAIT_S", 0.2)

    async def silent(ws: ServerConnection) -> None:
        async for _ in ws:
            pass

    async def client(url: str) -> None:
        seats = BenchTable("kotatsu", "t", {0: await connect(url), 1: await connect(url)}, {}, {0: "a", 1: "b"})
        table = ScriptedTable(url, seats, {3: Step(3, 0, "m")}, 3)
        await play_scripted(table, 0.0, lambda: float("inf"), [], random.Random(0))
    with pytest.raises(TimeoutError, match="no update past version 3"):
        asyncio.run(asyncio.wait_for(served(silent, client), 30))


def test_a_taken_over_line_pings_the_server_as_a_players_app_does(monkeypatch):
    """Every ``PING_S`` a PING goes out (here every 50 ms), and keeps going while the line lives:
    the server the bench measures answers the pings the app's lines send."""
    monkeypatch.setattr(bench_wire, "PING_S", 0.05)
    pings: list[bytes] = []

    class PingCounted(ServerConnection):
        def process_event(self, event: Any) -> None:
            if isinstance(event, Frame) and event.opcode is OP_PING:
                pings.append(bytes(event.data))
            super().process_event(event)

    async def counting(ws: ServerConnection) -> None:
        await ws.recv()  # the client has taken its line over
        for _ in range(200):  # at most 10 s
            if len(pings) >= 3:
                break
            await asyncio.sleep(0.05)
        await ws.send("pinged" if len(pings) >= 3 else "not pinged")

    async def run() -> list[bytes]:
        async with serve(counting, "127.0.0.1", 0, compression=None, ping_interval=None,
                         create_connection=PingCounted) as server:
            return await ready_then_heard(f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}")
    assert asyncio.run(asyncio.wait_for(run(), 30)) == [b"pinged"]
    assert len(pings) >= 3 and all(len(ping) == 4 for ping in pings)
