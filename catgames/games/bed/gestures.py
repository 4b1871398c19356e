"""What a drag on the This Bed Is Mine table means to the rules (pure: no pygame).

A piece is a digit tile in the mover's tray; a target is the placement the tile would make,
turned and laid with the top-left of its bounding box on a cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from catgames.games.bed.components import Placement
from catgames.games.bed.rules import BedState


@dataclass(frozen=True)
class Tile:
    """A digit tile still in the tray of the seat to move."""

    digit: int


def move_for(state: BedState, tile: Tile, target: Placement) -> Placement | None:
    """The placement a drop makes, in the rules' own form; ``None`` for another tile's spot."""
    return state.canonical(target) if target.digit == tile.digit else None


def targets(state: BedState, tile: Tile, rotation: int) -> list[Placement]:
    """Every placement of ``tile`` turned ``rotation`` times with its corner on the bed."""
    grid = state.data.grid
    return [Placement(tile.digit, rotation, row, col)
            for row in range(grid.rows) for col in range(grid.cols)]
