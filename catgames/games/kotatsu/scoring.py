"""Final scoring (rules 33-40) under both readings of the rulebook, shared by the outcome,
``analyse``, the AI and the end-of-game breakdown so that all of them always agree.

* ``text_bonus`` (B, default): every cushion scores its printed value and the bonuses come on
  top: +V per coin cushion, +|n| per negative a food cushion cancels.
* ``illustrated`` (A): a coin cushion is worth V instead of its printed value; a food cushion is
  used only when it gains, and then neither it nor the cancelled negative scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Mapping, Sequence

from catgames.games.kotatsu.components import COIN, FOOD, KotatsuData

Pair = tuple[int, int]  #: (wooden cat id, cushion id)


@dataclass(frozen=True)
class SeatScore:
    """One seat's final score and how it came about."""

    by_colour: tuple[int, ...]       #: wooden cats owned per colour
    printed: int                     #: printed cushion values counted (mode A leaves coins out)
    coin_value: int                  #: V
    coins: int
    food_discards: tuple[int, ...]   #: the negative values cancelled by food
    food_points: int
    sets: int                        #: complete sets of all colours
    collection_bonus: int

    @property
    def cats(self) -> int:
        return sum(self.by_colour)

    @property
    def coin_points(self) -> int:
        return self.coin_value * self.coins

    @property
    def total(self) -> int:
        return self.printed + self.coin_points + self.food_points + self.collection_bonus

    def as_dict(self, colour_ids: Sequence[str]) -> dict[str, object]:
        return {
            "total": self.total, "printed": self.printed, "coin_value": self.coin_value,
            "coins": self.coins, "coin_points": self.coin_points,
            "food_discards": list(self.food_discards), "food_points": self.food_points,
            "sets": self.sets, "collection_bonus": self.collection_bonus, "cats": self.cats,
            "cats_by_colour": dict(zip(colour_ids, self.by_colour)),
        }


def coin_value(by_colour: Sequence[int], tie_mode: Hashable) -> int:
    """V: the largest colour group, times the number of colours tied for it in ``sum`` mode."""
    m = max(by_colour, default=0)
    if m == 0:
        return 0
    return m * by_colour.count(m) if tie_mode == "sum" else m


def score_seat(data: KotatsuData, pairs: Sequence[Pair],
               options: Mapping[str, Hashable]) -> SeatScore:
    """Score one seat's collected pairs.  A face the caller cannot see (a negative id) counts
    as a plain 0: only the owner's own view or the full state give real scores."""
    by_colour = [0] * data.colours
    coins: list[int] = []
    foods: list[int] = []
    plain: list[int] = []
    need_cat = bool(options["symbols_require_cat_symbol"])
    for cat, cushion in pairs:
        by_colour[data.cat_colour[cat]] += 1
        if cushion < 0:
            plain.append(0)
            continue
        value, symbol = data.cushion_value[cushion], data.cushion_symbol[cushion]
        if symbol is not None and need_cat and data.cat_symbol[cat] != symbol:
            symbol = None
        (coins if symbol == COIN else foods if symbol == FOOD else plain).append(value)
    negatives = sorted(v for v in plain if v < 0)
    if options["scoring_mode"] == "text_bonus":
        printed = sum(plain) + sum(coins) + sum(foods)
        discards = negatives[:len(foods)]
        food_points = -sum(discards)
    else:
        printed = sum(plain) + sum(foods)
        discards, food_points = [], 0
        for food, negative in zip(sorted(foods), negatives):
            if -negative <= food:
                break
            discards.append(negative)
            food_points += -negative - food
    sets = min(by_colour)
    if options["collection_bonus_mode"] == "once":
        bonus = data.bonus_value if sets else 0
    else:
        bonus = data.bonus_value * sets
    return SeatScore(tuple(by_colour), printed, coin_value(by_colour, options["coin_tie_mode"]),
                     len(coins), tuple(discards), food_points, sets, bonus)


def winners(scores: Sequence[SeatScore]) -> tuple[list[int], bool]:
    """Seats that win (rule 40) and whether the wooden-cat count was needed to decide."""
    best = max(s.total for s in scores)
    top = [i for i, s in enumerate(scores) if s.total == best]
    if len(top) == 1:
        return top, False
    most = max(scores[i].cats for i in top)
    return [i for i in top if scores[i].cats == most], True
