"""This Bed Is Mine's components gallery (the shared ``ui.gallery`` screen): the cat's and the
dog's tiles, digit by digit, then the quilted mattress, a pillow and the toys of side B, each
with the name and rule its hover reference gives."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from catgames.core.grid import bounds
from catgames.games import load_game
from catgames.games.bed.components import bed_data
from catgames.games.bed.scoring import TOY_KINDS
from catgames.games.bed.table import pictures, view
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.gallery import Entry, Section, offered
from catgames.ui.theme import palette

TILE_CELL = 24.0     #: a tile's cell in the gallery (a tile is 3 x 5 cells at most)
BED_CELL = 9.0       #: the whole mattress, small
PILLOW_CELL = 28.0
TOY_CELL = 56.0


def _seat_name(seat: int) -> str:
    """``Cat`` or ``Dog`` in the player's language, as a table names the seats by default."""
    return i18n.seat_word("bed", load_game("bed").seat_names(2)[seat])


def _tile(seat: int, digit: int) -> Entry:
    cells = sorted(view.shape(digit, 0))
    rows, cols = bounds(view.shape(digit, 0))

    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        cell = rect.h / rows
        view.draw_tile(canvas, view.BedGeometry(rect.topleft, cell), cells, digit, seat, palette().seat(seat))
    seat_name = _seat_name(seat)
    return Entry(draw, (cols * TILE_CELL, rows * TILE_CELL), i18n.t("reference.bed.tile", seat=seat_name, digit=digit),
                 i18n.t("gallery.bed.tile_rules", digit=digit))


def _mattress() -> Entry:
    grid = bed_data().grid
    high = (grid.rows + view.HEAD / 10 + 0.4) / (grid.cols + 0.4)   #: the mattress's height for its width

    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        size = (canvas.length(rect.w), canvas.length(rect.h))
        canvas.surface.blit(pictures.mattress(grid.rows, grid.cols, size, view.HEAD), canvas.real_rect(rect).topleft)
    width = (grid.cols + 0.4) * BED_CELL
    return Entry(draw, (width, width * high), i18n.t("gallery.bed.mattress"),
                 i18n.t("gallery.bed.mattress_rules", rows=grid.rows, cols=grid.cols))


def _pillow() -> Entry:
    cells = bed_data().grid.cells(next(iter(bed_data().sides["B"].pillows.values())))
    rows = len({r for r, _ in cells})
    cols = len({c for _, c in cells})

    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        size = (canvas.length(rect.w), canvas.length(rect.h))
        canvas.surface.blit(pictures.pillow(rows, cols, size), canvas.real_rect(rect).topleft)
    return Entry(draw, (cols * PILLOW_CELL, rows * PILLOW_CELL), i18n.t("reference.bed.pillow"),
                 i18n.t("reference.bed.pillow_rules"))


def _toy(kind: str) -> Entry:
    def draw(canvas: Canvas, rect: pygame.FRect) -> None:
        canvas.rect(pictures.FABRIC, rect, radius=rect.w / 8)
        canvas.surface.blit(pictures.toy(kind, canvas.length(rect.w)), canvas.real_rect(rect).topleft)
    return Entry(draw, (TOY_CELL, TOY_CELL), i18n.t(f"reference.bed.toy.{kind}"),
                 i18n.t("reference.bed.toy_rules", bonus=bed_data().toy_bonus))


def sections(options: dict[str, Any]) -> list[Section]:
    """Each side's tiles (a heading per side), then the bed and what side B puts on it."""
    data = bed_data()
    tiles = [Section(i18n.t("bed.tray", seat=_seat_name(seat)),
                     tuple(_tile(seat, digit) for digit in sorted(data.shapes)), i18n.t("gallery.bed.laying"))
             for seat in (0, 1)]
    bed = Section(i18n.t("gallery.bed.the_bed"), (_mattress(), _pillow(), *(_toy(kind) for kind in TOY_KINDS)))
    return [*tiles, bed]


def references(table: Any, app: Any, options: dict[str, Any]) -> list[tuple[str, Callable[[], None]]]:
    """The gallery, from the pause menu and the rules screen (``BaseGameScene.references``)."""
    return offered(app, "gallery.components", lambda: sections(options))
