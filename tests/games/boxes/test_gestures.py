"""The pure side of the If It Fits table: what a drop means (gestures) and what a card would do
(preview), checked against the rules themselves over seeded random games."""

from __future__ import annotations

import pytest

from catgames.games.boxes.gestures import CAT_PIECE, ROTATIONS, HandCard, move_for, targets
from catgames.games.boxes.moves import Cat, Discard, Play, Princess, Sleep, StartSide
from catgames.games.boxes.preview import card_preview
from catgames.games.boxes.game import GAME
from tests.games.boxes.helpers import position
from tests.helpers import play_random

ROW = ["(5,5) ..## start", "(6,5) ..## start", "(7,5) ..## start"]


def legal_drops(state, piece, rotation):
    legal = set(state.legal_moves())
    return [t for t in targets(state, piece, rotation) if move_for(state, piece, t) in legal]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 7), (5, 11)])
def test_the_drops_of_every_piece_are_exactly_the_legal_moves(players, seed):
    """Over a whole game, each hand card (both turns) and the cat reach every legal move of the
    position that is theirs to make, and nothing else."""
    _, trace = play_random(GAME, players, seed)
    for state, _, _ in trace[::3]:
        legal = set(state.legal_moves())
        reached = set()
        pieces = [CAT_PIECE] + [HandCard(i) for i in range(len(state.hands[state.to_move]))]
        for piece in pieces:
            for rotation in range(len(ROTATIONS)):
                reached.update(move_for(state, piece, t) for t in legal_drops(state, piece, rotation))
        placed = {m for m in legal if isinstance(m, (Play, Princess, Discard, Cat, Sleep))}
        assert reached == placed


def test_a_card_makes_only_its_own_moves_and_the_cat_only_cat_moves():
    state = position(ROW, step="play", hands={"P1": ["CUP t0", "PRINCESS"], "P2": 2})
    cup, princess = HandCard(0), HandCard(1)
    assert move_for(state, cup, Play("CUP t0", 180, 6, 4)) == Play("CUP t0", 180, 6, 4)
    assert move_for(state, cup, Play("SHAFT t0", 0, 6, 4)) is None
    assert move_for(state, cup, Princess(6, 4)) is None
    assert move_for(state, princess, Princess(6, 4)) == Princess(6, 4)
    assert move_for(state, princess, Discard("PRINCESS")) == Discard("PRINCESS")
    assert move_for(state, HandCard(2), Play("CUP t0", 0, 6, 4)) is None   # no third card
    assert move_for(state, CAT_PIECE, Cat(6, 4)) == Cat(6, 4)
    assert move_for(state, CAT_PIECE, Play("CUP t0", 0, 6, 4)) is None


def test_the_preview_says_what_the_rules_would_do_and_leaves_the_position_alone():
    state = position(["(6,5) ..##"], step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2})
    before = state.to_dict()
    turned = card_preview(state, Play("CUP t0", 180, 6, 6))
    assert turned is not None and turned.joined == 1 and set(turned.slots) == {(6, 5), (6, 6)}
    assert turned.cat_spots == ((6, 5),) and not turned.closed and not turned.dead
    assert card_preview(state, Play("CUP t0", 0, 6, 2)) is None            # not touching
    assert state.to_dict() == before


def test_the_start_spots_are_where_the_start_card_goes():
    state = GAME.new_state(3, {}, 4)
    spots = state.start_spots()
    assert set(spots) == {"left", "right"}
    for side, (x, y) in spots.items():
        event = state.clone().apply(StartSide(side))[0]
        assert (event.get("x"), event.get("y")) == (x, y)
    state.apply(StartSide("left"))
    state.apply(StartSide("right"))
    assert state.step != "start_row" and state.start_spots() == {}


CAPPED = ["(5,4) #.#. t0", "(6,4) .... t1", "(7,4) #..# t0", "(5,5) .##. t2", "(6,5) .#.. t0",
          "(7,5) .#.# t0", "(4,5) ..## start"]


def test_the_preview_names_a_capped_box_with_the_very_event_the_move_makes():
    """A cup upside down on the only open side of a 3-toy box: its own new box, and the other
    closed, paying P2 (seat 1) its toys; the closing is the event the rules then emit."""
    state = position(CAPPED, ["P2@(6,4)"], step="play", hands={"P1": ["CUP t0", "OPEN t0"], "P2": 2})
    move = Play("CUP t0", 180, 6, 3)
    capped = card_preview(state, move)
    assert capped is not None and capped.joins == () and capped.slots == ((6, 3),)
    assert not capped.closed and capped.rivals == ()
    (closing,) = capped.closes
    assert (closing.scorers, closing.value) == ((1,), 3)
    assert closing.event in state.clone().apply(move)
    grown = card_preview(state, Play("OPEN t0", 0, 6, 3))
    assert grown is not None and grown.joined == 1 and len(grown.joins[0]) == 6
    assert grown.rivals == (1,) and grown.shut_out and grown.closes == ()
