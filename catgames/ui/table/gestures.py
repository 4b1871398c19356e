"""What the drag controller asks of a table about the rules, answered from the game's two
gestures — ``move_for(piece, target)``, the move a drop makes, and ``targets_for(piece,
rotation)``, every place a piece could go — and the legal moves of the position the table shows (found
once per change).  The ghost's verdict is only a preview: a drop is checked once more when it is played."""

from __future__ import annotations

from typing import Any, Generic, Iterable, Iterator, Protocol

from catgames.core.rules import Reason, State
from catgames.ui.drag import P, T

#: the verdict on a drop where the game makes no move of that piece at all
NOTHING_THERE = Reason.of("nothing_there")


def as_move(move: Any) -> tuple[Any, Reason | None]:
    """What ``move_for`` gave, as (the move, ``None``) or (``None``, why no move is made)."""
    if move is None:
        return None, NOTHING_THERE
    return (None, move) if isinstance(move, Reason) else (move, None)


class GestureHost(Protocol[P, T]):
    """The game's gestures and the position they are read in."""

    @property
    def version(self) -> tuple[int, int]: ...
    @property
    def observed(self) -> State: ...
    def move_for(self, piece: P, target: T) -> Any | None: ...
    def targets_for(self, piece: P, rotation: int) -> Iterable[T]: ...
    def movable_pieces(self) -> Iterable[P]: ...
    def rotations(self, piece: P) -> int: ...


class Gestures(Generic[P, T]):
    """The rules' side of one table's drags."""

    def __init__(self, table: GestureHost[P, T]) -> None:
        self.table = table
        self._legal: tuple[tuple[int, int], frozenset[Any]] | None = None

    def legal_moves(self) -> frozenset[Any]:
        """The legal moves of the position, once per change."""
        version = self.table.version
        if self._legal is None or self._legal[0] != version:
            self._legal = (version, frozenset(self.table.observed.legal_moves()))
        return self._legal[1]

    def legal_targets(self, piece: P, rotation: int) -> list[T]:
        legal, table = self.legal_moves(), self.table
        return [t for t in table.targets_for(piece, rotation) if table.move_for(piece, t) in legal]

    def check(self, piece: P, target: T) -> Reason | None:
        """The ghost's verdict: ``None`` for a legal drop, else why not."""
        move, refused = as_move(self.table.move_for(piece, target))
        return refused if refused is not None else self.table.observed.check(move)

    def drops(self) -> Iterator[tuple[P, int, T, Any]]:
        """Every drop of a movable piece: the piece, how often it is turned, the target, and
        what ``move_for`` makes of it (a move, ``None`` or a ``Reason``)."""
        table = self.table
        for piece in table.movable_pieces():
            for rotation in range(table.rotations(piece)):
                for target in table.targets_for(piece, rotation):
                    yield piece, rotation, target, table.move_for(piece, target)

    def drop_for(self, move: Any) -> tuple[P, int, T] | None:
        """A piece, how often it is turned, and the target whose drop makes ``move``, if a drop
        makes it (a search of every movable piece's targets)."""
        return next(((piece, rotation, target) for piece, rotation, target, made in self.drops()
                     if made == move), None)
