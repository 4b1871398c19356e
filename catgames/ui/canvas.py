"""Drawing in a fixed 1280x800 virtual layout on a window of any size.

Scenes place everything in virtual units; the ``Canvas`` letterboxes that layout into the real
window, scales shapes, and renders text with a font opened at the real pixel size, so text is
crisp rather than a blurred, scaled bitmap.  ``text_scale`` (the UI scale setting) enlarges text.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Hashable, Iterator, Sequence, TypeVar

import pygame

from catgames.ui import fonts

VIRTUAL_SIZE = (1280, 800)
PIECE_GROWTH = 0.5  #: text on a piece grows by this share of the text-size setting's step
FIT_GRID = 24  #: sizes tried between the 100 % size and the scaled one, per doubling
LEGIBLE = 9.0  #: the smallest text a table prints, in virtual px (a piece's small print too)
T = TypeVar("T")  #: what a canvas cache holds
Point = tuple[float, float]
RectLike = pygame.Rect | pygame.FRect | tuple[float, float, float, float]
_ANCHORS = ("topleft", "midtop", "topright", "midleft", "center", "midright",
            "bottomleft", "midbottom", "bottomright")

#: Where a line may break: at a space (never a no-break one), or beside a CJK character
#: (Chinese has no spaces), but never before closing punctuation nor after an opening bracket.
_CJK = "\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
_HYPHENATED = re.compile(r"[^-]*-+|[^-]+$")  #: a word's pieces, each up to and with its hyphen
_TOKENS = re.compile(rf"[「『（《〈【]*[{_CJK}][」』）》〉】。，、：；！？％…]*|[^ \t{_CJK}]+[」』）》〉】。，、：；！？]*|[ \t]+")


@dataclass(frozen=True)
class TextMark:
    """One line of text as it was drawn, kept while ``Canvas.marks`` is a list: the layout
    check reads them to find text that overflows its room, leaves the window or overlaps."""

    text: str
    rect: pygame.FRect  #: the virtual rect it covers
    shown: pygame.FRect  #: the part of it inside the clip (a scrolled list cuts lines)
    room: float | None  #: the width it was given (``max_width`` or its paragraph's), if any
    size: float  #: the virtual size it was drawn at (after shrinking to fit)
    px: int  #: the real pixel size it was drawn at
    layer: int  #: which scene of the stack drew it (overlaps count only within one)


class Canvas:
    """A view of the window in virtual coordinates."""

    def __init__(self, surface: pygame.Surface, text_scale: float = 1.0) -> None:
        self.text_scale = text_scale
        self.marks: list[TextMark] | None = None  #: set to a list to record every line drawn
        self.layer = 0  #: set by the scene stack before each scene draws
        self._room: float | None = None  #: a paragraph's width, for its lines' marks
        self._clips = 0  #: how many ``clip`` blocks are open (a mark's ``shown`` honours them)
        self._text_cache: dict[Hashable, pygame.Surface] = {}
        self._wrapped: dict[Hashable, list[str]] = {}  #: ``wrap``'s lines, by its arguments
        self._layers: dict[str, tuple[Hashable, pygame.Surface]] = {}
        #: where the frame drew something that turns by time alone (a spinner), virtual rects:
        #: while nothing else moves, the app redraws only there (``Scene.moving_parts``)
        self.turning: list[pygame.FRect] = []
        self.resize(surface)

    # -- geometry ---------------------------------------------------------------------------
    def resize(self, surface: pygame.Surface) -> None:
        """Fit the virtual layout into ``surface`` (call after the window changes size)."""
        self.surface = surface
        w, h = surface.get_size()
        vw, vh = VIRTUAL_SIZE
        self.scale = min(w / vw, h / vh) or 1.0
        self.offset = ((w - vw * self.scale) / 2, (h - vh * self.scale) / 2)
        self._text_cache.clear()
        self._wrapped.clear()
        self._layers.clear()

    def cached(self, name: str, key: Hashable, rect: RectLike,
               draw: Callable[["Canvas"], None]) -> None:
        """Blit layer ``name``, re-drawing it with ``draw`` only when ``key`` changes.

        For parts of a scene that change once a move, not once a frame (a board and its
        pieces): ``draw`` paints in virtual coordinates onto a transparent off-screen surface.
        """
        real = self.real_rect(rect)
        full_key = (key, real.topleft, real.size, self.scale, self.text_scale)
        entry = self._layers.get(name)
        if entry is None or entry[0] != full_key:
            layer = pygame.Surface(real.size, pygame.SRCALPHA)
            with self.offscreen(layer, self.to_virtual(real.topleft)):
                draw(self)
            entry = (full_key, layer)
            self._layers[name] = entry
        self.surface.blit(entry[1], real.topleft)

    @contextmanager
    def offscreen(self, layer: pygame.Surface, origin: Point = (0.0, 0.0)) -> Iterator[None]:
        """Draw onto ``layer`` instead, with the virtual point ``origin`` at its top-left corner
        (for layers a scene keeps itself, e.g. a table it pans under a fixed picture)."""
        screen, offset = self.surface, self.offset
        self.surface = layer
        self.offset = (-origin[0] * self.scale, -origin[1] * self.scale)
        try:
            yield
        finally:
            self.surface, self.offset = screen, offset

    @contextmanager
    def unrecorded(self) -> Iterator[None]:
        """Draw without recording text marks: a picture kept for later, not a frame's layout."""
        marks, self.marks = self.marks, None
        try:
            yield
        finally:
            self.marks = marks

    @property
    def size(self) -> tuple[int, int]:
        return VIRTUAL_SIZE

    @property
    def bounds(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *VIRTUAL_SIZE)

    def to_virtual(self, pos: Point) -> tuple[float, float]:
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

    def to_real(self, pos: Point) -> tuple[int, int]:
        return (round(pos[0] * self.scale + self.offset[0]),
                round(pos[1] * self.scale + self.offset[1]))

    def real_rect(self, rect: RectLike) -> pygame.Rect:
        r = pygame.FRect(rect)
        x0, y0 = self.to_real(r.topleft)
        x1, y1 = self.to_real(r.bottomright)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def length(self, n: float) -> int:
        """A virtual length in real pixels (at least 1 for non-zero lengths)."""
        return max(1, round(n * self.scale)) if n else 0

    # -- shapes -----------------------------------------------------------------------------
    def clear(self, color: tuple[int, int, int]) -> None:
        self.surface.fill(color)

    def rect(self, color: Sequence[int], rect: RectLike, width: float = 0,
             radius: float = 0) -> None:
        """A (rounded) rectangle; colours with alpha are blended."""
        real = self.real_rect(rect)
        if len(color) == 4 and color[3] < 255:
            layer = pygame.Surface(real.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, color, layer.get_rect(), self.length(width),
                             self.length(radius))
            self.surface.blit(layer, real.topleft)
        else:
            pygame.draw.rect(self.surface, color, real, self.length(width), self.length(radius))

    def line(self, color: Sequence[int], a: Point, b: Point, width: float = 1) -> None:
        pygame.draw.line(self.surface, color, self.to_real(a), self.to_real(b), self.length(width))

    def circle(self, color: Sequence[int], center: Point, radius: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, color, self.to_real(center), self.length(radius),
                           self.length(width))

    def polygon(self, color: Sequence[int], points: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surface, color, [self.to_real(p) for p in points],
                            self.length(width))

    def pattern(self, kind: str, rect: RectLike, color: Sequence[int], step: float = 10) -> None:
        """Fill ``rect`` with a seat pattern (see ``theme.SeatStyle.pattern``), clipped to it."""
        r = pygame.FRect(rect)
        with self.clip(r):
            if kind in ("stripes", "cross", "grid"):
                span = int(r.w + r.h)
                for d in range(0, span, int(step)):
                    if kind in ("stripes", "cross"):
                        self.line(color, (r.x + d, r.y), (r.x + d - r.h, r.bottom), 2)
                    if kind in ("cross", "grid"):
                        self.line(color, (r.x + d - r.h, r.y), (r.x + d, r.bottom), 2)
            elif kind == "dots":
                y = r.y + step / 2
                while y < r.bottom:
                    x = r.x + step / 2
                    while x < r.right:
                        self.circle(color, (x, y), max(1.5, step / 6))
                        x += step
                    y += step

    @contextmanager
    def apart(self, layer: int) -> Iterator[None]:
        """Mark the lines drawn in the block as layer ``layer`` above the scene's own: the layout
        check compares them only among themselves (a tooltip floating over a table, one card of
        a list whose rows move with the text size)."""
        scene_layer = self.layer
        self.layer = scene_layer + layer
        try:
            yield
        finally:
            self.layer = scene_layer

    @contextmanager
    def clip(self, rect: RectLike) -> Iterator[None]:
        """Draw only inside ``rect`` for the duration of the block."""
        old = self.surface.get_clip()
        self.surface.set_clip(self.real_rect(rect).clip(old))
        self._clips += 1
        try:
            yield
        finally:
            self._clips -= 1
            self.surface.set_clip(old)

    # -- text -------------------------------------------------------------------------------
    def _px(self, size: float, fixed: bool = False) -> int:
        return max(6, round(size * (1.0 if fixed else self.text_scale) * self.scale))

    def _render(self, text: str, px: int, color: Sequence[int], bold: bool) -> pygame.Surface:
        return _remembered(self._text_cache, (text, px, tuple(color), bold),
                           lambda: fonts.render(text, px, color, bold))

    def text_size(self, text: str, size: float = 20, bold: bool = False,
                  fixed: bool = False) -> tuple[float, float]:
        """The virtual size ``text`` takes at ``size`` (after the UI text scale unless ``fixed``)."""
        w, h = fonts.size(text, self._px(size, fixed), bold)
        return w / self.scale, h / self.scale

    @property
    def piece_growth(self) -> float:
        """How much larger than at 100 % text on a piece (and the room round it) is drawn: half
        the text-size setting's step (150 % → 125 %), since the piece itself keeps its size."""
        return 1.0 + PIECE_GROWTH * (self.text_scale - 1.0)

    def piece_size(self, size: float) -> float:
        """The size (for ``fixed=True``) of a text on a piece at the current text-size setting."""
        return size * self.piece_growth

    def piece_fit(self, size: float, most: float | None = None, text: str = "",
                  room: float | None = None, bold: bool = False) -> float:
        """The ``fixed`` size of a piece's text: ``piece_size(size)``, held to ``most`` (what the
        piece's face has room for) and, for ``text``, to what fits ``room`` wide; never smaller
        than ``size`` unless even that does not fit ``room``."""
        big = self.piece_size(size)
        if most is not None:
            big = min(big, most)
        if text and room is not None:
            big = self.fit_size(text, max(size, big), room, bold, fixed=True)
            fits = self.text_size(text, size, bold, fixed=True)[0] <= room
            return size if big < size and fits else big   # (its steps may pass ``size`` by)
        return max(size, big)

    def piece_text(self, text: str, pos: Point, size: float, color: Sequence[int],
                   anchor: str = "center", bold: bool = False, room: float | None = None,
                   most: float | None = None) -> pygame.FRect:
        """Text on a piece at its ``piece_fit`` size."""
        return self.text(text, pos, self.piece_fit(size, most, text, room, bold), color, anchor,
                         bold=bold, max_width=room, fixed=True)

    def steady(self, size: float, fits: Callable[[float], bool], fixed: bool = False,
               least: float = 8.0) -> float:
        """The largest size at which ``fits``, from ``size`` as the setting scales it down to its
        100 % size, then on down as at 100 % but not below ``least`` pixels (the result may not
        fit then).  The candidates lie on one grid for every setting, so a larger setting never
        draws a text smaller than a smaller one does."""
        scale = 1.0 if fixed else self.text_scale
        top = size * (self.piece_growth if fixed else scale)
        for k in range(int((top / size - 1.0) * FIT_GRID + 1e-9), -1, -1):
            candidate = size * (1.0 + k / FIT_GRID) / scale
            if fits(candidate):
                return candidate
        size /= scale  # even the 100 % size does not fit: shrink as at 100 %
        while size * scale > least and not fits(size):
            size = max(size * 0.92, least / scale)
        return size

    def fit_size(self, text: str, size: float, max_width: float, bold: bool = False,
                 fixed: bool = False) -> float:
        """The largest size up to ``size`` at which ``text`` fits ``max_width``: by ``steady``,
        or for a piece's text (``fixed``, sized by its caller) simply shrunk until it fits."""
        if not fixed:
            return self.steady(size, lambda s: self.text_size(text, s, bold)[0] <= max_width)
        while size > 8 and self.text_size(text, size, bold, fixed)[0] > max_width:
            size *= 0.92
        return size

    def text(self, text: str, pos: Point, size: float = 20, color: Sequence[int] = (255, 255, 255),
             anchor: str = "topleft", bold: bool = False,
             max_width: float | None = None, fixed: bool = False) -> pygame.FRect:
        """Draw one line of ``text`` anchored at ``pos``; returns the virtual rect it covers.

        ``fixed`` text is part of a piece (a numeral in its disc) and ignores the UI text scale.

        With ``max_width`` the text shrinks until it fits rather than overflowing its box.
        """
        if anchor not in _ANCHORS:
            raise ValueError(f"unknown anchor {anchor!r}")
        if max_width is not None:
            size = self.fit_size(text, size, max_width, bold, fixed)
        px = self._px(size, fixed)
        surf = self._render(text, px, color, bold)
        real = surf.get_rect(**{anchor: self.to_real(pos)})
        self.surface.blit(surf, real)
        x, y = self.to_virtual(real.topleft)
        rect = pygame.FRect(x, y, real.w / self.scale, real.h / self.scale)
        if self.marks is not None and text.strip():
            self.marks.append(self._mark(text, rect, real, max_width, size, px))
        return rect

    def _mark(self, text: str, rect: pygame.FRect, real: pygame.Rect, max_width: float | None,
              size: float, px: int) -> TextMark:
        # only a scene's own clip (a scrolled list) hides a line on purpose; the window's or a
        # layer's edge cutting it off is a fault the layout check must see
        shown = real.clip(self.surface.get_clip()) if self._clips else real
        x, y = self.to_virtual(shown.topleft)
        room = max_width if max_width is not None else self._room
        return TextMark(text, rect, pygame.FRect(x, y, shown.w / self.scale, shown.h / self.scale),
                        room, size, px, self.layer)

    def wrap(self, text: str, width: float, size: float = 20, bold: bool = False,
             fixed: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (newlines are kept): at spaces,
        and between CJK characters, which Chinese writes without spaces (remembered: a
        paragraph is wrapped again every frame it is drawn)."""
        lines: list[str] = _remembered(self._wrapped, (text, width, self._px(size, fixed), bold),
                                       lambda: self._wrap(text, width, size, bold, fixed))
        return list(lines)  # the caller's own list: the remembered one stays as it was

    def _wrap(self, text: str, width: float, size: float, bold: bool, fixed: bool) -> list[str]:
        def fits(line: str) -> bool:
            return self.text_size(line, size, bold, fixed)[0] <= width

        lines: list[str] = []
        for para in text.split("\n"):
            pieces = self._spaced_pieces(para, width, size, bold, fixed)
            ends = [0]
            while ends[-1] < len(pieces):
                ends.append(_line_end(pieces, ends[-1], fits))
            lines += ["".join(pieces[start:end]).lstrip(" ") for start, end in zip(ends, ends[1:])] or [""]
        return lines

    def _spaced_pieces(self, para: str, width: float, size: float, bold: bool, fixed: bool) -> list[str]:
        """``para``'s pieces a line may break between, one after a blank with a " " before it."""
        pieces: list[str] = []
        blank = False
        for token in _TOKENS.findall(para):
            if not token.strip(" \t"):
                blank = True
                continue
            first, *rest = self._pieces(token, width, size, bold, fixed)
            pieces += [" " + first if blank else first, *rest]
            blank = False
        return pieces

    def _pieces(self, token: str, width: float, size: float, bold: bool, fixed: bool) -> list[str]:
        """A word as the pieces a line may break between: whole, or where it is wider than a
        line, after each of its hyphens ("Вест-хайленд-" "уайт-терьер")."""
        if "-" not in token.strip("-") or self.text_size(token, size, bold, fixed)[0] <= width:
            return [token]
        return _HYPHENATED.findall(token)

    def line_height(self, size: float = 20, bold: bool = False, fixed: bool = False) -> float:
        return fonts.font(self._px(size, fixed), bold).get_linesize() / self.scale

    def paragraph(self, text: str, rect: RectLike, size: float = 20,
                  color: Sequence[int] = (255, 255, 255), bold: bool = False,
                  align: str = "left", middle: bool = False) -> float:
        """Wrapped text in ``rect`` from its top (or centred in its height when ``middle``),
        lines flush left, centred or flush right (``align``), shrunk if needed to stay inside
        its height; returns the height used."""
        r = pygame.FRect(rect)
        size = self.paragraph_size(text, r, size, bold)
        lines = self.wrap(text, r.w, size, bold)
        step = self.line_height(size, bold)
        top = r.y + (r.h - len(lines) * step) / 2 if middle else r.y
        self._room = r.w
        try:
            x, anchor = {"center": (r.centerx, "midtop"), "right": (r.right, "topright")}.get(
                align, (r.x, "topleft"))
            for i, line in enumerate(lines):
                self.text(line, (x, top + i * step), size, color, anchor, bold=bold)
        finally:
            self._room = None
        return len(lines) * step

    def paragraph_size(self, text: str, rect: RectLike, size: float, bold: bool = False) -> float:
        """The largest size up to ``size`` at which ``text`` wraps into ``rect`` (``steady``)."""
        r = pygame.FRect(rect)
        return self.steady(size, lambda s: self._fits(self.wrap(text, r.w, s, bold), r, s, bold))

    def _fits(self, lines: list[str], rect: pygame.FRect, size: float, bold: bool) -> bool:
        """Whether wrapped ``lines`` fit ``rect``: their height, and a word too long to break."""
        return (len(lines) * self.line_height(size, bold) <= rect.h
                and all(self.text_size(line, size, bold)[0] <= rect.w for line in lines))


def _line_end(pieces: list[str], start: int, fits: Callable[[str], bool]) -> int:
    """Where the line from ``pieces[start]`` ends: before the first piece that takes it past its
    room (``fits`` fails); its first piece is on it whatever its width.  Found by galloping, then
    halving, since a line only grows as pieces join it: measuring it at every piece cost a
    Chinese paragraph, a piece a character, one measure a character."""
    def fits_to(end: int) -> bool:  # the line of the pieces before ``end``
        return fits(pieces[start].lstrip(" ") + "".join(pieces[start + 1:end]))

    good, step, bad = start + 1, 1, len(pieces) + 1  # fits to ``good``; not to ``bad`` (+1: none known)
    while good < len(pieces):
        trial = min(good + step, len(pieces))
        if not fits_to(trial):
            bad = trial
            break
        good, step = trial, 2 * step
    while bad - good > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if fits_to(middle) else (good, middle)
    return good


REMEMBERED = 2000  #: entries a canvas cache keeps before it starts over (a frame needs far fewer)


def _remembered(cache: dict[Hashable, T], key: Hashable, make: Callable[[], T]) -> T:
    """``cache[key]``, made by ``make`` the first time; a full cache is emptied, not grown."""
    if key not in cache:
        if len(cache) > REMEMBERED:
            cache.clear()
        cache[key] = make()
    return cache[key]
