"""Hints online (issue 29): a seat played at this computer asks for a hint as at a local table;
the hint is found here, by the table's AI worker, from that seat's own update — the view the
server sent it, nothing more — and nothing is asked of the server.  A real server on loopback;
the worker is a stand-in that records what it was handed and answers a random legal move of it."""

from __future__ import annotations

from typing import Any

import pytest

from catgames.ai.seat import Brain
from catgames.core.runner import HINT
from catgames.net.client import NetClient
from catgames.net.remote import RemoteRunner
from tests.games.test_update_privacy import words
from tests.net.remote_tables import BACKOFF, Window, make_table, open_window, run_until
from tests.net.serving import running_server
from tests.net.test_seats import InstantWorker


class HandedWorker(InstantWorker):
    """``test_seats``' instant worker, recording what each request handed it."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[tuple[str, dict[str, Any], int]] = []

    def request(self, game_id: str, view: dict[str, Any], seat: int, difficulty: str, seed: int,
                *, patient: bool = False) -> None:
        self.requests.append((game_id, view, seat))
        super().request(game_id, view, seat, difficulty, seed, patient=patient)


class CountingClient(NetClient):
    """A line that counts what this computer sends the server."""

    sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> bool:
        CountingClient.sent.append(message)
        return super().send(message)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("remote_hint"), "--tables-per-hour", "1000", "--rate", "1000") as s:
        yield s


@pytest.mark.parametrize("game", ["days", "kotatsu"])
def test_a_hint_online_is_found_here_from_the_seats_own_view(server, game):
    link, tokens = make_table(server.url, game, ["human", "human"])
    (mine, my_token), (theirs, their_token) = sorted(tokens.items())
    worker = HandedWorker()
    here = Window(RemoteRunner(link.__class__(link.url, link.table, game, {mine: my_token}),
                               connect=lambda url, intent: CountingClient(url, intent, backoff=BACKOFF).start()))
    other = open_window(link, {theirs: their_token})
    runner = here.runner
    runner.on_change = here.changes.append
    try:
        assert not runner.hints_offered() and runner.ask_hint() == "disabled"  # no advisor: none
        runner.advisor = Brain(lambda: worker).advisor()
        assert runner.hints_offered()
        run_until([here, other], lambda: runner.ready and other.runner.ready, "both tables")
        if runner.update_for(mine).to_move != mine:  # the other seat begins: it moves first
            move = other.runner.update_for(theirs).view.legal_moves()[0]
            assert other.runner.submit(theirs, move) is None
            run_until([here, other], lambda: runner.update_for(mine).my_turn and runner.behind == 0, "my turn")
        CountingClient.sent.clear()
        shown = runner.update_for(mine)
        assert runner.ask_hint() is None and runner.hint_thinking
        run_until([here, other], lambda: here.kinds(HINT), "the hint")
        [hint] = here.kinds(HINT)
        assert hint.seat == mine and hint.hint in shown.view.legal_moves() and not runner.hint_thinking
        assert CountingClient.sent == []  # the server was asked nothing
        [(asked_game, handed, seat)] = worker.requests
        assert (asked_game, seat) == (game, mine)
        assert handed == shown.view.to_dict()  # the seat's own update, as the server sent it
        theirs_only = words(other.runner.update_for(theirs).view.to_dict()) - words(shown.view.to_dict())
        assert theirs_only and not words(handed) & theirs_only  # none of the other hand's secrets
        assert shown.view.to_dict() != runner.update_for(theirs).view.to_dict()
    finally:
        runner.close()
        other.runner.close()
