"""Building Kotatsu Cats positions for tests in the spec's notation (cards O3, cats O, cushions
O+2 coin)."""

from __future__ import annotations

from typing import Any

from catgames.games.kotatsu.components import kotatsu_data
from catgames.games.kotatsu.game import GAME
from catgames.games.kotatsu.rules import KotatsuState
from tests.helpers import play_random as shared_play_random

SPARE_CATS = [["W", "K"], ["B", "C"], ["W", "B"]]  #: cats on kotatsu a test does not describe


def position(players: int = 2, tables: dict[int, dict[str, Any]] | None = None,
             **rest: Any) -> KotatsuState:
    """A position: ``tables`` maps a kotatsu number (1-3) to its ``pairs``/``edges``/``completed``;
    the other kotatsu get spare cats; everything left out is dealt from ``seed`` (default 0)."""
    kotatsu = []
    for k in range(1, 4):
        table = dict((tables or {}).get(k, {}))
        table.setdefault("pairs", SPARE_CATS[k - 1])
        kotatsu.append(table)
    doc = {"game": "kotatsu", "players": players, "to_move": "P1", "kotatsu": kotatsu}
    doc.update(rest)
    return GAME.state_from_dict(doc)


def cushion(label: str) -> int:
    """The id of the first cushion written ``label``."""
    data = kotatsu_data()
    return next(i for i in range(data.blank) if data.cushion_label(i) == label)


def cat(colour: str) -> int:
    data = kotatsu_data()
    return data.cat_colour.index(data.colour_ids.index(colour))


def play_random(players: int, seed: int, options: dict | None = None) -> tuple[KotatsuState, list]:
    return shared_play_random(GAME, players, seed, options)
