"""Cathood's pieces on its table (``ui.table.parts.Pieces``): action discs, cats walking their
routes, the dog, tiles, statues and cards; what a drop means is the rules side's
(``games.cathood.gestures``), where things are ``pointer``'s, how they look ``ghosts``'."""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from catgames.games.cathood import gestures
from catgames.games.cathood.gestures import Cat, DogStreet, Effects, Go, Piece, Route, Target, TileSpot
from catgames.games.cathood.moves import Reserve, Return, Steal, Take, Trade
from catgames.games.cathood.rules import CathoodState
from catgames.games.cathood.table import ghosts, pointer
from catgames.games.cathood.table.seen import Seen, Showing
from catgames.games.cathood.table.words import reason_text
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController


class CathoodTable(Protocol):
    """What the pieces need of their table (``CathoodScene``)."""

    drag: DragController[Piece, Target]

    @property
    def view(self) -> CathoodState: ...
    @property
    def seen(self) -> Seen: ...
    @property
    def version(self) -> tuple[int, int]: ...
    def human_can_act(self) -> bool: ...
    def free_play(self) -> bool: ...
    def showing(self) -> Showing: ...
    def turned_in_place(self, pos: Point) -> Any: ...
    def hinted_target(self, piece: Any) -> Any: ...
    def first_rotation(self, piece: Any) -> int: ...


class CathoodPieces:
    """The pieces the acting cat may move, on ``table``."""

    def __init__(self, table: CathoodTable) -> None:
        self.table = table
        self._effects: tuple[Any, dict[Any, Effects]] = (None, {})

    # -- what a drop means --------------------------------------------------------------------
    def move_for(self, piece: Piece, target: Target) -> Any:
        return gestures.move_for(self.table.view, piece, target)

    def targets_for(self, piece: Piece, rotation: int) -> list[Target]:
        return gestures.targets(self.table.view, piece, rotation)

    def movable_pieces(self) -> list[Piece]:
        return pointer.movable_pieces(self.table.view)

    # -- where things are (the geometry is ``pointer``'s) --------------------------------------
    def piece_at(self, pos: Point) -> Piece | None:
        table = self.table
        if not table.human_can_act() or table.turned_in_place(pos) is not None:
            return None
        return pointer.piece_at(table.showing(), pos, table.free_play(), table.drag.piece)

    def home_of(self, piece: Piece) -> Point:
        return ghosts.home_point(self.table.seen, piece)

    def rotations(self, piece: Piece) -> int:
        return gestures.rotations(self.table.view, piece)

    def snap(self, piece: Piece, rotation: int, pos: Point) -> Target | None:
        return pointer.snap(self.table.seen, piece, rotation, pos, self._route_variant)

    def _route_variant(self, piece: Cat, space: int, rotation: int, pos: Point) -> int:
        """Which route to ``space`` a drop at ``pos`` takes: the hint's on the space it shows,
        else the one drawn nearest the pointer (the shortest when they are alike); or the next
        ones after ``rotation`` turns (R)."""
        table = self.table
        found = gestures.routes(table.view, piece.armed).get(space, [])
        if len(found) < 2:
            return 0
        hinted = table.hinted_target(piece)
        if isinstance(hinted, Go) and hinted.space == space:
            return (hinted.variant + rotation - table.first_rotation(piece)) % len(found)
        return (pointer.nearest_route(table.seen, found, pos) + rotation) % len(found)

    def drawn_route(self, piece: Piece | None, target: Target | None) -> Route | None:
        """The route a cat's ghost on ``target`` shows: the one a drop there plays (the held
        cat's, or the hint's: without it a hinted walk round the board's edge showed only a
        straight line the other way)."""
        if not isinstance(piece, Cat) or not isinstance(target, Go):
            return None
        found = gestures.routes(self.table.view, piece.armed).get(target.space, [])
        return found[target.variant] if target.variant < len(found) else None

    def effects(self, move: Any) -> Effects:
        """What ``move`` gives the acting cat (kept per position: the ghost asks every frame)."""
        if self._effects[0] != self.table.version:
            self._effects = (self.table.version, {})
        known = self._effects[1]
        if move not in known:
            known[move] = gestures.effects(self.table.seen.view, move)
        return known[move]

    def target_point(self, target: Target) -> Point:
        return ghosts.target_point(self.table.seen, target)

    def button_landing(self, seat: int, move: Any) -> Target | None:
        """Where a move made with a button is marked (``ui.table.last_move``): cubes taken,
        traded or given back, a cube stolen, the bee's card: at the mover's cat, where it
        happened (an End turn, a fight's choice: nowhere)."""
        space = self.table.view.cats[seat]
        return Go(space) if isinstance(move, (Take, Trade, Return, Steal, Reserve)) and space >= 0 else None

    # -- the held piece, hints and the ghost (drawn by ``ghosts``) -------------------------------
    def draw_piece(self, canvas: Canvas, piece: Piece, rotation: int, center: Point) -> None:
        drag = self.table.drag
        ghosts.draw_held(canvas, self.table.seen, piece, rotation, center, drag.dragging and drag.target is not None)

    def draw_hints(self, canvas: Canvas, piece: Piece, targets: Sequence[Target]) -> None:
        ghosts.draw_hints(canvas, self.table.seen, list(targets))

    def draw_ghost(self, canvas: Canvas, piece: Piece, target: Target, legal: bool) -> None:
        ghosts.draw_ghost(canvas, self.table.seen, piece, target, legal, self.drawn_route(piece, target),
                          self._ghost_effects(piece, target, legal))

    def caption(self, piece: Piece, target: Target, legal: bool) -> str:
        """What the ghost of ``piece`` on ``target`` would do, in words (the prompt shows them)."""
        view = self.table.view
        routes = (len(gestures.routes(view, piece.armed).get(target.space, []))
                  if isinstance(piece, Cat) and isinstance(target, Go) else 0)
        reason = self.table.drag.target_reason
        refusal = None if reason is None else reason_text(view.data, reason)
        return ghosts.ghost_caption(self.table.seen, piece, target, legal, routes,
                                    self._ghost_effects(piece, target, legal), refusal)

    def _ghost_effects(self, piece: Piece, target: Target, legal: bool) -> Effects | None:
        """What a legal walk, turn, swap or dog's street gives (``None``: another move)."""
        if not legal or not isinstance(target, (Go, DogStreet, TileSpot)):
            return None
        return self.effects(self.move_for(piece, target))
