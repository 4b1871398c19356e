"""A commit that fails, on a server in the test's own event loop: when the store did take the
batch (its line was cut after the commit, before the answer: PostgreSQL restarted) play goes on
as if nothing failed; when it did not, the mover is told to play again and shown the table as
stored.  Either way nobody is left waiting for an update that never comes (a restart of
PostgreSQL once left two bots waiting until their test gave up)."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any, Callable, Sequence

from catgames.net.server import Config, Server
from catgames.net.store import Store, Write
from tests.net.raw import a_legal_move
from catgames.net.protocol import PROTOCOL
from tests.net.test_order import connection, say, seated_table


async def until(done: Callable[[], bool], what: str, steps: int = 1000) -> None:
    """Wait on the loop (at most ``steps`` hundredths of a second) until ``done``."""
    for _ in range(steps):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"no {what} within {steps / 100:g} s")


class FailingOnce(Store):
    """The SQLite store whose next commit fails once armed: after storing the batch (``lands``)
    or without storing it."""

    def __init__(self, folder: Any, lands: bool) -> None:
        super().__init__(folder)
        self.lands = lands
        self.armed = False

    def commit(self, writes: Sequence[Write]) -> None:
        if self.armed and not self.lands:
            self.armed = False
            raise sqlite3.OperationalError("disk I/O error")
        super().commit(writes)
        if self.armed:
            self.armed = False
            raise sqlite3.OperationalError("the connection is lost")


async def a_move_whose_commit_fails(tmp_path: Any, lands: bool) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
    """A two-seat table's mover moves while the store fails once: the version before the move,
    then what the mover and the other line were sent after it."""
    store = FailingOnce(tmp_path, lands)
    server = Server(Config(data=tmp_path, test_seeds=True), store)
    try:
        table, mover = await seated_table(server)
        other = next(conn for conn in server.watchers[table.id] if conn is not mover)
        version = table.version
        update = [m for m in mover.ws.sent if m["type"] == "update"][-1]
        heard_mover, heard_other = len(mover.ws.sent), len(other.ws.sent)
        store.armed = True
        await say(server, mover, {"type": "move", "version": version, "move": a_legal_move(update)})
        await server.journal.settled()
        await asyncio.gather(*server.tasks)
        return version, mover.ws.sent[heard_mover:], other.ws.sent[heard_other:]
    finally:
        await server.close()
        store.close()


def test_a_move_stored_though_its_commit_raised_is_acked_and_shown_to_the_other_seat(tmp_path):
    version, mover, other = asyncio.run(a_move_whose_commit_fails(tmp_path, lands=True))
    assert [m["type"] for m in mover][:2] == ["ack", "update"], mover
    assert mover[0]["version"] == version + 1
    assert [(m["type"], m["version"], m["to_move"] == m["seat"]) for m in other] == [("update", version + 1, True)]


def test_a_move_the_store_lost_is_to_be_played_again_on_the_table_as_stored(tmp_path):
    version, mover, other = asyncio.run(a_move_whose_commit_fails(tmp_path, lands=False))
    assert [m["type"] for m in mover] == ["error", "update"], mover
    assert mover[0]["code"] == "storage"
    assert mover[1]["version"] == version and mover[1]["to_move"] == mover[1]["seat"]
    assert [m for m in other if m["type"] == "update" and m["version"] > version] == []


def test_a_bot_told_its_move_was_lost_plays_again(tmp_path):
    """It sent a move at this version once; the update after the storage error asks again."""
    from types import SimpleNamespace

    from catgames.net.bot import BotPlan, _Games, _react
    _, (lost, stored), _ = asyncio.run(a_move_whose_commit_fails(tmp_path, lands=False))
    sent: list[dict[str, Any]] = []
    client = SimpleNamespace(table=stored["table"], send=sent.append)
    plan, games = BotPlan("ws://x", join="CODE", level="random"), _Games([], set())
    for message in (stored, lost, stored):
        assert _react(plan, client, message, lambda line: None, games) is None  # type: ignore[arg-type]
    assert [(m["type"], m["version"]) for m in sent] == [("move", stored["version"])] * 2


def test_an_ai_move_the_store_lost_is_searched_again_and_its_player_shown_it(tmp_path):
    """Its table read back as stored, the AI seat to move again: it searches once more a moment
    later (its table was left waiting for a restart of the server: a PostgreSQL restart's lost
    batch held an AI's move, and the players at that table waited until their test gave up)."""
    async def scenario() -> tuple[int, list[tuple[str, int]]]:
        store = FailingOnce(tmp_path, lands=False)
        server = Server(Config(data=tmp_path, test_seeds=True, ai_iterations=4), store)
        server.start()
        player = connection()
        try:
            await say(server, player, {"type": "hello", "protocol": PROTOCOL})
            await say(server, player, {"type": "create", "game": "kotatsu", "players": 2, "seed": 5,
                                       "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]})
            table = next(iter(server.tables.values()))
            def human_to_move() -> dict[str, Any] | None:
                updates = [m for m in player.ws.sent if m["type"] == "update"]
                last = updates[-1] if updates else None
                return last if last is not None and last["to_move"] == last["seat"] \
                    and not server.journal.pending(table.id) else None
            await until(lambda: human_to_move() is not None, "the human's turn")
            update = human_to_move()
            assert update is not None
            await say(server, player, {"type": "move", "version": update["version"], "move": a_legal_move(update)})
            await server.journal.settled()
            store.armed = True  # the AI's reply is not stored
            after = update["version"] + 2
            await until(lambda: any(m["type"] == "update" and m["version"] >= after for m in player.ws.sent),
                        "the lost reply searched again, stored and shown")
            return after, [(m["type"], m.get("version", -1)) for m in player.ws.sent]
        finally:
            await server.close()
            store.close()

    after, heard = asyncio.run(scenario())
    assert ("update", after) in heard, heard
    assert heard.count(("update", after)) == 1
