"""One table on the server: the match, who sits where, and the one way a move gets in.

The table is the authority: a move is taken only from the seat's token holder, only when that
seat is to move, only at the version the player saw, and only if the rules allow it.  It does
no input or output; the server persists and sends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from catgames.core.rules import NOBODY, Seat
from catgames.core.session import Match
from catgames.net.protocol import AI, HUMAN, ProtocolError
from catgames.net.store import SeatRecord, TableRecord


@dataclass(frozen=True)
class Played:
    """A move the table took: who played it and its text, as the store keeps it."""

    seat: Seat
    move: str


def _match_kind(seat: SeatRecord) -> str:
    """The seat as ``Match`` knows it: a human, or an AI of some level (a random player counts
    as the easiest: only ``is_human`` matters to the match)."""
    if seat.kind == HUMAN:
        return "human"
    return f"ai:{'easy' if seat.level in (None, 'random') else seat.level}"


class NetTable:
    """A table's live match, rebuilt from its record (set-up plus moves) when the server starts."""

    def __init__(self, record: TableRecord) -> None:
        self.record = record
        self.match = Match.new(record.game, record.players, [_match_kind(s) for s in record.seats],
                               record.options, seed=record.seed, ai_seed=record.ai_seed)
        stored, record.moves = record.moves, []
        for seat, text in stored:  # replayed through the rules, so the stored list is checked too
            self._play(seat, text)

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        """Moves so far, chance included: it grows with every change a seat may see."""
        return len(self.match.history)

    @property
    def seq(self) -> int:
        """Moves the players made so far: the store's key of the next one."""
        return len(self.record.moves)

    @property
    def to_move(self) -> Seat:
        return self.match.state.to_move

    def is_over(self) -> bool:
        return self.match.state.is_over()

    def seat(self, seat: Seat) -> SeatRecord:
        return self.record.seats[seat]

    def ai_to_move(self) -> bool:
        return not self.is_over() and 0 <= self.to_move < self.record.players \
            and self.seat(self.to_move).kind == AI

    def take(self, seat: Seat, version: int, text: str) -> Played:
        """Play ``text`` for ``seat`` seen at ``version``, or raise ``ProtocolError`` saying why
        not (``stale``: the player must be shown the table again)."""
        if seat == NOBODY:
            raise ProtocolError("not_seated", "a spectator cannot move")
        if self.is_over():
            raise ProtocolError("over", "the game is over")
        if version != self.version:
            raise ProtocolError("stale", f"the table is at version {self.version}, not {version}")
        if seat != self.to_move:
            raise ProtocolError("not_your_turn", "it is not this seat's turn")
        return self._play(seat, text)

    def _play(self, seat: Seat, text: str) -> Played:
        state = self.match.state
        try:
            move = self.match.game.parse_move(state, text)
            reason = state.check(move)
        except Exception:  # a parser meeting text it never expected: the text is refused
            raise ProtocolError("bad_move", "not a move of this game") from None
        if reason is not None:
            raise ProtocolError("illegal", f"illegal move: {reason}")
        self.match.play(move)
        played = Played(seat, str(move))
        self.record.moves.append((played.seat, played.move))
        return played

    def without_last(self) -> "NetTable":
        """The table as it was before its last move (one that could not be stored)."""
        self.record.moves.pop()
        return NetTable(self.record)

    def outcome(self) -> dict[str, Any] | None:
        result = self.match.state.outcome()
        if result is None:
            return None
        return {"scores": list(result.scores), "winner": result.winner, "why": str(result.why)}
