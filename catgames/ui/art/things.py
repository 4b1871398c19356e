"""Things in the house style, for the pictures of event cards and beside animals: treats, a
brush, muddy paw prints, a ball, a blanket, a teddy, a cushion, a lead, toys, catnip, a laser
pointer, a cat tree; and the little signs round a character (a heart, a storm cloud, Zs).

Each takes the point on the ground under its middle (``x``, ``y``) and a size ``s`` (about its
height), and is outlined in ink like the animals.
"""

from __future__ import annotations

import math

from catgames.ui.art.cats import INK, PINK, WHITE
from catgames.ui.art.covers import WOOD, WOOD_DARK, box, sparkle
from catgames.ui.art.pen import Color, Ellipse, Parts, Pen, Poly, Stroke, UPoint, curve, mix
from catgames.ui.theme import BLUE, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE, VERMILLION, YELLOW

BISCUIT = (0xE8, 0xC0, 0x88)
MUD = (0x7A, 0x52, 0x34)
FELT = (0xC8, 0xE0, 0x3A)     #: a tennis ball
SISAL = (0xD9, 0xC2, 0x8F)
MOUSE_GREY = (0x9A, 0x9C, 0xA8)


def _ring(s: float) -> float:
    return 0.045 * s


def _rect(x: float, y: float, w: float, h: float) -> Poly:
    return Poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])


def bone(pen: Pen, x: float, y: float, length: float, tilt: float = 0.0, colour: Color = BISCUIT) -> None:
    """A bone-shaped biscuit centred at (x, y), ``tilt`` radians from level."""
    dx, dy = math.cos(tilt) * length / 2, math.sin(tilt) * length / 2
    nx, ny = -dy * 0.35, dx * 0.35
    r = length * 0.16
    parts: Parts = [(Stroke(([(x - dx, y - dy), (x + dx, y + dy)], length * 0.12)), colour)]
    parts += [(Ellipse((x + e * dx + k * nx, y + e * dy + k * ny, r, r)), colour) for e in (-1, 1) for k in (-1, 1)]
    pen.figure(parts, INK, length * 0.06)


def treats(pen: Pen, x: float, y: float, s: float) -> None:
    """A bag of biscuits, open, bones spilling out in front."""
    bag = Poly([(x - 0.32 * s, y), (x - 0.28 * s, y - 0.78 * s), (x + 0.28 * s, y - 0.78 * s), (x + 0.32 * s, y)])
    fold = Poly([(x - 0.3 * s, y - 0.78 * s), (x - 0.24 * s, y - 0.92 * s), (x + 0.24 * s, y - 0.92 * s),
                 (x + 0.3 * s, y - 0.78 * s)])
    pen.figure([(bag, mix(VERMILLION, WHITE, 0.25)), (fold, mix(VERMILLION, INK, 0.2))], INK, _ring(s))
    pen.figure([(Ellipse((x, y - 0.42 * s, 0.18 * s, 0.18 * s)), WHITE)], INK, _ring(s) * 0.6)
    bone(pen, x, y - 0.42 * s, 0.26 * s)
    for bx, by, t in ((-0.5, -0.06, 0.3), (0.48, -0.08, -0.5), (0.3, -0.02, 0.1)):
        bone(pen, x + bx * s, y + by * s, 0.3 * s, t)


def brush(pen: Pen, x: float, y: float, s: float) -> None:
    """A grooming brush lying on its back, a comb beside it, and sparkles: clean fur."""
    pen.figure([(Stroke(([(x - 0.75 * s, y - 0.2 * s), (x - 0.15 * s, y - 0.22 * s)], 0.07 * s)), WOOD),
                (Ellipse((x + 0.22 * s, y - 0.24 * s, 0.4 * s, 0.17 * s)), WOOD)], INK, _ring(s))
    pen.ellipse(mix(REDDISH_PURPLE, WHITE, 0.4), x + 0.22 * s, y - 0.28 * s, 0.32 * s, 0.1 * s)
    for k in range(-5, 6):
        bx = x + 0.22 * s + k * 0.05 * s
        pen.line(INK, (bx, y - 0.32 * s), (bx, y - 0.5 * s + abs(k) * 0.012 * s), 0.018 * s)
    comb = [_rect(x - 0.55 * s, y - 0.62 * s, 0.5 * s, 0.08 * s)]
    comb += [_rect(x - 0.53 * s + k * 0.06 * s, y - 0.56 * s, 0.025 * s, 0.16 * s) for k in range(8)]
    pen.figure([(c, SKY_BLUE) for c in comb], INK, _ring(s) * 0.5)
    sparkle(pen, x + 0.55 * s, y - 0.75 * s, 0.12 * s, YELLOW)
    sparkle(pen, x - 0.05 * s, y - 0.9 * s, 0.08 * s, YELLOW)


def paw_print(pen: Pen, x: float, y: float, r: float, colour: Color = MUD, tilt: float = 0.0) -> None:
    """One print: the pad and four toes, pointing ``tilt`` radians right of up."""
    c, s_ = math.cos(tilt), math.sin(tilt)

    def at(u: float, v: float) -> UPoint:
        return x + u * c - v * s_, y + u * s_ + v * c

    pen.ellipse(colour, *at(0, 0.25 * r), 0.55 * r, 0.45 * r)
    for u, v in ((-0.62, -0.35), (-0.22, -0.72), (0.22, -0.72), (0.62, -0.35)):
        pen.ellipse(colour, *at(u * r, v * r), 0.22 * r, 0.27 * r)


def muddy_paws(pen: Pen, x: float, y: float, s: float) -> None:
    """A puddle and a trail of muddy prints leading away from it across the floor."""
    pen.figure([(Ellipse((x - 0.55 * s, y - 0.1 * s, 0.3 * s, 0.1 * s)), mix(MUD, SKY_BLUE, 0.25))], INK, _ring(s) * 0.6)
    for k in range(4):
        px = x - 0.2 * s + k * 0.3 * s
        py = y - 0.22 * s - k * 0.16 * s + (0.12 * s if k % 2 else 0)
        paw_print(pen, px, py, 0.14 * s, MUD, 0.9)


def ball(pen: Pen, x: float, y: float, r: float, colour: Color = FELT) -> None:
    """A tennis ball resting on the ground at (x, y)."""
    pen.figure([(Ellipse((x, y - r, r, r)), colour)], INK, r * 0.12)
    pen.stroke(WHITE, curve((x - r * 0.8, y - r * 1.55), (x, y - r), (x - r * 0.8, y - r * 0.45), 10), r * 0.07)
    pen.stroke(WHITE, curve((x + r * 0.8, y - r * 1.55), (x + r * 0.1, y - r), (x + r * 0.8, y - r * 0.45), 10), r * 0.07)


def zoomies(pen: Pen, x: float, y: float, s: float) -> None:
    """A ball flying past, speed lines and dust puffs behind it: something tearing round."""
    ball(pen, x + 0.45 * s, y - 0.2 * s, 0.28 * s)
    for k, dy in enumerate((-0.72, -0.48, -0.24)):
        pen.stroke(INK, [(x - 0.7 * s + k * 0.1 * s, y + dy * s), (x + 0.02 * s, y + dy * s)], 0.03 * s)
    pen.figure([(Ellipse((x - 0.55 * s + k * 0.22 * s, y - 0.08 * s - k * 0.02 * s, 0.1 * s + k * 0.03 * s,
                          0.08 * s + k * 0.02 * s)), mix(BISCUIT, WHITE, 0.5)) for k in range(3)], INK, _ring(s) * 0.5)
    sparkle(pen, x + 0.1 * s, y - 0.95 * s, 0.1 * s, YELLOW)


def blanket(pen: Pen, x: float, y: float, s: float) -> None:
    """A folded tartan blanket, fringed at both ends."""
    for k, colour in enumerate((BLUE, mix(BLUE, SKY_BLUE, 0.5))):
        top = y - 0.32 * s - k * 0.3 * s
        left = x - 0.62 * s + k * 0.05 * s
        pen.figure([(_rect(left, top, 1.2 * s, 0.3 * s), colour)], INK, _ring(s))
        for u in range(1, 6):
            pen.line(mix(colour, WHITE, 0.45), (left + u * 0.2 * s, top), (left + u * 0.2 * s, top + 0.3 * s), 0.03 * s)
        pen.line(mix(colour, YELLOW, 0.55), (left, top + 0.15 * s), (left + 1.2 * s, top + 0.15 * s), 0.03 * s)
        for end in (left - 0.02 * s, left + 1.22 * s):
            for j in range(4):
                fy = top + 0.05 * s + j * 0.07 * s
                pen.line(BLUE, (end, fy), (end + (0.07 * s if end > x else -0.07 * s), fy + 0.01 * s), 0.025 * s)


def teddy(pen: Pen, x: float, y: float, s: float, fur: Color = (0xC0, 0x8A, 0x58)) -> None:
    """A sitting teddy bear, a button nose and a stitched smile."""
    r = 0.22 * s
    hy = y - 0.72 * s
    parts: Parts = [(Ellipse((x + side * 0.2 * s, y - 0.08 * s, 0.13 * s, 0.1 * s)), fur) for side in (-1, 1)]
    parts += [(Ellipse((x + side * 0.26 * s, y - 0.4 * s, 0.09 * s, 0.15 * s)), fur) for side in (-1, 1)]
    parts += [(Ellipse((x, y - 0.3 * s, 0.26 * s, 0.3 * s)), fur)]
    parts += [(Ellipse((x + side * 0.8 * r, hy - 0.8 * r, 0.4 * r, 0.4 * r)), fur) for side in (-1, 1)]
    parts += [(Ellipse((x, hy, r * 1.1, r)), fur)]
    pen.figure(parts, INK, _ring(s))
    light = mix(fur, WHITE, 0.5)
    pen.ellipse(light, x, y - 0.26 * s, 0.15 * s, 0.17 * s)
    pen.ellipse(light, x, hy + 0.35 * r, 0.45 * r, 0.35 * r)
    for side in (-1, 1):
        pen.circle(light, x + side * 0.8 * r, hy - 0.8 * r, 0.2 * r)
        pen.circle(INK, x + side * 0.4 * r, hy - 0.1 * r, 0.1 * r)
    pen.ellipse(INK, x, hy + 0.22 * r, 0.14 * r, 0.1 * r)
    pen.stroke(INK, curve((x - 0.18 * r, hy + 0.48 * r), (x, hy + 0.62 * r), (x + 0.18 * r, hy + 0.48 * r), 6), 0.04 * r)
    heart(pen, x, y - 0.3 * s, 0.07 * s)


def stuffed_toys(pen: Pen, x: float, y: float, s: float) -> None:
    """A teddy bear and a plush bone."""
    teddy(pen, x - 0.2 * s, y, s)
    bone(pen, x + 0.5 * s, y - 0.1 * s, 0.42 * s, -0.35, mix(SKY_BLUE, WHITE, 0.35))


def cushion(pen: Pen, x: float, y: float, s: float, colour: Color = REDDISH_PURPLE) -> None:
    """A plump square cushion with a button and tassels at its corners."""
    w, h = 0.75 * s, 0.32 * s
    cy = y - h
    shape = Poly([(x - w, cy), (x - w * 0.6, cy - h * 0.9), (x, cy - h * 1.05), (x + w * 0.6, cy - h * 0.9),
                  (x + w, cy), (x + w * 0.6, cy + h * 0.9), (x, cy + h), (x - w * 0.6, cy + h * 0.9)])
    tassels: Parts = [(Ellipse((x + side * w * 1.02, cy, 0.06 * s, 0.1 * s)), YELLOW) for side in (-1, 1)]
    pen.figure([*tassels, (shape, colour)], INK, _ring(s))
    pen.ellipse(mix(colour, WHITE, 0.3), x - w * 0.2, cy - h * 0.45, w * 0.4, h * 0.25)
    pen.figure([(Ellipse((x, cy, 0.06 * s, 0.06 * s)), YELLOW)], INK, _ring(s) * 0.5)
    for side in (-1, 1):
        pen.stroke(mix(colour, INK, 0.3), curve((x + side * 0.08 * s, cy), (x + side * w * 0.4, cy - h * 0.2),
                                                (x + side * w * 0.75, cy - h * 0.05), 8), 0.015 * s)


def lead(pen: Pen, x: float, y: float, s: float) -> None:
    """A dog's lead lying in loops: the handle, the cord, the clip on a collar with its tag."""
    cord = VERMILLION
    handle = [(x - 0.7 * s + 0.18 * s * math.cos(a / 10 * math.tau), y - 0.62 * s + 0.16 * s * math.sin(a / 10 * math.tau))
              for a in range(11)]
    loop = curve((x - 0.55 * s, y - 0.55 * s), (x - 0.3 * s, y + 0.2 * s), (x, y - 0.3 * s), 12)
    loop += curve((x, y - 0.3 * s), (x + 0.3 * s, y - 0.85 * s), (x + 0.3 * s, y - 0.3 * s), 12)[1:]
    pen.figure([(Stroke((handle, 0.05 * s)), cord), (Stroke((loop, 0.04 * s)), cord)], INK, _ring(s) * 0.6)
    collar = [(x + 0.55 * s + 0.22 * s * math.cos(a / 16 * math.tau), y - 0.25 * s + 0.12 * s * math.sin(a / 16 * math.tau))
              for a in range(17)]
    pen.figure([(Stroke((collar, 0.05 * s)), BLUE)], INK, _ring(s) * 0.6)
    pen.figure([(_rect(x + 0.26 * s, y - 0.36 * s, 0.1 * s, 0.08 * s), SKY_BLUE)], INK, _ring(s) * 0.5)
    pen.figure([(Ellipse((x + 0.55 * s, y - 0.06 * s, 0.07 * s, 0.07 * s)), YELLOW)], INK, _ring(s) * 0.5)


def cardboard_box(pen: Pen, x: float, y: float, s: float) -> None:
    """An open cardboard box, flaps up: irresistible."""
    box(pen, x - 0.55 * s, y - 0.62 * s, 1.0 * s, 0.6 * s)


def toy_mouse(pen: Pen, x: float, y: float, s: float, facing: int = -1) -> None:
    """A grey felt mouse on a string tail; ``s`` is its length."""
    f = facing
    tail = Stroke((curve((x - f * 0.4 * s, y - 0.1 * s), (x - f * 0.7 * s, y - 0.3 * s), (x - f * 0.9 * s, y - 0.05 * s), 8),
                   0.02 * s))
    body = Poly([(x + f * 0.5 * s, y - 0.12 * s), (x, y - 0.45 * s), (x - f * 0.45 * s, y - 0.3 * s), (x - f * 0.45 * s, y),
                 (x + f * 0.2 * s, y)])
    ear = Ellipse((x + f * 0.12 * s, y - 0.42 * s, 0.1 * s, 0.1 * s))
    pen.figure([(tail, PINK), (body, MOUSE_GREY), (ear, MOUSE_GREY)], INK, 0.05 * s)
    pen.circle(PINK, x + f * 0.12 * s, y - 0.42 * s, 0.05 * s)
    pen.circle(INK, x + f * 0.3 * s, y - 0.2 * s, 0.03 * s)
    pen.circle(PINK, x + f * 0.5 * s, y - 0.12 * s, 0.04 * s)


def yarn(pen: Pen, x: float, y: float, r: float, colour: Color = SKY_BLUE, loose: float = 1.0) -> None:
    """A ball of wool on the ground, its loose end trailing ``loose`` radii to the left."""
    dark = mix(colour, INK, 0.35)
    if loose:
        pen.stroke(colour, curve((x - r * 0.6, y - r * 0.2), (x - r * (0.8 + loose), y + r * 0.2),
                                 (x - r * (1.0 + loose * 1.5), y - r * 0.1), 10), r * 0.08)
    pen.figure([(Ellipse((x, y - r, r, r)), colour)], INK, r * 0.12)
    for k in (-0.45, 0.0, 0.45):
        pen.stroke(dark, curve((x - r * 0.75, y - r + k * r), (x, y - r * 1.45 + k * r), (x + r * 0.8, y - r * 0.9 + k * r), 8),
                   r * 0.05)


def cat_toys(pen: Pen, x: float, y: float, s: float) -> None:
    """A feather on a wand over a felt mouse and a ball with a bell."""
    pen.stroke(WOOD_DARK, curve((x - 0.75 * s, y - 0.05 * s), (x - 0.3 * s, y - 1.0 * s), (x + 0.35 * s, y - 0.9 * s), 10),
               0.025 * s)
    feather = Poly([(x + 0.35 * s, y - 0.9 * s), (x + 0.45 * s, y - 0.72 * s), (x + 0.62 * s, y - 0.62 * s),
                    (x + 0.5 * s, y - 0.82 * s)])
    pen.figure([(feather, REDDISH_PURPLE)], INK, _ring(s) * 0.6)
    toy_mouse(pen, x - 0.05 * s, y, 0.5 * s, facing=1)
    pen.figure([(Ellipse((x + 0.55 * s, y - 0.16 * s, 0.16 * s, 0.16 * s)), VERMILLION)], INK, _ring(s) * 0.6)
    pen.circle(YELLOW, x + 0.55 * s, y - 0.12 * s, 0.06 * s)
    pen.circle(INK, x + 0.55 * s, y - 0.1 * s, 0.02 * s)


def leaf(pen: Pen, x: float, y: float, length: float, angle: float, colour: Color) -> None:
    """A pointed leaf growing from (x, y) at ``angle`` radians (0: to the right, up is negative)."""
    c, n = (math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle))
    pts = [(x + c[0] * length * t + n[0] * length * w, y + c[1] * length * t + n[1] * length * w)
           for t, w in ((0, 0), (0.3, 0.22), (0.7, 0.2), (1, 0), (0.7, -0.2), (0.3, -0.22))]
    pen.figure([(Poly(pts), colour)], INK, length * 0.07)
    pen.line(mix(colour, INK, 0.35), (x, y), (x + c[0] * length * 0.8, y + c[1] * length * 0.8), length * 0.04)


def catnip(pen: Pen, x: float, y: float, s: float) -> None:
    """A sprig of catnip in a little pot: pointed leaves in pairs up a stem, twinkling."""
    pen.stroke(INK, [(x, y - 0.3 * s), (x, y - 0.98 * s)], 0.035 * s)
    pen.stroke(mix(BLUISH_GREEN, INK, 0.2), [(x, y - 0.3 * s), (x, y - 0.98 * s)], 0.018 * s)
    for k, (ly, size) in enumerate(((0.42, 0.42), (0.65, 0.34), (0.85, 0.26))):
        for side in (-1, 1):
            leaf(pen, x, y - ly * s, size * s, -math.pi / 2 + side * (1.15 - 0.15 * k), mix(BLUISH_GREEN, YELLOW, 0.15 * k))
    leaf(pen, x, y - 0.95 * s, 0.2 * s, -math.pi / 2, mix(BLUISH_GREEN, YELLOW, 0.4))
    pot = Poly([(x - 0.28 * s, y - 0.32 * s), (x + 0.28 * s, y - 0.32 * s), (x + 0.2 * s, y), (x - 0.2 * s, y)])
    pen.figure([(pot, mix(VERMILLION, WOOD, 0.5))], INK, _ring(s) * 0.7)
    sparkle(pen, x + 0.5 * s, y - 0.95 * s, 0.1 * s, YELLOW)
    sparkle(pen, x - 0.5 * s, y - 0.75 * s, 0.08 * s, YELLOW)


def collar(pen: Pen, x: float, y: float, r: float) -> None:
    """A collar with a round name tag, round a neck of half-width ``r`` at (x, y): someone's own."""
    pen.figure([(Stroke((curve((x - r, y - 0.1 * r), (x, y + 0.25 * r), (x + r, y - 0.1 * r), 8), 0.14 * r)), VERMILLION),
                (Ellipse((x, y + 0.35 * r, 0.22 * r, 0.22 * r)), YELLOW)], INK, 0.08 * r)


def laser_pointer(pen: Pen, x: float, y: float, s: float) -> None:
    """A laser pointer held up, its beam ending in a bright red dot on the floor."""
    tip = (x + 0.05 * s, y - 0.6 * s)
    dot = (x + 0.62 * s, y - 0.08 * s)
    with pen.glaze(110):
        pen.stroke(VERMILLION, [tip, dot], 0.02 * s)
        pen.ellipse(VERMILLION, dot[0], dot[1], 0.2 * s, 0.07 * s)
    body = Stroke(([(x - 0.45 * s, y - 1.0 * s), tip], 0.08 * s))
    pen.figure([(body, mix(BLUE, INK, 0.3))], INK, _ring(s) * 0.6)
    pen.figure([(Ellipse((x - 0.22 * s, y - 0.82 * s, 0.05 * s, 0.05 * s)), VERMILLION)], INK, _ring(s) * 0.4)
    pen.ellipse(VERMILLION, dot[0], dot[1], 0.07 * s, 0.035 * s)
    pen.ellipse(WHITE, dot[0], dot[1], 0.03 * s, 0.015 * s)


def cat_tree(pen: Pen, x: float, y: float, s: float) -> None:
    """A carpeted cat tree: a sisal post, three platforms, a den with a round door, a dangling toy."""
    carpet = mix(SKY_BLUE, WHITE, 0.2)
    posts = [_rect(x - 0.08 * s, y - 0.95 * s, 0.16 * s, 0.9 * s), _rect(x + 0.28 * s, y - 0.55 * s, 0.12 * s, 0.5 * s)]
    pads = [_rect(x - 0.55 * s, y - 0.08 * s, 1.1 * s, 0.08 * s), _rect(x - 0.45 * s, y - 0.6 * s, 0.45 * s, 0.07 * s),
            _rect(x - 0.05 * s, y - 1.0 * s, 0.4 * s, 0.07 * s)]
    den = _rect(x + 0.12 * s, y - 0.72 * s, 0.4 * s, 0.3 * s)
    pen.figure([*[(p, SISAL) for p in posts], (den, carpet), *[(p, carpet) for p in pads]], INK, _ring(s) * 0.7)
    pen.figure([(Ellipse((x + 0.32 * s, y - 0.56 * s, 0.1 * s, 0.1 * s)), mix(carpet, INK, 0.55))], INK, _ring(s) * 0.3)
    for k in range(7):
        sy = y - 0.85 * s + k * 0.1 * s
        pen.line(mix(SISAL, WOOD_DARK, 0.5), (x - 0.08 * s, sy), (x + 0.08 * s, sy + 0.03 * s), 0.012 * s)
    pen.line(INK, (x - 0.35 * s, y - 0.53 * s), (x - 0.35 * s, y - 0.3 * s), 0.012 * s)
    pen.figure([(Ellipse((x - 0.35 * s, y - 0.25 * s, 0.06 * s, 0.06 * s)), ORANGE)], INK, _ring(s) * 0.4)


# -- signs round a character -------------------------------------------------------------------
def heart(pen: Pen, x: float, y: float, r: float, colour: Color = VERMILLION) -> None:
    pts = [(x + r * 1.0 * math.sin(t) ** 3, y - r * (0.8 * math.cos(t) - 0.3 * math.cos(2 * t) - 0.12 * math.cos(3 * t)
                                                  - 0.05 * math.cos(4 * t)))
           for t in (i / 24 * math.tau for i in range(24))]
    pen.figure([(Poly(pts), colour)], INK, r * 0.18)


def storm(pen: Pen, x: float, y: float, r: float) -> None:
    """A little grey cloud with a scribble of lightning: a bad mood."""
    grey = (0x8A, 0x88, 0x96)
    pen.figure([(Ellipse((x + dx * r, y + dy * r, rr * r, rr * r)), grey)
                for dx, dy, rr in ((-0.6, 0.1, 0.5), (0.0, -0.15, 0.65), (0.6, 0.1, 0.5))], INK, r * 0.12)
    pen.figure([(Poly([(x - 0.05 * r, y + 0.5 * r), (x + 0.25 * r, y + 0.5 * r), (x + 0.0 * r, y + 0.9 * r),
                       (x + 0.25 * r, y + 0.9 * r), (x - 0.2 * r, y + 1.5 * r), (x - 0.05 * r, y + 1.0 * r),
                       (x - 0.3 * r, y + 1.0 * r)]), YELLOW)], INK, r * 0.1)


def zees(pen: Pen, x: float, y: float, r: float) -> None:
    """Two Zs floating up: asleep (drawn, not lettered)."""
    for k, size in enumerate((r, r * 0.7)):
        zx, zy = x + k * r * 1.1, y - k * r * 1.2
        pen.stroke(BLUE, [(zx - size / 2, zy - size / 2), (zx + size / 2, zy - size / 2), (zx - size / 2, zy + size / 2),
                          (zx + size / 2, zy + size / 2)], size * 0.12)


def sweat(pen: Pen, x: float, y: float, r: float) -> None:
    """A drop of nervous sweat and two tremble lines."""
    pen.figure([(Poly([(x, y - r), (x + r * 0.55, y + r * 0.2), (x, y + r * 0.6), (x - r * 0.55, y + r * 0.2)]),
                 mix(SKY_BLUE, WHITE, 0.3))], INK, r * 0.15)


def tremble(pen: Pen, x: float, y: float, h: float) -> None:
    """Short wavy lines either side of something shaking; (x, y) the middle, ``h`` apart."""
    for side in (-1, 1):
        for k in (-1, 1):
            bx = x + side * h
            pen.stroke(INK, [(bx, y + k * h * 0.25 - h * 0.1), (bx + side * h * 0.08, y + k * h * 0.25),
                             (bx, y + k * h * 0.25 + h * 0.1)], h * 0.02)


def bowl(pen: Pen, x: float, y: float, r: float, food: bool = True) -> None:
    """A food bowl, full of kibble if ``food``."""
    if food:
        pen.figure([(Ellipse((x + dx * r, y - r * 0.55 - dy * r, r * 0.18, r * 0.14)), mix(WOOD, ORANGE, 0.3))
                    for dx, dy in ((-0.45, 0), (-0.15, 0.12), (0.15, 0.05), (0.45, 0), (0.0, 0.22))], INK, r * 0.05)
    pen.figure([(Poly([(x - r, y - r * 0.55), (x + r, y - r * 0.55), (x + r * 0.7, y), (x - r * 0.7, y)]), VERMILLION)],
               INK, r * 0.1)
    pen.ellipse(mix(VERMILLION, WHITE, 0.35), x, y - r * 0.3, r * 0.3, r * 0.12)


def butterfly(pen: Pen, x: float, y: float, r: float) -> None:
    wings: Parts = [(Ellipse((x + side * r * 0.5, y - r * 0.3, r * 0.5, r * 0.45)), YELLOW) for side in (-1, 1)]
    wings += [(Ellipse((x + side * r * 0.4, y + r * 0.35, r * 0.35, r * 0.3)), ORANGE) for side in (-1, 1)]
    pen.figure([*wings, (Ellipse((x, y, r * 0.12, r * 0.55)), INK)], INK, r * 0.1)


def halo(pen: Pen, x: float, y: float, r: float, colour: Color = YELLOW) -> None:
    """A soft glow behind a calm head."""
    with pen.glaze(90):
        pen.circle(mix(colour, WHITE, 0.3), x, y, r)
    with pen.glaze(120):
        pen.circle(mix(colour, WHITE, 0.55), x, y, r * 0.8)

