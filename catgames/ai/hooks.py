"""What a game may tell the generic AI about itself: an evaluation, move ordering, rollouts.

A game's manifest (``data/games.yaml``) names the module of its ``HEURISTICS``; the algorithms in this
package know no game and fall back to ``DefaultHeuristics`` when a game gives nothing better.
"""

from __future__ import annotations

import random
from typing import Mapping

from catgames.core.catalogue import UnknownGame, load_heuristics
from catgames.core.moves import Move
from catgames.core.rules import State, Seat


class Heuristics:
    """Default, game-agnostic knowledge: no evaluation beyond the final result, random rollouts."""

    def evaluate(self, state: State, seat: Seat) -> float:
        """Value of ``state`` for ``seat``, roughly in points (positive = good for ``seat``).

        The default is the final score difference once over, else 0.
        """
        out = state.outcome()
        if out is None:
            return 0.0
        mine = out.scores[seat]
        best_other = max(s for i, s in enumerate(out.scores) if i != seat)
        return float(mine - best_other)

    def evaluate_seats(self, state: State) -> list[float]:
        """Every seat's ``evaluate``, in seat order (a game may share the work between seats)."""
        return [self.evaluate(state, seat) for seat in range(state.players)]

    def terms(self, state: State, seat: Seat) -> Mapping[str, float]:
        """The evaluation in named parts (whose sum is ``evaluate``), so a hint can say which
        of them a move improves most; empty when the game names no parts."""
        return {}

    def candidates(self, state: State, moves: list[Move], limit: int | None = None) -> list[Move]:
        """``moves`` ordered best-first by a cheap guess, cut to ``limit`` when given."""
        return moves if limit is None else moves[:limit]

    def uniform_choice(self, state: State) -> bool:
        """Whether the seat to move must choose uniformly at random (a simultaneous hidden
        choice such as rock-paper-scissors): searches then treat it as chance, never as a
        decision to optimise."""
        return False

    def haste(self, state: State, seat: Seat) -> float | None:
        """How far ``seat`` has pushed the game towards its end (more is sooner), for the
        arena's ``ref:rusher``, which puts it before everything else; ``None`` when the game
        names no way to hurry its end."""
        return None

    def forced_move(self, state: State) -> Move | None:
        """A move the rules leave no choice about and that decides nothing (Cathood's ``end
        turn`` after the last disc), which searches play as part of the move before it, so it
        costs no iteration, depth or evaluation; ``None`` (the default): there is none."""
        return None

    def rollout_move(self, state: State, rng: random.Random) -> Move:
        """The move a playout makes from ``state`` (uniformly random by default); one of
        ``legal_moves()``, since playouts play it unchecked."""
        return rng.choice(state.legal_moves())


def heuristics_for(game_id: str) -> Heuristics:
    """The game's own ``HEURISTICS`` (its manifest's ``ai`` module), else the defaults: also
    for a game the catalogue does not list (a toy game a test hands the AI directly)."""
    try:
        heuristics = load_heuristics(game_id)
    except UnknownGame:
        return Heuristics()
    return Heuristics() if heuristics is None else heuristics
