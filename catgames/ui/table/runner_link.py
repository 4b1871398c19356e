"""The table's side of the match's runner: the runner made for the table (its AI seats thinking
on the table's worker, a replay's seats only watching), a human's move sent to it, its frame
held back while the table shows something first, and each of its changes shown on the table."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from catgames.ai.seat import Brain
from catgames.core import saves
from catgames.core.moves import Move
from catgames.core.rules import Reason
from catgames.core.runner import (AI_FAILED, CONFIRMED, FINISHED, HANDOFF, HINT, HINT_UNAVAILABLE, PLAYED,
                                  REPLACED, UNDONE, Change, Runner)
from catgames.core.seats import HumanSeat, SeatPlayer, seat_players
from catgames.core.session import Match
from catgames.ui import i18n
from catgames.ui.drag import DragController
from catgames.ui.motion import Timeline
from catgames.ui.scene import SceneHost
from catgames.ui.table.hint import TableHint
from catgames.ui.table.move_motion import MoveAnimation, Watched
from catgames.ui.table.view import TableView


class LinkHost(Protocol):
    """The table's parts and hooks its runner's changes reach."""

    app: SceneHost
    read_only: bool
    brain: Brain
    motion: Timeline
    animation: MoveAnimation
    drag: DragController[Any, Any]
    hints: TableHint
    table_view: TableView
    status: str
    status_error: bool
    change: int

    @property
    def match(self) -> Match: ...
    def ai_may_move(self) -> bool: ...
    def _autosave(self) -> None: ...
    def _rebuild_log(self) -> None: ...
    def _build_buttons(self) -> None: ...
    def _match_changed(self) -> None: ...
    def _ai_moved(self) -> None: ...
    def hand_over(self, seat: int) -> None: ...
    def finished(self) -> None: ...


def autosave(app: SceneHost, match: Match) -> None:
    """Keep ``match`` for Continue; a save that cannot be written is said, never fatal."""
    try:
        saves.autosave(match)
    except OSError as exc:
        app.toasts.show(i18n.t("save.write_failed", error=exc), error=True)


def table_runner(table: LinkHost, match: Match, record: Callable[[], bool]) -> Runner:
    """The runner of ``match`` at ``table``: saves, the finished game's record (``record``)
    and hints as the table allows."""
    if table.read_only:
        players: list[SeatPlayer] = [HumanSeat() for _ in range(match.players)]
    else:
        players = seat_players(match, lambda seat, level: Watched(table.brain.seat(seat, level),
                                                                 table.animation))
    return Runner(match, players, autosave=lambda _: table._autosave(), on_finish=lambda _: record(),
                  on_change=lambda change: show_change(table, change),
                  advisor=None if table.read_only else table.brain.advisor(),
                  pace=table.app.ai_delay(), open_book=table.read_only)


def play(table: LinkHost, runner: Runner, move: Move) -> Reason | None:
    """Play ``move`` for the seat to move (a human's through ``submit``; another seat's stood
    in for, as a test does): ``None`` once played, else why the runner refused it."""
    seat = table.table_view.public.to_move
    table.animation.keep()
    return runner.submit(seat, move) if runner.is_local(seat) else runner.play(move)


def step(table: LinkHost, runner: Runner, dt: float) -> None:
    """The runner's frame: the clock, the hint's move, and a machine seat's move, played once
    the player has seen the last one (``ai_may_move``, its animation)."""
    delay = table.app.ai_delay()
    runner.pace = delay
    hold = not table.ai_may_move() or (table.motion.animating() and delay > 0)
    table.animation.step(hold)
    runner.step(dt, hold)


def show_change(table: LinkHost, change: Change) -> None:
    """What the runner did, shown: a move, an undo or a new match, the hand-off, the end, a
    hint, a failure."""
    app = table.app
    if change.kind == PLAYED:
        _show_move(table, change)
    elif change.kind in (UNDONE, REPLACED):
        table._match_changed()
    elif change.kind == CONFIRMED:
        app.invalidate()
        table._rebuild_log()  # an End turn the match played itself is in the log
        table._build_buttons()
    elif change.kind == HANDOFF:
        table.hand_over(change.seat)
    elif change.kind == FINISHED:
        table.finished()
    elif change.kind == HINT:
        table.hints.show(change.hint)
    elif change.kind == HINT_UNAVAILABLE:
        table.status, table.status_error = i18n.t("hint.unavailable"), True
        app.invalidate()
    elif change.kind == AI_FAILED:
        app.toasts.show(i18n.t("game.ai_failed", error=change.detail), error=True)


def _show_move(table: LinkHost, change: Change) -> None:
    table.change += 1
    table.app.invalidate()
    table.drag.release()  # whoever made the move, nothing stays held or selected after it
    table.status, table.status_error = "", False
    table.hints.clear()
    table._rebuild_log()
    if change.detail:  # a machine's move the rules refused, stood in for by a random one
        table.app.toasts.show(i18n.t("game.ai_bad_move", move=change.detail), error=True)
    table.animation.played(change.seat, table.table_view.private().events)
    table._build_buttons()
    if not table.match.is_human(change.seat):
        table._ai_moved()
