"""Issue 26.1: a statue dragged from the board's "Statues left" line onto the lit tree plays
the park move, whichever of the statues drawn there the player takes, with or without a disc
put on Park first (7)."""

from __future__ import annotations

import pygame
import pytest

from catgames.games.cathood.table import layout as L
from catgames.games.cathood.components import ACTIONS
from tests.games.cathood.helpers import position
from tests.games.cathood.test_scene import drag, market, open_table, tile
from tests.ui.helpers import key


def park_ready():
    """P1 at an entrance of the jacaranda park of (0,0) with two purple cubes and Park unlocked."""
    return position({"P1": "H(0,0)", "P2": "V(2,0)"}, boards={"P1": {"cubes": {"purple": 2}}},
                    houses={"T09.N": "P1"}, **market())


@pytest.mark.parametrize("armed", [False, True])
@pytest.mark.parametrize("which", [0, 1, 2])
def test_any_statue_drawn_dragged_onto_the_tree_plays_park(catgames_home, which, armed):
    app, scene = open_table(["human", "ai:easy"], park_ready())
    assert scene.local.match.state.statues_left(0) == 3
    if armed:
        key(app, pygame.K_7)
        assert scene.armed == ACTIONS.index("park")
    drag(app, L.statue_point(which), tile(scene, 0, 0))
    assert [t.move for t in scene.local.match.history] == ["park (0,0)"]
    assert scene.local.match.state.statues_left(0) == 2
    app.stack.pop_until(lambda s: False)


def test_no_statue_is_taken_up_beside_the_line(catgames_home):
    app, scene = open_table(["human", "ai:easy"], park_ready())
    last = L.statue_point(2)
    assert scene.piece_at((last[0] + L.PIECE_STEP, last[1])) is None
    assert scene.piece_at((last[0], last[1] - 20)) is None
    app.stack.pop_until(lambda s: False)


def test_a_taken_up_statue_is_dropped_where_the_press_began_elsewhere(catgames_home):
    """With 7 the disc takes the statue up; a drag begun off any piece that ends on the lit tree
    (the tick shown on the way) plays there on release instead of doing nothing."""
    app, scene = open_table(["human", "ai:easy"], park_ready())
    key(app, pygame.K_7)
    assert scene.drag.selected is not None
    drag(app, (L.BOARD_PANEL.centerx, L.BOARD_PANEL.y + 30), tile(scene, 0, 0))
    assert [t.move for t in scene.local.match.history] == ["park (0,0)"]
    app.stack.pop_until(lambda s: False)
