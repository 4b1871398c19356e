"""Computer players through the Cathood table: whole games to the game-over screen."""

from __future__ import annotations

import pytest

from catgames.ai.worker import AIWorker
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.cathood.rules import GAME
from catgames.games.cathood.scene import CathoodScene
from catgames.ui.app import App
from tests.helpers import run_to_game_over


@pytest.mark.parametrize("players", [2, 4])
def test_computers_play_a_whole_game_through_the_table(catgames_home, players):
    app = App(Settings(ai_speed="instant"), seed=2,
              worker_factory=lambda: AIWorker(use_process=False, load=lambda game_id: GAME))
    match = Match.new(GAME, players, ["ai:easy"] * players, {}, seed=4)
    scene = CathoodScene(app, match)
    app.push(scene)
    over = run_to_game_over(app, 20000)
    state = scene.match.state
    assert state.is_over()
    out = over.outcome
    assert out == state.outcome()
    heads, rows = scene.score_table(out)
    assert len(heads) == 9 and len(rows) == players and all(len(r) == len(heads) for r in rows)
    assert [int(r[-1]) for r in rows] == list(out.scores)
    assert any("Game over" in line for line in scene.log)
    assert any("collects" in line for line in scene.log)
    app.run_frames(80)                     # the totals count up and the detail draws
    app.stack.pop_until(lambda s: False)
