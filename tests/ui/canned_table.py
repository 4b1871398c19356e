"""An online table that reaches no network: its remote runner's lines are canned, each telling
its seat "seated" and then the seat's update of a local match, with the presence the test
chooses (the layout test and the presence tests look at a seat away without a server)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from catgames.core.runner import Runner
from catgames.core.seats import HumanSeat
from catgames.core.session import Match
from catgames.net.links import TableLink
from catgames.net.remote import RemoteRunner
from catgames.ui.online.table import online_table

TOKEN = "0123456789abcdef0123456789abcdef"
URL = "ws://127.0.0.1:9"  #: never reached: the lines are canned


class CannedLine:
    """A line that says what it was given, takes every message sent and never drops."""

    def __init__(self, said: list[dict[str, Any]]) -> None:
        self.said = said
        self.sent: list[dict[str, Any]] = []

    def poll(self) -> dict[str, Any] | None:
        return self.said.pop(0) if self.said else None

    def send(self, message: dict[str, Any]) -> bool:
        self.sent.append(message)
        return True

    def sit(self, table: str) -> bool:
        return True

    def close(self) -> None:
        pass


def mid_game(game_id: str, players: int, moves: int) -> Match:
    """A match of human seats after ``moves`` random legal moves (seeded): the layout test's
    tables, and the canned ones'."""
    match = Match.new(game_id, players, ["human"] * players, {}, seed=3)
    rng = random.Random(7)
    for _ in range(moves):
        if match.state.is_over():
            break
        match.play(rng.choice(match.state.legal_moves()))
    return match


class CannedTable:
    """Seat ``mine`` of ``match`` at an online table whose server is this object: ``tell``
    sends the line the match's position as it is now, with each seat's presence."""

    def __init__(self, match: Match, presence: Sequence[str], mine: int = 0) -> None:
        self.match, self.presence, self.mine = match, list(presence), mine
        self.said: list[dict[str, Any]] = [{"type": "seated"}]
        self.version = 0
        self.tell()
        link = TableLink(URL, "t", match.game_id, {mine: TOKEN})
        self.runner = RemoteRunner(link, connect=lambda url, intent: CannedLine(self.said))  # type: ignore[arg-type,return-value]

    def tell(self) -> None:
        """The match's position now (a new version), with ``presence``."""
        self.version += 1
        update = Runner(self.match, [HumanSeat() for _ in range(self.match.players)]).update_for(self.mine)
        self.said.append({"type": "update", **update.to_json(), "version": self.version, "table": "t",
                          "presence": list(self.presence)})

    def play(self, app: Any, move: Any) -> None:
        """The seat to move plays ``move`` elsewhere: told to the table, and shown."""
        self.match.play(move)
        self.tell()
        app.run_frames(int(app.ai_delay() * 60) + 4)


def open_canned_table(app: Any, canned: CannedTable) -> Any:
    """``canned``'s online table, pushed on the stack and shown."""
    canned.runner.step(0.0)
    table = app.push(online_table(app, canned.runner, lambda link: None))
    app.run_frames(2)
    return table
