"""A table opened after another in the same window draws its own board: the canvas keeps each
layer by its name and the table's ``version``, and a table just opened had the same version as
the last one, so a saved game continued after looking at another showed the other's board."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.ui.registry import scene_class
from catgames.ui.table.layout import BOARD_RECT
from tests.helpers import close_apps, new_app
from tests.ui.helpers import IdleWorker


def played(game_id: str, moves: int, seed: int) -> Match:
    match = Match.new(game_id, 2, ["human", "human"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        match.play(rng.choice(sorted(match.state.legal_moves(), key=str)))
    return match


def board_picture(game_id: str, before: Match | None) -> bytes:
    """The board of a table over a game 9 moves in, in a new window where the table over
    ``before`` (if any) was opened and closed first."""
    app = new_app(Settings(ai_speed="instant", reduce_motion=True), worker_factory=IdleWorker, seed=1)
    try:
        if before is not None:
            app.push(scene_class(game_id)(app, before))
            app.run_frames(3)
            app.stack.pop()
        app.push(scene_class(game_id)(app, played(game_id, 9, 3)))
        app.run_frames(3)
        return pygame.image.tobytes(app.canvas.surface.subsurface(app.canvas.real_rect(BOARD_RECT)), "RGB")
    finally:
        close_apps()


@pytest.mark.parametrize("game_id", ["bed", "kotatsu", "days", "boxes", "cathood"])
def test_a_table_opened_after_another_shows_its_own_board(catgames_home, game_id):
    assert board_picture(game_id, played(game_id, 2, 2)) == board_picture(game_id, None)
