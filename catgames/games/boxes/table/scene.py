"""The If It Fits table: a pannable, zoomable table of box cards, the hand and cats at the bottom,
drag-and-drop for cards, cats and Princesses, the live score, and the box-by-box end screen.

Input mapping (shown in the status line): left button drags or click-selects, R or a right click
turns the held card 180°, the wheel zooms, a right or middle drag pans (right only while nothing
is held), arrows pan (or move the held piece), 1-3 take a hand card and 4 a cat, Enter places.
The view moves only when the player asks: a piece dragged near the table's edge scrolls it, and a
move out of sight (an AI's) gets an arrow at the edge that pans there when clicked.
Legality, previews and the start-row spots come from the rules (``gestures``, ``preview``);
everything is read from ``self.boxes``, the base's observation of the private seat.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

import pygame

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.runner import CONFIRMED, PLAYED, Change
from catgames.core.session import Turn
from catgames.games.boxes.table import gallery, motion, reference
from catgames.games.boxes.table.away import AwayArrows
from catgames.games.boxes.table.board import draw_flash, event_marks, draw_step_spots, paint_table
from catgames.games.boxes.table.cursor import KeyCursor
from catgames.games.boxes.components import PRINCESS, Kind
from catgames.games.boxes.gestures import (
    CAT_PIECE, ROTATIONS, HandCard, Piece, Target, held_kind, on_pair, turns,
)
from catgames.games.boxes.moves import Cat, Discard, Draw, Play, Sleep, StartSide
from catgames.games.boxes.table.ghosts import Ghosts, ghost_rect
from catgames.games.boxes.table.pieces import BoxesPieces
from catgames.games.boxes.table.stage import ClosingWalk, closed_boxes, reveal
from catgames.games.boxes.table.look import Look
from catgames.games.boxes.table.panels import (
    CAT_KEY, DECK_RECT, TRAY, TrayView, draw_box_list,
    paint_seats, paint_tray, step_buttons,
)
from catgames.games.boxes.preview import CardPreview, card_preview
from catgames.games.boxes.rules import CAT, START_ROW, TURN, BoxesState
from catgames.games.boxes.scoring import BoxesScore
from catgames.games.boxes.table.view import Camera, TableLayer
from catgames.games.boxes.table.viewport import ARROWS, BAR_H, VIEWPORT, ViewControl
from catgames.games.boxes.table.words import hint_line, opening_line, reason_line, score_table, turn_lines
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.callouts import draw_banner
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.table.view import Shown
from catgames.ui.motion import counted_down, Tween
from catgames.ui.reference import Reference
from catgames.ui.theme import palette
from catgames.ui.widgets import Widget

FLASH_TIME = 1.1
BANNER_TIME = 3.5
PULSE_TIME = 3.75  #: the step's spots breathe three times after a move, then rest lit (calm CPU)


class BoxesScene(BaseGameScene[Piece, Target]):
    """The table of If It Fits; see ``BaseGameScene`` for the shared parts."""

    game_over_panel = pygame.FRect(160, 40, 960, 720)
    references = classmethod(gallery.references)
    pieces_class = BoxesPieces

    def __init__(self, app, *source: Any, **given: Any) -> None:
        super().__init__(app, *source, **given)  # a match, or a feed: passed on unread
        geo = self.boxes.geo
        self.view = ViewControl(Camera(VIEWPORT, geo.cols, geo.rows), self._repoint)
        self._framed = self.deal  #: the deal the view was framed for (undo keeps the view)
        self._frame_cards()
        self._table_layer = TableLayer()
        self.ghosts = Ghosts()
        self._score: tuple[tuple[int, int], BoxesScore] | None = None
        self._previews: tuple[tuple[int, int], dict[Play, CardPreview | None]] | None = None
        self.keys = KeyCursor(self.drag, lambda: self.view.camera, lambda p: on_pair(self.piece_kind(p)))
        self.flash: tuple[list[tuple[str, int, int]], float] | None = None
        self.away = AwayArrows()
        self.edge_scrolling = False  #: a dragged piece near the edge is scrolling the view
        self.banner: tuple[str, float] | None = None
        self._pulse_from = 0.0  #: when the spots began to breathe (the table's clock)
        self._closed: list[Event] = []  #: the boxes this turn closed, walked through once it ends

    # -- what is known ------------------------------------------------------------------------
    boxes = Shown(BoxesState)  #: the position as the table may show it (``observed``)

    @property
    def camera(self) -> Camera:
        return self.view.camera

    @property
    def score_now(self) -> BoxesScore:
        """The table scored as it stands, once per change."""
        if self._score is None or self._score[0] != self.version:
            self._score = (self.version, self.boxes.score())
        return self._score[1]

    @property
    def look(self) -> Look:
        return Look(self.camera, self.boxes, self.private_seat(), self.viewer_seat(), self.hand_kinds(),
                    self.seat_names, self.seat_label, self.score_now)

    def hand_kinds(self) -> list[int]:
        """The card kinds in the private seat's hand (none when nobody's may be shown)."""
        seat = self.private_seat()
        return [] if seat is None else self.boxes.hands[seat]

    def piece_kind(self, piece: Piece) -> Kind | None:
        """The card kind of a hand piece (``None`` for a cat)."""
        return held_kind(self.boxes.data.kinds, self.hand_kinds(), piece)

    def enter(self) -> None:
        """An online table is built once its seat was shown a position, and shows what arrived
        meanwhile (other seats' moves) as it starts: framed again on the cards it then shows,
        as a local table opens (unless those moves' staged boxes have put the view on them)."""
        super().enter()
        if not self.stage.playing:
            self._frame_cards()

    def on_match_changed(self) -> None:
        self.flash = self.banner = None
        self._closed = []
        self._pulse_from = self._time
        self.keys.slot = None
        self.away.slots = []
        geo = self.boxes.geo
        if (geo.cols, geo.rows) != (self.camera.cols, self.camera.rows):
            self.view.camera = Camera(VIEWPORT, geo.cols, geo.rows)
        if self._framed != self.deal:  # a new game: its cards; an undo keeps the view
            self._framed = self.deal
            self._frame_cards()

    def _frame_cards(self) -> None:
        """Start on the cards and the slots around them, readable; Fit shows the whole table."""
        geo = self.boxes.geo
        self.camera.frame([geo.xy(slot) for slot in self.boxes.layout.cards])

    # -- the step's choices ----------------------------------------------------------------------
    def discarding(self) -> bool:
        """Nothing in the human's hand fits: a card goes to the discard area."""
        return self.human_can_act() and any(isinstance(m, Discard) for m in self.legal_moves_now())

    def start_slots(self) -> dict[str, tuple[int, int]]:
        """Where each start-row choice would put the card (the rules say), while a human acts."""
        return self.boxes.start_spots() if self.human_can_act() else {}

    def preview(self, target: Play) -> CardPreview | None:
        """What laying ``target`` would do (the rules' answer), once per change and target."""
        if self._previews is None or self._previews[0] != self.version:
            self._previews = (self.version, {})
        cache = self._previews[1]
        if target not in cache:
            cache[target] = card_preview(self.boxes, target)
        return cache[target]

    def extra_widgets(self) -> list[Widget]:
        """Zoom buttons on the table, and the actions of the current step beside the deck."""
        widgets = self.view.buttons(self.app.canvas)
        if self.human_can_act():
            can_sleep = any(isinstance(m, Sleep) for m in self.legal_moves_now())
            widgets += step_buttons(self.boxes.step, self.start_slots(), can_sleep,
                                    self.play_human, self._start_sleeping)
        return widgets

    def _start_sleeping(self) -> None:
        """The sleeping-cat button: take a cat, sleeping side up; its pairs light up."""
        self._pick_by_key(CAT_PIECE)

    def bring_into_view(self, target: Target) -> None:
        """A hint's card or cat on a slot the view cuts: the view pans to it."""
        if not isinstance(target, Discard):
            self.view.show(ghost_rect(self.camera, target))

    def _repoint(self) -> None:
        """The view moved under a held piece: snap it again where the pointer now is."""
        if self.drag.holding:
            self.drag.point(self.drag.pointer)

    # -- the pieces: ``pieces.BoxesPieces``; what else the drag asks of the table ------------
    def tutorial_parts(self) -> dict[str, pygame.FRect]:
        """What a tutorial step may point at here: the deck (a click on it draws)."""
        return {"deck": DECK_RECT.inflate(12, 12)}

    def on_pick(self, piece: Piece) -> None:
        super().on_pick(piece)
        self.keys.slot = None  # a mouse pick; ``_pick_by_key`` sets the cursor again

    def drop(self, piece: Piece, target: Target) -> Reason | None:
        self.keys.slot = None
        return super().drop(piece, target)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The view (pan, zoom, the arrows to moves out of sight) works at any time, even
        while an AI moves; then the rest."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.away.click(self.camera, event.pos):
            self._repoint()
            return True
        return self.view.handle(event, self.drag.holding) or super().handle(event)

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        for intent in I.intents_of(event):
            kind = intent.kind
            if kind == I.DIGIT:
                piece: Piece = CAT_PIECE if intent.value == CAT_KEY else HandCard(intent.value - 1)
                if piece == CAT_PIECE or intent.value <= len(self.hand_kinds()):
                    self._pick_by_key(piece)
                    return True
            elif kind in ARROWS and self.drag.holding:
                self.keys.step(*ARROWS[kind])
                return True
            elif kind == I.CONFIRM and self.drag.holding and self.drag.target is not None:
                self.drag.place()
                return True
            elif kind == I.SELECT and intent.pos is not None and not self.drag.holding \
                    and self._click_table(intent.pos):
                return True
            elif kind == I.ROTATE and self._same_turned():
                self.status, self.status_error = i18n.t("boxes.same_turned"), False
                return True
        return super().handle_game_input(event)

    def _same_turned(self) -> bool:
        """A held box card that looks and fits the same turned: R says so instead of nothing."""
        piece = self.drag.piece
        kind = None if piece is None else self.piece_kind(piece)
        return kind is not None and kind.role != PRINCESS and turns(kind) == 1

    def _click_table(self, pos: Point) -> bool:
        """Clicks that act without picking anything up: the deck draws, a lit start slot takes
        the start card, a flashing awake-cat spot takes the cat."""
        step = self.boxes.step
        move: Any = None
        if step == TURN and DECK_RECT.collidepoint(pos):
            move = Draw()
        elif step == START_ROW and VIEWPORT.collidepoint(pos):
            slot = self.camera.slot_at(pos)
            move = next((StartSide(side) for side, spot in self.start_slots().items()
                         if spot == slot), None)
        elif step == CAT and VIEWPORT.collidepoint(pos):
            pair = self.camera.pair_at(pos)
            move = Cat(*pair) if pair in self.boxes.awake_positions() else None
        if move is None:
            return False
        self.play_human(move)
        return True

    def _pick_by_key(self, piece: Piece) -> None:
        """Keyboard (or button) pick-up: the piece goes to its first legal target, nearest the
        middle of the view; arrows then move it and Enter places it."""
        if piece == CAT_PIECE and self.boxes.supply[self.boxes.to_move] <= 0:
            return
        if isinstance(piece, HandCard) and piece.index >= len(self.hand_kinds()):
            return
        self.keys.take(piece)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.edge_scrolling = self.view.edge_scroll(
            self.drag.pointer if self.drag.dragging else None, dt)
        self.away.drop_seen(self.camera)
        self.flash, self.banner = counted_down(self.flash, dt), counted_down(self.banner, dt)

    def animating(self) -> bool:
        return (super().animating() or self.flash is not None or self.banner is not None
                or self.edge_scrolling
                or (self.human_can_act() and self._time - self._pulse_from < PULSE_TIME))

    def _pulse(self) -> float:
        """How lit the step's spots are: breathing for ``PULSE_TIME``, then fully (a whole
        number of breaths, so the rest starts where a breath ends)."""
        t = self._time - self._pulse_from
        return 1.0 if t >= PULSE_TIME else 0.5 + 0.5 * abs((t * 1.6) % 2 - 1)

    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        self._pulse_from = self._time
        for event in events:
            if event.kind in ("card", "start_card", "cat", "princess"):
                self.away.note(self.camera, (event.get("x"), event.get("y")))
            elif event.kind == "end_phase":
                self.banner = (i18n.t("boxes.end_phase_banner"), BANNER_TIME)
            elif event.kind == "box_closed":
                self._closed.append(event)
        marks = event_marks(events)
        if marks:
            self.flash = (marks, FLASH_TIME)

    def feed_changed(self, change: Change) -> None:
        """The boxes a turn closed, walked through on the table once the turn is over: its
        awake cat, if any, is in them then, and a turn waiting for End turn has had it."""
        over = change.kind == CONFIRMED or (
            change.kind == PLAYED and self.boxes.step != CAT and not self.public.awaiting)
        if not over or not self._closed:
            return
        boxes = closed_boxes(self.boxes, self._closed)
        walk = ClosingWalk(boxes, lambda: self.camera, self.seat_label, VIEWPORT, self._strip(), self.motion.left())
        self._closed = []
        self.stage.play(walk.steps, lambda: None, self.app.settings.reduce_motion or self.read_only)
        if self.stage.playing:
            reveal(self.camera, boxes, walk.callout(self.app.canvas))

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        return motion.move_tweens(self.look, seat, events, self.move_origin)

    def component_at(self, pos: Point) -> Reference | None:
        return reference.component_at(self.look, pos)

    def show_reason(self, reason: Reason) -> None:
        self.status, self.status_error = reason_line(reason, self.seat_label), True
        self.app.sound.play("illegal")

    # -- the table -----------------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        key = (self.version, palette().name)
        self._table_layer.draw(canvas, self.camera, key,
                               lambda c, cam: paint_table(c, cam, self.boxes, self.score_now))
        with canvas.clip(VIEWPORT):
            self._draw_live_marks(canvas)
            self.away.draw(canvas, self.camera)
        self._draw_view_hint(canvas)
        self._draw_tray(canvas)
        with canvas.clip(VIEWPORT):
            if self.banner is not None and not self.boxes.is_over():
                draw_banner(canvas, pygame.FRect(0, 0, VIEWPORT.w - 80, 54).move_to(
                    midtop=(VIEWPORT.centerx, VIEWPORT.y + 14)), self.banner[0])

    def draw_overlay(self, canvas: Canvas) -> None:
        self.drag.draw(canvas)  # over the tray's buttons and the side panel

    def _draw_live_marks(self, canvas: Canvas) -> None:
        """What changes between moves: the step's spots, flashes, the keyboard cursor."""
        cam = self.camera
        if self.human_can_act():
            draw_step_spots(canvas, cam, self.boxes.awake_positions(),
                            self.start_slots().values(), self._pulse())
        if self.flash is not None:
            marks, left = self.flash
            draw_flash(canvas, cam, marks, 2 + 3 * min(1.0, left / FLASH_TIME))
        self.keys.draw(canvas)

    # -- hints and ghosts while holding --------------------------------------------------------
    def _draw_view_hint(self, canvas: Canvas) -> None:
        """How to move the view, in the strip under the table beside the zoom buttons (a staged
        moment's caption there meanwhile)."""
        if not self.stage.playing:
            canvas.paragraph(i18n.t("boxes.hint.view"), self._strip(), 15, palette().text_dim, middle=True)

    def _strip(self) -> pygame.FRect:
        """The strip under the table, left of the zoom buttons."""
        left = VIEWPORT.x + 4
        return pygame.FRect(left, VIEWPORT.bottom + 4, self.view.bar_left - 12 - left, BAR_H - 8)

    def held_look(self, piece: Piece, rotation: int, target: Target | None) -> Hashable:
        return target is None, self.boxes.step != TURN  # a cat is drawn awake or asleep

    # -- the tray ------------------------------------------------------------------------------
    def _draw_tray(self, canvas: Canvas) -> None:
        seat = self.private_seat()
        pieces: list[Piece] = [CAT_PIECE, *map(HandCard, range(3))]
        lifted = tuple(p for p in pieces if self.drag.is_lifted(p))
        tray = TrayView(self.boxes, self.boxes.data.kinds, self.seat_names, seat,
                        seat is not None and seat == self.boxes.to_move and self.human_can_act(),
                        lifted, self.drag.selected, self.discarding(), ROTATIONS[self.drag.rotation])
        key = (self.version, palette().name, seat, tray.mine, lifted,
               tray.selected, tray.turned)
        canvas.cached("boxes-tray", key, TRAY, lambda c: paint_tray(c, tray))

    # -- status, side panel --------------------------------------------------------------------
    def status_hint(self) -> str:
        """What the player can do now, with the input mapping."""
        piece = self.drag.piece
        kind = None if piece is None else self.piece_kind(piece)
        return hint_line(self.boxes.step, piece is not None, kind, self.discarding())

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        mover = self.public.turn_shown
        key = (self.version, mover, palette().name)
        kinds = [i18n.t(f"seat_kind.{self.seat_kind(s)}") for s in range(self.boxes.players)]
        canvas.cached("boxes-seats", key, rect.inflate(28, 24),
                      lambda c: paint_seats(c, rect, self.boxes, self.score_now, self.seat_names,
                                            kinds, self.draw_seat_swatch, mover))

    # -- log and game over ---------------------------------------------------------------------
    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """One sentence per event: ``P2 lays a cup (2 toys)``, ``A box is closed: …``."""
        lines = turn_lines(turn.events, self.boxes.data, self.seat_names)
        return lines or super().log_lines(turn, before)

    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        """The slots a hovered turn laid a card or a cat on, and the boxes it closed."""
        slots = [(e.get("x"), e.get("y")) for e in turn.events if e.get("x") is not None]
        slots += [tuple(cell) for e in turn.events if e.kind == "box_closed" for cell in e.get("cells")]
        with canvas.clip(self.camera.viewport):
            for x, y in slots:
                canvas.rect(palette().focus, self.camera.slot_rect(x, y), width=3, radius=6)

    def opening_lines(self) -> list[str]:
        """The set-up's own start card, laid before anyone moves."""
        return [opening_line(self.seat_names[self.boxes.start_player])]

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        return score_table(outcome, self.rule_names, self.seat_names, self.boxes.data.cats_per_player)

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """Each box with cats in it: closed or not, toys, cats per player, who scores it."""
        draw_box_list(canvas, rect, outcome.detail["boxes"], self.rule_names, self.seat_label)


SCENE = BoxesScene
