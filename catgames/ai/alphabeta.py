"""Negamax alpha-beta for two-player games of perfect information.

Iterative deepening under the budget, candidates from the game's move ordering cut to ``width``
per ply (the root is first looked at more widely, one ply deep), the previous iteration's best move searched first, a transposition table when the
state offers ``key()`` (a hashable identity of the position, side to move included), and
exact full-width search to the end once few moves remain.  Chance nodes are averaged.
"""

from __future__ import annotations

import math
import random
from time import perf_counter
from typing import Any, Callable, Hashable

from catgames.ai.budget import Budget, Clock
from catgames.ai.hooks import Heuristics
from catgames.ai.player import WeighingPlayer
from catgames.ai.playout import sample_chance
from catgames.core.moves import Move
from catgames.core.rules import CHANCE, NOBODY, Seat, State

WIN = 1_000_000.0   #: a won game outranks any evaluation; the score margin still counts on top
COMPLETE = 1 << 30  #: depth recorded for subtrees searched to their very end
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 1 << 20  #: entries kept before the table is cleared, to bound memory
CHECK_EVERY = 63    #: nodes between clock checks (mask)
CHANCE_SAMPLES = 4  #: events averaged at a chance node whose game gives no probabilities


class _Timeout(Exception):
    """Unwinds the search when the clock runs out."""


class _Search:
    """One deepening iteration's worth of machinery, reused across iterations of a move."""

    def __init__(self, heuristics: Heuristics, width: int | None, deadline: float,
                 stop: Callable[[], bool] | None, rng: random.Random) -> None:
        self.h = heuristics
        self.width = width
        self.deadline = deadline
        self.stop = stop
        self.rng = rng
        self.nodes = 0
        self.cut = False   # did any line stop at the depth limit in this iteration?
        self.table: dict[Hashable, tuple[int, float, int, Move | None]] = {}

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes & CHECK_EVERY and (
                perf_counter() >= self.deadline or (self.stop is not None and self.stop())):
            raise _Timeout

    def value(self, state: State, depth: int, alpha: float, beta: float, pov: Seat) -> float:
        """Value of ``state`` for ``pov`` (zero-sum: the other seat's value is its negation)."""
        self.tick()
        mover = state.to_move
        if mover == NOBODY:
            return terminal_value(state, pov)
        if mover == CHANCE:
            return self.chance_value(state, depth, pov)
        if mover != pov:
            return -self.value(state, depth, -beta, -alpha, mover)
        if depth <= 0:
            self.cut = True
            return self.h.evaluate(state, pov)
        key_of = getattr(state, "key", None)
        key = key_of() if key_of is not None else None
        first = None
        if key is not None:
            entry = self.table.get(key)
            if entry is not None:
                e_depth, e_value, e_flag, first = entry
                if e_depth >= depth:
                    if e_depth != COMPLETE:
                        self.cut = True
                    if e_flag == EXACT:
                        return e_value
                    if e_flag == LOWER and e_value > alpha:
                        alpha = e_value
                    elif e_flag == UPPER and e_value < beta:
                        beta = e_value
                    if alpha >= beta:
                        return e_value
        outer_cut, self.cut = self.cut, False
        start_alpha = alpha
        best, best_move = -math.inf, None
        for move in self.ordered(state, first):
            child = state.clone()
            child.apply_unchecked(move)
            v = self.value(child, depth - 1, alpha, beta, pov)
            if v > best:
                best, best_move = v, move
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if key is not None:
            flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
            if len(self.table) >= TABLE_LIMIT:
                self.table.clear()
            self.table[key] = (depth if self.cut else COMPLETE, best, flag, best_move)
        self.cut = self.cut or outer_cut
        return best

    def chance_value(self, state: State, depth: int, pov: Seat) -> float:
        outcomes = state.chance_outcomes()
        if not outcomes:
            share = 1.0 / CHANCE_SAMPLES
            outcomes = [(sample_chance(state, self.rng), share) for _ in range(CHANCE_SAMPLES)]
        total = 0.0
        for event, p in outcomes:
            child = state.clone()
            child.apply_unchecked(event)
            total += p * self.value(child, depth, -math.inf, math.inf, pov)
        return total

    def ordered(self, state: State, first: Move | None) -> list[Move]:
        moves = self.h.candidates(state, state.legal_moves(), self.width)
        if first is None:
            return moves
        return [first] + [m for m in moves if m != first]


def terminal_value(state: State, pov: Seat) -> float:
    """A win or loss dominates; the final score margin separates wins (and losses)."""
    out = state.outcome()
    assert out is not None
    margin = out.scores[pov] - max(s for i, s in enumerate(out.scores) if i != pov)
    if out.winner is None:
        return float(margin)
    return (WIN if out.winner == pov else -WIN) + margin


class AlphaBetaPlayer(WeighingPlayer):
    """Iterative-deepening alpha-beta; exact to the end when ``exact_below`` or fewer moves.

    The first iteration is a one-ply look at ``root_width`` root candidates (all by default),
    so the search never plays below a greedy player; deeper iterations keep the best ``width``.
    """

    def __init__(self, heuristics: Heuristics, *, width: int | None = 16,
                 root_width: int | None = None, exact_below: int = 8, **noise: Any) -> None:
        super().__init__(heuristics, **noise)
        self.width = width
        self.root_width = root_width
        self.exact_below = exact_below

    def weigh(self, state: State, seat: Seat, legal: list[Move], rng: random.Random,
              budget: Budget, clock: Clock) -> tuple[list[Move], list[float]]:
        exact = len(legal) <= self.exact_below
        width = None if exact else self.width
        search = _Search(self.heuristics, width, clock.hard, budget.stop, rng)
        moves = self.heuristics.candidates(state, legal, None if exact else self.root_width)
        values: list[float] = []
        depth = 0
        while budget.iterations is None or depth < budget.iterations:
            depth += 1
            search.cut = False
            done: list[float] = []
            try:
                self._root(search, state, seat, moves, depth, done)
            except _Timeout:
                if done:  # the previous best was searched first: what beat it is better
                    moves, values = moves[:len(done)], done
                break
            order = sorted(range(len(moves)), key=lambda i: -done[i])[:width]
            moves, values = [moves[i] for i in order], [done[i] for i in order]
            if not search.cut or clock.out_of_time(True):
                break
            search.deadline = clock.soft
        return moves, values

    def _root(self, search: _Search, state: State, seat: Seat, moves: list[Move], depth: int,
              done: list[float]) -> None:
        """Search every root move, appending values to ``done`` as they complete.

        With temperature the window stays open so that every value is exact, not a bound.
        """
        alpha = -math.inf
        for move in moves:
            child = state.clone()
            child.apply_unchecked(move)
            v = search.value(child, depth - 1, alpha, math.inf, seat)
            done.append(v)
            if self.temperature <= 0.0 and v > alpha:
                alpha = v
