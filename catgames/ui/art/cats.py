"""Cats (and their rivals, dogs) in the house style: big round heads, one dark outline round
the whole animal, flat coats with their pattern, a pink nose and rosy cheeks.

Every pose takes the point on the ground under the animal's middle (``x``, ``y``), its size
``s`` (a sitting cat is about ``1.4 * s`` tall) and a ``Coat``.  Coats are told apart by their
pattern as well as their colour (stripes, a white bib, patches), like the seats of the games.
"""

from __future__ import annotations

from dataclasses import dataclass
from catgames.ui.art.pen import Color, Ellipse, Figure, Pen, Poly, Stroke, curve, mix
from catgames.ui.theme import ORANGE, VERMILLION

INK = (0x2E, 0x22, 0x30)     #: the outline and the eyes
PINK = (0xEE, 0x9A, 0xA8)    #: noses, inner ears
BLUSH = (0xF2, 0x9E, 0x9E)
WHITE = (0xFB, 0xF6, 0xEE)
OUTLINE = 0.055              #: the outline's width, a share of the size


@dataclass(frozen=True)
class Coat:
    """A cat's (or dog's) colours and the pattern that tells it apart without colour."""

    fur: Color
    light: Color                #: muzzle and bib (``tuxedo``), the dog's muzzle
    marks: Color                #: stripes (``tabby``), patches (``calico``), a dog's ears
    pattern: str = "plain"      #: "plain", "tabby", "tuxedo" or "calico"


GINGER = Coat(mix(ORANGE, VERMILLION, 0.15), (0xFB, 0xE6, 0xC2), mix(VERMILLION, INK, 0.25), "tabby")
SMOKE = Coat((0x8E, 0x92, 0xA6), (0xE4, 0xE6, 0xEE), (0x5E, 0x62, 0x78), "plain")
TUXEDO = Coat((0x3A, 0x35, 0x40), WHITE, (0x3A, 0x35, 0x40), "tuxedo")
CALICO = Coat(WHITE, WHITE, mix(ORANGE, VERMILLION, 0.3), "calico")
PUP = Coat((0xE9, 0xC9, 0x97), WHITE, (0x8A, 0x5A, 0x3C), "plain")   #: the dog
PATCH_PUP = Coat(WHITE, WHITE, (0x6E, 0x4B, 0x3A), "calico")          #: a spotted dog


# -- faces ---------------------------------------------------------------------------------
def _eye(pen: Pen, x: float, y: float, r: float, side: int, mood: str, look: float) -> None:
    """One eye at (x, y) on a head of radius ``r``, on the ``side`` (-1 left, 1 right) of it."""
    if mood in ("sleepy", "glad"):
        bend = -0.24 * r if mood == "glad" else 0.2 * r
        pen.stroke(INK, curve((x - 0.15 * r, y), (x, y + bend), (x + 0.15 * r, y)), 0.035 * r)
    elif mood == "wide":  # startled: big whites, small pupils
        pen.ellipse(INK, x, y, 0.19 * r, 0.22 * r)
        pen.ellipse(WHITE, x, y, 0.15 * r, 0.18 * r)
        pen.circle(INK, x + look * 0.05 * r, y + 0.02 * r, 0.06 * r)
    elif mood == "grumpy":  # heavy lids: the eye's top half shut
        pen.ellipse(INK, x, y, 0.13 * r, 0.13 * r)
        pen.line(INK, (x - 0.2 * r, y - 0.02 * r), (x + 0.2 * r, y - 0.02 * r + side * 0.05 * r), 0.07 * r)
    else:
        pen.ellipse(INK, x + look * 0.05 * r, y, 0.12 * r, 0.15 * r)
        pen.circle(WHITE, x + look * 0.05 * r - 0.04 * r, y - 0.06 * r, 0.045 * r)
    if mood in ("cross", "hiss"):  # the brow frowns: low on the inside
        pen.line(INK, (x - side * 0.2 * r, y - 0.17 * r), (x + side * 0.16 * r, y - 0.33 * r), 0.07 * r)


def face(pen: Pen, hx: float, hy: float, r: float, mood: str = "happy", look: float = 0.0) -> None:
    """Eyes, nose, mouth, whiskers and cheeks on a head of radius ``r`` centred at (hx, hy).

    ``mood``: "happy" (round eyes), "cross" (eyes under frowning brows), "sleepy" (closed),
    "glad" (closed, smiling ^ ^), "wide" (startled), "grumpy" (heavy lids, a frown), "hiss"
    (frowning, the mouth open on its fangs); ``look`` shifts the pupils sideways (-1 left … 1 right)."""
    for side in (-1, 1):
        _eye(pen, hx + side * 0.42 * r, hy - 0.02 * r, r, side, mood, look)
        pen.ellipse(BLUSH, hx + side * 0.62 * r, hy + 0.25 * r, 0.13 * r, 0.08 * r)
        for k in (-1, 1):  # whiskers
            pen.line(INK, (hx + side * 0.62 * r, hy + 0.28 * r + k * 0.06 * r),
                     (hx + side * 1.12 * r, hy + 0.24 * r + k * 0.14 * r), 0.025 * r)
    ny = hy + 0.2 * r
    pen.poly(PINK, [(hx - 0.09 * r, ny - 0.05 * r), (hx + 0.09 * r, ny - 0.05 * r), (hx, ny + 0.06 * r)])
    if mood == "hiss":
        pen.ellipse(INK, hx, ny + 0.24 * r, 0.2 * r, 0.16 * r)
        pen.ellipse(PINK, hx, ny + 0.3 * r, 0.12 * r, 0.07 * r)
        for side in (-1, 1):
            fx = hx + side * 0.1 * r
            pen.poly(WHITE, [(fx - 0.04 * r, ny + 0.1 * r), (fx + 0.04 * r, ny + 0.1 * r), (fx, ny + 0.22 * r)])
        return
    for side in (-1, 1):
        if mood == "grumpy":  # the corners turned down
            pen.stroke(INK, curve((hx, ny + 0.06 * r), (hx + side * 0.1 * r, ny + 0.1 * r),
                                  (hx + side * 0.18 * r, ny + 0.24 * r), 6), 0.03 * r)
        else:
            pen.stroke(INK, curve((hx, ny + 0.06 * r), (hx + side * 0.04 * r, ny + 0.2 * r),
                                  (hx + side * 0.14 * r, ny + 0.13 * r), 6), 0.025 * r)


#: where an ear's tip points: pricked up, or laid flat out to the side (scared, angry)
EAR_TIPS = {"up": (0.8, -1.2), "flat": (1.45, -0.6)}


def _head_parts(hx: float, hy: float, r: float, coat: Coat, ears: str = "up") -> Figure:
    tx, ty = EAR_TIPS[ears]
    parts: Figure = [(Poly([(hx + side * 0.98 * r, hy - 0.18 * r), (hx + side * tx * r, hy + ty * r),
                            (hx + side * 0.18 * r, hy - 0.8 * r)]), coat.fur) for side in (-1, 1)]
    return [*parts, (Ellipse((hx, hy, 1.08 * r, 0.92 * r)), coat.fur)]


def _head_marks(pen: Pen, hx: float, hy: float, r: float, coat: Coat, ears: str = "up") -> None:
    """Inner ears and the coat's pattern on the head."""
    tx, ty = EAR_TIPS[ears]
    for side in (-1, 1):
        pen.poly(mix(coat.fur, PINK, 0.6), [(hx + side * 0.82 * r, hy - 0.42 * r),
                                            (hx + side * (tx - 0.04) * r, hy + (ty + 0.2) * r),
                                            (hx + side * 0.36 * r, hy - 0.76 * r)])
    if coat.pattern == "tabby":
        for dx in (-0.2, 0.0, 0.2):
            pen.stroke(coat.marks, [(hx + dx * r, hy - 0.86 * r), (hx + dx * 0.7 * r, hy - 0.55 * r)],
                       0.05 * r)
        for side in (-1, 1):
            pen.stroke(coat.marks, [(hx + side * 1.04 * r, hy - 0.05 * r), (hx + side * 0.8 * r, hy)], 0.045 * r)
    elif coat.pattern == "tuxedo":
        pen.ellipse(coat.light, hx, hy + 0.35 * r, 0.45 * r, 0.38 * r)
        pen.poly(coat.light, [(hx - 0.12 * r, hy + 0.1 * r), (hx, hy - 0.45 * r), (hx + 0.12 * r, hy + 0.1 * r)])
    elif coat.pattern == "calico":
        pen.ellipse(coat.marks, hx - 0.55 * r, hy - 0.45 * r, 0.42 * r, 0.34 * r)
        pen.ellipse(INK, hx + 0.6 * r, hy - 0.5 * r, 0.34 * r, 0.28 * r)


def head(pen: Pen, hx: float, hy: float, r: float, coat: Coat, mood: str = "happy",
         look: float = 0.0, ears: str = "up") -> None:
    """A cat's head alone (a cat peeking out of something)."""
    pen.figure(_head_parts(hx, hy, r, coat, ears), INK, OUTLINE * 2.6 * r)
    _head_marks(pen, hx, hy, r, coat, ears)
    face(pen, hx, hy, r, mood, look)


def _paws(x: float, y: float, s: float, coat: Coat, apart: float = 0.15) -> Figure:
    color = WHITE if coat.pattern == "tuxedo" else coat.fur
    return [(Ellipse((x + side * apart * s, y - 0.06 * s, 0.11 * s, 0.075 * s)), color)
            for side in (-1, 1)]


def paws(pen: Pen, x: float, y: float, s: float, coat: Coat, apart: float = 0.22) -> None:
    """Two front paws resting on an edge at height ``y`` (in front of whatever the cat is in)."""
    pen.figure(_paws(x, y + 0.04 * s, s, coat, apart), INK, OUTLINE * s)
    _toes(pen, x, y + 0.04 * s, s, apart)


def _toes(pen: Pen, x: float, y: float, s: float, apart: float) -> None:
    for side in (-1, 1):
        for t in (-0.035, 0.035):
            px = x + side * apart * s + t * s
            pen.line(INK, (px, y - 0.05 * s), (px, y - 0.01 * s), 0.018 * s)


def _tail(x: float, y: float, s: float, facing: int, up: bool) -> Stroke:
    f = facing
    if up:
        pts = curve((x + f * 0.3 * s, y - 0.15 * s), (x + f * 0.75 * s, y - 0.2 * s),
                    (x + f * 0.62 * s, y - 0.72 * s))
    else:
        pts = curve((x + f * 0.25 * s, y - 0.06 * s), (x + f * 0.85 * s, y + 0.02 * s),
                    (x + f * 0.72 * s, y - 0.42 * s))
    return Stroke((pts, 0.075 * s))


def _tail_tip(pen: Pen, tail: Stroke, coat: Coat) -> None:
    """Tabbies get rings on the tail, tuxedo and calico cats a light or dark tip."""
    pts, r = tail
    if coat.pattern == "tabby":
        for i in range(3, len(pts) - 1, 4):
            pen.circle(coat.marks, pts[i][0], pts[i][1], r * 0.8)
    elif coat.pattern in ("tuxedo", "calico"):
        pen.stroke(coat.light if coat.pattern == "tuxedo" else INK, pts[-3:], r)


# -- poses ---------------------------------------------------------------------------------
def sit(pen: Pen, x: float, y: float, s: float, coat: Coat, mood: str = "happy",
        facing: int = 1, look: float = 0.0, tail_up: bool = False, ears: str = "up") -> None:
    """Sitting up, facing the viewer, the tail on the ``facing`` side."""
    tail = _tail(x, y, s, facing, tail_up)
    r = 0.4 * s
    hx, hy = x, y - 1.0 * s
    body: Figure = [(tail, coat.fur),  # behind the body
                    (Ellipse((x, y - 0.42 * s, 0.4 * s, 0.46 * s)), coat.fur),
                    (Ellipse((x - 0.27 * s, y - 0.16 * s, 0.2 * s, 0.16 * s)), coat.fur),
                    (Ellipse((x + 0.27 * s, y - 0.16 * s, 0.2 * s, 0.16 * s)), coat.fur),
                    *_paws(x, y, s, coat), *_head_parts(hx, hy, r, coat, ears)]
    pen.figure(body, INK, OUTLINE * s)
    _tail_tip(pen, tail, coat)
    _body_marks(pen, x, y - 0.42 * s, s, coat, 0.4, 0.46)
    _toes(pen, x, y, s, 0.15)
    _head_marks(pen, hx, hy, r, coat, ears)
    face(pen, hx, hy, r, mood, look)


def _body_marks(pen: Pen, cx: float, cy: float, s: float, coat: Coat, rx: float, ry: float) -> None:
    """The pattern on a body ellipse centred at (cx, cy) with half-axes ``rx``, ``ry`` (× s)."""
    if coat.pattern == "tabby":
        for side in (-1, 1):
            for dy in (-0.15, 0.05, 0.25):
                x0 = cx + side * rx * 0.98 * s
                pen.stroke(coat.marks, curve((x0, cy + dy * ry * 2 * s),
                                             (x0 - side * 0.12 * s, cy + dy * ry * 2 * s - 0.02 * s),
                                             (x0 - side * 0.2 * s, cy + dy * ry * 2 * s + 0.04 * s), 6),
                           0.035 * s)
    elif coat.pattern in ("tuxedo", "calico"):
        bib = coat.light if coat.pattern == "tuxedo" else coat.fur
        pen.ellipse(bib, cx, cy + 0.05 * s, rx * 0.5 * s, ry * 0.75 * s)
        if coat.pattern == "calico":
            pen.ellipse(coat.marks, cx - rx * 0.55 * s, cy - ry * 0.25 * s, rx * 0.35 * s, ry * 0.4 * s)
            pen.ellipse(INK, cx + rx * 0.55 * s, cy + ry * 0.25 * s, rx * 0.3 * s, ry * 0.32 * s)


def loaf(pen: Pen, x: float, y: float, s: float, coat: Coat, mood: str = "glad",
         facing: int = 1) -> None:
    """Lying as a loaf, paws tucked in, the head at the ``facing`` end."""
    f = facing
    r = 0.38 * s
    hx, hy = x + f * 0.32 * s, y - 0.52 * s
    tail = Stroke((curve((x - f * 0.5 * s, y - 0.12 * s), (x - f * 0.6 * s, y + 0.0 * s),
                         (x + f * 0.05 * s, y - 0.03 * s)), 0.07 * s))
    body: Figure = [(Ellipse((x - f * 0.05 * s, y - 0.27 * s, 0.58 * s, 0.29 * s)), coat.fur), (tail, coat.fur),
                    *_paws(x + f * 0.3 * s, y + 0.02 * s, s, coat, 0.12),
                    *_head_parts(hx, hy, r, coat)]
    pen.figure(body, INK, OUTLINE * s)
    _tail_tip(pen, tail, coat)
    if coat.pattern == "tabby":
        for dx in (-0.35, -0.2, -0.05):
            bx = x + f * dx * s
            pen.stroke(coat.marks, [(bx, y - 0.54 * s), (bx - f * 0.03 * s, y - 0.36 * s)], 0.035 * s)
    elif coat.pattern == "calico":
        pen.ellipse(coat.marks, x - f * 0.28 * s, y - 0.33 * s, 0.2 * s, 0.14 * s)
        pen.ellipse(INK, x - f * 0.02 * s, y - 0.42 * s, 0.12 * s, 0.09 * s)
    _head_marks(pen, hx, hy, r, coat)
    face(pen, hx, hy, r, mood)


def walk(pen: Pen, x: float, y: float, s: float, coat: Coat, facing: int = 1,
         mood: str = "happy") -> None:
    """Walking across, seen from the side, the tail up like a question mark."""
    f = facing
    r = 0.36 * s
    hx, hy = x + f * 0.48 * s, y - 0.78 * s
    tail = Stroke((curve((x - f * 0.45 * s, y - 0.55 * s), (x - f * 0.75 * s, y - 0.75 * s),
                         (x - f * 0.6 * s, y - 1.15 * s)), 0.07 * s))
    legs = [(Stroke(([(x + dx * s, y - 0.4 * s), (x + (dx + lean) * s, y - 0.06 * s)], 0.085 * s)),
             WHITE if coat.pattern == "tuxedo" else coat.fur)
            for dx, lean in ((-0.36, -0.06), (-0.22, 0.05), (0.22, 0.06), (0.36, -0.04))]
    parts: Figure = [(tail, coat.fur), *legs, (Ellipse((x, y - 0.5 * s, 0.52 * s, 0.26 * s)), coat.fur),
                     *_head_parts(hx, hy, r, coat)]
    pen.figure(parts, INK, OUTLINE * s)
    _tail_tip(pen, tail, coat)
    _body_marks(pen, x, y - 0.5 * s, s, coat, 0.3, 0.24)
    _head_marks(pen, hx, hy, r, coat)
    face(pen, hx, hy, r, mood, look=f * 0.6)


# -- dogs ----------------------------------------------------------------------------------
def _dog_head_parts(hx: float, hy: float, r: float, coat: Coat) -> Figure:
    ears = [(Ellipse((hx + side * 0.95 * r, hy + 0.05 * r, 0.3 * r, 0.6 * r)), coat.marks)
            for side in (-1, 1)]
    return [(Ellipse((hx, hy, 1.0 * r, 0.9 * r)), coat.fur), *ears]


def dog_head(pen: Pen, hx: float, hy: float, r: float, coat: Coat, mood: str = "happy",
             look: float = 0.0) -> None:
    """A dog's head: floppy ears, a light muzzle, a big nose and its tongue out."""
    pen.figure(_dog_head_parts(hx, hy, r, coat), INK, OUTLINE * 2.6 * r)
    if coat.pattern == "calico":
        pen.ellipse(coat.marks, hx + 0.45 * r, hy - 0.35 * r, 0.3 * r, 0.28 * r)
    pen.ellipse(coat.light, hx, hy + 0.38 * r, 0.48 * r, 0.36 * r)
    pen.ellipse(PINK, hx, hy + 0.72 * r, 0.14 * r, 0.18 * r)
    pen.ellipse(coat.light, hx, hy + 0.5 * r, 0.3 * r, 0.16 * r)
    for side in (-1, 1):
        _eye(pen, hx + side * 0.38 * r, hy - 0.08 * r, r, side, mood, look)
        pen.ellipse(BLUSH, hx + side * 0.62 * r, hy + 0.3 * r, 0.12 * r, 0.07 * r)
    pen.ellipse(INK, hx, hy + 0.24 * r, 0.17 * r, 0.12 * r)
    pen.line(INK, (hx, hy + 0.3 * r), (hx, hy + 0.5 * r), 0.04 * r)


def dog_sit(pen: Pen, x: float, y: float, s: float, coat: Coat, mood: str = "happy",
            facing: int = 1, look: float = 0.0) -> None:
    """A dog sitting up, facing the viewer, the tail wagging on the ``facing`` side."""
    f = facing
    r = 0.42 * s
    hx, hy = x, y - 1.0 * s
    tail = Stroke((curve((x + f * 0.3 * s, y - 0.15 * s), (x + f * 0.6 * s, y - 0.2 * s),
                         (x + f * 0.62 * s, y - 0.45 * s), 8), 0.07 * s))
    body: Figure = [(tail, coat.fur), (Ellipse((x, y - 0.42 * s, 0.42 * s, 0.46 * s)), coat.fur),
                    (Ellipse((x - 0.27 * s, y - 0.16 * s, 0.21 * s, 0.16 * s)), coat.fur),
                    (Ellipse((x + 0.27 * s, y - 0.16 * s, 0.21 * s, 0.16 * s)), coat.fur),
                    *_paws(x, y, s, coat)]
    pen.figure(body, INK, OUTLINE * s)
    pen.ellipse(coat.light, x, y - 0.4 * s, 0.2 * s, 0.3 * s)
    _toes(pen, x, y, s, 0.15)
    dog_head(pen, hx, hy, r, coat, mood, look)

