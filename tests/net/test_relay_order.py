"""A relayed line's frames reach its client in the order its owner sent them, also while this
process takes a table's lease (the moment of a takeover): a frame that overtook an earlier
one made a bot answer an update older than one it had been sent ("stale")."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from catgames.net.relay import CLOSE, TEXT, Cluster, Edge


class Client:
    """The client's side of an edge's websocket: what it was sent, in order."""

    def __init__(self) -> None:
        self.sent: list[str | int] = []
        self.transport = SimpleNamespace(abort=lambda: self.sent.append("aborted"))

    async def send(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.sent.append(code)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def relayed_line() -> tuple[Cluster, Client]:
    """A cluster (its Redis never reached) with one client line passed to another process."""
    server: Any = SimpleNamespace(tables={}, store=None)
    cluster = Cluster(server, "redis://127.0.0.1:9")
    client = Client()
    edge = Edge(client, "127.0.0.1", owner="other", session="here/0")  # type: ignore[arg-type]
    cluster.edges[edge.session] = edge
    return cluster, client


def test_frames_heard_around_a_lease_being_taken_reach_the_client_in_order():
    async def scenario() -> list[str | int]:
        cluster, client = relayed_line()
        lease = asyncio.get_running_loop().create_future()  # a table being claimed here
        cluster._claims.add(lease)
        lease.add_done_callback(cluster._claims.discard)
        cluster._heard(TEXT, "here/0", "update 85")
        cluster._heard(TEXT, "here/0", "ack 86")
        await settle()
        assert client.sent == []  # nothing is sent while a lease is being taken
        lease.set_result(None)
        cluster._heard(TEXT, "here/0", "update 86")  # heard as the lease is taken
        cluster._heard(CLOSE, "here/0", "1000")
        await settle()
        await cluster.bus.redis.aclose()
        return client.sent

    assert asyncio.run(scenario()) == ["update 85", "ack 86", "update 86", 1000]
