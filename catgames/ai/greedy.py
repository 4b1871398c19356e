"""One-ply play: try each candidate move and keep the one the game's evaluation likes best.

Each move is tried on ``samples`` determinizations and the values averaged, so with hidden
information the player never evaluates a state it could not know (one is enough without).  Temperature and top-k noise turn it
into a fallible, human-feeling opponent for the easy level.
"""

from __future__ import annotations

import random
from typing import Any

from catgames.ai.budget import Budget, Clock
from catgames.ai.hooks import Heuristics
from catgames.ai.player import WeighingPlayer
from catgames.ai.playout import play_forced
from catgames.core.moves import Move
from catgames.core.rules import Seat, State


class GreedyPlayer(WeighingPlayer):
    """Best immediate evaluation among the game's ``width`` best-looking candidates."""

    def __init__(self, heuristics: Heuristics, *, width: int | None = None, samples: int = 1,
                 **noise: Any) -> None:
        super().__init__(heuristics, **noise)
        self.width = width
        self.samples = max(1, samples)

    def weigh(self, state: State, seat: Seat, legal: list[Move], rng: random.Random,
              budget: Budget, clock: Clock) -> tuple[list[Move], list[float]]:
        h = self.heuristics
        moves = h.candidates(state, legal, self.width)
        worlds = self.samples
        bases = [self.deal(state, seat, rng) for _ in range(worlds)]
        values: list[float] = []
        for move in moves:
            if clock.out_of_time(bool(values)):
                break
            total = 0.0
            for base in bases:
                child = base.clone()
                child.apply_unchecked(move)
                play_forced(child, h)
                total += h.evaluate(child, seat)
            values.append(total / worlds)
        return moves[:len(values)] or moves, values
