"""Small widgets in virtual coordinates: Label, Panel, Button, Toggle, Slider, Choice, Tooltip.

Widgets react to intents, so each one works with the mouse and, once focused (Tab / arrows),
with the keyboard: Enter activates, Left/Right changes a value.  A ``WidgetGroup`` routes
events, keeps focus and shows tooltips.  Colours come from the current palette at draw time.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Hashable, Sequence, TypeVar

import pygame

from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point, RectLike
from catgames.ui.theme import palette

TOOLTIP_DELAY = 0.5
TOOLTIP_WIDTH = 480  #: a tooltip wider than this (at 100 % text) wraps onto more lines
TIP_SIZE = 17


class Widget:
    """Something on screen with a rect; focusable widgets take keyboard input."""

    focusable = False

    def __init__(self, rect: RectLike, tooltip: str | None = None) -> None:
        self.rect = pygame.FRect(rect)
        self.tooltip = tooltip
        self.enabled = True
        self.hovered = False
        self.focused = False
        self.shown = True  #: False while scrolled out of view: not drawn, not pointed at

    def handle(self, intent: I.Intent) -> bool:
        """React to one intent; True if consumed."""
        if intent.kind == I.POINT and intent.pos is not None:
            self.hovered = self.rect.collidepoint(intent.pos)  # greyed out too: its tip says why
        return False

    def hit(self, intent: I.Intent) -> bool:
        return (self.enabled and intent.kind == I.SELECT and intent.pos is not None
                and self.rect.collidepoint(intent.pos))

    def activate(self) -> None:
        """Keyboard confirm while focused."""

    def nudge(self, step: int) -> None:
        """Keyboard left (-1) / right (+1) while focused."""

    def draw(self, canvas: Canvas) -> None:
        raise NotImplementedError

    def _draw_box(self, canvas: Canvas, fill: Sequence[int], radius: float = 10) -> None:
        pal = palette()
        canvas.rect(fill, self.rect, radius=radius)
        if self.focused:
            canvas.rect(pal.focus, self.rect.inflate(8, 8), width=3, radius=radius + 4)


class Label(Widget):
    def __init__(self, text: str, pos: Point, size: float = 20, anchor: str = "topleft",
                 bold: bool = False, dim: bool = False, max_width: float | None = None) -> None:
        super().__init__((pos[0], pos[1], 0, 0))
        self.text, self.pos, self.size = text, pos, size
        self.anchor, self.bold, self.dim, self.max_width = anchor, bold, dim, max_width

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        self.rect = canvas.text(self.text, self.pos, self.size, pal.text_dim if self.dim else pal.text,
                                self.anchor, self.bold, self.max_width)


class Panel(Widget):
    """A rounded panel with an optional heading."""

    def __init__(self, rect: RectLike, title: str | None = None) -> None:
        super().__init__(rect)
        self.title = title

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        canvas.rect(pal.panel, self.rect, radius=14)
        canvas.rect(pal.panel_edge, self.rect, width=2, radius=14)
        if self.title:
            canvas.text(self.title, (self.rect.x + 20, self.rect.y + 14), 22, pal.text, bold=True,
                        max_width=self.rect.w - 40)


class Pressable(Widget):
    """A widget that acts when clicked (and on Enter while focused)."""

    def handle(self, intent: I.Intent) -> bool:
        super().handle(intent)
        if self.hit(intent):
            self.activate()
            return True
        return False


class Button(Pressable):
    focusable = True

    def __init__(self, rect: RectLike, text: str, on_click: Callable[[], Any],
                 primary: bool = False, tooltip: str | None = None, size: float = 22,
                 move: Any = None) -> None:
        super().__init__(rect, tooltip)
        self.text, self.on_click, self.primary, self.size = text, on_click, primary, size
        self.move = move  #: the rules move a click plays, if it plays one (a hint points here)

    def activate(self) -> None:
        if self.enabled:
            self.on_click()

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        if not self.enabled:
            fill, ink = pal.disabled, pal.panel
        elif self.primary or self.hovered:
            fill, ink = (pal.accent_hover if self.hovered else pal.accent), pal.text_on_accent
        else:
            fill, ink = pal.table, pal.text
        self._draw_box(canvas, fill)
        if self.enabled and not self.primary and not self.hovered:
            canvas.rect(pal.panel_edge, self.rect, width=2, radius=10)
        # a label too long for one line takes two rather than shrinking
        canvas.paragraph(self.text, self.rect.inflate(-20, -4), self.size, ink, bold=True,
                         align="center", middle=True)


def one_label_size(canvas: Canvas, buttons: list[Button], size: float = 22) -> None:
    """One label size for a row of buttons: the largest at which every label fits (a long
    word, Ukrainian's "Налаштування", would otherwise be drawn smaller than its neighbours)."""
    least = min((canvas.paragraph_size(b.text, b.rect.inflate(-20, -4), size, bold=True) for b in buttons),
                default=size)
    for button in buttons:
        button.size = least


class Toggle(Pressable):
    """An on/off switch that also writes its state as a word (never colour alone)."""

    focusable = True

    def __init__(self, rect: RectLike, text: str, value: bool, on_change: Callable[[bool], Any],
                 on_text: str | None = None, off_text: str | None = None,
                 tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip)
        self.text, self.value, self.on_change = text, value, on_change
        self.on_text, self.off_text = on_text, off_text

    def activate(self) -> None:
        self.value = not self.value
        self.on_change(self.value)

    def nudge(self, step: int) -> None:
        if self.value != (step > 0):
            self.activate()

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        self._draw_box(canvas, pal.table)
        r = self.rect
        words = [self.on_text or i18n.t("common.on"), self.off_text or i18n.t("common.off")]
        word_w = max(canvas.text_size(w, 20, bold=True)[0] for w in words)  # the switch stays put
        track = pygame.FRect(r.right - 16 - word_w - 12 - 60, r.centery - 15, 60, 30)
        canvas.paragraph(self.text, (r.x + 16, r.y + 2, track.x - r.x - 32, r.h - 4), 20,
                         pal.text, middle=True)
        canvas.rect(pal.ok if self.value else pal.disabled, track, radius=15)
        knob_x = track.right - 15 if self.value else track.x + 15
        canvas.circle(pal.text, (knob_x, track.centery), 12)
        canvas.text(words[0] if self.value else words[1], (track.right + 12, r.centery),
                    20, pal.text, "midleft", bold=True)


class Slider(Widget):
    """A 0..1 value shown as a bar and a percentage; drag, click or Left/Right to change."""

    focusable = True

    def __init__(self, rect: RectLike, text: str, value: float,
                 on_change: Callable[[float], Any], step: float = 0.05,
                 tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip)
        self.text, self.value, self.on_change, self.step = text, value, on_change, step
        self._dragging = False

    @property
    def track(self) -> pygame.FRect:
        r = self.rect
        return pygame.FRect(r.right - 330, r.centery - 5, 220, 10)

    def _set(self, value: float) -> None:
        value = min(1.0, max(0.0, round(value / self.step) * self.step))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def _set_from(self, pos: Point) -> None:
        self._set((pos[0] - self.track.x) / self.track.w)

    def handle(self, intent: I.Intent) -> bool:
        super().handle(intent)
        if self.hit(intent):
            self._dragging = True
            self._set_from(intent.at)
            return True
        if self._dragging and intent.kind == I.POINT and intent.pos is not None:
            self._set_from(intent.pos)
            return True
        if self._dragging and intent.kind == I.RELEASE:
            self._dragging = False
            return True
        return False

    def nudge(self, step: int) -> None:
        self._set(self.value + step * self.step)

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        self._draw_box(canvas, pal.table)
        r, track = self.rect, self.track
        canvas.text(self.text, (r.x + 16, r.centery), 20, pal.text, "midleft",
                    max_width=track.x - r.x - 30)
        canvas.rect(pal.disabled, track, radius=5)
        canvas.rect(pal.accent, (track.x, track.y, track.w * self.value, track.h), radius=5)
        canvas.circle(pal.text, (track.x + track.w * self.value, track.centery), 12)
        canvas.text(i18n.percent(self.value), (r.right - 16, r.centery), 20, pal.text,
                    "midright", bold=True)


V = TypeVar("V", bound=Hashable)  #: what a ``Choice`` chooses


INSET = 3  #: a choice's text from its button's sides


class Choice(Widget, Generic[V]):
    """A row of mutually exclusive options (segmented buttons); the chosen one is marked ✓."""

    focusable = True

    def __init__(self, rect: RectLike, text: str, options: Sequence[tuple[V, str]],
                 value: V, on_change: Callable[[V], Any],
                 label_width: float = 220, tooltip: str | None = None,
                 badge: Callable[[Canvas, pygame.FRect], None] | None = None) -> None:
        super().__init__(rect, tooltip)
        self.text, self.options, self.on_change = text, list(options), on_change
        self.value, self.label_width = value, label_width
        self.badge = badge  #: draws a small key (e.g. a seat's swatch) before the label
        #: each option's width on one line, and on two lines (``fit``)
        self._needs: tuple[list[float], list[float]] = ([], [])

    def segments(self) -> list[pygame.FRect]:
        """The options' buttons: equal while every label fits its equal share; else each as
        wide as its label needs, the room left shared alike (a long name such as "Українська"
        beside short ones keeps its size instead of shrinking, and no word is broken)."""
        r = self.rect
        x0 = r.x + self.label_width
        room = r.right - 8 - x0
        count = max(1, len(self.options))
        widths = [room / count] * len(self.options)
        for needs in self._needs:
            if len(needs) != len(self.options) or max(needs) <= room / count:
                break
            if sum(needs) <= room:
                widths = [need + (room - sum(needs)) / count for need in needs]
                break
        else:  # not even the words fit: each wraps within a share as large as its need
            widths = [room * need / sum(self._needs[1]) for need in self._needs[1]]
        segs, x = [], x0
        for w in widths:
            segs.append(pygame.FRect(x + 3, r.y + 4, w - 6, r.h - 8))
            x += w
        return segs

    def fit(self, canvas: Canvas) -> None:
        """Measure each option at the canvas's text size, chosen (bold, with ✓) or not: on one
        line, and on two (split where its wider line is narrowest; the ✓ kept with the first
        word: ``checked``; a single word under its ✓)."""
        def need(*texts: str) -> float:
            return max(max(canvas.text_size(text, 18, False)[0], canvas.text_size(text, 18, True)[0])
                       for text in texts) + 2 * INSET + 8  # (2 to spare)

        def two_lines(label: str) -> float:
            words, glue = wrap_points(label), " " if " " in label else ""
            if len(words) == 1:
                return need(label, "✓")
            return min(max(need(glue.join(words[:k]), f"✓\u00a0{glue.join(words[:k])}"), need(glue.join(words[k:])))
                       for k in range(1, len(words)))
        self._needs = ([need(label, checked(label)) for _, label in self.options],
                       [two_lines(label) for _, label in self.options])

    def one_line_width(self, canvas: Canvas) -> float:
        """The room its options need to stand on one line each, at the canvas's text size."""
        self.fit(canvas)
        return sum(self._needs[0])

    def min_height(self, canvas: Canvas) -> float:
        """The height this row needs at the canvas's text size: one line of text, or two when
        its label or a choice would not fit on one line (they wrap rather than shrink)."""
        self.fit(canvas)
        label_room = self.label_width - 24 - (38 if self.badge is not None else 0)
        texts = [(self.text, 20, False, label_room)]
        texts += [(checked(label), 18, True, seg.w - 2 * INSET)
                  for seg, (_, label) in zip(self.segments(), self.options)]
        if any(canvas.text_size(t, size, bold)[0] > room for t, size, bold, room in texts if t):
            return 2 * canvas.line_height(18) + 16
        return canvas.line_height(20) + 12

    def index(self) -> int:
        values = [v for v, _ in self.options]
        return values.index(self.value) if self.value in values else 0

    def choose(self, i: int) -> None:
        value = self.options[i][0]
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle(self, intent: I.Intent) -> bool:
        super().handle(intent)
        if self.hit(intent):
            for i, seg in enumerate(self.segments()):
                if seg.collidepoint(intent.at):
                    self.choose(i)
            return True
        return False

    def nudge(self, step: int) -> None:
        self.choose((self.index() + step) % len(self.options))

    def activate(self) -> None:
        self.nudge(1)

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        self._draw_box(canvas, pal.table)
        r = self.rect
        x = r.x + 16
        if self.badge is not None:
            self.badge(canvas, pygame.FRect(x, r.centery - 13, 26, 26))
            x += 38
        if self.text:  # long labels take two lines rather than shrinking
            canvas.paragraph(self.text, (x, r.y + 2, self.label_width - 24 - (x - r.x - 16),
                                         r.h - 4), 20, pal.text, middle=True)
        chosen = self.index()
        self.fit(canvas)
        for i, (seg, (_, label)) in enumerate(zip(self.segments(), self.options)):
            on = i == chosen
            canvas.rect(pal.accent if on else pal.panel, seg, radius=8)
            if not on:
                canvas.rect(pal.panel_edge, seg, width=1, radius=8)
            shown = checked(label) if on else label
            if " " not in label and canvas.text_size(shown, 18, on)[0] > seg.w - 2 * INSET:
                shown = two_line_label(label, on)
            canvas.paragraph(shown, seg.inflate(-2 * INSET, 0), 18, pal.text_on_accent if on else pal.text,
                             bold=on, align="center", middle=True)


def wrap_points(label: str) -> list[str]:
    """A choice's label as the parts its lines may break between: its words, or a Chinese
    label's words before and from its bracket ("電腦" "（簡單）")."""
    if " " in label:
        return label.split(" ")
    head, bracket, tail = label.partition("（")
    return [head, bracket + tail] if head and bracket else [label]


def two_line_label(label: str, chosen: bool) -> str:
    """A label without spaces, too wide for one line: a Chinese one broken before its bracket
    ("電腦" over "（簡單）", not after any character), else one word whole under its ✓."""
    parts = wrap_points(label)
    mark = "✓\u00a0" if chosen and len(parts) > 1 else "✓\n" if chosen else ""
    return mark + "\n".join(parts)


def checked(label: str) -> str:
    """A chosen option's label with its ✓: kept on the first words' line, or alone above a
    single word too long to share a line with it."""
    return f"✓\u00a0{label}" if " " in label else f"✓ {label}"


def draw_tooltip(canvas: Canvas, text: str, anchor: Point, title: str = "",
                 beside: RectLike | None = None, room: float = TOOLTIP_WIDTH,
                 over: RectLike | None = None) -> pygame.FRect:
    """A small box with ``text`` (under a bold ``title``, if any; lines no wider than ``room``)
    just below ``anchor``, kept inside the screen — above ``over`` (the widget it explains) where
    there is no room below; with ``beside``, placed next to that rect instead, never over it (the
    thing it explains stays in sight).  Returns the box."""
    pal = palette()
    size, head = TIP_SIZE, TIP_SIZE + 1
    widest = max(canvas.text_size(line, size)[0] for line in text.split("\n"))
    if title:
        widest = max(widest, canvas.text_size(title, head, bold=True)[0])
    width = min(widest, room)  # a long tip wraps
    lines = canvas.wrap(text, width, size)
    titled = canvas.wrap(title, width, head, bold=True) if title else []
    w = max([canvas.text_size(line, size)[0] for line in lines]
            + [canvas.text_size(line, head, bold=True)[0] for line in titled])
    title_h = len(titled) * canvas.line_height(head, bold=True) + (4 if titled else 0)
    box = pygame.FRect(0, 0, w + 20, title_h + len(lines) * canvas.line_height(size) + 12)
    if beside is None:
        box.topleft = (anchor[0], anchor[1] + 8)
        if over is not None and box.bottom > canvas.bounds.bottom:  # a button at the screen's foot
            box.bottom = pygame.FRect(over).top - 8
        box.clamp_ip(canvas.bounds)
    else:
        box = _placed_beside(box, pygame.FRect(beside), pygame.FRect(canvas.bounds))
    canvas.rect(pal.background, box, radius=6)
    canvas.rect(pal.focus, box, width=1, radius=6)
    inner = box.inflate(-20, -12)
    if titled:
        canvas.paragraph(title, (inner.x, inner.y, inner.w, title_h), head, pal.text, bold=True)
    canvas.paragraph(text, (inner.x, inner.y + title_h, inner.w, inner.h - title_h), size, pal.text)
    return box


def _placed_beside(box: pygame.FRect, thing: pygame.FRect, bounds: pygame.FRect) -> pygame.FRect:
    """``box`` moved to the right of ``thing``, else left, below or above it, inside ``bounds``;
    where no side has the room, the side where it covers least of ``thing``."""
    gap = 8
    spots = [box.move_to(left=thing.right + gap, top=thing.y),
             box.move_to(right=thing.x - gap, top=thing.y),
             box.move_to(top=thing.bottom + gap, left=thing.x),
             box.move_to(bottom=thing.y - gap, left=thing.x)]
    return least_covering(spots, thing, bounds)


def least_covering(spots: Sequence[pygame.FRect], thing: pygame.FRect,
                   bounds: pygame.FRect) -> pygame.FRect:
    """The first of ``spots`` (each kept inside ``bounds``) that leaves ``thing`` uncovered,
    else the one covering least of it: where a note goes beside what it is about."""
    placed = [spot.clamp(bounds) for spot in spots]

    def covered(spot: pygame.FRect) -> float:
        common = spot.clip(thing)
        return common.w * common.h

    return min(placed, key=covered)  # ``min`` keeps the first of equals


class WidgetGroup:
    """Routes intents to widgets, moves keyboard focus, and shows the hovered widget's tooltip."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_index: int | None = None
        self._hover_time = 0.0
        self._pointer: Point | None = None  #: unknown until the pointer moves over this group
        self._pressed = False  #: a press put the tip away until the pointer moves (💡 pressed: its tip covered the hint)

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    @property
    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.enabled]

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget
        self.focus_index = self.focusable.index(widget) if widget in self.focusable else None

    def move_focus(self, step: int) -> None:
        items = self.focusable
        if not items:
            return
        current = self.focus_index
        if current is None:
            current = -1 if step > 0 else 0
        self.focus(items[(current + step) % len(items)])

    @property
    def focused(self) -> Widget | None:
        items = self.focusable
        if self.focus_index is None or self.focus_index >= len(items):
            return None
        return items[self.focus_index]

    def handle(self, event: pygame.event.Event) -> bool:
        consumed = False
        for intent in I.intents_of(event):
            consumed = self._handle_intent(intent) or consumed
        return consumed

    def _handle_intent(self, intent: I.Intent) -> bool:
        if intent.kind == I.POINT and intent.pos is not None:
            self._pointer, self._hover_time, self._pressed = intent.pos, 0.0, False
        elif intent.kind == I.SELECT and intent.pos is not None:
            self._pressed = True
        pointed = intent.pos is not None
        for widget in list(self.widgets):
            if pointed and not widget.shown:
                widget.hovered = False
                continue
            if widget.handle(intent):
                if widget.focusable and intent.kind == I.SELECT:
                    self.focus(widget)
                return True
        focused = self.focused
        if intent.kind in (I.NEXT_FOCUS, I.DOWN, I.PREV_FOCUS, I.UP):
            self.move_focus(1 if intent.kind in (I.NEXT_FOCUS, I.DOWN) else -1)
            return True
        if focused is not None and intent.kind == I.CONFIRM:
            focused.activate()
            return True
        if focused is not None and intent.kind in (I.LEFT, I.RIGHT):
            focused.nudge(1 if intent.kind == I.RIGHT else -1)
            return True
        return False

    def update(self, dt: float) -> None:
        self._repoint()
        self._hover_time += dt

    def _repoint(self) -> None:
        """Widgets may have moved under a resting pointer (rows scrolled, a screen rebuilt):
        the hover follows what is under it now, and a tip that changes hands waits its delay."""
        if self._pointer is None:
            return
        before = self._tipped()
        for widget in self.widgets:
            widget.hovered = widget.shown and widget.rect.collidepoint(self._pointer)
        if self._tipped() != before:
            self._hover_time = 0.0

    def _tipped(self) -> list[tuple[Widget, str]]:
        """The widgets whose tooltips show (after the delay) where the pointer is, with them."""
        return [(w, w.tooltip) for w in self.widgets if w.shown and w.hovered and w.tooltip]

    def animating(self) -> bool:
        """A hovered widget's tooltip is on its way (its delay is running)."""
        return (self._pointer is not None and not self._pressed and self._hover_time < TOOLTIP_DELAY
                and bool(self._tipped()))

    def draw(self, canvas: Canvas) -> None:
        for widget in self.widgets:
            if widget.shown:
                widget.draw(canvas)
        if self._hover_time >= TOOLTIP_DELAY and self._pointer is not None and not self._pressed:
            for widget, tip in self._tipped():
                draw_tooltip(canvas, tip, self._pointer, over=widget.rect)
