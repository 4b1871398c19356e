"""Computer players through the Kotatsu table: whole games to the game-over screen."""

from __future__ import annotations

import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.kotatsu.table.scene import KotatsuScene
from tests.games.ai_table import DRAWN_EVERY, END_SCREEN_FRAMES, waiting_workers
from tests.helpers import new_app, run_to_game_over


@pytest.mark.parametrize("players", [3, 4])
def test_computers_play_a_whole_game_through_the_table(catgames_home, players):
    app = new_app(Settings(ai_speed="instant"), worker_factory=waiting_workers(), seed=2)
    match = Match.new("kotatsu", players, ["ai:easy"] * players, {}, seed=4)
    scene = KotatsuScene(app, match)
    app.push(scene)
    over = run_to_game_over(app, 6000, skip_stages=True, drawn_every=DRAWN_EVERY)  # each resolution staged, then skipped
    state = scene.local.match.state
    assert state.is_over() and sum(len(c) for c in state.collected) >= 2
    out = over.outcome
    assert out == state.outcome()
    heads, rows = scene.score_table(out)
    assert len(rows) == players and all(len(r) == len(heads) for r in rows)
    assert [int(r[-1]) for r in rows] == list(out.scores)
    assert any("takes the" in line for line in scene.log) and any("Game over" in line for line in scene.log)
    app.run_frames(*END_SCREEN_FRAMES)  # the breakdown counts up and draws without error
    app.stack.pop_until(lambda s: False)
