"""Pieces every simulation shares: resolving chance, playing out, and turning results into rewards.

Rewards are per seat in [0, 1] so that searches for any number of players can add them up.
"""

from __future__ import annotations

import math
import random

from catgames.ai.hooks import Heuristics
from catgames.core.moves import Move
from catgames.core.rules import CHANCE, NOBODY, Outcome, State


def sample_chance(state: State, rng: random.Random) -> Move:
    """A random event drawn with the search's own ``rng``: by the game's probabilities when it
    gives them, else uniformly among ``legal_moves`` (the game's RNG is never touched)."""
    outcomes = state.chance_outcomes()
    if outcomes:
        events = [e for e, _ in outcomes]
        return rng.choices(events, [p for _, p in outcomes])[0]
    return rng.choice(state.legal_moves())


def outcome_rewards(outcome: Outcome, players: int) -> tuple[float, ...]:
    """1 for the winner; for a draw the point is shared by the seats with the top score."""
    if outcome.winner is not None:
        return tuple(1.0 if i == outcome.winner else 0.0 for i in range(players))
    best = max(outcome.scores)
    tops = [i for i, s in enumerate(outcome.scores) if s == best]
    share = 1.0 / len(tops)
    return tuple(share if i in tops else 0.0 for i in range(players))


def evaluations(state: State, heuristics: Heuristics) -> list[float]:
    """Every seat's evaluation of ``state``."""
    return heuristics.evaluate_seats(state)


def squash(value: float, eval_scale: float) -> float:
    """An evaluation as a reward in (0, 1): ``eval_scale`` points make 0.73."""
    return 1.0 / (1.0 + math.exp(-value / eval_scale))


def rewards(state: State, heuristics: Heuristics, eval_scale: float,
            baseline: list[float] | None = None, relative_end: bool = False) -> tuple[float, ...]:
    """Final rewards once over; mid-game, each seat's evaluation squashed into (0, 1).

    ``baseline`` (the evaluations where the iteration began, in the same world) is subtracted
    first: what a sampled world adds to everyone's evaluation, such as hidden tiles dealt high
    or low, then cancels, and only what the moves changed is rewarded.  A mid-game reward of
    0.5 then means "as good as where it began"; with ``relative_end`` a finished game is put on
    the same scale, its result less the reward the baseline promised plus 0.5, so ending the
    game in a draw is worth less than holding a lead and more than trailing (without it a
    draw earns the same 0.5 as a lead kept, and a search that sees its lead melt in playouts
    ends the game empty-handed).  The result is measured from the fair share ``1 / players``,
    which a level baseline promises: with three seats a draw of all three is as good as a
    level position, not a sixth worse, so a search neither takes every finished game for a
    loss nor expects its rivals to shun ending one.
    """
    out = state.outcome()
    if out is not None:
        result = outcome_rewards(out, state.players)
        if baseline is None or not relative_end:
            return result
        shift = 1.0 - 1.0 / state.players         # 0.5 with two seats, as before
        return tuple(r - squash(b, eval_scale) + shift for r, b in zip(result, baseline))
    values = evaluations(state, heuristics)
    if baseline is not None:
        values = [v - b for v, b in zip(values, baseline)]
    return tuple(squash(v, eval_scale) for v in values)


def play_forced(state: State, heuristics: Heuristics) -> None:
    """Play, in place, the moves that follow with no choice (``Heuristics.forced_move``)."""
    while (move := heuristics.forced_move(state)) is not None:
        state.apply_unchecked(move)


def rollout(state: State, heuristics: Heuristics, rng: random.Random,
            max_moves: int | None = None) -> None:
    """Play ``state`` forward in place with the game's rollout policy (to the end by default)."""
    steps = 0
    while True:
        mover = state.to_move
        if mover == NOBODY or (max_moves is not None and steps >= max_moves):
            return
        if mover == CHANCE:
            state.apply_unchecked(sample_chance(state, rng))
        else:
            state.apply_unchecked(heuristics.rollout_move(state, rng))
            steps += 1
        play_forced(state, heuristics)
