"""Drawing Woof Days / Cat Days cards, days and piles, procedurally, in virtual coordinates.

Decks differ by silhouette and icon, never by colour alone: Woof Days cards have floppy ears
hanging from their top corners and a dog-head icon, Cat Days cards pointed ears on their top
edge and a cat-head icon; events carry a star, the Cat Tree a tree.  A card is drawn portrait
(its picture from ``pictures``, name, big points, a short rule line) or, where space is short,
landscape (points and name: too small a face for a picture).
Text printed on a card belongs to the piece, so it ignores the UI text scale.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from catgames.games.days.table import pictures
from catgames.games.days.components import Card
from catgames.games.days.table.words import SEPARATOR, card_name, rule_line, version_key
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.art.shadow import shadow

INK = (0x22, 0x20, 0x28)
INK_SOFT = (0x55, 0x50, 0x60)
PAPER = {"woof": (0xF8, 0xEA, 0xD2), "cat": (0xE4, 0xE6, 0xF6)}
EDGE = {"woof": (0x8C, 0x5B, 0x2E), "cat": (0x4A, 0x50, 0x90)}
BACK = (0x5C, 0x4B, 0x6E)
BACK_LINE = (0x8A, 0x78, 0x9C)
TREE = (0x7A, 0x55, 0x36)
TREE_PAD = (0xC9, 0xB2, 0x8E)
DISC = (0xFF, 0xFF, 0xFF)
STAR = (0xF0, 0xC0, 0x30)
CARD_LEAST = 11.0  #: the smallest text printed on a card (``canvas.LEGIBLE`` is too small to read there)
RULE_MIN = CARD_LEAST  #: a card's rule line is printed no smaller
#: the portrait face's layouts: the name's share of the card's height, the rule's most lines and
#: its least size.  Of those where the name (shrunk by ``NAME_GIVE`` at most) and the whole rule
#: line fit, the one whose smaller text is largest (a larger face prints no smaller); where none
#: does, the roomiest for the rule of those the name fits keeps as much of the rule line as fits
#: legibly (the hover panel has it all)
PORTRAIT_LAYOUTS = ((0.3, 3, RULE_MIN), (0.3, 4, RULE_MIN), (0.22, 5, RULE_MIN), (0.22, 6, RULE_MIN))
NAME_GIVE = 0.85  #: a card's name shrinks no further than this for its whole rule line to fit
NAME_LINES = 2    #: a card's name takes at most this many lines, else it is cut short ("…")
ELLIPSIS = "…"
NO_BREAK = "\u00a0"  #: a space no line breaks at
NUMERAL = 1.45    #: a points numeral's size, as a share of its disc's radius
BADGE_SIZE = 13.0  #: the counts under a day
KEY_SIZE = 11.0   #: the digit key on a hand card


def fit_piece(canvas: Canvas, size: float, fits: Callable[[float], bool], min_size: float = CARD_LEAST) -> float | None:
    """The largest size at which ``fits`` holds, by ``Canvas.steady`` (up to the piece's grown
    size, never smaller at a larger setting, not below ``min_size``); ``None`` where even
    ``min_size`` does not fit."""
    fitted = max(canvas.steady(size, fits, fixed=True, least=min_size), min_size)
    return fitted if fits(fitted) else None


def piece_text(canvas: Canvas, text: str, pos: Point, size: float, color: Sequence[int], anchor: str,
               max_width: float, bold: bool = False, cut: bool = False) -> pygame.FRect | None:
    """One line printed on a piece, as large as ``max_width`` allows down to ``CARD_LEAST``; a text
    that needs smaller type is left out (``None``), or with ``cut`` cut short ("Fluffy C…")."""
    fitted = fit_piece(canvas, size, lambda s: canvas.text_size(text, s, bold, fixed=True)[0] <= max_width)
    if fitted is None and cut:
        fitted, text = CARD_LEAST, cut_short(canvas, text, max_width, CARD_LEAST, bold)
    if fitted is None or not text:
        return None
    return canvas.text(text, pos, fitted, color, anchor, bold, max_width=max_width, fixed=True)


def cut_short(canvas: Canvas, text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` less as many letters as it must lose to fit ``width`` with "…" after it ("" if
    not even one letter does)."""
    while text and canvas.text_size(text.rstrip() + ELLIPSIS, size, bold, fixed=True)[0] > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS if text.strip() else ""


def card_wrap(canvas: Canvas, text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width``, broken after its " · " separators where that
    takes no more lines (a rule line's parts stay whole), else between words; a separator's dot
    stays with the word before it (never a lone "·" on a line)."""
    dot = NO_BREAK + SEPARATOR.strip()
    plain = canvas.wrap(text.replace(SEPARATOR, dot + " "), width, size, bold, fixed=True)
    parts = text.split(SEPARATOR)
    lines: list[str] = []
    line = ""
    for part in [p + dot for p in parts[:-1]] + parts[-1:]:  # "Your week ·", "not …"
        trial = f"{line} {part}" if line else part
        if canvas.text_size(trial, size, bold, fixed=True)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        *whole, line = canvas.wrap(part, width, size, bold, fixed=True)
        lines += whole
    lines.append(line)
    kept: list[str] = []
    for line in lines if len(lines) <= len(plain) else plain:  # a dot left alone goes back to its word
        if line.strip(NO_BREAK + " ") == SEPARATOR.strip() and kept:
            kept[-1] += NO_BREAK + SEPARATOR.strip()
        else:
            kept.append(line.lstrip(NO_BREAK))
    return kept


def lines_size(canvas: Canvas, text: str, rect: pygame.FRect, size: float, bold: bool = False,
               max_lines: int = 2, min_size: float = CARD_LEAST) -> float | None:
    """The size at which ``text`` wraps into ``rect`` in at most ``max_lines`` (``fit_piece``)."""
    def fits(size: float) -> bool:
        lines = card_wrap(canvas, text, rect.w, size, bold)
        return (len(lines) <= max_lines and len(lines) * canvas.line_height(size, bold, fixed=True) <= rect.h
                and all(canvas.text_size(line, size, bold, fixed=True)[0] <= rect.w for line in lines))

    return fit_piece(canvas, size, fits, min_size)


def piece_lines(canvas: Canvas, text: str, rect: pygame.FRect, size: float, color: Sequence[int],
                bold: bool = False, max_lines: int = 2, min_size: float = CARD_LEAST, cut: bool = False) -> float:
    """Wrapped card text centred in ``rect``, as large as fits ``max_lines`` and the height, down
    to ``min_size``; text that would need smaller type is left out (the hover panel has it all),
    or with ``cut`` drawn at ``CARD_LEAST`` in the lines that fit, the last cut short.  Returns the
    height drawn (0: left out)."""
    fitted = lines_size(canvas, text, rect, size, bold, max_lines, min_size)
    if fitted is None and not cut:
        return 0.0
    size = fitted or CARD_LEAST
    step = canvas.line_height(size, bold, fixed=True)
    lines = card_wrap(canvas, text, rect.w, size, bold)
    room = max(1, min(max_lines, int(rect.h // step)))
    if fitted is None:  # cut: the lines that fit, the last one short of what follows it; a word
        lines = lines[:room - 1] + [" ".join(lines[room - 1:])]  # too long for its line ends them there
        kept: list[str] = []
        for line in lines:
            if canvas.text_size(line, size, bold, fixed=True)[0] > rect.w:
                kept.append(cut_short(canvas, line, rect.w, size, bold))
                break
            kept.append(line)
        lines = [line for line in kept if line]
    top = rect.y + max(0.0, (rect.h - len(lines) * step) / 2)
    for i, line in enumerate(lines):
        canvas.text(line, (rect.centerx, top + i * step), size, color, "midtop", bold, max_width=rect.w,
                    fixed=True)
    return len(lines) * step


# -- icons ---------------------------------------------------------------------------------------
def draw_icon(canvas: Canvas, card: Card, centre: Point, size: float, color: Sequence[int] = INK) -> None:
    """The card's kind by shape: dog head, cat head, star (event) or tree."""
    if card.kind == "cat_tree":
        draw_tree_icon(canvas, centre, size, color)
    elif card.kind == "event":
        draw_star(canvas, centre, size * 0.5, STAR, color)
    elif card.kind == "dog":
        draw_dog_head(canvas, centre, size, color)
    else:
        draw_cat_head(canvas, centre, size, color)


def draw_dog_head(canvas: Canvas, centre: Point, size: float, color: Sequence[int]) -> None:
    x, y = centre
    s = size
    canvas.circle(color, (x, y + s * 0.05), s * 0.3)
    for side in (-1, 1):  # floppy ears hanging down the sides
        canvas.rect(color, (x + side * s * 0.34 - s * 0.12, y - s * 0.25, s * 0.24, s * 0.5), radius=s * 0.12)
    canvas.circle(DISC, (x - s * 0.11, y - s * 0.02), s * 0.06)
    canvas.circle(DISC, (x + s * 0.11, y - s * 0.02), s * 0.06)
    canvas.circle(DISC, (x, y + s * 0.16), s * 0.08)


def draw_cat_head(canvas: Canvas, centre: Point, size: float, color: Sequence[int]) -> None:
    x, y = centre
    s = size
    for side in (-1, 1):  # pointed ears on top
        canvas.polygon(color, [(x + side * s * 0.32, y - s * 0.42), (x + side * s * 0.05, y - s * 0.18),
                               (x + side * s * 0.33, y - s * 0.02)])
    canvas.circle(color, (x, y + s * 0.06), s * 0.3)
    canvas.circle(DISC, (x - s * 0.11, y + s * 0.02), s * 0.055)
    canvas.circle(DISC, (x + s * 0.11, y + s * 0.02), s * 0.055)
    for side in (-1, 1):
        canvas.line(color, (x + side * s * 0.22, y + s * 0.16), (x + side * s * 0.48, y + s * 0.12), max(1, s * 0.04))
        canvas.line(color, (x + side * s * 0.22, y + s * 0.2), (x + side * s * 0.48, y + s * 0.26), max(1, s * 0.04))


def draw_star(canvas: Canvas, centre: Point, radius: float, fill: Sequence[int], edge: Sequence[int]) -> None:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    canvas.polygon(fill, points)
    canvas.polygon(edge, points, width=max(1, radius * 0.1))


def draw_tree_icon(canvas: Canvas, centre: Point, size: float, color: Sequence[int]) -> None:
    x, y = centre
    s = size
    canvas.rect(color, (x - s * 0.06, y - s * 0.4, s * 0.12, s * 0.8))
    canvas.rect(color, (x - s * 0.4, y + s * 0.32, s * 0.8, s * 0.1), radius=s * 0.04)
    canvas.rect(color, (x - s * 0.36, y - s * 0.12, s * 0.3, s * 0.09), radius=s * 0.04)
    canvas.rect(color, (x + s * 0.06, y - s * 0.38, s * 0.3, s * 0.09), radius=s * 0.04)


def draw_points(canvas: Canvas, centre: Point, radius: float, points: int) -> None:
    canvas.circle(DISC, centre, radius)
    canvas.circle(INK, centre, radius, width=max(1.5, radius * 0.12))
    canvas.text(str(points), (centre[0], centre[1] + radius * 0.04), radius * NUMERAL, INK,
               "center", bold=True, fixed=True)


# -- cards ---------------------------------------------------------------------------------------
def _silhouette(canvas: Canvas, rect: pygame.FRect, deck: str, fill: Sequence[int], edge: Sequence[int]) -> None:
    """The frame: ears that tell the deck apart by shape, then the body."""
    r = rect
    s = min(r.w, r.h)
    line = max(1.5, s * 0.025)
    if s < 40:
        pass  # a strip: no room for ears
    elif deck == "cat":
        for cx in (r.x + r.w * 0.2, r.right - r.w * 0.2):
            ear = [(cx - s * 0.13, r.y + 2), (cx, r.y - s * 0.1), (cx + s * 0.13, r.y + 2)]
            canvas.polygon(fill, ear)
            canvas.polygon(edge, ear, width=line)
    else:
        for x0 in (r.x - s * 0.05, r.right - s * 0.13):
            flap = pygame.FRect(x0, r.y + s * 0.02, s * 0.18, s * 0.34)
            canvas.rect(edge, flap, radius=s * 0.09)
    radius = s * 0.09
    canvas.rect(fill, r, radius=radius)
    canvas.rect(edge, r, width=line, radius=radius)


def draw_card(canvas: Canvas, rect: pygame.FRect, card: Card, edition: str, dim: bool = False) -> None:
    """A face-up card; landscape rects get the compact layout."""
    deck = version_key(card)
    fill = PAPER[deck] if not dim else tuple(round(c * 0.6 + 90 * 0.4) for c in PAPER[deck])
    shadow(canvas, rect, radius=min(rect.w, rect.h) * 0.09)
    _silhouette(canvas, rect, deck, fill, EDGE[deck])
    if rect.w > rect.h * 1.05:
        _compact_face(canvas, rect, card, edition)
    else:
        _portrait_face(canvas, rect, card, edition)


def _badge(canvas: Canvas, card: Card, centre: Point, radius: float) -> None:
    """Points for an animal, the kind icon for an event or a tree."""
    if card.kind in ("dog", "cat"):
        draw_points(canvas, centre, radius, card.points)
    else:
        draw_icon(canvas, card, centre, radius * 2.1, EDGE[version_key(card)])


def _portrait_face(canvas: Canvas, rect: pygame.FRect, card: Card, edition: str) -> None:
    w = rect.w
    deck = version_key(card)
    kind = i18n.t(f"days.kind.{card.kind}")
    labelled = not card.is_animal and kind.casefold() != card_name(card, edition).casefold()  # a Cat Tree's name says it
    pictures.draw_picture(canvas, card, edition, pygame.FRect(rect.x + w * 0.05, rect.y + w * 0.05, w * 0.9, w * 0.43),
                          radius=w * 0.06, foot=labelled)
    _badge(canvas, card, (rect.x + w * 0.19, rect.y + w * 0.25), w * 0.15)
    if card.kind in ("dog", "cat"):
        draw_icon(canvas, card, (rect.right - w * 0.18, rect.y + w * 0.25), w * 0.28, EDGE[deck])
    elif labelled:
        _picture_label(canvas, kind.upper(), (rect.right - w * 0.08, rect.y + w * 0.41), w * 0.11, EDGE[deck], w * 0.5)
    name, rule = card_name(card, edition), rule_line(card)
    name_size, rule_size = w * 0.15, max(w * 0.12, RULE_MIN)

    def boxes(share: float) -> tuple[pygame.FRect, float, pygame.FRect]:
        """The name's part, the rule between them, the rule line's part."""
        name_box = pygame.FRect(rect.x + w * 0.06, rect.y + w * 0.5, w * 0.88, rect.h * share)
        y = name_box.bottom + rect.h * 0.02
        return name_box, y, pygame.FRect(rect.x + w * 0.05, y + rect.h * 0.015, w * 0.9,
                                         rect.bottom - y - rect.h * 0.05)

    named: dict[float, float | None] = {}  # by the name's share: the size it fits at there
    whole = first_named = None
    best, name_best = 0.0, 0.0
    for layout in PORTRAIT_LAYOUTS:  # where the name and the whole rule line fit, their smaller size largest
        share, lines, least = layout
        if share not in named:
            named[share] = lines_size(canvas, name, boxes(share)[0], name_size, True, NAME_LINES)
        fitted = named[share]
        if fitted is None or fitted < NAME_GIVE * min(name_best, name_size):  # (as at 100 %: the
            continue                                                          # same faces at every size)
        name_best = name_best or fitted
        first_named = layout  # the last the name fits: the most room for the rule's start
        ruled = lines_size(canvas, rule, boxes(share)[2], rule_size, max_lines=lines, min_size=least)
        if ruled is not None and min(fitted, ruled) > best:
            whole, best = layout, min(fitted, ruled)
    share, lines, least = whole or first_named or PORTRAIT_LAYOUTS[0]
    name_box, y, rule_box = boxes(share)
    piece_lines(canvas, name, name_box, name_size, INK, bold=True, max_lines=NAME_LINES, cut=True)
    if whole:
        piece_lines(canvas, rule, rule_box, rule_size, INK_SOFT, max_lines=lines, min_size=least)
    else:
        draw_rule_start(canvas, rule, rule_box, lines)
    canvas.line(EDGE[deck], (rect.x + w * 0.12, y), (rect.right - w * 0.12, y), max(1, w * 0.015))


def draw_rule_start(canvas: Canvas, rule: str, box: pygame.FRect, max_lines: int) -> None:
    """As many of a rule line's first parts as fit ``box`` legibly, "…" for the rest (its
    placement first: the parts after it say less often needed things), at the size the whole
    line would have had (on a larger face it may be whole, never smaller)."""
    parts = rule.split(SEPARATOR)
    for keep in range(len(parts) - 1, 0, -1):
        start = SEPARATOR.join(parts[:keep]) + SEPARATOR.rstrip() + " " + ELLIPSIS
        if piece_lines(canvas, start, box, CARD_LEAST, INK_SOFT, max_lines=max_lines):
            return
    piece_lines(canvas, rule, box, CARD_LEAST, INK_SOFT, max_lines=max_lines, cut=True)  # one long part


def _picture_label(canvas: Canvas, text: str, pos: Point, size: float, color: Sequence[int], max_width: float) -> None:
    """A word along the foot of a card's picture (an event's kind) on a strip of paper, so it
    stays legible; the picture stands its object above it."""
    fitted = fit_piece(canvas, size, lambda s: canvas.text_size(text, s, True, fixed=True)[0] <= max_width)
    if fitted is not None:
        tw, th = canvas.text_size(text, fitted, True, fixed=True)
        canvas.rect(DISC, (pos[0] - tw - 4, pos[1] - th / 2, tw + 8, th), radius=th / 2)
        canvas.text(text, pos, fitted, color, "midright", True, max_width=max_width, fixed=True)


def _compact_face(canvas: Canvas, rect: pygame.FRect, card: Card, edition: str) -> None:
    h = rect.h
    deck = version_key(card)
    if h < 34:  # a strip (a cat on a Cat Tree): points and name on one line
        radius = max(h * 0.36, CARD_LEAST / NUMERAL)  # its numeral legible, its disc a hair past a thin strip
        _badge(canvas, card, (rect.x + radius + 3, rect.centery), radius)
        x = rect.x + 2 * radius + 6
        piece_text(canvas, card_name(card, edition), (x, rect.centery), max(min(h * 0.5, 13), CARD_LEAST), INK,
                   "midleft", rect.right - x - 3, bold=True, cut=True)
        return
    # badge and kind icon in a top band, the name across the whole width below it
    radius = min(h * 0.26, rect.w * 0.13)   # the width decides, so a lower row keeps its numerals' size
    animal = card.kind in ("dog", "cat")
    # the portrait in the band between the badge and the kind icon: who it is, at a glance
    left, right = rect.x + 2 * radius + 8, rect.right - (2 * radius + 8 if animal else 4)
    pictures.draw_picture(canvas, card, edition, pygame.FRect(left, rect.y + 4, right - left, 2 * radius),
                          radius=radius * 0.3)
    _badge(canvas, card, (rect.x + radius + 5, rect.y + radius + 4), radius)
    if animal:
        draw_icon(canvas, card, (rect.right - radius - 6, rect.y + radius + 4), radius * 1.7, EDGE[deck])
    top, size, name = rect.y + radius * 2 + 6, min(h * 0.24, 15), card_name(card, edition)
    name_box = pygame.FRect(rect.x + 4, top, rect.w - 8, h * 0.42)
    if lines_size(canvas, name, name_box, size, True, NAME_LINES) is None:
        name_box.h = rect.bottom - 3 - top  # a long name takes the rule line's room too
    piece_lines(canvas, name, name_box, size, INK, bold=True, max_lines=NAME_LINES, cut=True)
    rule_box = pygame.FRect(rect.x + 5, name_box.bottom, rect.w - 10, rect.bottom - name_box.bottom - 3)
    if rule_box.h >= RULE_MIN * 1.2:
        piece_lines(canvas, rule_line(card), rule_box, RULE_MIN, INK_SOFT, max_lines=2, min_size=RULE_MIN)


def draw_card_back(canvas: Canvas, rect: pygame.FRect, label: str = "") -> None:
    """The back of a card: one design for both decks, so it tells nothing about the card."""
    s = min(rect.w, rect.h)
    canvas.rect(BACK, rect, radius=s * 0.09)
    canvas.rect(BACK_LINE, rect.inflate(-s * 0.12, -s * 0.12), width=max(1, s * 0.03), radius=s * 0.06)
    with canvas.clip(rect.inflate(-s * 0.16, -s * 0.16)):
        canvas.pattern("dots", rect, BACK_LINE, step=max(6.0, s * 0.14))
    if label:
        box = pygame.FRect(0, 0, rect.w * 0.8, s * 0.3).move_to(center=rect.center)
        canvas.rect(BACK, box, radius=s * 0.08)
        piece_text(canvas, label, rect.center, max(s * 0.2, CARD_LEAST), (250, 250, 250), "center", box.w - 4,
                   bold=True)


# -- days ----------------------------------------------------------------------------------------
def draw_tree_backdrop(canvas: Canvas, rect: pygame.FRect) -> None:
    """A cat tree behind a day's cats: a trunk with platforms (shape, not just colour)."""
    x = rect.centerx
    canvas.rect(TREE, (x - rect.w * 0.06, rect.y - 4, rect.w * 0.12, rect.h + 8))
    for k, y in enumerate((rect.y + rect.h * 0.05, rect.y + rect.h * 0.4, rect.bottom - rect.h * 0.06)):
        w = rect.w * (0.9 if k == 2 else 0.6)
        px = x - w / 2 if k == 2 else (rect.x - 4 if k == 0 else rect.right - w + 4)
        canvas.rect(TREE_PAD, (px, y - 5, w, 10), radius=5)
        canvas.rect(TREE, (px, y - 5, w, 10), width=2, radius=5)


def draw_empty_day(canvas: Canvas, rect: pygame.FRect, color: Sequence[int], label: str) -> None:
    """A dashed outline with the day's name: room for a card."""
    step = 10
    for x in range(int(rect.x) + 4, int(rect.right) - 4, step):
        canvas.line(color, (x, rect.y), (min(x + 5, rect.right), rect.y), 1.5)
        canvas.line(color, (x, rect.bottom), (min(x + 5, rect.right), rect.bottom), 1.5)
    for y in range(int(rect.y) + 4, int(rect.bottom) - 4, step):
        canvas.line(color, (rect.x, y), (rect.x, min(y + 5, rect.bottom)), 1.5)
        canvas.line(color, (rect.right, y), (rect.right, min(y + 5, rect.bottom)), 1.5)
    if label:
        canvas.text(label, rect.center, 14, color, "center", max_width=rect.w - 8)


def draw_under(canvas: Canvas, rect: pygame.FRect, count: int, deck: str) -> None:
    """Covered cards peek out above the visible one (up to three edges)."""
    for k in range(min(count, 3), 0, -1):
        edge = rect.move(k * 2, -k * 4)
        canvas.rect(PAPER[deck], edge, radius=min(rect.w, rect.h) * 0.09)
        canvas.rect(EDGE[deck], edge, width=1.5, radius=min(rect.w, rect.h) * 0.09)


def draw_count_badge(canvas: Canvas, centre: Point, text: str, fill: Sequence[int], ink: Sequence[int],
                     room: float | None = None) -> None:
    """A pill with ``text``; given a ``room`` (a day's width) it keeps inside it, on two lines
    where one would be too wide ("Cat / Tree"), as small as it must but legible."""
    size = canvas.piece_size(BADGE_SIZE)
    if room is not None:
        def fits(s: float) -> bool:
            lines = canvas.wrap(text, room - 12, s, True, fixed=True)
            return len(lines) <= 2 and all(canvas.text_size(line, s, True, fixed=True)[0] <= room - 12
                                           for line in lines)
        size = fit_piece(canvas, BADGE_SIZE, fits) or CARD_LEAST
    lines = canvas.wrap(text, room - 12, size, True, fixed=True) if room is not None else [text]
    step = canvas.line_height(size, True, fixed=True)
    w = max(canvas.text_size(line, size, True, fixed=True)[0] for line in lines)
    box = pygame.FRect(0, 0, w + 12, step * len(lines) + 2).move_to(center=centre)
    radius = min(box.h, canvas.text_size(text, size, True, fixed=True)[1] + 2) / 2
    canvas.rect(fill, box, radius=radius)
    canvas.rect(ink, box, width=1, radius=radius)
    for i, line in enumerate(lines):
        canvas.text(line, (box.centerx, box.y + 1 + (i + 0.5) * step), size, ink, "center", bold=True,
                    max_width=room and room - 12, fixed=True)


def draw_key_cap(canvas: Canvas, centre: Point, key: str) -> None:
    """The keyboard key that takes a hand card, on a cap over the card's top edge, between its
    points and its icon, so it covers no text of the face."""
    size = canvas.piece_size(KEY_SIZE)
    w, h = canvas.text_size(key, size, True, fixed=True)
    box = pygame.FRect(0, 0, max(w + 8, h), h).move_to(center=centre)
    canvas.rect(DISC, box, radius=4)
    canvas.rect(INK_SOFT, box, width=1.5, radius=4)
    canvas.text(key, box.center, size, INK, "center", bold=True, fixed=True)
