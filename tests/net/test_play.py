"""Every game played to its end by bots through a real server process."""

from __future__ import annotations

import time

from tests.net.serving import running_server, stored_moves, uninterrupted
from tests.net.tables import SETUPS, check_finished_table, start_tables, table_of

BOT_S = 120.0  #: longest the bots may take for their games (a busy machine)


def test_every_game_ends_with_each_seat_shown_only_its_view(tmp_path, place):
    with running_server(tmp_path, *place.args()) as server:
        tables = []
        try:
            tables = list(zip(SETUPS, start_tables(server.url, tmp_path, SETUPS)))
            deadline = time.monotonic() + BOT_S
            codes = [bot.finish(deadline) for _, bots in tables for bot in bots]
        finally:
            for _, bots in tables:
                for bot in bots:
                    bot.kill()
        assert codes == [0] * len(codes), [b.stderr for _, bots in tables for b in bots]
    stored = stored_moves(place.open())
    for setup, bots in tables:
        moves = stored[table_of(bots)]
        assert moves == uninterrupted(setup.game, setup.seed, setup.seats())
        check_finished_table(setup, bots, moves)
