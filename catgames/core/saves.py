"""The unfinished games: one autosave per game, kept until that game ends.

Each game has its own slot (``storage.save_path``), so starting one game never touches another's
save.  A match is saved after every move once someone has played (a game taken back to its first
move is not worth a slot) and its slot is emptied when it ends.  The single autosave of older
versions is moved into its game's slot the first time the saves are listed.

A ``Shelf`` lists the slots for Continue: each file is replayed once and kept while it is
unchanged on disk; a file that cannot be used is set aside and reported, the others still listed.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from catgames.core import storage
from catgames.core.rules import CHANCE
from catgames.core.session import Match, SaveError

log = logging.getLogger(__name__)

Build = Callable[[object], Match]


def moves_played(match: Match) -> int:
    """The moves the players made (chance draws, such as the deal, are not counted)."""
    return sum(1 for turn in match.history if turn.seat != CHANCE)


def autosave(match: Match) -> None:
    """Keep ``match`` in its game's slot, or empty the slot once it is over or back at the start;
    raises ``OSError`` when the disk refuses."""
    if match.state.is_over() or not moves_played(match):
        storage.delete_save(match.game_id)
    else:
        storage.write_save(match.game_id, match.to_dict())


@dataclass(frozen=True)
class Unfinished:
    """An unfinished game on disk: its slot, the match it holds and when it was last saved."""

    path: Path
    match: Match
    saved_at: float  #: seconds since the epoch (the file's modification time)

    @property
    def game_id(self) -> str:
        return self.match.game_id

    @property
    def moves(self) -> int:
        return moves_played(self.match)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class Shelf:
    """The unfinished games, read from disk on ``refresh`` (each changed file replayed once)."""

    def __init__(self, build: Build = Match.from_dict) -> None:
        self.build = build
        self._known: dict[Path, tuple[tuple[int, int] | None, Unfinished]] = {}

    def refresh(self) -> tuple[list[Unfinished], list[storage.FileProblem]]:
        """Every usable unfinished game, newest first, and the files that were set aside now."""
        problems: list[storage.FileProblem] = []
        self._migrate_legacy(problems)
        found: list[Unfinished] = []
        for path in storage.save_paths():
            entry = self._entry(path, problems)
            if entry is not None:
                found.append(entry)
        self._known = {e.path: (_stamp(e.path), e) for e in found}
        return sorted(found, key=lambda e: -e.saved_at), problems

    def entry(self, game_id: str) -> tuple[Unfinished | None, storage.FileProblem | None]:
        """The unfinished game of ``game_id``, if its slot holds a usable one."""
        problems: list[storage.FileProblem] = []
        entry = self._entry(storage.save_path(game_id), problems)
        return entry, (problems[0] if problems else None)

    def _entry(self, path: Path, problems: list[storage.FileProblem]) -> Unfinished | None:
        stamp = _stamp(path)
        if stamp is None:
            return None
        known = self._known.get(path)
        if known is not None and known[0] == stamp:
            return known[1]
        loaded = storage.load_checked(path, self._build_for(path.stem))
        if loaded.problem is not None:
            problems.append(loaded.problem)
        if loaded.value is None:
            return None
        return Unfinished(path, loaded.value, storage.modified(path))

    def _build_for(self, game_id: str) -> Build:
        """``build``, refusing a save found in another game's slot (it would never be replaced)."""
        def build(data: object) -> Match:
            match = self.build(data)
            if match.game_id != game_id:
                raise SaveError(f"it holds a {match.game_id} game in the {game_id} slot",
                                "misplaced")
            return match
        return build

    def _migrate_legacy(self, problems: list[storage.FileProblem]) -> None:
        """Move the old single autosave into its game's slot.  If that slot holds a game too,
        the newer of the two stays and the older is set aside (reported, never deleted)."""
        legacy = storage.autosave_path()
        loaded = storage.load_checked(legacy, self.build)
        if loaded.problem is not None:
            problems.append(loaded.problem)
        if loaded.value is None:
            return
        slot = storage.save_path(loaded.value.game_id)
        try:
            if slot.exists():
                older = legacy if storage.modified(legacy) <= storage.modified(slot) else slot
                problem = storage.set_aside(older, "superseded", "a newer save of its game is kept")
                problems.append(problem)
                if older is legacy or not problem.moved:
                    return
            slot.parent.mkdir(parents=True, exist_ok=True)
            os.replace(legacy, slot)
        except OSError as exc:
            log.warning("cannot move the old autosave into %s: %s", slot, exc)
            return
        log.info("moved the old autosave into %s", slot)
