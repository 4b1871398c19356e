"""What the generic AI knows about Woof Days / Cat Days (spec section 7): the score race with the
"win now / don't lose now" checks folded into the evaluation, hand flexibility, the threat of an
opponent about to finish, cheap move ordering and greedy-sampling rollouts.

All weights are product decisions and live in the ``ai.heuristics`` mapping of ``data/days.yaml``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.hooks import Heuristics
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import State
from catgames.games.days.components import DRAW, UNKNOWN, Discard, Play
from catgames.games.days.rules import DaysState
from catgames.games.days.scoring import empty_days


@dataclass(frozen=True)
class Weights:
    """Evaluation weights (see data/days.yaml: ai.heuristics)."""

    win: float            #: points a won game is worth beyond its score margin
    fill: float           #: per card in hand that could fill one of my empty days
    race: float           #: per empty day more than the closest opponent, while behind
    threat: float         #: an opponent one day from finishing while I am behind
    draw_bonus: float     #: what a rollout credits drawing (a card is an option later)
    rollout_sample: int   #: moves a rollout compares before choosing


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = load_yaml(data_path("days.yaml"))["ai"]["heuristics"]
    weights_read = Weights(
        win=node["win"].number(0),
        fill=node["fill"].number(0),
        race=node["race"].number(0),
        threat=node["threat"].number(0),
        draw_bonus=node["draw_bonus"].number(),
        rollout_sample=node["rollout_sample"].int(1),
    )
    node.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


class DaysHeuristics(Heuristics):
    """Score margin against the best opponent, adjusted for who is closer to ending the game."""

    def evaluate(self, state: State, seat: int) -> float:
        return sum(self.terms(state, seat).values())

    def terms(self, state: State, seat: int) -> dict[str, float]:
        """The score margin, then the win once over, else the hand's chance to fill my week and
        the race against whoever is closest to finishing."""
        assert isinstance(state, DaysState)
        w = weights()
        result = state.standing()
        mine = result.scores[seat]
        best_other = max(s for i, s in enumerate(result.scores) if i != seat)
        margin = float(mine - best_other)
        if state.over:
            won = result.winner == seat
            lost = result.winner is not None and not won
            return {"score": margin, "win": w.win if won else -w.win if lost else 0.0}
        my_empty = empty_days(state.weeks[seat])
        their_empty = min(empty_days(state.weeks[s]) for s in range(state.players) if s != seat)
        behind = margin < 0
        return {"score": margin, "fill": w.fill * min(len(state.hands[seat]), my_empty),
                "race": -w.race * max(0, my_empty - their_empty) if behind else 0.0,
                "threat": -w.threat if behind and their_empty == 1 else 0.0}

    def candidates(self, state: State, moves: list[Any], limit: int | None = None) -> list[Any]:
        """Best-first by a cheap static guess (no move is tried): high animals into my own week,
        covers and events against others, drawing, then animals given away."""
        assert isinstance(state, DaysState)
        seat = state.to_move
        ordered = sorted(moves, key=lambda m: -_priority(state, seat, m))
        return ordered if limit is None else ordered[:limit]

    def rollout_move(self, state: State, rng: random.Random) -> Any:
        """The best of a few sampled moves by the one-ply margin (wins and losses included)."""
        assert isinstance(state, DaysState)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = state.to_move
        if isinstance(moves[0], Discard):
            return min(moves, key=lambda m: _priority(state, seat, m))
        w = weights()
        sample = rng.sample(moves, min(len(moves), w.rollout_sample))
        best, best_value = sample[0], float("-inf")
        for move in sample:
            child = state.clone()
            child.apply_unchecked(move)
            value = self.evaluate(child, seat) + (w.draw_bonus if move == DRAW else 0.0)
            if value > best_value:
                best, best_value = move, value
        return best


def _priority(state: DaysState, seat: int, move: Any) -> float:
    data = state.data
    if isinstance(move, Discard):
        return data.points[data.by_id[move.card]]
    if move == DRAW:
        return 2.0
    if not isinstance(move, Play):
        return 1.0
    card = data.cards[data.by_id[move.card]]
    if not card.is_animal:
        return 4.0
    own = move.seat == seat
    stack = state.weeks[move.seat][move.day]
    covered = data.points[stack[-1]] if stack and stack[-1] != UNKNOWN else 0
    return card.points + 1.0 - covered if own else covered - card.points


HEURISTICS = DaysHeuristics()
