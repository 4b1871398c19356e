"""A full five-player If It Fits game between AIs, played through the table to the end screen."""

from __future__ import annotations

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.boxes.table.scene import BoxesScene
from tests.games.ai_table import waiting_workers
from tests.helpers import new_app, run_to_game_over


def test_five_ais_play_a_whole_game_through_the_table(catgames_home, monkeypatch):
    monkeypatch.setattr("catgames.core.storage.write_save", lambda game_id, data: None)  # not under test
    # no box walked through as it closes (``stage``): the game's frames are the AIs' alone
    app = new_app(Settings(ai_speed="instant", reduce_motion=True), worker_factory=waiting_workers(), seed=2)
    match = Match.new("boxes", 5, ["ai:easy"] * 5, {}, seed=5)
    scene = BoxesScene(app, match)
    app.push(scene)
    try:
        over = run_to_game_over(app, 4000)
        state = scene.local.match.state
        assert state.is_over() and not any(state.hands)
        assert over.outcome == state.outcome()
        heads, rows = scene.score_table(over.outcome)
        assert len(rows) == 5 and [int(r[-1]) for r in rows] == list(over.outcome.scores)
        assert scene.log[-1].strip() == "Every hand is played: the boxes are scored."
        app.run_frames(10)
    finally:
        app.stack.pop_until(lambda s: False)
