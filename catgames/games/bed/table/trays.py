"""The two trays of This Bed Is Mine: each seat's tiles still in hand in their slots, dimmed
when they cannot be laid now, with the reason said once for all of them in the notes row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from catgames.games.bed.components import DIGITS
from catgames.games.bed.rules import BedState
from catgames.games.bed.table.layout import TRAY_FOOT, TRAY_TOP, slot_rect, tray_box
from catgames.games.bed.table.panels import SwatchDrawer
from catgames.games.bed.table.view import MINI, draw_mini_tile, draw_numeral
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import SeatStyle, palette

CHIP = 20                     #: a numeral in a tray's notes row, in the units of ``draw_numeral``
NUMERAL = 30                  #: a tray numeral's disc, in the units of ``draw_numeral``


@dataclass(frozen=True)
class Trays:
    """What the trays show at one moment."""

    bed: BedState
    names: Sequence[str]          #: the seats' names
    lifted: tuple[int, ...]       #: the mover's tiles held up by the pointer (their slots empty)
    selected: int | None          #: the mover's tile picked by a click, ringed
    swatch: SwatchDrawer

    def draw(self, canvas: Canvas, seat: int) -> None:
        pal = palette()
        bed = self.bed
        style = pal.seat(seat)
        top = TRAY_TOP[seat]
        box = tray_box(seat)
        active = bed.to_move == seat
        canvas.rect(pal.panel, box, radius=10)
        if active:
            canvas.rect(pal.focus, box, width=3, radius=10)
        self.swatch(canvas, seat, pygame.FRect(box.x + 10, top + 8, 24, 24))
        title = i18n.t("bed.tray", seat=self.names[seat])
        if bed.passed[seat]:
            title += " " + i18n.t("bed.passed")
        canvas.text(title, (box.x + 44, top + 20), 18, pal.text, "midleft", bold=True,
                    max_width=box.w - 54)
        notes: dict[str, list[int]] = {}
        for digit in DIGITS:
            slot = slot_rect(seat, digit)
            in_hand = bed.hands[seat] >> digit & 1
            if not in_hand:
                canvas.rect(pal.panel_edge, slot.inflate(-10, -10), width=1, radius=8)
                continue
            if digit in self.lifted and active:
                continue
            fits = bed.fits(seat, digit) if not bed.is_over() else False
            opening_only = active and bed.is_opening() and digit not in bed.data.initial_digits
            if active and self.selected == digit:
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
            _draw_note(canvas, pygame.FRect(foot.x, foot.y + i * share, foot.w, share),
                       digits, i18n.t(note), style)


def _draw_note(canvas: Canvas, rect: pygame.FRect, digits: list[int], text: str, style: SeatStyle) -> None:
    """Why the dimmed tiles cannot be laid now, said once for all of them: their numerals,
    then the reason wrapped beside them."""
    chip = CHIP * canvas.piece_growth  #: a chip's pitch: its disc and a little gap
    for i, digit in enumerate(digits):
        draw_numeral(canvas, (rect.x + (i + 0.5) * chip, rect.centery), digit, CHIP, style,
                     room=chip * 0.45)
    left = rect.x + len(digits) * chip + 8
    canvas.paragraph(text, (left, rect.y, rect.right - left, rect.h), 13, palette().text_dim,
                     middle=True)
