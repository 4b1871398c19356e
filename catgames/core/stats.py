"""The record of finished games: write one, read them back, add them up, rebuild a replay.

Every finished game becomes a ``GameRecord`` in ``statistics.yaml`` in the user data folder
(written atomically by ``storage.write_yaml``; a file that cannot be read is set aside by
``storage.load_checked`` and a new one started, so nothing is lost silently).  The newest
``REPLAYS_KEPT`` records also keep their move list: with the seeds that is all a replay needs,
since a ``Match`` replays exactly from ``seed`` + ``moves`` (see ``core.session``).  Pure: no
pygame, no UI; the results are "yours": the first human seat's.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable

from catgames.core import storage
from catgames.core.catalogue import load_game
from catgames.core.rules import CHANCE, Game, State
from catgames.core.safe_yaml import UnusableFile, brief
from catgames.core.session import (
    HUMAN, SAVE_FORMAT, SAVE_VERSION, SEAT_KINDS, Match, SaveError, clean_name,
)

STATS_NAME = "statistics.yaml"
STATS_FORMAT = "catgames-statistics"
STATS_VERSION = 1
REPLAYS_KEPT = 50     #: the newest games keep their moves (Past games); older ones only results
RECORDS_KEPT = 800    #: with five-seat games and long replays the file stays inside ``safe_yaml``'s node limit
ALL = "all"           #: the key of a tally over every game or every opponent
WON, DRAWN, LOST = "won", "drawn", "lost"


def stats_path() -> Path:
    return storage.data_dir() / STATS_NAME


def position_digest(state: State) -> str:
    """A short fingerprint of a position, so a replay can prove it reached the same end."""
    text = json.dumps(state.to_dict(), sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# -- one record -----------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatRecord:
    kind: str   #: ``human`` or ``ai:<level>``
    name: str   #: as the table showed it
    score: int


@dataclass(frozen=True)
class GameRecord:
    """One finished game: set-up, seats, result, length, date, and what its replay needs."""

    key: str                       #: the match's seeds: finishing it again after an undo replaces it
    game: str
    options: dict[str, Hashable]
    seats: tuple[SeatRecord, ...]
    winner: int | None
    moves: int                     #: moves made by the players (random events not counted)
    seconds: float
    finished: str                  #: ISO 8601, UTC
    seed: int
    ai_seed: int
    final: str                     #: ``position_digest`` of the final position
    move_list: tuple[str, ...] | None = None  #: ``None`` once older than the newest replays
    moves_version: int = 1         #: the game's ``moves_version`` of ``move_list``

    @property
    def you(self) -> int | None:
        """The seat whose results these are: the first human's (``None``: only AIs played)."""
        return next((i for i, s in enumerate(self.seats) if s.kind == HUMAN), None)

    @property
    def result(self) -> str:
        if self.winner is None:
            return DRAWN
        return WON if self.winner == self.you else LOST

    @property
    def margin(self) -> int:
        """Your score less the best other score (negative when behind)."""
        you = self.you or 0
        others = [s.score for i, s in enumerate(self.seats) if i != you]
        return self.seats[you].score - max(others, default=0)

    def opponents(self) -> set[str]:
        """The kinds of the other seats (``ai:normal``, ``human``)."""
        return {s.kind for i, s in enumerate(self.seats) if i != self.you}

    @property
    def replayable(self) -> bool:
        return self.move_list is not None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key, "game": self.game, "options": dict(self.options),
            "seats": [{"kind": s.kind, "name": s.name, "score": s.score} for s in self.seats],
            "winner": self.winner, "moves": self.moves, "seconds": round(self.seconds, 1),
            "finished": self.finished, "seed": self.seed, "ai_seed": self.ai_seed,
            "final": self.final,
        }
        if self.move_list is not None:
            data["move_list"] = list(self.move_list)
            data["moves_version"] = self.moves_version
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        """A record from the file; ``ValueError`` naming what is wrong otherwise."""
        if not isinstance(data, dict):
            raise ValueError(f"a game record is not a mapping: {brief(data)}")
        seats = tuple(_seat(s) for s in _field(data, "seats", list))
        winner = data.get("winner")
        if winner is not None and (not _whole(winner) or not 0 <= winner < len(seats)):
            raise ValueError(f"a game record names no seat as its winner: {brief(winner)}")
        moves = data.get("move_list")
        if moves is not None and not (isinstance(moves, list) and all(isinstance(m, str) for m in moves)):
            raise ValueError("a game record's move list holds something that is not a move")
        seconds = data.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0:
            raise ValueError(f"a game record's length in time is not valid: {brief(seconds)}")
        version = data.get("moves_version", 1)  # records from before it hold version 1
        if not _whole(version) or version < 1:
            raise ValueError(f"a game record's moves version is not valid: {brief(version)}")
        return cls(_field(data, "key", str), _field(data, "game", str),
                   _field(data, "options", dict), seats, winner, _field(data, "moves", int),
                   float(seconds), _field(data, "finished", str), _field(data, "seed", int),
                   _field(data, "ai_seed", int), _field(data, "final", str),
                   None if moves is None else tuple(moves), version)

    @property
    def when(self) -> datetime:
        """The finishing time (a date that cannot be read counts as the epoch)."""
        try:
            when = datetime.fromisoformat(self.finished)
        except ValueError:
            return datetime.fromtimestamp(0, timezone.utc)
        return when if when.tzinfo else when.replace(tzinfo=timezone.utc)  # a bare date: UTC


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"a game record's field {key!r} is missing or not a {kind.__name__}")
    return value


def _seat(data: Any) -> SeatRecord:
    if not isinstance(data, dict) or data.get("kind") not in SEAT_KINDS:
        raise ValueError(f"a game record has a seat that is not valid: {brief(data)}")
    return SeatRecord(data["kind"], clean_name(_field(data, "name", str)), _field(data, "score", int))


def record_of(match: Match, names: list[str], now: datetime | None = None) -> GameRecord:
    """The record of a finished ``match`` whose seats the table called ``names``."""
    outcome = match.state.outcome()
    if outcome is None:
        raise ValueError("the game is not over")
    seats = tuple(SeatRecord(kind, name, int(score))
                  for kind, name, score in zip(match.seats, names, outcome.scores))
    finished = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    return GameRecord(f"{match.seed}-{match.ai_seed}", match.game_id, dict(match.options), seats,
                      outcome.winner, sum(1 for t in match.history if t.seat != CHANCE),
                      match.seconds, finished, match.seed, match.ai_seed,
                      position_digest(match.state), tuple(match.moves), match.game.moves_version)


# -- the file -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Records:
    """Every kept record, oldest first."""

    games: tuple[GameRecord, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT, "version": STATS_VERSION,
                "games": [g.to_dict() for g in self.games]}

    @classmethod
    def from_dict(cls, data: Any) -> "Records":
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise UnusableFile("not_stats", "it is not a catgames statistics file")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise UnusableFile("damaged", f"its version {brief(version)} is not valid")
        if version > STATS_VERSION:
            raise UnusableFile("newer", f"it was made by a newer catgames (version {version})")
        games = data.get("games")
        if not isinstance(games, list):
            raise UnusableFile("damaged", "it holds no list of games")
        try:
            return cls(tuple(GameRecord.from_dict(g) for g in games))
        except ValueError as exc:
            raise UnusableFile("damaged", str(exc)) from exc

    def added(self, record: GameRecord) -> "Records":
        """These records with ``record`` last (replacing one of the same match), trimmed: only
        the newest ``REPLAYS_KEPT`` keep their moves, and at most ``RECORDS_KEPT`` are kept."""
        games = [g for g in self.games if g.key != record.key or g.game != record.game]
        games = (games + [record])[-RECORDS_KEPT:]
        cut = len(games) - REPLAYS_KEPT
        return Records(tuple(replace(g, move_list=None) if i < cut else g
                             for i, g in enumerate(games)))

    def replays(self) -> list[GameRecord]:
        """The games that can be replayed, newest first."""
        return [g for g in reversed(self.games) if g.replayable]


def load_records(path: Path | None = None) -> storage.Loaded[Records]:
    """The kept records (none yet: empty); one that cannot be read is set aside and reported."""
    loaded = storage.load_checked(path or stats_path(), Records.from_dict)
    return storage.Loaded(loaded.value or Records(), loaded.problem)


def record_game(record: GameRecord, path: Path | None = None) -> storage.Loaded[Records]:
    """Add ``record`` to the file (atomically); a file that could not be read was set aside
    first and a new one started with this game (one that could not be set aside is left
    alone, and the game not recorded).  ``OSError`` if it cannot be written."""
    path = path or stats_path()
    storage.remove_stale_temp_files(path)
    loaded = load_records(path)
    if loaded.problem is not None and not loaded.problem.moved:
        return storage.Loaded(None, loaded.problem)  # never write over a file we could not read
    records = (loaded.value or Records()).added(record)
    storage.write_yaml(path, records.to_dict())
    return storage.Loaded(records, loaded.problem)


# -- adding up ------------------------------------------------------------------------------
@dataclass
class Tally:
    """Your results over a group of games, in the order they were played."""

    results: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)

    def add(self, record: GameRecord) -> None:
        self.results.append(record.result)
        self.scores.append(record.seats[record.you or 0].score)
        self.margins.append(record.margin)

    @property
    def played(self) -> int:
        return len(self.results)

    def count(self, result: str) -> int:
        return self.results.count(result)

    @property
    def best_score(self) -> int | None:
        return max(self.scores, default=None)

    @property
    def average_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best_margin(self) -> int | None:
        return max(self.margins, default=None)

    @property
    def average_margin(self) -> float | None:
        return sum(self.margins) / len(self.margins) if self.margins else None

    @property
    def current_streak(self) -> int:
        """Wins in a row up to the latest game."""
        run = 0
        for result in reversed(self.results):
            if result != WON:
                break
            run += 1
        return run

    @property
    def best_streak(self) -> int:
        best = run = 0
        for result in self.results:
            run = run + 1 if result == WON else 0
            best = max(best, run)
        return best


def tallies(records: Iterable[GameRecord]) -> dict[tuple[str, str], Tally]:
    """``(game, opponent)`` → your tally; ``ALL`` in either place adds up over every one.

    A game counts under each kind of opponent it had (a game against an easy and a hard AI
    counts for both) and once under ``ALL``.  Games with no human seat are not yours.
    """
    out: dict[tuple[str, str], Tally] = {}
    for record in sorted(records, key=lambda r: r.when):
        if record.you is None:
            continue
        for game in (record.game, ALL):
            for opponent in (*sorted(record.opponents()), ALL):
                out.setdefault((game, opponent), Tally()).add(record)
    return out


# -- replays --------------------------------------------------------------------------------
class ReplayError(SaveError):
    """A recorded game that does not replay to what was recorded."""


def replay_match(record: GameRecord, load: Callable[[str], Game] = load_game) -> Match:
    """The finished match rebuilt from the record's seeds and moves, checked against it: every
    move legal in turn (``Match.from_dict``), the same end, scores and winner."""
    if record.move_list is None:
        raise ReplayError("its moves are no longer kept")
    match = Match.from_dict({
        "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": record.game,
        "options": dict(record.options), "seed": record.seed, "ai_seed": record.ai_seed,
        "players": len(record.seats), "seats": [s.kind for s in record.seats],
        "names": [s.name for s in record.seats], "moves": list(record.move_list),
        "moves_version": record.moves_version}, load)
    outcome = match.state.outcome()
    if outcome is None:
        raise ReplayError("its moves do not finish the game")
    if (list(outcome.scores) != [s.score for s in record.seats] or outcome.winner != record.winner
            or position_digest(match.state) != record.final):
        raise ReplayError("its moves do not lead to the recorded result")
    return match


@dataclass(frozen=True)
class Step:
    """One position of a replay: after ``ply`` turns of the history (random events included)."""

    ply: int
    state: State


def steps(match: Match) -> list[Step]:
    """Every position a player saw, from the first deal to the end: one per player move, the
    random events it triggered folded into it."""
    state = match.game.new_state(match.players, match.options, match.seed)
    history, ply = match.history, 0

    def play_chance(ply: int) -> int:
        while ply < len(history) and history[ply].seat == CHANCE:
            state.apply(match.game.parse_move(state, history[ply].move))
            ply += 1
        return ply

    ply = play_chance(ply)
    out = [Step(ply, state.clone())]
    while ply < len(history):
        state.apply(match.game.parse_move(state, history[ply].move))
        ply = play_chance(ply + 1)
        out.append(Step(ply, state.clone()))
    return out


def at_step(match: Match, step: Step) -> Match:
    """A copy of ``match`` standing at ``step`` (its history cut there), for the table to show."""
    return Match(match.game, dict(match.options), match.seed, list(match.seats),
                 step.state.clone(), list(match.history[:step.ply]), match.ai_seed,
                 match.seconds, list(match.names))
