"""Why a hinted move is good, said as facts: each reason is a claim about the position after
the move (``hint.why.<key>`` filled with the claim's numbers), true of it by construction and
checkable from ``State.analyse`` alone, the same facts the log, the previews and the score
table show.  No heuristic speaks here: an evaluation's term may grow for a move that does not
do what its sentence says (a lead that is really a tie), a fact cannot.

The facts every game shares are scores (``analyse()["scores"]``: the score as the position
stands), the end and, where the report counts hands (``detail.hands``), the mover's cards; a game adds its own from ``analyse()["detail"]`` in
``catgames.games.<id>.reasons`` (``claims(before, after)``: areas of a bed, boxes, a week's days,
counts such as cubes or cats), a small module with no state of its own.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from catgames.core.rules import Seat, State

@dataclass(frozen=True)
class Claim:
    """One checkable sentence: ``hint.why.<key>`` with ``args`` (numbers the after-position
    shows)."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    @property
    def string_key(self) -> str:
        return f"hint.why.{self.key}"


class Facts:
    """One position as ``analyse`` states it, from one seat's side."""

    def __init__(self, state: State, seat: Seat) -> None:
        report = state.analyse()
        self.scores: dict[str, int] = dict(report.get("scores", {}))  # none: a game scoring nothing
        names = list(self.scores) or [""] * state.players  # the report's own, in seat order
        self.me = names[seat]
        self.rivals = [n for n in names if n != self.me]
        self.over = bool(report.get("over"))
        self.winner: str | None = report.get("winner")
        self.detail: dict[str, Any] = report.get("detail", {})

    @property
    def mine(self) -> int:
        return self.scores[self.me]

    @property
    def best_rival(self) -> int:
        """The highest score among the other seats."""
        return max(self.scores[n] for n in self.rivals)


Counter = tuple[str, Callable[[Facts], int], int]
"""A game's count of the mover's: claim key, how to read it, and +1 (more is good) or -1."""


def counted(before: Facts, after: Facts, counters: Iterable[Counter]) -> list[Claim]:
    """A claim for each count that moves the good way: ``{old}`` to ``{new}``."""
    out = []
    for key, read, good in counters:
        old, new = read(before), read(after)
        if (new - old) * good > 0:
            out.append(Claim(key, {"old": old, "new": new}))
    return out


def ending(after: Facts, rivals_seen: bool) -> list[Claim]:
    """The move ends the game: won, drawn or (every move may lose) just ended; where the
    rivals' scores hang on what the mover cannot see, only that it ends, at the mover's score."""
    if not after.over:
        return []
    if not rivals_seen:
        return [Claim("ends_mine", {"mine": after.mine})]
    score = {"mine": after.mine, "theirs": after.best_rival}
    if after.winner == after.me:
        return [Claim("ends_won", score)]
    return [Claim("ends_drawn" if after.winner == "draw" else "ends", score)]


def scoring(before: Facts, after: Facts, rivals_seen: bool) -> list[Claim]:
    """What the move does to the scores as they stand: mine up, the best rival's down, a lead
    taken or a level score reached (the last three only where the rivals' scores are in
    sight); failing these, the score it leaves (or that it changes none)."""
    out = []
    if after.mine > before.mine:
        out.append(Claim("score", {"old": before.mine, "new": after.mine}))
    score = {"mine": after.mine, "theirs": after.best_rival}
    if rivals_seen:
        if after.best_rival < before.best_rival:
            out.append(Claim("rival_down", {"old": before.best_rival, "new": after.best_rival}))
        if after.mine > after.best_rival and before.mine <= before.best_rival:
            out.append(Claim("ahead", score))
        elif after.mine == after.best_rival and before.mine < before.best_rival:
            out.append(Claim("level", score))
    if out:
        return out
    if after.scores == before.scores:
        return [Claim("quiet")]
    return [Claim("standing", {"mine": after.mine})]


def game_reasons(game_id: str) -> Any:
    """The game's own reasons module (``catgames.games.<id>.reasons``), if it has one: its
    ``claims(before, after)`` and, where a seat cannot see the others' scores (hidden cards
    count in them), ``RIVALS_SEEN = False``."""
    name = f"catgames.games.{game_id}.reasons"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:  # no such module (or no such game package): no facts
        if exc.name is None or not name.startswith(exc.name):
            raise
        return None


def reasons(game_id: str, before: State, after: State, seat: Seat) -> list[Claim]:
    """Every claim about what the move from ``before`` to ``after`` did for ``seat``, the
    strongest first: the end, the game's own facts, then the scores."""
    was, now = Facts(before, seat), Facts(after, seat)
    if not now.scores:
        return []
    own = game_reasons(game_id)
    seen = getattr(own, "RIVALS_SEEN", True)
    hand = counted(was, now, [("hand", lambda f: int(f.detail["hands"][f.me]), 1)]
                   ) if "hands" in now.detail else []
    found = (ending(now, seen) + (own.claims(was, now) if own is not None else []) + hand
             + scoring(was, now, seen))
    return [c for c in found if c.key not in ("quiet", "standing") or len(found) == 1]


def agreed(readings: Sequence[list[Claim]]) -> list[Claim]:
    """The claims every reading made (worlds differ only in what the mover cannot see: a claim
    that depends on a guess is left unsaid)."""
    first, rest = readings[0], readings[1:]
    return [c for c in first if all(c in other for other in rest)]
