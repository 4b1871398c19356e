"""A full four-player AI game with both decks combined, through the table to the end screen."""

from __future__ import annotations

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.days.table.scene import DaysScene
from catgames.ui.scenes.game_over import GameOverScene
from tests.games.ai_table import DRAWN_EVERY, END_SCREEN_FRAMES, waiting_workers
from tests.helpers import new_app, run_to_game_over


def test_four_ais_play_a_combined_game_through_the_table(catgames_home):
    app = new_app(Settings(ai_speed="instant"), worker_factory=waiting_workers(), seed=2)
    match = Match.new("days", 4, ["ai:easy"] * 4, {"decks": "combined"}, seed=4)
    scene = DaysScene(app, match)
    app.push(scene)
    over = run_to_game_over(app, drawn_every=DRAWN_EVERY)
    assert isinstance(over, GameOverScene)
    state = scene.local.match.state
    assert state.is_over() and over.outcome == state.outcome()
    heads, rows = scene.score_table(over.outcome)
    assert len(rows) == 4 and heads[-1] == "Total"
    assert [row[-1] for row in rows] == [str(s) for s in over.outcome.scores]
    assert len(scene.log) >= len(scene.local.match.history) // 2
    app.run_frames(*END_SCREEN_FRAMES)  # the end screen counts up and draws without error
    app.stack.pop_until(lambda s: False)
