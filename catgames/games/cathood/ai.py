"""What the generic AI knows about Cathood (spec section 8): a projected score with the value of
cubes that visible cards and open trees need and of extra discs; move ordering that buys first
and walks where the needed cubes are; rock-paper-scissors always uniformly at random (F4).

All weights are product decisions and live in the ``ai.heuristics`` mapping of
``data/cathood.yaml``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.hooks import Heuristics, rival_terms
from catgames.core.rules import State
from catgames.games.cathood.actions import move_table
from catgames.games.cathood.components import BUILDING_CARD, SHOP, TOY, cathood_data
from catgames.games.cathood.moves import RPS_MOVES, Repeat
from catgames.games.cathood.rules import CathoodState
from catgames.games.cathood.scoring import score_seat, toy_points

BUYS = ("pet_shop", "building", "park")


@dataclass(frozen=True)
class Weights:
    """Evaluation weights (see data/cathood.yaml: ai.heuristics)."""

    cube_value: float          #: points per cube held mid-game
    needed_cube_value: float   #: points per cube that a visible card or open tree needs
    disc_value: float          #: points per extra disc over a whole game
    reserve_risk: float        #: share of the reserve penalty counted mid-game
    rollout_sample: int        #: moves a playout compares when it cannot buy


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = cathood_data().ai
    if node is None:
        raise ValueError("data/cathood.yaml: ai: missing the heuristics mapping")
    h = node["heuristics"]
    weights_read = Weights(h["cube_value"].number(0), h["needed_cube_value"].number(0),
                           h["disc_value"].number(0), h["reserve_risk"].number(0, 1),
                           h["rollout_sample"].int(1))
    h.done()  # a weight nothing reads is a typo or a leftover
    return weights_read


def needs(state: CathoodState, seat: int) -> list[int]:
    """Per colour, the most any visible card, the reserved card or an open tree asks for."""
    data = state.data
    need = [0] * len(data.colours)
    cards = state.rows[TOY] + state.rows[BUILDING_CARD]
    if state.reserved[seat] >= 0:
        cards = cards + [state.reserved[seat]]
    for card in cards:
        for c, k in enumerate(data.cards[card].cost):
            if k > need[c]:
                need[c] = k
    if state.statues_left(seat) > 0:
        for tile in state.tiles:
            tree = data.tiles[tile].park
            if tree >= 0 and state.statues[tile] < 0:
                c = data.tree_colour[tree]
                need[c] = max(need[c], data.tree_pay[tree])
    return need


def projected(state: CathoodState, seat: int, w: Weights) -> dict[str, float]:
    """The score as it stands, in parts, with cubes valued by use instead of the end bracket."""
    data = state.data
    score = score_seat(data, state, seat)
    need = needs(state, seat)
    cubes = state.cubes[seat]
    left = max(0, data.max_rounds - state.round) / data.max_rounds
    extra = data.unlocked_at(state.placed_houses[seat]).bit_count()
    return {"buildings": float(score.buildings), "parks": float(score.parks),
            "toys": float(sum(score.toys)), "reserve": w.reserve_risk * score.reserve,
            "cubes": w.cube_value * sum(cubes),
            "needed_cubes": (w.needed_cube_value - w.cube_value)
            * sum(min(h, n) for h, n in zip(cubes, need)),
            "discs": w.disc_value * extra * left}


class CathoodHeuristics(Heuristics):
    """Projected points, mine minus the best rival's; fights are coin flips of thirds."""

    def evaluate(self, state: State, seat: int) -> float:
        return sum(self.terms(state, seat).values())

    def terms(self, state: State, seat: int) -> dict[str, float]:
        """Each part of the projected score, mine minus the best rival's."""
        assert isinstance(state, CathoodState)
        out = state.outcome()
        if out is not None:
            return {"result": float(out.scores[seat] - max(s for i, s in enumerate(out.scores)
                                                           if i != seat))}
        w = weights()
        seats = [projected(state, s, w) for s in range(state.n)]
        return rival_terms({name: [p[name] for p in seats] for name in seats[0]}, seat)

    def candidates(self, state: State, moves: list[Any], limit: int | None = None) -> list[Any]:
        assert isinstance(state, CathoodState)
        seat = state.to_move
        need = needs(state, seat)
        ranked = sorted(moves, key=lambda m: -quick_value(state, seat, m, need))
        return ranked if limit is None else ranked[:limit]

    def uniform_choice(self, state: State) -> bool:
        """F4: a fighter's rock-paper-scissors is drawn uniformly, never searched."""
        moves = state.legal_moves()
        return bool(moves) and moves[0] in RPS_MOVES

    def rollout_move(self, state: State, rng: random.Random) -> Any:
        assert isinstance(state, CathoodState)
        moves = state.legal_moves()
        if moves[0] in RPS_MOVES:
            return rng.choice(moves)
        seat = state.to_move
        need = needs(state, seat)
        buys = [m for m in moves if _kind(m) in BUYS]
        pool = buys or rng.sample(moves, min(len(moves), weights().rollout_sample))
        return max(pool, key=lambda m: quick_value(state, seat, m, need) + rng.random())


def _kind(move: Any) -> str:
    return move.action.kind if isinstance(move, Repeat) else move.kind


def quick_value(state: CathoodState, seat: int, move: Any, need: list[int]) -> float:
    """A cheap guess at a move's worth in points, for ordering and playouts (no state copy)."""
    if isinstance(move, Repeat):
        move = move.action
    kind = move.kind
    data = state.data
    if kind in ("linear", "diagonal"):
        return _path_value(state, seat, move, need)
    if kind in ("pet_shop", "building"):
        card = data.cards[data.card_index(move.card)]
        if card.kind == TOY:
            owned = sum(1 for c in state.toys[seat] if data.cards[c].toy == card.toy)
            gain = toy_points(data, owned + 1) - toy_points(data, owned)
        else:
            gain = card.points
        unlock = data.unlocked_at(state.placed_houses[seat] + 1) != data.unlocked_at(state.placed_houses[seat])
        return gain + 2.0 + (4.0 if unlock else 0.0) - 0.3 * sum(card.cost)
    if kind == "park":
        return (data.park_points[state.park_deck[-1]] if state.park_deck else 0) + 1.0
    if kind in ("take", "steal"):
        c = data.colour(move.colour)
        return 1.0 + (need[c] > state.cubes[seat][c])
    if kind == "return":
        c = data.colour(move.colour)
        return state.cubes[seat][c] - need[c]
    if kind == "trade":
        give, get = data.colour(move.give), data.colour(move.get)
        surplus = state.cubes[seat][give] - need[give]
        return (need[get] > state.cubes[seat][get]) * 1.0 + (surplus > 0) * 0.5 - 0.75
    if kind == "reserve":
        card = data.cards[data.card_index(move.card)]
        short = sum(max(0, k - state.cubes[seat][c]) for c, k in enumerate(card.cost))
        return card.points + 2.0 - short
    if kind == "end_turn":
        return -1.0
    return 0.0                                 # rotate, swap, place, dog, coffee done


def _path_value(state: CathoodState, seat: int, move: Any, need: list[int]) -> float:
    """Cubes a move collects, the needed ones counting double (final-space specials ignored)."""
    table = move_table(state.geo)
    paths = table.linear if move.kind == "linear" else table.diagonal
    path = next((p for m, p in paths[state.cats[seat]] if m == move), None)
    if path is None:
        return 0.0
    data = state.data
    cubes = state.cubes[seat]
    value = 0.0
    for space in path:
        for p, d in state.geo.touch[space]:
            f = state.frontage(p, d)
            if f >= SHOP:
                colours = data.shop_colours[f - SHOP]
                value += 0.5 + max(need[c] > cubes[c] for c in colours)
    return value


HEURISTICS = CathoodHeuristics()
