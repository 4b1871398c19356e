"""The shipped fonts, cached by size: DejaVu Sans for every text it covers (Latin and Cyrillic
look as they always have), Noto Sans CJK TC for text with a character DejaVu lacks (Chinese).
Licences and origin in ``art/README.md``.

The Noto faces are a subset (``packaging/subset_fonts.py``) with DejaVu's vertical metrics, so a
line is as tall in any language and both faces share a baseline.  Noto has Latin letters and digits
too, so a Chinese string is drawn in Noto whole; only a character Noto lacks (a ✗ mark before a
Chinese sentence) is drawn in DejaVu, as a run of its own on the same baseline.

Text is always rendered at the real pixel size it is shown at, so it stays crisp at any window
size; the caches keep that cheap (sizes are asked for every frame).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Sequence

import pygame
import pygame.freetype

from catgames.paths import FONT_DIR

LATIN = (FONT_DIR / "DejaVuSans.ttf", FONT_DIR / "DejaVuSans-Bold.ttf")        #: by ``bold``
CJK = (FONT_DIR / "NotoSansTC-Regular.otf", FONT_DIR / "NotoSansTC-Bold.otf")   #: by ``bold``
Run = tuple[str, Path]  #: a piece of a text and the face that draws it
_covered: dict[Path, dict[str, bool]] = {}
FaceChoice = tuple[bool, Path]  #: whether DejaVu has a character, and its face in a mixed text
_choices: tuple[dict[str, FaceChoice], dict[str, FaceChoice]] = ({}, {})  #: by ``bold``


@lru_cache(maxsize=128)
def _face(path: Path, px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(path), max(6, px))


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at ``px`` pixels (at least 6): the face whose line height every text shares."""
    return _face(LATIN[bold], px)


@lru_cache(maxsize=None)
def _probe(path: Path) -> pygame.freetype.Font:
    """``path`` opened to ask which characters it has: ``pygame.font``'s ``metrics`` measures
    the missing-glyph box as if it were a glyph, ``pygame.freetype`` answers ``None``."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(path))


def has_glyph(path: Path, char: str) -> bool:
    """Whether the face at ``path`` has a glyph for ``char`` (asked once per character)."""
    known = _covered.setdefault(path, {})
    if char not in known:
        known[char] = _probe(path).get_metrics(char, size=16)[0] is not None
    return known[char]


@lru_cache(maxsize=8192)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` in pieces, each with the face that draws it: one piece in DejaVu when DejaVu has
    every character, else Noto for every character it has and DejaVu for the rest."""
    latin = LATIN[bold]
    if text.isascii():
        return ((text, latin),)
    known = _choices[bold]
    choices = [known.get(char) or _choose(char, bold) for char in text]
    if all(in_latin for in_latin, _ in choices):
        return ((text, latin),)
    return tuple(("".join(char for char, _ in group), path)
                 for path, group in groupby(zip(text, [path for _, path in choices]), key=itemgetter(1)))


def _choose(char: str, bold: bool) -> FaceChoice:
    """Whether DejaVu has ``char``, and the face that draws it in a text DejaVu cannot draw whole
    (worked out once per character: a paragraph is measured a character at a time as it wraps)."""
    latin, cjk = LATIN[bold], CJK[bold]
    in_latin = has_glyph(latin, char)
    choice = _choices[bold][char] = (in_latin, cjk if has_glyph(cjk, char) or not in_latin else latin)
    return choice


def _placed(pieces: tuple[Run, ...], px: int) -> list[tuple[str, pygame.font.Font, int]]:
    """Each run with its face and how far below the line's top it starts (one baseline)."""
    faces = [_face(path, px) for _, path in pieces]
    ascent = max(face.get_ascent() for face in faces)
    return [(piece, face, ascent - face.get_ascent()) for (piece, _), face in zip(pieces, faces)]


@lru_cache(maxsize=65536)
def size(text: str, px: int, bold: bool = False) -> tuple[int, int]:
    """The pixel size ``render`` gives ``text`` (cached: wrapping a paragraph measures each
    growing line, every frame a paragraph is drawn)."""
    pieces = runs(text, bold)
    if len(pieces) == 1:
        return _face(pieces[0][1], px).size(text)
    sizes = [(face.size(piece), top) for piece, face, top in _placed(pieces, px)]
    return sum(w for (w, _), _ in sizes), max(top + h for (_, h), top in sizes)


def render(text: str, px: int, color: Sequence[int], bold: bool = False) -> pygame.Surface:
    """``text`` anti-aliased in ``color`` on a transparent surface, each run in its own face."""
    pieces = runs(text, bold)
    if len(pieces) == 1:
        return _face(pieces[0][1], px).render(text, True, color)
    surfs = [(face.render(piece, True, color), top) for piece, face, top in _placed(pieces, px)]
    out = pygame.Surface((sum(s.get_width() for s, _ in surfs),
                          max(top + s.get_height() for s, top in surfs)), pygame.SRCALPHA)
    x = 0
    for surf, top in surfs:
        out.blit(surf, (x, top), special_flags=pygame.BLEND_RGBA_MAX)  # a copy: runs never overlap
        x += surf.get_width()
    return out


def close() -> None:
    """Forget every loaded font before ``pygame.font`` quits: a font kept across a restart of
    the font module would point into the freed library.  What was measured of the files (runs,
    sizes, glyphs) is kept: it holds no font, and the next app would measure it all again."""
    _face.cache_clear()
    _probe.cache_clear()
    pygame.freetype.quit()
