"""Hint: which difficulty suggests a move for the human to move, and the one part of its
evaluation that move improves most (the table's one line of why).

The table asks for the move through its AI worker, so thinking never blocks a frame; the why is
one evaluation before and after, worked out from the mover's observation alone, its hidden
parts filled in by a seeded guess, as the AI itself sees the position.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from catgames.ai.hooks import heuristics_for
from catgames.core.rules import State, Seat

LEAST_BAD = "least_bad"  #: the why when every term falls: the move only loses least


def best_term(before: Mapping[str, float], after: Mapping[str, float]) -> str | None:
    """The term that grows most from ``before`` to ``after``: ``LEAST_BAD`` when none grows,
    ``None`` when there are no terms."""
    names = list(dict.fromkeys([*before, *after]))
    if not names:
        return None
    def gain(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)
    best = max(names, key=gain)
    return best if gain(best) > 1e-9 else LEAST_BAD


def why_term(game_id: str, state: State, seat: Seat, move: Any, seed: int) -> str | None:
    """The term of ``seat``'s evaluation that ``move`` improves most, judged on a world
    consistent with what ``seat`` sees (never the real hidden cards)."""
    heuristics = heuristics_for(game_id)
    world = state.observe(seat).determinize(seat, random.Random(seed))
    before = heuristics.terms(world, seat)
    world.apply_unchecked(move)
    return best_term(before, heuristics.terms(world, seat))
