"""Ranking the five-item hands at a kotatsu (rules 17-20): two wooden cats plus a seat's cards.

Only colours make the category; stars break ties.  The same code labels an edge that is still
filling (fewer than three cards), which is what the table shows live and ``analyse`` reports.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from catgames.games.kotatsu.components import CATEGORY_IDS, KotatsuData

FIVE, FOUR, CATHOUSE, THREE, TWO_PAIR, ONE_PAIR, SOLO = range(len(CATEGORY_IDS))
NEVER = 1 << 30  #: completion turn of an edge that is not full: it loses tie-break 3


@dataclass(frozen=True)
class HandValue:
    """How one seat's hand at one kotatsu ranks."""

    category: int          #: index into ``CATEGORY_IDS`` (0 = Five of a Kind)
    ranking_stars: int
    non_ranking_stars: int
    completed: int         #: turn the edge was completed (``NEVER`` if not full)

    @property
    def key(self) -> tuple[int, int, int, int]:
        """Bigger is better: category, ranking stars, non-ranking stars, earlier completion."""
        return (-self.category, self.ranking_stars, self.non_ranking_stars, -self.completed)


def category(top: int, second: int, one_pair: bool) -> int:
    """The category of a hand whose two largest colour counts are ``top`` and ``second``."""
    if top >= 5:
        return FIVE
    if top == 4:
        return FOUR
    if top == 3:
        return CATHOUSE if second >= 2 else THREE
    if top == 2:
        if second >= 2:
            return TWO_PAIR
        return ONE_PAIR if one_pair else SOLO
    return SOLO


def hand_value(data: KotatsuData, cat_colours: Sequence[int], cards: Sequence[int],
               completed: int, one_pair: bool) -> HandValue:
    """Rank ``cards`` (card ids) with the wooden cats of colours ``cat_colours`` (rules 17-19)."""
    colour_of, stars_of = data.card_colour, data.card_stars
    counts = [0] * data.colours
    for c in cat_colours:
        counts[c] += 1
    for card in cards:
        counts[colour_of[card]] += 1
    ordered = sorted(counts, reverse=True)
    cat = category(ordered[0], ordered[1] if len(ordered) > 1 else 0, one_pair)
    ranking = other = 0
    for card in cards:
        if cat != SOLO and counts[colour_of[card]] >= 2:
            ranking += stars_of[card]
        else:
            other += stars_of[card]
    return HandValue(cat, ranking, other, completed)


DECIDERS = ("category", "ranking_stars", "non_ranking_stars", "earlier")


def order_seats(values: Sequence[HandValue]) -> list[int]:
    """Seats best first (rule 20); full equality (only possible mid-fill) keeps seat order."""
    return sorted(range(len(values)), key=lambda s: values[s].key, reverse=True)


def decided_by(first: HandValue, second: HandValue) -> str | None:
    """Which step of rule 20 put ``first`` ahead of ``second`` (``None`` if nothing did)."""
    for name, a, b in zip(DECIDERS, first.key, second.key):
        if a != b:
            return name
    return None
