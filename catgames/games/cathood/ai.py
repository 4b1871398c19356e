"""What the generic AI knows about Cathood (spec section 8): a projected score with the value of
cubes that visible cards and open trees need and of extra discs; move ordering that buys first
and walks where the needed cubes are; rock-paper-scissors always uniformly at random (F4).

The evaluation's weights are fitted to self-play results (``ai.weights`` in
``data/cathood.yaml``, docs/ai.md); the other settings are product decisions in
``ai.heuristics``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from catgames.ai.fitted import FittedHeuristics
from catgames.core.rules import State
from catgames.games.cathood.actions import move_table
from catgames.games.cathood.components import BUILDING_CARD, SHOP, TOY, cathood_data
from catgames.games.cathood.moves import END_TURN, RPS_MOVES, Repeat
from catgames.games.cathood.rules import CathoodState
from catgames.games.cathood.scoring import score_seat, toy_points

BUYS = ("pet_shop", "building", "park")


@dataclass(frozen=True)
class Weights:
    """Settings besides the fitted weights (see data/cathood.yaml: ai.heuristics)."""

    rollout_sample: int        #: moves a playout compares when it cannot buy


@lru_cache(maxsize=None)
def weights() -> Weights:
    node = cathood_data().ai
    if node is None:
        raise ValueError("data/cathood.yaml: ai: missing the heuristics mapping")
    h = node["heuristics"]
    weights_read = Weights(h["rollout_sample"].int(1))
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


def seat_features(state: CathoodState, seat: int) -> list[float]:
    """One seat's own numbers behind ``CathoodHeuristics.features``."""
    data = state.data
    score = score_seat(data, state, seat)
    need = needs(state, seat)
    cubes = state.cubes[seat]
    left = max(0, data.max_rounds - state.round) / data.max_rounds
    extra = data.unlocked_at(state.placed_houses[seat]).bit_count()
    return [float(score.buildings + score.parks + sum(score.toys)), float(score.reserve),
            float(sum(cubes)), float(sum(min(h, n) for h, n in zip(cubes, need))),
            extra * left, float(state.placed_houses[seat])]


class CathoodHeuristics(FittedHeuristics):
    """Projected points, mine minus the best rival's; fights are coin flips of thirds."""

    game_id = "cathood"
    names = ("points", "reserve", "cubes", "needed_cubes", "discs", "houses")

    def features(self, state: State, seat: int) -> list[float]:
        """Mine minus the rival's (the other seat with the most points): points of buildings,
        parks and toys; the reserve penalty as it stands; cubes held; cubes a visible card or
        open tree needs; extra discs times the share of rounds left; houses placed."""
        assert isinstance(state, CathoodState)
        per = [seat_features(state, s) for s in range(state.n)]
        rival = max(state.others(seat), key=lambda s: per[s][0])
        return [m - r for m, r in zip(per[seat], per[rival])]

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

    def forced_move(self, state: State) -> Any:
        """After the last disc the turn only waits for ``end turn``: a search plays it at once,
        and sees the refilled rows and the next cat's turn, as it did when the rules slept."""
        assert isinstance(state, CathoodState)
        return END_TURN if state.waits_for_end_turn() else None

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
