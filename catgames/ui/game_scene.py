"""The shared part of every game's table: it holds the match and the parts of the table, and
passes a frame, an input or a move to each.

A game's table subclasses ``BaseGameScene`` and supplies the hooks of ``ui.table.hooks``
(``draw_board``, its gestures and their pixels, ``make_seen`` …).  The rest is done here by
parts it holds or calls: ``ui.table.gestures`` (legality for the drags), ``ui.table.hint``
and ``hint_view`` (the Hint), ``ui.table.privacy`` (whose hand may be shown),
``ui.table.header``, ``status_line``, ``seats``, ``buttons`` and ``game_log`` (what is drawn
round the board).

Everything about the match goes through ``self.match`` (a ``core.session.Match``); the table
never decides legality.  AI seats are played through ``app.worker_factory()`` (``AIWorker``:
``request(game_id, state_dict, seat, difficulty, seed)``, ``poll() -> move text | None``,
``cancel()``, ``close()``), polled once a frame, so the AI never blocks drawing.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from catgames.core import saves
from catgames.core.rules import NOBODY, Event, IllegalMove, Outcome, Reason, State
from catgames.core.session import Match, Turn, ai_difficulty
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.art.tables import draw_table
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController, P, T
from catgames.ui.log_panel import LogPanel
from catgames.ui.motion import Timeline
from catgames.ui.move_sounds import move_effect
from catgames.ui.names import shown_names
from catgames.ui.reference import HoverReference
from catgames.ui.scene import Scene
from catgames.ui.scenes.statistics import record_finished
from catgames.ui.table import game_log
from catgames.ui.table.buttons import table_buttons, undo_text_key
from catgames.ui.table.gestures import Gestures, as_move
from catgames.ui.table.header import draw_header
from catgames.ui.table.hint import TableHint
from catgames.ui.table.hint_view import draw_hint_ghost, draw_hint_marks, hint_line, take_from_ghost
from catgames.ui.table.hooks import TableHooks
from catgames.ui.table.layout import BOARD_RECT, HEADER, LOG_RECT, SIDE_RECT, STATUS_RECT
from catgames.ui.table.privacy import SeatPrivacy
from catgames.ui.table.seats import draw_seat_list, draw_seat_swatch, score_rows
from catgames.ui.table.status_line import draw_status_line
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from catgames.ai.hint import Reading
    from catgames.ui.table.hint import Hint

log = logging.getLogger(__name__)

GAME_OVER_DELAY = 0.8  #: let the last move be seen before the result covers the board
FINISHING = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)  #: end a move's animation


@dataclass
class _AITurn:
    seat: int
    ply: int
    waited: float = 0.0
    move: str | None = None


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

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.drag: DragController[P, T] = DragController(self)
        self.gestures: Gestures[P, T] = Gestures(self)
        self.hints = TableHint(self)
        self.privacy = SeatPrivacy(self)
        self.log_panel = LogPanel(LOG_RECT)
        self.status: str = ""
        self.status_error = False
        self.worker: Any = None
        self._ai: _AITurn | None = None
        self._ai_failed = False
        self._over_timer: float | None = None
        self.change = 0  #: bumped whenever the position or the match changes (caches key on it)
        self._seen: tuple[tuple[int, int, int | None], State, Any] | None = None
        self._before: Any = None
        self._time = 0.0
        self.buttons = WidgetGroup()
        self.reference = HoverReference(self.component_at)
        self.motion = Timeline()  #: the last move's pieces on their way (``move_tweens``)
        #: where the human's piece was when their move was made (a drop's pointer), else ``None``
        self.move_origin: Point | None = None
        self.header_left = HEADER.right  #: where the header's buttons begin (turn text ends)
        self._rebuild_log()

    # -- hooks whose defaults use the table ---------------------------------------------------
    def handle_game_input(self, event: pygame.event.Event) -> bool:
        """Input while a human may act; the default gives it to the drag controller."""
        return self.drag.handle(event)

    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        """A move was played (by anyone): animate it.  The default plays its sound."""
        self.app.sound.play(move_effect(self.match.game_id, events))

    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """Lines for the game log (default: ``who: move``, then its events).  ``before`` is the
        turns played before ``turn``, which a game's words may depend on."""
        return game_log.plain_lines(turn, self.seat_names, self.match.game_id)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        """Column headings and one row per seat for the game-over screen."""
        return score_rows(outcome, self.seat_names)

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        """Default side panel: the seat list."""
        self.draw_seat_list(canvas, rect)

    def draw_seat_list(self, canvas: Canvas, rect: pygame.FRect) -> float:
        """The seats, their kinds and the mover; returns where the list ends."""
        return draw_seat_list(canvas, rect, self.match, self.seat_names, self.draw_seat_swatch)

    def draw_seat_swatch(self, canvas: Canvas, seat: int, rect: pygame.FRect) -> None:
        draw_seat_swatch(canvas, seat, rect)

    # -- facts ------------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def human_to_move(self) -> bool:
        """A human's turn, whether or not a menu covers the table (the words of the turn)."""
        return (not self.read_only and not self.state.is_over() and not self.match.awaiting
                and self.match.is_human(self.state.to_move))

    def human_can_act(self) -> bool:
        """A human's turn, and the table is on top (the input of the turn)."""
        return self.human_to_move() and self.app.stack.top is self

    def viewer_seat(self) -> int:
        return self.privacy.viewer_seat()

    def private_seat(self) -> int | None:
        """Whose hand and hidden faces may be drawn (``ui.table.privacy``)."""
        return self.privacy.private_seat()

    @property
    def version(self) -> tuple[int, int]:
        """Differs whenever what the table shows may differ: the key for a scene's caches."""
        return (self.change, len(self.match.history))

    @property
    def observed(self) -> State:
        """The position the table may show now: the private seat's observation (the public view
        when nobody's; a replay hides nothing).  A game's table reads this, never the match's
        state; rebuilt only when the position or the private seat changes."""
        return self._shown()[0]

    @property
    def seen(self) -> Any:
        """What the table may show now: ``make_seen`` of ``observed``."""
        return self._shown()[1]

    def _shown(self) -> tuple[State, Any]:
        private = self.private_seat()
        key = (*self.version, private)
        if self._seen is None or self._seen[0] != key:
            view = (self.state.clone() if self.read_only
                    else self.state.observe(NOBODY if private is None else private))
            self._seen = (key, view, self.make_seen(view, private))
        return self._seen[1], self._seen[2]

    def seen_before_change(self) -> Any:
        """What the table showed before the last move (for animations from the old position);
        ``None`` before the first move."""
        return self._before

    @property
    def seat_names(self) -> list[str]:
        """The names the players chose, else the defaults in the player's language
        (``match.seat_names`` are the rules' names, the keys of saves and ``Outcome.detail``)."""
        return shown_names(self.match)

    def seat_label(self, seat: int) -> str:
        """``● Cat`` — a seat's symbol with its name, so seats never differ by colour alone."""
        return f"{palette().seat(seat).symbol} {self.seat_names[seat]}"

    @property
    def log(self) -> list[str]:
        """The game log's lines, as shown."""
        return [line.text for line in self.log_panel.lines]

    # -- scene life -------------------------------------------------------------------------
    def enter(self) -> None:
        self._name_seats()
        self._follow_confirm_setting()
        self._build_buttons()
        self._announce_turn()

    def resume(self) -> None:
        self._name_seats()
        released = self._follow_confirm_setting()
        self._build_buttons()
        if released:  # Confirm turns was switched off while a turn waited: it passes now
            self._autosave()
            self._announce_turn()

    def _follow_confirm_setting(self) -> bool:
        """The match follows Settings › Confirm turns; whether a waiting turn was let go (its
        End turn may have been played: the log shows it)."""
        released = not self.read_only and self.match.set_confirm_turns(self.app.settings.confirm_turns)
        if released:
            self._rebuild_log()
        return released

    def _name_seats(self) -> None:
        """Let the rules' seat names in this table's sentences read as the players' names."""
        i18n.name_seats(self.match.game_id, self, dict(zip(self.match.seat_names, self.seat_names)))

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
        i18n.name_seats(self.match.game_id, self, None)
        if self.worker is not None:
            self.worker.close()
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
        humans = self.match.human_seats
        return not self.read_only and bool(humans) and (len(humans) < 2 or self.match.hints)

    def ask_hint(self) -> None:
        self.hints.ask()

    @property
    def hint(self) -> Hint | None:
        return self.hints.shown

    @property
    def hint_thinking(self) -> bool:
        return self.hints.thinking

    @property
    def hint_reading(self) -> Reading | None:
        return self.hints.reading

    def show_hint(self, move: Any) -> None:
        self.hints.show(move)

    def hint_line(self) -> str:
        return hint_line(self.hints.shown)

    def hinted_drop(self) -> tuple[Any, int, Any] | None:
        return self.hints.hinted_drop()

    def first_rotation(self, piece: Any) -> int:
        """The hint's piece is taken up turned as the hint means."""
        drop = self.hints.hinted_drop()
        return drop[1] if drop is not None and drop[0] == piece else 0

    def hinted_target(self, piece: Any) -> Any:
        """The target the hint means for ``piece`` (``None``: the hint means another piece, or
        none): a game whose drops on one place differ (Cathood's routes) prefers it."""
        drop = self.hints.hinted_drop()
        return drop[2] if drop is not None and drop[0] == piece else None

    def button_for(self, move: Any) -> Widget | None:
        """The button on the table now that plays ``move``, if one does."""
        return next((w for w in self.buttons.widgets
                     if isinstance(w, Button) and w.move is not None and w.move == move), None)

    # -- moves ------------------------------------------------------------------------------
    def play_human(self, move: Any) -> bool:
        """Play a human's move (a button, a key); on an illegal one show the reason and return
        False."""
        reason = self._play_human(move)
        if reason is not None:
            self.show_reason(reason)
        return reason is None

    def _play_human(self, move: Any) -> Reason | None:
        if not self.human_can_act():
            return Reason.of("not_your_turn")
        return self._play(move)

    def _play(self, move: Any) -> Reason | None:
        """Play ``move`` for the seat to move: ``None`` once played, else why the rules refused
        it (they check it here, once)."""
        seat = self.state.to_move
        before = self.seen
        self.motion.finish()
        still = self._still_board() if self._moves_shown() else None
        try:
            events = self.match.play(move)
        except IllegalMove as exc:
            return exc.reason
        self._before = before
        self.change += 1
        self.app.invalidate()
        self.drag.release()  # whoever made the move, nothing stays held or selected after it
        self.status, self.status_error = "", False
        self.hints.clear()
        self._rebuild_log()
        self.on_events(seat, events)
        if still is not None:
            self.motion.start(self.move_tweens(seat, events), *still)
        if not self.state.is_over() or record_finished(self):
            self._autosave()  # a finished game's save goes only once its record is written
        self._build_buttons()
        self._announce_turn()
        return None

    def _moves_shown(self) -> bool:
        """Moves are animated: not in a replay, nor when the player asked for less motion."""
        return not self.read_only and not self.app.settings.reduce_motion

    def _still_board(self) -> tuple[pygame.Surface, pygame.Rect, float]:
        """The board as it is now, before a move (what a landing place shows until its piece
        arrives): the picture, the real rect it covers and the canvas scale."""
        canvas = self.app.canvas
        real = canvas.real_rect(BOARD_RECT)
        picture = pygame.Surface(real.size)
        picture.fill(palette().background)
        with canvas.unrecorded(), canvas.offscreen(picture, canvas.to_virtual(real.topleft)):
            self._draw_table(canvas)
        return picture, real, canvas.scale

    def show_reason(self, reason: Reason) -> None:
        self.status, self.status_error = i18n.reason_text(reason, self.match.game_id), True
        self.app.sound.play("illegal")

    def on_reject(self, piece: P, reason: Reason) -> None:
        self.show_reason(reason)

    def on_pick(self, piece: P) -> None:
        self.status, self.status_error = "", False
        self.app.sound.play("pick")

    def _autosave(self) -> None:
        if self.read_only:
            return
        try:
            saves.autosave(self.match)
        except OSError as exc:
            self.app.toasts.show(i18n.t("save.write_failed", error=exc), error=True)

    def _announce_turn(self) -> None:
        """Start the game-over countdown, or hand the device over in hidden-information hotseat
        (not while the turn just ended waits for its End turn)."""
        if self.read_only or self.match.awaiting:
            return
        if self.state.is_over():
            self._over_timer = GAME_OVER_DELAY
            return
        seat = self.state.to_move
        if not self.privacy.hotseat_turn(seat):
            return
        if self.privacy.needs_handoff(seat):
            from catgames.ui.scenes.handoff import HandoffScene
            self.app.push(HandoffScene(self.app, self.seat_names[seat], self.since_last_turn(seat)))
        self.privacy.shown_seat = seat

    def since_last_turn(self, seat: int) -> list[str]:
        return game_log.since_last_turn(self, seat)

    def _rebuild_log(self) -> None:
        game_log.fill_log(self)

    def _match_changed(self) -> None:
        self.change += 1
        self.app.invalidate()
        self.motion.finish()
        self._cancel_ai()
        self.hints.clear()
        self.drag.release()
        self._over_timer = None
        self.status, self.status_error = "", False
        self.on_match_changed()  # first: the buttons below may read the game's caches
        self._rebuild_log()
        self._build_buttons()

    # -- commands (buttons, pause menu, keys) ------------------------------------------------
    def confirm_turn(self) -> None:
        """End turn (its button, Enter): the turn waiting for it passes on."""
        if self.match.confirm_turn():
            self.app.invalidate()
            self._autosave()
            self._build_buttons()
            self._announce_turn()

    def undo(self) -> None:
        refusal = self.match.undo_refusal()
        if refusal is None:
            self.match.undo_last_human_turn()
            self._match_changed()
            self._autosave()
            self.status = i18n.t("game.undone")
        else:
            self.status, self.status_error = i18n.t(undo_text_key(refusal)), True

    def restart(self) -> None:
        m = self.match
        self.replace_match(Match.new(m.game, m.players, m.seats, m.options, self.app.new_seed(),
                                     ai_seed=self.app.new_seed(), names=m.names, hints=m.hints))

    def show_position(self, match: Match) -> None:
        """A replay's table moves to another position of the game (``read_only`` tables)."""
        self.match = match
        self._match_changed()

    def replace_match(self, match: Match) -> None:
        self.match = match
        self.privacy.shown_seat = None
        self._follow_confirm_setting()
        self._match_changed()
        self._autosave()
        self._announce_turn()

    def open_pause(self) -> None:
        from catgames.ui.scenes.pause import PauseScene
        self.drag.cancel()
        self.app.push(PauseScene(self.app, self))

    # -- AI ---------------------------------------------------------------------------------
    def ai_worker(self) -> Any:
        """The AI worker that plays the AI seats and finds hints, started when first needed."""
        if self.worker is None:
            self.worker = self.app.worker_factory()
        return self.worker

    def _cancel_ai(self) -> None:
        if self._ai is not None and self.worker is not None:
            self.worker.cancel()
        self._ai = None

    def _drive_ai(self, dt: float) -> None:
        state = self.state
        difficulty = ai_difficulty(self.match.seat_kind(state.to_move))
        if state.is_over() or difficulty is None or self._ai_failed or self.read_only \
                or self.match.awaiting:
            return
        ply = len(self.match.history)
        if self._ai is None or self._ai.ply != ply:
            if not self._request_ai(state.to_move, difficulty, ply):
                return
        ai = self._ai
        if ai is None:
            return
        ai.waited += dt
        if ai.move is None:
            ai.move = self.worker.poll()
        if ai.move is not None and ai.waited >= self.app.ai_delay() and self.ai_may_move() \
                and not (self.motion.animating() and self.app.ai_delay() > 0):
            self._ai = None
            self._play_ai_move(ai.move)

    def _request_ai(self, seat: int, difficulty: str, ply: int) -> bool:
        try:
            observation = self.state.observe(seat).to_dict()  # never the deal or others' hands
            self.ai_worker().request(self.match.game_id, observation, seat, difficulty,
                                     self.match.ai_request_seed())
        except Exception as exc:  # an AI that cannot start must not take the table down
            log.exception("AI worker failed")
            self._ai_failed = True
            self.app.toasts.show(i18n.t("game.ai_failed", error=exc), error=True)
            return False
        self._ai = _AITurn(seat, ply)
        return True

    def _play_ai_move(self, text: str) -> None:
        """Play the AI's answer; the rules check it here, once.  One they refuse (a bug) is
        reported and replaced by a seeded random legal move, so the game goes on."""
        try:
            move = self.match.game.parse_move(self.state, text)
        except ValueError as exc:
            move = None
            log.error("AI sent an unreadable move %r: %s", text, exc)
        if move is not None and self._play(move) is None:
            return
        log.error("AI move %r refused; playing a random legal move instead", text)
        self.app.toasts.show(i18n.t("game.ai_bad_move", move=text), error=True)
        self._play(random.Random(self.match.ai_request_seed()).choice(self.state.legal_moves()))

    @property
    def thinking(self) -> bool:
        return self._ai is not None

    # -- frame ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        # Keys go to the board first (arrows move its cursor); pointer events to the buttons first.
        keyboard = event.type == pygame.KEYDOWN
        self.reference.observe(event)
        if self.motion.animating() and event.type in FINISHING:
            self.motion.finish()  # a click or a key shows the move done, and goes on to act
            self.app.invalidate()
        if not keyboard and self.buttons.handle(event):
            return True
        if self.log_panel.handle(self.app.canvas, event):
            return True
        if self.human_can_act() and (take_from_ghost(self, event) or self.handle_game_input(event)):
            return True
        if keyboard and self.buttons.handle(event):
            return True
        intent = I.first(event, I.BACK, I.PAUSE, I.UNDO, I.HINT, I.CONFIRM)
        if intent is None or (intent.kind == I.CONFIRM and not self.match.awaiting):
            return False
        if intent.kind == I.CONFIRM:
            self.confirm_turn()
        elif intent.kind == I.UNDO:
            self.undo()
        elif intent.kind == I.HINT:
            if not self.read_only:
                self.ask_hint()
        else:
            self.open_pause()
        return True

    def update(self, dt: float) -> None:
        self._time += dt
        if not self.state.is_over() and not self.read_only:
            self.match.seconds += dt
        self.buttons.update(dt)
        self.drag.update(dt)
        self.reference.update(dt)
        self.motion.update(dt)
        if self._over_timer is not None:
            self._over_timer -= dt
            if self._over_timer <= 0:
                self._over_timer = None
                self._show_game_over()
            return
        self.hints.poll()
        self._drive_ai(dt)

    def animating(self) -> bool:
        """The AI's spinner, a hint being thought of, the wait before the result, the drag's
        glides, a tooltip's or a reference's delay, a move's animation; a game adds its own
        animations (``super().animating() or ...``)."""
        return (self.thinking or self.hints.spinning() or self._over_timer is not None
                or self.drag.animating() or self.buttons.animating()
                or self.reference.animating(self.drag.holding) or self.motion.animating())

    def _show_game_over(self) -> None:
        from catgames.ui.scenes.game_over import GameOverScene
        self.app.sound.play("score")
        self.app.push(GameOverScene(self.app, self))

    def _draw_table(self, canvas: Canvas) -> None:
        """The table and the game's board on it (also the picture a move's animation keeps)."""
        draw_table(canvas, self.match.game_id, BOARD_RECT)
        self.draw_board(canvas, BOARD_RECT)

    def draw(self, canvas: Canvas) -> None:
        self._draw_table(canvas)
        self.motion.draw_covers(canvas)
        draw_hint_ghost(self, canvas)
        game_log.draw_hovered(self, canvas)
        draw_header(self, canvas, self._time)
        draw_status_line(self, canvas, self._time)
        canvas.rect(palette().panel, SIDE_RECT, radius=12)
        self.draw_side_panel(canvas, SIDE_RECT.inflate(-28, -24))
        self.log_panel.draw(canvas)
        self.buttons.draw(canvas)
        draw_hint_marks(self, canvas)
        self.draw_overlay(canvas)
        self.motion.draw(canvas)
        if self.app.stack.top is self:  # a menu over the table takes the pointer
            self.reference.draw(canvas, self.drag.holding)
