"""A hint at an online table, found on this computer, never by the server.

A local seat to move asks the table's advisor (the AI worker, ``ai.seat.AIAdvisor``) with its
own update: the view the server sent that seat and nothing more, so a hint can hold no secret
of another seat, by construction.  The answer is checked against that view's legal moves and
comes back as the runner's ``HINT`` change (or ``HINT_UNAVAILABLE``); an answer about a
position no longer shown is dropped.
"""

from __future__ import annotations

import logging
from typing import Callable

from catgames.core.rules import Game, Seat
from catgames.core.runner import AI_FAILED, HINT, HINT_UNAVAILABLE, Advisor, Change
from catgames.core.seats import SeatUpdate

log = logging.getLogger(__name__)


class RemoteHint:
    """The hint of a remote runner: ``advisor`` is the table's (``None``: no hints)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.advisor: Advisor | None = None
        self._asked: SeatUpdate | None = None  #: the update a hint was asked for, until answered

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def ask(self, update: SeatUpdate) -> Change | None:
        """Ask for ``update``'s seat (it is to move); a change only if the advisor failed."""
        if self.advisor is None or self._asked is not None:
            return None
        try:
            self.advisor.ask(update)
        except Exception as exc:  # a hint that cannot be asked must not take the table down
            log.exception("the advisor failed")
            return Change(AI_FAILED, detail=str(exc))
        self._asked = update
        return None

    def poll(self, shown: Callable[[Seat], SeatUpdate | None]) -> Change | None:
        """The advisor's answer as a change, once it came for the update still ``shown``."""
        asked = self._asked
        advice = self.advisor.poll() if asked is not None and self.advisor is not None else None
        if asked is None or advice is None:
            return None
        self._asked = None
        now = shown(asked.seat)
        if now is None or now.version != asked.version:
            return None  # the position moved on meanwhile: no advice about it
        if advice.move is None:  # a failed search's stand-in is no advice
            return Change(HINT_UNAVAILABLE, asked.seat)
        try:
            move = self.game.parse_move(asked.view, advice.move)
        except ValueError:
            move = None
        if move is None or move not in asked.view.legal_moves():
            log.error("hint %r is not a legal move", advice.move)
            return None
        return Change(HINT, asked.seat, str(move), hint=move)

    def cancel(self) -> None:
        """Drop a question still asked (a new position is shown, the table is left)."""
        if self._asked is not None and self.advisor is not None:
            self.advisor.cancel()
        self._asked = None
