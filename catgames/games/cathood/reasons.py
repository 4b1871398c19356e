"""Cathood's facts for a hint: the mover's houses, toys and cubes the move added, and the disc
it used."""

from __future__ import annotations

from typing import Any

from catgames.ai.reasons import Claim, Facts, counted


def _mine(facts: Facts) -> Any:
    return facts.detail["seats"][facts.me]


def claims(before: Facts, after: Facts) -> list[Claim]:
    return counted(before, after, [
        ("cathood.houses", lambda f: int(_mine(f)["houses_placed"]), 1),
        ("cathood.toys", lambda f: sum(_mine(f)["toy_counts"]), 1),
        ("cathood.cubes", lambda f: int(_mine(f)["cubes_left"]), 1),
        ("cathood.discs", lambda f: int(f.detail["discs_left"][f.me]), -1),
    ])
