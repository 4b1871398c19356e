"""Hint: the reasons the table gives for the move the AI suggests to the human to move.

The move comes from the AI worker (thinking never blocks a frame); its reasons are facts of
the position after it (``catgames.ai.reasons``), worked out from the mover's observation alone,
its hidden parts filled in by seeded guesses: only what every guess agrees on is said.  They
too are worked out off the frame (``Reading``), with what the move does there, for the log's
words of the move.
"""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass

from catgames.ai.reasons import Claim, agreed, reasons
from catgames.core.moves import Move
from catgames.core.rules import Event, Seat, State

log = logging.getLogger(__name__)

WORLDS = 3  #: guesses of the hidden parts a reason must hold in


def seen_world(state: State, seat: Seat, seed: int) -> State:
    """A full state consistent with what ``seat`` sees: the only kind a reason is found on."""
    return state.observe(seat).determinize(seat, random.Random(seed))


def _judge(game_id: str, state: State, seat: Seat, move: Move,
           seed: int) -> tuple[list[Claim], list[Event]]:
    """The claims ``move`` makes true in every seen world, and the events it makes in the
    first."""
    readings: list[list[Claim]] = []
    events: list[Event] = []
    for i in range(WORLDS):
        before = seen_world(state, seat, seed + i)
        after = before.clone()
        told = after.apply_unchecked(move)
        events = events or told
        readings.append(reasons(game_id, before, after, seat))
    return agreed(readings), events


@dataclass(frozen=True)
class Said:
    """What a hint says of its move: its reasons (empty: none could be worked out) and the
    events it makes in the mover's seen world, which the log puts into words (it names
    nothing hidden, so a guessed hidden card among them never shows)."""

    claims: tuple[Claim, ...]
    events: tuple[Event, ...]


class Reading:
    """Works out a hint's ``Said`` on a thread of its own, so that no frame waits for it; the
    table polls ``said``.  It reads a copy of the state taken when it starts (the table's own
    may move on meanwhile) and is seeded, so it says what it always said.  A hint dropped
    meanwhile just ignores it."""

    def __init__(self, game_id: str, state: State, seat: Seat, move: Move, seed: int) -> None:
        self._said: Said | None = None
        self._thread = threading.Thread(target=self._work, name="catgames-hint", daemon=True,
                                        args=(game_id, state.clone(), seat, move, seed))
        self._thread.start()

    def _work(self, game_id: str, state: State, seat: Seat, move: Move, seed: int) -> None:
        try:
            claims, events = _judge(game_id, state, seat, move, seed)
        except Exception:  # what cannot be worked out leaves the move shown, without words
            log.exception("hint: the move's reasons failed")
            claims, events = [], []
        self._said = Said(tuple(claims), tuple(events))

    def said(self) -> Said | None:
        """The answer once worked out, else ``None`` (never waits)."""
        return None if self._thread.is_alive() else self._said

    def wait(self) -> Said:
        """The answer, waiting for it if need be (a test or a screenshot; never a frame)."""
        self._thread.join()
        assert self._said is not None
        return self._said
