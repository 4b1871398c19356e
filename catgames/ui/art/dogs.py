"""Dogs standing, seen from the side, in the house style of ``cats``: one dark outline round the
whole dog, flat coats, a round eye with a glint, rosy cheeks.

One ``stand`` paints every breed: a ``Breed`` is data (body length and depth, leg length, how
high the head is carried, the muzzle's length, the ears' and the tail's shapes, the coat's
colours and its marks), so a Dachshund is long and low, a Great Dane tall, a Corgi short-legged
and a Chihuahua all ears because their numbers say so, not because each has its own drawing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from catgames.ui.art.cats import BLUSH, INK, OUTLINE, PINK, WHITE
from catgames.ui.art.pen import Color, Ellipse, Parts, Pen, Poly, Shape, Stroke, UPoint, curve, mix
from catgames.ui.theme import VERMILLION

KEG = (0xA8, 0x6C, 0x3C)


@dataclass(frozen=True)
class Breed:
    """A breed's build (shares of the size ``s``), shapes and coat.

    ``ears`` names a shape of ``_ear`` ("floppy", "pointed", "big", "bat", "fold", "rose"),
    ``tail`` one of ``_tail`` ("wag", "curl", "stub", "whip", "plume", "carrot"); ``far_ear``
    the other ear's, where a dog's two ears differ; ``marks`` name painters of ``MARKS``, in
    order, or parts of the outline itself: "ruff" (a fluffy collar), "skirt" (hair to the floor)."""

    fur: Color
    light: Color = WHITE        #: chest, belly, socks, ruff
    dark: Color = INK           #: spots, saddle, patches, ears where ``dark_ears``
    length: float = 1.0         #: the body's length
    depth: float = 0.28         #: the body's half height
    legs: float = 0.42          #: from the belly to the ground
    leg_w: float = 0.075        #: a leg's half width
    neck: float = 0.3           #: the head's height above the back
    head: float = 0.3           #: the head's radius
    muzzle: float = 0.16        #: how far the muzzle reaches out
    muzzle_colour: str = "fur"  #: "fur", "light" or "dark" (a mask)
    ears: str = "floppy"
    ear_size: float = 0.5
    far_ear: str = ""           #: "" = like ``ears``
    dark_ears: bool = False
    tail: str = "wag"
    tail_w: float = 0.06
    eye: float = 1.0            #: the eye's size
    tongue: bool = True
    marks: tuple[str, ...] = ()
    size: float = 1.0           #: beside other breeds: a Great Dane's is large, a Chihuahua's small


@dataclass(frozen=True)
class Body:
    """Where a dog's parts fall (design units), worked out once from its breed and size."""

    f: int           #: facing: 1 right, -1 left
    s: float
    x: float         #: the body's centre
    y: float
    rx: float
    ry: float
    ground: float
    hx: float        #: the head's centre and radius
    hy: float
    hr: float
    legs: tuple[float, float]   #: the front and back legs' x

    @property
    def rump(self) -> UPoint:
        return self.x - self.f * self.rx * 0.92, self.y - self.ry * 0.45

    @property
    def snout(self) -> float:
        """The muzzle's reach in front of the head's centre."""
        return 0.55 * self.hr


def _body(x: float, y: float, s: float, breed: Breed, facing: int) -> Body:
    rx, ry = breed.length * s / 2, breed.depth * s
    by = y - breed.legs * s - ry
    hr = breed.head * s
    hx = x + facing * (rx * 0.88 + hr * 0.25)
    hy = by - ry - breed.neck * s
    return Body(facing, s, x, by, rx, ry, y, hx, hy, hr,
                (x + facing * rx * 0.6, x - facing * rx * 0.62))


# -- shapes ----------------------------------------------------------------------------------------
def _ear(kind: str, b: Body, size: float, shift: float) -> Shape:
    """An ear on the head's back half; ``shift`` moves it forward (the far ear)."""
    f, r, e = b.f, b.hr, size
    x, y = b.hx + f * shift * r, b.hy
    if kind == "floppy":   # a flap from the crown hanging past the jaw
        return Poly([(x + f * 0.05 * r, y - 0.9 * r), (x - f * 0.5 * r, y - 0.78 * r),
                     (x - f * 0.72 * r, y + (0.05 + 0.9 * e) * r), (x - f * 0.42 * r, y + (0.3 + 0.95 * e) * r),
                     (x - f * 0.08 * r, y + (0.1 + 0.6 * e) * r), (x + f * 0.08 * r, y - 0.4 * r)])
    if kind == "bat":
        return Poly([(x - f * 0.55 * r, y - 0.5 * r), (x - f * 0.7 * r, y - (0.9 + 0.7 * e) * r),
                     (x - f * 0.4 * r, y - (1.15 + 0.8 * e) * r), (x - f * 0.05 * r, y - (0.95 + 0.6 * e) * r),
                     (x + f * 0.15 * r, y - 0.7 * r)])
    if kind == "fold":
        return Poly([(x - f * 0.55 * r, y - 0.55 * r), (x - f * 0.3 * r, y - (0.85 + 0.8 * e) * r),
                     (x + f * 0.2 * r, y - (0.65 + 0.45 * e) * r), (x + f * 0.1 * r, y - 0.8 * r)])
    if kind == "rose":
        return Poly([(x - f * 0.65 * r, y - 0.45 * r), (x - f * 0.85 * r, y - (0.8 + 0.4 * e) * r),
                     (x - f * 0.15 * r, y - 0.85 * r)])
    lean = 0.55 * e if kind == "big" else 0.0   # "pointed", or "big" leaning back
    return Poly([(x - f * 0.6 * r, y - 0.45 * r), (x - f * (0.35 + lean) * r, y - (0.75 + 1.1 * e) * r),
                 (x + f * 0.15 * r, y - 0.8 * r)])



def _tail(kind: str, b: Body, w: float) -> Stroke:
    f, s = b.f, b.s
    x, y = b.rump
    pts: list[UPoint]
    if kind == "curl":      # over the back
        pts = curve((x, y), (x - f * 0.38 * s, y - 0.55 * s), (x + f * 0.12 * s, y - 0.3 * s), 10)
    elif kind == "stub":
        pts = [(x, y), (x - f * 0.1 * s, y - 0.08 * s)]
    elif kind == "whip":    # long and thin, hanging
        pts = curve((x, y), (x - f * 0.3 * s, y + 0.05 * s), (x - f * 0.42 * s, y + 0.5 * s), 10)
    elif kind == "plume":   # bushy, low, the tip turned up
        pts = curve((x, y), (x - f * 0.3 * s, y + 0.45 * s), (x - f * 0.5 * s, y + 0.15 * s), 10)
    elif kind == "carrot":  # short, straight up
        pts = [(x, y), (x - f * 0.12 * s, y - 0.3 * s)]
    else:                   # "wag": up and happy
        pts = curve((x, y), (x - f * 0.3 * s, y - 0.05 * s), (x - f * 0.4 * s, y - 0.45 * s), 10)
    return Stroke((pts, w * s))


def _legs(b: Body, breed: Breed, far: bool) -> Parts:
    """A pair of legs (the far pair a shade darker and set back), each with its paw."""
    f, s = b.f, b.s
    colour = mix(breed.fur, INK, 0.22) if far else breed.fur
    out: Parts = []
    for k, lx in enumerate(b.legs):
        x = lx + (f * (0.09 if k else -0.07) * s if far else 0.0)
        foot = b.ground - breed.leg_w * s * 0.7
        out.append((Stroke(([(x, b.y + b.ry * 0.2), (x, foot)], breed.leg_w * s)), colour))
        out.append((Ellipse((x + f * breed.leg_w * s * 0.5, foot + breed.leg_w * s * 0.15,
                             breed.leg_w * s * 1.35, breed.leg_w * s * 0.75)), colour))
    return out


def _head(b: Body, breed: Breed) -> Parts:
    f, r, s = b.f, b.hr, b.s
    m = breed.muzzle * s
    muzzle = {"light": breed.light, "dark": mix(breed.dark, breed.fur, 0.4)}.get(breed.muzzle_colour, breed.fur)
    neck = Stroke(([(b.x + f * b.rx * 0.55, b.y - b.ry * 0.2), (b.hx - f * 0.1 * r, b.hy + 0.3 * r)],
                   min(b.ry * 0.75, r * 0.75)))
    parts: Parts = [(neck, breed.fur)]
    if breed.tongue:
        parts.append((Ellipse((b.hx + f * (b.snout + m * 0.4), b.hy + 0.62 * r, 0.14 * r, 0.24 * r)), PINK))
    return parts + [(Ellipse((b.hx, b.hy, r, 0.92 * r)), breed.fur),
                    (Ellipse((b.hx + f * (b.snout + m * 0.5 - 0.1 * r), b.hy + 0.28 * r, 0.45 * r + m * 0.5,
                              0.4 * r)), muzzle)]


def _face(pen: Pen, b: Body, breed: Breed, mood: str) -> None:
    """Eye, nose, mouth and cheek, over the outlined head."""
    f, r, m = b.f, b.hr, breed.muzzle * b.s
    ex, ey, er = b.hx + f * 0.32 * r, b.hy - 0.18 * r, 0.14 * r * breed.eye
    if mood == "glad":
        pen.stroke(INK, curve((ex - er, ey), (ex, ey - er * 1.4), (ex + er, ey)), 0.035 * r)
    else:
        pen.ellipse(INK, ex, ey, er, er * 1.1)
        pen.circle(WHITE, ex + f * er * 0.3, ey - er * 0.4, er * 0.38)
    pen.ellipse(BLUSH, b.hx + f * 0.2 * r, b.hy + 0.3 * r, 0.14 * r, 0.08 * r)
    nx = b.hx + f * (b.snout + m - 0.1 * r + 0.45 * r)
    pen.ellipse(INK, nx - f * 0.06 * r, b.hy + 0.12 * r, 0.15 * r, 0.12 * r)
    pen.stroke(INK, curve((nx - f * 0.1 * r, b.hy + 0.5 * r), (nx - f * 0.35 * r, b.hy + 0.62 * r),
                          (nx - f * (0.5 * r + m * 0.5), b.hy + 0.45 * r), 6), 0.035 * r)


# -- coat marks --------------------------------------------------------------------------------
SPOTS = ((-0.55, -0.3), (-0.2, 0.25), (0.1, -0.45), (0.35, 0.2), (-0.75, 0.2), (0.6, -0.35), (-0.35, -0.6),
         (0.05, 0.05))


def _spots(pen: Pen, b: Body, breed: Breed) -> None:
    for u, v in SPOTS:
        pen.circle(breed.dark, b.x + b.f * u * b.rx, b.y + v * b.ry, 0.055 * b.s)
    for lx in b.legs:
        pen.circle(breed.dark, lx + 0.01 * b.s, b.y + b.ry + (b.ground - b.y - b.ry) * 0.45, 0.04 * b.s)
    pen.circle(breed.dark, b.hx - b.f * 0.35 * b.hr, b.hy - 0.45 * b.hr, 0.05 * b.s)
    pen.circle(breed.dark, b.hx + b.f * 0.05 * b.hr, b.hy + 0.5 * b.hr, 0.035 * b.s)


def _saddle(pen: Pen, b: Body, breed: Breed) -> None:
    pen.ellipse(breed.dark, b.x - b.f * b.rx * 0.12, b.y - b.ry * 0.38, b.rx * 0.78, b.ry * 0.58)


def _patches(pen: Pen, b: Body, breed: Breed) -> None:
    pen.ellipse(breed.dark, b.x - b.f * b.rx * 0.35, b.y - b.ry * 0.3, b.rx * 0.42, b.ry * 0.55)
    pen.ellipse(breed.dark, b.x + b.f * b.rx * 0.3, b.y - b.ry * 0.45, b.rx * 0.25, b.ry * 0.4)
    pen.circle(breed.dark, b.hx + b.f * 0.3 * b.hr, b.hy - 0.22 * b.hr, 0.32 * b.hr)


def _merle(pen: Pen, b: Body, breed: Breed) -> None:
    for k, (u, v) in enumerate(SPOTS[:6]):
        pen.ellipse(breed.dark, b.x + b.f * u * b.rx, b.y + v * b.ry * 0.8, (0.06 + 0.03 * (k % 3)) * b.s, 0.06 * b.s)


def _tan_head(pen: Pen, b: Body, breed: Breed) -> None:
    """The head in the light colour (a Yorkie's tan face)."""
    pen.ellipse(breed.light, b.hx, b.hy, b.hr * 0.9, b.hr * 0.82)


def _brindle(pen: Pen, b: Body, breed: Breed) -> None:
    for k in range(-3, 4):
        x = b.x + k * b.rx * 0.2
        pen.stroke(breed.dark, curve((x, b.y - b.ry * 0.8), (x + 0.05 * b.s, b.y - b.ry * 0.2),
                                     (x - 0.02 * b.s, b.y + b.ry * 0.3), 5), 0.014 * b.s)


def _belly(pen: Pen, b: Body, breed: Breed) -> None:
    pen.ellipse(breed.light, b.x + b.f * b.rx * 0.1, b.y + b.ry * 0.45, b.rx * 0.72, b.ry * 0.45)


def _bib(pen: Pen, b: Body, breed: Breed) -> None:
    """A light chest and throat."""
    pen.ellipse(breed.light, b.x + b.f * b.rx * 0.72, b.y, b.ry * 0.5, b.ry * 0.8)


def _socks(pen: Pen, b: Body, breed: Breed) -> None:
    w = breed.leg_w * b.s
    for lx in b.legs:
        top = b.ground - (b.ground - b.y - b.ry) * 0.45
        pen.stroke(breed.light, [(lx, top), (lx, b.ground - w * 0.7)], w * 0.8)
        pen.ellipse(breed.light, lx + b.f * w * 0.5, b.ground - w * 0.55, w * 1.2, w * 0.62)


def _blaze(pen: Pen, b: Body, breed: Breed) -> None:
    """A light stripe up the face."""
    pen.stroke(breed.light, [(b.hx + b.f * 0.55 * b.hr, b.hy + 0.05 * b.hr),
                             (b.hx + b.f * 0.05 * b.hr, b.hy - 0.8 * b.hr)], 0.12 * b.hr)


def _bow(pen: Pen, b: Body, breed: Breed) -> None:
    x, y, r = b.hx, b.hy - 0.95 * b.hr, b.hr
    pen.figure([(Poly([(x, y), (x - 0.4 * r, y - 0.25 * r), (x - 0.4 * r, y + 0.2 * r)]), VERMILLION),
                (Poly([(x, y), (x + 0.4 * r, y - 0.25 * r), (x + 0.4 * r, y + 0.2 * r)]), VERMILLION),
                (Ellipse((x, y, 0.12 * r, 0.12 * r)), VERMILLION)], INK, 0.06 * r)


def _keg(pen: Pen, b: Body, breed: Breed) -> None:
    """The St Bernard's little barrel under its chin."""
    x, y, r = b.hx - b.f * 0.1 * b.hr, b.hy + 1.2 * b.hr, b.hr
    pen.line(INK, (x - 0.45 * r, y - 0.45 * r), (x + 0.45 * r, y - 0.45 * r), 0.1 * r)
    pen.figure([(Ellipse((x, y, 0.42 * r, 0.32 * r)), KEG)], INK, 0.08 * r)
    for dx in (-0.2, 0.2):
        pen.line(mix(KEG, INK, 0.45), (x + dx * r, y - 0.28 * r), (x + dx * r, y + 0.28 * r), 0.07 * r)


def _shaggy(pen: Pen, b: Body, breed: Breed) -> None:
    """Long hair falling from the belly (drawn as strands)."""
    for k in range(9):
        x = b.x - b.rx * 0.8 + k * b.rx * 0.2
        pen.stroke(mix(breed.fur, INK, 0.2), [(x, b.y + b.ry * 0.3), (x + b.f * 0.02 * b.s, b.y + b.ry * 1.1)],
                   0.012 * b.s)


MARKS: dict[str, Callable[[Pen, Body, Breed], None]] = {
    "spots": _spots, "saddle": _saddle, "patches": _patches, "merle": _merle, "brindle": _brindle,
    "belly": _belly, "bib": _bib, "socks": _socks, "blaze": _blaze, "bow": _bow, "keg": _keg,
    "shaggy": _shaggy, "tan_head": _tan_head,
}


def _ruff(b: Body, breed: Breed) -> Parts:
    """A fluffy collar (collies, St Bernards): a ring of tufts round the neck."""
    cx, cy, r = b.x + b.f * b.rx * 0.85, b.y - b.ry * 0.7, max(b.ry * 0.8, b.hr * 0.7)
    return [(Ellipse((cx + b.f * 0.12 * r * k, cy + 0.4 * r * (k - 1), r * 0.55, r * 0.42)), breed.light)
            for k in range(3)]


def _skirt(b: Body, breed: Breed) -> Parts:
    """Long hair hanging to the ground (a Yorkie)."""
    top = b.y
    foot = b.ground - 0.02 * b.s
    pts: list[UPoint] = [(b.x - b.rx * 1.02, top)]
    for k in range(7):
        x = b.x - b.rx * 1.02 + k * b.rx * 0.34
        pts.append((x + b.rx * 0.17, foot - (0.05 * b.s if k % 2 else 0)))
    pts.append((b.x + b.rx * 1.02, top))
    return [(Poly(pts), breed.fur)]


def stand(pen: Pen, x: float, y: float, s: float, breed: Breed, mood: str = "happy", facing: int = 1) -> None:
    """A dog standing on the ground at (``x``, ``y``), its body ``breed.length * s`` long, the
    head at the ``facing`` end (1: right)."""
    b = _body(x, y, s, breed, facing)
    ears = mix(breed.dark, breed.fur, 0.15) if breed.dark_ears else mix(breed.fur, INK, 0.12)
    far_kind = breed.far_ear or breed.ears
    far_ear = (_ear(far_kind, b, breed.ear_size, 0.95 if far_kind == "big" else 0.4), mix(ears, INK, 0.22))
    parts: Parts = [*_legs(b, breed, far=True), (_tail(breed.tail, b, breed.tail_w), breed.fur), far_ear]
    if "skirt" in breed.marks:
        parts += _skirt(b, breed)
    parts += [(Ellipse((b.x, b.y, b.rx, b.ry)), breed.fur),
              (Ellipse((b.x + facing * b.rx * 0.55, b.y - b.ry * 0.1, b.ry * 0.95, b.ry)), breed.fur)]
    if "skirt" not in breed.marks:
        parts += _legs(b, breed, far=False)
    near_ear = (_ear(breed.ears, b, breed.ear_size, 0.0), ears)
    parts += _head(b, breed)
    if "ruff" in breed.marks:   # over the neck, under the chin
        parts[-2:-2] = _ruff(b, breed)
    if breed.ears != "floppy":
        parts.append(near_ear)
    pen.figure(parts, INK, OUTLINE * s)
    if breed.ears in ("pointed", "big", "bat"):
        inner = _ear(breed.ears, b, breed.ear_size * 0.7, 0.08)
        pen.poly(mix(ears, PINK, 0.6), [(px + (b.hx - px) * 0.1, py + 0.12 * b.hr) for px, py in inner])
    for mark in breed.marks:
        if mark in MARKS:
            MARKS[mark](pen, b, breed)
    if breed.ears == "floppy":  # a flap over the head, outlined on its own
        pen.figure([near_ear], INK, OUTLINE * s * 0.6)
    _face(pen, b, breed, mood)


def height(breed: Breed) -> float:
    """How tall a standing dog is, in shares of its size (ground to the top of its head)."""
    return breed.legs + 2 * breed.depth + breed.neck + breed.head * (1.0 + max(0.5, breed.ear_size))
