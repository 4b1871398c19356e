"""One table on the server: the runner over its match, who sits where, and the one way a
remote player's move gets in.

The table is the authority: a move is taken only from the seat's token holder, only when that
seat is to move, only at the version the player saw, and only if the rules allow it.  The
runner plays it (and the server's AI seats' moves), and every move it plays is committed
through ``commit`` before anything else happens; the server sends the acknowledgement and the
updates afterwards.
"""

from __future__ import annotations

from typing import Callable

from catgames.ai.seat import Brain
from catgames.core.runner import PLAYED, Change, Runner
from catgames.core.rules import NOBODY, Seat
from catgames.core.seats import HumanSeat, SeatPlayer
from catgames.core.session import Match
from catgames.net.protocol import AI, HUMAN, ProtocolError
from catgames.net.store import SeatRecord, TableRecord

Commit = Callable[[str, int, Seat, str], None]  #: (table, seq, seat, move): stored, or raises


def _match_kind(seat: SeatRecord) -> str:
    """The seat as ``Match`` knows it: a human, or an AI of some level (a random player counts
    as the easiest: only ``is_human`` matters to the match)."""
    if seat.kind == HUMAN:
        return "human"
    return f"ai:{'easy' if seat.level in (None, 'random') else seat.level}"


class NetTable:
    """A table's live runner, rebuilt from its record (set-up plus moves) when the server
    starts.  ``brain`` thinks for its AI seats; ``start`` once the server's loop runs."""

    def __init__(self, record: TableRecord, brain: Brain, commit: Commit) -> None:
        self.record = record
        self.brain = brain
        self._commit = commit
        self.match = Match.new(record.game, record.players, [_match_kind(s) for s in record.seats],
                               record.options, seed=record.seed, ai_seed=record.ai_seed)
        for seat, text in record.moves:  # replayed through the rules: the stored list is checked too
            self.match.play(self.match.game.parse_move(self.match.state, text))
        players: list[SeatPlayer] = [HumanSeat() if s.kind == HUMAN else brain.seat(i, s.level or "easy")
                                     for i, s in enumerate(record.seats)]
        self.runner = Runner(self.match, players, on_change=self._changed)

    def start(self) -> None:
        """Offer every seat its update: an AI seat to move starts thinking."""
        self.runner.start()

    def close(self) -> None:
        self.runner.close()
        self.brain.close()

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        """Moves so far, chance included: it grows with every change a seat may see and, unlike
        the runner's own count, is the same after a restart."""
        return len(self.match.history)

    @property
    def to_move(self) -> Seat:
        return self.match.state.to_move

    def take(self, seat: Seat, version: int, text: str) -> str:
        """Play ``text`` for ``seat`` seen at ``version`` (its text as played), or raise
        ``ProtocolError`` saying why not (``stale``: the player must be shown the table again)."""
        if seat == NOBODY:
            raise ProtocolError("not_seated", "a spectator cannot move")
        if self.match.state.is_over():
            raise ProtocolError("over", "the game is over")
        if version != self.version:
            raise ProtocolError("stale", f"the table is at version {self.version}, not {version}")
        if seat != self.to_move or self.record.seats[seat].kind == AI:
            raise ProtocolError("not_your_turn", "it is not this seat's turn")
        try:
            move = self.match.game.parse_move(self.match.state, text)
        except Exception:  # a parser meeting text it never expected: the text is refused
            raise ProtocolError("bad_move", "not a move of this game") from None
        reason = self.runner.submit(seat, move)
        if reason is not None:
            raise ProtocolError("illegal", f"illegal move: {reason}")
        return str(move)

    def step(self) -> bool:
        """Let the runner play an AI seat's move if one is ready; whether it did."""
        before = self.version
        self.runner.step(0.0)
        return self.version != before

    def _changed(self, change: Change) -> None:
        if change.kind == PLAYED:
            self._commit(self.id, len(self.record.moves), change.seat, change.move)
            self.record.moves.append((change.seat, change.move))
