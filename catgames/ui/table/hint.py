"""The Hint (H): what the AI would play for the human to move, shown on the table, never played.

Its move is asked of the table's AI worker (polled once a frame, so no frame waits); its why
and its words are then worked out off the frame (``ai.hint.Reading``); only then is it shown,
until a move, an undo or a new language clears it.  Held by the shared table
(``BaseGameScene.hints``), which it reaches through ``HintHost``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from catgames.core.rules import Event, State
from catgames.core.session import Match, Turn
from catgames.ui import i18n
from catgames.ui.scene import SceneHost

if TYPE_CHECKING:
    from catgames.ai.hint import Reading
    from catgames.ai.reasons import Claim

log = logging.getLogger(__name__)

LEVEL = "normal"  #: the difficulty whose move a hint suggests


@dataclass(frozen=True)
class Hint:
    """The AI's suggestion for the seat to move: the move, where its ghost goes (a piece and
    target whose drop makes it; ``None``: a button or a click makes it), the facts that speak
    for it (``ai.reasons``; none: none could be worked out), and the move in the log's words
    (``""``: the log has none for it).  A move or an undo clears it."""

    move: Any
    spot: tuple[Any, Any] | None
    claims: tuple[Claim, ...]
    said: str
    rotation: int = 0  #: how often the piece is turned for the drop


class HintHost(Protocol):
    """What the hint needs of the table."""

    app: SceneHost
    match: Match
    worker: Any
    status: str
    status_error: bool

    @property
    def state(self) -> State: ...
    def ai_worker(self) -> Any: ...
    def hints_offered(self) -> bool: ...
    def human_can_act(self) -> bool: ...
    def legal_moves_now(self) -> frozenset[Any]: ...
    def drop_for(self, move: Any) -> tuple[Any, int, Any] | None: ...
    def log_lines(self, turn: Turn, before: list[Turn]) -> list[str]: ...


class TableHint:
    """The hint of one table: asked, being worked out, or shown (``shown``)."""

    def __init__(self, table: HintHost) -> None:
        self.table = table
        self.asked = False  #: the AI worker is finding a hint's move
        self._reading: tuple[Any, Reading] | None = None  #: a move, its words being worked out
        self.shown: Hint | None = None

    def ask(self) -> None:
        """Ask the AI what it would play for the human to move (shown, never played)."""
        table = self.table
        if not table.hints_offered():
            table.status, table.status_error = i18n.t("hint.disabled"), True
            return
        if not table.human_can_act() or self.thinking or self.shown is not None:
            return
        seat = table.state.to_move
        try:
            table.ai_worker().request(table.match.game_id, table.state.observe(seat).to_dict(),
                                      seat, LEVEL, table.match.ai_request_seed(), patient=True)
        except Exception as exc:  # a hint that cannot be asked must not take the table down
            log.exception("AI worker failed")
            table.app.toasts.show(i18n.t("game.ai_failed", error=exc), error=True)
            return
        self.asked = True
        table.status, table.status_error = "", False
        table.app.invalidate()

    @property
    def thinking(self) -> bool:
        """A hint's move is being found, or its words worked out."""
        return self.asked or self._reading is not None

    def spinning(self) -> bool:
        """The status line's spinner turns: a hint is being thought of, and shown as such."""
        return self.thinking and self.table.human_can_act() and not self.table.status

    @property
    def reading(self) -> Reading | None:
        """The why of the hint about to show, being worked out (a test may wait for it)."""
        return None if self._reading is None else self._reading[1]

    def clear(self) -> None:
        """Drop the hint; words still being worked out are left to end unread."""
        if self.asked and self.table.worker is not None:
            self.table.worker.cancel()
        self.asked, self._reading, self.shown = False, None, None

    def poll(self) -> None:
        """Once a frame: take the worker's move, then its words, once each is ready."""
        self._poll_move()
        self._poll_words()

    def _poll_move(self) -> None:
        table = self.table
        if not self.asked or table.worker is None:
            return
        text = table.worker.poll()
        if text is None:
            return
        self.asked = False
        table.app.invalidate()
        if getattr(table.worker, "last_error", None):  # a failed search's stand-in is no advice
            table.status, table.status_error = i18n.t("hint.unavailable"), True
            return
        try:
            move = table.match.game.parse_move(table.state, text)
        except ValueError as exc:
            log.error("AI sent an unreadable hint %r: %s", text, exc)
            return
        if move not in table.legal_moves_now():
            log.error("AI hint %r is not a legal move", text)
            return
        self.show(move)

    def show(self, move: Any) -> None:
        """Show ``move``, a legal move of the seat to move, as the hint (the AI's answer), once
        its why and its events are worked out, off the frame (``reading``)."""
        from catgames.ai.hint import Reading  # the AI's side is loaded once a hint is asked
        state, match = self.table.state, self.table.match
        self._reading = move, Reading(match.game_id, state, state.to_move, move,
                                      match.ai_request_seed())
        self.table.app.invalidate()

    def _poll_words(self) -> None:
        pending = self._reading
        said = None if pending is None else pending[1].said()
        if pending is None or said is None:
            return
        move, self._reading = pending[0], None
        drop = self.table.drop_for(move)
        spot = None if drop is None else (drop[0], drop[2])
        self.shown = Hint(move, spot, said.claims, self._move_words(move, said.events),
                          0 if drop is None else drop[1])
        self.table.app.invalidate()

    def _move_words(self, move: Any, events: tuple[Event, ...]) -> str:
        """The log's line for ``move`` as if it were played now, without its full stop (the hint
        line ends its own sentences); failing that the line of its first event alone (a card
        whose play waits for a choice says nothing yet); ``""`` if the log has no words for it,
        or no events to word (the why failed)."""
        for told in (events, events[:1]) if events else ():
            turn = Turn(self.table.state.to_move, str(move), told)
            try:
                lines = self.table.log_lines(turn, self.table.match.history)
            except Exception:  # a hint unsaid is no reason to fail: the table shows it
                log.exception("hint: the log has no words for %s", move)
                lines = []
            if lines:
                return lines[0].strip().rstrip(".。")
        return ""

    def hinted_drop(self) -> tuple[Any, int, Any] | None:
        """The hint's drop (piece, turns, target), while one is shown."""
        hint = self.shown
        if hint is None or hint.spot is None:
            return None
        return hint.spot[0], hint.rotation, hint.spot[1]
