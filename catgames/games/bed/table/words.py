"""Player-facing sentences of This Bed Is Mine's log: where a tile went, said in words (the bed
shows no coordinates), from the part of the bed its cells cover.  Every phrase is a string in
``data/strings/<lang>/bed.yaml``."""

from __future__ import annotations

from typing import Sequence

from catgames.ui import i18n

BANDS = ("head", "middle", "foot")      #: along the rows: left to right, the headboard at the left
SIDES = ("bottom", "centre", "top")     #: along the columns: the sideways bed's (``layout``) run upwards


def _third(value: float, size: int) -> int:
    """Which third of ``size`` cells the (fractional) cell ``value`` lies in."""
    return min(2, max(0, int((value + 0.5) * 3 // size)))


def place_words(cells: Sequence[tuple[int, int]], rows: int, cols: int) -> str:
    """``near the head of the bed, at the top``: the part of the bed a tile's middle is in."""
    row = sum(r for r, _ in cells) / len(cells)
    col = sum(c for _, c in cells) / len(cells)
    return i18n.t(f"bed.place.{BANDS[_third(row, rows)]}_{SIDES[_third(col, cols)]}")


def place_line(seat: str, digit: int, cells: Sequence[tuple[int, int]], rows: int, cols: int) -> str:
    """``Cat lays the 4 in the middle of the bed``."""
    return i18n.t("bed.log_place", seat=seat, digit=digit, place=place_words(cells, rows, cols))
