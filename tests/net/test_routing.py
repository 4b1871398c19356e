"""Lines routed by their table (``serve --routed``): three processes on one PostgreSQL and one
Redis behind a front that sends every line naming a table to one process.  Each table ends up
owned by the process its lines are routed to, and once every line came back naming its table
no frame crosses Redis; a front that does not route by table still plays every game, each
table staying with one owner."""

from __future__ import annotations

import asyncio
import json
import random
import time
from contextlib import ExitStack
from functools import partial
from typing import Any, Iterator

import pytest
import redis
from websockets.asyncio.client import connect

from catgames.net.bench import GAMES
from catgames.net.bench_clients import ScriptedTable, open_scripted, play_scripted
from catgames.net.bench_lines import Routes, create_message
from catgames.net.front import Front
from catgames.net.protocol import PROTOCOL
from catgames.net.routing import key_of, keyed, ranked
from catgames.net.services import redis as redis_server
from tests.net.serving import BotThread, ServerProcess, free_port
from tests.net.stores import Stores
from tests.net.test_scale import owner_pid

PROCESSES = 3
TABLES = 6
MOVES = 6  #: moves each table plays after its opening


def test_a_url_names_its_table_once_and_the_request_target_gives_it_back():
    url = keyed("ws://127.0.0.1:8765", "t1")
    assert url == "ws://127.0.0.1:8765/?table=t1"
    again = keyed("wss://host/catgames?x=1&table=t1", "t2")
    assert key_of(again.split("host", 1)[1]) == "t2" and "x=1" in again and again.count("table=") == 1
    assert keyed("ws://h/", None) == "ws://h/?table=" and key_of("/?table=") == "" and key_of("/?x=1") is None


def test_a_table_ranks_the_same_backend_first_and_moves_only_when_that_backend_is_gone():
    keys = [f"table-{i}" for i in range(300)]
    firsts = [ranked(key, 3)[0] for key in keys]
    assert firsts == [ranked(key, 3)[0] for key in keys]
    assert all(firsts.count(b) > 60 for b in range(3))  # spread over every backend
    for key, first in zip(keys, firsts):
        order = ranked(key, 3)
        assert sorted(order) == [0, 1, 2]
        without = [b for b in order if b != 2]  # backend 2 gone: the others keep their order
        assert without[0] == first or first == 2


@pytest.fixture
def bus() -> Iterator[str]:
    with redis_server() as server:
        yield server.address


def _publishes(client: redis.Redis) -> int:
    """Messages published between the processes so far (Redis's own count)."""
    return int(client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0))


async def _open(urls: list[str], routed: bool) -> list[ScriptedTable]:
    """Routed: all at once.  Round robin (the control): one table after another, so each table's
    two lines are two turns of the rotation, on two processes, and its play must be relayed
    (opened at once, a table's two lines could meet on its owner, and once no table's play
    crossed Redis)."""
    routes = Routes(urls)
    opening = [partial(open_scripted, routes, GAMES[i % len(GAMES)], 4100 + i, MOVES + 2, routed=routed)
               for i in range(TABLES)]
    if routed:
        return list(await asyncio.gather(*(open_one() for open_one in opening)))
    return [await open_one() for open_one in opening]


async def _play(tables: list[ScriptedTable]) -> list[float]:
    latencies: list[float] = []
    until = time.monotonic() + 60.0  # a bound on the loop: the tables stop after MOVES moves
    plays = [play_scripted(t, 0.05, lambda: until, latencies, random.Random(i)) for i, t in enumerate(tables)]
    await asyncio.gather(*plays)
    for table in tables:
        await table.close()
    return latencies


def _cluster(stack: ExitStack, tmp_path: Any, pg_cluster: str, bus: str, routed_servers: bool,
             routed_front: bool) -> tuple[str, list[ServerProcess]]:
    place = Stores("postgresql", pg_cluster).new(tmp_path)
    extra = ("--routed",) if routed_servers else ()
    servers = [ServerProcess(tmp_path / f"p{i}", free_port(), *place.args(), "--bus", bus, "--rate", "1000", *extra)
               for i in range(PROCESSES)]
    for server in servers:
        stack.callback(server.stop)
        server.start()
    front = Front([("127.0.0.1", s.port) for s in servers], routed=routed_front)
    stack.callback(front.stop)
    return front.start(), servers


@pytest.mark.parametrize(("routed", "direct"), [(True, False), (True, True), (False, False)],
                         ids=["routed-by-the-front", "routed-by-the-clients", "round-robin"])
def test_routed_tables_are_owned_where_their_lines_are_routed_and_nothing_crosses_redis(tmp_path, pg_cluster, bus,
                                                                                       routed, direct):
    """Through the front, or each line straight to the process a proxy would route it to (the
    bench's ``--no-front``)."""
    client = redis.Redis.from_url(bus, decode_responses=True)
    with ExitStack() as stack:
        stack.callback(client.close)
        url, servers = _cluster(stack, tmp_path, pg_cluster, bus, routed, routed)

        async def run() -> tuple[list[float], int, int]:
            tables = await _open([s.url for s in servers] if direct else [url], routed)
            before = _publishes(client)
            latencies = await _play(tables)
            owners = [owner_pid(client, t.seats.id) for t in tables]
            routed_to = [servers[ranked(t.seats.id, PROCESSES)[0]].process.pid for t in tables]  # type: ignore[union-attr]
            assert not routed or owners == routed_to
            return latencies, before, _publishes(client)
        latencies, before, after = asyncio.run(run())
    assert len(latencies) >= TABLES * (MOVES - 1)
    if routed:
        assert after == before  # not one frame relayed between processes
    else:
        assert after > before  # the control: round robin relays (the count above can fail)


def test_a_front_that_does_not_route_by_table_still_plays_every_table_with_one_owner(tmp_path, pg_cluster, bus):
    """Servers told lines are routed, behind a round-robin front: a table's two lines, naming it,
    reach two processes; the one that took it keeps it (``relay.HOLD_S``) and the other relays."""
    client = redis.Redis.from_url(bus, decode_responses=True)
    with ExitStack() as stack:
        stack.callback(client.close)
        url, _ = _cluster(stack, tmp_path, pg_cluster, bus, routed_servers=True, routed_front=False)

        async def run() -> tuple[list[float], list[int | None], list[int | None]]:
            tables = await _open([url], routed=True)
            owners = [owner_pid(client, t.seats.id) for t in tables]
            latencies = await _play(tables)
            return latencies, owners, [owner_pid(client, t.seats.id) for t in tables]
        latencies, opened, played = asyncio.run(run())
    assert len(latencies) >= TABLES * (MOVES - 1)
    assert None not in opened and opened == played


def test_the_apps_client_comes_back_naming_its_table_and_an_older_one_is_served_where_it_is(tmp_path, pg_cluster,
                                                                                           bus):
    """Two bots (the app's ``NetClient``) play a game through the routed front and end at the
    process their table ranks first; a line whose URL says nothing of routing (an app from
    before it) is told its table and kept, its frames relayed as before."""
    client = redis.Redis.from_url(bus, decode_responses=True)
    with ExitStack() as stack:
        stack.callback(client.close)
        url, servers = _cluster(stack, tmp_path, pg_cluster, bus, routed_servers=True, routed_front=True)
        before = _publishes(client)
        creator = BotThread(url, tmp_path, "--create", "kotatsu", "--seed", "4200", "--level", "random")
        stack.callback(creator.kill)
        joiner = BotThread(url, tmp_path, "--join", creator.first_line()["code"], "--level", "random")
        stack.callback(joiner.kill)
        deadline = time.monotonic() + 120.0
        assert creator.finish(deadline) == 0 and joiner.finish(deadline) == 0
        table, moves = creator.first_line()["table"], creator.lines[-1]["moves"]
        assert _publishes(client) - before < moves / 2  # a relayed line publishes at least once a move
        assert owner_pid(client, table) == servers[ranked(table, PROCESSES)[0]].process.pid  # type: ignore[union-attr]

        async def older() -> list[str]:
            async with connect(url) as ws:  # no ?table= in its URL
                await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL}))
                await ws.send(json.dumps(create_message("bed", 4300)))
                return [json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] for _ in range(3)]
        assert asyncio.run(older()) == ["welcome", "created", "update"]
