"""Every game's table draws at every size: at the smallest and largest player count and at a
larger UI text scale, each text stays in the window, the board, header and side panel show
text, the side panel names every seat, and the larger scale really draws larger text."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids, load_game
from catgames.ui.canvas import VIRTUAL_SIZE
from catgames.ui.game_scene import BOARD_RECT, HEADER, SIDE_RECT
from catgames.ui.names import shown_names
from catgames.ui.registry import scene_class
from catgames.ui.scenes.handoff import HandoffScene
from tests.games.table_sizes import Drawn, inside, texts_of_a_frame
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, hand_over

WINDOW = pygame.FRect((0, 0), VIRTUAL_SIZE)
SCALES = (1.0, 1.5)

CASES = [(game_id, players) for game_id in available_ids()
         for players in sorted({load_game(game_id).min_players, load_game(game_id).max_players})]


def draw_table(game_id: str, players: int, scale: float) -> tuple[Drawn, list[str]]:
    """The texts of one full frame of a fresh all-human table, and its seat names."""
    app = new_app(Settings(ai_speed="instant", ui_scale=scale), worker_factory=IdleWorker, seed=1)
    match = Match.new(game_id, players, ["human"] * players, {}, seed=3)
    app.push(scene_class(game_id)(app, match))
    hand_over(app)
    assert not isinstance(app.stack.top, HandoffScene)
    drawn = texts_of_a_frame(app)
    app.stack.pop_until(lambda s: False)
    return drawn, shown_names(match)


@pytest.mark.parametrize("game_id, players", CASES)
def test_the_table_draws_at_every_size(catgames_home, game_id, players):
    title_heights = []
    for scale in SCALES:
        drawn, seats = draw_table(game_id, players, scale)
        assert [line for line, rect in drawn if not WINDOW.contains(rect)] == [], scale
        assert all(inside(drawn, region) for region in (BOARD_RECT, HEADER, SIDE_RECT)), scale
        side = " ".join(inside(drawn, SIDE_RECT))
        assert [seat for seat in seats if seat not in side] == [], scale
        title_heights.append(max(rect.h for _, rect in drawn if HEADER.contains(rect)))
    assert title_heights == sorted(title_heights) and title_heights[0] < title_heights[-1]
