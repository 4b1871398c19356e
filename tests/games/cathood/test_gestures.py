"""Cathood's typed gestures: the base table derives legal targets from ``move_for`` (a target is
legal when its move is among the legal moves), so that must agree with the rules' own check for
every piece and target, and a gesture that means no move keeps its own reason."""

from __future__ import annotations

import random

import pytest

from catgames.core.rules import Reason
from catgames.games.cathood import gestures as G
from catgames.games.cathood.components import ACTIONS, DIAGONAL, LINEAR, REPEAT
from catgames.games.cathood.game import GAME
from catgames.games.cathood.rules import SETUP, CathoodState
from tests.games.cathood.helpers import position


def pieces(state: CathoodState, armed: int | None) -> list[G.Piece]:
    """Every piece a player could take up (legal or not), carrying ``armed``."""
    cards = [c for row in state.rows for c in row]
    if state.phase != SETUP and state.reserved[state.turn] >= 0:
        cards.append(state.reserved[state.turn])
    return ([G.DISC, G.NEW_CAT, G.Cat(armed), G.Statue(armed)]
            + [G.Tile(p, armed) for p in range(state.geo.positions)] + [G.Card(c, armed) for c in cards])


def verdict(state: CathoodState, piece: G.Piece, target: G.Target) -> Reason | None:
    move = G.move_for(state, piece, target)
    return move if isinstance(move, Reason) else state.check(move)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_a_target_is_legal_exactly_when_its_move_is_a_legal_move(players, seed):
    rng = random.Random(seed)
    state = GAME.new_state(players, {}, seed)
    judged = 0
    for _ in range(60):
        if state.is_over():
            break
        legal = frozenset(state.legal_moves())
        for armed in (None, *range(len(ACTIONS))):
            for piece in pieces(state, armed):
                for rotation in range(G.rotations(state, piece)):
                    for target in G.targets(state, piece, rotation):
                        by_rules = verdict(state, piece, target) is None
                        assert (G.move_for(state, piece, target) in legal) == by_rules, (piece, target)
                        judged += 1
        state.apply(rng.choice(sorted(legal, key=str)))
    assert judged > 1000


def test_a_piece_taken_up_with_a_disc_goes_only_where_that_action_takes_it():
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"})
    kinds = {G.move_for(state, G.Cat(DIAGONAL), t).kind for t in G.targets(state, G.Cat(DIAGONAL), 0)}
    assert kinds == {"diagonal"}
    free = {G.move_for(state, G.Cat(), t).kind for t in G.targets(state, G.Cat(), 0)}
    assert free == {"linear", "diagonal"}
    tile = G.Tile(4, LINEAR)
    assert G.move_for(state, tile, G.TileSpot(4, 1)) == Reason.of("armed_other", action="linear")
    assert G.piece_to_take_up(state, DIAGONAL) == G.Cat(DIAGONAL)
    assert G.arm_reason(state, REPEAT) == Reason.of("locked", action="repeat")


def test_a_gesture_that_makes_no_move_says_why():
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"})
    tile = G.Tile(4)
    assert G.move_for(state, tile, G.TileSpot(4, 2)) == Reason.of("half_turn")
    assert G.move_for(state, tile, G.TileSpot(5, 1)) == Reason.of("turn_in_place")
    far = next(s for s in range(state.geo.size) if s not in G.routes(state, None))
    assert G.move_for(state, G.Cat(), G.Go(far)) == Reason.of("unreachable")
    assert G.move_for(state, G.DISC, G.Lot(1)) == Reason.of("not_a_move")
