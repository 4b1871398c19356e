"""Hint: which difficulty suggests a move for the human to move, and the one part of its
evaluation that move improves most (the table's line of why, under the move's own words).

The table asks for the move through its AI worker, so thinking never blocks a frame; the why is
one evaluation before and after, worked out from the mover's observation alone, its hidden
parts filled in by a seeded guess, as the AI itself sees the position.  It too is worked out
off the frame (``Reading``), with what the move does there, for the log's words of the move.
"""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass
from typing import Any, Mapping

from catgames.ai.fitted import FINAL
from catgames.ai.hooks import Heuristics, heuristics_for
from catgames.core.rules import Event, State, Seat

log = logging.getLogger(__name__)

LEAST_BAD = "least_bad"  #: the why when no term grows and some fall: the move loses least
EVEN = "even"  #: the why when no term changes at all (as yet nothing to tell moves apart)


FOLLOW_UP = 6  #: the mover's own next steps looked at when the move alone changes nothing


def gains(before: Mapping[str, float], after: Mapping[str, float]) -> dict[str, float]:
    """How much each term grows from ``before`` to ``after``."""
    return {name: after.get(name, 0.0) - before.get(name, 0.0)
            for name in dict.fromkeys([*before, *after])}


def best_term(grown: Mapping[str, float]) -> str | None:
    """The term that grows most: ``EVEN`` when none changes, ``LEAST_BAD`` when none grows,
    ``None`` when there are no terms."""
    if not grown:
        return None
    best = max(grown, key=lambda name: grown[name])
    if grown[best] > 1e-9:
        return best
    return EVEN if min(grown.values()) > -1e-9 else LEAST_BAD


def seen_world(state: State, seat: Seat, seed: int) -> State:
    """A full state consistent with what ``seat`` sees: the only kind a why is judged on."""
    return state.observe(seat).determinize(seat, random.Random(seed))


def _judge(heuristics: Heuristics, world: State, seat: Seat, move: Any) -> tuple[str | None, list[Event]]:
    """The term of ``seat``'s evaluation that ``move`` improves most on ``world`` (played on),
    and the events ``move`` makes there.  A move that
    only opens the mover's next step (a walk whose cubes are taken one by one) is judged with
    the steps the heuristics would take after it, while the same seat moves."""
    before = heuristics.terms(world, seat)
    events = world.apply_unchecked(move)
    if world.is_over():  # a finished game has one term, its result: nothing else can grow
        return (FINAL if heuristics.evaluate(world, seat) > 0 else LEAST_BAD), events
    grown = gains(before, heuristics.terms(world, seat))
    for _ in range(FOLLOW_UP):
        if best_term(grown) not in (LEAST_BAD, EVEN) or world.is_over() or world.to_move != seat:
            break
        world.apply_unchecked(heuristics.candidates(world, world.legal_moves(), 1)[0])
        grown = gains(before, heuristics.terms(world, seat))
    return best_term(grown), events


@dataclass(frozen=True)
class Said:
    """What a hint says of its move: the term it improves most (``None``: none could be worked
    out) and the events it makes in the mover's seen world, which the log puts into words (it
    names nothing hidden, so a guessed hidden card among them never shows)."""

    term: str | None
    events: tuple[Event, ...]


class Reading:
    """Works out a hint's ``Said`` on a thread of its own, so that no frame waits for the
    evaluations; the table polls ``said``.  It reads a copy of the state taken when it starts
    (the table's own may move on meanwhile) and is seeded, so it says what it always said.  It
    ends by itself after a few evaluations; a hint dropped meanwhile just ignores it."""

    def __init__(self, game_id: str, state: State, seat: Seat, move: Any, seed: int) -> None:
        self._said: Said | None = None
        self._thread = threading.Thread(target=self._work, name="catgames-hint", daemon=True,
                                        args=(game_id, state.clone(), seat, move, seed))
        self._thread.start()

    def _work(self, game_id: str, state: State, seat: Seat, move: Any, seed: int) -> None:
        try:
            term, events = _judge(heuristics_for(game_id), seen_world(state, seat, seed), seat, move)
        except Exception:  # what cannot be worked out leaves the move shown, without words
            log.exception("hint: the evaluation's terms failed")
            term, events = None, []
        self._said = Said(term, tuple(events))

    def said(self) -> Said | None:
        """The answer once worked out, else ``None`` (never waits)."""
        return None if self._thread.is_alive() else self._said

    def wait(self) -> Said:
        """The answer, waiting for it if need be (a test or a screenshot; never a frame)."""
        self._thread.join()
        assert self._said is not None
        return self._said
