"""The shipped font (DejaVu Sans: Latin and Cyrillic, licence in ``art/fonts``), cached by size.

Text is always rendered at the real pixel size it is shown at, so it stays crisp at any window
size; the cache keeps that cheap.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from catgames.paths import FONT_DIR

REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at ``px`` pixels (at least 6)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(BOLD if bold else REGULAR), max(6, px))


def close() -> None:
    """Forget every loaded font before ``pygame.font`` quits: a font kept across a restart of
    the font module would point into the freed library."""
    font.cache_clear()
