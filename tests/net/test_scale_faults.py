"""Many server processes when something breaks under them: an owner killed as its players ask
for a rematch, PostgreSQL restarted, Redis restarted.  Real servers, started and stopped here;
nothing mocked."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from catgames.net.services import RedisServer, redis
from tests.net.raw import Raw, seated_table
from tests.net.serving import ServerProcess, free_port
from tests.net.stores import Place, Stores
from tests.net.test_social import play_one


@pytest.fixture
def bus() -> Iterator[RedisServer]:
    with redis() as server:
        yield server


def processes(tmp_path: Path, place: Place, bus: RedisServer, count: int) -> list[ServerProcess]:
    """``count`` serve processes on one store and one bus, each on its own port (started)."""
    servers = [ServerProcess(tmp_path / f"p{i}", free_port(), *place.args(), "--bus", bus.address, "--rate", "1000")
               for i in range(count)]
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
        by_seat = {update["seat"]: mover, 1 - update["seat"]: waiter}
        for _ in range(500):  # bed ends well within this many moves
            if update["outcome"] is not None:
                break
            update = play_one(by_seat, update)
        assert update["outcome"] is not None
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
