"""What the generic AI knows about This Bed Is Mine (spec section 7): an evaluation of territory,
settledness and room to play, cheap move ordering, and packing-biased rollouts.

All weights are product decisions and live in the ``ai.heuristics`` mapping of ``data/bed.yaml``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.hooks import Heuristics, rival_terms
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import State
from catgames.games.bed.components import Placement, bed_data
from catgames.games.bed.rules import BedState


@dataclass(frozen=True)
class Weights:
    """Evaluation weights (see data/bed.yaml: ai.heuristics, and docs/ai.md for how they were fitted)."""

    settled: float        #: per cell of a section no remaining tile can enter
    safe: float           #: per cell of an unsettled section the rival cannot swing
    contested: float      #: per cell of a small section the rival can still swing
    big_section: int      #: contested sections larger than this count nothing (too early to tell)
    fit_tile: float       #: per own tile that still fits somewhere
    reach: float          #: per empty cell one's remaining tiles can still cover
    toy_bonus: float      #: share of the toy-majority bonuses as they stand
    rollout_sample: int   #: placements a rollout looks at before picking the most packed one
    refine_below: int     #: candidate lists this short are re-ranked by a one-ply evaluation
    refine_pool: int      #: ... chosen from this many times as many packing candidates


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = load_yaml(data_path("bed.yaml"))["ai"]["heuristics"]
    weights_read = Weights(
        settled=node["settled"].number(0),
        safe=node["safe"].number(0),
        contested=node["contested"].number(0),
        big_section=node["big_section"].int(0),
        fit_tile=node["fit_tile"].number(0),
        reach=node["reach"].number(0),
        toy_bonus=node["toy_bonus"].number(0),
        rollout_sample=node["rollout_sample"].int(1),
        refine_below=node["refine_below"].int(0),
        refine_pool=node["refine_pool"].int(1),
    )
    node.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


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
        """Settled territory plus room to play: which tiles still fit and how much of the bed
        they can reach (the pass rule makes being locked out the costliest mistake)."""
        return sum(self.terms(state, seat).values())

    def terms(self, state: State, seat: int) -> dict[str, float]:
        """Each part of the evaluation, the cat's minus the dog's (or the other way round)."""
        assert isinstance(state, BedState)
        out = state.outcome()
        if out is not None:
            return {"result": float(out.scores[seat] - out.scores[1 - seat]) * 1000.0}
        return rival_terms(_parts(state), seat)

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
            child.apply_unchecked(move)
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


def _parts(state: BedState) -> dict[str, list[float]]:
    """Each seat's share of every evaluation part of a position still in play."""
    w = weights()
    cover = [0, 0]
    fits = [0, 0]
    hands = state.hands
    for s in (0, 1):
        if state.passed[s]:
            continue
        hand = hands[s]
        c = f = 0
        for digit, mask, _ in state.open_entries(s):
            if hand >> digit & 1:
                c |= mask
                f |= 1 << digit
        cover[s], fits[s] = c, f
    result = state.score()
    parts = {name: [0.0, 0.0] for name in ("settled", "safe", "contested")}
    either = cover[0] | cover[1]
    for sec in result.sections:
        a, b = sec.sums
        if sec.ignored or a == b:
            continue
        lead = 0 if a > b else 1
        if not sec.mask & either:
            parts["settled"][lead] += sec.size * w.settled
            continue
        rival = 1 - lead
        reach = _max_digit(fits[rival]) if sec.mask & cover[rival] else 0
        if abs(a - b) > reach:
            parts["safe"][lead] += sec.size * w.safe
        elif sec.size <= w.big_section:
            parts["contested"][lead] += sec.size * w.contested
    parts["fit_tile"] = [w.fit_tile * fits[s].bit_count() for s in (0, 1)]
    parts["reach"] = [w.reach * cover[s].bit_count() for s in (0, 1)]
    parts["toy_bonus"] = [w.toy_bonus * result.bonus[s] for s in (0, 1)]
    return parts


def _contact(state: BedState, move: Placement) -> int:
    mask = state.mask_of(move)
    assert mask is not None
    grid = state.data.grid
    blocked = state.occupied | state.data.sides[state.side].pillow_mask
    return ((grid.border(mask) & blocked).bit_count() + (mask & _edge_ring()).bit_count()
            + move.digit)


def _max_digit(fits: int) -> int:
    return fits.bit_length() - 1 if fits else 0


HEURISTICS = BedHeuristics()
