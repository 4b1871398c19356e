"""Visible cards, week scores, the end condition and the winner (rules 9, 15-17, 22), shared by
the outcome, ``analyse``, the AI and the table so that all of them always agree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from catgames.games.days.components import DAYS, DaysData

Stack = tuple[int, ...]   #: animal cards of one day, bottom to top (a Cat Tree is a flag)
Week = list[Stack]


def visible(data: DaysData, stack: Stack, tree: bool) -> Stack:
    """The visible cards of a day: its top card, or the top cats of a Cat Tree day (rule 9)."""
    return stack[-data.rules.visible_cats:] if tree else stack[-1:]


def day_points(data: DaysData, stack: Stack, tree: bool) -> int:
    points = data.points
    if not stack:
        return 0
    if not tree:
        return points[stack[-1]]
    return sum(points[c] for c in stack[-data.rules.visible_cats:])


def week_points(data: DaysData, week: Week, trees: int) -> int:
    return sum(day_points(data, week[d], bool(trees >> d & 1)) for d in range(DAYS))


def is_filled(data: DaysData, week: Week, trees: int) -> bool:
    """Every day holds an animal (rule 15); a tree-only day counts only by ruling."""
    if not data.rules.tree_only_day_is_filled:
        return all(week)
    return all(week[d] or trees >> d & 1 for d in range(DAYS))


def empty_days(week: Week) -> int:
    return sum(1 for stack in week if not stack)


def animals_in_week(week: Week) -> int:
    """The tie-break count: every animal card, covered ones too; trees do not count (rule 17)."""
    return sum(len(stack) for stack in week)


@dataclass(frozen=True)
class Standing:
    """Scores, tie-break counts and the winner (``None`` for a draw) of a position as it stands."""

    scores: tuple[int, ...]
    animals: tuple[int, ...]
    winner: int | None
    tie_break_used: bool


def standing(data: DaysData, weeks: Sequence[Week], trees: Sequence[int]) -> Standing:
    """Highest score wins; tied leaders are split by animals in their week, else a draw."""
    scores = tuple(week_points(data, w, t) for w, t in zip(weeks, trees))
    animals = tuple(animals_in_week(w) for w in weeks)
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    if len(leaders) == 1:
        return Standing(scores, animals, leaders[0], False)
    if data.rules.tie_break == "animals_in_week":
        most = max(animals[s] for s in leaders)
        top = [s for s in leaders if animals[s] == most]
        return Standing(scores, animals, top[0] if len(top) == 1 else None, True)
    return Standing(scores, animals, None, False)
