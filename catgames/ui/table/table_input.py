"""The table's input, in the order a player expects: a click or a key first ends a move's
animation; pointer events go to the buttons, then the log; while a human may act, the hint's
ghost and the game's own gestures (drags, a board cursor); keys reach the buttons after the
board (arrows move its cursor); what is left: End turn, Undo, Hint and the pause menu."""

from __future__ import annotations

from typing import Protocol

import pygame

from catgames.core.seats import SeatUpdate
from catgames.ui import intents as I
from catgames.ui.log_panel import LogPanel
from catgames.ui.motion import Timeline
from catgames.ui.reference import HoverReference
from catgames.ui.scene import SceneHost
from catgames.ui.table.hint_view import HintTable, take_from_ghost
from catgames.ui.table.last_move import LastMoves
from catgames.ui.widgets import WidgetGroup

#: presses: each ends a move's animation, and one taken while the player may act is their act
FINISHING = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)


class InputHost(HintTable, Protocol):
    """What the input reaches on the table."""

    app: SceneHost
    reference: HoverReference
    motion: Timeline
    buttons: WidgetGroup
    log_panel: LogPanel
    read_only: bool
    last_moves: LastMoves

    @property
    def public(self) -> SeatUpdate: ...
    def handle_game_input(self, event: pygame.event.Event) -> bool: ...
    def confirm_turn(self) -> None: ...
    def undo(self) -> None: ...
    def ask_hint(self) -> None: ...
    def open_pause(self) -> None: ...


def handle(table: InputHost, event: pygame.event.Event) -> bool:
    """Give ``event`` to the first part of the table that takes it; whether one did.  A press
    taken while the player here may act is their act: the opponents' last moves lose their
    marks (``ui.table.last_move``)."""
    could_act = table.human_can_act()
    taken = _handle(table, event)
    if taken and could_act and event.type in FINISHING:
        table.last_moves.clear()
    return taken


def _handle(table: InputHost, event: pygame.event.Event) -> bool:
    # Keys go to the board first (arrows move its cursor); pointer events to the buttons first.
    keyboard = event.type == pygame.KEYDOWN
    table.reference.observe(event)
    if table.motion.animating() and event.type in FINISHING:
        table.motion.finish()  # a click or a key shows the move done, and goes on to act
        table.app.invalidate()
    if not keyboard and table.buttons.handle(event):
        return True
    if table.log_panel.handle(table.app.canvas, event):
        return True
    if table.human_can_act() and (take_from_ghost(table, event) or table.handle_game_input(event)):
        return True
    if keyboard and table.buttons.handle(event):
        return True
    intent = I.first(event, I.BACK, I.PAUSE, I.UNDO, I.HINT, I.CONFIRM)
    if intent is None or (intent.kind == I.CONFIRM and not table.public.awaiting):
        return False
    if intent.kind == I.CONFIRM:
        table.confirm_turn()
    elif intent.kind == I.UNDO:
        table.undo()
    elif intent.kind == I.HINT:
        if not table.read_only:
            table.ask_hint()
    else:
        table.open_pause()
    return True
