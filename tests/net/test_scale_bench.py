"""The parts of ``bench net --processes`` that its figures rest on: the scripted load clients
(a table's game recorded ahead of time, replayed through a real server that checks every move),
the relay's pipe (what a server sends on a line another process holds goes out in one piece
per post, in order, and only once the leases being taken are held), the bus's bundles (the
messages one turn of the loop has for a process cross Redis as one publish) and its heartbeat
(kept alive by a thread while the loop is late)."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest
from websockets.exceptions import ConnectionClosedOK

from catgames.net.bench import GAMES
from catgames.net.bench_clients import ScriptedTable, open_scripted, play_scripted, script
from catgames.net.bench_lines import Routes
from catgames.net.bench_wire import update_version
from catgames.net.bus import ALIVE_S, TICK_S, Bus, alive_key, bundle, unbundled
from catgames.net.relay import Pipe
from catgames.net.services import redis
from tests.net.serving import ServerProcess, free_port

MOST = 12  #: moves scripted per table


@pytest.fixture
def server_url(tmp_path):
    server = ServerProcess(tmp_path / "data")  # --test-seeds: it deals from the seed a client asks for
    try:
        yield server.start()
    finally:
        server.stop()


def test_a_scripted_table_plays_its_recorded_game_through_the_server(server_url):
    async def run() -> tuple[list[int], list[int]]:
        played, expected = [], []
        for i, game in enumerate(GAMES):
            table = await open_scripted(Routes([server_url]), game, 40 + i, MOST)
            latencies: list[float] = []
            await play_scripted(table, 0.0, lambda: float("inf"), latencies, random.Random(i))
            played.append(len(latencies))
            expected.append(len(script(game, 40 + i, MOST)))
        return played, expected
    played, expected = asyncio.run(run())
    assert played == expected and all(n > 0 for n in expected)  # every recorded move taken, none refused


def test_a_scripted_table_plays_on_to_its_scripts_end_after_its_server_is_killed(tmp_path):
    server = ServerProcess(tmp_path / "data", free_port())
    server.start()

    async def run() -> ScriptedTable:
        table = await open_scripted(Routes([server.url]), "cathood", 5, MOST)
        latencies: list[float] = []
        playing = asyncio.ensure_future(play_scripted(table, 0.05, lambda: float("inf"), latencies, random.Random(0)))
        while len(latencies) < 3:
            await asyncio.sleep(0.01)
        server.kill9()
        server.start()  # same folder, same port: the lines are taken up again there
        await playing
        return table
    try:
        table = asyncio.run(run())
    finally:
        server.stop()
    assert table.steps.get(table.version) is None and table.version > max(table.steps)


def test_a_script_from_another_deal_is_refused_by_the_server(server_url):
    async def run() -> None:
        table = await open_scripted(Routes([server_url]), "kotatsu", 7, MOST)
        wrong = {s.version: s for s in script("kotatsu", 8, MOST)}  # what the server did not deal
        await play_scripted(ScriptedTable(table.routes, table.seats, wrong, table.version), 0.0, lambda: float("inf"), [],
                            random.Random(0))
    with pytest.raises(RuntimeError, match="refused"):
        asyncio.run(run())


def test_an_updates_version_is_read_without_parsing_it_whole(server_url):
    async def run() -> list[str]:
        table = await open_scripted(Routes([server_url]), "boxes", 3, MOST)
        step = table.steps[table.version]
        line = table.lines[step.seat]
        await line.send(json.dumps({"type": "move", "version": step.version, "move": step.move}))
        texts = [str(await line.recv())]
        while json.loads(texts[-1])["type"] != "ack":  # before it: who is at the table
            texts.append(str(await line.recv()))
        texts.append(str(await line.recv()))  # the mover's update after its ack
        await table.close()
        return texts
    texts = asyncio.run(run())
    kinds = [json.loads(t)["type"] for t in texts]
    assert kinds[-2:] == ["ack", "update"] and set(kinds[:-2]) <= {"update"}
    assert [update_version(t.encode()) for t in texts] == [json.loads(t)["version"] if k == "update" else None
                                                            for t, k in zip(texts, kinds)]
    assert update_version(texts[-1].encode()) == json.loads(texts[-2])["version"]  # the version the move made


def test_a_pipe_sends_each_post_in_one_piece_and_holds_it_while_a_lease_is_taken():
    async def run() -> list[list[str | int]]:
        sent: list[list[str | int]] = []
        claims: set[asyncio.Future[None]] = set()
        pipe = Pipe("127.0.0.1", sent.append, claims)
        pipe.post(['{"type":"ack"}', '{"type":"update"}'])
        claim: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        claims.add(claim)
        pipe.post(['{"type":"created"}'])
        pipe.post(['{"type":"update","v":1}'])
        await asyncio.sleep(0)
        held = len(sent)
        claim.set_result(None)
        claims.discard(claim)
        await pipe.close(1008)
        pipe.post(['{"type":"late"}'])  # after its close: never sent
        await asyncio.sleep(0)
        return sent[:held] + [["held"]] + sent[held:]
    assert asyncio.run(run()) == [['{"type":"ack"}', '{"type":"update"}'], ["held"],
                                  ['{"type":"created"}', '{"type":"update","v":1}', 1008]]


def test_a_pipe_cut_while_a_lease_is_taken_sends_nothing_it_held():
    async def run() -> list[list[str | int]]:
        sent: list[list[str | int]] = []
        claim: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        pipe = Pipe("127.0.0.1", sent.append, {claim})
        pipe.post(['{"type":"update"}'])
        pipe.cut()  # the line moved to another owner meanwhile
        claim.set_result(None)
        for _ in range(5):
            await asyncio.sleep(0)
        return sent
    assert asyncio.run(run()) == []


def test_a_pipe_is_read_as_a_websocket_is_frame_by_frame_then_closed():
    async def run() -> tuple[list[str], int]:
        pipe = Pipe("127.0.0.1", lambda posted: None, set())
        for frame in ('{"type":"hello"}', '{"type":"move"}', None):
            pipe.feed(frame)
        read = [await pipe.recv(), await pipe.recv()]
        closed = 0
        for _ in range(2):  # once gone, every later read says so
            try:
                await pipe.recv()
            except ConnectionClosedOK:
                closed += 1
        return read, closed
    assert asyncio.run(run()) == (['{"type":"hello"}', '{"type":"move"}'], 2)


def test_a_bundle_gives_back_its_messages_whatever_they_hold():
    messages = ["f\tp/1\t{}", "", "12:34", "t\tp/2\t" + "3:x" * 5, "é—🐈\n\t:", "x" * 10_000]
    assert list(unbundled(bundle(messages))) == messages
    assert list(unbundled(bundle([]))) == []


def test_the_messages_of_one_turn_to_a_process_cross_redis_as_one_publish():
    async def run(address: str) -> tuple[list[tuple[str, str, str]], int]:
        heard: list[tuple[str, str, str]] = []
        done = asyncio.Event()

        def handler(kind: str, session: str, data: str) -> None:
            heard.append((kind, session, data))
            if len(heard) == 3:
                done.set()
        listener = Bus(address, handler, lambda dead: None, lambda: None)
        sender = Bus(address, lambda *message: None, lambda dead: None, lambda: None)
        await listener.start()
        await sender.start()
        try:
            before = await publishes(sender)
            for i, text in enumerate(["one", "two\tthree", "4:four"]):
                sender.post(listener.id, "t", f"s/{i}", text)
            await asyncio.wait_for(done.wait(), 30)
            return heard, await publishes(sender) - before
        finally:
            await sender.close([])
            await listener.close([])
    with redis() as server:
        heard, published = asyncio.run(run(server.address))
    assert heard == [("t", "s/0", "one"), ("t", "s/1", "two\tthree"), ("t", "s/2", "4:four")]
    assert published == 1


async def publishes(bus: Bus) -> int:
    """The PUBLISH commands Redis has served so far."""
    stats = await bus.redis.info("commandstats")
    return int(stats.get("cmdstat_publish", {}).get("calls", 0))


def test_a_process_whose_loop_is_only_late_stays_alive_and_a_lapsed_heartbeat_is_noticed():
    """An overloaded loop (here: blocked longer than a heartbeat lasts) is not taken for a dead
    process; a heartbeat that did lapse (deleted here, as a Redis restart does) is set again
    by the loop's ``beat`` alone, which says messages may have been lost."""
    async def run(address: str) -> tuple[bool, bool, list[str]]:
        said: list[str] = []
        bus = Bus(address, lambda *message: None, lambda dead: None, lambda: said.append("lost"))
        await bus.start()
        try:
            time.sleep(ALIVE_S + 2 * TICK_S)  # the loop blocked: no tick renews anything
            alive_after_block = await bus.redis.exists(alive_key(bus.id)) == 1
            await bus.redis.delete(alive_key(bus.id))
            await asyncio.sleep(3 * TICK_S)  # the heartbeat's thread renews only a living key
            set_again_by_thread = await bus.redis.exists(alive_key(bus.id)) == 1
            await bus.beat()
            return alive_after_block, set_again_by_thread, said
        finally:
            await bus.close([])
    with redis() as server:
        assert asyncio.run(run(server.address)) == (True, False, ["lost"])
