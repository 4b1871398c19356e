"""Grid geometry shared by the tile games: polyomino orientations and regions on bitmask boards.

A board of ``rows x cols`` cells is one Python int with bit ``row * cols + col`` per cell; big-int
shifts make dilation and flood fill fast enough for search without numpy.
"""

from __future__ import annotations

from typing import Iterable, Iterator

Cell = tuple[int, int]
Shape = frozenset[Cell]


def parse_pattern(rows: Iterable[str], filled: str = "#") -> Shape:
    """The cells marked ``filled`` in a list of pattern rows (row 0 first)."""
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == filled)


def normalize(cells: Iterable[Cell]) -> Shape:
    """Shift a cell set so its bounding box starts at (0, 0)."""
    cells = list(cells)
    if not cells:
        return frozenset()
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def bounds(cells: Iterable[Cell]) -> tuple[int, int]:
    """(height, width) of a normalized cell set's bounding box."""
    cells = list(cells)
    if not cells:
        return 0, 0
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1


def rotate_cw(cells: Shape, turns: int = 1) -> Shape:
    """Rotate a normalized shape clockwise by ``turns`` quarter turns (``q[r][c] = p[h-1-c][r]``)."""
    shape = normalize(cells)
    for _ in range(turns % 4):
        height, _ = bounds(shape)
        shape = frozenset((c, height - 1 - r) for r, c in shape)
    return shape


def orientations(cells: Shape, reflect: bool = False) -> list[tuple[int, Shape]]:
    """Distinct orientations as ``(rot, shape)``, keeping the lowest ``rot`` of each duplicate.

    With ``reflect`` the mirror images follow, numbered ``4..7``.
    """
    seen: set[Shape] = set()
    result: list[tuple[int, Shape]] = []
    base = normalize(cells)
    variants = [base]
    if reflect:
        variants.append(frozenset((r, -c) for r, c in base))
    for v, variant in enumerate(variants):
        for turn in range(4):
            shape = rotate_cw(variant, turn)
            if shape not in seen:
                seen.add(shape)
                result.append((v * 4 + turn, shape))
    return result


def render(cells: Shape) -> list[str]:
    """Pattern rows of a normalized shape (the inverse of ``parse_pattern``)."""
    height, width = bounds(cells)
    return ["".join("#" if (r, c) in cells else "." for c in range(width)) for r in range(height)]


class BitGrid:
    """Bitmask geometry of a rectangular board: cells, masks, dilation and regions."""

    def __init__(self, rows: int, cols: int) -> None:
        if rows <= 0 or cols <= 0:
            raise ValueError(f"a grid needs positive size, got {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        self.full = (1 << self.size) - 1
        first_col = 0
        for r in range(rows):
            first_col |= 1 << (r * cols)
        self.first_col = first_col
        self.last_col = first_col << (cols - 1)

    def bit(self, row: int, col: int) -> int:
        return 1 << (row * self.cols + col)

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def mask(self, cells: Iterable[Cell]) -> int:
        m = 0
        for r, c in cells:
            if not self.contains(r, c):
                raise ValueError(f"cell {(r, c)} is outside the {self.rows}x{self.cols} grid")
            m |= 1 << (r * self.cols + c)
        return m

    def cells(self, mask: int) -> list[Cell]:
        """The cells of ``mask`` in reading order."""
        cols = self.cols
        return [divmod(i, cols) for i in bit_indices(mask)]

    def dilate(self, mask: int) -> int:
        """``mask`` plus its orthogonal neighbours inside the board."""
        cols = self.cols
        return (mask
                | ((mask & ~self.last_col) << 1)
                | ((mask & ~self.first_col) >> 1)
                | (mask << cols)
                | (mask >> cols)) & self.full

    def erode(self, mask: int) -> int:
        """The cells of ``mask`` whose four neighbours are all in ``mask`` (the board edge counts
        as outside), i.e. ``mask`` peeled by one layer."""
        outside = ~mask & self.full
        edge = self.first_col | self.last_col | ((1 << self.cols) - 1) | (((1 << self.cols) - 1) << (self.size - self.cols))
        return mask & ~self.dilate(outside) & ~edge

    def deepest(self, mask: int, avoid: int = 0) -> int:
        """The cells of ``mask`` farthest inside it, preferring cells not in ``avoid``:
        where a label on a region reads best."""
        layers = [mask]
        while layers[-1]:
            layers.append(self.erode(layers[-1]))
        for layer in reversed(layers[:-1]):
            if layer & ~avoid:
                return layer & ~avoid
        return mask

    def border(self, mask: int) -> int:
        """Cells orthogonally adjacent to ``mask`` but not in it."""
        return self.dilate(mask) & ~mask

    def region_of(self, seed: int, space: int) -> int:
        """The orthogonally connected part of ``space`` that contains the ``seed`` bits."""
        region = seed & space
        while True:
            grown = self.dilate(region) & space
            if grown == region:
                return region
            region = grown

    def regions(self, space: int) -> Iterator[int]:
        """Maximal orthogonally connected regions of ``space``, lowest cell first."""
        while space:
            region = self.region_of(space & -space, space)
            yield region
            space &= ~region

    def placements(self, shape: Shape) -> Iterator[tuple[int, int, int]]:
        """Every in-bounds anchor of a normalized shape as ``(row, col, mask)``."""
        height, width = bounds(shape)
        base = 0
        for r, c in shape:
            base |= 1 << (r * self.cols + c)
        for row in range(self.rows - height + 1):
            for col in range(self.cols - width + 1):
                yield row, col, base << (row * self.cols + col)


def bit_indices(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first (``str.find`` runs in C)."""
    bits = bin(mask)[:1:-1]          # '1' at string index i <=> bit i set
    out = []
    i = bits.find("1")
    while i >= 0:
        out.append(i)
        i = bits.find("1", i + 1)
    return out
