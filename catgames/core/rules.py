"""The one Rules API that the UI, the AI, ``analyse`` and the tests all go through.

A ``Game`` is static (identity, player range, options, how to make a state); a ``State`` is one
mutable position.  Legality lives only here, so the AI can never play what the UI forbids.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Hashable, Iterable, Mapping, Sequence, TypeVar

from catgames.core.manifest import Manifest, manifest
from catgames.core.moves import Move
from catgames.core.secrets import NO_SECRETS, Secrets

Seat = int
CHANCE: Seat = -1  #: ``to_move`` while the game waits for a random event
NOBODY: Seat = -2  #: ``to_move`` once the game is over
#: how a position file writes a card its seat cannot see; reading one deals an unseen card
UNSEEN_TEXT = "?"


@dataclass(frozen=True)
class Reason:
    """Why a move is illegal (or, as ``Outcome.why``, why a game ended): a code plus arguments
    the UI turns into a sentence."""

    code: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, code: str, **args: Any) -> "Reason":
        return cls(code, tuple(sorted(args.items())))

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)

    def __str__(self) -> str:
        if not self.args:
            return self.code
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.code}({inner})"


class IllegalMove(ValueError):
    """Raised by ``State.apply`` for a move that ``check`` rejects."""

    def __init__(self, move: object, reason: Reason) -> None:
        super().__init__(f"illegal move {move}: {reason}")
        self.move = move
        self.reason = reason


@dataclass(unsafe_hash=True)  # not frozen: see ``SeatUpdate``
class Event:
    """Something that happened during ``apply``: used for animation, the log, sounds and undo.

    ``shown_to`` holds the seats the event showed something they could not know before: a card
    drawn (to the drawer) or played from a hidden hand (to the others), a peek, a bag draw or a
    rock-paper-scissors fight (to everyone), the end of a game with hidden information (its
    result shows what was hidden).  Undo never takes a player back past something shown to
    them, or they could look and choose again, or learn a rival's hand from its reply.  The
    rules set the mark where the thing comes to light, since only there is it known whether
    anything did (a pass may draw or not, a walk may end in a fight); it is not part of what
    the event says, so it takes no part in comparisons.
    """

    kind: str
    seat: Seat | None = None
    data: tuple[tuple[str, Any], ...] = ()
    shown_to: frozenset[Seat] = field(default=frozenset(), compare=False)

    @classmethod
    def of(cls, kind: str, seat: Seat | None = None, **data: Any) -> "Event":
        return cls(kind, seat, tuple(data.items()))

    def revealing(self, seats: Iterable[Seat]) -> "Event":
        """This event marked as showing ``seats`` something new (none: nothing new).  Made
        directly, not by ``dataclasses.replace`` (which reads the fields each time: a few
        microseconds an event, and most moves mark one)."""
        return Event(self.kind, self.seat, self.data, frozenset(seats))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


def reveals(mover: Seat, events: Sequence[Event], seat: Seat) -> bool:
    """Whether a move of ``mover`` showed ``seat`` something new: a chance move always does
    (nobody knew its outcome), any other move when one of its events says so."""
    return mover == CHANCE or any(seat in event.shown_to for event in events)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: final scores per seat, the winner (``None`` for a draw) and why.

    ``why`` is a ``Reason`` — the same code-plus-arguments shape as a refused move, so the rules
    hold no English: its arguments are plain data (``seat``/``seats`` are seat indices, ``scores``
    a tuple of numbers, a text argument is a code), and the UI's ``i18n.outcome_text`` makes the
    sentence from ``outcome.<game>.<code>`` in ``data/strings``.
    """

    scores: tuple[int, ...]
    winner: Seat | None
    why: Reason
    detail: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, scores: tuple[int, ...], winner: Seat | None, code: str,
           detail: dict[str, Any] | None = None, /, **args: Any) -> "Outcome":
        """An outcome whose ``why`` is ``Reason.of(code, **args)`` (positional-only, so an
        argument may be called ``scores``)."""
        return cls(tuple(scores), winner, Reason.of(code, **args), detail or {})

    @property
    def is_draw(self) -> bool:
        return self.winner is None


@dataclass(frozen=True)
class Option:
    """A named game option (variant or house rule) with its allowed values."""

    key: str
    choices: tuple[Hashable, ...]
    default: Hashable
    #: Data values the option's texts state (``option.<game>.<key>.help`` and the choices'
    #: names fill their ``{placeholders}`` from it), so no sentence restates a YAML value.
    facts: Mapping[str, Any] = field(default_factory=dict)

    def validate(self, value: Hashable) -> Hashable:
        if value not in self.choices:
            raise ValueError(f"option {self.key!r}: {value!r} is not one of {list(self.choices)}")
        return value


#: the moves of one game (a union of its ``Move`` dataclasses)
M = TypeVar("M", bound=Move, covariant=True)


class GameState(ABC, Generic[M]):
    """One position of a game whose moves are ``M``.  Mutable; ``clone`` must be cheap
    (hand-written, no deepcopy).

    A game's state derives from ``GameState[its moves]``, so its own code keeps its move types;
    everyone else takes a ``State``, a position of any game.  ``M`` is covariant so that every
    game's state is a ``State``: a move is handed only to the state of its own game (the match,
    the search and the tests take it from that state's ``legal_moves`` or that game's
    ``parse_move``), which the type checker cannot see, hence the ``ignore[misc]`` on the four
    methods that take one.
    """

    game: ClassVar["Game"]

    @property
    @abstractmethod
    def to_move(self) -> Seat:
        """The seat to act, ``CHANCE`` for a random event, or ``NOBODY`` when the game is over."""

    @property
    def turn_of(self) -> Seat:
        """Whose turn it is: the seat the pending decisions serve.  It differs from ``to_move``
        where another seat decides inside that turn (a defender's fight choice, a discard down
        to the hand limit); a turn is over when it changes (``Match.awaiting``).  ``NOBODY``
        where no turn is being played (set-up placements, each one move)."""
        return self.to_move

    @property
    @abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every legal move for ``to_move``; empty once the game is over."""

    @abstractmethod
    def check(self, move: M) -> Reason | None:  # type: ignore[misc]
        """``None`` if ``move`` is legal now, else the reason it is not."""

    def apply(self, move: M) -> list[Event]:  # type: ignore[misc]
        """Play ``move`` (raising ``IllegalMove`` with the rules' reason if it is illegal) and
        return what happened."""
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(move, reason)
        return self._apply(move)

    def apply_unchecked(self, move: M) -> list[Event]:  # type: ignore[misc]
        """Play a move already known to be legal here (taken from ``legal_moves``, or checked
        once on its way in): the fast path of search, undo and ``Match``."""
        return self._apply(move)

    @abstractmethod
    def _apply(self, move: M) -> list[Event]:  # type: ignore[misc]
        """The game's part of ``apply``: the effect of a legal ``move``."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The final result once the game is over, else ``None``."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy, written by hand for speed."""

    def to_dict(self) -> dict[str, Any]:
        """A plain, YAML-friendly dict: the position file and save format.

        The game writes it (``Game.state_to_dict``), so each game's ``position`` module can own
        both directions of the file format without its rules importing it."""
        return self.game.state_to_dict(self)

    @abstractmethod
    def analyse(self) -> dict[str, Any]:
        """The ``analyse`` JSON object of design.md for this position."""

    def is_over(self) -> bool:
        return self.to_move == NOBODY

    def observe(self, seat: Seat) -> "State":
        """What ``seat`` may see, as a state whose hidden parts are masked; ``observe(NOBODY)``
        is the public view (what a spectator, or the screen while an AI moves, may show).

        Perfect-information games return a clone; hidden-information games override this.
        """
        return self.clone()

    def determinize(self, seat: Seat, rng: random.Random) -> "State":
        """A full state consistent with what ``seat`` knows (for ISMCTS)."""
        return self.clone()

    def chance_outcomes(self) -> list[tuple[M, float]]:
        """At a ``CHANCE`` node: the possible moves with their probabilities."""
        return []

    def seat_name(self, seat: Seat) -> str:
        return self.game.seat_names(self.players)[seat]

    def everyone(self) -> range:
        """Every seat: whom a public event shows something (``Event.revealing``)."""
        return range(self.players)

    def others(self, seat: Seat) -> tuple[Seat, ...]:
        """Every seat but ``seat``: whom a card from ``seat``'s hidden hand is shown."""
        return tuple(s for s in range(self.players) if s != seat)


#: a position of any game (the UI, the AI, the match and the tests work with these)
State = GameState[Move]


@functools.cache
def _default_seat_names(players: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(players))


class Game(ABC):
    """Static facts about one game and the factory for its states."""

    id: ClassVar[str]
    has_hidden_information: ClassVar[bool] = False
    #: what its events and logged moves hide from whom (``core.secrets``; the runner applies it)
    secrets: ClassVar[Secrets] = NO_SECRETS

    def secret_choice(self, state: State) -> bool:
        """The seat to move in ``state`` chooses something the others must not see, so in
        hot-seat the device is handed to it even where its view shows nothing hidden."""
        return False
    #: the version of this game's move lists (saves, game records, recordings): raised when the
    #: rules start to ask for a move they used to make by themselves (see ``implied_move``)
    moves_version: ClassVar[int] = 1

    @property
    def manifest(self) -> Manifest:
        """The game's entry in ``data/games.yaml``: title and seat range are stated there only."""
        return manifest(self.id)

    @property
    def title(self) -> str:
        """The English title, for the command line and logs (players see ``game.<id>.title``)."""
        return self.manifest.title

    @property
    def min_players(self) -> int:
        return self.manifest.players[0]

    @property
    def max_players(self) -> int:
        return self.manifest.players[1]

    @abstractmethod
    def options(self) -> Sequence[Option]:
        """The variants and house rules a new game may choose."""

    @abstractmethod
    def new_state(self, players: int, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> State:
        """A fresh game; all chance comes from ``seed``."""

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> State:
        """Rebuild a state from ``State.to_dict`` output or a hand-written position file.

        Raises ``ValueError`` with a readable message for a bad position.
        """

    @abstractmethod
    def state_to_dict(self, state: State) -> dict[str, Any]:
        """``state`` as a position file (the inverse of ``state_from_dict``)."""

    def view_to_dict(self, view: State, shared: dict[str, Any]) -> dict[str, Any]:
        """``view.to_dict()`` of one seat's observation (``State.observe``).  ``shared`` is kept
        by the caller for the observations of one state, seat after seat: a game whose position
        splits into what every seat's observation shows alike and what may differ
        (``core.position.SplitPosition``) writes the first once, into it.  A server writes two
        or more views after every move; by default nothing is shared."""
        return self.state_to_dict(view)

    @abstractmethod
    def parse_move(self, state: State, text: str) -> Move:
        """The move whose ``str()`` is ``text`` (for logs, saves and the command line)."""

    def implied_move(self, state: State, version: int) -> Move | None:
        """The move a move list of an older ``version`` leaves out here, before its next move
        or at its end, because the rules of that version made it by themselves (it is played
        when the list is read, so old saves replay to the same positions); ``None``: none."""
        return None

    def seat_names(self, players: int) -> list[str]:
        """``P1``, ``P2``...: copied from names written once a table size (a position writer
        asks for them every time a seat's view is written)."""
        return list(_default_seat_names(players))

    def benchmark_state(self, players: int, seed: int = 0) -> State:
        """The position whose ``legal_moves`` the benchmark times (default: a new game)."""
        return self.new_state(players, None, seed)

    def check_players(self, players: int) -> None:
        """Refuse a player count the game is not for (``ValueError`` with a sentence)."""
        if not self.min_players <= players <= self.max_players:
            span = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}-{self.max_players}")
            raise ValueError(f"{self.title} takes {span} players, not {players}")

    def option_choices(self, option: Option, players: int) -> tuple[Hashable, ...]:
        """The values of ``option`` that make sense with ``players`` seats (a seat that is not
        at the table cannot be first player)."""
        absent = set(self.seat_names(self.max_players)) - set(self.seat_names(players))
        return tuple(c for c in option.choices if c not in absent)

    def default_options(self) -> dict[str, Hashable]:
        return {o.key: o.default for o in self.options()}

    def resolve_options(self, given: dict[str, Hashable] | None) -> dict[str, Hashable]:
        """Defaults overlaid with ``given``; unknown keys and values raise ``ValueError``."""
        known = {o.key: o for o in self.options()}
        resolved = {key: option.default for key, option in known.items()}  # the defaults, options built once
        for key, value in (given or {}).items():
            if key not in known:
                raise ValueError(f"unknown option {key!r} for {self.id}; known: {sorted(known)}")
            resolved[key] = known[key].validate(value)
        return resolved
