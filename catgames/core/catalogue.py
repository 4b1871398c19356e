"""The catalogue of the five games: what the title screen lists and what the command line
accepts, and how a game's package is found by its id.

It lives in ``core`` so that a saved match can name its game without core reaching up into the
games; the games are imported lazily, by name, so start-up stays fast.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from catgames.core.rules import Game


@dataclass(frozen=True)
class GameEntry:
    """One row of the table of games."""

    id: str
    title: str
    players: tuple[int, int]
    blurb: str
    module: str | None  #: the game's package once its rules exist, else ``None``

    @property
    def available(self) -> bool:
        return self.module is not None


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("bed", "This Bed Is Mine", (2, 2),
              "Cats against dogs: lay digit tiles on the mattress and claim its sections.",
              "catgames.games.bed"),
    GameEntry("kotatsu", "Kotatsu Cats", (2, 4),
              "Poker hands around three kotatsu to win cats and their cushions.",
              "catgames.games.kotatsu"),
    GameEntry("days", "Woof Days / Cat Days", (2, 4),
              "Fill the days of your week with dogs and cats.", "catgames.games.days"),
    GameEntry("boxes", "If It Fits", (2, 5),
              "Build boxes on the table and get your cats into them.", "catgames.games.boxes"),
    GameEntry("cathood", "Cathood", (2, 4),
              "A cat's life in a neighbourhood of tiles.", "catgames.games.cathood"),
)


class UnknownGame(KeyError):
    """A game id that is not in the table, or whose game is not built yet."""

    def __str__(self) -> str:
        return str(self.args[0])


def entry(game_id: str) -> GameEntry:
    for e in ENTRIES:
        if e.id == game_id:
            return e
    raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(e.id for e in ENTRIES)}")


def load_game(game_id: str) -> Game:
    """The ``Game`` object of a built game (``catgames.games.<id>.GAME``)."""
    e = entry(game_id)
    if e.module is None:
        raise UnknownGame(f"{e.title} ({game_id}) is not built yet")
    return importlib.import_module(e.module).GAME


def available_ids() -> list[str]:
    return [e.id for e in ENTRIES if e.available]
