"""What the generic AI knows about If It Fits (spec section 8): boxes valued by their toys, the
chance they still close and who leads them; cats and Princesses in reserve; cheap move ordering
that favours capping boxes, claiming good pairs and hitting rich rival boxes.

All weights are product decisions and live in the ``ai.heuristics`` mapping of ``data/boxes.yaml``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.hooks import Heuristics, rival_terms
from catgames.core.rules import State
from catgames.games.boxes.components import BOTTOM, TOP, boxes_data
from catgames.games.boxes.rules import BoxesState
from catgames.games.boxes.table import Box

OPEN_SHARE = {"none": 0.0, "half": 0.5, "full": 1.0}  #: what an open box still pays, per option


@dataclass(frozen=True)
class Weights:
    """Evaluation weights (see data/boxes.yaml: ai.heuristics)."""

    close_chance: float     #: chance that one open side of a box still gets closed
    dead_value: float       #: share of toys a box that can never close still promises
    contest: float          #: share a leader may lose when a rival is one cat behind (or level)
    cat_in_supply: float    #: points per cat in supply
    princess_in_hand: float
    rollout_sample: int     #: moves a playout compares before choosing


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = boxes_data().ai["heuristics"]
    weights_read = Weights(
        close_chance=node["close_chance"].number(0, 1),
        dead_value=node["dead_value"].number(0, 1),
        contest=node["contest"].number(0, 1),
        cat_in_supply=node["cat_in_supply"].number(0),
        princess_in_hand=node["princess_in_hand"].number(0),
        rollout_sample=node["rollout_sample"].int(1),
    )
    node.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


def expected_value(box: Box, open_boxes: str, w: Weights, remaining: float) -> float:
    """Toys the box should pay at the end: closed pays in full, open by its chance to close,
    which shrinks with the share of the game ``remaining`` (see ``time_left``)."""
    if box.closed:
        return float(box.toys)
    chance = w.dead_value if box.dead else w.close_chance ** box.open_sides * remaining
    return box.toys * (chance + (1.0 - chance) * OPEN_SHARE[open_boxes])


class BoxesHeuristics(Heuristics):
    """Per-seat expected points from the boxes plus reserves; value = mine minus the best rival."""

    def evaluate(self, state: State, seat: int) -> float:
        return sum(self.terms(state, seat).values())

    def terms(self, state: State, seat: int) -> dict[str, float]:
        """Closed and open boxes, cats in supply and Princesses in hand, each as mine minus the
        best rival's."""
        assert isinstance(state, BoxesState)
        out = state.outcome()
        if out is not None:
            return {"result": float(out.scores[seat] - max(s for i, s in enumerate(out.scores)
                                                           if i != seat))}
        return rival_terms(_parts(state), seat)

    def candidates(self, state: State, moves: list[Any], limit: int | None = None) -> list[Any]:
        assert isinstance(state, BoxesState)
        ranked = sorted(moves, key=lambda m: -quick_value(state, m))
        return ranked if limit is None else ranked[:limit]

    def rollout_move(self, state: State, rng: random.Random) -> Any:
        assert isinstance(state, BoxesState)
        moves = state.legal_moves()
        sample = rng.sample(moves, min(len(moves), weights().rollout_sample))
        return max(sample, key=lambda m: quick_value(state, m))


def _parts(state: BoxesState) -> dict[str, list[float]]:
    """Each seat's expected points from closed boxes, open boxes, cats and Princesses."""
    w = weights()
    n = state.players
    parts = {name: [0.0] * n for name in ("closed_boxes", "open_boxes", "cats", "princesses")}
    remaining = time_left(state)
    for box in state.layout.boxes(n, state.weights):
        best = max(box.counts)
        if best == 0 or box.toys == 0:
            continue
        worth = expected_value(box, state.open_boxes, w, remaining)
        leaders = [s for s in range(n) if box.counts[s] == best]
        close_rivals = [s for s in range(n) if box.counts[s] == best - 1]
        if len(leaders) > 1 and state.majority_tie == "nobody":
            share = w.contest
        else:
            share = 1.0 - (w.contest if close_rivals and not box.closed else 0.0)
        value = parts["closed_boxes" if box.closed else "open_boxes"]
        for s in leaders:
            value[s] += worth * share
        for s in close_rivals:
            value[s] += worth * w.contest * (0.0 if box.closed else 1.0)
    princess = state.data.princess
    for s in range(n):
        parts["cats"][s] = w.cat_in_supply * remaining * state.supply[s]
        parts["princesses"][s] = w.princess_in_hand * state.hands[s].count(princess)
    return parts


def time_left(state: BoxesState) -> float:
    """The share of the game still to come, from 1 down to 0: it falls with the draw pile and
    with the supply of whoever is closest to placing a fifth cat and ending the game (tactic 2).
    A cat still in supply and an open box are worth nothing at the end (tactic 1)."""
    if state.end_phase:
        return 0.0
    pile_left = len(state.deck) / len(state.data.pile)
    return min(pile_left, min(state.supply) / state.data.cats_per_player)


def quick_value(state: BoxesState, move: Any) -> float:
    """A cheap guess at a move's worth, for ordering and playouts (no state is copied)."""
    kind = move.kind
    layout, geo = state.layout, state.geo
    if kind in ("awake_cat", "sleeping_cat", "princess"):
        slot = geo.slot(move.x, move.y)
        assert slot is not None
        box = layout.box(layout.region_of(slot), state.players, state.weights)
        worth = expected_value(box, state.open_boxes, weights(), time_left(state))
        return worth + (2.0 if kind == "awake_cat" else 1.0 if kind == "princess" else 0.5)
    if kind == "card":
        return _card_value(state, move)
    if kind == "draw":
        return 1.0
    if kind == "start_row":
        placed = len(layout.cards)
        return float(move.side == state.data.suggested_sides[placed - 1])
    return 0.0


def _card_value(state: BoxesState, move: Any) -> float:
    """Capping open sides is good, leaving new ones is bad, toys and a cat pair are good."""
    data, layout, geo = state.data, state.layout, state.geo
    kind = data.kinds[data.by_name[move.card]]
    edges = kind.edges_at(move.rot)
    slot = geo.slot(move.x, move.y)
    assert slot is not None
    value = 0.3 * kind.toys
    for bit, opposite, seam, neighbour in geo.sides[slot]:
        if neighbour >= 0 and layout.occupied >> neighbour & 1:
            if layout.frontier & seam:
                value += 1.0                      # caps or joins a waiting open side
                if edges & bit and bit in (TOP, BOTTOM) and not layout.blocked & seam:
                    value += 1.5                  # and makes a pair an awake cat can use
        elif edges & bit:
            value -= 3.0 if neighbour < 0 else 0.5
    return value


HEURISTICS = BoxesHeuristics()
