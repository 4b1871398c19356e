"""The match off the screen: one runner owns it, its seats and its turn loop.

A table (or a test, or a server) makes a ``Runner`` over a ``Match`` with one ``SeatPlayer``
per seat (``core.seats``), calls ``start`` once it listens, then ``step(dt)`` every frame, and
sends a local human's intents through ``submit``, ``undo``, ``confirm_turn`` and ``ask_hint``.
The runner does the one check of every move (``Match.play``), keeps the match's clock, asks
the seat to move for its decision, replaces a machine's refused move by a seeded random legal
one (so the game goes on, as before), saves after each change (``autosave``), records a
finished game (``on_finish``), decides the hot-seat hand-off (``core.hotseat``) and relays
hints from an injected ``Advisor`` (the AI side's, ``catgames.ai.seat``).  Each seat that
listens (a machine's) is offered its own ``SeatUpdate`` after every change; the table reads
``update_for(private_seat())``
and is handed each change (a ``Change``) by ``start``, ``step`` and ``changes`` (as a
``core.feed.TableFeed``; a server may listen through ``on_change`` too), never the full state.

The runner owns the match: nothing else plays, undoes or replaces it while a runner holds it.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from catgames.core.hotseat import Hotseat
from catgames.core.moves import Move
from catgames.core.position import KEPT, Kept
from catgames.core.redaction import redact_turn
from catgames.core.rules import NOBODY, IllegalMove, Reason, Seat
from catgames.core.seats import SeatPlayer, SeatUpdate, local_seat
from catgames.core.session import Match, Turn

log = logging.getLogger(__name__)

# the kinds of ``Change``
PLAYED = "played"          #: ``seat`` made ``move`` (``detail``: the refused text it replaced)
UNDONE = "undone"          #: the last human move and what followed were taken back
CONFIRMED = "confirmed"    #: a turn waiting for its End turn passed on
REPLACED = "replaced"      #: a new match (restart) took the table
HANDOFF = "handoff"        #: hand the device to ``seat`` before showing its view
FINISHED = "finished"      #: the game is over (recorded and saved as asked)
HINT = "hint"              #: the advisor's ``move`` for ``seat`` (a legal move, not played)
HINT_UNAVAILABLE = "hint_unavailable"  #: the advisor's search failed: no advice to give
AI_FAILED = "ai_failed"    #: a seat (``seat``) or the advisor (``NOBODY``) could not start; ``detail``


@dataclass(unsafe_hash=True)  # not frozen: see ``SeatUpdate``
class Change:
    """Something the runner did, for the table to show (and a test to follow)."""

    kind: str
    seat: Seat = NOBODY
    move: str = ""
    detail: str = ""
    hint: Move | None = None  #: ``HINT``: the suggested move itself


@dataclass(frozen=True)
class Advice:
    """An advisor's answer: the move's text, or ``None`` when its search failed."""

    move: str | None


class Advisor(Protocol):
    """Finds the move a hint suggests to the seat to move, from that seat's update only."""

    def ask(self, update: SeatUpdate) -> None: ...

    def poll(self) -> Advice | None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


@dataclass
class _Decision:
    """The seat to move's pending decision: since which ply, how long asked, its answer."""

    seat: Seat
    ply: int
    waited: float = 0.0
    move: Move | str | None = None


class Runner:
    """Plays ``match`` between ``players`` (one per seat); see the module docstring.

    ``autosave(match)``: keep the match after a change (a finished one: after it was recorded);
    ``on_finish(match) -> bool``: record the finished game (``False``: it could not be, the
    save is left alone); ``on_change(change)``: told of every change as it happens.  ``pace``:
    the shortest time in seconds between asking a polled seat and playing its move, so a human
    can follow (the table may change it at any time).
    """

    def __init__(self, match: Match, players: Sequence[SeatPlayer], *,
                 autosave: Callable[[Match], None] | None = None,
                 on_finish: Callable[[Match], bool] | None = None,
                 on_change: Callable[[Change], None] | None = None,
                 advisor: Advisor | None = None, pace: float = 0.0, open_book: bool = False) -> None:
        if len(players) != match.players:
            raise ValueError(f"{match.players} seats need {match.players} players, got {len(players)}")
        self.match = match
        self.players = list(players)
        self.pace = pace
        #: a replay of a game already played: every update shows the whole position (the
        #: game's end showed what was hidden), so the replay can walk through the hands
        self.open_book = open_book
        self._autosave = autosave
        self._on_finish = on_finish
        self._on_change = on_change
        self._advisor = advisor
        self.hotseat = Hotseat()
        self.version = 0  #: bumped by every change of the match
        #: the turns of the log from here on are the last move's (the events it is sent with);
        #: the log's end after a change that played nothing
        self._events_at = len(match.history)
        self._logs: dict[Seat, list[Turn]] = {}
        #: the updates made for the match as it is (by seat), and what they share (``SeatUpdate.shared``)
        self._updates: tuple[tuple[int, int, int], dict[Seat, SeatUpdate], dict[str, Any]] = ((-1, -1, -1), {}, {})
        self._kept = Kept()  #: the parts of the match's views written so far (``core.position.Kept``)
        self._decision: _Decision | None = None
        self._failed: set[Seat] = set()
        self._hint_asked = False
        self._out: list[Change] = []

    # -- the loop -----------------------------------------------------------------------------
    def start(self, confirm_turns: bool = False) -> list[Change]:
        """Begin (or resume) at the table: follow the player's End turn setting, offer every
        seat its update, and say whether the device must first be handed on."""
        self.match.set_confirm_turns(confirm_turns)
        self._offer_all()
        self._announce()
        return self.changes()

    def step(self, dt: float, hold: bool = False) -> list[Change]:
        """One frame: the clock, the hint, and the seat to move's decision played once it is
        ready (``hold``: the table asks polled moves to wait, e.g. while a move animates)."""
        if not self.match.state.is_over():
            self.match.seconds += dt
        self._poll_hint()
        self._drive(dt, hold)
        return self.changes()

    def changes(self) -> list[Change]:
        """The changes since the last ``start``, ``step`` or ``changes``: those of the intents
        sent meanwhile (``submit``, ``undo``, ``confirm_turn``, a restart), at once."""
        out, self._out = self._out, []
        return out

    def _drive(self, dt: float, hold: bool) -> None:
        if not self.thinking:
            return
        seat, ply = self.match.state.to_move, len(self.match.history)
        decision = self._decision
        if decision is None or (decision.seat, decision.ply) != (seat, ply):
            decision = self._decision = _Decision(seat, ply)
        decision.waited += dt
        if decision.move is None:
            decision.move = self.players[seat].poll()
        if decision.move is not None and decision.waited >= self.pace and not hold:
            self._decision = None
            self._play_decided(seat, decision.move)

    @property
    def thinking(self) -> bool:
        """A seat not played at this table is to decide (the AI, a script, a remote player)."""
        match, seat = self.match, self.match.state.to_move
        return (not match.state.is_over() and not match.awaiting and seat >= 0
                and not local_seat(self.players, seat) and seat not in self._failed)

    def _play_decided(self, seat: Seat, decided: Move | str) -> None:
        """Play a polled seat's move, checked here once.  One the rules refuse (an AI's bug) is
        logged and replaced by a seeded random legal move, so the game goes on."""
        move = decided if isinstance(decided, Move) else self._parse(str(decided))
        if move is not None and self._play(seat, move) is None:
            return
        log.error("seat %d's move %r refused; playing a random legal move instead", seat, str(decided))
        rng = random.Random(self.match.ai_request_seed())
        self._play(seat, rng.choice(self.match.state.legal_moves()), replaced=str(decided))

    def _parse(self, text: str) -> Move | None:
        try:
            return self.match.game.parse_move(self.match.state, text)
        except ValueError as exc:
            log.error("unreadable move %r: %s", text, exc)
            return None

    # -- a local human's intents ----------------------------------------------------------------
    def submit(self, seat: Seat, move: Move) -> Reason | None:
        """A move of a human at this table: ``None`` once played, else why it was not."""
        match = self.match
        if (match.state.is_over() or match.awaiting or seat != match.state.to_move
                or not local_seat(self.players, seat)):
            return Reason.of("not_your_turn")
        return self._play(seat, move)

    def play(self, move: Move) -> Reason | None:
        """The seat to move's ``move``, whoever plays that seat (a test or a script standing in
        for it): ``None`` once played, else why not; checked once, as every move."""
        return self._play(self.match.state.to_move, move)

    def undo_refusal(self) -> str | None:
        """Why Undo is refused now (``Match.undo_refusal``'s code), ``None`` when it is not."""
        return self.match.undo_refusal()

    def undo(self) -> str | None:
        """Take back the last human move (and what followed): ``None``, or why not
        (``Match.undo_refusal``'s code)."""
        refusal = self.match.undo_refusal()
        if refusal is not None:
            return refusal
        self.match.undo_last_human_turn()
        self._position_replaced()
        self._emit(Change(UNDONE))
        self._save()
        self._offer_all()
        return None

    def confirm_turn(self) -> bool:
        """End turn: the turn waiting for it passes on (``False``: none waited)."""
        if not self.match.confirm_turn():
            return False
        self._turn_passed(Change(CONFIRMED))
        return True

    def set_confirm_turns(self, on: bool) -> bool:
        """Follow the player's End turn setting; switched off while a turn waits, the turn
        passes now (returns whether one did)."""
        if not self.match.set_confirm_turns(on):
            return False
        self._turn_passed(Change(CONFIRMED))
        return True

    def restart(self, seed: int, ai_seed: int) -> None:
        """The same set-up dealt again with new seeds."""
        m = self.match
        self.replace(Match.new(m.game, m.players, m.seats, m.options, seed, ai_seed=ai_seed,
                               names=m.names, hints=m.hints))

    def replace(self, match: Match) -> None:
        """Play ``match`` from now on (a restart, a tutorial begun again); same seats."""
        if match.players != self.match.players:
            raise ValueError("a replacing match keeps the number of seats")
        confirm = self.match.confirm_turns
        self.match = match
        self._kept = Kept()
        self.hotseat.reset()
        self._failed.clear()
        match.set_confirm_turns(confirm)
        self._position_replaced()
        self._emit(Change(REPLACED))
        self._save()
        self._offer_all()
        self._announce()

    # -- what a seat may see ------------------------------------------------------------------
    def update_for(self, seat: Seat) -> SeatUpdate:
        """What ``seat`` may know now (``NOBODY``: the public view); made once per change, and
        anew if the match was moved on or set up from outside (a test's position)."""
        key = (self.version, len(self.match.history), id(self.match.state))
        made_for, made, shared = self._updates
        if made_for != key:
            made, shared = {}, {KEPT: self._kept}
            self._updates = (key, made, shared)
        if seat not in made:
            made[seat] = self._update(seat, shared)
        return made[seat]

    def _update(self, seat: Seat, shared: dict[str, Any]) -> SeatUpdate:
        match = self.match
        log = self._log_for(seat)  # its last turns, redacted for the seat, hold the events it is sent
        return SeatUpdate(
            seat=seat, version=self.version, ply=len(match.history), game_id=match.game_id,
            view=match.state.clone() if self.open_book else match.state.observe(seat),
            events=tuple(event for turn in log[self._events_at:] for event in turn.events),
            log=log, to_move=match.state.to_move, turn_shown=match.turn_shown,
            awaiting=match.awaiting, outcome=match.state.outcome(), seats=tuple(match.seats),
            names=tuple(match.names), ai_seed=match.ai_request_seed(), shared=shared)

    def _log_for(self, seat: Seat) -> tuple[Turn, ...]:
        """The log redacted for ``seat``, extended turn by turn as the match goes on (the
        match's own where the game veils nothing)."""
        history, secrets = self.match.history, self.match.game.secrets
        if self.open_book or secrets.veil_nothing:
            return tuple(history)
        told = self._logs.setdefault(seat, [])
        told += [redact_turn(t, seat, secrets) for t in history[len(told):]]
        return tuple(told)

    def forget_updates(self) -> None:
        """Let the updates made for this change go: a server that has sent their texts keeps
        no views (with a thousand tables, views kept for seconds filled the collector's
        youngest generation, and each of its collections stopped the server ~0.1 s)."""
        self._updates = ((-1, -1, -1), {}, {})

    def refresh(self) -> None:
        """Make every update anew: the match was changed past the runner (a position set by
        hand, as a test does), which it cannot see by itself."""
        self.version += 1

    def private_seat(self) -> Seat | None:
        """Whose hand the one screen may show now (``core.hotseat``)."""
        return self.hotseat.private_seat(self.match)

    def is_local(self, seat: Seat) -> bool:
        """A human at this table plays ``seat`` (its moves come through ``submit``)."""
        return local_seat(self.players, seat)

    def needs_handoff(self, seat: Seat) -> bool:
        """The device must be handed to ``seat`` before its view is shown."""
        return self.hotseat.needs_handoff(self.match, seat)

    # -- hints --------------------------------------------------------------------------------
    def hints_offered(self) -> bool:
        """A human plays here, and among several humans the set-up allowed hints."""
        humans = self.match.human_seats
        return self._advisor is not None and bool(humans) and (len(humans) < 2 or self.match.hints)

    @property
    def hint_thinking(self) -> bool:
        """The advisor is finding a hint's move."""
        return self._hint_asked

    def ask_hint(self) -> str | None:
        """Ask the advisor what the human to move might play (shown, never played; the answer
        comes as a ``HINT`` change).  ``"disabled"`` where hints are not offered."""
        if not self.hints_offered() or self._advisor is None:
            return "disabled"
        seat = self.match.state.to_move
        if self._hint_asked or self.thinking or not local_seat(self.players, seat) \
                or self.match.awaiting or self.match.state.is_over():
            return None
        try:
            self._advisor.ask(self.update_for(seat))
        except Exception as exc:  # a hint that cannot be asked must not take the table down
            log.exception("the advisor failed")
            self._emit(Change(AI_FAILED, detail=str(exc)))
            return None
        self._hint_asked = True
        return None

    def _poll_hint(self) -> None:
        advice = self._advisor.poll() if self._hint_asked and self._advisor is not None else None
        if advice is None:
            return
        self._hint_asked = False
        seat = self.match.state.to_move
        if advice.move is None:  # a failed search's stand-in is no advice
            self._emit(Change(HINT_UNAVAILABLE, seat))
            return
        move = self._parse(advice.move)
        if move is None or move not in self.match.state.legal_moves():
            log.error("hint %r is not a legal move", advice.move)
            return
        self._emit(Change(HINT, seat, str(move), hint=move))

    def _clear_hint(self) -> None:
        if self._hint_asked and self._advisor is not None:
            self._advisor.cancel()
        self._hint_asked = False

    # -- after a change -----------------------------------------------------------------------
    def _play(self, seat: Seat, move: Move, replaced: str = "") -> Reason | None:
        before = len(self.match.history)
        try:
            self.match.play(move)
        except IllegalMove as exc:
            return exc.reason
        self.version += 1
        self._events_at = before  # its events: those of the turns it recorded (chance moves included)
        self._clear_hint()
        self._emit(Change(PLAYED, seat, self.match.history[before].move, replaced))  # its text, written once
        if self.match.state.is_over():
            if self._on_finish is None or self._on_finish(self.match):
                self._save()  # a finished game's save goes only once its record is written
            self._emit(Change(FINISHED))
        else:
            self._save()
        self._offer_all()
        self._announce()
        return None

    def _turn_passed(self, change: Change) -> None:
        self.version += 1
        self._events_at = len(self.match.history)
        self._emit(change)
        self._save()
        self._offer_all()
        self._announce()

    def _position_replaced(self) -> None:
        """Undo or a new match: pending decisions and hints are dropped, the logs told anew."""
        self.version += 1
        self._events_at = len(self.match.history)
        self._logs.clear()
        self._decision = None
        self._clear_hint()
        for player in self.players:
            player.cancel()

    def _save(self) -> None:
        if self._autosave is not None:
            self._autosave(self.match)

    def _offer_all(self) -> None:
        """Every seat that listens its update; one that cannot take it (an AI that cannot
        start) is left out of the game from then on, and the table told."""
        for seat, player in enumerate(self.players):
            if seat in self._failed or not player.listens:
                continue
            try:
                player.offer(self.update_for(seat))
            except Exception as exc:
                log.exception("seat %d failed", seat)
                self._failed.add(seat)
                self._emit(Change(AI_FAILED, seat, detail=str(exc)))

    def _announce(self) -> None:
        seat = self.hotseat.announce(self.match)
        if seat is not None:
            self._emit(Change(HANDOFF, seat))

    def _emit(self, change: Change) -> None:
        self._out.append(change)
        if self._on_change is not None:
            self._on_change(change)

    def close(self) -> None:
        """Leave the match: every seat and the advisor let go of what they hold."""
        self._clear_hint()
        for player in self.players:
            player.close()
        if self._advisor is not None:
            self._advisor.close()
