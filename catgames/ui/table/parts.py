"""The small protocol a game's table gives the shared table by composition: its ``Pieces``.

A game's pieces on its table are one object (``BaseGameScene.pieces``, made by the game's
``pieces_class`` from the table): what a drop means as a rules move (``move_for``,
``targets_for``, ``movable_pieces``), where things are (``piece_at``, ``home_of``, ``rotations``,
``snap``, ``target_point``) and how a held piece, its ghost and its legal places look
(``draw_piece``, ``draw_ghost``, ``draw_hints``).  The shared table answers the drag controller,
the hint and the tutorial from it (``ui.table.hooks``), so a game writes these once, in a module
of their own, rather than as overrides of the table.  ``NoPieces`` is a table with nothing to
drag (its moves are buttons and clicks).
"""

from __future__ import annotations

from typing import Any, Generic, Iterable, Protocol, Sequence

from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import P, T


class Pieces(Protocol[P, T]):
    """A game's pieces as the shared table composes them (see the module docstring)."""

    def move_for(self, piece: P, target: T) -> Any | None:
        """The rules move that dropping ``piece`` on ``target`` makes (``None``: none; a
        ``Reason``: none, and why)."""

    def targets_for(self, piece: P, rotation: int) -> Iterable[T]:
        """Every place ``piece`` (turned ``rotation`` times) could be dropped, legal or not."""

    def movable_pieces(self) -> Iterable[P]:
        """Every piece the player to move could take up now (a hint finds its drop here)."""

    def piece_at(self, pos: Point) -> P | None: ...

    def home_of(self, piece: P) -> Point: ...

    def rotations(self, piece: P) -> int: ...

    def snap(self, piece: P, rotation: int, pos: Point) -> T | None: ...

    def target_point(self, target: T) -> Point: ...

    def draw_piece(self, canvas: Canvas, piece: P, rotation: int, center: Point) -> None: ...

    def draw_ghost(self, canvas: Canvas, piece: P, target: T, legal: bool) -> None: ...

    def draw_hints(self, canvas: Canvas, piece: P, targets: Sequence[T]) -> None: ...


class NoPieces(Generic[P, T]):
    """Nothing to drag: no piece is ever under the pointer, so the drag asks nothing else."""

    def __init__(self, table: Any = None) -> None:
        pass

    def move_for(self, piece: P, target: T) -> Any | None:
        return None

    def targets_for(self, piece: P, rotation: int) -> Iterable[T]:
        return ()

    def movable_pieces(self) -> Iterable[P]:
        return ()

    def piece_at(self, pos: Point) -> P | None:
        return None

    def home_of(self, piece: P) -> Point:
        raise NotImplementedError("a table without pieces holds none")

    def rotations(self, piece: P) -> int:
        return 1

    def snap(self, piece: P, rotation: int, pos: Point) -> T | None:
        return None

    def target_point(self, target: T) -> Point:
        raise NotImplementedError("a table without pieces has no targets")

    def draw_piece(self, canvas: Canvas, piece: P, rotation: int, center: Point) -> None:
        pass

    def draw_ghost(self, canvas: Canvas, piece: P, target: T, legal: bool) -> None:
        pass

    def draw_hints(self, canvas: Canvas, piece: P, targets: Sequence[T]) -> None:
        pass
