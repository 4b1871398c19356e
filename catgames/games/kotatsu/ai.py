"""What the generic AI knows about Kotatsu Cats (spec section 7): an evaluation of collected
pairs plus the pairs still on the tables by who leads there, colour-matching move
ordering and rollouts, and an exact choice of pair for the picker.

Everything is computed on the state it is given: inside a search that is a determinization, so
the cushion faces used are sampled ones, never the real hidden faces.  The evaluation's weights
are fitted to self-play results (``ai.weights`` in ``data/kotatsu.yaml``, docs/ai.md); the other
settings are product decisions in ``ai.heuristics``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.fitted import FittedHeuristics
from catgames.core.data import data_path, load_yaml
from catgames.core.rules import State
from catgames.games.kotatsu.hands import order_seats
from catgames.games.kotatsu.moves import KEEP, Discard, Pick, Play
from catgames.games.kotatsu.rules import DISCARDING, PICKING, KotatsuState
from catgames.games.kotatsu.scoring import score_seat


@dataclass(frozen=True)
class Weights:
    """Evaluation and rollout weights (see data/kotatsu.yaml: ai.heuristics)."""

    pair_floor: float     #: value of a pair beyond its cushion
    star_weight: float    #: value per star of a card that matches its kotatsu
    random_share: float   #: rollout moves chosen uniformly at random


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = load_yaml(data_path("kotatsu.yaml"))["ai"]["heuristics"]
    weights_read = Weights(
        pair_floor=node["pair_floor"].number(),
        star_weight=node["star_weight"].number(0),
        random_share=node["random_share"].number(0, 1),
    )
    node.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


class KotatsuHeuristics(FittedHeuristics):
    """Score now plus expected pots; plays that make colour groups; the exact best pick."""

    game_id = "kotatsu"
    names = ("score", "lead_pot", "second_pot", "leads", "hand_fit", "cards_down")

    def features(self, state: State, seat: int) -> list[float]:
        """Mine minus the rival's (the other seat with the highest score): points now, the
        pots of the kotatsu where each leads or comes second, how many kotatsu each leads,
        hand cards that match a cat at a kotatsu with room on the edge, and cards committed
        to the edges."""
        assert isinstance(state, KotatsuState)
        scores = state.scores()
        rival = max(state.others(seat), key=lambda s: scores[s].total)
        floor = weights().pair_floor
        data = state.data
        lead_pot = second_pot = leads = 0.0
        for k, pairs in enumerate(state.pairs):
            pot = sum(data.cushion_value[cu] + floor if cu >= 0 else floor
                      for _, cu in pairs) / max(1, len(pairs))
            first, second = order_seats(state.hand_values(k))[:2]
            lead_pot += pot * ((first == seat) - (first == rival))
            second_pot += pot * ((second == seat) - (second == rival))
            leads += (first == seat) - (first == rival)
        down = sum(len(edge[seat]) - len(edge[rival]) for edge in state.edges)
        fit = hand_fit(state, seat) - hand_fit(state, rival)
        return [float(scores[seat].total - scores[rival].total), lead_pot, second_pot, leads,
                float(fit), float(down)]

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


def hand_fit(state: KotatsuState, seat: int) -> int:
    """Hand cards of ``seat`` whose colour matches a cat at a kotatsu where its edge has room."""
    data = state.data
    room = {data.cat_colour[cat] for k, pairs in enumerate(state.pairs)
            if len(state.edges[k][seat]) < data.max_cards for cat, _ in pairs}
    return sum(1 for card in state.hands[seat] if card >= 0 and data.card_colour[card] in room)


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
