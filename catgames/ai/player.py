"""The one interface every AI player has, the move picker they share, and the random player.

A player is handed only what its seat may see (``real_state.observe(seat)``), a random
generator of its own and a budget; it never reads the real game or the game's RNG.
"""

from __future__ import annotations

import math
import random
from typing import Protocol, Sequence

from catgames.ai.budget import Budget, Clock
from catgames.ai.hooks import Heuristics
from catgames.core.moves import Move
from catgames.core.rules import Seat, State


class Player(Protocol):
    """Chooses a move for ``seat`` from that seat's view of the game."""

    def choose(self, state: State, seat: Seat, rng: random.Random,
               budget: Budget | None = None) -> Move:
        """A legal move for ``seat``; ``budget=None`` means the player's own default."""
        ...


def own_moves(state: State, seat: Seat) -> list[Move]:
    """The legal moves of ``seat``, refusing to think for a seat that is not to move."""
    if state.to_move != seat:
        raise ValueError(f"seat {seat} is asked to move but {state.to_move} is to move")
    moves = state.legal_moves()
    if not moves:
        raise ValueError(f"seat {seat} is to move but has no legal move")
    return moves


def pick(moves: Sequence[Move], values: Sequence[float], rng: random.Random,
         temperature: float = 0.0, top_k: int | None = None) -> Move:
    """The best move, or with ``temperature > 0`` a softmax draw among the ``top_k`` best.

    Ties go to the earlier move, so candidate order breaks them and play stays deterministic.
    """
    order = sorted(range(len(moves)), key=lambda i: -values[i])
    if top_k is not None:
        order = order[:max(1, top_k)]
    if temperature <= 0.0 or len(order) == 1:
        return moves[order[0]]
    top = values[order[0]]
    weights = [math.exp((values[i] - top) / temperature) for i in order]
    return moves[rng.choices(order, weights)[0]]


class RandomPlayer:
    """Uniformly random legal moves: the floor of the difficulty ladder and a test opponent."""

    def choose(self, state: State, seat: Seat, rng: random.Random,
               budget: Budget | None = None) -> Move:
        return rng.choice(own_moves(state, seat))


class WeighingPlayer:
    """A player that puts values on moves and picks among them with optional noise.

    Subclasses implement ``weigh``; the budget, the single-move shortcut and the final pick
    (``temperature``: softmax over the values; ``top_k``: only among the k best) live here.
    """

    #: An arena's oracle seat: handed the real state, it thinks in that world instead of in
    #: determinizations of what its seat may see (never in the app; see ``arena.py``).
    sees_all = False

    def __init__(self, heuristics: Heuristics, *, temperature: float = 0.0,
                 top_k: int | None = None, budget: Budget = Budget(0.8, 1.8)) -> None:
        self.heuristics = heuristics
        self.temperature = temperature
        self.top_k = top_k
        self.budget = budget

    def choose(self, state: State, seat: Seat, rng: random.Random,
               budget: Budget | None = None) -> Move:
        budget = budget or self.budget
        clock = budget.clock()
        legal = own_moves(state, seat)
        if len(legal) == 1 or self.heuristics.uniform_choice(state):
            return rng.choice(legal)
        moves, values = self.weigh(state, seat, legal, rng, budget, clock)
        if not values:  # out of time before any value: the game's first guess
            return moves[0]
        return pick(moves, values, rng, self.temperature, self.top_k)

    def weigh(self, state: State, seat: Seat, legal: list[Move], rng: random.Random,
              budget: Budget, clock: Clock) -> tuple[list[Move], list[float]]:
        """Moves and their values (higher is better), or candidates and no values at all."""
        raise NotImplementedError

    def deal(self, state: State, seat: Seat, rng: random.Random) -> State:
        """A world to think in: a determinization of what ``seat`` sees, or for an oracle a
        copy of the real state it was handed."""
        return state.clone() if self.sees_all else state.determinize(seat, rng)
