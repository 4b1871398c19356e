"""The table's side of its feed: the local game's runner made for the table (its AI seats
thinking on the table's worker, a replay's seats only watching), a human's move sent to the
feed, its frame held back while the table shows something first, and each of its changes
(returned by ``start`` and ``step``) shown on the table.  The one table module that a local
``Match`` passes through."""

from __future__ import annotations

import itertools
from typing import Any, Iterable, Protocol

from catgames.ai.seat import Brain
from catgames.core import saves
from catgames.core.feed import LocalControl, TableFeed
from catgames.core.moves import Move
from catgames.core.catalogue import load_game
from catgames.core.rules import NOBODY, Game, Reason
from catgames.core.runner import (AI_FAILED, CONFIRMED, FINISHED, HANDOFF, HINT, HINT_UNAVAILABLE, PLAYED,
                                  REPLACED, UNDONE, Change, Runner)
from catgames.core.seats import HumanSeat, SeatPlayer, seat_players
from catgames.core.session import Match
from catgames.ui import i18n
from catgames.ui.drag import DragController
from catgames.ui.motion import Timeline
from catgames.ui.records import record_finished
from catgames.ui.scene import SceneHost
from catgames.ui.table.ending import Ending
from catgames.ui.table.hint import TableHint
from catgames.ui.table.last_move import LastMoves
from catgames.ui.table.move_motion import MoveAnimation, Watched
from catgames.ui.table.stage import Stage
from catgames.ui.table.view import TableView


_TABLES_OPENED = itertools.count()


def first_change() -> int:
    """A new table's first ``change``, far from every other table's of this process: the
    canvas keeps a layer by its name and the table's ``version``, so that a table opened after
    another (a saved game continued, a replay) would otherwise be shown the other's board."""
    return next(_TABLES_OPENED) << 32


class LinkHost(Protocol):
    """The table's parts and hooks its feed's changes reach."""

    app: SceneHost
    feed: TableFeed
    local: LocalControl | None
    read_only: bool
    brain: Brain
    motion: Timeline
    stage: Stage
    game_end: Ending
    last_moves: LastMoves
    animation: MoveAnimation
    drag: DragController[Any, Any]
    hints: TableHint
    table_view: TableView
    status: str
    status_error: bool
    change: int
    deal: int

    @property
    def seat_names(self) -> list[str]: ...
    def ai_may_move(self) -> bool: ...
    def _autosave(self, match: Match) -> None: ...
    def _rebuild_log(self) -> None: ...
    def _build_buttons(self) -> None: ...
    def _match_changed(self) -> None: ...
    def on_match_changed(self) -> None: ...
    def _ai_moved(self) -> None: ...
    def hand_over(self, seat: int) -> None: ...
    def feed_changed(self, change: Change) -> None: ...
    def finished(self) -> None: ...


def autosave(app: SceneHost, match: Match) -> None:
    """Keep ``match`` for Continue; a save that cannot be written is said, never fatal."""
    try:
        saves.autosave(match)
    except OSError as exc:
        app.toasts.show(i18n.t("save.write_failed", error=exc), error=True)


def open_feed(table: LinkHost, match: Match | None, feed: TableFeed | None) -> tuple[TableFeed, LocalControl | None]:
    """The feed of a table and its local control: ``match``'s runner (both), or ``feed``, made
    elsewhere (no local control)."""
    if feed is not None:
        return feed, None
    if match is None:
        raise ValueError("a table plays a match here or shows a feed")
    runner = table_runner(table, match)
    return runner, runner


def set_up_of(local: LocalControl | None, feed: TableFeed,
              options: dict[str, Any] | None) -> tuple[dict[str, Any], Game]:
    """The set-up's options (a foreign feed's as given) and the game's rules object."""
    if local is not None:
        return dict(local.match.options), local.match.game
    return dict(options or {}), load_game(feed.update_for(NOBODY).game_id)


def table_runner(table: LinkHost, match: Match) -> Runner:
    """The runner of ``match`` played at ``table`` (its feed and its local control): saves,
    the finished game's record and hints as the table allows; its changes are shown as
    ``start``, ``step`` and ``changes`` return them."""
    if table.read_only:
        players: list[SeatPlayer] = [HumanSeat() for _ in range(match.players)]
    else:
        players = seat_players(match, lambda seat, level: Watched(table.brain.seat(seat, level),
                                                                 table.animation))
    return Runner(match, players, autosave=table._autosave,
                  on_finish=lambda done: record_finished(table.app, done, table.seat_names),
                  advisor=None if table.read_only else table.brain.advisor(),
                  pace=table.app.ai_delay(), open_book=table.read_only)


def play(table: LinkHost, move: Move) -> Reason | None:
    """Play ``move`` for the seat to move (a human's through ``submit``; in a local game
    another seat's stood in for, as a test does), shown at once: ``None`` once played, else why
    it was refused."""
    seat, feed = table.table_view.public.to_move, table.feed
    table.animation.keep()
    if feed.is_local(seat):
        refused = feed.submit(seat, move)
    elif table.local is not None:
        refused = table.local.play(move)
    else:
        refused = Reason.of("not_your_turn")
    catch_up(table)
    return refused


def catch_up(table: LinkHost) -> None:
    """Show now what the feed did on the intents just sent (no time passes, no seat is asked)."""
    show_changes(table, table.feed.changes())


def step(table: LinkHost, dt: float) -> None:
    """The runner's frame: the clock, the hint's move, and a machine seat's move, played once
    the player has seen the last one (``ai_may_move``, its animation, a staged moment)."""
    delay, feed = table.app.ai_delay(), table.feed
    feed.pace = delay
    hold = not table.ai_may_move() or table.stage.playing or (table.motion.animating() and delay > 0)
    table.animation.step(hold)
    show_changes(table, feed.step(dt, hold))


def show_changes(table: LinkHost, changes: Iterable[Change]) -> None:
    """Each change shown by the shared table, then by the table's own ``feed_changed``."""
    for change in changes:
        show_change(table, change)
        table.feed_changed(change)


def show_change(table: LinkHost, change: Change) -> None:
    """What the runner did, shown: a move, an undo or a new match, the hand-off, the end, a
    hint, a failure."""
    app = table.app
    if change.kind == PLAYED:
        _show_move(table, change)
    elif change.kind in (UNDONE, REPLACED):
        table.deal += change.kind == REPLACED
        table._match_changed()
    elif change.kind == CONFIRMED:
        app.invalidate()
        table._rebuild_log()  # an End turn the match played itself is in the log
        table._build_buttons()
    elif change.kind == HANDOFF:
        table._rebuild_log()  # the log as the seat the device goes to may read it
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


def show_new_position(table: LinkHost) -> None:
    """The position changed otherwise than by a move (undo, a new match, one set by hand):
    nothing of the last move stays (its animation, marks, hint, held piece, the wait for a
    result, a staged moment), and the log, the buttons and the game's caches are made anew."""
    table.change += 1
    if table.local is not None:
        table.local.refresh()  # a position set by hand (a test's) is read anew too
    table.app.invalidate()
    table.motion.finish()
    table.animation.forget()
    table.hints.clear()
    table.drag.release()
    table.game_end.cancel()
    table.last_moves.clear()
    table.stage.stop()
    table.status, table.status_error = "", False
    table.on_match_changed()  # first: the buttons below may read the game's caches
    table._rebuild_log()
    table._build_buttons()


def _show_move(table: LinkHost, change: Change) -> None:
    table.change += 1
    table.app.invalidate()
    table.drag.release()  # whoever made the move, nothing stays held or selected after it
    table.status, table.status_error = "", False
    table.hints.clear()
    table._rebuild_log()
    table.last_moves.played(change.seat)
    if change.detail:  # a machine's move the rules refused, stood in for by a random one
        table.app.toasts.show(i18n.t("game.ai_bad_move", move=change.detail), error=True)
    table.animation.played(change.seat, table.table_view.private().events)
    table._build_buttons()
    if not table.feed.is_local(change.seat):
        table._ai_moved()
