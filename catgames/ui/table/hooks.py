"""What a game's table supplies to the shared table (``ui.game_scene.BaseGameScene``), with
the defaults of the optional parts.

* ``draw_board(canvas, rect)`` (required): the board, trays and pieces inside ``board_rect``;
  finish with ``self.drag.draw(canvas)`` if the game uses drag-and-drop.  It is drawn on the
  game's own table (``catgames.ui.art.tables.STYLES``); pieces lying on it call
  ``catgames.ui.art.shadow.shadow`` just before they are drawn.
* its pieces, by composition: ``pieces_class``, made with the table, gives the small protocol
  of ``ui.table.parts.Pieces`` — the gestures ``move_for(piece, target)``, the rules move a
  drop makes, and ``targets_for(piece, rotation)``, every place a piece could go, the pixel side
  of ``catgames.ui.drag.DragHost`` (``piece_at``, ``home_of``, ``rotations``, ``snap``,
  ``target_point``, ``draw_piece``, ``draw_ghost``, ``draw_hints``) and ``movable_pieces``.
  Pieces and targets are the game's own small frozen types (the table is
  ``BaseGameScene[Piece, Target]``).  The table's methods of those names hand on to it, so
  the drag controller, the hint and a tutorial reach it through the table.  From the gestures the shared table answers the
  drag controller's ``legal_targets``, ``check`` and ``drop`` (``ui.table.gestures``): a drop
  is checked once, by the feed.  ``self.drag`` is a ready ``DragController`` bound to the
  table; it only receives input while a human may act (``human_can_act``).
* ``make_seen(view, private)``: the game's view model, built from ``view`` — the observation
  of the seat whose private parts may be shown (``private``; ``None``: nobody's, ``view`` is
  then the public view).  The table calls it once per change and keeps the result in
  ``self.seen``; a game draws hidden information only from there, so which hand is on the
  screen is decided once, for every game, and never by the game.
* ``component_at(pos)``: the ``Reference`` (name, rules text, rect) of what lies under ``pos``,
  shown beside it on hover or a long press; ``references(app, options)``, its reference
  screens (a card gallery) for the pause menu and the rules screen.
* for the Hint (H) and tutorials: the pieces' ``movable_pieces()``, so the table finds the
  drop whose ``move_for`` is a given move (``drop_for``) and shows its ghost; a button that plays a move says which (``Button(move=...)``) and is ringed instead;
  ``draw_hint_move`` shows any other move, ``draw_hint_ghost`` adds what a game's ghost leaves
  out.
* ``turn_key()`` for the header's words of the turn; ``status_hint()`` for the line under the
  board; ``log_lines(turn, before)`` and ``opening_lines()``; ``on_events(seat, events)`` to
  animate or sound a move and ``move_tweens(seat, events)``, the pieces a move carried and their
  paths (``ui.motion``), animated unless the player chose to reduce motion;
  ``on_match_changed()`` to drop view caches after undo, restart or a replaced match.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

import pygame

from catgames.core.rules import Event, Outcome, Reason, Seat
from catgames.core.runner import Change
from catgames.core.seats import SeatUpdate
from catgames.core.session import Turn
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController, DragHostBase, P, T
from catgames.ui.motion import Tween
from catgames.ui.move_sounds import move_effect
from catgames.ui.reference import Reference
from catgames.ui.scene import SceneHost
from catgames.ui.table import game_log
from catgames.ui.table.parts import NoPieces, Pieces
from catgames.ui.table.seats import draw_seat_list, draw_seat_swatch, score_rows
from catgames.ui.widgets import Widget


class TableHooks(DragHostBase[P, T]):
    """The game's side of the shared table: each default does nothing, or the plainest thing."""

    app: SceneHost
    drag: DragController[P, T]
    #: makes the game's pieces from the table (``ui.table.parts``); default: nothing to drag
    pieces_class: Callable[[Any], Pieces[P, T]] = NoPieces
    pieces: Pieces[P, T]
    status: str  #: the status line's words (why a move was refused)
    status_error: bool

    game_id: str  #: the game on the table (the shared table's)

    @property
    def public(self) -> SeatUpdate:
        """What anyone at the table may know now (the shared table's)."""
        raise NotImplementedError

    @property
    def seat_names(self) -> list[str]:
        """The seats' names as the players read them (the shared table's)."""
        raise NotImplementedError

    def seat_kind(self, seat: int) -> str:
        """Who plays ``seat`` (the shared table's)."""
        raise NotImplementedError

    # -- defaults that use the table ----------------------------------------------------------
    def handle_game_input(self, event: pygame.event.Event) -> bool:
        """Input while a human may act; the default gives it to the drag controller."""
        return self.drag.handle(event)

    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        """A move was played (by anyone): animate it.  The default plays its sound."""
        self.app.sound.play(move_effect(self.game_id, events))

    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """Lines for the game log (default: ``who: move``, then its events).  ``before`` is the
        turns played before ``turn``, which a game's words may depend on."""
        return game_log.plain_lines(turn, self.seat_names, self.game_id)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        """Column headings and one row per seat for the game-over screen."""
        return score_rows(outcome, self.seat_names)

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        """Default side panel: the seat list."""
        self.draw_seat_list(canvas, rect)

    def draw_seat_list(self, canvas: Canvas, rect: pygame.FRect) -> float:
        """The seats, their kinds and the mover; returns where the list ends."""
        kinds = [self.seat_kind(seat) for seat in range(len(self.public.seats))]
        return draw_seat_list(canvas, rect, kinds, self.public.turn_shown, self.seat_names, self.draw_seat_swatch)

    def draw_seat_swatch(self, canvas: Canvas, seat: int, rect: pygame.FRect) -> None:
        draw_seat_swatch(canvas, seat, rect)

    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        raise NotImplementedError

    # -- the pieces (``ui.table.parts.Pieces``): the table hands on to them -----------------
    def piece_at(self, pos: Point) -> P | None:
        return self.pieces.piece_at(pos)

    def component_at(self, pos: Point) -> Reference | None:
        """The component under ``pos`` with its name and rules text, shown on hover or a long
        press (a game answers it in its ``reference`` module; default: nothing)."""
        return None

    def home_of(self, piece: P) -> Point:
        return self.pieces.home_of(piece)

    def rotations(self, piece: P) -> int:
        return self.pieces.rotations(piece)

    def snap(self, piece: P, rotation: int, pos: Point) -> T | None:
        return self.pieces.snap(piece, rotation, pos)

    def target_point(self, target: T) -> Point:
        return self.pieces.target_point(target)

    def draw_piece(self, canvas: Canvas, piece: P, rotation: int, center: Point) -> None:
        self.pieces.draw_piece(canvas, piece, rotation, center)

    def draw_ghost(self, canvas: Canvas, piece: P, target: T, legal: bool) -> None:
        self.pieces.draw_ghost(canvas, piece, target, legal)

    def draw_hints(self, canvas: Canvas, piece: P, targets: Sequence[T]) -> None:
        self.pieces.draw_hints(canvas, piece, targets)

    def move_for(self, piece: P, target: T) -> Any | None:
        """The rules move that dropping ``piece`` on ``target`` makes (``None``: no move; a
        ``Reason``: no move, and why — shown to the player as the rules' reasons are)."""
        return self.pieces.move_for(piece, target)

    def targets_for(self, piece: P, rotation: int) -> Iterable[T]:
        return self.pieces.targets_for(piece, rotation)

    def movable_pieces(self) -> Iterable[P]:
        """Every piece the player to move could take up now, so a hint or a tutorial step can
        find the drop that makes a given move (none: a hint then lights a button)."""
        return self.pieces.movable_pieces()

    def draw_hint_ghost(self, canvas: Canvas, piece: P, target: T) -> None:
        """A suggested drop: the drag's own ghost (a game whose ghost does not show the piece
        adds it)."""
        self.draw_ghost(canvas, piece, target, True)

    def draw_hint_move(self, canvas: Canvas, move: Any) -> None:
        """Show a suggested move that is neither a drop nor a button (a click on the table);
        default: nothing, the why line alone speaks."""

    def bring_into_view(self, target: T) -> None:
        """Show a suggested drop's ``target`` whole (a table larger than its view pans to it);
        default: nothing, every target is in view."""

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        """The pieces the move just played carried, each along its path (default: none).  Called
        after ``on_events``: ``self.seen`` is after the move, ``seen_before_change()`` before it;
        a human's drop started at ``move_origin``."""
        return []

    def feed_changed(self, change: Change) -> None:
        """Any change the feed hands on, once the shared table has shown it: a feed's own kinds
        (an online table's presence, emotes, a rematch) are shown here.  Default: nothing."""

    def staged_end(self) -> list[Tween]:
        """The final scoring walked through on the board before the end screen, steps of
        ``ui.table.stage`` (default: none, the end screen comes at once)."""
        return []

    def on_match_changed(self) -> None:
        """The match was replaced, undone or restarted: drop caches derived from the state."""

    def make_seen(self, view: Any, private: Seat | None) -> Any:
        """The game's view model of ``view`` (default: the observation itself)."""
        return view

    def opening_lines(self) -> list[str]:
        """Log lines for what the set-up did before the first move (default: none)."""
        return []

    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        """Light up on the table what line ``part`` of ``turn``'s log lines names (the pointer
        is over it in the log; 0 is the move's line, then its events').  Default: nothing."""

    def turn_key(self) -> str:
        """The header's words for the seat to move, ``{seat}`` filled in (default: "to move")."""
        return "game.to_move"

    def turn_seat(self) -> int:
        """The seat the header says is to move; ``-1``: none, while what the players are shown
        does not tell it yet (default: the turn shown, ``public.turn_shown``)."""
        return self.public.turn_shown

    def status_hint(self) -> str:
        """The line under the board while a human may act and nothing else is to be said."""
        return i18n.t("game.hint")

    def draw_overlay(self, canvas: Canvas) -> None:
        """Drawn last, over the side panel, log and buttons (a held piece, pop-ups)."""

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """Optional: how the scores came about, under the game-over table (in ``rect``)."""

    def ai_may_move(self) -> bool:
        """False while the table shows something the players should read first (the AI keeps
        thinking meanwhile; only its move waits)."""
        return True

    def extra_widgets(self) -> list[Widget]:
        """A game's own controls on the table (toggles, buttons); rebuilt with the header's."""
        return []

    @classmethod
    def references(cls, app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
        """A game's reference screens (a card gallery) as (label, open it), for a match with
        ``options`` (``{}`` before one is set up): in the pause menu after Rules, and on the
        rules screen.  Default: none."""
        return []

    def show_reason(self, reason: Reason) -> None:
        """Why a move was refused, in the status line, with its sound."""
        self.status, self.status_error = i18n.reason_text(reason, self.game_id), True
        self.app.sound.play("illegal")

    def on_reject(self, piece: P, reason: Reason) -> None:
        self.show_reason(reason)

    def on_pick(self, piece: P) -> None:
        self.status, self.status_error = "", False
        self.app.sound.play("pick")
