"""Evaluations fitted to results: a game names its features, ``catgames fit`` weighs them.

A fitted evaluation is a sum of named terms, weight times feature, so a hint can say which
terms made a move good (``terms``) and the sum is exactly ``evaluate``.  The weights live in
the ``ai.weights`` mapping of ``data/<game>.yaml`` and are written by ``python -m catgames fit``
(``catgames/ai/fit.py``; see docs/ai.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, Mapping, Sequence

from catgames.ai.hooks import Heuristics
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import Seat, State

WEIGHTS = "weights"  #: the key under ``ai:`` of a game's fitted weights
FINAL = "final"  #: the one term of a finished game: its margin


@lru_cache(maxsize=None)
def fitted_weights(game_id: str, names: tuple[str, ...]) -> tuple[float, ...]:
    """The weights of ``names`` in ``data/<game_id>.yaml`` (``ai.weights``), in that order; a
    missing or extra name stops with the file and key path (the fit writes them all)."""
    node = load_yaml(data_path(f"{game_id}.yaml"))["ai"][WEIGHTS]
    read = tuple(node[name].number() for name in names)
    node.done()
    return read


class FittedHeuristics(Heuristics):
    """An evaluation that is ``sum(weight * feature)`` over the game's named features.

    A game sets ``game_id`` and ``names`` and implements ``features``: numbers from ``seat``'s
    point of view (mine minus the strongest rival's, for instance), computed only from what the
    state holds, so on a determinization they never use the real hidden information.
    """

    game_id: ClassVar[str]
    names: ClassVar[tuple[str, ...]]

    def features(self, state: State, seat: Seat) -> Sequence[float]:
        """One number per name in ``names``, for a position that is not over."""
        raise NotImplementedError

    def features_seats(self, state: State) -> list[Sequence[float]]:
        """``features`` of every seat, in seat order (override to share the work)."""
        return [self.features(state, seat) for seat in range(state.players)]

    def weights(self) -> tuple[float, ...]:
        return fitted_weights(self.game_id, self.names)

    def terms(self, state: State, seat: Seat) -> Mapping[str, float]:
        """Each feature's contribution (weight times feature) to ``evaluate``."""
        if state.is_over():
            return {FINAL: self.evaluate(state, seat)}
        return {name: w * f for name, w, f in
                zip(self.names, self.weights(), self.features(state, seat))}

    def evaluate(self, state: State, seat: Seat) -> float:
        """The final margin once over, else the sum of the terms."""
        if state.is_over():
            return self.final(state, seat)
        return sum(w * f for w, f in zip(self.weights(), self.features(state, seat)))

    def evaluate_seats(self, state: State) -> list[float]:
        """Every seat's ``evaluate``, from one ``features_seats``."""
        if state.is_over():
            return [self.final(state, seat) for seat in range(state.players)]
        weights = self.weights()
        return [sum(w * f for w, f in zip(weights, features))
                for features in self.features_seats(state)]

    def final(self, state: State, seat: Seat) -> float:
        """The value of a finished game: the score margin (what the weights are fitted to)."""
        return super().evaluate(state, seat)
