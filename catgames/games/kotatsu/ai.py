"""What the generic AI knows about Kotatsu Cats (spec section 7): an evaluation of collected
pairs plus the pairs still on the tables weighted by who leads there, colour-matching move
ordering and rollouts, and an exact choice of pair for the picker.

Everything is computed on the state it is given: inside a search that is a determinization, so
the cushion faces used are sampled ones, never the real hidden faces.  Weights are product
decisions and live in the ``ai.heuristics`` mapping of ``data/kotatsu.yaml``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.hooks import Heuristics, rival_terms
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import State
from catgames.games.kotatsu.hands import order_seats
from catgames.games.kotatsu.moves import KEEP, Discard, Pick, Play
from catgames.games.kotatsu.rules import DISCARDING, PICKING, KotatsuState
from catgames.games.kotatsu.scoring import score_seat


@dataclass(frozen=True)
class Weights:
    """Evaluation and rollout weights (see data/kotatsu.yaml: ai.heuristics)."""

    lead_share: float     #: share of a kotatsu's pot credited to the seat leading there
    second_share: float   #: ... and to the runner-up
    pair_floor: float     #: value of a pair beyond its cushion
    star_weight: float    #: value per star of a card that matches its kotatsu
    random_share: float   #: rollout moves chosen uniformly at random


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = load_yaml(data_path("kotatsu.yaml"))["ai"]["heuristics"]
    weights_read = Weights(
        lead_share=node["lead_share"].number(0, 1),
        second_share=node["second_share"].number(0, 1),
        pair_floor=node["pair_floor"].number(),
        star_weight=node["star_weight"].number(0),
        random_share=node["random_share"].number(0, 1),
    )
    node.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


class KotatsuHeuristics(Heuristics):
    """Score now plus expected pots; plays that make colour groups; the exact best pick."""

    def evaluate(self, state: State, seat: int) -> float:
        return sum(self.terms(state, seat).values())

    def terms(self, state: State, seat: int) -> dict[str, float]:
        """The pairs collected and the pots still on the tables, mine minus the best rival's."""
        assert isinstance(state, KotatsuState)
        if state.is_over():
            return {"result": super().evaluate(state, seat)}
        parts = {"collected": [float(s.total) for s in state.scores()], "pots": [0.0] * state.n}
        w = weights()
        data = state.data
        for k, pairs in enumerate(state.pairs):
            pot = sum(data.cushion_value[cu] + w.pair_floor if cu >= 0 else w.pair_floor
                      for _, cu in pairs) / max(1, len(pairs))
            order = order_seats(state.hand_values(k))
            parts["pots"][order[0]] += w.lead_share * pot
            parts["pots"][order[1]] += w.second_share * pot
        return rival_terms(parts, seat)

    def candidates(self, state: State, moves: list[Any], limit: int | None = None) -> list[Any]:
        assert isinstance(state, KotatsuState)
        if state.phase == PICKING:
            ordered = sorted(moves, key=lambda m: -pick_value(state, m))
        elif state.phase == DISCARDING:
            ordered = sorted(moves, key=lambda m: -discard_value(state, m))
        else:
            ordered = sorted(moves, key=lambda m: -play_value(state, m) if isinstance(m, Play) else 0)
        return ordered if limit is None else ordered[:limit]

    def rollout_move(self, state: State, rng: random.Random) -> Any:
        assert isinstance(state, KotatsuState)
        moves = state.legal_moves()
        if len(moves) == 1 or rng.random() < weights().random_share:
            return rng.choice(moves)
        return self.candidates(state, moves, 1)[0]


def pick_value(state: KotatsuState, move: Pick) -> float:
    """What taking pair ``move.slot`` is worth to the picker over what it gives the runner-up
    (rule 22): both final scores are computed exactly with each pair added."""
    picker, runner = state.order[0], state.order[1]
    pairs = state.pairs[state.pending]
    taken = pairs[move.slot]
    left = [p for i, p in enumerate(pairs) if i != move.slot]
    return _gain(state, picker, [taken]) - _gain(state, runner, left)


def _gain(state: KotatsuState, seat: int, extra: list[tuple[int, int]]) -> float:
    owned = [(cat, cu) for cat, cu, _ in state.collected[seat]]
    before = score_seat(state.data, owned, state.options).total
    return score_seat(state.data, owned + extra, state.options).total - before


def play_value(state: KotatsuState, move: Play) -> float:
    """How much a play improves the mover's hand at that kotatsu: new same-colour pairs among
    the five items, plus stars of cards that match, minus a little per card spent."""
    data = state.data
    counts = [0] * data.colours
    for cat, _ in state.pairs[move.kotatsu]:
        counts[data.cat_colour[cat]] += 1
    for card in state.edges[move.kotatsu][state.active]:
        counts[data.card_colour[card]] += 1
    star_weight = weights().star_weight
    value = 0.0
    for label in move.cards:
        colour = data.colour_ids.index(label[0])
        value += counts[colour] - 0.5   # each earlier item of the colour makes one more pair
        if counts[colour]:
            value += star_weight * int(label[1:])
        counts[colour] += 1
    return value


def discard_value(state: KotatsuState, move: Discard) -> float:
    """Discard a low card that matches nothing on the mover's edges; otherwise keep the hand."""
    if move == KEEP or move.card is None:
        return 0.0
    data = state.data
    colour = data.colour_ids.index(move.card[0])
    matches = sum(1 for k, pairs in enumerate(state.pairs)
                  for cat, _ in pairs if data.cat_colour[cat] == colour)
    matches += sum(1 for edge in state.edges for card in edge[state.active]
                   if data.card_colour[card] == colour)
    return 1.5 - int(move.card[1:]) - matches


HEURISTICS = KotatsuHeuristics()
