"""What the generic AI knows about This Bed Is Mine (spec section 7): an evaluation of territory,
settledness and room to play, cheap move ordering, and packing-biased rollouts.

The evaluation's weights were fitted to self-play results (``ai.weights`` in ``data/bed.yaml``,
docs/ai.md); the other settings are product decisions in ``ai.heuristics``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.fitted import FittedHeuristics
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import State
from catgames.games.bed.components import Placement, bed_data
from catgames.games.bed.rules import BedState


@dataclass(frozen=True)
class Weights:
    """Settings besides the fitted weights (see data/bed.yaml: ai.heuristics, ai.weights)."""

    big_section: int      #: contested sections larger than this count nothing (too early to tell)
    rollout_sample: int   #: placements a rollout looks at before picking the most packed one
    refine_below: int     #: candidate lists this short are re-ranked by a one-ply evaluation
    refine_pool: int      #: ... chosen from this many times as many packing candidates


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = load_yaml(data_path("bed.yaml"))["ai"]["heuristics"]
    weights_read = Weights(
        big_section=node["big_section"].int(0),
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


class BedHeuristics(FittedHeuristics):
    """Territory-first evaluation with discounts for sections that can still change hands."""

    game_id = "bed"
    names = ("settled", "safe", "contested", "fit_tile", "reach", "toy_bonus")

    def features(self, state: State, seat: int) -> list[float]:
        """Mine minus the rival's: cells of settled sections, of sections the rival can no
        longer swing and of small contested ones I lead; tiles that still fit; empty cells my
        tiles can still cover (the pass rule makes being locked out the costliest mistake);
        the toy-majority bonuses as they stand."""
        assert isinstance(state, BedState)
        big_section = weights().big_section
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
        per = [[0.0] * len(self.names) for _ in (0, 1)]
        either = cover[0] | cover[1]
        for sec in result.sections:
            a, b = sec.sums
            if sec.ignored or a == b:
                continue
            lead = 0 if a > b else 1
            if not sec.mask & either:
                per[lead][0] += sec.size
                continue
            rival = 1 - lead
            reach = _max_digit(fits[rival]) if sec.mask & cover[rival] else 0
            if abs(a - b) > reach:
                per[lead][1] += sec.size
            elif sec.size <= big_section:
                per[lead][2] += sec.size
        for s in (0, 1):
            per[s][3:] = [float(fits[s].bit_count()), float(cover[s].bit_count()),
                          float(result.bonus[s])]
        return [m - r for m, r in zip(per[seat], per[1 - seat])]

    def final(self, state: State, seat: int) -> float:
        """The margin, scaled so a finished game outweighs any unfinished one."""
        return super().final(state, seat) * 1000.0

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
