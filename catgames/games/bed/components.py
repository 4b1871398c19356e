"""This Bed Is Mine component data: ``data/bed.yaml`` turned into validated, frozen tables.

Everything geometric (bed size, digit shapes, initial area, pillows, toy icons) comes from the
data file, and the placement masks every search needs are precomputed here once per side.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import ClassVar

from catgames.core.data import Node, data_path, load_yaml
from catgames.core.moves import Move as AnyMove
from catgames.core.grid import (
    BitGrid,
    Shape,
    bounds,
    orientations,
    parse_pattern,
    rotate_cw,
)

DIGITS = tuple(range(1, 10))
TOY_KINDS = ("bone", "mouse", "yarn")


@dataclass(frozen=True)
class Placement(AnyMove):
    """One move: lay ``digit`` turned ``rot`` clockwise quarter turns with its box's top-left at
    (``row``, ``col``).  Written as in the spec: ``3 rot0 @ (6,4)``."""

    digit: int
    rot: int
    row: int
    col: int
    kind: ClassVar[str] = "placement"

    def __str__(self) -> str:
        return f"{self.digit} rot{self.rot} @ ({self.row},{self.col})"


@dataclass(frozen=True)
class Side:
    """One face of the mattress: ``A`` (standard) or ``B`` (Sweet Dreams, pillows and toys)."""

    key: str
    pillows: dict[str, int]          #: pillow name -> cell mask
    pillow_mask: int
    toys: dict[str, int]             #: toy kind -> mask of its icons


@dataclass(frozen=True)
class BedData:
    """All component data of the game, validated."""

    seat_names: tuple[str, str]
    grid: BitGrid
    shapes: dict[int, Shape]                      #: digit -> rot-0 shape
    initial_mask: int
    initial_digits: frozenset[int]
    sides: dict[str, Side]
    ignore_size: int
    toy_bonus: int

    def cells_of(self, move: Placement) -> list[tuple[int, int]]:
        """Covered cells of a placement, possibly off the board (legality decides)."""
        shape = rotate_cw(self.shapes[move.digit], move.rot)
        return sorted((move.row + r, move.col + c) for r, c in shape)

    def mask_of(self, move: Placement) -> int | None:
        """The placement's cell mask, or ``None`` when a cell falls off the bed."""
        grid = self.grid
        mask = 0
        for r, c in self.cells_of(move):
            if not grid.contains(r, c):
                return None
            mask |= grid.bit(r, c)
        return mask


@dataclass(frozen=True)
class PlacementTable:
    """Every distinct (digit, cell set) placement of one side, as ``(digit, mask, move)``.

    ``all`` excludes pillow cells; ``opening`` is the subset allowed for the Cat's first move.
    """

    all: tuple[tuple[int, int, Placement], ...]
    opening: tuple[tuple[int, int, Placement], ...]
    canonical: dict[tuple[int, int], Placement]   #: (digit, mask) -> the lowest-rot placement
    masks: dict[Placement, int]                   #: canonical placement -> its cell mask


def _read_rect(node: Node, grid: BitGrid) -> int:
    r0, r1 = node["rows"].span()
    c0, c1 = node["cols"].span()
    if not (grid.contains(r0, c0) and grid.contains(r1, c1)):
        raise node.fail(f"rows {r0}-{r1}, cols {c0}-{c1} is not inside the {grid.rows}x{grid.cols} bed")
    return grid.mask((r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))


def _read_shape(node: Node, height: int, max_width: int) -> Shape:
    rows = [row.str() for row in node.list(length=height)]
    width = len(rows[0])
    if not 1 <= width <= max_width:
        raise node.fail(f"is {width} cells wide, expected 1 to {max_width} (tiles.max_width)")
    for i, row in enumerate(rows):
        if len(row) != width:
            raise node.fail(f"row {i} has {len(row)} cells, expected {width}")
        if set(row) - {"#", "."}:
            raise node.fail(f"row {i} {row!r} may only contain '#' and '.'")
    shape = parse_pattern(rows)
    if bounds(shape) != (height, width) or min(c for _, c in shape) or min(r for r, _ in shape):
        raise node.fail(f"a border row or column covers no cell; expected the pattern to fill "
                        f"its {height}x{width} box")
    return shape


def _read_side(key: str, node: Node, grid: BitGrid) -> Side:
    pillows: dict[str, int] = {}
    for name, p in node["pillows"].items():
        mask = _read_rect(p, grid)
        if any(mask & other for other in pillows.values()):
            raise p.fail("overlaps another pillow; expected pillows apart")
        pillows[name] = mask
    toys: dict[str, int] = {}
    for kind, icons in node["toy_icons"].items():
        if kind not in TOY_KINDS:
            raise icons.fail(f"unknown toy kind {kind!r}; expected one of {', '.join(TOY_KINDS)}")
        mask = 0
        for icon in icons.list(unique=True):
            cell = icon.int_pair()
            if not grid.contains(*cell):
                raise icon.fail(f"cell {list(cell)} is outside the bed")
            if any(grid.bit(*cell) & other for other in toys.values()):
                raise icon.fail(f"cell {list(cell)} already holds another toy; expected one toy a cell")
            mask |= grid.bit(*cell)
        toys[kind] = mask
    pillow_mask = 0
    for mask in pillows.values():
        pillow_mask |= mask
    if any(m & pillow_mask for m in toys.values()):
        raise node["toy_icons"].fail("a toy icon lies on a pillow")
    return Side(key, pillows, pillow_mask, toys)


def parse_bed_data(root: Node) -> BedData:
    """Validate the document of ``data/bed.yaml``."""
    seats = tuple(s.str() for s in root["players"].list(length=2, unique=True))
    board = root["board"]
    grid = BitGrid(board["rows"].int(1, 64), board["cols"].int(1, 64))
    tiles = root["tiles"]
    height, max_width = tiles["height"].int(1, 9), tiles["max_width"].int(1, 9)
    patterns = tiles["patterns"]
    shapes: dict[int, Shape] = {}
    for digit in DIGITS:
        node = patterns.get(str(digit)) or patterns.get(digit)  # YAML keys may be ints
        if node is None:
            raise patterns.fail(f"missing the pattern of digit {digit}")
        shapes[digit] = _read_shape(node, height, max_width)
    area = root["initial_area"]
    allowed = frozenset(d.int(1, 9) for d in area["allowed_digits"].list(min_length=1, unique=True))
    if tiles["reflection"].bool():
        raise tiles["reflection"].fail("mirrored tiles are not part of the game; expected false")
    sides = {key: _read_side(key, node, grid) for key, node in root["sides"].items()}
    if not sides:
        raise root["sides"].fail("expected at least one side")
    initial = _read_rect(area, grid)
    for side in sides.values():
        if side.pillow_mask & initial:
            raise area.fail(f"the initial area overlaps a pillow of side {side.key}")
    scoring = root["scoring"]
    data = BedData(
        seat_names=(seats[0], seats[1]),
        grid=grid,
        shapes=shapes,
        initial_mask=initial,
        initial_digits=allowed,
        sides=sides,
        ignore_size=scoring["ignore_sections_of_size"].int(0),
        toy_bonus=scoring["toy_majority_bonus"].int(0),
    )
    root.done(elsewhere=("ai",))
    return data


def load_bed_data(path: Path | None = None) -> BedData:
    """Load and validate ``data/bed.yaml`` (or another file of the same shape)."""
    return parse_bed_data(load_yaml(path or data_path("bed.yaml")))


@lru_cache(maxsize=None)
def bed_data() -> BedData:
    """The game's data, loaded once per process."""
    return load_bed_data()


def build_table(data: BedData, side: str) -> PlacementTable:
    """Enumerate distinct placements of every digit on ``side``, lowest rotation first."""
    blocked = data.sides[side].pillow_mask
    entries: list[tuple[int, int, Placement]] = []
    for digit in DIGITS:
        for rot, shape in orientations(data.shapes[digit]):
            for row, col, mask in data.grid.placements(shape):
                if not mask & blocked:
                    entries.append((digit, mask, Placement(digit, rot, row, col)))
    opening = tuple(e for e in entries
                    if e[0] in data.initial_digits and e[1] & ~data.initial_mask == 0)
    canonical = {(digit, mask): move for digit, mask, move in entries}
    masks = {move: mask for _, mask, move in entries}
    return PlacementTable(tuple(entries), opening, canonical, masks)


@lru_cache(maxsize=None)
def placement_table(side: str) -> PlacementTable:
    return build_table(bed_data(), side)
