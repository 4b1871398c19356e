"""The If It Fits table: a pannable, zoomable table of box cards, the hand and cats at the bottom,
drag-and-drop for cards, cats and Princesses, the live score, and the box-by-box end screen.

Input mapping (shown in the status line): left button drags or click-selects, R or a right click
turns the held card 180°, the wheel zooms, a right or middle drag pans (right only while nothing
is held), arrows pan (or move the held piece), 1-3 take a hand card and 4 a cat, Enter places.
Legality always comes from the rules; drawing reads only ``self.seen`` (the base's observation
of the private seat).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

import pygame

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.session import Turn
from catgames.games.boxes.components import PRINCESS, START, TOY, Kind
from catgames.games.boxes.moves import Cat, Discard, Draw, Play, Princess, Skip, Sleep, StartSide
from catgames.games.boxes.panels import (
    ACTIONS, CAT_KEY, CAT_PIECE, CATS_RECT, DECK_RECT, HAND_CARD, TRAY, TrayView, draw_box_list,
    draw_hand_card, hand_piece, hand_rect, paint_seats, paint_tray,
)
from catgames.games.boxes.rules import CAT, PLAY, START_ROW, TURN, BoxesState
from catgames.games.boxes.scoring import BoxesScore
from catgames.games.boxes.table import PRINCESS_OWNER
from catgames.games.boxes.view import (
    INK, Camera, TableLayer, cat_rect, draw_box_badge, draw_box_frame, draw_card, draw_cat,
    draw_out_of_table, draw_tabletop,
)
from catgames.games.boxes.words import event_line, preview_line, reason_line
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.callouts import draw_banner, draw_note
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget

VIEWPORT = pygame.FRect(16, 76, 868, 488)
PAN_STEP = 90.0
ZOOM_STEP = 1.15
FLASH_TIME = 1.1
BANNER_TIME = 3.5
ROTATIONS = (0, 180)

HandPiece = tuple[str, int]      #: ("hand", index in hand) or ``CAT_PIECE``


@dataclass(frozen=True)
class Preview:
    """What a legal card placement would do, worked out by the rules on a copy of the state."""

    slots: tuple[tuple[int, int], ...]    #: the box the card would be part of
    joined: int                           #: boxes it would join together
    closed: bool
    dead: bool
    toys: int
    cat_spots: tuple[tuple[int, int], ...]  #: where an awake cat could lie afterwards


class BoxesScene(BaseGameScene):
    """The table of If It Fits; see ``BaseGameScene`` for the shared parts."""

    game_over_panel = pygame.FRect(160, 40, 960, 720)

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        geo = self.state.geo
        self.camera = Camera(VIEWPORT, geo.cols, geo.rows)
        self._frame_cards()
        self._table_layer = TableLayer()
        self._hint_layer = TableLayer()
        self._facts_key: tuple | None = None
        self._score: BoxesScore | None = None
        self._legal: list[Any] = []
        self._previews: dict[Play, Preview | None] = {}
        self._start_slots: dict[str, tuple[int, int]] | None = None
        self._pan_from: Point | None = None
        self._pointer: Point = VIEWPORT.center
        self.cursor: tuple[int, int] | None = None
        self.flash: tuple[list[tuple[str, int, int]], float] | None = None
        self.banner: tuple[str, float] | None = None

    # -- what is known ------------------------------------------------------------------------
    @property
    def boxes(self) -> BoxesState:
        return self.state  # type: ignore[return-value]

    def _refresh(self) -> None:
        """Recompute what depends on the position, once per move."""
        key = (self.version, self.private_seat(), self.human_can_act())
        if key != self._facts_key:
            self._facts_key = key
            self._score = self.seen.score()
            self._legal = self.boxes.legal_moves() if self.human_can_act() else []
            self._previews = {}
            self._start_slots = None

    @property
    def score_now(self) -> BoxesScore:
        self._refresh()
        assert self._score is not None
        return self._score

    def kind(self, index: int) -> Kind:
        return self.boxes.data.kinds[index]

    def hand_kinds(self) -> list[int]:
        seat = self.private_seat()
        return [] if seat is None else self.seen.hands[seat]

    def legal_now(self) -> list[Any]:
        self._refresh()
        return self._legal

    def on_match_changed(self) -> None:
        self._facts_key = None
        self.flash = self.banner = None
        self.cursor = None
        geo = self.state.geo
        if (geo.cols, geo.rows) != (self.camera.cols, self.camera.rows):
            self.camera = Camera(VIEWPORT, geo.cols, geo.rows)
        self._frame_cards()

    def _frame_cards(self) -> None:
        """Start on the cards and the slots around them, readable; Fit shows the whole table."""
        geo = self.boxes.geo
        self.camera.frame([geo.xy(slot) for slot in self.boxes.layout.cards])

    # -- the step's choices ----------------------------------------------------------------------
    def discarding(self) -> bool:
        return any(isinstance(m, Discard) for m in self.legal_now())

    def start_slots(self) -> dict[str, tuple[int, int]]:
        """Where each start-row choice would put the card (asked of the rules on a copy)."""
        self._refresh()
        if self._start_slots is None:
            self._start_slots = {}
            for move in self._legal:
                if isinstance(move, StartSide):
                    event = self.boxes.clone().apply(move)[0]
                    self._start_slots[move.side] = (event.get("x"), event.get("y"))
        return self._start_slots

    def extra_widgets(self) -> list[Widget]:
        """Zoom buttons on the table, and the actions of the current step beside the deck."""
        self._facts_key = None  # the base builds these before ``on_match_changed`` on a new match
        v = VIEWPORT
        widgets: list[Widget] = [
            Button((v.right - 150, v.bottom - 46, 40, 36), "+", lambda: self._zoom(ZOOM_STEP),
                   tooltip=i18n.t("boxes.zoom_in"), size=20),
            Button((v.right - 104, v.bottom - 46, 40, 36), "−", lambda: self._zoom(1 / ZOOM_STEP),
                   tooltip=i18n.t("boxes.zoom_out"), size=20),
            Button((v.right - 58, v.bottom - 46, 48, 36), i18n.t("boxes.fit_short"), self._fit,
                   tooltip=i18n.t("boxes.fit"), size=20),
        ]
        if not self.human_can_act():
            return widgets
        step = self.boxes.step
        x, w = ACTIONS.x, ACTIONS.w
        if step == START_ROW:
            sides = self.start_slots()
            for i, side in enumerate(("left", "right")):
                button = Button((x, 598 + i * 56, w, 46), i18n.t(f"boxes.start_{side}"),
                                lambda s=side: self.play_human(StartSide(s)), primary=True, size=19)
                button.enabled = side in sides
                widgets.append(button)
        elif step == TURN:
            draw = Button((x, 598, w, 46), i18n.t("boxes.draw"), lambda: self.play_human(Draw()),
                          primary=True, tooltip=i18n.t("boxes.draw_tip"), size=19)
            sleep = Button((x, 654, w, 46), i18n.t("boxes.sleep"), self._start_sleeping,
                           tooltip=i18n.t("boxes.sleep_tip"), size=19)
            sleep.enabled = any(isinstance(m, Sleep) for m in self.legal_now())
            widgets += [draw, sleep]
        elif step == CAT:
            widgets.append(Button((x, 626, w, 46), i18n.t("boxes.skip"),
                                  lambda: self.play_human(Skip()), tooltip=i18n.t("boxes.skip_tip"),
                                  size=19))
        return widgets

    def _start_sleeping(self) -> None:
        """The sleeping-cat button: take a cat, sleeping side up; its pairs light up."""
        self._pick_by_key(CAT_PIECE)

    def _zoom(self, factor: float) -> None:
        self.camera.zoom_at(self.camera.viewport.center, factor)
        self._repoint()

    def _fit(self) -> None:
        self.camera.fit()
        self._repoint()

    def _repoint(self) -> None:
        """The view moved under a held piece: snap it again where the pointer now is."""
        if self.drag.holding:
            self.drag.point(self.drag.pointer)

    # -- DragHost ------------------------------------------------------------------------------
    def piece_at(self, pos: Point) -> Hashable | None:
        if self.private_seat() != self.boxes.to_move:
            return None
        for i in range(len(self.hand_kinds())):
            if hand_rect(i).collidepoint(pos):
                return hand_piece(i)
        if CATS_RECT.collidepoint(pos) and self.boxes.supply[self.boxes.to_move] > 0:
            return CAT_PIECE
        return None

    def _piece_kind(self, piece: Hashable) -> Kind | None:
        """The card kind of a hand piece (``None`` for a cat)."""
        if piece == CAT_PIECE:
            return None
        hand = self.hand_kinds()
        index = piece[1]  # type: ignore[index]
        return self.kind(hand[index]) if index < len(hand) else None

    def home_of(self, piece: Hashable) -> Point:
        if piece == CAT_PIECE:
            return CATS_RECT.center
        return hand_rect(piece[1]).center  # type: ignore[index]

    def rotations(self, piece: Hashable) -> int:
        kind = self._piece_kind(piece)
        return 1 if kind is None or kind.role == PRINCESS or kind.symmetric else len(ROTATIONS)

    def legal_targets(self, piece: Hashable, rotation: int) -> Sequence[Hashable]:
        moves = self.legal_now()
        kind = self._piece_kind(piece)
        if kind is None:
            wanted = Cat if self.boxes.step == CAT else Sleep
            return [m for m in moves if isinstance(m, wanted)]
        if self.discarding():
            return [m for m in moves if isinstance(m, Discard) and m.card == kind.name]
        if kind.role == PRINCESS:
            return [m for m in moves if isinstance(m, Princess)]
        rot = ROTATIONS[rotation]
        return [m for m in moves if isinstance(m, Play) and m.card == kind.name and m.rot == rot]

    def snap(self, piece: Hashable, rotation: int, pos: Point) -> Hashable | None:
        kind = self._piece_kind(piece)
        if kind is not None and self.discarding() and ACTIONS.collidepoint(pos):
            return Discard(kind.name)
        slot = self.camera.slot_at(pos)
        if slot is None:
            return None
        if kind is not None and kind.role != PRINCESS:
            return Play(kind.name, ROTATIONS[rotation], *slot)
        x, y = self._pair_at(pos)
        if kind is None:
            return Cat(x, y) if self.boxes.step == CAT else Sleep(x, y)
        return Princess(*self._cat_under(slot, (x, y)))

    def _pair_at(self, pos: Point) -> tuple[int, int]:
        """The pair whose seam is nearest ``pos``: (x, y) covers slots (x, y) and (x, y + 1)."""
        bx, by = self.camera.board(pos)
        return math.floor(bx), round(by) - 1

    def _cat_under(self, slot: tuple[int, int], pair: tuple[int, int]) -> tuple[int, int]:
        """The cat lying on ``slot`` (either of its two cards), else the nearest pair."""
        geo = self.boxes.geo
        cats = self.seen.layout.cats
        for dy in (0, -1):
            upper = geo.slot(slot[0], slot[1] + dy)
            if upper is not None and upper in cats:
                return geo.xy(upper)
        return pair

    def check(self, piece: Hashable, target: Hashable) -> Reason | None:
        return self.boxes.check(target)

    def apply(self, piece: Hashable, target: Hashable) -> None:
        self.cursor = None
        self.play_human(target)

    def target_point(self, target: Hashable) -> Point:
        if isinstance(target, Discard):
            return ACTIONS.center
        if isinstance(target, Play):
            return self.camera.slot_rect(target.x, target.y).center
        return self.camera.seam_point(target.x, target.y)  # type: ignore[attr-defined]

    def on_pick(self, piece: Hashable) -> None:
        super().on_pick(piece)
        self.cursor = None  # a mouse pick; ``_pick_by_key`` sets the cursor again

    # -- input -----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The view (pan, zoom) works at any time, even while an AI moves; then the rest."""
        if self._handle_view(event):
            return True
        return super().handle(event)

    def _handle_view(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self._pointer = event.pos
            if self._pan_from is None:
                return False
            self.camera.pan(event.pos[0] - self._pan_from[0], event.pos[1] - self._pan_from[1])
            self._pan_from = event.pos
            self._repoint()
            return True
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            if event.button == 3 and self.drag.holding:
                return False  # a right click turns the held card
            if VIEWPORT.collidepoint(event.pos):
                self._pan_from = event.pos
                return True
            return False
        if kind == pygame.MOUSEBUTTONUP and event.button in (2, 3) and self._pan_from is not None:
            self._pan_from = None
            return True
        if kind == pygame.MOUSEWHEEL:
            if event.y and VIEWPORT.collidepoint(self._pointer):
                self.camera.zoom_at(self._pointer, ZOOM_STEP if event.y > 0 else 1 / ZOOM_STEP)
                self._repoint()
                return True
            return False
        if kind == pygame.KEYDOWN:
            for intent in I.intents_of(event):
                if intent.kind in (I.UP, I.DOWN, I.LEFT, I.RIGHT) and not self.drag.holding:
                    dx, dy = _ARROWS[intent.kind]
                    self.camera.pan(-dx * PAN_STEP, -dy * PAN_STEP)
                    return True
                if intent.kind == I.SCROLL:
                    self._zoom(ZOOM_STEP if intent.value > 0 else 1 / ZOOM_STEP)
                    return True
        return False

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        for intent in I.intents_of(event):
            kind = intent.kind
            if kind == I.DIGIT:
                piece = CAT_PIECE if intent.value == CAT_KEY else hand_piece(intent.value - 1)
                if piece == CAT_PIECE or intent.value <= len(self.hand_kinds()):
                    self._pick_by_key(piece)
                    return True
            elif kind in _ARROWS and self.drag.holding:
                self._move_cursor(*_ARROWS[kind])
                return True
            elif kind == I.CONFIRM and self.drag.holding and self.drag.target is not None:
                self.drag.place()
                return True
            elif kind == I.SELECT and not self.drag.holding and self._click_table(intent.pos):
                return True
            elif kind == I.ROTATE and self._same_turned():
                self.status, self.status_error = i18n.t("boxes.same_turned"), False
                return True
        return super().handle_game_input(event)

    def _same_turned(self) -> bool:
        """A held box card that looks and fits the same turned: R says so instead of nothing."""
        kind = self._piece_kind(self.drag.piece) if self.drag.holding else None
        return kind is not None and kind.role != PRINCESS and self.rotations(self.drag.piece) == 1

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
            pair = self._pair_at(pos)
            move = Cat(*pair) if pair in self.boxes.awake_positions() else None
        if move is None:
            return False
        self.play_human(move)
        return True

    def _pick_by_key(self, piece: HandPiece) -> None:
        """Keyboard (or button) pick-up: the piece goes to its first legal target, nearest the
        middle of the view; arrows then move it and Enter places it."""
        if piece == CAT_PIECE and self.boxes.supply[self.boxes.to_move] <= 0:
            return
        if piece != CAT_PIECE and piece[1] >= len(self.hand_kinds()):
            return
        self.drag.pick(piece)
        targets = self.drag.legal
        if not targets:
            return
        centre = self.camera.viewport.center
        first = min(targets, key=lambda t: _dist2(self.target_point(t), centre))
        if isinstance(first, Discard):
            self.drag.point(self.target_point(first))
            return
        self.cursor = (first.x, first.y)  # type: ignore[attr-defined]
        self._point_cursor()

    def _move_cursor(self, dx: int, dy: int) -> None:
        x, y = self.cursor or self.camera.slot_at(self.camera.viewport.center) or (0, 0)
        cols, rows = self.camera.cols, self.camera.rows
        self.cursor = (min(max(x + dx, -1), cols), min(max(y + dy, -1), rows))
        self._point_cursor()

    def _point_cursor(self) -> None:
        assert self.cursor is not None
        x, y = self.cursor
        rect = self.camera.slot_rect(x, y)
        self.camera.show(rect.union(self.camera.slot_rect(x, y + 1)) if self._pair_piece() else rect)
        if self._pair_piece():
            self.drag.point(self.camera.seam_point(x, y))
        else:
            self.drag.point(self.camera.slot_rect(x, y).center)

    def _pair_piece(self) -> bool:
        """Whether the held piece lies on a pair of cards (a cat or a Princess)."""
        kind = self._piece_kind(self.drag.piece) if self.drag.piece is not None else None
        return kind is None or kind.role == PRINCESS

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flash is not None:
            marks, left = self.flash
            self.flash = (marks, left - dt) if left > dt else None
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left > dt else None

    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        marks: list[tuple[str, int, int]] = []
        for event in events:
            if event.kind in ("card", "start_card"):
                marks.append(("slot", event.get("x"), event.get("y")))
                self.camera.show(self.camera.slot_rect(event.get("x"), event.get("y")))  # in sight
            elif event.kind in ("cat", "princess"):
                marks.append(("pair", event.get("x"), event.get("y")))
            elif event.kind == "box_closed":
                marks += [("slot", x, y) for x, y in event.get("cells")]
            elif event.kind == "end_phase":
                self.banner = (i18n.t("boxes.end_phase_banner"), BANNER_TIME)
        if marks:
            self.flash = (marks, FLASH_TIME)

    def show_reason(self, reason: Reason) -> None:
        self.status, self.status_error = reason_line(reason, self.seat_label), True
        self.app.sound.play("illegal")

    # -- the table -----------------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        seen = self.seen
        pal = palette()
        key = (self.version, pal.name)
        self._table_layer.draw(canvas, self.camera, key, self._paint_table)
        with canvas.clip(VIEWPORT):
            self._draw_live_marks(canvas)
        self._draw_tray(canvas)
        with canvas.clip(VIEWPORT):
            if self.banner is not None and not seen.is_over():
                draw_banner(canvas, pygame.FRect(0, 0, VIEWPORT.w - 80, 54).move_to(
                    midtop=(VIEWPORT.centerx, VIEWPORT.y + 14)), self.banner[0])

    def draw_overlay(self, canvas: Canvas) -> None:
        self.drag.draw(canvas)  # over the tray's buttons and the side panel

    def _paint_table(self, canvas: Canvas, cam: Camera) -> None:
        """The cached picture: tabletop, cards, box frames, cats and box badges."""
        seen = self.seen
        pal = palette()
        geo = seen.geo
        draw_tabletop(canvas, cam)
        gap = max(1.0, cam.h * 0.03)
        for slot, (kind, _, edges, toys) in seen.layout.cards.items():
            role = self.kind(kind).role
            draw_card(canvas, cam.slot_rect(*geo.xy(slot)).inflate(-gap, -gap), edges, toys,
                      start=role == START, special=role == TOY)
        for scored in self.score_now.boxes:
            box = scored.box
            slots = [geo.xy(s) for s in box.slots]
            if box.closed:
                draw_box_frame(canvas, cam, slots, pal.ok, 4, tint=(*pal.ok, 60))
            elif box.dead:
                draw_box_frame(canvas, cam, slots, pal.bad, 3, hatch=(*pal.bad, 150))
            else:
                draw_box_frame(canvas, cam, slots, (255, 255, 255), 2)
        for slot, (owner, awake) in seen.layout.cats.items():
            style = None if owner == PRINCESS_OWNER else pal.seat(owner)
            draw_cat(canvas, cat_rect(cam, *geo.xy(slot)), style, awake)
        size = max(15.0, cam.h * 0.3)
        for scored in self.score_now.boxes:
            box = scored.box
            if not (box.toys or any(box.counts)):
                continue
            x, y = min((geo.xy(s) for s in box.slots), key=lambda p: (p[1], p[0]))
            corner = cam.slot_rect(x, y).topleft
            mark = "✓" if box.closed else "✗" if box.dead else ""
            draw_box_badge(canvas, (corner[0] + 3, corner[1] + 3), size, box.toys, mark,
                           [pal.seat(s) for s in scored.leaders])

    def _draw_live_marks(self, canvas: Canvas) -> None:
        """What changes between moves: the awake-cat spots, start slots, flashes, the cursor."""
        pal = palette()
        cam = self.camera
        pulse = 0.5 + 0.5 * abs((self._time * 1.6) % 2 - 1)
        if self.human_can_act() and self.boxes.step == CAT:
            for x, y in self.boxes.awake_positions():
                rect = cat_rect(cam, x, y)
                canvas.rect((*pal.focus, int(60 + 120 * pulse)), rect.inflate(6, 6), radius=8)
                canvas.rect(pal.focus, rect.inflate(6, 6), width=3, radius=8)
        if self.human_can_act() and self.boxes.step == START_ROW:
            for x, y in self.start_slots().values():
                rect = cam.slot_rect(x, y).inflate(-4, -4)
                canvas.rect((*pal.focus, int(50 + 100 * pulse)), rect, radius=6)
                canvas.rect(pal.focus, rect, width=3, radius=6)
                canvas.text("+", rect.center, cam.h * 0.6, INK, "center", bold=True, fixed=True)
        if self.flash is not None:
            marks, left = self.flash
            width = 2 + 3 * min(1.0, left / FLASH_TIME)
            for what, x, y in marks:
                rect = cat_rect(cam, x, y) if what == "pair" else cam.slot_rect(x, y)
                canvas.rect(pal.focus, rect.inflate(4, 4), width=width, radius=6)
        if self.cursor is not None and self.drag.holding:
            canvas.rect(pal.focus, cam.slot_rect(*self.cursor).inflate(4, 4), width=2, radius=4)

    # -- hints and ghosts while holding --------------------------------------------------------
    def draw_hints(self, canvas: Canvas, piece: Hashable, targets: Sequence[Hashable]) -> None:
        if any(isinstance(t, Discard) for t in targets):
            canvas.rect(palette().ok, ACTIONS, width=4, radius=10)
            return
        key = (self.version, piece, self.drag.rotation, palette().name)
        self._hint_layer.draw(canvas, self.camera, key,
                              lambda c, cam: self._paint_hints(c, cam, targets))
        if not targets and self.boxes.step in (PLAY, TURN):
            kind = self._piece_kind(piece)
            if kind is not None and kind.role != PRINCESS and self.rotations(piece) > 1:
                other = self.legal_targets(piece, 1 - self.drag.rotation)
                if other:
                    self._draw_note(canvas, i18n.t("boxes.turn_it"), error=False)

    def _paint_hints(self, canvas: Canvas, cam: Camera, targets: Sequence[Hashable]) -> None:
        lit = palette().focus
        for target in targets:
            if isinstance(target, Play):
                rect = cam.slot_rect(target.x, target.y).inflate(-6, -6)
                canvas.rect((*lit, 90), rect, radius=6)
                canvas.rect(lit, rect, width=2, radius=6)
            else:
                rect = cat_rect(cam, target.x, target.y).inflate(8, 8)  # type: ignore[attr-defined]
                canvas.rect((*lit, 110), rect, radius=8)
                canvas.rect(lit, rect, width=3, radius=8)

    def draw_ghost(self, canvas: Canvas, piece: Hashable, target: Hashable, legal: bool) -> None:
        pal = palette()
        color = pal.ok if legal else pal.bad
        if isinstance(target, Discard):
            self._draw_mark(canvas, ACTIONS.midtop, 16, legal)
            return
        with canvas.clip(VIEWPORT):
            if isinstance(target, Play):
                rect = self._draw_card_ghost(canvas, piece, target, legal)
            else:
                rect = cat_rect(self.camera, target.x, target.y)  # type: ignore[attr-defined]
                style = None if isinstance(target, Princess) else pal.seat(self.boxes.to_move)
                draw_cat(canvas, rect, style, not isinstance(target, Sleep), alpha=170)
                canvas.rect(color, rect.inflate(6, 6), width=3, radius=8)
            self._draw_mark(canvas, rect.topright, max(11.0, self.camera.h * 0.2), legal)
        if legal and isinstance(target, Play):
            self._draw_note(canvas, self._preview_text(self.preview(target)), error=False)
        elif not legal and self.drag.target_reason is not None:
            self._draw_note(canvas, reason_line(self.drag.target_reason, self.seat_label), error=True)

    def _draw_card_ghost(self, canvas: Canvas, piece: Hashable, target: Play,
                         legal: bool) -> pygame.FRect:
        """The card where it would lie, the box it would make, and where a cat could then go."""
        pal = palette()
        cam = self.camera
        rect = cam.slot_rect(target.x, target.y)
        if self.boxes.geo.slot(target.x, target.y) is None:
            draw_out_of_table(canvas, rect, pal.bad)
            return rect
        k = self.kind(self.boxes.data.by_name[target.card])
        draw_hand_card(canvas, rect.inflate(-2, -2), k, target.rot)
        preview = self.preview(target) if legal else None
        if preview is not None:
            if preview.closed:
                frame = dict(color=pal.ok, width=4, tint=(*pal.ok, 60))
            elif preview.dead:
                frame = dict(color=pal.bad, width=3, hatch=(*pal.bad, 150))
            else:
                frame = dict(color=pal.focus, width=3)
            draw_box_frame(canvas, cam, preview.slots, **frame)
        canvas.rect(pal.ok if legal else pal.bad, rect, width=3, radius=4)
        if preview is not None:
            for x, y in preview.cat_spots:
                canvas.rect(pal.focus, cat_rect(cam, x, y), width=2, radius=6)
        return rect

    def _draw_mark(self, canvas: Canvas, centre: Point, radius: float, legal: bool) -> None:
        """The tick or cross on a ghost (never colour alone)."""
        pal = palette()
        canvas.circle(pal.ok if legal else pal.bad, centre, radius)
        canvas.circle((255, 255, 255), centre, radius, width=2)
        canvas.text("✓" if legal else "✗", centre, radius * 1.5, (255, 255, 255), "center",
                    bold=True, fixed=True)

    def _draw_note(self, canvas: Canvas, text: str, error: bool) -> None:
        """A line at the foot of the table: why the ghost is red, or what the card would do."""
        rect = pygame.FRect(VIEWPORT.x + 10, VIEWPORT.bottom - 50, VIEWPORT.w - 190, 40)
        if self.drag.pointer[1] > VIEWPORT.centery:  # keep clear of where the player is looking
            rect.y = VIEWPORT.y + 10
        draw_note(canvas, rect, text, error)

    def preview(self, target: Play) -> Preview | None:
        """What laying ``target`` would do: the rules apply it to a copy of the position."""
        self._refresh()
        if target in self._previews:
            return self._previews[target]
        result = None
        if self.boxes.check(target) is None:
            probe = self.boxes.clone()
            before = self.boxes.layout
            probe.apply(target)
            geo = probe.geo
            slot = geo.slot(target.x, target.y)
            assert slot is not None
            box = probe.layout.box(probe.layout.region_of(slot), probe.n, probe.weights)
            neighbours = {n for _, _, _, n in geo.sides[slot] if n in box.slots}
            joined = len({before.region_of(n) for n in neighbours})
            spots = tuple(probe.awake_positions())
            result = Preview(tuple(geo.xy(s) for s in box.slots), joined, box.closed, box.dead,
                             box.toys, spots)
        self._previews[target] = result
        return result

    def _preview_text(self, preview: Preview | None) -> str:
        if preview is None:
            return ""
        cat_fits = bool(preview.cat_spots) if self.boxes.supply[self.boxes.to_move] > 0 else None
        return preview_line(preview.joined, preview.closed, preview.dead, preview.toys, cat_fits)

    def draw_piece(self, canvas: Canvas, piece: Hashable, rotation: int, center: Point) -> None:
        if self.drag.dragging and self.drag.target is not None and self.drag.is_lifted(piece):
            return  # over the table the snapped ghost is the preview
        kind = self._piece_kind(piece)
        if kind is None:
            rect = pygame.FRect(0, 0, 46, 66).move_to(center=center)
            draw_cat(canvas, rect, palette().seat(self.boxes.to_move), self.boxes.step != TURN)
            return
        draw_hand_card(canvas, pygame.FRect(0, 0, *HAND_CARD).move_to(center=center), kind,
                       ROTATIONS[rotation])

    # -- the tray ------------------------------------------------------------------------------
    def _draw_tray(self, canvas: Canvas) -> None:
        seat = self.private_seat()
        lifted = tuple(p for p in (CAT_PIECE, *map(hand_piece, range(3))) if self.drag.is_lifted(p))
        tray = TrayView(self.seen, self.boxes.data.kinds, self.match.seat_names, seat,
                        seat is not None and seat == self.boxes.to_move and self.human_can_act(),
                        lifted, self.drag.selected, self.discarding(), ROTATIONS[self.drag.rotation])
        key = (self.version, palette().name, seat, tray.mine, lifted,
               tray.selected, tray.turned)
        canvas.cached("boxes-tray", key, TRAY, lambda c: paint_tray(c, tray))

    # -- status, side panel --------------------------------------------------------------------
    def status_hint(self) -> str:
        """What the player can do now, with the input mapping."""
        step = self.boxes.step
        if self.drag.holding:
            kind = self._piece_kind(self.drag.piece)
            if kind is None:
                key = "boxes.hint.sleeping" if step == TURN else "boxes.hint.cat_held"
            elif kind.role == PRINCESS:
                key = "boxes.hint.princess"
            else:
                key = "boxes.hint.card_held"
        elif step == PLAY and self.discarding():
            key = "boxes.hint.discard"
        else:
            key = f"boxes.hint.{step}"
        return i18n.t(key) + " · " + i18n.t("boxes.hint.view")

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        key = (self.version, self.boxes.to_move, palette().name)
        kinds = [i18n.t(f"seat_kind.{self.match.seat_kind(s)}") for s in range(self.match.players)]
        canvas.cached("boxes-seats", key, rect.inflate(28, 24),
                      lambda c: paint_seats(c, rect, self.seen, self.score_now, self.match.seat_names,
                                            kinds, self.draw_seat_swatch))

    # -- log and game over ---------------------------------------------------------------------
    def log_lines(self, turn: Turn) -> list[str]:
        """One sentence per event: ``P2 lays a cup (2 toys)``, ``A box is closed: …``."""
        lines = []
        for event in turn.events:
            text = event_line(event, self.boxes.data, self.match.seat_names)
            if text:
                lines.append(text if not lines else "  " + text)
        return lines or super().log_lines(turn)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        detail = outcome.detail
        names = self.match.seat_names
        heads = [i18n.t("over.player"), i18n.t("boxes.boxes_won"), i18n.t("boxes.cats_placed"),
                 i18n.t("over.total")]
        cats = self.boxes.data.cats_per_player
        rows = [[names[s], str(detail["boxes_won"][names[s]]),
                 str(cats - detail["supply"][names[s]]), str(outcome.scores[s])]
                for s in range(len(names))]
        return heads, rows

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """Each box with cats in it: closed or not, toys, cats per player, who scores it."""
        draw_box_list(canvas, rect, outcome.detail["boxes"], self.match.seat_names, self.seat_label)


_ARROWS = {I.UP: (0, -1), I.DOWN: (0, 1), I.LEFT: (-1, 0), I.RIGHT: (1, 0)}


def _dist2(a: Point, b: Point) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


SCENE = BoxesScene
