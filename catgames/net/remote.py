"""An online table as the app plays it: ``RemoteRunner``, a ``TableFeed`` over the server.

The server holds the match; this computer holds one ``NetClient`` per seat it plays (a
``TableLink``'s tokens: one player, or several sharing this screen, hot-seat inside an online
table).  Each seat's updates arrive on its own line, are read back (``SeatUpdate.from_json``)
and shown one position at a time: a move made elsewhere waits ``pace`` and the table's
animation (``hold``), as a machine's move does at a local table.  What changed between two
positions becomes the local runner's ``Change`` kinds (``PLAYED``, ``UNDONE``, ``FINISHED``,
``HANDOFF``), so a table shows an online match as it shows a local one; what only an online
table has comes as this module's kinds (a refusal, presence, an emote, a line's state, a
rematch asked).  The hand-off between seats sharing the screen is ``core.hotseat``'s, decided
here from those seats' own views.  A hint is found on this computer from the seat's own update
(``net.remote_hint``), as at a local table.  No pygame: the table's scene polls this every frame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from catgames.core.catalogue import load_game
from catgames.core.hotseat import Hotseat
from catgames.core.moves import Move
from catgames.core.redaction import redact_events, redact_turn
from catgames.core.rules import CHANCE, NOBODY, Game, Reason, Seat, State
from catgames.core.runner import FINISHED, HANDOFF, PLAYED, REPLACED, UNDONE, Advisor, Change
from catgames.core.seats import REMOTE, SeatUpdate
from catgames.core.session import HUMAN, Match
from catgames.net.client import Backoff, NetClient
from catgames.net.links import TableLink
from catgames.net.remote_hint import RemoteHint

log = logging.getLogger(__name__)

# the kinds of ``Change`` only an online table has
REFUSED = "refused"    #: the server refused ``seat``'s move, undo or emote (``detail``: its code)
PRESENCE = "presence"  #: who is at each seat changed (``RemoteRunner.presence``)
EMOTE = "emote"        #: ``seat`` sent the emote ``detail`` (an id of ``protocol.EMOTES``)
LINE = "line"          #: a local seat's line (``detail``: ``connecting``, ``here``, ``reconnecting``, ``gone``)
#: one of several turns shown at once (the server sent only the newest position): the table
#: draws the position anew, with no move's animation
CAUGHT_UP = "caught_up"
REMATCH = "rematch"    #: another player asked for a rematch (``detail``: its table); ``rematch()`` joins it

CONNECTING, HERE, RECONNECTING, GONE = "connecting", "here", "reconnecting", "gone"
READS = 64  #: messages read from one line per frame at most (the rest wait for the next)

Connect = Callable[[str, dict[str, Any]], NetClient]


def connect_line(backoff: Backoff = Backoff(), server_id: str = "") -> Connect:
    """Open a started ``NetClient`` (the real line; a test may pass another backoff), which
    tells its token only to the server of ``server_id`` if one is given."""
    return lambda url, intent: NetClient(url, intent, backoff=backoff, server_id=server_id).start()


def public_update(update: SeatUpdate, game: Game) -> SeatUpdate:
    """The public update (a spectator's) from a seat's: its view observed for nobody, its
    events and log redacted once more, for nobody."""
    secrets = game.secrets
    return replace(update, seat=NOBODY, view=update.view.observe(NOBODY),
                   events=redact_events(update.events, NOBODY, secrets),
                   log=tuple(redact_turn(t, NOBODY, secrets) for t in update.log))


def own_turn_refusal(update: SeatUpdate) -> str | None:
    """Why the server would refuse this seat's undo, from its update (``None``: it would not):
    ``nothing`` (no step of its own to take back) or ``own_turn`` (online, undo reaches only
    steps of one's own turn still under way; the server checks once more, and also what a step
    showed)."""
    humans = {seat for seat, kind in enumerate(update.seats) if kind in (HUMAN, REMOTE)}
    own = [i for i, turn in enumerate(update.log) if turn.seat in humans]
    if not own or update.log[own[-1]].seat != update.seat:
        return "nothing"
    if (any(t.seat not in (update.seat, CHANCE) for t in update.log[own[-1]:])
            or (update.to_move, update.view.turn_of) != (update.seat, update.seat)):
        return "own_turn"
    return None


@dataclass
class _Line:
    """One local seat's connection and what it brought."""

    client: NetClient
    token: str
    arrived: list[tuple[SeatUpdate, tuple[str, ...]]] = field(default_factory=list)  #: not shown yet
    shown: SeatUpdate | None = None
    state: str = CONNECTING
    pending: int | None = None  #: the version a move or undo was sent at, until its answer
    rematch: tuple[str, Seat, str] | None = None  #: (table, seat there, watch code) once told


class SharedScreen(Hotseat):
    """``core.hotseat`` for the seats sharing this screen: the device changes hands when the
    new seat's own view differs from the one shown (the views come from the seats' updates,
    since this computer never holds the whole position)."""

    def __init__(self, view: Callable[[Seat], State]) -> None:
        super().__init__()
        self._view = view

    def needs_handoff(self, match: Match, seat: Seat) -> bool:
        if seat == self.shown:
            return False
        mine = self._view(seat)
        if match.game.secret_choice(mine):
            return True
        return mine.to_dict() != self._view(NOBODY if self.shown is None else self.shown).to_dict()


class RemoteRunner:
    """A ``TableFeed`` over the server for the seats of ``link`` (see the module docstring).

    ``on_change`` is told of every change as it is shown; ``on_link`` of the link after a
    rematch moved the seats to a new table (the app keeps it instead of the old one).
    """

    def __init__(self, link: TableLink, *, connect: Connect | None = None,
                 on_change: Callable[[Change], None] | None = None,
                 on_link: Callable[[TableLink], None] | None = None,
                 pace: float = 0.0, load: Callable[[str], Game] = load_game) -> None:
        if not link.tokens:
            raise ValueError("an online table needs the token of at least one seat")
        self.pace = pace
        self.game = load(link.game_id)
        self._load = load
        self._link = link
        self.on_change = on_change  #: told of every change as it is shown (the table sets it)
        self.on_link = on_link  #: told of the new link after a rematch (the app keeps it)
        #: called just before another position is shown (the table keeps what it animates from)
        self.before_position: Callable[[], None] | None = None
        open_line = connect or connect_line(server_id=link.server_id)
        self._lines = {seat: _Line(open_line(link.url, {"type": "sit", "table": link.table, "token": token}),
                                   token)
                       for seat, token in sorted(link.tokens.items())}
        self.hotseat: Hotseat = SharedScreen(lambda seat: self.update_for(seat).view)
        self.version = 0  #: grows with every position or presence shown
        self.presence: tuple[str, ...] = ()  #: each seat's presence (``net.attendance``)
        self.failure: str | None = None  #: why a line gave up (``bad_token``, ``unreachable``…)
        self.emotes: list[tuple[Seat, str]] = []  #: the emotes seen so far (seat, id)
        self.rematch_offered = False  #: another player asked for a rematch of this table
        self._lead: SeatUpdate | None = None  #: the last position shown (the lowest local seat's)
        self._public: tuple[int, SeatUpdate] | None = None
        self._waited = 0.0
        self._fresh = False  #: the next position shown is a new table's (a rematch)
        self._rematch_wanted = False
        self._hint = RemoteHint(self.game)
        self._out: list[Change] = []

    # -- facts --------------------------------------------------------------------------------
    @property
    def link(self) -> TableLink:
        return self._link

    @property
    def ready(self) -> bool:
        """Every local seat has been shown its position (the table can be drawn)."""
        return all(line.shown is not None for line in self._lines.values())

    @property
    def lines(self) -> dict[Seat, str]:
        """Each local seat's line: ``connecting``, ``here``, ``reconnecting`` or ``gone``."""
        return {seat: line.state for seat, line in self._lines.items()}

    @property
    def behind(self) -> int:
        """Positions arrived and not shown yet (a move made elsewhere waits its turn)."""
        return max((len(line.arrived) for line in self._lines.values()), default=0)

    @property
    def thinking(self) -> bool:
        """A seat not played here is to move, or the server has not answered a move sent."""
        lead = self._lead
        if lead is None or lead.outcome is not None:
            return False
        return not self.is_local(lead.to_move) or any(line.pending is not None for line in self._lines.values())

    @property
    def hint_thinking(self) -> bool:
        return self._hint.thinking

    @property
    def advisor(self) -> Advisor | None:
        """Finds hints on this computer (the table's AI worker); ``None``: no hints."""
        return self._hint.advisor

    @advisor.setter
    def advisor(self, advisor: Advisor | None) -> None:
        self._hint.cancel()
        self._hint.advisor = advisor

    def is_local(self, seat: Seat) -> bool:
        return seat in self._lines

    def update_for(self, seat: Seat) -> SeatUpdate:
        """A local seat's last update shown; any other seat gets the public one."""
        line = self._lines.get(seat)
        if line is not None and line.shown is not None:
            return line.shown
        if self._lead is None:
            raise RuntimeError("no update has arrived from the server yet")
        if self._public is None or self._public[0] != self.version:
            self._public = (self.version, public_update(self._lead, self.game))
        return self._public[1]

    def private_seat(self) -> Seat | None:
        return None if self._lead is None else self.hotseat.private_seat(self._seen_match(self._lead))

    def _seen_match(self, update: SeatUpdate) -> Match:
        """The match as ``core.hotseat`` reads it, made of one update: the seats played here are
        its humans (no other seat's secret is in it; it is never played)."""
        seats = [HUMAN if self.is_local(s) else REMOTE for s in range(len(update.seats))]
        return Match(self.game, {}, 0, seats, update.view, list(update.log), names=list(update.names),
                     awaiting=update.awaiting)

    def undo_refusal(self) -> str | None:
        """Why undo is refused now (``own_turn_refusal``; ``nothing`` when no local seat is to move)."""
        lead = self._lead
        line = self._lines.get(lead.to_move) if lead is not None else None
        if line is None or line.shown is None or line.pending is not None:
            return "nothing"
        return own_turn_refusal(line.shown)

    # -- the loop -----------------------------------------------------------------------------
    def start(self, confirm_turns: bool = False) -> list[Change]:
        """Begin at the table (an online turn never waits for End turn): what has arrived is
        shown, and the device handed to the seat to move if it must be."""
        self._read()
        self._deliver(hold=False, paced=False)
        if self._lead is not None:
            self._announce()
        return self.changes()

    def step(self, dt: float, hold: bool = False) -> list[Change]:
        """One frame: read every line, and show the next position once a move made elsewhere
        has waited ``pace`` and the table is not ``hold``ing."""
        self._waited += dt
        self._read()
        self._deliver(hold, paced=True)
        if (hint := self._hint.poll(lambda seat: self._lines[seat].shown if seat in self._lines else None)):
            self._emit(hint)
        return self.changes()

    def changes(self) -> list[Change]:
        """The changes since the last ``start``, ``step`` or ``changes`` (an intent's answer
        comes from the server later: a frame's ``step`` brings it)."""
        out, self._out = self._out, []
        return out

    def _read(self) -> None:
        """Every line's messages, a round at a time (a rematch may move the seats between two)."""
        for _ in range(READS):
            took = False
            for seat, line in list(self._lines.items()):
                if self._lines.get(seat) is not line:
                    continue
                message = line.client.poll()
                if message is not None:
                    took = True
                    self._take(seat, line, message)
            if not took:
                return

    def _take(self, seat: Seat, line: _Line, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update":
            self._arrive(seat, line, message)
        elif kind in ("ack", "undone"):
            line.pending = None
        elif kind == "error":
            line.pending = None
            self._emit(Change(REFUSED, seat, detail=str(message.get("code"))))
        elif kind == "seated":
            self._line(seat, line, HERE)
        elif kind == "reconnecting":
            line.pending = None
            self._line(seat, line, RECONNECTING)
        elif kind == "gone":
            self.failure = self.failure or str(message.get("reason"))
            self._line(seat, line, GONE)
        elif kind == "emote" and seat == min(self._lines):  # every local line hears it: once
            self.emotes.append((message["seat"], message["emote"]))
            self._emit(Change(EMOTE, message["seat"], detail=str(message["emote"])))
        elif kind == "rematch":
            self._told_rematch(line, message)

    def _arrive(self, seat: Seat, line: _Line, message: dict[str, Any]) -> None:
        if message.get("table") != self._link.table:
            return  # the old table's last word after a rematch
        try:
            update = SeatUpdate.from_json(message, self._load)
            presence = tuple(str(p) for p in message["presence"])
        except (KeyError, TypeError, ValueError, IndexError):
            log.exception("an update of seat %d could not be read", seat)
            self._emit(Change(REFUSED, seat, detail="unreadable"))
            return
        if update.seat != seat:
            log.error("seat %d's line was sent seat %d's update", seat, update.seat)
            return
        kinds = tuple(REMOTE if kind == HUMAN and not self.is_local(s) else kind for s, kind in enumerate(update.seats))
        line.arrived.append((replace(update, seats=kinds), presence))

    def _line(self, seat: Seat, line: _Line, state: str) -> None:
        if line.state != state:
            line.state = state
            self._emit(Change(LINE, seat, detail=state if state != GONE else f"{GONE}:{self.failure}"))

    # -- showing one position at a time -------------------------------------------------------
    def _deliver(self, hold: bool, paced: bool) -> None:
        """Show what arrived, the earliest version first, one position a frame: a local seat's
        own move at once, a move made elsewhere once it waited; a presence change with it."""
        for _ in range(READS):
            heads = [line.arrived[0][0].version for line in self._lines.values() if line.arrived]
            if not heads:
                return
            version = min(heads)
            group = {seat: self._take_version(line, version)
                     for seat, line in self._lines.items() if line.arrived and line.arrived[0][0].version == version}
            before = self._lines[min(group)].shown
            moved = self._moved_elsewhere(before, group[min(group)][0])
            if moved and paced and (hold or self._waited < self.pace):
                for seat, arrival in group.items():  # not yet: back at the head of its queue
                    self._lines[seat].arrived.insert(0, arrival)
                return
            if before is not None and before.version != version and self.before_position is not None:
                self.before_position()
            self._show(group)
            if moved:
                self._waited = 0.0
            if paced and (before is None or before.version != version):
                return  # one position a frame, each drawn (and animated) in turn

    @staticmethod
    def _take_version(line: _Line, version: int) -> tuple[SeatUpdate, tuple[str, ...]]:
        """The last arrival of ``version`` (a presence change may repeat one), taken off the queue."""
        taken = line.arrived.pop(0)
        while line.arrived and line.arrived[0][0].version == version:
            taken = line.arrived.pop(0)
        return taken

    def _moved_elsewhere(self, before: SeatUpdate | None, after: SeatUpdate) -> bool:
        """``after`` shows a move not made at this table since ``before``."""
        if before is None or after.version == before.version:
            return False
        new = after.log[before.ply:] if after.log[:before.ply] == before.log[:before.ply] else after.log
        return any(turn.seat != CHANCE and not self.is_local(turn.seat) for turn in new)

    def _show(self, group: dict[Seat, tuple[SeatUpdate, tuple[str, ...]]]) -> None:
        first = min(group)
        before = self._lines[first].shown
        for seat, (update, _) in group.items():
            line = self._lines[seat]
            line.shown = update
            if line.pending is not None and update.version > line.pending:
                line.pending = None
        lead, presence = group[first]
        if self._lead is None or lead.version != self._lead.version:
            self._hint.cancel()  # a question about the position before is answered no more
        self._lead = lead
        self.version += 1
        if presence != self.presence:
            changed = bool(self.presence)
            self.presence = presence
            if changed:
                self._emit(Change(PRESENCE))
        if self._fresh:  # the first position of a rematch's table
            self._fresh = False
            self._emit(Change(REPLACED))
            self._announce()
        elif before is not None and before.version != lead.version:
            self._changes(before, lead)

    def _changes(self, before: SeatUpdate, after: SeatUpdate) -> None:
        """What happened between two positions, as a local runner would have told it."""
        kept = len(before.log)
        if after.log[:kept] == before.log:
            new = [turn for turn in after.log[kept:] if turn.seat != CHANCE]
            # one move: shown as played; several (the server sent only the newest position, so
            # neither its events nor the position before its last move came): drawn anew
            kind = PLAYED if len(new) == 1 else CAUGHT_UP
            for turn in new:
                self._emit(Change(kind, turn.seat, turn.move))
        else:  # turns were taken back (an undo), or the resync after a drop shows another past
            self._emit(Change(UNDONE))
        if after.outcome is not None:
            if before.outcome is None:
                self._emit(Change(FINISHED))
        else:
            self._announce()

    def _announce(self) -> None:
        """The device handed to the seat to move here, if ``core.hotseat`` says it must be."""
        assert self._lead is not None
        if (seat := self.hotseat.announce(self._seen_match(self._lead))) is not None:
            self._emit(Change(HANDOFF, seat))

    def _emit(self, change: Change) -> None:
        self._out.append(change)
        if self.on_change is not None:
            self.on_change(change)

    # -- a local player's intents -------------------------------------------------------------
    def submit(self, seat: Seat, move: Move) -> Reason | None:
        """Send ``seat``'s move at the version it was shown; the server's answer comes later
        (the move as ``PLAYED``, or a ``REFUSED`` change).  A move the rules refuse in the seat's
        own view is not sent: the player reads the rules' reason at once, in their language, as
        at a table of this computer (the server's refusal carries only a code, and a play-test
        saw "not allowed now" where the drag had said why)."""
        update = self._movable(seat)
        if update is None:
            return Reason.of("not_your_turn")
        return update.view.check(move) or self._send(seat, update, str(move))

    def send_move(self, seat: Seat, text: str) -> Reason | None:
        """Send ``text`` as ``seat``'s move at the version it was shown, unjudged here (the
        server judges every move): ``None`` once sent."""
        update = self._movable(seat)
        return Reason.of("not_your_turn") if update is None else self._send(seat, update, text)

    def _send(self, seat: Seat, update: SeatUpdate, text: str) -> Reason | None:
        line = self._lines[seat]
        if not line.client.send({"type": "move", "version": update.version, "move": text}):
            return Reason.of("offline")
        line.pending = update.version
        return None

    def _movable(self, seat: Seat) -> SeatUpdate | None:
        """What ``seat`` was shown last, if it may move now (its turn, no move of its own
        still waiting for the server's answer)."""
        line = self._lines.get(seat)
        update = line.shown if line is not None else None
        if line is None or update is None or line.pending is not None or not update.my_turn:
            return None
        return update

    def undo(self) -> str | None:
        """Ask the server to take back the last step of the local seat to move, inside its own
        turn: ``None`` once asked (``UNDONE`` follows, or a ``REFUSED`` change), else why not."""
        refusal = self.undo_refusal()
        if refusal is not None or self._lead is None:
            return refusal or "nothing"
        line = self._lines[self._lead.to_move]
        assert line.shown is not None
        if not line.client.send({"type": "undo", "version": line.shown.version}):
            return "offline"
        line.pending = line.shown.version
        return None

    def confirm_turn(self) -> bool:
        return False  # an online turn is confirmed by its last step: none ever waits

    def set_confirm_turns(self, on: bool) -> bool:
        return False

    def hints_offered(self) -> bool:
        """Online, a seat played here may always ask (its own view is all a hint reads)."""
        return self._hint.advisor is not None

    def ask_hint(self) -> str | None:
        """Ask what the local seat to move might play, found on this computer from that seat's
        update (a ``HINT`` change later); ``"disabled"`` without an advisor."""
        if self._hint.advisor is None:
            return "disabled"
        lead = self._lead
        line = self._lines.get(lead.to_move) if lead is not None else None
        update = line.shown if line is not None else None
        if line is None or update is None or line.pending is not None or not update.my_turn:
            return None
        if (failed := self._hint.ask(update)) is not None:
            self._emit(failed)
        return None

    def emote(self, emote: str, seat: Seat | None = None) -> bool:
        """Send a preset emote (an id of ``protocol.EMOTES``) from ``seat`` (default: the seat
        whose hand is shown, else the first local one); ``False``: its line is down."""
        if seat is None or seat not in self._lines:
            shown = self.private_seat() if self._lead is not None else None
            seat = shown if shown is not None and shown in self._lines else min(self._lines)
        return self._lines[seat].client.send({"type": "emote", "emote": emote})

    # -- rematch ------------------------------------------------------------------------------
    def rematch(self) -> bool:
        """Play the same table again (the seats rotated): join the rematch another player asked
        for, or ask for one; every local seat moves there once the server says where.
        ``False``: the game is not over, or the line is down."""
        if self._lead is None or self._lead.outcome is None or self._fresh:
            return False  # not over, or on the way to the rematch already
        self._rematch_wanted = True
        if all(line.rematch is not None for line in self._lines.values()):
            self._move_to_rematch()
            return True
        return self._lines[min(self._lines)].client.send({"type": "rematch"})

    def _told_rematch(self, line: _Line, message: dict[str, Any]) -> None:
        if message.get("table") == self._link.table:
            return  # asked again by someone, after this table moved there already
        line.rematch = (str(message["table"]), int(message["seat"]), str(message.get("watch") or ""))
        if not all(other.rematch is not None for other in self._lines.values()):
            return  # every seat played here must know where it sits there
        if self._rematch_wanted:
            self._move_to_rematch()
        elif not self.rematch_offered:
            self.rematch_offered = True
            self._emit(Change(REMATCH, detail=line.rematch[0]))

    def _move_to_rematch(self) -> None:
        """Every local seat sits at the rematch's table with its token; the table's first
        position there comes as ``REPLACED``."""
        places = {seat: line.rematch for seat, line in self._lines.items() if line.rematch is not None}
        table, _, watch = next(iter(places.values()))
        moved: dict[Seat, _Line] = {}
        for seat, (_, new_seat, _) in places.items():
            line = self._lines[seat]
            moved[new_seat] = _Line(line.client, line.token, state=line.state)
        self._lines = dict(sorted(moved.items()))
        self._link = replace(self._link, table=table, tokens={s: line.token for s, line in self._lines.items()},
                             code="", watch_code=watch)
        for line in self._lines.values():
            line.client.sit(table)
        self._public = None  # the old table's last position stays shown until
        self.hotseat.reset()                 # the new one's first arrives (``REPLACED``)
        self.rematch_offered = self._rematch_wanted = False
        self._fresh = True
        if self.on_link is not None:
            self.on_link(self._link)

    def close(self) -> None:
        """Leave the table: every line closed (the server keeps the seats for their tokens)."""
        self._hint.cancel()
        for line in self._lines.values():
            line.client.close()
