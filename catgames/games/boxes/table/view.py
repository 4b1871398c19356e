"""Drawing If It Fits: the camera over the table (pan and zoom), the tabletop with its edge,
cardboard cards with walls, open sides and toys, box outlines, cats and Princesses.

Pure drawing in virtual coordinates; no game decisions.  A card's look follows its open-side
bits (``components.TOP`` …) and a cat's its seat style, so the table reads at a glance and
never by colour alone (walls are raised flaps, open sides cut away, closed boxes carry a tick,
dead ones a cross).  The pictures themselves are ``pictures``'s, painted once per size; this
module places them and writes the seat symbols over them.
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Sequence

import pygame

from catgames.games.boxes.table.pictures import (
    BLACK_COAT, PAPER, card_picture, cat_picture, toy_kinds, toy_picture,
)
from catgames.ui.canvas import Canvas, Point, RectLike
from catgames.ui.theme import SeatStyle
from catgames.ui.art.shadow import shadow

CARD_W, CARD_H = 88.0, 63.0      #: a card at zoom 1 in virtual px (88 x 63 mm)
CAT_W, CAT_H = 0.5, 1.0          #: a cat card, as a share of a card's width and height
LAYER_MARGIN = 24.0              #: room around the table in a cached layer (rim, badges)
TOY_SPAN = 0.8                   #: a card's column of toys at most this share of its height
TOY_STEP = 2.2                   #: the closest toys in that column, in radii apart
TOY_SIZE = 0.12                  #: a toy's radius, a share of the card's height (at 100 % text)
TOY_PICTURE = 2.3                #: a toy's picture, in radii square (a mouse is wider than a ball)

KRAFT_EDGE = (0x9A, 0x74, 0x46)
WOOD = (0x4E, 0x3A, 0x2E)
WOOD_LINE = (0x5E, 0x48, 0x39)
RIM = (0xEE, 0xE2, 0xCC)
INK = (0x22, 0x20, 0x28)
TOY_INK = (0x33, 0x2E, 0x44)
GOLD = (0xF5, 0xC8, 0x42)
CARD_BACK = (0x5B, 0x3F, 0x7A)


class Camera:
    """Pan and zoom over the table: slot (x, y) <-> virtual points inside ``viewport``.

    ``origin`` is where the table's top-left corner is; one slot is ``CARD_W x CARD_H * zoom``.
    Every hit test goes through ``slot_at``/``board``, so drops land where the pointer is at any
    pan and zoom.
    """

    MIN_ZOOM, MAX_ZOOM = 0.4, 1.6
    READABLE_ZOOM = 92.0 / CARD_W  #: cards about 92 px wide: walls, toys and badges readable
    FRAMED_ZOOM = MAX_ZOOM         #: a few cards are framed as large as the view lets them
    KEEP = 90.0  #: virtual px of the table that always stay inside the viewport

    def __init__(self, viewport: pygame.FRect, cols: int, rows: int) -> None:
        self.viewport = pygame.FRect(viewport)
        self.cols, self.rows = cols, rows
        self.zoom = 1.0
        self.origin: Point = self.viewport.topleft
        self.fit()

    @property
    def w(self) -> float:
        return CARD_W * self.zoom

    @property
    def h(self) -> float:
        return CARD_H * self.zoom

    @property
    def table_rect(self) -> pygame.FRect:
        return pygame.FRect(self.origin, (self.cols * self.w, self.rows * self.h))

    def fit(self) -> None:
        """The whole table in view, centred."""
        pad = 18.0
        zoom = min((self.viewport.w - 2 * pad) / (self.cols * CARD_W),
                   (self.viewport.h - 2 * pad) / (self.rows * CARD_H))
        self.zoom = min(max(zoom, self.MIN_ZOOM), self.MAX_ZOOM)
        self.centre_on((self.cols / 2, self.rows / 2), self.viewport.center)

    def frame(self, cells: Sequence[tuple[int, int]], margin: float = 1.0, rows_margin: float = 0.6) -> None:
        """Zoom onto ``cells`` (the cards on the table) and ``margin`` slots around them left and
        right, ``rows_margin`` above and below (where the next cards go: enough of them shows to
        drop on, and the cards grow with the view, which is wider than tall); never smaller than
        readable (the whole table is ``fit``)."""
        xs, ys = zip(*cells) if cells else ((self.cols // 2,), (self.rows // 2,))
        x0, x1 = min(xs) - margin, max(xs) + 1 + margin
        y0, y1 = min(ys) - rows_margin, max(ys) + 1 + rows_margin
        pad = 18.0
        zoom = min((self.viewport.w - 2 * pad) / ((x1 - x0) * CARD_W),
                   (self.viewport.h - 2 * pad) / ((y1 - y0) * CARD_H))
        self.zoom = min(max(zoom, self.READABLE_ZOOM), self.FRAMED_ZOOM)
        self.centre_on(((x0 + x1) / 2, (y0 + y1) / 2), self.viewport.center)

    def centre_on(self, board: Point, at: Point | None = None) -> None:
        """Put the board point ``board`` (in slot units) at ``at`` (the viewport's centre)."""
        cx, cy = self.viewport.center if at is None else at
        self.origin = (cx - board[0] * self.w, cy - board[1] * self.h)
        self._clamp()

    def point(self, bx: float, by: float) -> Point:
        """The virtual point of board coordinates (slot units; (0.5, 0.5) is slot 0's centre)."""
        return (self.origin[0] + bx * self.w, self.origin[1] + by * self.h)

    def board(self, pos: Point) -> Point:
        return ((pos[0] - self.origin[0]) / self.w, (pos[1] - self.origin[1]) / self.h)

    def slot_rect(self, x: float, y: float) -> pygame.FRect:
        return pygame.FRect(self.point(x, y), (self.w, self.h))

    def slot_at(self, pos: Point) -> tuple[int, int] | None:
        """The slot under ``pos`` (possibly off the table), or ``None`` outside the viewport."""
        if not self.viewport.collidepoint(pos):
            return None
        bx, by = self.board(pos)
        return math.floor(bx), math.floor(by)

    def pair_at(self, pos: Point) -> tuple[int, int]:
        """The pair whose seam is nearest ``pos``: (x, y) covers slots (x, y) and (x, y + 1)."""
        bx, by = self.board(pos)
        return math.floor(bx), round(by) - 1

    def seam_point(self, x: int, y: int) -> Point:
        """Centre of the seam below slot (x, y): where a cat on that pair lies."""
        return self.point(x + 0.5, y + 1)

    def pan(self, dx: float, dy: float) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self._clamp()

    def zoom_at(self, pos: Point, factor: float) -> None:
        """Zoom by ``factor`` keeping the board point under ``pos`` where it is."""
        bx, by = self.board(pos)
        self.zoom = min(max(self.zoom * factor, self.MIN_ZOOM), self.MAX_ZOOM)
        self.origin = (pos[0] - bx * self.w, pos[1] - by * self.h)
        self._clamp()

    def show(self, rect: pygame.FRect) -> None:
        """Pan just enough that ``rect`` (e.g. the keyboard cursor) is inside the viewport."""
        view = self.viewport.inflate(-24, -24)
        dx = max(0.0, view.x - rect.x) - max(0.0, rect.right - view.right)
        dy = max(0.0, view.y - rect.y) - max(0.0, rect.bottom - view.bottom)
        if dx or dy:
            self.pan(dx, dy)

    def _clamp(self) -> None:
        v, t = self.viewport, self.table_rect
        keep_x, keep_y = min(self.KEEP, t.w), min(self.KEEP, t.h)
        x = min(max(t.x, v.x + keep_x - t.w), v.right - keep_x)
        y = min(max(t.y, v.y + keep_y - t.h), v.bottom - keep_y)
        self.origin = (x, y)

    def placed_at(self, origin: Point) -> "Camera":
        """The same zoom with the table's corner at ``origin`` (for painting a cached layer)."""
        other = Camera.__new__(Camera)
        other.viewport = self.viewport
        other.cols, other.rows = self.cols, self.rows
        other.zoom, other.origin = self.zoom, origin
        return other


class TableLayer:
    """A picture of the whole table at one zoom, painted once per change and reused while panning.

    ``Canvas.cached`` keys on the screen position, so a pan would repaint every frame; this
    paints the layer with the table's corner at a fixed place (``Canvas.offscreen``) and only
    moves the blit.  A frame whose text is recorded (``Canvas.marks``, the layout check) paints
    the table straight onto the screen instead, so its lines are seen where they show.
    """

    def __init__(self) -> None:
        self._key: object = None
        self._surface: pygame.Surface | None = None

    def draw(self, canvas: Canvas, camera: Camera, key: object,
             paint: Callable[[Canvas, Camera], None]) -> None:
        if canvas.marks is not None:  # a frame whose lines are recorded: drawn where it shows
            with canvas.clip(camera.viewport):
                paint(canvas, camera)
            return
        m = LAYER_MARGIN
        full_key = (key, camera.zoom, canvas.scale, canvas.text_scale)
        if full_key != self._key or self._surface is None:
            table = camera.table_rect
            size = (math.ceil((table.w + 2 * m) * canvas.scale) + 1,
                    math.ceil((table.h + 2 * m) * canvas.scale) + 1)
            layer = pygame.Surface(size, pygame.SRCALPHA)
            with canvas.offscreen(layer):
                paint(canvas, camera.placed_at((m, m)))
            self._key, self._surface = full_key, layer
        corner = canvas.to_real((camera.origin[0] - m, camera.origin[1] - m))
        with canvas.clip(camera.viewport):
            canvas.surface.blit(self._surface, corner)


# -- the tabletop -------------------------------------------------------------------------------
def draw_tabletop(canvas: Canvas, camera: Camera) -> None:
    """Wood inside the table's edge, faint slot lines, and a bright rim so the edge is plain."""
    table = camera.table_rect
    canvas.rect((0, 0, 0, 90), table.move(5, 6), radius=6)
    canvas.rect(WOOD, table)
    for x in range(1, camera.cols):
        canvas.line(WOOD_LINE, camera.point(x, 0), camera.point(x, camera.rows), 1)
    for y in range(1, camera.rows):
        canvas.line(WOOD_LINE, camera.point(0, y), camera.point(camera.cols, y), 1)
    canvas.rect(RIM, table.inflate(8, 8), width=4, radius=6)


def edge_arrow(frame: pygame.FRect, target: Point) -> tuple[Point, Point]:
    """Where on ``frame``'s edge an arrow towards ``target`` (outside it) sits, and the unit
    direction it points: on the line from the frame's centre to the target."""
    cx, cy = frame.center
    dx, dy = target[0] - cx, target[1] - cy
    length = math.hypot(dx, dy) or 1.0
    reach = min(1.0, frame.w / 2 / abs(dx) if dx else math.inf,
                frame.h / 2 / abs(dy) if dy else math.inf)  # 1: a target just inside the frame
    return (cx + dx * reach, cy + dy * reach), (dx / length, dy / length)


def draw_edge_arrow(canvas: Canvas, at: Point, direction: Point, r: float) -> None:
    """A round marker with an arrowhead: a move happened that way, out of sight."""
    x, y = at
    ux, uy = direction
    canvas.circle(INK, (x + 2, y + 3), r)
    canvas.circle(PAPER, at, r)
    canvas.circle(GOLD, at, r, width=3)
    tip, back, side = r * 0.65, r * 0.4, r * 0.5
    canvas.polygon(INK, [(x + ux * tip, y + uy * tip),
                         (x - ux * back - uy * side, y - uy * back + ux * side),
                         (x - ux * back + uy * side, y - uy * back - ux * side)])


def draw_out_of_table(canvas: Canvas, rect: pygame.FRect, color: Sequence[int]) -> None:
    """A hatched slot: where a card would hang over the table's edge."""
    canvas.rect((*color[:3], 70), rect)
    canvas.pattern("stripes", rect, color, step=10)


# -- cards --------------------------------------------------------------------------------------
def blit_picture(canvas: Canvas, rect: RectLike, make: Callable[[tuple[int, int]], pygame.Surface]) -> None:
    """Blit the picture ``make`` paints at ``rect``'s size in real pixels (kept per size, so a
    gliding card keeps one picture)."""
    r = pygame.FRect(rect)
    size = (canvas.length(r.w), canvas.length(r.h))
    if size[0] >= 2 and size[1] >= 2:
        canvas.surface.blit(make(size), canvas.real_rect(r).topleft)


def draw_card(canvas: Canvas, rect: pygame.FRect, edges: int, toys: int, start: bool = False,
              special: bool = False) -> None:
    """A box card seen from above (``pictures.paint_card``: cardboard, raised flaps for walls,
    open sides cut away with chevrons) and its toys down the right-hand side."""
    shadow(canvas, rect, radius=rect.h * 0.08)
    blit_picture(canvas, rect, lambda size: card_picture(edges, size, start, special))
    draw_toys(canvas, rect, toys, edges, special)


def draw_toys(canvas: Canvas, rect: pygame.FRect, toys: int, edges: int = 0,
              special: bool = False) -> None:
    """Up to three toys in a column near the card's right wall (clear of a cat), larger with
    the text on pieces while the column stays inside the card."""
    for (centre, r), kind in zip(toy_spots(canvas, rect, toys), toy_kinds(edges, toys, special)):
        side = canvas.length(r * TOY_PICTURE)
        if side >= 3:
            real = canvas.to_real(centre)
            canvas.surface.blit(toy_picture(kind, side), (round(real[0] - side / 2), round(real[1] - side / 2)))


def toy_spots(canvas: Canvas, rect: pygame.FRect, toys: int) -> list[tuple[Point, float]]:
    """Where a card's toys go: each one's centre and radius."""
    if toys <= 0:
        return []
    span = rect.h * TOY_SPAN
    r = min(rect.h * TOY_SIZE * canvas.piece_growth, rect.w * 0.1,
            span / (2 + TOY_STEP * (toys - 1)))
    step = r * 2.5 if toys == 1 else min(r * 2.5, (span - 2 * r) / (toys - 1))
    x = rect.right - rect.w * 0.14
    top = rect.centery - step * (toys - 1) / 2
    return [((x, top + i * step), r) for i in range(toys)]


def draw_yarn(canvas: Canvas, centre: Point, r: float, color: Sequence[int] = TOY_INK) -> None:
    """A ball of yarn: a dark disc wound with pale strands (the toy icon)."""
    x, y = centre
    canvas.circle(color, centre, r)
    if r >= 4:
        w = max(1.0, r * 0.18)
        canvas.line(PAPER, (x - r * 0.7, y - r * 0.2), (x + r * 0.5, y - r * 0.75), w)
        canvas.line(PAPER, (x - r * 0.75, y + r * 0.35), (x + r * 0.75, y - r * 0.35), w)
        canvas.line(PAPER, (x - r * 0.4, y + r * 0.8), (x + r * 0.75, y + r * 0.25), w)


def draw_card_back(canvas: Canvas, rect: pygame.FRect) -> None:
    """The back of a hidden card: a plain purple back with a paw."""
    canvas.rect(CARD_BACK, rect, radius=rect.h * 0.1)
    canvas.rect(PAPER, rect.inflate(-rect.h * 0.16, -rect.h * 0.16), width=max(1.0, rect.h / 30),
                radius=rect.h * 0.08)
    draw_paw(canvas, rect.center, rect.h * 0.42, PAPER)


def draw_paw(canvas: Canvas, centre: Point, size: float, color: Sequence[int]) -> None:
    x, y = centre
    canvas.circle(color, (x, y + size * 0.15), size * 0.28)
    for dx, dy in ((-0.32, -0.2), (-0.11, -0.38), (0.11, -0.38), (0.32, -0.2)):
        canvas.circle(color, (x + dx * size, y + dy * size), size * 0.11)


def draw_princess_card(canvas: Canvas, rect: pygame.FRect) -> None:
    """A Princess as a hand card: the black cat with her crown on a lilac card."""
    blit_picture(canvas, rect, lambda size: cat_picture(None, True, size))


# -- boxes --------------------------------------------------------------------------------------
def box_outline(slots: Iterable[tuple[int, int]]) -> list[tuple[Point, Point]]:
    """Segments (in slot units) around a box's cards: sides whose neighbour is not in the box."""
    cells = set(slots)
    segs: list[tuple[Point, Point]] = []
    for x, y in cells:
        for (nx, ny), a, b in (((x, y - 1), (x, y), (x + 1, y)), ((x, y + 1), (x, y + 1), (x + 1, y + 1)),
                               ((x - 1, y), (x, y), (x, y + 1)), ((x + 1, y), (x + 1, y), (x + 1, y + 1))):
            if (nx, ny) not in cells:
                segs.append((a, b))
    return segs


def draw_box_frame(canvas: Canvas, camera: Camera, slots: Sequence[tuple[int, int]],
                   color: Sequence[int], width: float, tint: Sequence[int] | None = None,
                   hatch: Sequence[int] | None = None) -> None:
    """A box's outline just inside its cards, optionally tinted (closed) or hatched (dead)."""
    for x, y in slots:
        rect = camera.slot_rect(x, y)
        if tint is not None:
            canvas.rect(tint, rect)
        if hatch is not None:
            canvas.pattern("stripes", rect, hatch, step=max(6.0, camera.h * 0.22))
    inset = width / 2 + 1
    cells = set(slots)
    for a, b in box_outline(slots):
        (ax, ay), (bx, by) = camera.point(*a), camera.point(*b)
        horizontal = ay == by
        # nudge each segment towards the inside of the box so neighbouring boxes stay apart
        if horizontal:
            inside_below = (min(a[0], b[0]), a[1]) in cells
            dy = inset if inside_below else -inset
            canvas.line(color, (ax, ay + dy), (bx, by + dy), width)
        else:
            inside_right = (a[0], min(a[1], b[1])) in cells
            dx = inset if inside_right else -inset
            canvas.line(color, (ax + dx, ay), (bx + dx, by), width)


# -- cats ---------------------------------------------------------------------------------------
def cat_rect(camera: Camera, x: int, y: int) -> pygame.FRect:
    """A cat card lying portrait across the seam below slot (x, y)."""
    w, h = camera.w * CAT_W, camera.h * CAT_H
    return pygame.FRect(0, 0, w, h).move_to(center=camera.seam_point(x, y))


def draw_cat(canvas: Canvas, rect: pygame.FRect, style: SeatStyle | None, awake: bool,
             alpha: int = 255) -> None:
    """A cat card (``pictures.paint_cat``): the owner's colour and pattern, the cat sitting up
    awake or curled asleep, and the owner's symbol.  ``style=None`` is a Princess: black,
    crowned, belonging to nobody.  A see-through ``alpha`` is a ghost: the card's fill only."""
    radius = rect.w * 0.14
    if alpha < 255:
        fill = BLACK_COAT.fur if style is None else style.color if awake else style.light
        canvas.rect((*fill, alpha), rect, radius=radius)
        canvas.rect(INK, rect, width=max(1.0, rect.w / 22), radius=radius)
        return
    shadow(canvas, rect, radius=radius)
    blit_picture(canvas, rect, lambda size: cat_picture(style, awake, size))
    if style is not None:
        disc = (rect.centerx, rect.bottom - rect.w * 0.3)
        canvas.circle(PAPER, disc, rect.w * 0.22)
        canvas.text(style.symbol, disc, min(canvas.piece_size(rect.w * 0.3), rect.w * 0.36), INK,
                    "center", fixed=True)
