"""What the generic AI knows about Woof Days / Cat Days (spec section 7): the score race with the
"win now / don't lose now" checks folded into the evaluation, hand flexibility, the threat of an
opponent about to finish, cheap move ordering and greedy-sampling rollouts.

The evaluation's weights are fitted to self-play results (``ai.weights`` in ``data/days.yaml``,
docs/ai.md); the other settings are product decisions in ``ai.heuristics``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.fitted import FittedHeuristics
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import State
from catgames.games.days.components import DRAW, UNKNOWN, Discard, Play
from catgames.games.days.rules import DaysState
from catgames.games.days.scoring import empty_days


@dataclass(frozen=True)
class Weights:
    """Settings besides the fitted weights (see data/days.yaml: ai.heuristics)."""

    win: float            #: points a won game is worth beyond its score margin
    draw_bonus: float     #: what a rollout credits drawing (a card is an option later)
    rollout_sample: int   #: moves a rollout compares before choosing


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = load_yaml(data_path("days.yaml"))["ai"]["heuristics"]
    weights_read = Weights(
        win=node["win"].number(0),
        draw_bonus=node["draw_bonus"].number(),
        rollout_sample=node["rollout_sample"].int(1),
    )
    node.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


class DaysHeuristics(FittedHeuristics):
    """Score margin against the best opponent, adjusted for who is closer to ending the game."""

    game_id = "days"
    names = ("score", "fill", "empty", "behind_race", "threat", "hand")

    def features(self, state: State, seat: int) -> list[float]:
        """The margin over the best opponent; hand cards that could fill my empty days (mine
        minus the rival's); my empty days minus the closest opponent's; when behind, how many
        more days I need and whether an opponent is one day from finishing; hand sizes."""
        assert isinstance(state, DaysState)
        scores = state.standing().scores
        others = state.others(seat)
        rival = max(others, key=lambda s: scores[s])
        margin = float(scores[seat] - scores[rival])
        empty = [empty_days(week) for week in state.weeks]
        closest = min(empty[s] for s in others)
        hands = [len(hand) for hand in state.hands]
        behind = margin < 0
        return [margin, float(min(hands[seat], empty[seat]) - min(hands[rival], empty[rival])),
                float(empty[seat] - closest),
                float(max(0, empty[seat] - closest)) if behind else 0.0,
                float(behind and closest == 1), float(hands[seat] - hands[rival])]

    def final(self, state: State, seat: int) -> float:
        """The margin, and a won game worth more than any margin (so a search takes the win)."""
        assert isinstance(state, DaysState)
        result = state.standing()
        win = weights().win
        margin = float(result.scores[seat] - max(s for i, s in enumerate(result.scores) if i != seat))
        won = result.winner == seat
        lost = result.winner is not None and not won
        return margin + (win if won else -win if lost else 0.0)

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
