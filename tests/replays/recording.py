"""Recorded games: what a recording holds, how a position is fingerprinted, how one is replayed.

A recording is a seeded game of one set-up (game, players, options, seed) with its move texts,
the full ``to_dict()`` at a few sampled plies, a fingerprint of every ply (the state, the legal
moves in order and every seat's observation) and the final outcome.  Replaying the moves from
``new_state(players, options, seed)`` must give back every one of them: that is how a refactor
proves the games play exactly as before.  ``record.py`` writes recordings, ``test_replays.py``
checks them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from catgames.core.rules import State
from catgames.core.safe_yaml import LOADER

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  #: libyaml when present, as ``LOADER``: pure Python read and wrote a third of the replays' time

DATA = Path(__file__).resolve().parent / "data"
DIGEST_CHARS = 8  #: hex characters kept of each sha256: enough to tell positions apart


def plain(value: Any) -> Any:
    """``value`` as it reads back from YAML (tuples become lists), so live and stored compare."""
    return yaml.load(yaml.dump(value, Dumper=DUMPER, allow_unicode=True), Loader=LOADER)


def _digest(value: Any) -> str:
    """A short hash of a YAML-friendly value (JSON, not YAML, because it is many times faster)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


FINGERPRINT_PARTS = ("state", "legal moves", "observations")


def fingerprint(state: State) -> str:
    """One ply in a line: digests of the state, of its legal moves in order (a random or AI
    seat depends on that order) and of what each seat may see (privacy), space-separated."""
    seen = [state.observe(seat).to_dict() for seat in range(state.players)]
    parts = (state.to_dict(), [str(m) for m in state.legal_moves()], seen)
    return " ".join(_digest(part) for part in parts)


def outcome_of(state: State) -> dict[str, Any]:
    """The recorded end of a game: scores, winner and detail (not ``why``, an English sentence
    that is to move into the string files)."""
    out = state.outcome()
    if out is None:
        raise ValueError("the game is not over")
    return plain({"scores": list(out.scores), "winner": out.winner, "detail": out.detail})


@dataclass(frozen=True)
class Recording:
    """One recorded game, as stored in ``data/<name>.yaml``."""

    name: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]           #: who chose the moves (for the record only; replay needs none)
    moves: list[str]
    plies: list[str]           #: ``fingerprint`` before each move and after the last
    states: dict[int, Any]     #: ply -> ``to_dict()`` at the sampled plies
    outcome: dict[str, Any]
    #: the game's ``moves_version`` when recorded: an older list leaves out moves its rules made
    #: by themselves, and the replay plays them (``Game.implied_move``) without a ply of their own
    moves_version: int = 1

    def to_doc(self) -> dict[str, Any]:
        version = {} if self.moves_version == 1 else {"moves_version": self.moves_version}
        return {"game": self.game, "players": self.players, "options": self.options,
                "seed": self.seed, "seats": self.seats, "moves": self.moves, **version,
                "outcome": self.outcome, "plies": self.plies, "states": self.states}

    @classmethod
    def from_doc(cls, name: str, doc: dict[str, Any]) -> Recording:
        return cls(name=name, game=doc["game"], players=doc["players"], options=doc["options"],
                   seed=doc["seed"], seats=doc["seats"], moves=doc["moves"], plies=doc["plies"],
                   states={int(k): v for k, v in doc["states"].items()}, outcome=doc["outcome"],
                   moves_version=doc.get("moves_version", 1))


def path_of(name: str) -> Path:
    return DATA / f"{name}.yaml"


def save(recording: Recording) -> Path:
    path = path_of(recording.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.safe_dump(recording.to_doc(), allow_unicode=True, sort_keys=False,
                          default_flow_style=None, width=100)
    path.write_text(text, encoding="utf-8")
    return path


def load(name: str) -> Recording:
    doc = yaml.load(path_of(name).read_text(encoding="utf-8"), Loader=LOADER)
    return Recording.from_doc(name, doc)


def names() -> list[str]:
    """Every stored recording, in a stable order."""
    return sorted(p.stem for p in DATA.glob("*.yaml"))
