"""If It Fits: the boxes a turn closed, walked through on the table (steps of ``ui.table.stage``)
once the turn is over, so that a player sees what the log's "A box is closed" means: for each box
the box lit and its toys counted up, then its cats counted one by one, seat by seat, then who
leads it and what it pays them at the end as the table stands (the rules' own ``score_box``:
a Princess or a sleeping cat may still change it).  A line under the table says what is
happening and how to skip it.

Pure drawing from the position after the turn; the camera is read every frame, because the
player may pan or zoom meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.boxes.grid import PRINCESS_OWNER
from catgames.games.boxes.rules import BoxesState
from catgames.games.boxes.scoring import score_box
from catgames.games.boxes.table.view import CARD_H, CARD_W, INK, Camera, cat_rect, draw_box_frame
from catgames.games.boxes.table.words import SeatLabel, count
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import Tween, ease_in_out, ease_out
from catgames.ui.table.stage import in_turn
from catgames.ui.theme import palette

Spot = tuple[int, int]

TOYS_TIME = 0.8   #: a box lit, its toys counted up
CAT_TIME = 0.4    #: each cat in it, counted
LEAD_TIME = 1.6   #: who leads it and what it pays, to be read
TEXT = 17.0       #: the callout's words
Part = Callable[[Canvas, Camera, "ClosedBox", float], None]  #: one step's drawing of a box, at its progress
BESIDE = 0.3      #: a tall box zoomed onto sits this far across the view, its callout beside it
LIT = 70          #: the box's tint at its brightest (its cards stay readable under it)


@dataclass(frozen=True)
class ClosedBox:
    """A box the turn closed, as it stands once the turn is over, scored by the rules."""

    slots: tuple[Spot, ...]
    cards: int
    toys: int
    cats: tuple[tuple[Spot, int, int], ...]  #: each player's cat in it: its pair, seat and weight
    counts: tuple[int, ...]                  #: cats per seat (weighted), as the rules count them
    leaders: tuple[int, ...]
    scorers: tuple[int, ...]
    value: int


def closed_boxes(state: BoxesState, events: Iterable[Event]) -> list[ClosedBox]:
    """The boxes the ``box_closed`` events name, once each, scored as ``state`` stands."""
    geo, layout = state.geo, state.layout
    out: list[ClosedBox] = []
    seen = 0
    for event in events:
        slot = geo.slot(*event.get("cells")[0])
        if slot is None or seen & geo.centre[slot]:
            continue
        region = layout.region_of(slot)
        seen |= region
        box = layout.box(region, state.n, state.weights)
        scored = score_box(box, state.open_boxes, state.majority_tie)
        cats = tuple(sorted(((geo.xy(s), owner, state.weights[0 if awake else 1])
                             for s, (owner, awake) in layout.cats.items()
                             if s in box.slots and owner != PRINCESS_OWNER), key=lambda c: (c[1], c[0])))
        out.append(ClosedBox(tuple(geo.xy(s) for s in box.slots), len(box.slots), box.toys, cats,
                             box.counts, scored.leaders, scored.scorers, scored.value))
    return out


@dataclass
class ClosingWalk:
    """The walkthrough of the boxes one turn closed: its steps, three a box."""

    boxes: Sequence[ClosedBox]
    camera: Callable[[], Camera]     #: the table's camera as it is now
    label: SeatLabel                 #: a seat as shown (``● P1``)
    viewport: pygame.FRect
    caption: pygame.FRect            #: the strip under the table
    lead_in: float = 0.0             #: the move's pieces still landing: the walk waits for them
    steps: list[Tween] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.boxes:
            return
        self.steps.append(Tween(lambda *_: None, [self.viewport.center], duration=max(self.lead_in, 0.01)))
        ends: list[Tween] = []
        for k, box in enumerate(self.boxes):
            self._add(self._shown(k, ends, box, self._toys), TOYS_TIME)
            self._add(self._shown(k, ends, box, self._cats), CAT_TIME * max(1, len(box.cats)))
            self._add(self._shown(k, ends, box, self._pays), LEAD_TIME)
            ends.append(self.steps[-1])
        in_turn(self.steps)
        end = self.steps[-1].delay + self.steps[-1].duration
        self.steps.append(Tween(self._caption, [self.caption.center], duration=end, ease=lambda t: t))

    def _add(self, draw: Callable[[Canvas, Point, float], None], duration: float) -> None:
        self.steps.append(Tween(draw, [self.viewport.center], duration=duration, ease=ease_out))

    def _shown(self, k: int, ends: list[Tween], box: ClosedBox, part: Part) -> Callable[[Canvas, Point, float], None]:
        """A step of box ``k``: ``part`` drawn at its progress until the box's last step has
        ended (a later box is walked through then; the board shows the closed box)."""
        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            if not ends[k].done:
                part(canvas, self.camera(), box, progress)
        return draw

    # -- the steps ------------------------------------------------------------------------
    def _toys(self, canvas: Canvas, cam: Camera, box: ClosedBox, progress: float) -> None:
        """The box lit in the focus colour, its toys counted up in the callout."""
        pal = palette()
        with canvas.clip(self.viewport):
            draw_box_frame(canvas, cam, box.slots, pal.focus, 5, tint=(*pal.focus, round(LIT * min(1.0, 0.3 + progress))))
        shown = round(box.toys * ease_in_out(progress))
        self._callout(canvas, box, 0, i18n.t("boxes.stage.box", cards=count("cards", box.cards),
                                              toys=count("toys", shown)))

    def _cats(self, canvas: Canvas, cam: Camera, box: ClosedBox, progress: float) -> None:
        """Each cat in the box ringed in its seat's colour in turn, the seats' counts going up."""
        pal = palette()
        counted = min(len(box.cats), int(progress * len(box.cats) + 0.999)) if progress < 1 else len(box.cats)
        tally = [0] * len(box.counts)
        with canvas.clip(self.viewport):
            for (x, y), seat, weight in box.cats[:counted]:
                tally[seat] += weight
                ring = cat_rect(cam, x, y).inflate(12, 12)
                canvas.rect(INK, ring, width=8, radius=9)  # dark under the seat's colour: seen on any cat
                canvas.rect(pal.seat(seat).color, ring.inflate(-2, -2), width=4, radius=8)
        if progress >= 1:
            tally = list(box.counts)  # the rules' own count, at the end of the step
        self._callout(canvas, box, 1, cats_line(tally, self.label))

    def _pays(self, canvas: Canvas, cam: Camera, box: ClosedBox, progress: float) -> None:
        """Who leads the box and what it pays them at the end: the leaders' cats lit."""
        with canvas.clip(self.viewport):
            for (x, y), seat, _ in box.cats:
                if seat in box.leaders:
                    canvas.rect(palette().focus, cat_rect(cam, x, y).inflate(18, 18), width=3, radius=10)
        self._callout(canvas, box, 2, pays_line(box, self.label), bold=True)

    def _callout(self, canvas: Canvas, box: ClosedBox, line: int, text: str, bold: bool = False) -> None:
        """Line ``line`` of the box's callout, a panel under the box (over it if there is no room),
        kept inside the view; the first line draws the panel for all three."""
        pal = palette()
        widest = max(canvas.text_size(words, TEXT, bold=True)[0] for words in self._final_lines(box))
        rect = callout_rect(canvas, self.camera(), box, self.viewport, widest + 28)
        if line == 0:
            canvas.rect((*pal.panel, 240), rect, radius=10)
            canvas.rect(pal.focus, rect, width=3, radius=10)
        step = canvas.line_height(TEXT, bold=True)
        canvas.text(text, (rect.centerx, rect.y + 8 + step * (line + 0.5)), TEXT, pal.text, "center",
                    bold=bold or line == 0, max_width=rect.w - 16)

    def callout(self, canvas: Canvas) -> pygame.FRect:
        """The size of the widest of the boxes' callouts (the view makes room for it)."""
        widest = max(canvas.text_size(words, TEXT, bold=True)[0] for box in self.boxes for words in self._final_lines(box))
        return callout_size(canvas, self.viewport, widest + 28)

    def _final_lines(self, box: ClosedBox) -> tuple[str, str, str]:
        """The callout's three lines once counted (its width is theirs from the start)."""
        return (i18n.t("boxes.stage.box", cards=count("cards", box.cards), toys=count("toys", box.toys)),
                cats_line(box.counts, self.label), pays_line(box, self.label))

    def _caption(self, canvas: Canvas, _pos: Point, progress: float) -> None:
        """What is happening and how to skip it, in the strip under the table."""
        if progress >= 1:
            return
        pal = palette()
        canvas.rect(pal.panel, self.caption, radius=8)
        words = f"{i18n.plural('boxes.stage.caption', len(self.boxes))}  ·  {i18n.t('stage.skip')}"
        canvas.paragraph(words, self.caption.inflate(-12, 0), 16, pal.text, bold=True, middle=True)


def callout_rect(canvas: Canvas, cam: Camera, box: ClosedBox, viewport: pygame.FRect,
                 width: float) -> pygame.FRect:
    """Where a box's callout ``width`` wide goes: under the box, or over it, or beside it —
    wherever it fits inside ``viewport`` whole (else where it hides the least of the box)."""
    bounds = _bounds(cam, box.slots)
    room = viewport.inflate(-12, -12)
    places = _places(bounds, callout_size(canvas, viewport, width))
    whole = [r for r in places if room.contains(r)]
    if whole:
        return whole[0]
    kept = [r.clamp(room) for r in places]  # none fits whole: the one that hides least of the box
    return min(kept, key=lambda r: _area(r.clip(bounds)))


def callout_size(canvas: Canvas, viewport: pygame.FRect, width: float) -> pygame.FRect:
    """A callout ``width`` wide (at most the view's width): three lines and their margins."""
    return pygame.FRect(0, 0, min(viewport.w - 24, width), 3 * canvas.line_height(TEXT, bold=True) + 16)


def _places(bounds: pygame.FRect, size: pygame.FRect) -> list[pygame.FRect]:
    return [size.move_to(midtop=(bounds.centerx, bounds.bottom + 10)),   # under the box
            size.move_to(midbottom=(bounds.centerx, bounds.y - 10)),     # over it
            size.move_to(midleft=(bounds.right + 10, bounds.centery)),   # beside it
            size.move_to(midright=(bounds.x - 10, bounds.centery))]


def _bounds(cam: Camera, slots: Sequence[Spot]) -> pygame.FRect:
    rects = [cam.slot_rect(x, y) for x, y in slots]
    return rects[0].unionall(rects[1:])


def _area(rect: pygame.FRect) -> float:
    return rect.w * rect.h


def reveal(cam: Camera, boxes: Sequence[ClosedBox], callout: pygame.FRect) -> None:
    """Move the view so that the boxes walked through are in sight, and each with room for its
    ``callout`` (the size of the widest) somewhere around it: panned if they fit at this zoom,
    else zoomed out onto them, set left of the middle so that the callout fits beside them; if
    it still fits nowhere whole (a tall box at a large text size: it would hide the bottom
    cards), zoomed out further, the boxes over the view's middle and the callout's room under
    them.  A staged moment is about them; the player's view is left as it is otherwise."""
    slots = [slot for box in boxes for slot in box.slots]
    bounds, view = _bounds(cam, slots), cam.viewport.inflate(-24, -24)
    xs, ys = zip(*slots)
    wide, high = (max(xs) - min(xs) + 1.6) * CARD_W, (max(ys) - min(ys) + 1.6) * CARD_H
    centre = ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)
    if bounds.w <= view.w and bounds.h <= view.h:
        cam.show(bounds)
    else:
        cam.zoom = max(cam.MIN_ZOOM, min(cam.zoom, view.w / wide, view.h / high))
        cam.centre_on(centre, (view.x + view.w * BESIDE, view.centery) if high > wide else None)
    room = cam.viewport.inflate(-12, -12)
    if all(any(room.contains(r) for r in _places(_bounds(cam, box.slots), callout)) for box in boxes):
        return
    below = callout.h + 10
    cam.zoom = max(cam.MIN_ZOOM, min(cam.zoom, view.w / wide, (view.h - below) / high))
    cam.centre_on(centre, (view.centerx, view.y + (view.h - below) / 2))


def cats_line(tally: Sequence[int], label: SeatLabel) -> str:
    """``Cats in it: ● P1 ×2, ■ P2 ×1`` (or that it holds none)."""
    cats = [f"{label(seat)} ×{n}" for seat, n in enumerate(tally) if n]
    return i18n.t("boxes.stage.cats", cats=i18n.joined(cats)) if cats else i18n.t("boxes.stage.no_cats")


def pays_line(box: ClosedBox, label: SeatLabel) -> str:
    """Who leads the box and what it pays them at the end, as it stands."""
    points = count("points", box.value)
    if not box.leaders:
        return i18n.t("boxes.stage.nobody")
    if len(box.leaders) == 1:
        return i18n.t("boxes.stage.leads", seat=label(box.leaders[0]), points=points)
    seats = i18n.listed(map(label, box.leaders))
    if not box.scorers:
        return i18n.t("boxes.stage.tie_nobody", seats=seats)
    return i18n.t("boxes.stage.tie", seats=seats, points=points)
