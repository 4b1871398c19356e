"""The This Bed Is Mine table: the mattress, both trays, drag-and-drop with rotation, keyboard play,
the territory preview and the end-of-game claw markers.  Legality always comes from the rules."""

from __future__ import annotations

from functools import partial
from typing import Sequence, cast

import pygame

from catgames.core.rules import Event, Outcome
from catgames.core.session import Turn
from catgames.games.bed import gestures
from catgames.games.bed.table import gallery, motion, reference
from catgames.games.bed.components import DIGITS, TOY_KINDS, Placement
from catgames.games.bed.gestures import Tile
from catgames.games.bed.rules import BedState
from catgames.games.bed.scoring import BedScore
from catgames.games.bed.table.words import place_line
from catgames.games.bed.table.view import (
    INK, MINI, BedGeometry, claw_spots, draw_cells, draw_claw, draw_mattress, draw_mini_tile, draw_numeral,
    draw_pillow, draw_section_size, draw_tile, draw_toy, grip, hint_cells, label_cell, shape,
)
from catgames.games.bed.table.panels import INDENT, Line, draw_block
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.callouts import NOTE_SIZE, draw_banner, draw_note, draw_verdict_mark
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.motion import Tween
from catgames.ui.theme import SeatStyle, palette
from catgames.ui.widgets import Toggle, Widget

CELL = 36
BED_ORIGIN = (40, 104)
TRAY_X = 530
TRAY_W = 342
SLOT_H = 62
TRAY_HEAD = 40                #: a tray's title row
TRAY_FOOT = 46                #: a tray's notes row: which tiles cannot be laid now, and why
TRAY_H = TRAY_HEAD + 3 * SLOT_H + TRAY_FOOT
TRAY_TOP = (84, 84 + TRAY_H + 8)  #: y of the cat's and the dog's tray
#: the territory switch under the trays, and the legend of its numbers below it
TOGGLE = pygame.FRect(TRAY_X - 8, TRAY_TOP[1] + TRAY_H + 6, TRAY_W + 16, 40)
LEGEND = pygame.FRect(TRAY_X - 4, TOGGLE.bottom + 4, TRAY_W + 8, 732 - TOGGLE.bottom - 4)
CHIP = 20                     #: a numeral in a tray's notes row, in the units of ``draw_numeral``
NUMERAL = 30                  #: a tray numeral's disc, in the units of ``draw_numeral``
FLASH_TIME = 0.9
BANNER_TIME = 3.0


class BedScene(BaseGameScene[Tile, Placement]):
    """The table of This Bed Is Mine; see ``BaseGameScene`` for the shared parts."""

    game_over_panel = pygame.FRect(522, 76, 742, 712)  #: beside the bed, so its claws stay visible
    component_at = reference.component_at
    references = classmethod(gallery.references)

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.geo = BedGeometry(BED_ORIGIN, CELL)
        self.preview = False
        self.cursor: tuple[int, int] | None = None
        self.banner: tuple[str, float] | None = None
        self.flash: tuple[list[tuple[int, int]], float] | None = None
        self._score_key: tuple[int, int] | None = None
        self._score: BedScore | None = None
        self._hint_key: tuple | None = None
        self._hint_cells: list[tuple[int, int]] = []

    # -- facts -----------------------------------------------------------------------------
    @property
    def bed(self) -> BedState:
        return cast(BedState, self.state)

    def score_now(self) -> BedScore:
        """The bed scored as it stands, cached per move."""
        key = self.version
        if self._score_key != key:
            self._score_key, self._score = key, self.bed.score()
        assert self._score is not None
        return self._score

    def slot_rect(self, seat: int, digit: int) -> pygame.FRect:
        i = digit - 1
        w = TRAY_W / 3
        return pygame.FRect(TRAY_X + (i % 3) * w, TRAY_TOP[seat] + TRAY_HEAD + (i // 3) * SLOT_H, w, SLOT_H)

    def on_match_changed(self) -> None:
        self._score_key = None
        self._hint_key = None
        self.flash = None
        self.banner = None

    def _set_preview(self, value: bool) -> None:
        self.preview = value

    def extra_widgets(self) -> list[Widget]:
        return [Toggle(TOGGLE, i18n.t("bed.preview"), self.preview, self._set_preview,
                       tooltip=i18n.t("bed.preview_tip"))]

    # -- gestures (the rules side is ``gestures``) --------------------------------------------
    def move_for(self, piece: Tile, target: Placement) -> Placement | None:
        return gestures.move_for(self.bed, piece, target)

    def targets_for(self, piece: Tile, rotation: int) -> list[Placement]:
        return gestures.targets(self.bed, piece, rotation)

    def movable_pieces(self) -> list[Tile]:
        return [Tile(d) for d in self.bed.in_hand(self.bed.to_move)] if self.bed.to_move >= 0 else []

    def drop_for(self, move: Placement) -> tuple[Tile, int, Placement] | None:
        """A placement is its own target: no search of the whole bed."""
        tile = Tile(move.digit)
        return (tile, move.rot, move) if self.move_for(tile, move) == move else None

    def piece_at(self, pos: Point) -> Tile | None:
        seat = self.bed.to_move
        if seat < 0:
            return None
        for digit in self.bed.in_hand(seat):
            if self.slot_rect(seat, digit).collidepoint(pos):
                return Tile(digit)
        return None

    def home_of(self, piece: Tile) -> Point:
        return self.slot_rect(max(self.bed.to_move, 0), piece.digit).center

    def rotations(self, piece: Tile) -> int:
        return 4

    def snap(self, piece: Tile, rotation: int, pos: Point) -> Placement | None:
        cell = self.geo.cell_at(pos)
        if cell is None:
            return None
        r, c = grip(piece.digit, rotation)
        return Placement(piece.digit, rotation, cell[0] - r, cell[1] - c)

    def target_point(self, target: Placement) -> Point:
        """The centre of the placement's grip cell: where the pointer drops the tile there."""
        r, c = grip(target.digit, target.rot)
        return self.geo.corner(target.row + r + 0.5, target.col + c + 0.5)

    def draw_piece(self, canvas: Canvas, piece: Tile, rotation: int, center: Point) -> None:
        if self.drag.dragging and self.drag.target is not None:
            return  # over the bed the snapped ghost is the preview; a floating copy would hide it
        seat = max(self.bed.to_move, 0)
        draw_mini_tile(canvas, center, piece.digit, rotation, CELL * 0.8, seat, palette().seat(seat))

    def draw_hints(self, canvas: Canvas, piece: Tile, targets: Sequence[Placement]) -> None:
        key = (piece, self.drag.rotation, self.version)
        if key != self._hint_key:
            self._hint_key, self._hint_cells = key, hint_cells(targets)
        draw_cells(canvas, self.geo, self._hint_cells, (*palette().ok, 70), inset=CELL * 0.3)
        if not targets and self.bed.fits(self.bed.to_move, piece.digit):
            self._draw_note(canvas, i18n.t("bed.turn_it"))

    def draw_ghost(self, canvas: Canvas, piece: Tile, target: Placement, legal: bool) -> None:
        pal = palette()
        cells = [(target.row + r, target.col + c) for r, c in shape(target.digit, target.rot)]
        inside = [rc for rc in cells if 0 <= rc[0] < self.geo.rows and 0 <= rc[1] < self.geo.cols]
        color = pal.ok if legal else pal.bad
        draw_cells(canvas, self.geo, inside, (*color, 150), inset=1)
        if inside:
            draw_verdict_mark(canvas, self.geo.centre(*label_cell(inside)), CELL * 0.42, legal)
        if not legal and self.drag.target_reason is not None:
            self._draw_note(canvas, i18n.reason_text(self.drag.target_reason, "bed"), error=True)

    def _draw_note(self, canvas: Canvas, text: str, error: bool | None = None) -> None:
        """A line under the bed (why the ghost is red, or how to make a tile fit)."""
        geo = self.geo.rect
        high = max(30.0, canvas.line_height(NOTE_SIZE) + 6)
        draw_note(canvas, pygame.FRect(geo.x - 14, geo.bottom - high, geo.w + 28, high), text, error)

    # -- input -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if I.first(event, I.TOGGLE_PREVIEW) is not None:
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
                dr, dc = {I.UP: (-1, 0), I.DOWN: (1, 0), I.LEFT: (0, -1), I.RIGHT: (0, 1)}[intent.kind]
                r, c = self.cursor or (8, 6)
                self.cursor = (min(max(r + dr, 0), self.geo.rows - 1), min(max(c + dc, 0), self.geo.cols - 1))
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

    def move_tweens(self, seat: int, events: Sequence[Event]) -> list[Tween]:
        return motion.move_tweens(self, seat, events)

    # -- drawing ---------------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        bed = self.bed
        geo = self.geo
        pal = palette()
        canvas.cached("bed", (self.version, self.preview, pal.name, bed.side),
                      geo.rect.inflate(40, 60), self._draw_bed)
        for seat in (0, 1):
            lifted = tuple(d for d in DIGITS if self.drag.is_lifted(Tile(d)))
            key = (self.version, lifted, self.drag.selected, pal.name)
            canvas.cached(f"tray{seat}", key, tray_box(seat),
                          partial(self._draw_tray, seat=seat))
        if self.flash is not None:
            for cell in self.flash[0]:
                canvas.rect(pal.focus, geo.cell_rect(*cell), width=3)
        if self.cursor is not None and self.human_can_act():
            canvas.rect(pal.focus, geo.cell_rect(*self.cursor).inflate(4, 4), width=3, radius=4)
        if self.banner is not None and not bed.is_over():
            draw_banner(canvas, pygame.FRect(0, 0, self.geo.rect.w + 40, 56).move_to(
                center=self.geo.rect.center), self.banner[0])
        if self.preview and not bed.is_over():  # at the end the claws replace the sums
            canvas.paragraph(i18n.t("bed.legend"), LEGEND, 15, pal.text_dim, middle=True)
        self.drag.draw(canvas)

    def _draw_bed(self, canvas: Canvas) -> None:
        """The mattress with pillows, uncovered toys, the opening area, territory and tiles."""
        bed = self.bed
        geo = self.geo
        pal = palette()
        draw_mattress(canvas, geo)
        side = bed.data.sides[bed.side]
        for mask in side.pillows.values():
            draw_pillow(canvas, geo, bed.data.grid.cells(mask))
        for kind in TOY_KINDS:
            for cell in bed.data.grid.cells(side.toys.get(kind, 0) & ~bed.occupied):
                draw_toy(canvas, geo, cell, kind)
        if bed.is_opening():
            self._draw_opening_area(canvas)
        if self.preview or bed.is_over():
            self._draw_territory(canvas, labels=False)
        for seat, digit, mask in bed.tiles:
            draw_tile(canvas, geo, bed.data.grid.cells(mask), digit, seat, pal.seat(seat))
        if self.preview or bed.is_over():
            self._draw_territory(canvas, labels=True)

    def _draw_opening_area(self, canvas: Canvas) -> None:
        pal = palette()
        cells = self.bed.data.grid.cells(self.bed.data.initial_mask)
        draw_cells(canvas, self.geo, cells, (*pal.focus, 60))
        r0, c0 = cells[0]
        r1, c1 = cells[-1]
        area = pygame.FRect(self.geo.corner(r0, c0), ((c1 - c0 + 1) * CELL, (r1 - r0 + 1) * CELL))
        canvas.rect(pal.focus, area, width=3, radius=4)
        allowed = "–".join(str(d) for d in (min(self.bed.data.initial_digits), max(self.bed.data.initial_digits)))
        canvas.paragraph(i18n.t("bed.opening", digits=allowed), area.inflate(-12, -12), 17, INK,
                         bold=True)

    def _draw_territory(self, canvas: Canvas, labels: bool) -> None:
        """Each section tinted by who would win it now (under the tiles), or its label (over
        them, so a label wider than its cell stays whole): both sums, or at the end a claw with
        the section's size, at its deepest cell clear of toy icons."""
        pal = palette()
        claws = self.bed.is_over()
        grid = self.bed.data.grid
        icons = 0
        for mask in self.bed.data.sides[self.bed.side].toys.values():
            icons |= mask
        for sec in self.score_now().sections:
            if sec.ignored:
                continue
            if not labels:
                tint = (0x90, 0x90, 0x98, 90) if sec.owner is None else (*pal.seat(sec.owner).color, 95)
                draw_cells(canvas, self.geo, grid.cells(sec.mask), tint)
                continue
            claw, beside = claw_spots(grid, sec.mask, icons)
            centre = self.geo.centre(*claw)
            if claws and sec.owner is not None:
                draw_claw(canvas, centre, CELL * 0.8, pal.seat(sec.owner))
                if beside is None:  # no free cell beside it (one cell, or toys round it): on its rim
                    draw_section_size(canvas, (centre[0], centre[1] + CELL * 0.3), sec.size, CELL)
                else:
                    draw_section_size(canvas, self.geo.centre(*beside), sec.size, CELL)
            elif not claws:
                self._draw_sums(canvas, centre, f"{sec.sums[0]}:{sec.sums[1]}")

    def _draw_sums(self, canvas: Canvas, centre: Point, label: str) -> None:
        """The cat:dog sums of a section in a white box, growing with the text size up to the
        width of a cell and a half."""
        size = canvas.steady(14, lambda s: canvas.text_size(label, s, True, True)[0] <= CELL * 1.5 - 6,
                             fixed=True)
        w, h = canvas.text_size(label, size, True, True)
        box = pygame.FRect(0, 0, max(CELL * 1.25, w + 6), max(CELL * 0.55, h)).move_to(center=centre)
        box.clamp_ip(self.geo.rect)  # a label at the bed's edge stays on the mattress
        canvas.rect((255, 255, 255, 215), box, radius=6)
        canvas.text(label, box.center, size, INK, "center", bold=True, fixed=True)

    def _draw_tray(self, canvas: Canvas, seat: int) -> None:
        pal = palette()
        bed = self.bed
        style = pal.seat(seat)
        top = TRAY_TOP[seat]
        box = tray_box(seat)
        active = bed.to_move == seat
        canvas.rect(pal.panel, box, radius=10)
        if active:
            canvas.rect(pal.focus, box, width=3, radius=10)
        self.draw_seat_swatch(canvas, seat, pygame.FRect(box.x + 10, top + 8, 24, 24))
        title = i18n.t("bed.tray", seat=self.seat_names[seat])
        if bed.passed[seat]:
            title += " " + i18n.t("bed.passed")
        canvas.text(title, (box.x + 44, top + 20), 18, pal.text, "midleft", bold=True,
                    max_width=box.w - 54)
        notes: dict[str, list[int]] = {}
        for digit in DIGITS:
            slot = self.slot_rect(seat, digit)
            in_hand = bed.hands[seat] >> digit & 1
            if not in_hand:
                canvas.rect(pal.panel_edge, slot.inflate(-10, -10), width=1, radius=8)
                continue
            if self.drag.is_lifted(Tile(digit)) and active:
                continue
            fits = bed.fits(seat, digit) if not bed.is_over() else False
            opening_only = active and bed.is_opening() and digit not in bed.data.initial_digits
            selected = active and self.drag.selected == Tile(digit)
            if selected:
                canvas.rect(pal.focus, slot.inflate(-4, -4), width=3, radius=8)
            tile = draw_mini_tile(canvas, (slot.centerx - 14, slot.centery), digit, 0, MINI, seat, style,
                                  dim=not fits or opening_only)
            draw_numeral(canvas, (tile.right + 22, slot.centery), digit, NUMERAL, style,
                         room=slot.right - tile.right - 26)
            note = "bed.not_first" if opening_only else None if fits else "bed.no_room"
            if note is not None:
                notes.setdefault(note, []).append(digit)
        foot = pygame.FRect(box.x + 12, box.bottom - TRAY_FOOT, box.w - 24, TRAY_FOOT - 4)
        for i, (note, digits) in enumerate(notes.items()):
            share = foot.h / len(notes)
            self._draw_tray_note(canvas, pygame.FRect(foot.x, foot.y + i * share, foot.w, share),
                                 digits, i18n.t(note), style)

    def _draw_tray_note(self, canvas: Canvas, rect: pygame.FRect, digits: list[int], text: str,
                        style: SeatStyle) -> None:
        """Why the dimmed tiles cannot be laid now, said once for all of them: their numerals,
        then the reason wrapped beside them."""
        chip = CHIP * canvas.piece_growth  #: a chip's pitch: its disc and a little gap
        for i, digit in enumerate(digits):
            draw_numeral(canvas, (rect.x + (i + 0.5) * chip, rect.centery), digit, CHIP, style,
                         room=chip * 0.45)
        left = rect.x + len(digits) * chip + 8
        canvas.paragraph(text, (left, rect.y, rect.right - left, rect.h), 13, palette().text_dim,
                         middle=True)

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        """The seats, then the score as it stands (or the final one) below wherever they end."""
        pal = palette()
        key = "bed.final" if self.bed.is_over() else "bed.score_now"
        lines = [Line(i18n.t(key), pal.text_dim, gap=6)]
        for seat, points in enumerate(self.score_now().totals):
            text = i18n.t("bed.points", points=i18n.plural("bed.count_points", points),
                          tiles=i18n.plural("bed.count_tiles", len(self.bed.in_hand(seat))))
            lines.append(Line(text, pal.text, seat=seat, indent=INDENT))
        top = self.draw_seat_list(canvas, rect)
        draw_block(canvas, pygame.FRect(rect.x, top, rect.w, rect.bottom - top), lines, 18,
                   self.draw_seat_swatch)

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """Each side's won sections as a sum, then the toy majorities of side B."""
        pal = palette()
        keys = self.bed.data.seat_names
        detail = outcome.detail
        lines = []
        for seat, key in enumerate(keys):
            sizes = sorted((s["size"] for s in detail["sections"] if s["owner"] == key), reverse=True)
            sums = " + ".join(map(str, sizes)) if sizes else "0"
            text = i18n.t("bed.won_sections", seat=self.seat_names[seat], sums=sums,
                          sections=i18n.plural("bed.count_sections", len(sizes)),
                          total=i18n.plural("bed.count_points", detail["section_points"][key]))
            lines.append(Line(text, pal.text, seat=seat, indent=INDENT, gap=10))
        if self.bed.data.sides[self.bed.side].toys:
            for kind in TOY_KINDS:
                counts = [detail["toys"][key][kind] for key in keys]
                if counts[0] == counts[1]:
                    result = i18n.t("bed.toy_tie")
                else:
                    leader = 0 if counts[0] > counts[1] else 1
                    result = i18n.t("bed.toy_bonus_to", seat=self.seat_names[leader],
                                    bonus=self.bed.data.toy_bonus)
                text = i18n.t("bed.toy_line", toy=i18n.t(f"bed.toy.{kind}"), cat=counts[0], dog=counts[1],
                              result=result)
                lines.append(Line(text, pal.text_dim, indent=INDENT, gap=6))
        draw_block(canvas, rect, lines, 17, self.draw_seat_swatch)

    def log_lines(self, turn: Turn, before: Sequence[Turn]) -> list[str]:
        """``Cat lays the 4 in the middle of the bed`` instead of the notation."""
        lines = super().log_lines(turn, before)
        move = cast(Placement, self.match.game.parse_move(self.bed, turn.move))
        grid = self.bed.data.grid
        lines[0] = place_line(self.seat_names[turn.seat], move.digit,
                              self.bed.data.cells_of(move), grid.rows, grid.cols)
        return lines

    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None:
        """The cells the tile of a hovered log line covers."""
        move = cast(Placement, self.match.game.parse_move(self.bed, turn.move))
        for cell in self.bed.data.cells_of(move):
            canvas.rect(palette().focus, self.geo.cell_rect(*cell), width=3)

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        detail = outcome.detail
        keys = self.bed.data.seat_names
        heads = [i18n.t("over.player"), i18n.t("bed.sections")]
        with_toys = bool(self.bed.data.sides[self.bed.side].toys)
        if with_toys:
            heads += [i18n.t(f"bed.toy.{k}") for k in TOY_KINDS] + [i18n.t("bed.toy_bonus")]
        heads.append(i18n.t("over.total"))
        rows = []
        for seat, name in enumerate(keys):
            row = [self.seat_names[seat], str(detail["section_points"][name])]
            if with_toys:
                row += [i18n.t("bed.toy_count", n=detail["toys"][name][k]) for k in TOY_KINDS]
                row.append(str(detail["toy_bonus"][name]))
            rows.append(row + [str(outcome.scores[seat])])
        return heads, rows
def tray_box(seat: int) -> pygame.FRect:
    """A seat's tray: its title row, three rows of slots, and its notes row at the foot."""
    return pygame.FRect(TRAY_X - 8, TRAY_TOP[seat], TRAY_W + 16, TRAY_H)


SCENE = BedScene
