"""What a held piece would do on the If It Fits table: its legal spots lit (a cached layer per
position and turn), the ghost under the pointer (the card where it would lie, or the cat on its
pair) with its verdict, and a note at the foot of the view: what the card would do, why it may
not go there, or that it fits turned."""

from __future__ import annotations

from typing import Sequence

import pygame

from catgames.core.rules import Reason
from catgames.games.boxes.gestures import Target
from catgames.games.boxes.moves import Cat, Discard, Play, Princess, Sleep
from catgames.games.boxes.preview import CardPreview
from catgames.games.boxes.table.board import draw_box_outcome, paint_hints
from catgames.games.boxes.table.look import Look
from catgames.games.boxes.table.panels import ACTIONS, draw_hand_card
from catgames.games.boxes.table.view import Camera, TableLayer, cat_rect, draw_cat, draw_out_of_table
from catgames.games.boxes.table.viewport import VIEWPORT
from catgames.games.boxes.table.words import preview_lines, reason_line
from catgames.ui import i18n
from catgames.ui.callouts import draw_note, draw_verdict_mark, note_height
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette


class Ghosts:
    """The marks of a held piece or a hint: its note keeps clear of the ghost (with no ghost, of
    the pointer, where the player looks)."""

    def __init__(self) -> None:
        self._layer = TableLayer()

    def draw_hints(self, canvas: Canvas, camera: Camera, key: object, targets: Sequence[Target],
                   fits_turned: bool, pointer: Point) -> None:
        """The legal spots (``key`` caches their layer), or the discard area when the piece may
        only be discarded; ``fits_turned``: it fits nowhere as it is, but does turned."""
        if any(isinstance(t, Discard) for t in targets):
            canvas.rect(palette().ok, ACTIONS, width=4, radius=10)
            return
        self._layer.draw(canvas, camera, key, lambda c, cam: paint_hints(c, cam, targets))
        if fits_turned:
            _draw_note(canvas, i18n.t("boxes.turn_it"), False, pointer)

    def draw_ghost(self, canvas: Canvas, look: Look, target: Target, legal: bool,
                   preview: CardPreview | None, reason: Reason | None) -> None:
        """The ghost on ``target`` with its verdict; ``preview``: what laying a legal card
        would do; ``reason``: why the target is refused (the words clear of the ghost: a hint's
        ghost is not where the pointer is)."""
        pal = palette()
        if isinstance(target, Discard):
            draw_verdict_mark(canvas, ACTIONS.midtop, 16, legal)
            return
        seen = look.seen
        with canvas.clip(VIEWPORT):
            rect = ghost_rect(look.camera, target)
            if isinstance(target, Play):
                _draw_card_ghost(canvas, look, target, rect, legal, preview)
            else:
                style = None if isinstance(target, Princess) else pal.seat(seen.to_move)
                draw_cat(canvas, rect, style, not isinstance(target, Sleep), alpha=170)
                canvas.rect(pal.ok if legal else pal.bad, rect.inflate(6, 6), width=3, radius=8)
            draw_verdict_mark(canvas, rect.topright, max(11.0, look.camera.h * 0.2), legal)
        if legal and isinstance(target, Play):
            if preview is not None:
                cat_left = seen.supply[seen.to_move] > 0
                lines = preview_lines(preview, cat_left, seen.data, look.names, look.label)
                _draw_note(canvas, "\n".join(lines), False, rect.center)
        elif not legal and reason is not None:
            _draw_note(canvas, reason_line(reason, look.label), True, rect.center)


def ghost_rect(camera: Camera, target: Play | Cat | Sleep | Princess) -> pygame.FRect:
    """Where ``target``'s ghost lies: a card's slot, or a cat across its seam."""
    if isinstance(target, Play):
        return camera.slot_rect(target.x, target.y)
    return cat_rect(camera, target.x, target.y)


def _draw_card_ghost(canvas: Canvas, look: Look, target: Play, rect: pygame.FRect, legal: bool,
                     preview: CardPreview | None) -> None:
    """The card where it would lie, in ``rect`` (hatched off the table), and what laying it
    would do."""
    if look.seen.geo.slot(target.x, target.y) is None:
        draw_out_of_table(canvas, rect, palette().bad)
        return
    kind = look.kind(look.seen.data.by_name[target.card])
    draw_hand_card(canvas, rect.inflate(-2, -2), kind, target.rot)
    draw_box_outcome(canvas, look.camera, rect, legal, preview)


def _draw_note(canvas: Canvas, text: str, error: bool, clear_of: Point) -> None:
    """A note at the foot of the view, as tall as its lines (at its top while ``clear_of``, the
    ghost or where the player is looking, is in the lower half)."""
    rect = VIEWPORT.inflate(-20, 0)
    rect.h = min(VIEWPORT.h / 2 - 10, note_height(canvas, text, rect.w))
    rect.bottom = VIEWPORT.bottom - 10
    if clear_of[1] > VIEWPORT.centery:
        rect.y = VIEWPORT.y + 10
    draw_note(canvas, rect, text, error)
