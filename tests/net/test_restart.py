"""``kill -9`` of the server at seeded moments, restarted on the same data: the bots reconnect
and every game ends with the moves it would have had without a break; no acknowledged move is
lost.  The bots run in threads here (the same ``bot.play``; test_play.py runs their command)."""

from __future__ import annotations

import random
import time

from tests.net.stores import Place
from tests.net.serving import BotThread, ServerProcess, free_port, replayed, stored_moves, uninterrupted
from tests.net.tables import SETUPS, check_finished_table, start_tables, table_of

KILLS = 6  #: each one interrupts every table still playing (most break several)
RUN_S = 150.0  #: longest the whole run may take (a busy machine)


def wait_for_moves(place: Place, count: int, deadline: float) -> None:
    while place.moves_committed() < count:
        assert time.monotonic() < deadline, f"the tables stopped short of {count} moves"
        time.sleep(0.02)


def test_kill9_and_restart_lose_no_acknowledged_move(tmp_path, place):
    expected = [uninterrupted(s.game, s.seed, s.seats()) for s in SETUPS]
    total = sum(map(len, expected))
    kills = sorted(random.Random(29).sample(range(4, total * 2 // 3), KILLS))
    started = time.monotonic()
    deadline = started + RUN_S
    server = ServerProcess(tmp_path, free_port(), *place.args())
    server.start()
    tables = []
    try:
        tables = start_tables(server.url, tmp_path, SETUPS, BotThread)
        for count in kills:
            wait_for_moves(place, count, deadline)
            server.kill9()
            server.start()
        codes = [bot.finish(deadline) for bots in tables for bot in bots]
    finally:
        for bots in tables:
            for bot in bots:
                bot.kill()
        server.stop()
    bots_and_codes = zip([b for bots in tables for b in bots], codes)
    stopped = [(b.code, b.stderr, b.lines[-3:]) for b, code in bots_and_codes if code != 0]
    assert not stopped, f"bots stopped after {time.monotonic() - started:.0f} s: {stopped}"  # and why
    stored = stored_moves(place.open())
    for setup, bots, moves in zip(SETUPS, tables, expected):
        assert stored[table_of(bots)] == moves, setup.game
        check_finished_table(setup, bots, moves, unbroken=False)
        _, versions = replayed(setup.game, setup.kinds(), setup.seed, moves)
        played = {(version, text) for version, (_, text) in zip(versions, moves)}
        assert all((ack["version"], ack["move"]) in played for bot in bots for ack in bot.acks)
    broken = sum(line.get("reconnecting") == 1 for bots in tables for line in bots[0].lines)
    assert broken >= KILLS  # each kill broke at least one table's line (most break several)
