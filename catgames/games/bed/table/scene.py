"""The This Bed Is Mine table: the mattress, both trays, drag-and-drop with rotation, keyboard play,
the territory preview and the end-of-game claw markers.  Legality always comes from the rules."""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence, cast

import pygame

from catgames.core.rules import Event, Outcome
from catgames.core.redaction import veiled_kind
from catgames.core.session import Turn
from catgames.games.bed.components import DIGITS, Placement
from catgames.games.bed.table import gallery
from catgames.games.bed.gestures import Tile
from catgames.games.bed.rules import BedState
from catgames.games.bed.scoring import BedScore
from catgames.games.bed.table import board, motion, panels, reference
from catgames.games.bed.table.layout import GEO, LEGEND, NOTES, TOGGLE, tray_box
from catgames.games.bed.table.panels import draw_block
from catgames.games.bed.table.pieces import BedPieces
from catgames.games.bed.table.stage import FinalWalk
from catgames.games.bed.table.trays import Trays, draw_notes
from catgames.games.bed.table.words import place_line
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.callouts import draw_banner
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.table.view import Shown
from catgames.ui.motion import Tween
from catgames.ui.reference import Reference
from catgames.ui.theme import palette
from catgames.ui.widgets import Toggle, Widget

FLASH_TIME = 0.9
BANNER_TIME = 3.0


class BedScene(BaseGameScene[Tile, Placement]):
    """The table of This Bed Is Mine; see ``BaseGameScene`` for the shared parts."""

    #: as wide as the score table needs at 150 %: over the foot of the bed and the side panel
    #: (the head of the bed stays in sight; "View the board" shows it all)
    game_over_panel = pygame.FRect(900, 76, 364, 712)  #: beside the bed, over the trays and the log
    geo = GEO
    pieces_class = BedPieces
    references = classmethod(gallery.references)

    def __init__(self, app, *source: Any, **given: Any) -> None:
        super().__init__(app, *source, **given)  # a match, or a feed: passed on unread
        self.preview = False
        self.cursor: tuple[int, int] | None = None
        self.banner: tuple[str, float] | None = None
        self.flash: tuple[list[tuple[int, int]], float] | None = None
        self._score_key: tuple[int, int] | None = None
        self._score: BedScore | None = None
        self._safe: tuple[int, int] = (0, 0)  #: ``bed.safe_points()`` of the move ``_score_key`` names
        self.walk: FinalWalk | None = None  #: the final scoring walked through (``staged_end``)

    # -- facts -----------------------------------------------------------------------------
    bed = Shown(BedState)  #: the bed as the table may show it (``observed``)

    def score_now(self) -> BedScore:
        """The bed scored as it stands, cached per move."""
        key = self.version
        if self._score_key != key:
            self._score_key, self._score, self._safe = key, self.bed.score(), self.bed.safe_points()
        assert self._score is not None
        return self._score

    def on_match_changed(self) -> None:
        self._score_key = None
        self.flash = None
        self.banner = None
        self.walk = None  # its pictures go with it

    def _set_preview(self, value: bool) -> None:
        self.preview = value

    def extra_widgets(self) -> list[Widget]:
        return [Toggle(TOGGLE, i18n.t("bed.preview"), self.preview, self._set_preview,
                       tooltip=i18n.t("bed.preview_tip"))]

    # -- pieces: ``pieces.BedPieces``; a placement is its own target --------------------------
    def drop_for(self, move: Placement) -> tuple[Tile, int, Placement] | None:
        """A placement is its own target: no search of the whole bed."""
        tile = Tile(move.digit)
        return (tile, self.geo.shown_rot(move.rot), move) if self.move_for(tile, move) == move else None

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if I.first(event, I.TOGGLE_PREVIEW) is not None and not self.stage.playing:
            self._set_preview(not self.preview)
            self._build_buttons()
            return True
        return super().handle(event)

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        """Keyboard play: 1-9 takes a tile, arrows move the cursor, R turns, Enter places."""
        for intent in I.intents_of(event):
            if intent.kind == I.DIGIT and self.bed.hands[self.bed.to_move] >> intent.value & 1:
                self.cursor = self.cursor or (8, 6)
                self.drag.pick(Tile(intent.value), self.geo.centre(*self.cursor))
                return True
            if intent.kind in (I.UP, I.DOWN, I.LEFT, I.RIGHT):
                right, down = {I.UP: (0, -1), I.DOWN: (0, 1), I.LEFT: (-1, 0), I.RIGHT: (1, 0)}[intent.kind]
                self.cursor = self.geo.step(self.cursor or (8, 6), right, down)
                if self.drag.holding:
                    self.drag.point(self.geo.centre(*self.cursor))
                return True
            if intent.kind == I.CONFIRM and self.drag.holding and self.cursor is not None:
                self.drag.point(self.geo.centre(*self.cursor))
                self.drag.place()
                return True
        return super().handle_game_input(event)

    def animating(self) -> bool:
        return super().animating() or self.flash is not None or self.banner is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.flash is not None:
            cells, left = self.flash
            self.flash = (cells, left - dt) if left > dt else None
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left > dt else None

    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        for event in events:
            if event.kind == "place":
                self.flash = (self.bed.data.grid.cells(event.get("mask")), FLASH_TIME)
            elif event.kind == "pass" and event.seat is not None:
                self.banner = (i18n.t("bed.out", seat=self.seat_label(event.seat)), BANNER_TIME)

    def _walking(self) -> bool:
        """The final scoring is walked through on the bed (or is about to be): the walkthrough,
        not the board, draws the won sections meanwhile."""
        return self.stage.playing or (self.ending and not self.app.settings.reduce_motion and not self.read_only)

    def staged_end(self) -> list[Tween]:
        self.walk = FinalWalk(self.bed, self.score_now(), self.seat_names)
        return self.walk.steps

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        return motion.move_tweens(self.bed.data.grid, events, self.move_origin)

    def component_at(self, pos: Point) -> Reference | None:
        return reference.component_at(self.bed, self.score_now(), self.seat_names, pos)

    # -- drawing ---------------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        bed = self.bed
        geo = self.geo
        pal = palette()
        final = not self._walking()
        canvas.cached("bed", (self.version, self.preview, pal.name, bed.side, final), geo.rect.inflate(80, 40),
                      partial(board.draw_bed, bed=bed, score=self.score_now(), territory=self.preview, final=final))
        if self.flash is not None:
            for cell in self.flash[0]:
                canvas.rect(pal.focus, geo.cell_rect(*cell), width=3)
        if self.cursor is not None and self.human_can_act():
            canvas.rect(pal.focus, geo.cell_rect(*self.cursor).inflate(4, 4), width=3, radius=4)
        if self.banner is not None and not bed.is_over():
            draw_banner(canvas, pygame.FRect(0, 0, self.geo.rect.w * 0.7, 64).move_to(
                center=self.geo.rect.center), self.banner[0])
        if self.preview and not bed.is_over():  # at the end the claws replace the sums
            canvas.paragraph(i18n.t("bed.legend"), LEGEND, 15, pal.text_dim, middle=True)
        elif bed.to_move >= 0:
            canvas.cached("bed-notes", (self.version, pal.name), NOTES,
                          partial(draw_notes, rect=NOTES, bed=bed, seat=bed.to_move, style=pal.seat(bed.to_move)))

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        """The two trays: each seat's name and its points won for good mid-game (or the final
        ones, counted by the walkthrough), and its tiles in hand."""
        pal = palette()
        lifted = tuple(d for d in DIGITS if self.drag.is_lifted(Tile(d)))
        selected = self.drag.selected
        walk = self.walk if self.stage.playing else None
        if walk is not None:
            points = walk.tally()
        else:
            score = self.score_now()  # (and the safe points of the same move)
            points = score.totals if self.bed.is_over() else self._safe
        trays = Trays(self.bed, self.seat_names, points, lifted,
                      None if selected is None else selected.digit, self.draw_seat_swatch)
        for seat in (0, 1):
            key = (self.version, lifted, selected, pal.name)
            canvas.cached(f"tray{seat}", key, tray_box(seat), partial(trays.draw, seat=seat))
            trays.draw_title(canvas, seat)

    def draw_overlay(self, canvas: Canvas) -> None:
        """The held tile, over the side panel it was taken from."""
        self.drag.draw(canvas)

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """Each side's won sections as a sum, then the toy majorities of side B."""
        draw_block(canvas, rect, panels.outcome_lines(self.bed, outcome.detail, self.seat_names), 17,
                   self.draw_seat_swatch)

    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """``Cat lays the 4 in the middle of the bed`` instead of the notation."""
        lines = super().log_lines(turn, before)
        if veiled_kind(turn.move) is not None:  # a move this seat may not read: the shared words
            return lines
        move = cast(Placement, self.rules.parse_move(self.bed, turn.move))
        grid = self.bed.data.grid
        lines[0] = place_line(self.seat_names[turn.seat], move.digit,
                              self.bed.data.cells_of(move), grid.rows, grid.cols)
        return lines

    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        """The cells the tile of a hovered log line covers."""
        if veiled_kind(turn.move) is not None:
            return
        move = cast(Placement, self.rules.parse_move(self.bed, turn.move))
        for cell in self.bed.data.cells_of(move):
            canvas.rect(palette().focus, self.geo.cell_rect(*cell), width=3)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        return panels.score_table(self.bed, outcome, self.seat_names)


SCENE = BedScene
