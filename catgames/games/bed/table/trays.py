"""The two trays of This Bed Is Mine, in the side panel: each seat's name and its points won
for good (the final ones at the end), and its tiles still in hand in their slots, dimmed when they cannot be laid now.  Why
they cannot is said once for all of them, for the mover, in the notes under the bed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from catgames.games.bed.components import DIGITS
from catgames.games.bed.rules import BedState
from catgames.games.bed.table.layout import TRAY_HEAD, slot_rect, tray_box
from catgames.games.bed.table.panels import SwatchDrawer
from catgames.core.grid import bounds
from catgames.games.bed.table.view import DISC, MINI, draw_mini_tile, draw_numeral, shape
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import SeatStyle, palette

CHIP = 26                     #: a numeral in the notes, in the units of ``draw_numeral``
NUMERAL = 28                  #: a tray numeral's disc, in the units of ``draw_numeral``
GAP = 3                       #: between a tray tile and its numeral


@dataclass(frozen=True)
class Trays:
    """What the trays show at one moment."""

    bed: BedState
    names: Sequence[str]          #: the seats' names
    points: Sequence[int]         #: the seats' points no tile to come can change (at the end the final ones)
    lifted: tuple[int, ...]       #: the mover's tiles held up by the pointer (their slots empty)
    selected: int | None          #: the mover's tile picked by a click, ringed
    swatch: SwatchDrawer

    def draw(self, canvas: Canvas, seat: int) -> None:
        pal = palette()
        bed = self.bed
        box = tray_box(seat)
        active = bed.to_move == seat
        canvas.rect(pal.panel, box, radius=10)
        canvas.rect(pal.focus if active else pal.panel_edge, box, width=3 if active else 1, radius=10)
        dimmed = unplayable(bed, seat)
        for digit in DIGITS:
            slot = slot_rect(seat, digit)
            if not bed.hands[seat] >> digit & 1:
                canvas.rect(pal.panel_edge, slot.inflate(-10, -8), width=1, radius=8)
                continue
            if digit in self.lifted and active:
                continue
            if active and self.selected == digit:
                canvas.rect(pal.focus, slot.inflate(-2, -2), width=3, radius=8)
            self._draw_tile(canvas, slot, digit, seat, dim=digit in dimmed)

    @staticmethod
    def _draw_tile(canvas: Canvas, slot: pygame.FRect, digit: int, seat: int, dim: bool) -> None:
        """A tile in hand and its numeral beside it, centred together in the slot."""
        style = palette().seat(seat)
        radius = NUMERAL * DISC
        width = bounds(shape(digit, 0))[1] * MINI
        left = slot.centerx - (width + GAP + 2 * radius) / 2
        tile = draw_mini_tile(canvas, (left + width / 2, slot.centery), digit, 0, MINI, seat, style, dim=dim)
        draw_numeral(canvas, (tile.right + GAP + radius, slot.centery), digit, NUMERAL, style, room=radius)

    def draw_title(self, canvas: Canvas, seat: int) -> None:
        """The seat's swatch and name (and that it is out), its points at the right, at one size
        that fits them both and never shrinks as the text size rises.  Drawn over the tray's
        cached layer every frame: names are text, read where they are shown."""
        pal = palette()
        box = tray_box(seat)
        y = box.y + TRAY_HEAD / 2 + 2
        self.swatch(canvas, seat, pygame.FRect(box.x + 10, y - 12, 24, 24))
        points = i18n.plural("bed.count_points" if self.bed.is_over() else "bed.count_safe", self.points[seat])
        name = self.names[seat] + (" " + i18n.t("bed.passed") if self.bed.passed[seat] else "")
        room = box.right - 12 - (box.x + 42) - 10
        size = canvas.steady(18, lambda s: canvas.text_size(name, s)[0] + canvas.text_size(points, s, True)[0] <= room)
        canvas.text(points, (box.right - 12, y), size, pal.text, "midright", bold=True)
        canvas.text(name, (box.x + 42, y), size, pal.text, "midleft")


def unplayable(bed: BedState, seat: int) -> dict[int, str]:
    """``seat``'s tiles in hand that cannot be laid now, each with the key of why."""
    active = bed.to_move == seat
    found = {}
    for digit in bed.in_hand(seat):
        if active and bed.is_opening() and digit not in bed.data.initial_digits:
            found[digit] = "bed.not_first"
        elif bed.is_over() or not bed.fits(seat, digit):
            found[digit] = "bed.no_room"
    return found


def draw_notes(canvas: Canvas, rect: pygame.FRect, bed: BedState, seat: int, style: SeatStyle) -> None:
    """Why ``seat``'s dimmed tiles cannot be laid now, each reason said once for all of its
    tiles: their numerals, then the reason wrapped beside them; reasons side by side."""
    notes: dict[str, list[int]] = {}
    for digit, note in unplayable(bed, seat).items():
        notes.setdefault(note, []).append(digit)
    share = rect.w / max(1, len(notes))
    for i, (note, digits) in enumerate(notes.items()):
        _draw_note(canvas, pygame.FRect(rect.x + i * share, rect.y, share - 8, rect.h), digits, i18n.t(note), style)


def _draw_note(canvas: Canvas, rect: pygame.FRect, digits: list[int], text: str, style: SeatStyle) -> None:
    chip = CHIP * canvas.piece_growth  #: a chip's pitch: its disc and a little gap
    for i, digit in enumerate(digits):
        draw_numeral(canvas, (rect.x + (i + 0.5) * chip, rect.centery), digit, CHIP, style,
                     room=chip * 0.45)
    left = rect.x + len(digits) * chip + 8
    canvas.paragraph(text, (left, rect.y, rect.right - left, rect.h), 17, palette().text_dim,
                     middle=True)
