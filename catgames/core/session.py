"""One game being played: who sits where, the position, the moves so far, undo and saves.

A ``Match`` is the single owner of the live ``State`` in the UI.  Because all chance comes from
the state's own seeded RNG (and chance moves are recorded like any other move), a match replays
exactly from ``seed`` + ``moves``; undo and loading a save both rely on that.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from catgames.core.catalogue import load_game
from catgames.core.moves import Move
from catgames.core.rules import CHANCE, Event, Game, IllegalMove, Seat, State, reveals
from catgames.core.safe_yaml import UnusableFile, brief

SAVE_FORMAT = "catgames-save"
SAVE_VERSION = 1
HUMAN = "human"
DIFFICULTIES = ("easy", "normal", "hard")
SEAT_KINDS = (HUMAN,) + tuple(f"ai:{d}" for d in DIFFICULTIES)


class SaveError(UnusableFile):
    """A save that cannot be used: foreign, corrupt, made by a newer version, or inconsistent.

    ``code`` (``not_a_save``, ``newer``, ``unknown_game``, ``damaged``) picks the player's
    sentence; the message is the detail, for the log.
    """

    def __init__(self, detail: str, code: str = "damaged") -> None:
        super().__init__(code, detail)


def ai_difficulty(kind: str) -> str | None:
    """``"normal"`` for ``"ai:normal"``; ``None`` for a human seat."""
    return kind[3:] if kind.startswith("ai:") else None


@dataclass(unsafe_hash=True)  # not frozen: see ``SeatUpdate``
class Turn:
    """One recorded move: who made it (``CHANCE`` for a random event), its text, what happened."""

    seat: Seat
    move: str
    events: tuple[Event, ...]

    def reveals(self, seat: Seat) -> bool:
        """It showed ``seat`` something new (the rules' marks): ``seat``'s undo stops before it."""
        return reveals(self.seat, self.events, seat)


def _plain(value: Any) -> Any:
    """``value`` with tuples turned into lists, so a live dict compares equal to its YAML copy."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@dataclass
class Match:
    """A game in progress with its seats, history and event log."""

    game: Game
    options: dict[str, Hashable]
    seed: int
    seats: list[str]
    state: State
    history: list[Turn] = field(default_factory=list)
    #: seeds the AI's own choices; drawn apart from ``seed`` (which deals the cards) so that
    #: nothing the AI does can tell it the deal, and saved so that a game replays the same
    ai_seed: int = 0
    #: time spent at the table so far (the statistics record a game's length)
    seconds: float = 0.0
    #: the name each seat's player chose, ``""`` where the seat keeps its default name (said in
    #: the player's language by the UI); ``seat_names`` stay the keys of saves and positions
    names: list[str] = field(default_factory=list)
    #: hints are allowed even between two or more human players (the set-up's choice); with one
    #: human they always are
    hints: bool = False
    #: the player's setting: a human's finished turn waits for their End turn where the game's
    #: manifest asks for it (``confirm_turns``); off, a turn passes with its last step
    confirm_turns: bool = False
    #: the last human move ended its player's turn, which now waits for their End turn
    #: (``confirm_turn``): the next seat does not move, the device is not handed on, and undo
    #: still takes back steps of that turn.  Saved, so a reloaded game waits again.
    awaiting: bool = False

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game | str, players: int, seats: list[str],
            options: dict[str, Hashable] | None = None, seed: int = 0,
            ai_seed: int = 0, names: list[str] | None = None, hints: bool = False) -> "Match":
        """A fresh match; ``seats`` holds one kind per seat (``"human"`` or ``"ai:<level>"``),
        ``names`` the chosen names (``""``: the seat's default), ``hints`` whether hints are
        allowed between human players."""
        if isinstance(game, str):
            game = load_game(game)
        match = cls._fresh(game, players, seats, options, seed)
        match.ai_seed = ai_seed
        match.names = _names(names, players)
        match.hints = hints
        match._resolve_chance()
        return match

    @classmethod
    def _fresh(cls, game: Game, players: int, seats: list[str],
               options: dict[str, Hashable] | None, seed: int) -> "Match":
        """The validated set-up at move 0, before any chance move is drawn."""
        game.check_players(players)
        if len(seats) != players or any(k not in SEAT_KINDS for k in seats):
            raise ValueError(f"seats must be {players} of {list(SEAT_KINDS)}, got {brief(seats)}")
        resolved = game.resolve_options(options)
        return cls(game, resolved, seed, list(seats), game.new_state(players, resolved, seed))

    # -- facts ----------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def moves(self) -> list[str]:
        return [t.move for t in self.history]

    @property
    def seat_names(self) -> list[str]:
        return self.game.seat_names(self.players)

    def ai_request_seed(self) -> int:
        """The seed of the AI's search for the current move: the match's ``ai_seed`` and the
        ply, so a replayed game asks the AI the same questions with the same dice."""
        return self.ai_seed * 7919 + len(self.history)

    def seat_kind(self, seat: Seat) -> str:
        return self.seats[seat] if 0 <= seat < self.players else HUMAN

    def is_human(self, seat: Seat) -> bool:
        return 0 <= seat < self.players and self.seats[seat] == HUMAN

    @property
    def human_seats(self) -> list[Seat]:
        return [i for i, k in enumerate(self.seats) if k == HUMAN]

    # -- playing --------------------------------------------------------------------------
    def play(self, move: Move) -> list[Event]:
        """Play ``move`` for the seat to move; raises ``IllegalMove`` (with its reason) if illegal.

        Returns the events of the move followed by those of any chance moves it triggered.
        """
        if self.state.is_over():
            raise ValueError("the game is over")
        if self.awaiting:
            raise ValueError("the last turn waits for its player's End turn")
        reason = self.state.check(move)  # the one check of a move on its way in
        if reason is not None:
            raise IllegalMove(move, reason)
        owner = self.state.turn_of
        events = self._record(self.state.to_move, move)
        events += self._resolve_chance()
        events += self._end_turn_unasked()
        self.awaiting = self.confirm_turns and self._turn_ended(owner) and self._may_await()
        return events

    # -- ending a turn --------------------------------------------------------------------
    def _turn_ended(self, owner: Seat) -> bool:
        """The last move, a human's in their own turn, ended it: the turn is someone else's
        now, and the game goes on (its last move ends it at once: its end shows the result)."""
        last = self.history[-1]
        return (last.seat == owner and self.is_human(owner) and not self.state.is_over()
                and self.state.turn_of != owner)

    def _may_await(self) -> bool:
        """The turn just ended may wait for its End turn: the game's turns ask for one, its
        last move was not itself that player's End turn, and undo could still take a step of it
        back.  Where nothing can be (the end of the turn showed a card, a refill, a fight),
        waiting would only cost a click, so the turn passes at once as before."""
        manifest = self.game.manifest
        if not manifest.confirm_turns or self.history[-1].move in manifest.confirmed_by:
            return False
        was, self.awaiting = self.awaiting, True  # as if waiting: the device not handed on
        try:
            return self.undo_refusal() is None
        finally:
            self.awaiting = was

    def _end_turn_unasked(self) -> list[Event]:
        """A turn whose one move left is its player's own End turn (``confirmed_by``: Cathood
        after the last disc) ends with its last step, as the rules' turns once did, unless its
        player is a human who confirms turns: an AI seat, or a human with the setting off."""
        state, ends = self.state, self.game.manifest.confirmed_by
        seat = state.to_move
        if not ends or state.is_over() or seat != state.turn_of \
                or (self.is_human(seat) and self.confirm_turns):
            return []
        moves = state.legal_moves()
        if len(moves) != 1 or str(moves[0]) not in ends:
            return []
        return self._record(seat, moves[0]) + self._resolve_chance()

    @property
    def turn_shown(self) -> Seat:
        """Whose turn the players are shown: a turn waiting for its End turn is still its
        player's, though the rules have passed it on."""
        return self.history[-1].seat if self.awaiting else self.state.to_move

    def confirm_turn(self) -> bool:
        """The player's End turn: the turn waiting for it passes (``False``: none waits)."""
        was, self.awaiting = self.awaiting, False
        return was

    def set_confirm_turns(self, on: bool) -> bool:
        """Follow the player's setting; turned off, a turn waiting for End turn passes now
        (returns whether one did), and so does one whose only move left is its End turn."""
        self.confirm_turns = on
        if on or self.state.is_over():
            return False
        return self.confirm_turn() | bool(self._end_turn_unasked())

    def _record(self, seat: Seat, move: Move, known_legal: bool = True) -> list[Event]:
        """Play and log ``move``; ``known_legal``: it was checked already (or drawn from
        ``chance_outcomes``), so the rules need not check it again."""
        events = self.state.apply_unchecked(move) if known_legal else self.state.apply(move)
        self.history.append(Turn(seat, str(move), tuple(events)))
        return events

    def _resolve_chance(self) -> list[Event]:
        """Draw chance moves with an RNG fixed by seed and ply, so replays are exact anyway."""
        events: list[Event] = []
        while self.state.to_move == CHANCE:
            outcomes = self.state.chance_outcomes()
            rng = random.Random(self.seed * 1_000_003 + len(self.history))
            moves, weights = zip(*outcomes)
            events += self._record(CHANCE, rng.choices(moves, weights)[0])
        return events

    # -- undo -----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo_refusal(self) -> str | None:
        """Why undo is refused now, a code the UI words: ``nothing`` (no human move to take
        back), ``turn`` (the device has passed to another human) or ``revealed`` (that human's
        last move, or an AI reply or chance move after it, showed them something); ``None``: it
        is not.  Their own cards shown to others do not count: an AI keeps no memory between
        requests, and in hotseat the others were not looking."""
        index = self._last_human_turn()
        if index is None:
            return "nothing"
        if self._handed_on(index) and not self.awaiting:  # a waiting turn keeps the device
            return "turn"
        undoer = self.history[index].seat
        if any(turn.reveals(undoer) for turn in self.history[index:]):
            return "revealed"
        return None

    def _last_human_turn(self) -> int | None:
        for i in range(len(self.history) - 1, -1, -1):
            if self.is_human(self.history[i].seat):
                return i
        return None

    def _handed_on(self, index: int) -> bool:
        """Whether another human now holds the device that made move ``index``: with hidden
        information, hotseat undo stays inside one's own turn.  A perfect-information game
        keeps full undo, since there is nothing to hide from the player taking back."""
        if not self.game.has_hidden_information:
            return False
        now = self.state.to_move
        return self.is_human(now) and now != self.history[index].seat

    def undo_last_human_turn(self) -> bool:
        """Take back the last human move and everything after it (AI replies, chance).

        Refused (returns ``False``) when ``can_undo`` says no.  The replay deals the same: the
        chance and the AI's seeds follow the ply, so doing a move again brings the same reply
        and undo cannot be used to draw again.
        """
        index = self._last_human_turn()
        if index is None or not self.can_undo():
            return False
        self._replay(self.moves[:index])
        self.awaiting = False  # the turn is its player's again
        return True

    def _replay(self, moves: list[str], version: int | None = None) -> bool:
        """Rebuild ``state`` and ``history`` from the seed by playing ``moves`` (chance too)
        again.  A list of an older ``version`` of the game's moves gets the moves it leaves out
        (``Game.implied_move``); returns whether one was added after its last move."""
        self.state = self.game.new_state(self.players, self.options, self.seed)
        self.history = []
        version = self.game.moves_version if version is None else version
        for ply, text in enumerate(moves, start=1):
            self._imply(version)
            if self.state.is_over():
                raise SaveError(f"move {ply} ({brief(text)}) comes after the end of the game")
            try:
                self._record(self.state.to_move, self.game.parse_move(self.state, text),
                             known_legal=False)  # a save from disk is checked move by move
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                raise SaveError(f"move {ply} ({brief(text)}) cannot be replayed: {exc}") from exc
        return self._imply(version)

    def _imply(self, version: int) -> bool:
        """Play the move an older move list leaves out here, if any; whether there was one."""
        move = None if self.state.is_over() else self.game.implied_move(self.state, version)
        if move is not None:
            self._record(self.state.to_move, move, known_legal=False)
        return move is not None

    # -- saves ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "options": dict(self.options),
            "seed": self.seed,
            "ai_seed": self.ai_seed,
            "seconds": round(self.seconds, 1),
            "players": self.players,
            "seats": list(self.seats),
            "names": list(self.names),
            "hints": self.hints,
            "moves": self.moves,
            "moves_version": self.game.moves_version,
            "awaiting_end_turn": self.awaiting,
            "position": self.state.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any, load: Callable[[str], Game] = load_game) -> "Match":
        """Rebuild a match by replaying its moves; ``SaveError`` says what is wrong otherwise."""
        header = _check_header(data)
        try:
            game = load(header["game"])
        except (KeyError, ImportError) as exc:
            raise SaveError(f"it is for a game this version does not have ({exc})",
                            "unknown_game") from exc
        try:
            match = cls._fresh(game, header["players"], header["seats"], header["options"],
                               header["seed"])
        except (ValueError, TypeError) as exc:
            raise SaveError(f"its set-up is not valid: {exc}") from exc
        match.ai_seed = _ai_seed(data)
        match.names = _names(data.get("names"), match.players)
        match.seconds = _seconds(data)
        match.hints = data.get("hints") is True  # saves from before hints: not allowed
        version = _moves_version(data, game)
        implied_last = match._replay(header["moves"], version)
        match._resolve_chance()
        if "position" in data and _plain(match.state.to_dict()) != _plain(data["position"]):
            raise SaveError("its position does not match its moves")
        claimed = data.get("awaiting_end_turn") is True
        if claimed and implied_last and match.is_human(match.history[-1].seat):
            # an older list's turn that waited for End turn: today that End turn is a move, so
            # the turn waits without it (the position above was checked with it)
            match._replay(match.moves[:-1])
            return match
        # a turn saved while waiting for its End turn waits again (saves from before: none);
        # the claim is believed only where such a wait could arise
        match.awaiting = (claimed and bool(match.history)
                          and match._turn_ended(match.history[-1].seat) and match._may_await())
        return match


MAX_NAME = 20  #: characters in a seat's name


def clean_name(name: str) -> str:
    """A seat's name as it may be shown: printable characters only (a control character read
    from a hand-edited file cannot be drawn), trimmed, at most ``MAX_NAME`` long."""
    return "".join(c for c in name if c.isprintable()).strip()[:MAX_NAME]


def _names(names: Any, players: int) -> list[str]:
    """One name per seat: the given ones, ``""`` (the default) for a missing or unusable one
    (saves from before names existed have none; a bad name costs only itself, not the game)."""
    given = names if isinstance(names, list) else []
    return [clean_name(n) if i < len(given) and isinstance(n := given[i], str) else ""
            for i in range(players)]


def _ai_seed(data: dict[str, Any]) -> int:
    """The save's ``ai_seed``; saves from before it existed get 0."""
    value = data.get("ai_seed", 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveError(f"its field 'ai_seed' is not a whole number: {value!r}")
    return value


def _moves_version(data: dict[str, Any], game: Game) -> int:
    """The version of the save's move list (``Game.moves_version``); saves from before it was
    written hold version 1."""
    value = data.get("moves_version", 1)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise SaveError(f"its field 'moves_version' is not valid: {brief(value)}")
    if value > game.moves_version:
        raise SaveError(f"it was made by a newer catgames ({game.id} moves version {value}, this "
                        f"one reads up to {game.moves_version})", "newer")
    return value


def _seconds(data: dict[str, Any]) -> float:
    """The save's time at the table; saves from before it was kept, or a bad value, get 0."""
    value = data.get("seconds", 0)
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9
    return float(value) if ok else 0.0


def _check_header(data: Any) -> dict[str, Any]:
    """The validated top-level fields of a save dict (``SaveError`` naming the first problem)."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("it is not a catgames save", "not_a_save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"its version {brief(version)} is not valid")
    if version > SAVE_VERSION:
        raise SaveError(f"it was made by a newer catgames (save version {brief(version)}, "
                        f"this one reads up to {SAVE_VERSION})", "newer")
    expected = {"game": str, "seed": int, "players": int, "seats": list, "moves": list,
                "options": dict}
    for key, kind in expected.items():
        if not isinstance(data.get(key), kind):
            raise SaveError(f"its field {key!r} is missing or not a {kind.__name__}")
    if not all(isinstance(m, str) for m in data["moves"]):
        raise SaveError("its move list holds something that is not a move")
    return data
