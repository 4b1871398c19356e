"""One manifest per game, read once from ``data/games.yaml``: its title (for the command line),
its seat range, and the modules of its rules, heuristics and table.

It is the only place these facts are stated; ``catalogue`` finds games through it, and
``Game.title``/``min_players``/``max_players`` read it, so nothing restates them in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from catgames.core.data import Node, data_path, load_yaml


@dataclass(frozen=True)
class Manifest:
    """What the rest of the program needs to know about one game before loading it."""

    id: str
    title: str  #: English, for the command line and logs; players see ``game.<id>.title``
    players: tuple[int, int]  #: the smallest and largest number of seats
    rules: str  #: the module defining ``GAME``
    ai: str | None  #: the module defining ``HEURISTICS``, if the game has any
    table: str  #: the module defining ``SCENE``
    #: a human's turn that ends with something left to take back waits for their End turn
    #: (``Match.awaiting``), when the player's settings ask for it
    confirm_turns: bool = False
    #: moves that are their player's own End turn (Cathood's ``end turn``): no second one asked
    confirmed_by: tuple[str, ...] = ()


def _manifest(game_id: str, node: Node) -> Manifest:
    lo, hi = node["players"].span()
    if lo < 1:
        raise node["players"].fail(f"a game needs at least 1 seat, not {lo}")
    ai = node.get("ai")
    confirm = node.get("confirm_turns")
    confirmed_by = node.get("confirmed_by")
    manifest = Manifest(game_id, node["title"].str(), (lo, hi), node["rules"].str(),
                        ai.str() if ai else None, node["table"].str(),
                        confirm.bool() if confirm else False,
                        tuple(m.str() for m in confirmed_by.list(unique=True)) if confirmed_by else ())
    node.done()
    return manifest


def parse_manifests(root: Node) -> tuple[Manifest, ...]:
    """Every game of a ``games.yaml`` document, in its order."""
    manifests = tuple(_manifest(game_id, node) for game_id, node in root.items())
    root.done()
    return manifests


@lru_cache(maxsize=1)
def _shipped() -> tuple[Manifest, ...]:
    return parse_manifests(load_yaml(data_path("games.yaml")))


#: Games added by tests or plug-ins, listed after the shipped ones.
_added: list[Manifest] = []


class UnknownGame(KeyError):
    """A game id that is not in the catalogue."""

    def __str__(self) -> str:
        return str(self.args[0])


def manifests() -> tuple[Manifest, ...]:
    """Every game, in the order the title screen lists them."""
    return _shipped() + tuple(_added)


def add(manifest: Manifest) -> None:
    """List one more game (a test's toy game, a plug-in); ``remove`` takes it away again."""
    _added.append(manifest)


def remove(game_id: str) -> None:
    _added[:] = [m for m in _added if m.id != game_id]


def manifest(game_id: str) -> Manifest:
    for m in manifests():
        if m.id == game_id:
            return m
    raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(available_ids())}")


def available_ids() -> list[str]:
    return [m.id for m in manifests()]
