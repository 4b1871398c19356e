"""What the generic AI knows about This Bed Is Mine (spec section 7): an evaluation of territory,
settledness and room to play, cheap move ordering, and packing-biased rollouts.

All weights are product decisions and live in the ``ai.heuristics`` mapping of ``data/bed.yaml``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.hooks import Heuristics
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import State
from catgames.games.bed.components import Placement, bed_data
from catgames.games.bed.rules import BedState


@dataclass(frozen=True)
class Weights:
    """Evaluation weights (see data/bed.yaml: ai.heuristics)."""

    contested: float      #: share of a contested section credited to its current leader
    safe: float           #: share of an unsettled section that the trailing side cannot swing
    fit: float            #: points per pip of a tile that still fits somewhere
    rollout_sample: int   #: placements a rollout looks at before picking the most packed one
    refine_below: int     #: candidate lists this short are re-ranked by a one-ply evaluation
    refine_pool: int      #: ... chosen from this many times as many packing candidates


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = load_yaml(data_path("bed.yaml"))["ai"]["heuristics"]
    return Weights(
        contested=node["contested"].number(0, 1),
        safe=node["safe"].number(0, 1),
        fit=node["fit"].number(0),
        rollout_sample=node["rollout_sample"].int(1),
        refine_below=node["refine_below"].int(0),
        refine_pool=node["refine_pool"].int(1),
    )


@lru_cache(maxsize=None)
def _edge_ring() -> int:
    """Cells on the bed's rim: placing there packs against the edge."""
    grid = bed_data().grid
    inner = grid.full & ~grid.first_col & ~grid.last_col
    inner &= ~((1 << grid.cols) - 1)
    inner &= ~(((1 << grid.cols) - 1) << (grid.cols * (grid.rows - 1)))
    return grid.full & ~inner


class BedHeuristics(Heuristics):
    """Territory-first evaluation with discounts for sections that can still change hands."""

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, BedState)
        w = weights()
        out = state.outcome()
        if out is not None:
            return float(out.scores[seat] - out.scores[1 - seat]) * 1000.0
        cover = [0, 0]
        fits = [0, 0]
        hands = state.hands
        for s in (0, 1):
            if state.passed[s]:
                continue
            hand = hands[s]
            c = f = 0
            for digit, mask, _ in state._pool(s):
                if hand >> digit & 1:
                    c |= mask
                    f |= 1 << digit
            cover[s], fits[s] = c, f
        result = state.score()
        value = [0.0, 0.0]
        for sec in result.sections:
            if sec.ignored:
                continue
            a, b = sec.sums
            if a == b and not (sec.mask & (cover[0] | cover[1])):
                continue
            reach = [_max_digit(fits[s]) if sec.mask & cover[s] else 0 for s in (0, 1)]
            lead = 0 if a > b else 1
            margin = abs(a - b)
            if not sec.mask & (cover[0] | cover[1]):
                value[lead] += sec.size
            elif a == b:
                continue
            elif margin > reach[1 - lead]:
                value[lead] += sec.size * w.safe
            else:
                value[lead] += sec.size * w.contested
        for s in (0, 1):
            value[s] += w.fit * _pips(fits[s])
        bonus = result.bonus
        return (value[seat] + bonus[seat]) - (value[1 - seat] + bonus[1 - seat])

    def candidates(self, state: State, moves: list[Any], limit: int | None = None) -> list[Any]:
        """Best-first guesses: a packing pre-selection, re-ranked by a one-ply evaluation when
        only a few are wanted (inside a search, where a missed reply costs the most)."""
        assert isinstance(state, BedState)
        w = weights()
        if limit is None or limit > w.refine_below:
            return self._by_contact(state, moves, limit)
        pool = self._by_contact(state, moves, limit * w.refine_pool)
        seat = state.to_move

        def value(move: Placement) -> float:
            child = state.clone()
            child.apply(move)
            return self.evaluate(child, seat)

        return sorted(pool, key=value, reverse=True)[:limit]

    def _by_contact(self, state: BedState, moves: list[Any], limit: int | None) -> list[Any]:
        """Order by packing (contact with tiles, pillows and the rim), a few per digit first."""
        if limit is None or len(moves) <= limit:
            return sorted(moves, key=lambda m: -_contact(state, m))
        by_digit: dict[int, list[tuple[int, Placement]]] = {}
        for m in moves:
            by_digit.setdefault(m.digit, []).append((_contact(state, m), m))
        for entries in by_digit.values():
            entries.sort(key=lambda e: -e[0])
        ordered: list[Placement] = []
        rank = 0
        while len(ordered) < limit:
            row = [entries[rank] for entries in by_digit.values() if rank < len(entries)]
            if not row:
                break
            row.sort(key=lambda e: (-e[0], -e[1].digit))
            ordered.extend(m for _, m in row)
            rank += 1
        return ordered[:limit]

    def rollout_move(self, state: State, rng: random.Random) -> Any:
        assert isinstance(state, BedState)
        moves = state.legal_moves()
        sample = rng.sample(moves, min(len(moves), weights().rollout_sample))
        return max(sample, key=lambda m: _contact(state, m))


def _contact(state: BedState, move: Placement) -> int:
    mask = state.mask_of(move)
    assert mask is not None
    grid = state.data.grid
    blocked = state.occupied | state.data.sides[state.side].pillow_mask
    return ((grid.border(mask) & blocked).bit_count() + (mask & _edge_ring()).bit_count()
            + move.digit)


def _max_digit(fits: int) -> int:
    return fits.bit_length() - 1 if fits else 0


def _pips(fits: int) -> int:
    return sum(d for d in range(1, 10) if fits >> d & 1)


HEURISTICS = BedHeuristics()
