"""This Bed Is Mine's facts for a hint: the areas a tile changed, won or drawn level, as the
territory preview shows them (``analyse`` sections)."""

from __future__ import annotations

from typing import Any

from catgames.ai.reasons import Claim, Facts


def _key(section: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(map(tuple, section["cells"])), tuple(sorted(section["sums"].items()))


def claims(before: Facts, after: Facts) -> list[Claim]:
    """The largest area the move changed that is now the mover's, or else level."""
    old = {_key(s) for s in before.detail["sections"]}
    changed = [s for s in after.detail["sections"] if not s["ignored"] and _key(s) not in old]
    rival = after.rivals[0]
    for key, owner in (("bed.area_won", after.me), ("bed.area_level", None)):
        areas = [s for s in changed if s["owner"] == owner and s["sums"][after.me] > 0]
        if areas:
            area = max(areas, key=lambda s: s["size"])
            return [Claim(key, {"size": area["size"], "mine": area["sums"][after.me],
                                "theirs": area["sums"][rival]})]
    return []
