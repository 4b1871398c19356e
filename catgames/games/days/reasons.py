"""Woof Days' facts for a hint: the days of the mover's week the move filled."""

from __future__ import annotations

from catgames.ai.reasons import Claim, Facts, counted


def claims(before: Facts, after: Facts) -> list[Claim]:
    return counted(before, after, [
        ("days.filled", lambda f: f.detail["weeks"][f.me]["empty_days"], -1)])
