"""Many server processes when something breaks under them: an owner killed as its players ask
for a rematch, PostgreSQL restarted, Redis restarted.  Real servers, started and stopped here;
nothing mocked."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path
from typing import Iterator

import pytest
import redis as redis_client

from catgames.net.bus import SETTLING, lease_key
from catgames.net.front import Front
from catgames.net.services import RedisServer, postgres, redis, restart_postgres
from tests.net.raw import Raw, seated_table
from tests.net.serving import BotThread, ServerProcess, free_port, replayed, stored_moves, uninterrupted
from tests.net.stores import Place, Stores
from tests.net.tables import SETUPS, start_tables, stop_bots, table_of
from tests.net.test_restart import wait_for_moves
from tests.net.test_social import played_out

RUN_S = 150.0  #: longest the games may take (a busy machine)
BEFORE = 30  #: moves committed before the restart
IDLE_S = 1.0  #: the servers' --idle
DOWN_S = 5.0  #: Redis stays away this long (longer than redis-py tries again by itself)


@pytest.fixture
def bus() -> Iterator[RedisServer]:
    with redis() as server:
        yield server


def processes(tmp_path: Path, place: Place, bus: RedisServer, count: int, *extra: str) -> list[ServerProcess]:
    """``count`` serve processes on one store and one bus, each on its own port (started)."""
    servers = [ServerProcess(tmp_path / f"p{i}", free_port(), *place.args(), "--bus", bus.address, "--rate", "1000",
                             *extra) for i in range(count)]
    for server in servers:
        server.start()
    return servers


def test_a_rematch_asked_again_after_its_owner_was_killed_is_the_same_table(tmp_path, pg_cluster, bus):
    """The owner made the rematch, then died before the other player asked: the process that
    takes the table over answers with that rematch, never a second one."""
    place = Stores("postgresql", pg_cluster).new(tmp_path)
    first, second = servers = processes(tmp_path, place, bus, 2)
    lines: list[Raw] = []
    try:
        mover, waiter, update, created = seated_table(first.url, lines, "bed")
        update = played_out({update["seat"]: mover, 1 - update["seat"]: waiter}, update)
        mover.send({"type": "rematch"})
        made = mover.next("rematch")["table"]
        first.kill9()
        again = Raw(second.url)
        lines.append(again)
        again.send({"type": "sit", "table": created["table"], "token": created["tokens"][1 - update["seat"]]})
        assert again.next("seated")["table"] == created["table"]
        again.send({"type": "rematch"})
        assert again.next("rematch")["table"] == made
    finally:
        for line in lines:
            line.close()
        said = [server.stop() for server in servers]
    stored = [record.id for record in place.open().tables()]
    assert stored == [created["table"], made], said


@pytest.mark.parametrize("service", ["postgresql", "redis"])
def test_play_goes_on_through_a_restart_of_postgresql_or_of_redis(tmp_path, bus, service):
    """Two processes behind a front (so lines cross Redis), the five games under way; the
    service is restarted.  The players see a pause; every game ends with the moves it would have
    had without one, and no acknowledged move is lost."""
    with postgres(fsync=False) as cluster:
        place = Stores("postgresql", cluster).new(tmp_path)
        servers = processes(tmp_path, place, bus, 2)
        front = Front([("127.0.0.1", server.port) for server in servers])
        url = front.start()
        tables: list[list[BotThread]] = []
        deadline = time.monotonic() + RUN_S
        try:
            tables = start_tables(url, tmp_path, SETUPS, BotThread)
            wait_for_moves(place, BEFORE, deadline)
            restart_postgres(cluster) if service == "postgresql" else bus.restart(DOWN_S)
            codes = [bot.finish(deadline) for bots in tables for bot in bots]
        finally:
            stop_bots(tables)
            front.stop()
            said = [server.stop() for server in servers]
        assert codes == [0] * len(codes), ([bot.lines[-3:] for bots in tables for bot in bots], said)
        assert all(s.process is not None and s.process.returncode == 0 for s in servers), said
        stored = stored_moves(place.open())
    for setup, bots in zip(SETUPS, tables):
        moves = uninterrupted(setup.game, setup.seed, setup.seats())
        assert stored[table_of(bots)] == moves, (setup, said)
        _, versions = replayed(setup.game, setup.kinds(), setup.seed, moves)
        played = {(version, text) for version, (_, text) in zip(versions, moves)}
        assert all((ack["version"], ack["move"]) in played for bot in bots for ack in bot.acks)


def test_a_table_nobody_is_at_is_let_go_by_its_owner_and_reopens_where_its_player_returns(tmp_path, pg_cluster, bus):
    """Its only player gone (a table everyone left waits for them), the table is closed by its
    owner and its lease let go; the player's return to another process opens it there, as it
    was."""
    place = Stores("postgresql", pg_cluster).new(tmp_path)
    servers = processes(tmp_path, place, bus, 2, "--idle", str(IDLE_S))
    client = redis_client.Redis.from_url(bus.address, decode_responses=True)
    lines: list[Raw] = []
    try:
        creator = Raw(servers[0].url)
        lines.append(creator)
        creator.send({"type": "create", "game": "bed", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai",
                      "level": "easy"}], "seed": 9})
        created = creator.next("created")
        owner = client.get(lease_key(created["table"]))
        creator.close()
        deadline = time.monotonic() + RUN_S
        while client.get(lease_key(created["table"])) == owner and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get(lease_key(created["table"])) is None  # let go, not taken
        while client.exists(SETTLING) and time.monotonic() < deadline:  # Redis's first seconds: owners first
            time.sleep(0.05)
        back = Raw(servers[1].url)
        lines.append(back)
        back.send({"type": "sit", "table": created["table"], "token": created["token"]})
        assert back.next("seated")["table"] == created["table"]
        update = back.next("update")
        assert str(client.get(lease_key(created["table"]))).startswith(f"{servers[1].process.pid}-")
    finally:
        for line in lines:
            line.close()
        client.close()
        said = [server.stop() for server in servers]
    moves = stored_moves(place.open())[created["table"]]
    assert update["version"] == len(moves) and update["seat"] == created["seat"], said


def test_the_tables_per_address_limit_counts_the_tables_made_on_every_process(tmp_path, pg_cluster, bus, lines):
    place = Stores("postgresql", pg_cluster).new(tmp_path)
    servers = processes(tmp_path, place, bus, 2, "--tables-per-hour", "2")
    try:
        answers = []
        for server in (servers[0], servers[1], servers[0], servers[1]):
            line = Raw(server.url)
            lines.append(line)
            line.send({"type": "create", "game": "bed", "players": 2, "seats": [{"kind": "human"}] * 2})
            answers.append(line.recv())
    finally:
        said = [server.stop() for server in servers]
    assert [a["type"] for a in answers] == ["created", "created", "error", "error"], said
    assert {a["code"] for a in answers[2:]} == {"limit"}


def test_a_frozen_owner_whose_link_to_redis_stays_open_loses_its_table_by_its_heartbeat(tmp_path, pg_cluster, bus):
    """The quick path missed: a process frozen (``SIGSTOP``, as a lost machine) keeps its link
    to Redis and its channel's listener; its heartbeat runs out, the other process closes the
    line it passed there, and the player's reconnection takes the table over (how soon is
    printed, ``-s``: the heartbeat bounds it)."""
    place = Stores("postgresql", pg_cluster).new(tmp_path)
    frozen, other = processes(tmp_path, place, bus, 2)
    lines: list[Raw] = []
    try:
        creator = Raw(frozen.url)
        lines.append(creator)
        creator.send({"type": "create", "game": "bed", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 3})
        created = creator.next("created")
        joiner = Raw(other.url)  # its frames pass to the frozen owner over Redis
        joiner.send({"type": "join", "code": created["codes"][0]})
        token = joiner.next("seated")["token"]
        joiner.next("update")
        assert frozen.process is not None
        frozen.process.send_signal(signal.SIGSTOP)
        stopped = time.monotonic()
        assert joiner.closed_by_server() is not None  # closed by the other process, not by the frozen one
        joiner.close()
        again = Raw(other.url)  # the owner counted dead by then: the line was closed for that
        lines.append(again)
        again.send({"type": "sit", "table": created["table"], "token": token})
        answer = again.recv()
        print(f"\nfrozen owner: its table taken over {time.monotonic() - stopped:.2f} s after it froze")
        assert answer["type"] == "seated" and again.next("update")["table"] == created["table"]
    finally:
        frozen.kill9()
        for line in lines:
            line.ws.socket.close()
        said = other.stop()
    assert other.process is not None and other.process.returncode == 0, said


def test_a_scripted_table_whose_seats_reach_two_processes_plays_its_recorded_game(tmp_path, pg_cluster, bus):
    """``bench net --processes K --no-front``: each table's two lines go straight to two
    processes; the joiner's frames cross Redis to the owner, and every recorded move is taken."""
    from catgames.net.bench_clients import open_scripted, play_scripted, script
    from catgames.net.bench_lines import Routes

    place = Stores("postgresql", pg_cluster).new(tmp_path)
    servers = processes(tmp_path, place, bus, 2)
    try:
        async def run() -> tuple[set[int], int]:
            table = await open_scripted(Routes([servers[0].url, servers[1].url]), "kotatsu", 7, 10)
            ports = {line.remote_address[1] for line in table.lines.values()}
            latencies: list[float] = []
            await play_scripted(table, 0.0, lambda: float("inf"), latencies, random.Random(0))
            return ports, len(latencies)
        ports, played = asyncio.run(run())
    finally:
        for server in servers:
            server.stop()
    assert ports == {servers[0].port, servers[1].port}
    assert played == len(script("kotatsu", 7, 10)) > 0
