"""The shared part of every game's table: it holds the match's runner and the table's parts,
and passes each a frame, an input or a change of the match.

A game's table subclasses ``BaseGameScene`` and supplies the hooks of ``ui.table.hooks``; the
parts in ``ui.table`` do the rest.  The table holds a ``core.feed.TableFeed`` (``feed``), never
the match: a local game's ``core.runner.Runner`` (AI seats, the one check of every move, undo,
End turn, saves, records, hints, the hand-off; made in ``ui.table.runner_link``), or a feed
made elsewhere (an online table's).  The table sends a human's intents, shows the feed's changes
(``ui.table.runner_link``) and draws what the seat on the screen may see (``ui.table.view``).
What only a local game does (restart, a new match, a position set by hand) goes through
``local``, a ``core.feed.LocalControl`` that a table over a foreign feed has not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from catgames.ai.seat import Brain
from catgames.core.feed import TableFeed
from catgames.core.rules import Reason, State
from catgames.core.seats import SeatUpdate
from catgames.core.session import Turn
from catgames.ui import i18n
from catgames.ui.art.tables import draw_table
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController, P, T
from catgames.ui.log_panel import LogPanel
from catgames.ui.motion import Timeline
from catgames.ui.names import RememberedNames
from catgames.ui.reference import HoverReference
from catgames.ui.scene import Scene
from catgames.ui.table import frame, game_log, runner_link, table_input
from catgames.ui.table.buttons import table_buttons, undo_text_key
from catgames.ui.table.ending import Ending
from catgames.ui.table.gestures import Gestures, as_move
from catgames.ui.table.hint import TableHint
from catgames.ui.table.hooks import TableHooks
from catgames.ui.table.last_move import LastMoves
from catgames.ui.table.layout import BOARD_RECT, HEADER, LOG_RECT, SIDE_RECT, STATUS_RECT
from catgames.ui.table.move_motion import MoveAnimation
from catgames.ui.table.runner_link import table_runner
from catgames.ui.table.seats import draw_seat_swatch as draw_seat_swatch  # where games' tables find it
from catgames.ui.table.spinner import turning_alone
from catgames.ui.table.stage import Stage
from catgames.ui.table.view import TableView
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from catgames.core.session import Match  # a local table is handed one, which it passes on unread
    from catgames.ui.table.hint import Hint


class BaseGameScene(Scene, TableHooks[P, T]):
    """One game's table; subclass per game (``ui.table.hooks`` lists what a game supplies)."""

    board_rect = BOARD_RECT
    side_rect = SIDE_RECT
    status_rect = STATUS_RECT  #: the hint and status line (empty once the game is over)
    #: where the game-over panel goes; ``None`` = centred over a shaded table.  A game whose
    #: final board tells the story (claw markers, tallies) puts it beside the board instead.
    game_over_panel: pygame.FRect | None = None
    #: a replay's table (``scenes.replay``): the full state shown, no input, AI, saves or records
    read_only = False

    def __init__(self, app, match: Match | None = None, *, feed: TableFeed | None = None,
                 options: dict[str, Any] | None = None) -> None:
        """A table over ``match`` played here, or over ``feed``, made elsewhere (online), whose
        set-up chose ``options`` (the game's reference screens follow them)."""
        super().__init__(app)
        self._names = RememberedNames()  #: ``seat_names``
        self.pieces = self.pieces_class(self)  #: the game's pieces (``ui.table.parts``)
        self.worker: Any = None  #: the AI worker of the AI seats and hints (``ai_worker``)
        self.brain = Brain(self.ai_worker)
        self.motion = Timeline()  #: the last move's pieces on their way (``move_tweens``)
        self.animation = MoveAnimation(self)
        self.stage = Stage()  #: a staged moment over the board (``staged_end``), skipped by a click or key
        self.game_end = Ending(self)  #: the wait before a finished game's result
        self.last_moves = LastMoves(self)  #: the opponents' last moves, marked until the player acts
        #: what the table drives and reads; what only a local game does (``None``: a foreign feed)
        self.feed, self.local = runner_link.open_feed(self, match, feed)
        #: the set-up's options; the game's rules object, which reads moves' texts against a view
        self.options, self.rules = runner_link.set_up_of(self.local, self.feed, options)
        self.game_id = self.rules.id
        self.table_view = TableView(self)
        self.drag: DragController[P, T] = DragController(self)
        self.gestures: Gestures[P, T] = Gestures(self)
        self.hints = TableHint(self)
        self.log_panel = LogPanel(LOG_RECT)
        self.status: str = ""
        self.status_error = False
        self.change = runner_link.first_change()  #: bumped whenever the position or the match changes (caches key)
        self.deal = 0  #: bumped by every new match the table plays (a restart, a replay's step)
        self._time = 0.0
        self.buttons = WidgetGroup()
        self.reference = HoverReference(self.component_at)
        #: where the human's piece was when their move was made (a drop's pointer), else ``None``
        self.move_origin: Point | None = None
        self.header_left = HEADER.right  #: where the header's buttons begin (turn text ends)
        self.spinners_aside = False  #: ``animating()`` leaves the spinners out (``turning_alone``)
        self._rebuild_log()

    def ai_worker(self) -> Any:
        """The AI worker that plays the AI seats and finds hints, started when first needed."""
        if self.worker is None:
            self.worker = self.app.worker_factory()
        return self.worker

    # -- facts ------------------------------------------------------------------------------
    @property
    def public(self) -> SeatUpdate:
        return self.table_view.public

    def human_to_move(self) -> bool:
        """A human's turn, whether or not a menu covers the table (the words of the turn)."""
        public = self.public
        return (not self.read_only and public.outcome is None and not public.awaiting
                and self.feed.is_local(public.to_move))

    def human_can_act(self) -> bool:
        """A human's turn, and the table is on top (the input of the turn)."""
        return self.human_to_move() and self.app.stack.top is self

    def plays_here(self, seat: int) -> bool:
        """A human at this table plays ``seat``: its moves are made here."""
        return self.table_view.plays_here(self.public, seat)

    def viewer_seat(self) -> int:
        return self.table_view.viewer_seat()

    def private_seat(self) -> int | None:
        return self.table_view.private_seat()

    @property
    def version(self) -> tuple[int, int]:
        """Differs whenever what the table shows may differ: the key for a scene's caches."""
        return (self.change, self.feed.version)

    @property
    def observed(self) -> State:
        """The position the table may show now (``ui.table.view``): a game's table reads this,
        never the match's state."""
        return self.table_view.shown()[0]

    @property
    def seen(self) -> Any:
        """What the table may show now: ``make_seen`` of ``observed``."""
        return self.table_view.shown()[1]

    def seen_before_change(self) -> Any:
        """What the table showed before the last move (``None`` before the first)."""
        return self.animation.before

    @property
    def seat_names(self) -> list[str]:
        """The names the players chose, else the defaults in the player's language
        (``rule_names`` are the rules' names, the keys of saves and ``Outcome.detail``)."""
        return self._names.of(self.public, self.rule_names)

    @property
    def rule_names(self) -> list[str]:
        """The rules' names of the seats (``Cat``, ``Dog``; ``P1``…): the keys of
        ``Outcome.detail`` and of the game's sentences."""
        return self.rules.seat_names(len(self.public.seats))

    def seat_kind(self, seat: int) -> str:
        """``human``, ``ai:<level>`` as the set-up chose, or ``remote`` (an online feed's human elsewhere)."""
        return self.public.seats[seat]

    def seat_label(self, seat: int) -> str:
        """``● Cat`` — a seat's symbol with its name, so seats never differ by colour alone."""
        return f"{palette().seat(seat).symbol} {self.seat_names[seat]}"

    def log_turns(self) -> tuple[Turn, ...]:
        """The turns so far as the seat on the screen may read them (its update's log)."""
        return self.table_view.private().log

    @property
    def log(self) -> list[str]:
        """The game log's lines, as shown."""
        return [line.text for line in self.log_panel.lines]

    @property
    def thinking(self) -> bool:
        """A seat not played here (the AI, a script) is deciding its move."""
        return not self.read_only and self.feed.thinking

    # -- scene life -------------------------------------------------------------------------
    def enter(self) -> None:
        self._name_seats()
        if not self.read_only:
            runner_link.show_changes(self, self.feed.start(self.app.settings.confirm_turns))
        self._build_buttons()
        if self.public.outcome is not None and not self.read_only:
            self.game_end.begin()

    def resume(self) -> None:
        self._name_seats()
        if not self.read_only:  # Confirm turns switched off while a turn waited: it passes now
            self.feed.set_confirm_turns(self.app.settings.confirm_turns)
            self.catch_up()
        self._build_buttons()

    def _name_seats(self) -> None:
        """Let the rules' seat names in this table's sentences read as the players' names."""
        i18n.name_seats(self.game_id, self, dict(zip(self.rule_names, self.seat_names)))

    def language_changed(self) -> None:
        """Every text on the table anew: the log, the buttons, the game's caches (a new
        ``version``; ``on_match_changed`` drops the rest); the status line is cleared."""
        self.change += 1
        self._name_seats()
        self.status, self.status_error = "", False
        self.hints.clear()  # its move was put into words in the old language
        self.on_match_changed()
        self._rebuild_log()
        self._build_buttons()

    def text_size_changed(self) -> None:
        """The header's and the game's buttons as wide as their words now need."""
        self._build_buttons()

    def exit(self) -> None:
        i18n.name_seats(self.game_id, self, None)
        self.feed.close()
        self.brain.close()
        self.worker = None

    def _build_buttons(self) -> None:
        self.buttons, self.header_left = table_buttons(self)

    # -- gestures (``ui.table.gestures``) -----------------------------------------------------
    def legal_moves_now(self) -> frozenset[Any]:
        return self.gestures.legal_moves()

    def legal_targets(self, piece: P, rotation: int) -> list[T]:
        return self.gestures.legal_targets(piece, rotation)

    def check(self, piece: P, target: T) -> Reason | None:
        return self.gestures.check(piece, target)

    def drop_for(self, move: Any) -> tuple[P, int, T] | None:
        """The drop that makes ``move`` (a game that knows it at once says so here)."""
        return self.gestures.drop_for(move)

    def drop(self, piece: P, target: T) -> Reason | None:
        move, refused = as_move(self.move_for(piece, target))
        if refused is not None:
            return refused
        self.move_origin = self.drag.dropped_from
        try:
            return self._play_human(move)
        finally:
            self.move_origin = None

    # -- hint (``ui.table.hint``) ------------------------------------------------------------
    def hints_offered(self) -> bool:
        """A human plays here, and among several humans the set-up allowed hints."""
        return not self.read_only and self.feed.hints_offered()

    def ask_hint(self) -> None:
        self.hints.ask()

    @property
    def hint(self) -> Hint | None:
        return self.hints.shown

    def first_rotation(self, piece: Any) -> int:
        return self.hints.rotation_for(piece)

    def hinted_target(self, piece: Any) -> Any:
        """The target the hint means for ``piece``: a game whose drops on one place differ
        (Cathood's routes) prefers it."""
        return self.hints.target_for(piece)

    def button_for(self, move: Any) -> Widget | None:
        """The button on the table now that plays ``move``, if one does."""
        return next((w for w in self.buttons.widgets
                     if isinstance(w, Button) and w.move is not None and w.move == move), None)

    # -- moves: intents to the runner, its changes shown --------------------------------------
    def play_human(self, move: Any) -> bool:
        """Play a human's move (a button, a key); on an illegal one show the reason and return False."""
        reason = self._play_human(move)
        if reason is not None:
            self.show_reason(reason)
        return reason is None

    def _play_human(self, move: Any) -> Reason | None:
        if not self.human_can_act():
            return Reason.of("not_your_turn")
        return self._play(move)

    def _play(self, move: Any) -> Reason | None:
        return runner_link.play(self, move)

    def catch_up(self) -> None:
        """Show at once what the feed did on an intent just sent (a move, an undo, End turn)."""
        runner_link.catch_up(self)

    def hand_over(self, seat: int) -> None:
        """The device goes to ``seat`` (a hidden-information hot seat): the hand-off screen."""
        self.app.screens.hand_over(self.seat_names[seat], self.since_last_turn(seat))

    def finished(self) -> None:
        """The game is over: its result, once the last move has been seen."""
        self.game_end.begin()

    @property
    def ending(self) -> bool:
        """The game is over and its end (a walkthrough, the end screen) is about to come."""
        return self.game_end.waiting

    def _ai_moved(self) -> None:
        """A seat not played here (the AI, a tutorial's script) has moved (default: nothing)."""

    def _autosave(self, match: Match) -> None:
        if not self.read_only:
            runner_link.autosave(self.app, match)

    def since_last_turn(self, seat: int) -> list[str]:
        return game_log.since_last_turn(self, seat)

    def _rebuild_log(self) -> None:
        game_log.fill_log(self)

    def _match_changed(self) -> None:
        """Undone, a new match or a position set by hand: everything shown is read anew."""
        runner_link.show_new_position(self)

    # -- commands (buttons, pause menu, keys) ------------------------------------------------
    def confirm_turn(self) -> None:
        """End turn (its button, Enter): the turn waiting for it passes on."""
        self.feed.confirm_turn()
        self.catch_up()

    def undo(self) -> None:
        refusal = self.feed.undo()
        self.catch_up()
        if refusal is None:
            self.status = i18n.t("game.undone")
        else:
            self.status, self.status_error = i18n.t(undo_text_key(refusal)), True

    def restart(self) -> None:
        """The same set-up dealt anew (a local game only: an online table offers a rematch)."""
        if self.local is not None:
            self.local.restart(self.app.new_seed(), self.app.new_seed())
            self.catch_up()

    def show_position(self, match: Match) -> None:
        """A replay's table moves to another position of the game (``read_only`` tables)."""
        self.feed = self.local = table_runner(self, match)
        self.deal += 1
        self._match_changed()

    def replace_match(self, match: Match) -> None:
        """Play ``match`` from now on (a local game: a tutorial begun again)."""
        if self.local is not None:
            self.local.replace(match)
            self.catch_up()

    def open_pause(self) -> None:
        self.drag.cancel()
        self.app.screens.pause(self)

    # -- frame ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return frame.skip_staged(self, event) or table_input.handle(self, event)

    def update(self, dt: float) -> None:
        frame.update(self, dt)

    def _drive_ai(self, dt: float) -> None:
        runner_link.step(self, dt)

    def animating(self) -> bool:
        """What moves by itself (``frame.animating``); a game adds its own (``super().animating() or ...``)."""
        return frame.animating(self)

    def moving_parts(self) -> list[pygame.FRect] | None:
        """Only the spinners turn: their rects, so the frame redraws just those."""
        return turning_alone(self, self.app.canvas)

    def show_game_over(self) -> None:
        outcome = self.public.outcome
        if outcome is not None:  # over when the countdown began, and nothing undoes it meanwhile
            self.app.sound.play("score")
            self.stage.play(self.staged_end(), lambda: self.app.screens.game_over(self, outcome),
                            self.app.settings.reduce_motion or self.read_only)

    def draw_tabletop(self, canvas: Canvas) -> None:
        """The table and the game's board on it (also the picture a move's animation keeps)."""
        draw_table(canvas, self.game_id, BOARD_RECT)
        self.draw_board(canvas, BOARD_RECT)

    def draw(self, canvas: Canvas) -> None:
        frame.draw(self, canvas)
