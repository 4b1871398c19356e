"""More cat poses for pictures that must say what a cat is like by its body alone: flopped on
its back, arched and bristling, crouched to pounce, and a fluffy coat's halo of fur.  They
share the heads, paws, tails and coat marks of ``cats``, so they match the covers.
"""

from __future__ import annotations

import math

from catgames.ui.art.cats import (INK, OUTLINE, WHITE, Coat, _body_marks, _head_marks, _head_parts,
                                  _tail_tip, face)
from catgames.ui.art.pen import Ellipse, Parts, Pen, Poly, Stroke, UPoint, curve, mix


def _paw_colour(coat: Coat) -> tuple[int, ...]:
    return tuple(WHITE if coat.pattern == "tuxedo" else coat.fur)


def flop(pen: Pen, x: float, y: float, s: float, coat: Coat, mood: str = "glad") -> None:
    """Flopped on its back, belly up, paws in the air, the head on the floor at the left."""
    r = 0.36 * s
    hx, hy = x - 0.62 * s, y - r * 0.92
    paw = _paw_colour(coat)
    legs: Parts = []
    for dx, lean in ((-0.3, -0.12), (-0.12, 0.05), (0.2, -0.06), (0.38, 0.1)):
        top = (x + (dx + lean) * s, y - 0.78 * s)
        legs.append((Stroke(([(x + dx * s, y - 0.4 * s), top], 0.08 * s)), paw))
        legs.append((Ellipse((top[0], top[1] - 0.03 * s, 0.1 * s, 0.08 * s)), paw))
    tail = Stroke((curve((x + 0.6 * s, y - 0.15 * s), (x + 0.95 * s, y - 0.05 * s), (x + 0.95 * s, y - 0.35 * s)),
                   0.07 * s))
    parts: Parts = [(tail, coat.fur), *legs, (Ellipse((x, y - 0.28 * s, 0.66 * s, 0.28 * s)), coat.fur),
                     *_head_parts(hx, hy, r, coat)]
    pen.figure(parts, INK, OUTLINE * s)
    _tail_tip(pen, tail, coat)
    pen.ellipse(mix(coat.light, WHITE, 0.3), x + 0.02 * s, y - 0.4 * s, 0.42 * s, 0.13 * s)  # the belly
    _head_marks(pen, hx, hy, r, coat)
    face(pen, hx, hy, r, mood)


def _spikes(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int, grow: float) -> list[UPoint]:
    """Points round an ellipse's arc from ``a0`` to ``a1`` (radians), every other one ``grow``
    further out: bristling fur."""
    pts = []
    for i in range(n + 1):
        a = a0 + (a1 - a0) * i / n
        k = grow if i % 2 else 0.0
        pts.append((cx + (rx + k) * math.cos(a), cy + (ry + k) * math.sin(a)))
    return pts


def arch(pen: Pen, x: float, y: float, s: float, coat: Coat, facing: int = 1) -> None:
    """Arched up and bristling, side on, the tail puffed, ears flat, hissing at the viewer."""
    f = facing
    r = 0.34 * s
    hx, hy = x + f * 0.62 * s, y - 0.62 * s
    legs = [(Stroke(([(x + dx * s, y - 0.5 * s), (x + dx * s * 1.1, y - 0.05 * s)], 0.075 * s)), _paw_colour(coat))
            for dx in (-0.42, -0.3, 0.3, 0.42)]
    back = Poly([(x - 0.5 * s, y - 0.45 * s), *_spikes(x, y - 0.55 * s, 0.52 * s, 0.5 * s, math.pi * 1.02,
                                                        math.pi * 1.98, 16, 0.09 * s), (x + 0.5 * s, y - 0.45 * s)])
    tail_pts = curve((x - f * 0.48 * s, y - 0.6 * s), (x - f * 0.75 * s, y - 0.8 * s), (x - f * 0.62 * s, y - 1.25 * s))
    fluff = [(Ellipse((px, py, 0.13 * s, 0.13 * s)), coat.fur) for px, py in tail_pts[2::3]]
    parts: Parts = [*fluff, (Stroke((tail_pts, 0.1 * s)), coat.fur), *legs, (back, coat.fur),
                     *_head_parts(hx, hy, r, coat, "flat")]
    pen.figure(parts, INK, OUTLINE * s)
    _body_marks(pen, x, y - 0.62 * s, s, coat, 0.32, 0.22)
    _head_marks(pen, hx, hy, r, coat, "flat")
    face(pen, hx, hy, r, "hiss")


def crouch(pen: Pen, x: float, y: float, s: float, coat: Coat, facing: int = 1) -> None:
    """Crouched to pounce: chin and front paws low, hind end up, the tail stiff, eyes on the prey."""
    f = facing
    r = 0.34 * s
    hx, hy = x + f * 0.58 * s, y - 0.36 * s
    tail = Stroke((curve((x - f * 0.5 * s, y - 0.62 * s), (x - f * 0.85 * s, y - 0.85 * s),
                         (x - f * 1.0 * s, y - 0.7 * s)), 0.07 * s))
    body = Stroke(([(x - f * 0.38 * s, y - 0.48 * s), (x + f * 0.28 * s, y - 0.26 * s)], 0.24 * s))
    haunch = Ellipse((x - f * 0.36 * s, y - 0.36 * s, 0.26 * s, 0.3 * s))
    front = [(Ellipse((x + f * (0.5 + dx) * s, y - 0.05 * s, 0.16 * s, 0.07 * s)), _paw_colour(coat)) for dx in (0.0, 0.22)]
    hind = Ellipse((x - f * 0.3 * s, y - 0.06 * s, 0.2 * s, 0.08 * s))
    parts: Parts = [(tail, coat.fur), (hind, _paw_colour(coat)), (haunch, coat.fur), (body, coat.fur), *front,
                     *_head_parts(hx, hy, r, coat)]
    pen.figure(parts, INK, OUTLINE * s)
    _tail_tip(pen, tail, coat)
    _body_marks(pen, x - f * 0.05 * s, y - 0.4 * s, s, coat, 0.3, 0.18)
    _head_marks(pen, hx, hy, r, coat)
    face(pen, hx, hy, r, "wide", look=f)
    for k in range(3):  # the hind end wiggles before the leap
        a = x - f * (0.66 + 0.1 * k) * s
        pen.stroke(INK, curve((a, y - 0.75 * s - 0.06 * k * s), (a - f * 0.05 * s, y - 0.66 * s),
                              (a, y - 0.58 * s + 0.04 * k * s), 5), 0.018 * s)


def fluff(pen: Pen, x: float, y: float, s: float, coat: Coat) -> None:
    """A halo of long fur round a sitting cat's body and cheeks (paint before ``cats.sit`` with
    the same ``x``, ``y``, ``s``): a fluffy cat."""
    tufts: Parts = [(Ellipse((px, py, 0.15 * s, 0.15 * s)), coat.fur)
                     for px, py in _spikes(x, y - 0.42 * s, 0.48 * s, 0.44 * s, math.pi * 0.95, math.pi * 2.05, 10, 0.0)]
    tufts += [(Ellipse((x + side * 0.46 * s, y - 0.88 * s, 0.16 * s, 0.14 * s)), coat.fur) for side in (-1, 1)]
    tufts += [(Ellipse((x + side * 0.3 * s, y - 0.78 * s, 0.14 * s, 0.14 * s)), coat.fur) for side in (-1, 1)]
    tufts += [(Ellipse((x + side * 0.22 * s, y - 0.52 * s, 0.2 * s, 0.22 * s)), coat.light) for side in (-1, 1)]
    pen.figure(tufts, INK, OUTLINE * s)


def raised_paw(pen: Pen, x: float, y: float, s: float, coat: Coat, side: int = 1) -> None:
    """A sitting cat's front paw lifted out to the ``side`` (batting at a toy, waving)."""
    pen.figure([(Stroke(([(x + side * 0.2 * s, y - 0.5 * s), (x + side * 0.5 * s, y - 0.62 * s)], 0.08 * s)),
                 coat.fur), (Ellipse((x + side * 0.55 * s, y - 0.64 * s, 0.1 * s, 0.08 * s)), _paw_colour(coat))],
               INK, OUTLINE * s)

