"""A wall on a rival's open box closes it for the rival: the playouts' cheap guess must not
count it as a gain (issue 26).  Before, their rivals capped the searcher's one-sided boxes
for it, so leaving a box open looked nearly as good as closing it."""

from __future__ import annotations

import random

from catgames.ai.playout import play_forced
from catgames.games.boxes.ai import HEURISTICS, quick_value
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import BoxesState

from tests.games.boxes.helpers import playout

# From a game against two ref:rushers (arena seed 1104, game 6, P1 is hard): each seat leads
# the box above its start card; P1's (7,5)-(7,6) of three toys is open only at the top, and
# a TUNNEL (walls above and below) at (7,4) closes it.  Hard played the TUNNEL at (8,5).
BOXES_OPEN = {"game": "boxes", "players": 3, "seed": 0, "start_player": "P1", "to_move": "P1",
              "step": "play", "deck": 70, "supply": {"P1": 4, "P2": 4, "P3": 4},
              "hands": {"P1": ["OPEN t0", "TUNNEL t1", "PRINCESS"], "P2": 2, "P3": 2},
              "cards": ["(5,5) ..## t0 start", "(6,5) ..## t0 start", "(7,5) ..## t0 start",
                        "(5,6) .... t3", "(6,6) .##. t2", "(7,6) .### t3"],
              "cats": ["P3@(5,5)", "P2@(6,5)", "P1@(7,5)"]}


def test_a_wall_on_a_rivals_box_is_not_a_gain():
    # P2 to move with a TUNNEL: at (6,4) it caps its own box, at (7,4) P1's
    state = GAME.state_from_dict(BOXES_OPEN | {"to_move": "P2",
                                               "hands": {"P1": 3, "P2": ["TUNNEL t1"], "P3": 2}})
    own = GAME.parse_move(state, "play TUNNEL t1 r0 @ (6,4)")
    rivals = GAME.parse_move(state, "play TUNNEL t1 r0 @ (7,4)")
    assert quick_value(state, rivals) < quick_value(state, own) - 1.5  # equal before


def closer(world: BoxesState, rng: random.Random) -> int | None:
    """The seat whose move closes P1's box (7,5)-(7,6) in one playout of ``world``, if any."""
    def closed() -> bool:
        return world.layout.is_closed(world.layout.region_of(world.geo.slot(7, 5)))
    mover = None
    for seat, _ in playout(world, rng):
        if closed():
            return mover
        mover = seat
    return mover if closed() else None


def test_playout_rivals_seldom_close_the_searchers_box():
    state = GAME.state_from_dict(BOXES_OPEN)
    state.apply(GAME.parse_move(state, "play TUNNEL t1 r0 @ (8,5)"))
    closers = []
    for seed in range(60):
        rng = random.Random(seed)
        world = state.determinize(0, rng)
        play_forced(world, HEURISTICS)
        closers.append(closer(world, rng))
    assert sum(seat not in (None, 0) for seat in closers) <= 6  # before: 12 of 60, after: 5
