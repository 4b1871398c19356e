"""One table on the server: the runner over its match, who sits where, and the one way a
remote player's move (or undo) gets in.

A remote human plays as at a table with Confirm turns on where the game's End turn is a move
(``confirmed_by``: Cathood's "end turn" after the last disc, If It Fits' "skip"): the server
does not play it for them, so the last step of the turn can still be taken back, and the
player's End turn is that move.  A turn that would wait for an End turn that is no move (If It
Fits after a placement) passes at once: the protocol has no such message, a turn there is
confirmed by its last step (``settle``); a game with no End-turn move (Cat Days) is played with
Confirm turns off, as before (``online_match``).

The table is the authority: a move is taken only from the seat's token holder, only when that
seat is to move, only at the version the player saw, and only if the rules allow it.  The
runner plays it (and the server's AI seats' moves), and every change it makes is handed to
``commit`` (the journal) at once; the server sends the acknowledgement and the updates only
once the journal has committed it.  A remote human's seat is played by the AI stand-in while
``attendance`` says so (a dropped line past its grace period, a move clock run out).
"""

from __future__ import annotations

import time
from typing import Any, Callable

from catgames.ai.seat import Brain
from catgames.core.hotseat import Hotseat
from catgames.core.runner import PLAYED, UNDONE, Change, Runner
from catgames.core.rules import CHANCE, NOBODY, IllegalMove, Seat
from catgames.core.session import Match
from catgames.core.seats import HumanSeat, SeatPlayer
from catgames.net.attendance import Attendance
from catgames.net.protocol import AI, HUMAN, ProtocolError
from catgames.net.store import SeatRecord, TableRecord, Write, move_write, undo_writes

Commit = Callable[[str, list[Write]], None]  #: (table, writes): queued for the next commit
STAND_IN_LEVEL = "normal"  #: how well the stand-in plays an absent player's seat


def online_match(game: str, players: int, kinds: list[str], options: dict[str, Any], seed: int,
                 ai_seed: int) -> Match:
    """A match as the server plays it: where the game's End turn is a move, its humans confirm
    their turns with it (see above); elsewhere there is nothing they could confirm online."""
    match = Match.new(game, players, kinds, options, seed=seed, ai_seed=ai_seed)
    match.confirm_turns = bool(match.game.manifest.confirmed_by)
    return match


def settle(match: Match) -> bool:
    """Pass a turn waiting for an End turn that is no move (none is sent online); whether one was."""
    return match.confirm_turn()


def play_stored(match: Match, text: str) -> int:
    """Play the stored move ``text`` where it was played; the ply it was played at.  A table
    stored while the server played a human's End turn unasked (before turns were confirmed
    online) lacks those moves: where the rules refuse a stored move, the one End turn left is
    played first.  The legal moves are listed only then (listing them for every move was about
    a seventh of a restart's CPU, profiled), and each move is checked once, by ``play``."""
    move = match.game.parse_move(match.state, text)
    start = len(match.history)
    try:
        match.play(move)
        return start
    except IllegalMove:
        legal = match.state.legal_moves()
        if len(legal) != 1 or str(legal[0]) not in match.game.manifest.confirmed_by:
            raise
    match.play(legal[0])
    start = len(match.history)
    match.play(match.game.parse_move(match.state, text))
    return start


def _match_kind(seat: SeatRecord) -> str:
    """The seat as ``Match`` knows it: a human, or an AI of some level (a random player counts
    as the easiest: only ``is_human`` matters to the match)."""
    if seat.kind == HUMAN:
        return "human"
    return f"ai:{'easy' if seat.level in (None, 'random') else seat.level}"


class NoHandoff(Hotseat):
    """Every seat of an online table has its own screen: no device is ever handed on (and the
    runner need not compare views after every move to decide it)."""

    def announce(self, match: Match) -> Seat | None:
        return None


class NetTable:
    """A table's live runner, rebuilt from its record (set-up plus moves) when the server
    starts.  ``brain`` thinks for its AI seats and stand-ins; ``start`` once the server's loop
    runs; ``clock`` tells the time for the grace period and the move clock."""

    def __init__(self, record: TableRecord, brain: Brain, commit: Commit,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.record = record
        self.brain = brain
        self.clock = clock
        self._commit = commit
        self.match = online_match(record.game, record.players, [_match_kind(s) for s in record.seats],
                                  record.options, record.seed, record.ai_seed)
        self._starts: list[int] = []  #: the ply each stored move was played at
        for seat, text in record.moves:  # replayed through the rules: the stored list is checked too
            self._starts.append(play_stored(self.match, text))
            settle(self.match)
        players: list[SeatPlayer] = [HumanSeat() if s.kind == HUMAN else brain.seat(i, s.level or "easy")
                                     for i, s in enumerate(record.seats)]
        self._seen = (len(self.match.history), self.version)  #: (plies, version) after the last change
        self.runner = Runner(self.match, players, on_change=self._changed)
        self.runner.hotseat = NoHandoff()
        now = clock()
        self.attendance = Attendance([s.kind == HUMAN for s in record.seats],
                                     [s.token_hash is not None for s in record.seats],
                                     record.grace_s, record.clock_s, now)
        self.attendance.moved(self.to_move, now)
        self.stood_in: set[Seat] = set()  #: the seats the stand-in plays now
        self.undos = 0  #: undos since the table was opened (a connection's log is then sent whole)

    def start(self) -> None:
        """Offer every seat its update: an AI seat to move starts thinking."""
        self.runner.start(confirm_turns=self.match.confirm_turns)
        self.attend()

    def close(self) -> None:
        self.runner.close()
        self.brain.close()

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def version(self) -> int:
        """Grows with every change a seat may see, and only grows (an undo is a change too);
        unlike the runner's own count it is the same after a restart."""
        return len(self.match.history) + self.record.skipped

    @property
    def to_move(self) -> Seat:
        return self.match.state.to_move

    def presence(self) -> list[str]:
        return self.attendance.presence(self.stood_in)

    def take(self, seat: Seat, version: int, text: str) -> str:
        """Play ``text`` for ``seat`` seen at ``version`` (its text as played), or raise
        ``ProtocolError`` saying why not (``stale``: the player must be shown the table again)."""
        self._check_turn(seat, version)
        if seat != self.to_move or self.record.seats[seat].kind == AI or seat in self.stood_in:
            raise ProtocolError("not_your_turn", "it is not this seat's turn")
        try:
            move = self.match.game.parse_move(self.match.state, text)
        except Exception:  # a parser meeting text it never expected: the text is refused
            raise ProtocolError("bad_move", "not a move of this game") from None
        reason = self.runner.submit(seat, move)
        if reason is not None:
            raise ProtocolError("illegal", f"illegal move: {reason}")
        self._settle()
        self.attend()
        return str(move)

    def undo(self, seat: Seat, version: int) -> None:
        """Take back ``seat``'s last step, only inside its own turn (no other player has moved
        since, nothing was revealed to it), or raise ``ProtocolError``."""
        self._check_turn(seat, version)
        history = self.match.history
        own = [i for i, turn in enumerate(history) if self.match.is_human(turn.seat)]
        last = own[-1] if own else None
        if (last is None or history[last].seat != seat or seat in self.stood_in
                or any(t.seat not in (seat, CHANCE) for t in history[last:])
                or (self.to_move, self.match.state.turn_of) != (seat, seat)):
            raise ProtocolError("no_undo", "only a step of your own turn, still under way, can be taken back")
        refusal = self.runner.undo()
        self._let_changes_go()
        if refusal is not None:
            raise ProtocolError("no_undo", f"this step cannot be taken back ({refusal})")

    def _check_turn(self, seat: Seat, version: int) -> None:
        if seat == NOBODY:
            raise ProtocolError("not_seated", "a spectator cannot play")
        if self.match.state.is_over():
            raise ProtocolError("over", "the game is over")
        if version != self.version:
            raise ProtocolError("stale", f"the table is at version {self.version}, not {version}")

    def step(self) -> bool:
        """Let the runner play an AI seat's (or a stand-in's) move if one is ready; whether it did."""
        before = self.version
        self.runner.step(0.0)
        self._settle()
        self.attend()
        return self.version != before

    def _settle(self) -> None:
        if self.match.awaiting:
            self.runner.confirm_turn()
        self._let_changes_go()

    def _let_changes_go(self) -> None:
        """The runner told ``_changed`` of each change as it came; the list of them it also
        keeps for a reader of ``changes()`` has none here (kept, it grew by a change a move for
        the table's life, and the collector scanned each)."""
        self.runner.changes()

    def joined(self, seat: Seat) -> bool:
        """A line of ``seat``'s player opened; whether anyone's presence changed."""
        return self._attending(lambda: self.attendance.joined(seat))

    def left(self, seat: Seat) -> bool:
        return self._attending(lambda: self.attendance.left(seat, self.clock()))

    def _attending(self, change: Callable[[], None]) -> bool:
        before = self.presence()
        change()
        self.attend()
        return self.presence() != before

    def attend(self) -> bool:
        """Hand each seat to the stand-in, or back to its player, as attendance says now;
        whether any seat changed hands."""
        wanted = self.attendance.stand_ins(self.clock()) if not self.match.state.is_over() else set()
        if wanted == self.stood_in:
            return False
        for seat in self.stood_in - wanted:
            self._seat(seat, HumanSeat())
        for seat in wanted - self.stood_in:
            self._seat(seat, self.brain.seat(seat, STAND_IN_LEVEL))
        self.stood_in = wanted
        return True

    def _seat(self, seat: Seat, player: SeatPlayer) -> None:
        self.runner.players[seat].close()
        self.runner.players[seat] = player
        if player.listens:
            player.offer(self.runner.update_for(seat))

    def _changed(self, change: Change) -> None:
        plies, version = self._seen
        if change.kind == PLAYED:
            self._starts.append(plies)
            self._commit(self.id, [move_write(self.id, len(self.record.moves), change.seat, change.move)])
            self.record.moves.append((change.seat, change.move))
        elif change.kind == UNDONE:
            kept = sum(1 for start in self._starts if start < len(self.match.history))
            del self._starts[kept:], self.record.moves[kept:]
            self.record.skipped = version + 1 - len(self.match.history)
            self._commit(self.id, undo_writes(self.id, kept, self.record.skipped))
            self.undos += 1
        self._seen = (len(self.match.history), self.version)
        self.attendance.moved(self.to_move, self.clock())
