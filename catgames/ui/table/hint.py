"""The Hint (H): what the AI would play for the human to move, shown on the table, never played.

Its move is asked of the table's feed (``TableFeed.ask_hint``; a local runner relays it to the
AI's advisor, polled in its frame, so no frame waits) and comes back as a ``HINT`` change; its why and its
words are then worked out off the frame (``ai.hint.Reading``) from the mover's view; only then
is it shown, until a move, an undo or a new language clears it.  Held by the shared table
(``BaseGameScene.hints``), which it reaches through ``HintHost``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from catgames.core.feed import TableFeed
from catgames.core.rules import Event, State
from catgames.core.seats import SeatUpdate
from catgames.core.session import Turn
from catgames.ui import i18n
from catgames.ui.scene import SceneHost

if TYPE_CHECKING:
    from catgames.ai.hint import Reading
    from catgames.ai.reasons import Claim

log = logging.getLogger(__name__)


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

    @property
    def drop(self) -> tuple[Any, int, Any] | None:
        """The hint's drop (piece, turns, target), if a drop makes its move."""
        return None if self.spot is None else (self.spot[0], self.rotation, self.spot[1])


class HintHost(Protocol):
    """What the hint needs of the table."""

    app: SceneHost
    feed: TableFeed
    status: str
    status_error: bool

    @property
    def public(self) -> SeatUpdate: ...
    @property
    def observed(self) -> State: ...
    def log_turns(self) -> tuple[Turn, ...]: ...
    def hints_offered(self) -> bool: ...
    def human_can_act(self) -> bool: ...
    def drop_for(self, move: Any) -> tuple[Any, int, Any] | None: ...
    def bring_into_view(self, target: Any) -> None: ...
    def log_lines(self, turn: Turn, before: list[Turn]) -> list[str]: ...


class TableHint:
    """The hint of one table: asked, being worked out, or shown (``shown``)."""

    def __init__(self, table: HintHost) -> None:
        self.table = table
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
        table.feed.ask_hint()  # one that cannot be asked comes back as ``AI_FAILED``
        if table.feed.hint_thinking:
            table.status, table.status_error = "", False
            table.app.invalidate()

    @property
    def thinking(self) -> bool:
        """A hint's move is being found, or its words worked out."""
        return self.table.feed.hint_thinking or self._reading is not None

    def spinning(self) -> bool:
        """The status line's spinner turns: a hint is being thought of, and shown as such."""
        return self.thinking and self.table.human_can_act() and not self.table.status

    @property
    def reading(self) -> Reading | None:
        """The why of the hint about to show, being worked out (a test may wait for it)."""
        return None if self._reading is None else self._reading[1]

    def clear(self) -> None:
        """Drop the hint; words still being worked out are left to end unread (the runner
        drops a question still asked on a move or an undo)."""
        self._reading, self.shown = None, None

    def show(self, move: Any) -> None:
        """Show ``move``, a legal move of the seat to move, as the hint (the AI's answer), once
        its why and its events are worked out, off the frame (``reading``), from the mover's
        view."""
        from catgames.ai.hint import Reading  # the AI's side is loaded once a hint is asked
        view, public = self.table.observed, self.table.public
        self._reading = move, Reading(public.game_id, view, view.to_move, move, public.ai_seed)
        self.table.app.invalidate()

    def poll(self) -> None:
        """Once a frame: the hint's words, once they are worked out."""
        pending = self._reading
        said = None if pending is None else pending[1].said()
        if pending is None or said is None:
            return
        move, self._reading = pending[0], None
        drop = self.table.drop_for(move)
        spot = None if drop is None else (drop[0], drop[2])
        if drop is not None:
            self.table.bring_into_view(drop[2])
        self.shown = Hint(move, spot, said.claims, self._move_words(move, said.events),
                          0 if drop is None else drop[1])
        self.table.app.invalidate()

    def _move_words(self, move: Any, events: tuple[Event, ...]) -> str:
        """The log's line for ``move`` as if it were played now, without its full stop (the hint
        line ends its own sentences); failing that the line of its first event alone (a card
        whose play waits for a choice says nothing yet); ``""`` if the log has no words for it,
        or no events to word (the why failed)."""
        for told in (events, events[:1]) if events else ():
            turn = Turn(self.table.observed.to_move, str(move), told)
            try:
                lines = self.table.log_lines(turn, list(self.table.log_turns()))
            except Exception:  # a hint unsaid is no reason to fail: the table shows it
                log.exception("hint: the log has no words for %s", move)
                lines = []
            if lines:
                return lines[0].strip().rstrip(".。")
        return ""

    def rotation_for(self, piece: Any) -> int:
        """How the hint's piece is taken up: turned as the hint means (another piece: not)."""
        drop = None if self.shown is None else self.shown.drop
        return drop[1] if drop is not None and drop[0] == piece else 0

    def target_for(self, piece: Any) -> Any:
        """The target the hint means for ``piece`` (``None``: it means another piece, or none)."""
        drop = None if self.shown is None else self.shown.drop
        return drop[2] if drop is not None and drop[0] == piece else None
