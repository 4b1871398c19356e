"""The Cathood table: drag a disc onto an action space, then your cat along a lit route (the
whole path previewed with the cubes it collects), a tile to turn it or onto a neighbour to swap,
a card onto a lot, a statue onto a tree; decisions (supermarket colour, coffee trades, the bee's
card, the dog's street, rock-paper-scissors, the cube to steal or give back) in the prompt.

This module wires input, layout and the match together: what a gesture means as a rules move is
``gestures`` (the base derives legal targets, check and drop from it), what lies under the pointer
``pointer``, the held piece and its ghost ``ghosts``, the prompt's words and buttons ``prompts``,
cats walking and cubes flying ``motion``, the end ``results``; only the rules judge a move.
Everything drawn comes from one observation (``seen.Seen``); a committed rock-paper-scissors
choice is never drawn nor written.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.runner import PLAYED, Change
from catgames.core.session import Turn
from catgames.games.cathood import gestures
from catgames.games.cathood.table import gallery, ghosts, motion, pointer, reference, results
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.components import ACTIONS, PARK
from catgames.games.cathood.gestures import (
    DISC, NEW_CAT, ActionSpace, Card, Cat, Piece, Statue, Target, Tile, TileSpot,
)
from catgames.games.cathood.moves import END_TURN, Reserve
from catgames.games.cathood.scoring import standings
from catgames.games.cathood.table.fights import FightWalk, fights_of
from catgames.games.cathood.table.final import FinalWalk
from catgames.games.cathood.table.board import draw_board
from catgames.games.cathood.table.pieces import CathoodPieces
from catgames.games.cathood.table.panels import (
    draw_action_board, draw_market, draw_neighbourhood, draw_prompt, draw_seats, seat_header,
)
from catgames.games.cathood.table.prompts import hint_text, prompt_buttons, prompt_text
from catgames.games.cathood.rules import OVER, SETUP, CathoodState
from catgames.games.cathood.table.seen import Seen, Showing
from catgames.games.cathood.table.view import draw_cat
from catgames.games.cathood.table.motion import turned_tiles
from catgames.games.cathood.table.words import board_of, cats_after, event_line, log_lines, reason_text
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.end_turn import waiting_words
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.table.hint_view import hint_on_table
from catgames.ui.table.view import Shown
from catgames.ui.motion import Tween
from catgames.ui.reference import Reference
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Widget

FLASH_TIME = 1.2          #: a turned or swapped tile is outlined this long


class CathoodScene(BaseGameScene[Piece, Target]):
    """The table of Cathood; see ``BaseGameScene`` for the shared parts."""

    pieces_class = CathoodPieces
    pieces: CathoodPieces

    game_over_panel = pygame.FRect(40, 12, 1200, 776)  #: room for each seat's detail under the table
    references = classmethod(gallery.references)

    def __init__(self, app, *source: Any, **given: Any) -> None:
        self._log_memo: dict[int, tuple[Turn, list[str]]] = {}   #: filled by the base's first log
        super().__init__(app, *source, **given)  # a match, or a feed: passed on unread
        self.armed: int | None = None        #: the action space a disc was dragged onto
        self.trade_give: str | None = None   #: a coffee trade's first half, chosen
        self.pinned: int | None = None       #: seat whose board is shown (else the acting cat's)
        self.flash: tuple[tuple[int, ...], float] | None = None
        self._options: dict[int, Callable[[], Any]] = {}   #: what each digit presses
        self._fights: list[Event] = []       #: the last move's events, when it fought
        self.final: FinalWalk | None = None  #: the final scoring walked through (``staged_end``)

    # -- what is seen --------------------------------------------------------------------------
    view = Shown(CathoodState)  #: the position as this table may show it (``observed``)

    def make_seen(self, view: CathoodState, private: int | None) -> Seen:
        return Seen(view, tuple(self.seat_names))

    def showing(self) -> Showing:
        """What the table shows now, for the hover reference and the move animations."""
        return Showing(self.seen, self.acting(), self.board_seat(), self.armed, self.app.canvas)

    def on_match_changed(self) -> None:
        self._log_memo = {}
        self.armed = self.trade_give = self.pinned = None
        self.flash = self.final = None
        self._fights = []

    def decision(self) -> str | None:
        """The pending decision's kind (``take``, ``cb``, ``dog``…), if any."""
        return gestures.decision(self.view)

    def acting(self) -> int:
        """The cat whose turn it is (in set-up: the one placing); a turn waiting for its End
        turn on the match is still its player's (``Match.turn_shown``)."""
        view = self.view
        if self.public.awaiting:
            return self.public.turn_shown
        return view.to_move if view.phase == SETUP else view.turn

    def board_seat(self) -> int:
        return self.pinned if self.pinned is not None else self.acting()

    def free_play(self) -> bool:
        """A human may take an action now (no decision pending)."""
        return self.human_can_act() and self.view.phase not in (SETUP, OVER) and not self.view.todo

    # -- gestures (the rules side is ``gestures``) ------------------------------------------------
    def drop(self, piece: Piece, target: Target) -> Reason | None:
        """A disc on an action space is no move yet: it arms the space; any other drop is one."""
        if not isinstance(target, ActionSpace):
            return super().drop(piece, target)
        reason = self.check(piece, target)
        if reason is None:
            self.arm(target.action)
        return reason

    def arm(self, action: int) -> None:
        """A disc on an action space: show its targets (and take up its piece when it has one)."""
        self.armed, self.trade_give = action, None
        if action == PARK:
            self.pinned = None
        self._build_buttons()
        piece = gestures.piece_to_take_up(self.view, action)
        if piece is not None:
            self.drag.pick(piece)

    def disarm(self) -> None:
        self.armed = None
        self.drag.cancel()
        self._build_buttons()

    def draw_hint_move(self, canvas: Canvas, move: Any) -> None:
        ghosts.draw_hinted_choice(canvas, self.view, move, self.trade_give, self.buttons.widgets)

    def show_reason(self, reason: Reason) -> None:
        self.status, self.status_error = reason_text(self.view.data, reason), True
        self.app.sound.play("illegal")

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        intent = I.first(event, I.SELECT)
        if intent is not None and intent.pos is not None:
            for seat in range(self.view.n):
                if L.seat_row(seat, self.view.n, self.app.settings.ui_scale).collidepoint(intent.pos):
                    self.pinned = None if self.pinned == seat or seat == self.acting() else seat
                    return True
        return False

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        """Clicks on lit streets and cards for decisions; digits for prompt options and action
        spaces; Esc takes an unused disc back."""
        for intent in I.intents_of(event):
            turned = None if intent.pos is None else self.turned_in_place(intent.pos)
            if intent.kind == I.RELEASE and turned is not None and self.drag.dragging:
                self.drag.place(turned)
                return True
            if intent.kind == I.DIGIT and self._digit(intent.value):
                return True
            if intent.kind == I.CONFIRM and self.free_play() and self.view.waits_for_end_turn():
                self.end_turn()  # Enter: the End turn that is the one move left
                return True
            if intent.kind == I.BACK and self.armed is not None and not self.drag.holding:
                self.disarm()
                return True
            if intent.kind == I.SELECT and intent.pos is not None and not self.drag.holding \
                    and self._click(intent.pos):
                return True
        return super().handle_game_input(event)

    def turned_in_place(self, pos: Point) -> TileSpot | None:
        """A held tile, turned, over its own place: dropping (or clicking) there turns it, even
        when the pointer came back to where it was picked up."""
        piece, rot = self.drag.piece, self.drag.rotation % 4
        if isinstance(piece, Tile) and rot != 0 and self.seen.grid.tile_at(pos) == piece.pos:
            return TileSpot(piece.pos, rot)
        return None

    def _digit(self, n: int) -> bool:
        """A number key presses what shows that number: a choice of the prompt (a colour always
        on its own key) or, in free play, an action space."""
        if self.decision() is not None or self.view.phase == SETUP:
            act = self._options.get(n)
            if act is not None:
                act()
            return act is not None
        if self.free_play() and n <= len(ACTIONS):
            self._toggle_disc(n - 1)
            return True
        return False

    def _toggle_disc(self, action: int) -> None:
        if self.armed == action:
            self.disarm()
            return
        self.drag.cancel()
        self.armed = None
        reason = gestures.arm_reason(self.view, action)
        if reason is not None:
            self.show_reason(reason)
        else:
            self.arm(action)

    def _click(self, pos: Point) -> bool:
        """A click that is a whole move: a lit street (set-up, the dog, a route), a card for
        the bee, an action space to take the disc back."""
        state = self.view
        decision = self.decision()
        if decision == "cb":
            card = L.card_at(state.rows, pos)
            if card is not None and any(isinstance(m, Reserve) for m in self.legal_moves_now()):
                self.play_human(Reserve(state.data.cards[card].id))
                return True
            return False
        if self.armed is not None and L.action_rect(self.armed).collidepoint(pos):
            self.disarm()
            return True
        if self.free_play() and self.armed is None:
            action = pointer.action_at(pos)
            if action is not None:
                self._toggle_disc(action)
                return True
        space = pointer.space_at(self.seen, pos)
        piece = None if space is None else pointer.street_piece(self.showing(), space, self.free_play())
        if space is None or piece is None:
            return False
        target = self.snap(piece, 0, self.seen.space_point(space))
        if target is None or target not in self.legal_targets(piece, 0):
            return False
        self.drag.pick(piece)
        self.drag.place(target)
        return True

    # -- prompt buttons ------------------------------------------------------------------------
    def extra_widgets(self) -> list[Widget]:
        if self._fighting():  # what the fight's result asks waits for the result to be shown
            self._options = {}
            return []
        widgets, self._options = prompt_buttons(self)
        return widgets

    def _fighting(self) -> bool:
        """A fight is walked through: its winner is for the walkthrough's last step to say."""
        return self.stage.playing and self.final is None

    def choose_give(self, colour: str | None) -> None:
        """A coffee trade's first half chosen (or, with ``None``, taken back)."""
        self.trade_give = colour
        self._build_buttons()

    def end_turn(self) -> None:
        self.armed = None
        self.drag.cancel()
        self.play_human(END_TURN)

    # -- events and animation -----------------------------------------------------------------
    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        self.armed, self.trade_give = None, None
        names = self.seat_names
        data = self.view.data
        for event in events:
            kind = event.kind
            if kind in ("rotate", "swap"):
                self.flash = (turned_tiles(self.view, event), FLASH_TIME)
            elif kind in ("fight", "last_rounds", "end_triggered") and not (kind == "fight" and self._staging()):
                line = event_line(event, names, data, board_of(self.view))
                if line:
                    self.app.toasts.show(line)
        self._fights = list(events) if any(event.kind == "fight" for event in events) else []

    def _staging(self) -> bool:
        """Moments are staged on the board (else the end and toasts say them at once)."""
        return not self.app.settings.reduce_motion and not self.read_only

    def feed_changed(self, change: Change) -> None:
        """A move's fights, walked through over the neighbourhood before play goes on."""
        if change.kind == PLAYED and self._fights:
            walk = FightWalk(fights_of(self._fights), self.seen, self.seat_names, self.motion.left())
            self._fights = []
            self.stage.play(walk.steps, self._build_buttons, not self._staging())
            self._build_buttons()  # the result's choices once the fight has been shown

    def staged_end(self) -> list[Tween]:
        scores = self.view.scores()
        self.final = FinalWalk(self.view.data, self.view, scores, self.seat_names,
                               standings(self.view.data, scores)[0])
        return self.final.steps

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        return motion.move_tweens(self.showing(), self.seen_before_change(), self.move_origin, seat, events)

    def component_at(self, pos: Point) -> Reference | None:
        return reference.component_at(self.showing(), pos)

    def animating(self) -> bool:
        return super().animating() or self.flash is not None

    def update(self, dt: float) -> None:
        if self.flash is not None:
            cells, left = self.flash
            self.flash = (cells, left - dt) if left > dt else None
        super().update(dt)

    # -- drawing -----------------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        seen, state, pal = self.seen, self.view, palette()
        base = (self.version, pal.name)
        lifted = self._lifted()
        hidden_tiles = frozenset(p.pos for p in lifted if isinstance(p, Tile)) | frozenset(
            key[1] for key in self.motion.hidden() if key[0] == "tile")  # turning or swapping
        hidden_cats = frozenset({state.turn} if any(isinstance(p, Cat) for p in lifted) else ())
        canvas.cached("cathood-streets", base + seen.street_key() + (hidden_tiles, hidden_cats), L.NEIGHBOURHOOD,
                      lambda c: draw_neighbourhood(c, seen, hidden_tiles, hidden_cats))
        if self.flash is not None:
            for p in self.flash[0]:
                canvas.rect(pal.focus, seen.grid.tile_rect(p).inflate(8, 8), width=3, radius=8)
        decision = self.decision()
        if self.human_can_act() and (decision == "cb" or (decision == "dog" and not self.drag.holding)):
            ghosts.draw_decision_marks(canvas, seen, self.legal_moves_now(), self.pieces.effects)
        seat = self.acting()
        view = seen.view
        discs = (seat, view.turn, view.used, view.placed_houses[seat], view.phase)
        canvas.cached("cathood-actions", base + discs + (self.armed, DISC in lifted), L.ACTION_BOARD,
                      lambda c: draw_action_board(c, seen, seat, self.armed, DISC in lifted))
        card_lifted = next((p.card for p in lifted if isinstance(p, Card)), None)
        canvas.cached("cathood-market", base + seen.market_key() + (card_lifted,), L.MARKET,
                      lambda c: draw_market(c, seen, card_lifted))
        shown = self.board_seat()
        parts = tuple(n for n, on in (("statue", any(isinstance(p, Statue) for p in lifted)),
                                      ("reserved", card_lifted is not None and card_lifted == state.reserved[shown]))
                      if on)
        landing = frozenset(key[2] for key in self.motion.hidden() if key[:2] == ("cube", shown))
        canvas.cached("cathood-board", base + seen.seat_key(shown) + (shown, view.turn, parts, landing),
                      L.BOARD_PANEL, lambda c: draw_board(c, seen, shown, parts, landing))
        title, text, rows, alert = self._prompt()
        box = L.DECISION_PROMPT if decision is not None else L.PROMPT
        note, refused = self.preview()
        canvas.cached("cathood-prompt", (title, text, rows, alert, pal.name, box.h, note, refused), box,
                      lambda c: draw_prompt(c, title, text, rows, alert, box, note, refused))
        if state.phase == SETUP and self.human_can_act() and NEW_CAT not in lifted:
            draw_cat(canvas, L.PLACE_HOME, seen.cat_size() * 1.1, state.to_move)

    def _lifted(self) -> tuple[Piece, ...]:
        """Pieces in the air (dragged or gliding home): not drawn at home."""
        out = [a.piece for a in self.drag.anims if a.piece is not None]
        if self.drag.dragging and self.drag.piece is not None:
            out.append(self.drag.piece)
        return tuple(out)

    def preview(self) -> tuple[str, bool]:
        """What the move whose ghost is on the board would do, in words for the prompt, and
        whether it is refused: the held piece's over its target, else the hint's ("": none)."""
        drag, hint = self.drag, hint_on_table(self)   # (no hint shows while a piece is held)
        if drag.piece is not None and drag.target is not None:
            return self.pieces.caption(drag.piece, drag.target, drag.target_legal), not drag.target_legal
        if hint is not None and hint.spot is not None:
            return self.pieces.caption(*hint.spot, True), False
        return "", False

    def _prompt(self) -> tuple[str, str, int, bool]:
        """Title, explanation, rows of option buttons and whether it asks for something now."""
        if self._fighting():
            return "", "", 0, False
        if self.public.awaiting:  # the next cat is not playing yet: it waits for End turn
            return (*waiting_words(self.seat_names, self.public.turn_shown, self.view.to_move), 0, False)
        return prompt_text(self.view, self.seat_names, self.human_to_move(), self.armed,
                           self.trade_give, self.view.committed)

    def draw_overlay(self, canvas: Canvas) -> None:
        """The held piece, hints and previews; under the wide game-over panel, a shade."""
        self.drag.draw(canvas)
        if isinstance(self.app.stack.top, GameOverScene):
            canvas.rect(palette().shade, canvas.bounds)

    def status_hint(self) -> str:
        return "" if self._fighting() else hint_text(self.view, self.armed, self.drag.piece, self.drag.target)

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        seen, state, pal = self.seen, self.view, palette()
        header, alert = seat_header(state)
        kinds = [i18n.t(f"seat_kind.{self.seat_kind(s)}") for s in range(state.n)]
        to_move = self.public.turn_shown if state.phase != OVER else -1
        totals = None if self.final is None or not self.stage.playing else self.final.tally()
        key = (self.version, pal.name, self.board_seat(), header, to_move, tuple(kinds),
               tuple(seen.seat_key(s) for s in range(state.n)), totals)
        canvas.cached("cathood-seats", key, L.SIDE_RECT,
                      lambda c: draw_seats(c, seen, kinds, to_move, self.board_seat(), header, alert, totals))

    # -- the log and the end ---------------------------------------------------------------------
    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """Each turn is put into words once (the base rebuilds the whole log after every move)."""
        entry = self._log_memo.get(id(turn))
        if entry is None or entry[0] is not turn:
            start = cats_after(before).get(turn.seat)
            entry = (turn, log_lines(turn, self.seat_names, self.view.data, board_of(self.view), start))
            self._log_memo[id(turn)] = entry
        return entry[1]

    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        motion.draw_turn_marks(canvas, self.seen, turn.events)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        return results.score_table(self.view.data, self.rule_names, self.seat_names, outcome)

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        results.draw_outcome_detail(canvas, rect, self.view.data, self.rule_names, self.seat_names,
                                    outcome)


SCENE = CathoodScene
