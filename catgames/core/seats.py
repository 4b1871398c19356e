"""Who plays a seat, and what each seat is told: ``SeatPlayer`` and ``SeatUpdate``.

The runner (``core.runner``) owns the match and speaks to every seat the same way: it
``offer``s the seat its update whenever its view changes, ``poll``s the seat to move for its
decision (never waiting), and ``cancel``s a pending decision when the position changes under
it.  A local human's moves come from the table instead (``Runner.submit``), so its
``HumanSeat`` is offered none (``listens``); the AI (``catgames.ai.seat.AISeat``), a tutorial's
script (``ScriptSeat``) and, next, a remote player (sent ``SeatUpdate.to_json()``) decide
through ``poll``.  An update holds what its seat may see and nothing more: its observation,
the events and log redacted for it (``core.redaction``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from catgames.core.catalogue import load_game
from catgames.core.moves import Move
from catgames.core.redaction import event_json, outcome_json, turn_json
from catgames.core.rules import Event, Game, Outcome, Seat, State
from catgames.core.session import HUMAN, Match, Turn, ai_difficulty

REMOTE = "remote"  #: the kind a table shows for a human who plays elsewhere (``seat_kind.remote``)
from catgames.core.wire import event_from_json, outcome_from_json, turn_from_json


@dataclass(unsafe_hash=True)
class SeatUpdate:
    """What ``seat`` may know after the runner's change number ``version``.

    ``seat`` is ``NOBODY`` for the public view (a spectator, the screen while nobody's hand may
    show).  ``events`` are the last move's (and the chance it drew), ``log`` every turn so
    far, both redacted for ``seat``; ``view`` is ``state.observe(seat)``.

    Not frozen, though nobody changes one (nor an ``Event``, a ``Turn``, a ``Change``): a
    frozen dataclass sets each field through ``object.__setattr__``, and a server makes one
    per seat after every move (that was 5 % of its CPU a move; the events, turns and changes
    a move makes another 4 %).  ``unsafe_hash``: hashed and compared as when frozen.
    """

    seat: Seat
    version: int
    ply: int                         #: moves in the match's history
    game_id: str
    view: State
    events: tuple[Event, ...]
    log: tuple[Turn, ...]
    to_move: Seat
    turn_shown: Seat                 #: whose turn the players are shown (``Match.turn_shown``)
    awaiting: bool                   #: the last turn waits for its player's End turn
    outcome: Outcome | None
    seats: tuple[str, ...]           #: each seat's kind (``human``, ``ai:<level>``)
    names: tuple[str, ...]           #: the names chosen (``""``: the seat's default)
    #: the seed of an AI's search for this ply (``Match.ai_request_seed``); kept off the wire,
    #: since with it a player could foresee an AI's moves
    ai_seed: int
    #: what the updates of every seat after one change share as JSON, written by the first to
    #: need it (the public part of their views, ``Game.view_to_dict``; the events they see alike):
    #: the runner hands all of them one, holding its ``core.position.Kept`` too
    shared: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def my_turn(self) -> bool:
        """This seat is to decide now (the game goes on and no turn waits for its End turn)."""
        return self.to_move == self.seat and self.outcome is None and not self.awaiting

    def to_json(self, log_from: int = 0) -> dict[str, Any]:
        """The update as JSON data: what a remote seat is sent (the log from turn ``log_from``)."""
        said: dict[int, tuple[Event, dict[str, Any]]] = _store(self.shared, SAID)
        told: dict[int, tuple[Turn, dict[str, Any]]] = _store(self.shared, TOLD)
        events = [_said(e, said) for e in self.events]
        return {"seat": self.seat, "version": self.version, "ply": self.ply, "game": self.game_id,
                "view": self.view.game.view_to_dict(self.view, self.shared), "events": events,
                "log": [_told(t, said, told) for t in self.log[log_from:]],
                "to_move": self.to_move, "turn_shown": self.turn_shown,
                "awaiting": self.awaiting, "outcome": outcome_json(self.outcome),
                "seats": list(self.seats), "names": list(self.names)}

    @classmethod
    def from_json(cls, data: dict[str, Any], load: Callable[[str], Game] = load_game) -> "SeatUpdate":
        """The update ``to_json`` wrote (with its whole log), as a remote seat rebuilds it: the
        view read by the game's own ``state_from_dict`` and observed again for the seat (an
        unseen card read back is dealt; observing hides it again).  ``ai_seed`` never travels."""
        game, seat = load(data["game"]), data["seat"]
        return cls(seat=seat, version=data["version"], ply=data["ply"], game_id=game.id,
                   view=game.state_from_dict(data["view"]).observe(seat),
                   events=tuple(event_from_json(e) for e in data["events"]),
                   log=tuple(turn_from_json(t) for t in data["log"]), to_move=data["to_move"],
                   turn_shown=data["turn_shown"], awaiting=data["awaiting"],
                   outcome=outcome_from_json(data["outcome"]), seats=tuple(data["seats"]),
                   names=tuple(data["names"]), ai_seed=0)


SAID = "events"  #: where ``SeatUpdate.shared`` keeps its events' JSON, by ``id`` (each event kept alive)
TOLD = "turns"  #: where it keeps its log's turns' JSON, by ``id`` (each turn kept alive)


def _store(shared: dict[str, Any], key: str) -> dict[int, Any]:
    """``shared[key]``, made empty by the first update to need it (not a new dict each time asked)."""
    store: dict[int, Any] | None = shared.get(key)
    if store is None:
        store = shared[key] = {}
    return store


def _said(event: Event, said: dict[int, tuple[Event, dict[str, Any]]]) -> dict[str, Any]:
    """The JSON of ``event``, written once for every update that shows it (an update's events
    are its log's last turns too, and the seats not veiled from them see the same objects)."""
    known = said.get(id(event))
    if known is None:
        known = said[id(event)] = (event, event_json(event))
    return known[1]


def _told(turn: Turn, said: dict[int, tuple[Event, dict[str, Any]]],
          told: dict[int, tuple[Turn, dict[str, Any]]]) -> dict[str, Any]:
    """The JSON of a turn of the log, written once for every update whose log holds it (a
    turn redacted to nothing hidden is the same object in every seat's log)."""
    known = told.get(id(turn))
    if known is None:
        known = told[id(turn)] = (turn, turn_json(turn, lambda e: _said(e, said)))
    return known[1]


class SeatPlayer(Protocol):
    """One seat's player: a local human, the AI, a tutorial's script, a remote player."""

    @property
    def listens(self) -> bool:
        """It is offered its updates.  A human's seat is not: a screen or a server's line
        reads ``Runner.update_for`` when it shows one (a view made for nobody cost an online
        server its making and, kept till the move was stored, the collector's scans of it)."""

    def offer(self, update: SeatUpdate) -> None:
        """Its view changed; ``update.my_turn``: it is to decide (start thinking)."""

    def poll(self) -> Move | str | None:
        """Its decided move (a move or the move's text) once it has one; never blocks."""

    def cancel(self) -> None:
        """The position changed under a pending decision (undo, restart): drop it."""

    def close(self) -> None:
        """The match is left: let go of what it holds."""


class HumanSeat:
    """A human at this table, here or on a remote line: its moves are submitted by the table
    (``Runner.submit``), its updates read from the runner when shown."""

    listens = False

    def offer(self, update: SeatUpdate) -> None:
        pass

    def poll(self) -> Move | str | None:
        return None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


class ScriptSeat:
    """A seat that plays a script (a tutorial's replies): ``reply(update)`` gives the next move,
    or ``None`` while none is due; asked only while the seat is to move."""

    listens = True

    def __init__(self, reply: Callable[[SeatUpdate], Move | str | None]) -> None:
        self._reply = reply
        self._update: SeatUpdate | None = None

    def offer(self, update: SeatUpdate) -> None:
        self._update = update

    def poll(self) -> Move | str | None:
        update = self._update
        return self._reply(update) if update is not None and update.my_turn else None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        self._update = None


def seat_players(match: Match, machine: Callable[[Seat, str], SeatPlayer]) -> list[SeatPlayer]:
    """One player per seat of ``match``: a ``HumanSeat`` for each human, ``machine(seat,
    difficulty)`` for each AI seat (``catgames.ai.seat.Brain.seat`` at a real table)."""
    players: list[SeatPlayer] = []
    for seat, kind in enumerate(match.seats):
        difficulty = ai_difficulty(kind)
        players.append(HumanSeat() if kind == HUMAN or difficulty is None
                       else machine(seat, difficulty))
    return players


def local_seat(players: Sequence[SeatPlayer], seat: Seat) -> bool:
    """``seat`` is played at this table by a human, whose moves the table submits."""
    return 0 <= seat < len(players) and isinstance(players[seat], HumanSeat)
