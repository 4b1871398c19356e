"""A move made while a piece is held (by a button, a key or the AI, which all reach the table's
one move path) leaves nothing held or selected, in every game; the next player's table then
draws without error.  Kotatsu's test plays the keys-and-button case through real events."""

from __future__ import annotations

import random

import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.ui.registry import scene_class
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, hand_over

SEATS = {"bed": ["human", "human"]}
GRID_STEP = 12  #: how finely the window is searched for a piece the player may pick up


def a_piece(scene):
    """Some piece under the pointer somewhere on the table, as the player would find one."""
    for y in range(0, 800, GRID_STEP):
        for x in range(0, 1280, GRID_STEP):
            piece = scene.piece_at((float(x), float(y)))
            if piece is not None:
                return piece
    return None


@pytest.mark.parametrize("game_id", ["bed", "kotatsu", "days", "boxes", "cathood"])
def test_a_move_made_any_way_ends_the_held_piece(catgames_home, game_id):
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    seats = SEATS.get(game_id, ["human", "human", "ai:easy"])
    match = Match.new(game_id, len(seats), seats, {}, seed=3)
    scene = scene_class(game_id)(app, match)
    app.push(scene)
    rng = random.Random(2)
    held = 0
    for _ in range(12):
        hand_over(app)
        if match.state.is_over():
            break
        piece = a_piece(scene) if scene.human_can_act() else None
        if piece is not None:
            scene.drag.pick(piece)  # selected, as by a click or a digit key
            held += 1
        assert scene._play(rng.choice(match.state.legal_moves())) is None  # a button, a key or the AI
        assert scene.drag.piece is None and not scene.drag.legal
        app.step([])  # the next player's table (or the hand-off) draws
    assert held >= 3
