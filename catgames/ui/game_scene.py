"""The shared part of every game's table: match, autosave, log, AI turns, undo, pause, game over.

A game's scene subclasses ``BaseGameScene`` and supplies:

* ``draw_board(canvas, rect)`` (required): the board, trays and pieces inside ``board_rect``;
  finish with ``self.drag.draw(canvas)`` if the game uses drag-and-drop.  It is drawn on the
  game's own table (``catgames.ui.art.tables.STYLES``); pieces lying on it call
  ``catgames.ui.art.shadow.shadow`` just before they are drawn.
* its gestures: ``move_for(piece, target)``, the rules move a drop makes, and
  ``targets_for(piece, rotation)``, every place a piece could go; pieces and targets are the
  game's own small frozen types (the scene is ``BaseGameScene[Piece, Target]``).  From these two
  the base answers the drag controller's ``legal_targets``, ``check`` and ``drop``: a drop is
  checked once, by ``Match.play``.
* the pixel side of ``catgames.ui.drag.DragHost``: ``piece_at``, ``home_of``, ``snap``,
  ``target_point`` and the ``draw_*`` methods.  ``self.drag`` is a ready ``DragController`` bound
  to the scene; it only receives input while a human may act (``human_can_act``).
* ``make_seen(view, private)`` (optional): the game's view model, built from ``view`` — the
  observation of the seat whose private parts may be shown (``private``; ``None``: nobody's,
  ``view`` is then the public view).  The base calls it once per change and keeps the result in
  ``self.seen``; a scene draws hidden information only from there, so which hand is on the
  screen is decided here, for every game, and never by the scene.
* optional: ``component_at(pos)``, the ``Reference`` (name, rules text, rect) of what lies under
  ``pos``, shown beside it on hover or a long press (``ui.reference``; a game answers it in its
  ``reference`` module); ``references(app, options)``, its reference screens (a card gallery)
  for the pause menu and the rules screen.
* for the Hint (H) and tutorials: ``movable_pieces()``, every piece the mover could take up, so
  the base finds the drop whose ``move_for`` is a given move (``drop_for``) and shows its ghost; a button that plays a
  move says which (``Button(move=...)``) and is ringed instead; ``draw_hint_move`` shows any
  other move, ``draw_hint_ghost`` adds what a game's ghost leaves out.
* optional: ``handle_game_input(event)`` for keys such as a board cursor (call super first to
  keep drag-and-drop); ``draw_side_panel(canvas, rect)`` (default: the seats and whose turn);
  ``turn_key()`` for the header's words of the turn;
  ``on_events(seat, events)`` to animate or sound a move; ``log_lines(turn, before)``; ``score_table``;
  ``on_match_changed()`` to drop view caches after undo, restart or a replaced match;
  ``move_tweens(seat, events)``, the pieces a move carried and their paths (``ui.motion``),
  which the base animates unless the player chose to reduce motion.

Everything about the match goes through ``self.match`` (a ``core.session.Match``); the scene
never decides legality.  AI seats are played through ``app.worker_factory()`` (``AIWorker``:
``request(game_id, state_dict, seat, difficulty, seed)``, ``poll() -> move text | None``,
``cancel()``, ``close()``), polled once a frame, so the AI never blocks drawing.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

import pygame

from catgames.core import saves
from catgames.core.rules import NOBODY, Event, IllegalMove, Outcome, Reason, Seat, State
from catgames.core.session import Match, Turn, ai_difficulty
from catgames.ui import end_turn, i18n
from catgames.ui import intents as I
from catgames.ui.art.tables import draw_table
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import DragController, DragHostBase, P, T
from catgames.ui.hint_view import draw_hinted_piece, reasons_text, take_from_ghost
from catgames.ui.log_panel import LogLine, LogPanel
from catgames.ui.motion import Timeline, Tween
from catgames.ui.move_sounds import move_effect
from catgames.ui.names import shown_names
from catgames.ui.reference import HoverReference, Reference
from catgames.ui.scene import Scene
from catgames.ui.records import record_finished
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget, WidgetGroup

if TYPE_CHECKING:
    from catgames.ai.hint import Reading
    from catgames.ai.reasons import Claim

log = logging.getLogger(__name__)

HEADER = pygame.FRect(0, 0, 1280, 64)
BOARD_RECT = pygame.FRect(16, 76, 868, 660)
STATUS_RECT = pygame.FRect(16, 744, 868, 44)
HINT_RECT = pygame.FRect(16, 739, 868, 58)  #: the status line grown into the margins: a hint's two lines
SIDE_RECT = pygame.FRect(900, 76, 364, 330)
LOG_RECT = pygame.FRect(900, 418, 364, 370)
GAME_OVER_DELAY = 0.8  #: let the last move be seen before the result covers the board
FINISHING = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)  #: end a move's animation
HINT_LEVEL = "normal"  #: the difficulty whose move a hint suggests
HINT_LEAST = 14.0  #: the hint's words are never drawn smaller (virtual px); the why gives way first


def hint_fits(canvas: Canvas, lines: list[str], room: pygame.FRect, size: float) -> bool:
    """``lines``, each wrapped to ``room``'s width at ``size``, stand in its height."""
    count = sum(len(canvas.wrap(line, room.w, size)) for line in lines)
    return count * canvas.line_height(size) <= room.h


def hint_lines_in(canvas: Canvas, lines: list[str], room: pygame.FRect) -> list[str]:
    """As many of the hint's lines, first first, as fit ``room`` at ``HINT_LEAST`` pixels (the
    move's words, then the why)."""
    least = HINT_LEAST / canvas.text_scale  # the size that the text setting draws that large
    for keep in range(len(lines), 1, -1):
        if hint_fits(canvas, lines[:keep], room, least):
            return lines[:keep]
    return lines[:1]


def undo_text_key(refusal: str) -> str:
    """The sentence saying why undo is refused (``Match.undo_refusal``)."""
    return "game.cannot_undo" if refusal == "nothing" else f"game.cannot_undo_{refusal}"


def draw_seat_swatch(canvas: Canvas, seat: int, rect: pygame.FRect) -> None:
    """A seat's colour with its pattern and symbol: the key shown next to its name."""
    style = palette().seat(seat)
    canvas.rect(style.color, rect, radius=6)
    canvas.pattern(style.pattern, rect, style.light, step=8)
    light = sum(c * w for c, w in zip(style.color, (0.299, 0.587, 0.114))) > 140
    canvas.text(style.symbol, rect.center, rect.h * 0.6, (20, 20, 20) if light else (250, 250, 250),
                "center")


@dataclass(frozen=True)
class Hint:
    """The AI's suggestion for the seat to move: the move, where its ghost goes (a piece and
    target whose drop makes it; ``None``: a button or a click makes it), the facts that speak
    for it (``ai.reasons``; none: none could be worked out), and the move in the log's words
    (``""``: the log has none for it).  A move or an undo clears it."""

    move: Any
    spot: tuple[Any, Any] | None
    claims: tuple[Claim, ...]
    said: str
    rotation: int = 0  #: how often the piece is turned for the drop


class HintButton(Button):
    """The header's Hint button: a light bulb, the same width in every language (the turn's
    words need the header's room), named by its tooltip."""

    WIDTH = 52

    def __init__(self, rect: Any, on_click: Any, tooltip: str) -> None:
        super().__init__(rect, "", on_click, tooltip=tooltip)

    def draw(self, canvas: Canvas) -> None:
        super().draw(canvas)
        pal = palette()
        ink = pal.panel if not self.enabled else pal.text_on_accent if self.hovered else pal.text
        x, y = self.rect.centerx, self.rect.centery - 3
        canvas.circle(ink, (x, y), 8)
        canvas.rect(ink, (x - 4, y + 7, 8, 6), radius=2)
        for dx, dy in ((-13, -6), (0, -14), (13, -6)):  # its light
            canvas.line(ink, (x + dx * 0.75, y + dy * 0.75), (x + dx, y + dy), width=2)


@dataclass
class _AITurn:
    seat: int
    ply: int
    waited: float = 0.0
    move: str | None = None


#: the verdict on a drop where the game makes no move of that piece at all
NOTHING_THERE = Reason.of("nothing_there")


def _as_move(move: Any) -> tuple[Any, Reason | None]:
    """What ``move_for`` gave, as (the move, ``None``) or (``None``, why no move is made)."""
    if move is None:
        return None, NOTHING_THERE
    return (None, move) if isinstance(move, Reason) else (move, None)


class BaseGameScene(Scene, DragHostBase[P, T]):
    """One game's table; subclass per game (see the module docstring for the hooks)."""

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
        self._legal: tuple[tuple[int, int], frozenset[Any]] | None = None
        self.log: list[str] = []
        self.log_panel = LogPanel(LOG_RECT)
        self.status: str = ""
        self.status_error = False
        self.worker: Any = None
        self._ai: _AITurn | None = None
        self._ai_failed = False
        self._hint_asked = False  #: the AI worker is finding a hint's move
        self._hint_reading: tuple[Any, Reading] | None = None  #: a move, its words being worked out
        self.hint: Hint | None = None
        self._over_timer: float | None = None
        self._shown_seat: int | None = None
        self.change = 0  #: bumped whenever the position or the match changes (caches key on it)
        self._seen: tuple[tuple[int, int, Seat | None], State, Any] | None = None
        self._before: Any = None
        self._time = 0.0
        self.buttons = WidgetGroup()
        self.reference = HoverReference(self.component_at)
        self.motion = Timeline()  #: the last move's pieces on their way (``move_tweens``)
        #: where the human's piece was when their move was made (a drop's pointer), else ``None``
        self.move_origin: Point | None = None
        self._header_left = HEADER.right  #: where the header's buttons begin (turn text ends)
        self._rebuild_log()

    # -- hooks for games --------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        raise NotImplementedError

    def piece_at(self, pos: Point) -> P | None:
        return None

    def component_at(self, pos: Point) -> Reference | None:
        """The component under ``pos`` with its name and rules text, shown on hover or a long
        press (a game answers it in its ``reference`` module; default: nothing)."""
        return None

    # the pixel half of the drag host: a game whose ``piece_at`` can return a piece writes these
    def home_of(self, piece: P) -> Point:
        raise NotImplementedError

    def snap(self, piece: P, rotation: int, pos: Point) -> T | None:
        raise NotImplementedError

    def target_point(self, target: T) -> Point:
        raise NotImplementedError

    def draw_piece(self, canvas: Canvas, piece: P, rotation: int, center: Point) -> None:
        raise NotImplementedError

    def draw_ghost(self, canvas: Canvas, piece: P, target: T, legal: bool) -> None:
        raise NotImplementedError

    def move_for(self, piece: P, target: T) -> Any | None:
        """The rules move that dropping ``piece`` on ``target`` makes (``None``: no move; a
        ``Reason``: no move, and why — shown to the player as the rules' reasons are)."""
        return None

    def targets_for(self, piece: P, rotation: int) -> Iterable[T]:
        """Every place ``piece`` (turned ``rotation`` times) could be dropped, legal or not."""
        return ()

    def movable_pieces(self) -> Iterable[P]:
        """Every piece the player to move could take up now and drop to make a move, so a hint
        or a tutorial step can find the drop that makes a given move (default: none; a hint
        then lights a button)."""
        return ()

    def draw_hint_ghost(self, canvas: Canvas, piece: P, target: T) -> None:
        """A suggested drop: the drag's own ghost (a game whose ghost does not show the piece
        adds it)."""
        self.draw_ghost(canvas, piece, target, True)

    def draw_hint_move(self, canvas: Canvas, move: Any) -> None:
        """Show a suggested move that is neither a drop nor a button (a click on the table);
        default: nothing, the why line alone speaks."""

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        """Input while a human may act; the default gives it to the drag controller."""
        return self.drag.handle(event)

    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        """A move was played (by anyone): animate it.  The default plays its sound."""
        self.app.sound.play(move_effect(self.match.game_id, events))

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        """The pieces the move just played carried, each along its path (default: none).  Called
        after ``on_events``: ``self.seen`` is after the move, ``seen_before_change()`` before it;
        a human's drop started at ``move_origin``."""
        return []

    def on_match_changed(self) -> None:
        """The match was replaced, undone or restarted: drop caches derived from the state."""

    def make_seen(self, view: Any, private: Seat | None) -> Any:
        """The game's view model of ``view`` (default: the observation itself)."""
        return view

    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """Lines for the game log: ``who: move`` then one per event with an ``event.*`` string.
        ``before`` is the turns played before ``turn``, which a game's words may depend on."""
        names = self.seat_names
        who = i18n.t("game.chance") if turn.seat < 0 else names[turn.seat]
        lines = [i18n.t("common.labelled", label=who, text=turn.move)]
        for event in turn.events:
            name = names[event.seat] if event.seat is not None and event.seat >= 0 else ""
            args = dict(event.data, seat=name)
            for key in (f"event.{self.match.game_id}.{event.kind}", f"event.{event.kind}"):
                if i18n.has(key):
                    lines.append("  " + i18n.t(key, **args))
                    break
        return lines

    def opening_lines(self) -> list[str]:
        """Log lines for what the set-up did before the first move (default: none)."""
        return []

    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        """Light up on the table what line ``part`` of ``turn``'s log lines names (the pointer
        is over it in the log; 0 is the move's line, then its events').  Default: nothing."""

    def turn_key(self) -> str:
        """The header's words for the seat to move, ``{seat}`` filled in (default: "to move")."""
        return "game.to_move"

    def status_hint(self) -> str:
        """The line under the board while a human may act and nothing else is to be said."""
        return i18n.t("game.hint")

    def draw_overlay(self, canvas: Canvas) -> None:
        """Drawn last, over the side panel, log and buttons (a held piece, pop-ups)."""

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """Optional: how the scores came about, under the game-over table (in ``rect``)."""

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        """Column headings and one row per seat for the game-over screen.

        The default shows the total plus every ``Outcome.detail`` entry that is a per-seat list
        of numbers (heading ``score.<key>`` if that string exists, else the key made readable).
        """
        n = self.match.players
        parts = {k: v for k, v in outcome.detail.items()
                 if isinstance(v, (list, tuple)) and len(v) == n
                 and all(isinstance(x, (int, float)) for x in v)}
        heads = [i18n.t("over.player")] + [
            i18n.t_or(f"score.{k}", k.replace("_", " ").capitalize()) for k in parts
        ] + [i18n.t("over.total")]
        rows = [[self.seat_names[s]] + [str(v[s]) for v in parts.values()]
                + [str(outcome.scores[s])] for s in range(n)]
        return heads, rows

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
        """Whose view is shown: the human to move, else the first human, else seat 0 (in a
        replay: whoever moves)."""
        if self.match.is_human(self.state.to_move) or (self.read_only and self.state.to_move >= 0):
            return self.state.to_move
        humans = self.match.human_seats
        return humans[0] if humans else 0

    def private_seat(self) -> int | None:
        """Whose hand and hidden faces may be drawn: the only human's; in hidden-information
        hotseat the seat the device was last handed to, and nobody's while an AI moves (the
        device may be with anyone) or before the first hand-off; nobody's among AIs."""
        if self.read_only:  # a replay hides nothing: the mover's hand, at the end the viewer's
            return self.viewer_seat()
        humans = self.match.human_seats
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if not self.match.game.has_hidden_information:
            return self.viewer_seat()
        if not self.match.is_human(self.state.to_move):
            return None
        return self._shown_seat

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
        self._clear_hint()  # its move was put into words in the old language
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
        """Menu at the header's right end, Undo before it, each as wide as its word needs."""
        if self.read_only:  # the replay puts its own controls there
            self.buttons = WidgetGroup(self.extra_widgets())
            return
        menu = i18n.t("game.menu")
        right = 1264 - self._header_button_w(menu)
        buttons: list[Widget] = [Button((right, 12, 1264 - right, 40), menu, self.open_pause,
                                        size=18)]
        text = i18n.t("game.undo")  # in every game; greyed out where a move revealed something
        w = self._header_button_w(text)
        refusal = self.match.undo_refusal()  # greyed out, it says why on hover
        undo = Button((right - 12 - w, 12, w, 40), text, self.undo,
                      tooltip=i18n.t(undo_text_key(refusal) if refusal else "game.undo_tip"), size=18)
        undo.enabled = refusal is None
        buttons.insert(0, undo)
        if self.hints_offered():
            hint = HintButton((undo.rect.x - 12 - HintButton.WIDTH, 12, HintButton.WIDTH, 40),
                              self.ask_hint, i18n.t("hint.tip"))
            hint.enabled = self.human_can_act()
            buttons.insert(0, hint)
        self._header_left = buttons[0].rect.x
        if self.match.awaiting:
            buttons.append(end_turn.end_turn_button(self.app.canvas, HINT_RECT, self.confirm_turn))
        self.buttons = WidgetGroup(buttons + self.extra_widgets())

    def _header_button_w(self, text: str) -> float:
        return min(260.0, max(130.0, self.app.canvas.text_size(text, 18, bold=True)[0] + 32))

    def extra_widgets(self) -> list[Widget]:
        """A game's own controls on the table (toggles, buttons); rebuilt with the header's."""
        return []

    @classmethod
    def references(cls, app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
        """A game's reference screens (a card gallery) as (label, open it), for a match with
        ``options`` (``{}`` before one is set up): in the pause menu after Rules, and on the
        rules screen.  Default: none."""
        return []

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

    # -- gestures: what the drag controller asks, answered from ``move_for`` ----------------
    def legal_moves_now(self) -> frozenset[Any]:
        """The legal moves of the position, once per change."""
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, frozenset(self.state.legal_moves()))
        return self._legal[1]

    def legal_targets(self, piece: P, rotation: int) -> list[T]:
        legal = self.legal_moves_now()
        return [t for t in self.targets_for(piece, rotation) if self.move_for(piece, t) in legal]

    def check(self, piece: P, target: T) -> Reason | None:
        move, refused = _as_move(self.move_for(piece, target))
        return refused if refused is not None else self.state.check(move)

    def drop(self, piece: P, target: T) -> Reason | None:
        move, refused = _as_move(self.move_for(piece, target))
        if refused is not None:
            return refused
        self.move_origin = self.drag.dropped_from
        try:
            return self._play_human(move)
        finally:
            self.move_origin = None

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
        self._clear_hint()
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
        if not self._hotseat_turn(seat):
            return
        if self._needs_handoff(seat):
            self.app.screens.hand_over(self.seat_names[seat], self.since_last_turn(seat))
        self._shown_seat = seat

    def _hotseat_turn(self, seat: int) -> bool:
        """A human's turn in hidden-information hotseat, where the device may change hands."""
        return (self.match.game.has_hidden_information and len(self.match.human_seats) > 1
                and self.match.is_human(seat))

    def _needs_handoff(self, seat: int) -> bool:
        """Hand the device to ``seat`` only when something on it is hidden from the others: its
        view differs from the one on the screen, or what it chooses now is secret."""
        if seat == self._shown_seat:
            return False
        if self.secret_choice():
            return True
        shown = NOBODY if self._shown_seat is None else self._shown_seat
        return self.state.observe(seat).to_dict() != self.state.observe(shown).to_dict()

    def secret_choice(self) -> bool:
        """The seat to move now chooses something the others must not see (default: no)."""
        return False

    def since_last_turn(self, seat: int) -> list[str]:
        """The log since ``seat`` last moved: what the others did meanwhile."""
        last = max((i for i, turn in enumerate(self.match.history) if turn.seat == seat),
                   default=-1)
        return [line.text for line in self.log_panel.lines if line.turn > last]

    def _rebuild_log(self) -> None:
        lines = [LogLine(line, -1, part) for part, line in enumerate(self.opening_lines())]
        history = self.match.history
        lines += [LogLine(line, index, part) for index, turn in enumerate(history)
                  for part, line in enumerate(self.log_lines(turn, history[:index]))]
        self.log = [line.text for line in lines]
        self.log_panel.set_lines(lines)

    def _match_changed(self) -> None:
        self.change += 1
        self.app.invalidate()
        self.motion.finish()
        self._cancel_ai()
        self._clear_hint()
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
        self._shown_seat = None
        self._follow_confirm_setting()
        self._match_changed()
        self._autosave()
        self._announce_turn()

    def open_pause(self) -> None:
        self.drag.cancel()
        self.app.screens.pause(self)

    # -- hint -------------------------------------------------------------------------------
    def hints_offered(self) -> bool:
        """A human plays here, and among several humans the set-up allowed hints."""
        humans = self.match.human_seats
        return not self.read_only and bool(humans) and (len(humans) < 2 or self.match.hints)

    def ask_hint(self) -> None:
        """Ask the AI what it would play for the human to move (shown, never played)."""
        if not self.hints_offered():
            self.status, self.status_error = i18n.t("hint.disabled"), True
            return
        if not self.human_can_act() or self.hint_thinking or self.hint is not None:
            return
        seat = self.state.to_move
        try:
            if self.worker is None:
                self.worker = self.app.worker_factory()
            self.worker.request(self.match.game_id, self.state.observe(seat).to_dict(), seat,
                                HINT_LEVEL, self.match.ai_request_seed(), patient=True)
        except Exception as exc:  # a hint that cannot be asked must not take the table down
            log.exception("AI worker failed")
            self.app.toasts.show(i18n.t("game.ai_failed", error=exc), error=True)
            return
        self._hint_asked = True
        self.status, self.status_error = "", False
        self.app.invalidate()

    @property
    def hint_thinking(self) -> bool:
        """A hint's move is being found, or its words worked out."""
        return self._hint_asked or self._hint_reading is not None

    def _hint_spinning(self) -> bool:
        """The status line's spinner turns: a hint is being thought of, and shown as such."""
        return self.hint_thinking and self.human_can_act() and not self.status

    def _poll_hint(self) -> None:
        self._poll_hint_move()
        self._poll_hint_words()

    def _poll_hint_move(self) -> None:
        if not self._hint_asked or self.worker is None:
            return
        text = self.worker.poll()
        if text is None:
            return
        self._hint_asked = False
        self.app.invalidate()
        if getattr(self.worker, "last_error", None):  # a failed search's stand-in is no advice
            self.status, self.status_error = i18n.t("hint.unavailable"), True
            return
        try:
            move = self.match.game.parse_move(self.state, text)
        except ValueError as exc:
            log.error("AI sent an unreadable hint %r: %s", text, exc)
            return
        if move not in self.legal_moves_now():
            log.error("AI hint %r is not a legal move", text)
            return
        self.show_hint(move)

    def show_hint(self, move: Any) -> None:
        """Show ``move``, a legal move of the seat to move, as its hint (the AI's answer), once
        its why and its events are worked out, off the frame (``hint_reading``)."""
        from catgames.ai.hint import Reading
        reading = Reading(self.match.game_id, self.state, self.state.to_move, move,
                          self.match.ai_request_seed())
        self._hint_reading = move, reading
        self.app.invalidate()

    @property
    def hint_reading(self) -> Reading | None:
        """The why of the hint about to show, being worked out (a test may wait for it)."""
        return None if self._hint_reading is None else self._hint_reading[1]

    def _poll_hint_words(self) -> None:
        pending = self._hint_reading
        said = None if pending is None else pending[1].said()
        if pending is None or said is None:
            return
        move, self._hint_reading = pending[0], None
        drop = self.drop_for(move)
        spot = None if drop is None else (drop[0], drop[2])
        self.hint = Hint(move, spot, said.claims, self._move_words(move, said.events),
                         0 if drop is None else drop[1])
        self.app.invalidate()

    def _move_words(self, move: Any, events: tuple[Event, ...]) -> str:
        """The log's line for ``move`` as if it were played now, without its full stop (the hint
        line ends its own sentences); failing that the line of its first event alone (a card
        whose play waits for a choice says nothing yet); ``""`` if the log has no words for it,
        or no events to word (the why failed)."""
        for told in (events, events[:1]) if events else ():
            turn = Turn(self.state.to_move, str(move), told)
            try:
                lines = self.log_lines(turn, self.match.history)
            except Exception:  # a hint unsaid is no reason to fail: the table shows it
                log.exception("hint: the log has no words for %s", move)
                lines = []
            if lines:
                return lines[0].strip().rstrip(".。")
        return ""

    def drop_for(self, move: Any) -> tuple[P, int, T] | None:
        """A piece, how often it is turned, and the target whose drop makes ``move``, if a drop
        makes it (a search of every movable piece's targets; a game that knows the answer at
        once says so here)."""
        for piece in self.movable_pieces():
            for rotation in range(self.rotations(piece)):
                for target in self.targets_for(piece, rotation):
                    if self.move_for(piece, target) == move:
                        return piece, rotation, target
        return None

    def button_for(self, move: Any) -> Widget | None:
        """The button on the table now that plays ``move``, if one does."""
        return next((w for w in self.buttons.widgets
                     if isinstance(w, Button) and w.move is not None and w.move == move), None)

    def hint_line(self) -> str:
        """The status line while a hint is asked for or shown: the move and its why, in words."""
        hint = self.hint
        if hint is None:
            return i18n.t("hint.thinking")
        why = reasons_text(hint.claims)
        if hint.said:
            return (i18n.t("hint.move.no_why", move=hint.said) if not why
                    else i18n.t("hint.move.line", move=hint.said, why=why))
        return i18n.t("hint.no_why") if not why else i18n.t("hint.line", why=why)

    def _clear_hint(self) -> None:
        """Drop the hint; words still being worked out are left to end unread."""
        if self._hint_asked and self.worker is not None:
            self.worker.cancel()
        self._hint_asked, self._hint_reading, self.hint = False, None, None

    def _draw_hint_ghost(self, canvas: Canvas) -> None:
        """The suggested move on the table (not while a piece is held: its own ghost shows)."""
        hint = self.hint
        if hint is None or self.drag.holding or not self.human_can_act():
            return
        table, canvas.layer = canvas.layer, canvas.layer + 1  # floats over the table, as a drag
        if hint.spot is not None:
            self.draw_hint_ghost(canvas, *hint.spot)
        elif self.button_for(hint.move) is None:
            self.draw_hint_move(canvas, hint.move)
        canvas.layer = table

    def _draw_hint_lines(self, canvas: Canvas, lines: list[str], box: pygame.FRect) -> None:
        """The hint's lines in ``box``, wrapped, as large as its height lets them all be; where
        even ``HINT_LEAST`` cannot hold them, the why gives way, never the move's words."""
        room = box.inflate(-32, -6)
        shown = hint_lines_in(canvas, lines, room)
        size = canvas.steady(20, lambda s: hint_fits(canvas, shown, room, s), least=HINT_LEAST)
        wrapped = [part for line in shown for part in canvas.wrap(line, room.w, size)]
        step = canvas.line_height(size)
        top = room.centery - step * len(wrapped) / 2
        for i, line in enumerate(wrapped):
            canvas.text(line, (room.x, top + i * step), size, palette().text, max_width=room.w)

    def _draw_hint_button(self, canvas: Canvas) -> None:
        """The hint's button ringed, or the piece its drop takes lit where it lies."""
        hint = self.hint
        if hint is None or not self.human_can_act():
            return
        button = None if hint.spot is not None else self.button_for(hint.move)
        if button is not None:
            canvas.rect(palette().focus, button.rect.inflate(10, 10), width=4, radius=14)
        draw_hinted_piece(self, canvas)

    def hinted_drop(self) -> tuple[Any, int, Any] | None:
        """The hint's drop (piece, turns, target), while one is shown."""
        hint = self.hint
        if hint is None or hint.spot is None:
            return None
        return hint.spot[0], hint.rotation, hint.spot[1]

    def first_rotation(self, piece: Any) -> int:
        """The hint's piece is taken up turned as the hint means."""
        drop = self.hinted_drop()
        return drop[1] if drop is not None and drop[0] == piece else 0

    def hinted_target(self, piece: Any) -> Any:
        """The target the hint means for ``piece`` (``None``: the hint means another piece, or
        none): a game whose drops on one place differ (Cathood's routes) prefers it."""
        drop = self.hinted_drop()
        return drop[2] if drop is not None and drop[0] == piece else None

    # -- AI ---------------------------------------------------------------------------------
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

    def ai_may_move(self) -> bool:
        """False while the table shows something the players should read first (the AI keeps
        thinking meanwhile; only its move waits)."""
        return True

    def _request_ai(self, seat: int, difficulty: str, ply: int) -> bool:
        try:
            if self.worker is None:
                self.worker = self.app.worker_factory()
            observation = self.state.observe(seat).to_dict()  # never the deal or others' hands
            self.worker.request(self.match.game_id, observation, seat, difficulty,
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
        self._poll_hint()
        self._drive_ai(dt)

    def animating(self) -> bool:
        """The AI's spinner, a hint being thought of, the wait before the result, the drag's
        glides, a tooltip's or a reference's delay, a move's animation; a game adds its own
        animations (``super().animating() or ...``)."""
        return (self.thinking or self._hint_spinning() or self._over_timer is not None
                or self.drag.animating() or self.buttons.animating()
                or self.reference.animating(self.drag.holding) or self.motion.animating())

    def _show_game_over(self) -> None:
        self.app.sound.play("score")
        self.app.screens.game_over(self, self.state.outcome())

    def _draw_table(self, canvas: Canvas) -> None:
        """The table and the game's board on it (also the picture a move's animation keeps)."""
        draw_table(canvas, self.match.game_id, BOARD_RECT)
        self.draw_board(canvas, BOARD_RECT)

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        self._draw_table(canvas)
        self.motion.draw_covers(canvas)
        self._draw_hint_ghost(canvas)
        self._draw_log_highlight(canvas)
        self._draw_header(canvas)
        self._draw_status(canvas)
        canvas.rect(pal.panel, SIDE_RECT, radius=12)
        self.draw_side_panel(canvas, SIDE_RECT.inflate(-28, -24))
        self._draw_log(canvas)
        self.buttons.draw(canvas)
        self._draw_hint_button(canvas)
        self.draw_overlay(canvas)
        self.motion.draw(canvas)
        if self.app.stack.top is self:  # a menu over the table takes the pointer
            self.reference.draw(canvas, self.drag.holding)

    def _draw_header(self, canvas: Canvas) -> None:
        pal = palette()
        canvas.rect(pal.panel, HEADER)
        title = canvas.text(i18n.game_title(self.match.game_id), (20, 32), 26, pal.text, "midleft",
                            bold=True, max_width=360)
        self.draw_turn(canvas, (min(400.0, title.right + 32), 32))  # the more room for the turn

    def draw_turn(self, canvas: Canvas, pos: Point) -> None:
        """Whose turn it is (with the seat's colour, pattern and symbol) or that an AI thinks."""
        pal = palette()
        if self.state.is_over():
            canvas.text(i18n.t("game.over"), pos, 22, pal.text, "midleft", bold=True)
            return
        awaiting, seat = self.match.awaiting, self.match.turn_shown
        if seat < 0:
            return
        self.draw_seat_swatch(canvas, seat, pygame.FRect(pos[0], pos[1] - 14, 28, 28))
        name = self.seat_names[seat]
        key = "game.thinking" if self.thinking else "game.end_turn_header" if awaiting else self.turn_key()
        room = min(500.0, self._header_left - 12 - (pos[0] + 40) - (34 if self.thinking else 0))
        rect = canvas.text(i18n.t(key, seat=name), (pos[0] + 40, pos[1]), 22, pal.text,
                           "midleft", max_width=room)
        if self.thinking:
            self._draw_spinner(canvas, (rect.right + 22, pos[1]))

    def _draw_spinner(self, canvas: Canvas, center: Point) -> None:
        pal = palette()
        for i in range(8):
            angle = self._time * 6 + i * math.pi / 4
            fade = (i + 1) / 8
            color = tuple(round(a * fade + b * (1 - fade)) for a, b in zip(pal.accent, pal.panel))
            canvas.circle(color, (center[0] + 10 * math.cos(angle), center[1] + 10 * math.sin(angle)), 3)

    def draw_seat_swatch(self, canvas: Canvas, seat: int, rect: pygame.FRect) -> None:
        draw_seat_swatch(canvas, seat, rect)

    def _draw_status(self, canvas: Canvas) -> None:
        pal = palette()
        if self.match.awaiting and not self.status:
            end_turn.draw_prompt(canvas, HINT_RECT)
            return
        hinting = (self.hint is not None or self.hint_thinking) and self.human_can_act()
        if not self.status and not hinting:
            if self.human_can_act():  # wrapped, so a larger text size takes two lines
                canvas.paragraph(self.status_hint(), STATUS_RECT, 17, pal.text_dim)
            return
        lines = self.hint_line().split("\n") if self.hint is not None and not self.status else []
        box = HINT_RECT if len(lines) > 1 else STATUS_RECT
        canvas.rect(pal.panel, box, radius=10)
        if self.status_error or (hinting and not self.status):
            canvas.rect(pal.bad if self.status_error else pal.focus, box, width=3, radius=10)
        if lines:  # the move, then its why: a line each
            self._draw_hint_lines(canvas, lines, box)
            return
        text = self.status or self.hint_line()
        mark = "✗ " if self.status_error else ""
        room = STATUS_RECT.w - 32
        if self._hint_spinning():  # the spinner says it is being thought
            self._draw_spinner(canvas, (STATUS_RECT.right - 26, STATUS_RECT.centery))
            room -= 40
        canvas.text(mark + text, (STATUS_RECT.x + 16, STATUS_RECT.centery), 20, pal.text,
                    "midleft", max_width=room)

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        """Default side panel: the seat list."""
        self.draw_seat_list(canvas, rect)

    def draw_seat_list(self, canvas: Canvas, rect: pygame.FRect) -> float:
        """Each seat with its kind (human / AI level), the mover marked; returns where the list
        ends, so a game's panel can go on below it at any text size."""
        pal = palette()
        y = canvas.text(i18n.t("game.players"), rect.topleft, 20, pal.text, bold=True).bottom + 10
        step = max(38.0, canvas.line_height(20) + 10)
        for seat in range(self.match.players):
            self.draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y, 26, 26))
            name, kind = self.seat_names[seat], i18n.t(f"seat_kind.{self.match.seat_kind(seat)}")
            room = rect.w - 38
            if canvas.text_size(name, 20)[0] + 12 + canvas.text_size(kind, 17)[0] <= room:
                canvas.text(kind, (rect.right, y + 13), 17, pal.text_dim, "midright")
            # else the name says enough ("Mochi (hard)") and has the row to itself
            canvas.text(name, (rect.x + 38, y + 13), 20, pal.text, "midleft", max_width=room)
            if seat == self.match.turn_shown:
                canvas.text("▶", (rect.x - 4, y + 13), 16, pal.focus, "midright")
            y += step
        return y

    def _draw_log(self, canvas: Canvas) -> None:
        self.log_panel.draw(canvas)

    def _draw_log_highlight(self, canvas: Canvas) -> None:
        line = self.log_panel.hovered(canvas)
        if line is not None and 0 <= line.turn < len(self.match.history):
            self.draw_log_highlight(canvas, self.match.history[line.turn], line.part)
