"""If It Fits' facts for a hint: a box the move closed for the mover, or a box it changed
that the mover now leads alone, as the score preview shows them (``analyse`` boxes), and the
mover's cats it brought from the supply to the table."""

from __future__ import annotations

from typing import Any

from catgames.ai.reasons import Claim, Facts, counted


def _key(box: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(map(tuple, box["cells"])), tuple(sorted(box["cats"].items())), box["closed"]


def claims(before: Facts, after: Facts) -> list[Claim]:
    old = {_key(b) for b in before.detail["boxes"]}
    me = after.me
    out = []
    for box in after.detail["boxes"]:
        if _key(box) in old or box["cats"][me] == 0 or box["leaders"] != [me]:
            continue
        theirs = max(box["cats"][r] for r in after.rivals)
        if box["closed"] and me in box["scores_for"]:
            out.append(Claim("boxes.box_closed", {"toys": box["toys"], "mine": box["cats"][me],
                                                   "theirs": theirs}))
        elif not box["closed"]:
            out.append(Claim("boxes.box_lead", {"mine": box["cats"][me], "theirs": theirs,
                                                 "toys": box["toys"]}))
    supply = counted(before, after, [("boxes.supply", lambda f: int(f.detail["supply"][f.me]), -1)])
    return sorted(out, key=lambda c: c.key != "boxes.box_closed")[:1] + supply
