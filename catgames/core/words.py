"""Small pieces of English the rules layer uses in ``Outcome.why`` (the UI's own text lives in
``data/strings``)."""

from __future__ import annotations

from typing import Iterable


def listed(names: Iterable[str]) -> str:
    """``P1``, ``P1 and P2``, ``P1, P2 and P3``."""
    items = list(names)
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else items[0]
