"""Building bed positions from the spec's compact notation: ``C3 rot0 (6,4)``."""

from __future__ import annotations

import re

from catgames.games.bed.game import GAME
from catgames.games.bed.rules import BedState

_SPEC = re.compile(r"([CD])([1-9]) rot([0-3]) \(?(\d+),\s*(\d+)\)?")


def placement_dicts(text: str) -> list[dict]:
    """Placements written like the spec (``C1 rot0 (0,3), D7 rot0 (5,0)``) as position entries."""
    return [
        {"owner": "cat" if o == "C" else "dog", "digit": int(d), "rot": int(r),
         "row": int(row), "col": int(col)}
        for o, d, r, row, col in _SPEC.findall(text)
    ]


def position(text: str, side: str = "A", to_move: str = "cat") -> BedState:
    return GAME.state_from_dict({"game": "bed", "side": side, "to_move": to_move,
                                 "placements": placement_dicts(text)})


def final(state: BedState) -> dict:
    """The analyse JSON of a position, for readable assertions."""
    return state.analyse()


def section_at(state: BedState, row: int, col: int) -> dict:
    for sec in state.analyse()["detail"]["sections"]:
        if [row, col] in sec["cells"]:
            return sec
    raise AssertionError(f"no section contains ({row},{col})")
