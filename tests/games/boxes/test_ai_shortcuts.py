"""The If It Fits AI's shortcuts give what the long way gives: the boxes the evaluation reads
are built only where a player's cat lies, and a position's move ordering is remembered per
hand (issue 26: the playouts' last-cat rule had to cost nothing per decision)."""

from __future__ import annotations

import random

from catgames.ai.arena import derive_seed
from catgames.ai.bench import sample_positions
from catgames.games.boxes.ai import (
    HEURISTICS, BoxesNearby, cat_boxes, leads_open_box, quick_value,
)
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import PLAY, BoxesState


def positions(players: int) -> list[BoxesState]:
    found = [s for s in sample_positions(GAME, players, 24, 37) if isinstance(s, BoxesState)]
    assert sum(bool(s.layout.cats) for s in found) >= 12     # most have cats on the table
    return found


def test_the_boxes_the_evaluation_reads_are_every_box_that_holds_a_players_cat():
    for state in positions(2) + positions(3):
        every = state.layout.boxes(state.n, state.weights)
        assert cat_boxes(state) == [box for box in every if max(box.counts) > 0]
        for seat in range(state.n):
            assert leads_open_box(state, seat) == any(
                not box.closed and not box.dead and box.toys
                and box.counts[seat] == max(box.counts) > 0 for box in every)


def test_moves_are_ranked_by_their_quick_value_for_each_hand_of_the_seat_to_move():
    # worlds dealt by the other seat: the mover's hand differs from world to world, while the
    # position (and so the remembered values) stays the same
    rng = random.Random(derive_seed(37, "worlds"))
    hands = 0
    for state in positions(2):
        if state.step != PLAY:
            continue
        seen = set()
        for _ in range(4):
            world = state.determinize(1 - state.to_move, rng)
            moves = world.legal_moves()
            nearby = BoxesNearby(world)
            long_way = sorted(moves, key=lambda move: -quick_value(world, move, nearby))
            for limit in (None, 5, None):
                assert HEURISTICS.candidates(world, moves, limit) == long_way[:limit]
            seen.add(tuple(sorted(world.hands[world.to_move])))
        hands += len(seen)
    assert hands >= 12
