"""Hint: which difficulty suggests a move for the human to move, and the one part of its
evaluation that move improves most (the table's one line of why).

The table asks for the move through its AI worker, so thinking never blocks a frame; the why is
one evaluation before and after, worked out from the mover's observation alone, its hidden
parts filled in by a seeded guess, as the AI itself sees the position.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from catgames.ai.fitted import FINAL
from catgames.ai.hooks import heuristics_for
from catgames.core.rules import State, Seat

LEAST_BAD = "least_bad"  #: the why when no term grows and some fall: the move loses least
EVEN = "even"  #: the why when no term changes at all (as yet nothing to tell moves apart)


FOLLOW_UP = 6  #: the mover's own next steps looked at when the move alone changes nothing


def gains(before: Mapping[str, float], after: Mapping[str, float]) -> dict[str, float]:
    """How much each term grows from ``before`` to ``after``."""
    return {name: after.get(name, 0.0) - before.get(name, 0.0)
            for name in dict.fromkeys([*before, *after])}


def best_term(grown: Mapping[str, float]) -> str | None:
    """The term that grows most: ``EVEN`` when none changes, ``LEAST_BAD`` when none grows,
    ``None`` when there are no terms."""
    if not grown:
        return None
    best = max(grown, key=lambda name: grown[name])
    if grown[best] > 1e-9:
        return best
    return EVEN if min(grown.values()) > -1e-9 else LEAST_BAD


def seen_world(state: State, seat: Seat, seed: int) -> State:
    """A full state consistent with what ``seat`` sees: the only kind a why is judged on."""
    return state.observe(seat).determinize(seat, random.Random(seed))


def warm(game_id: str, state: State, seat: Seat, seed: int) -> None:
    """Load the game's evaluation (its weights are read from data once) when the hint is asked
    for, so that showing the answer later costs a frame no more than an evaluation."""
    heuristics_for(game_id).terms(seen_world(state, seat, seed), seat)


def why_term(game_id: str, state: State, seat: Seat, move: Any, seed: int) -> str | None:
    """The term of ``seat``'s evaluation that ``move`` improves most, judged on a world
    consistent with what ``seat`` sees (never the real hidden cards).  A move that only opens
    the mover's next step (a walk whose cubes are taken one by one) is judged with the steps
    the heuristics would take after it, while the same seat moves."""
    heuristics = heuristics_for(game_id)
    world = seen_world(state, seat, seed)
    before = heuristics.terms(world, seat)
    world.apply_unchecked(move)
    if world.is_over():  # a finished game has one term, its result: nothing else can grow
        return FINAL if heuristics.evaluate(world, seat) > 0 else LEAST_BAD
    grown = gains(before, heuristics.terms(world, seat))
    for _ in range(FOLLOW_UP):
        if best_term(grown) not in (LEAST_BAD, EVEN) or world.is_over() or world.to_move != seat:
            break
        world.apply_unchecked(heuristics.candidates(world, world.legal_moves(), 1)[0])
        grown = gains(before, heuristics.terms(world, seat))
    return best_term(grown)
