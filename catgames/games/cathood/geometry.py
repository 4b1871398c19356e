"""The street spaces of the neighbourhood (spec section 3): a doubled lattice around the tiles.

Tile (r, c) has its centre at lattice point (2r+1, 2c+1); a *space* is a lattice point with
odd y + x: ``H(r,c)`` = (2r, 2c+1) is the street above tile (r, c) and ``V(r,c)`` = (2r+1, 2c)
the street to its left.  Linear moves follow the street and teleport at the border; diagonal
moves go round tile corners and bounce off the border.  Everything is computed once per grid
size, so the rules only index tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

N, E, S, W = range(4)                                  #: tile edge directions
LINEAR_DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
DIAGONAL_DIRS = {"NE": (-1, 1), "SE": (1, 1), "SW": (1, -1), "NW": (-1, -1)}
LINEAR_STEPS = (1, 2)
DIAGONAL_STEPS = (1, 2, 3)

Path = tuple[int, ...]    #: spaces visited after the start, in order


@dataclass(frozen=True, eq=False)
class Geometry:
    """Spaces, paths, adjacency and tile-edge contacts of an ``rows`` x ``cols`` grid.

    One object per grid size (``geometry`` caches them), compared and hashed by identity."""

    rows: int
    cols: int
    points: tuple[tuple[int, int], ...]               #: space -> lattice (y, x)
    names: tuple[str, ...]
    touch: tuple[tuple[tuple[int, int], ...], ...]     #: space -> ((tile position, edge dir), ...)
    facing: tuple[tuple[int, int, int, int], ...]      #: tile position -> space facing N, E, S, W
    linear: tuple[tuple[tuple[str, int, Path], ...], ...]    #: space -> (dir, steps, path)
    diagonal: tuple[tuple[tuple[str, int, Path], ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, int, int], ...]            #: (p, q, space between), p < q adjacent

    @property
    def size(self) -> int:
        return len(self.points)

    @property
    def positions(self) -> int:
        return self.rows * self.cols

    def space(self, name: str) -> int:
        """The index of a space written ``H(r,c)`` or ``V(r,c)`` (``ValueError`` otherwise)."""
        clean = "".join(name.split())
        if clean in self.names:
            return self.names.index(clean)
        raise ValueError(f"no space {name!r} on a {self.rows}x{self.cols} grid "
                         f"(H(r,c) with r 0..{self.rows}, c 0..{self.cols - 1}; "
                         f"V(r,c) with r 0..{self.rows - 1}, c 0..{self.cols})")

    def is_horizontal(self, space: int) -> bool:
        return self.points[space][0] % 2 == 0

    def position(self, row: int, col: int) -> int:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"no tile position ({row},{col}) on a {self.rows}x{self.cols} grid")
        return row * self.cols + col

    def cell(self, position: int) -> tuple[int, int]:
        return divmod(position, self.cols)

    def path(self, space: int, kind: str, direction: str, steps: int) -> Path | None:
        """The path of a linear or diagonal move, or ``None`` if the space cannot move that way."""
        table = self.linear if kind == "linear" else self.diagonal
        for d, n, p in table[space]:
            if d == direction and n == steps:
                return p
        return None

    def between(self, p: int, q: int) -> int | None:
        """The space between two orthogonally adjacent tile positions (``None`` if not adjacent)."""
        a, b = min(p, q), max(p, q)
        for x, y, s in self.pairs:
            if (x, y) == (a, b):
                return s
        return None


def _linear_path(start: tuple[int, int], d: tuple[int, int], steps: int, height: int,
                 width: int) -> list[tuple[int, int]]:
    """Spec 3.4: two lattice units per step; leaving the lattice re-enters at the other side."""
    y, x = start
    out = []
    for _ in range(steps):
        y, x = y + 2 * d[0], x + 2 * d[1]
        y = y + height if y < 0 else y - height if y > height else y
        x = x + width if x < 0 else x - width if x > width else x
        out.append((y, x))
    return out


def _diagonal_path(start: tuple[int, int], d: tuple[int, int], steps: int, height: int,
                   width: int) -> list[tuple[int, int]]:
    """Spec 3.5: one lattice unit per axis per step; a component that would leave flips."""
    (y, x), (dy, dx) = start, d
    out = []
    for _ in range(steps):
        if not 0 <= y + dy <= height:
            dy = -dy
        if not 0 <= x + dx <= width:
            dx = -dx
        y, x = y + dy, x + dx
        out.append((y, x))
    return out


@lru_cache(maxsize=None)
def geometry(rows: int, cols: int) -> Geometry:
    """The geometry of a ``rows`` x ``cols`` grid of tiles, built once."""
    height, width = 2 * rows, 2 * cols
    points = tuple((y, x) for y in range(height + 1) for x in range(width + 1) if (y + x) % 2)
    index = {pt: i for i, pt in enumerate(points)}
    names = []
    touch = []
    facing = [[-1] * 4 for _ in range(rows * cols)]
    for i, (y, x) in enumerate(points):
        contacts = []
        if y % 2 == 0:                      # H(r,c): tile above shows S, tile below shows N
            r, c = y // 2, x // 2
            names.append(f"H({r},{c})")
            if r >= 1:
                contacts.append(((r - 1) * cols + c, S))
            if r < rows:
                contacts.append((r * cols + c, N))
        else:                               # V(r,c): tile left shows E, tile right shows W
            r, c = y // 2, x // 2
            names.append(f"V({r},{c})")
            if c >= 1:
                contacts.append((r * cols + c - 1, E))
            if c < cols:
                contacts.append((r * cols + c, W))
        for p, d in contacts:
            facing[p][d] = i
        touch.append(tuple(contacts))
    linear = []
    diagonal = []
    neighbours = []
    for i, pt in enumerate(points):
        dirs = ("E", "W") if pt[0] % 2 == 0 else ("N", "S")
        linear.append(tuple((d, n, tuple(index[q] for q in _linear_path(pt, LINEAR_DIRS[d], n, height, width)))
                            for d in dirs for n in LINEAR_STEPS))
        diagonal.append(tuple((d, n, tuple(index[q] for q in _diagonal_path(pt, v, n, height, width)))
                              for d, v in DIAGONAL_DIRS.items() for n in DIAGONAL_STEPS))
        near = [p[0] for _, n, p in linear[-1] + diagonal[-1] if n == 1]
        neighbours.append(tuple(sorted(set(near) - {i})))
    pairs = []
    for r in range(rows):
        for c in range(cols):
            p = r * cols + c
            if c + 1 < cols:
                pairs.append((p, p + 1, facing[p][E]))
            if r + 1 < rows:
                pairs.append((p, p + cols, facing[p][S]))
    return Geometry(rows, cols, points, tuple(names), tuple(touch),
                    tuple((f[0], f[1], f[2], f[3]) for f in facing), tuple(linear), tuple(diagonal),
                    tuple(neighbours), tuple(sorted(pairs)))

