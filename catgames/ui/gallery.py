"""A components gallery, written once for every game: each card, tile and token of a game with
its picture, its name and its rule, in headed sections of two scrollable columns (the wheel,
the arrow keys and Page Up / Down scroll; Esc or Back returns).

A game only declares its entries (``Entry``: a picture-drawing callable, a name, a rule) grouped
in ``Section``s, and offers the screen from its pause menu and rules screen with
``offered`` (``BaseGameScene.references``).  Pictures and text grow with the text size
(150 %): the rows are laid out again for each size and language, so nothing is clipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.scenes.base import ScrollingScene, heading
from catgames.ui.theme import palette
from catgames.ui.widgets import Button

LEFT, WIDTH, BOTTOM = 40.0, 1200.0, 710.0   #: the list's sides and its lowest edge
TITLE_Y, TITLE = 28.0, 36
ENTRY_LAYER = 1000  #: the first entry's layer (``Canvas.apart``): rows move with the text size
HEADING_LAYER = 900
COLUMNS = 2
GAP = 20.0          #: between the two columns
PAD = 16.0
PICTURE_SHARE = 0.42  #: a picture takes at most this share of a column's width
MIN_TEXT = 240.0      #: a column's text at least this wide (at 100 %), else one column
NAME, NOTE, RULE, HEADING, HINT = 20, 16, 17, 22, 15
SCROLL_STEP = 48

Picture = Callable[[Canvas, pygame.FRect], None]   #: draws a component into a virtual rect


@dataclass(frozen=True)
class Entry:
    """One component: ``draw`` paints it into a rect of ``size`` (virtual px at 100 %; it grows
    with the text size), then its name, an optional dim ``note`` (copies, kind) and its rule."""

    draw: Picture
    size: tuple[float, float]
    name: str
    rule: str
    note: str = ""
    subject: object = None   #: what it shows (a card), for a caller that needs to know

    def texts(self) -> tuple[tuple[str, float, bool], ...]:
        """(text, size, bold) top to bottom."""
        return ((self.name, NAME, True),) + (((self.note, NOTE, False),) if self.note else ()) \
            + ((self.rule, RULE, False),)


@dataclass(frozen=True)
class Section:
    """Entries under a heading (``""``: none), e.g. the cats, then the cushions; ``intro``: a
    rule every entry of the section shares, said once under the heading."""

    heading: str
    entries: tuple[Entry, ...]
    intro: str = ""


@dataclass(frozen=True)
class Laid:
    """An entry placed in the scrolled list (top = 0), its picture's rect within it."""

    entry: Entry
    rect: pygame.FRect
    picture: pygame.FRect
    text_x: float   #: where its texts start (the same for a whole section)


@dataclass(frozen=True)
class Layout:
    entries: list[Laid]
    headings: list[tuple[str, float, bool, pygame.FRect]]   #: headings and intros: text, size, bold, rect
    height: float


class GalleryScene(ScrollingScene):
    """The gallery of ``sections()`` (called in the current language each time the rows are laid
    out), under the title ``title_key``.  A subclass may put controls under the title
    (``controls_height``, ``build_controls``) and vary ``sections`` with them."""

    scroll_step = SCROLL_STEP
    controls_height = 0.0

    def __init__(self, app: Any, title_key: str, sections: Callable[[], Sequence[Section]] | None = None) -> None:
        super().__init__(app)
        self.title_key = title_key
        self._sections = sections
        self._laid: tuple[tuple[Any, ...], Layout] | None = None
        self.view = pygame.FRect(LEFT, 120, WIDTH, BOTTOM - 120)

    def sections(self) -> Sequence[Section]:
        return self._sections() if self._sections is not None else ()

    def layout_key(self) -> tuple[Any, ...]:
        """What the rows depend on besides the size and the language (a subclass's choice)."""
        return ()

    def build(self) -> None:
        """Any controls under the title (as tall as the text size makes it), the list below."""
        top = TITLE_Y + self.app.canvas.line_height(TITLE, bold=True) + 6
        if self.controls_height:
            self.build_controls(top)
            top += self.controls_height + 14
        self.view = pygame.FRect(LEFT, top, WIDTH, BOTTOM - top)
        self.widgets.add(Button((LEFT + WIDTH / 2 - 130, BOTTOM + 30, 260, 52),
                                i18n.t("common.back"), self.back, primary=True))

    def build_controls(self, top: float) -> None:
        """Add controls in the band ``top`` .. ``top + controls_height``."""

    # -- layout -----------------------------------------------------------------------------
    def layout(self, canvas: Canvas) -> Layout:
        key = (*self.layout_key(), canvas.scale, canvas.text_scale, i18n.current_language(), self.view.h)
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, lay_out(canvas, self.sections()))
        return self._laid[1]

    def entries(self, canvas: Canvas) -> tuple[list[Laid], float]:
        """The entries laid out at this text size, and the list's height."""
        laid = self.layout(canvas)
        return laid.entries, laid.height

    @property
    def max_scroll(self) -> float:
        return max(0.0, self.layout(self.app.canvas).height - self.view.h)

    # -- drawing ----------------------------------------------------------------------------
    def draw_content(self, canvas: Canvas) -> None:
        pal = palette()
        heading(canvas, i18n.t(self.title_key), TITLE_Y, TITLE)
        view = self.view
        canvas.rect(pal.panel, view, radius=14)
        laid = self.layout(canvas)
        with canvas.clip(view.inflate(-4, -4)):
            with canvas.apart(HEADING_LAYER):
                for text, size, bold, rect in laid.headings:
                    shown = rect.move(view.x, view.y - self.scroll)
                    if shown.bottom > view.y and shown.y < view.bottom:
                        canvas.paragraph(text, shown, size, pal.text, bold=bold)
            for i, entry in enumerate(laid.entries):
                rect = entry.rect.move(view.x, view.y - self.scroll)
                if rect.bottom > view.y and rect.y < view.bottom:
                    with canvas.apart(ENTRY_LAYER + i):  # each entry compared with itself only
                        _draw_entry(canvas, entry, view.x, view.y - self.scroll)
        if laid.height > view.h:
            self._draw_scrollbar(canvas, laid.height)
        canvas.text(i18n.t("gallery.hint"), (view.right, view.bottom + 6), HINT,
                    pal.text_dim, "topright", max_width=view.w / 2 - 150)

    def _draw_scrollbar(self, canvas: Canvas, height: float) -> None:
        pal = palette()
        view = self.view
        track = pygame.FRect(view.right - 12, view.y + 12, 6, view.h - 24)
        size = track.h * view.h / height
        top = track.y + (track.h - size) * self.scroll / max(1.0, self.max_scroll)
        canvas.rect(pal.background, track, radius=3)
        canvas.rect(pal.text_dim, (track.x, top, track.w, size), radius=3)


def _draw_entry(canvas: Canvas, laid: Laid, dx: float, dy: float) -> None:
    pal = palette()
    rect = laid.rect.move(dx, dy)
    canvas.rect(pal.table, rect, radius=10)
    laid.entry.draw(canvas, laid.picture.move(dx, dy))
    x = laid.text_x + dx
    y, width = rect.y + PAD / 2, rect.right - PAD - x
    for text, size, bold in laid.entry.texts():
        colour = pal.text if bold or size == RULE else pal.text_dim
        y += canvas.paragraph(text, (x, y, width, rect.bottom - y), size, colour, bold) + 4


def _picture_size(canvas: Canvas, entry: Entry, room: float) -> tuple[float, float]:
    """The entry's picture grown with the text size, narrowed (keeping its shape) to ``room``."""
    w, h = (n * canvas.piece_growth for n in entry.size)
    k = min(1.0, room / w)
    return w * k, h * k


def lay_out(canvas: Canvas, sections: Sequence[Section]) -> Layout:
    """Each section's heading across the list, then its entries two to a row in reading order
    (one, where two would leave its text too narrow a column: wide pictures at 150 %); a row is
    as tall as its tallest picture or text, and a section's texts start at one x (right of its
    widest picture)."""
    entries: list[Laid] = []
    headings: list[tuple[str, float, bool, pygame.FRect]] = []
    top = PAD
    for section in sections:
        for text, size, bold in ((section.heading, HEADING, True), (section.intro, RULE, False)):
            if text:
                high = canvas.line_height(size, bold) * len(canvas.wrap(text, WIDTH - 2 * PAD - 8, size, bold))
                headings.append((text, size, bold, pygame.FRect(PAD + 4, top, WIDTH - 2 * PAD - 8, high)))
                top += high + 8
        room = (WIDTH - 2 * PAD - GAP) / COLUMNS * PICTURE_SHARE
        sizes = [_picture_size(canvas, e, room) for e in section.entries]
        face_w = max((w for w, _ in sizes), default=0.0)
        columns = COLUMNS
        while columns > 1 and _column_width(columns) - face_w - 3 * PAD < MIN_TEXT * canvas.text_scale:
            columns -= 1
        col_w = _column_width(columns)
        text_w = col_w - face_w - 3 * PAD
        for first in range(0, len(section.entries), columns):
            row = list(zip(section.entries[first:first + columns], sizes[first:first + columns]))
            high = max(max(h for _, (_, h) in row) + PAD / 2 + 6,
                       *(sum(len(canvas.wrap(t, text_w, s, b)) * canvas.line_height(s, b) + 4
                             for t, s, b in e.texts()) for e, _ in row)) + PAD
            for col, (entry, (w, h)) in enumerate(row):
                x = PAD + col * (col_w + GAP)
                picture = pygame.FRect(x + PAD + (face_w - w) / 2, top + PAD / 2 + 6, w, h)
                entries.append(Laid(entry, pygame.FRect(x, top, col_w, high), picture, x + face_w + 2 * PAD))
            top += high + 10
        top += 6
    return Layout(entries, headings, top - 16 + PAD)


def _column_width(columns: int) -> float:
    return (WIDTH - 2 * PAD - GAP * (columns - 1)) / columns


def offered(app: Any, title_key: str, sections: Callable[[], Sequence[Section]]) \
        -> list[tuple[str, Callable[[], None]]]:
    """What a game's ``references`` returns for its gallery of ``sections()`` under
    ``title_key``: the pause menu's and the rules screen's entry that opens it."""
    def open_gallery() -> None:
        app.push(GalleryScene(app, title_key, sections))
    return [(i18n.t(title_key), open_gallery)]
