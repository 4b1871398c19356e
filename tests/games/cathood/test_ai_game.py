"""Computer players through the Cathood table: games to the game-over screen."""

from __future__ import annotations

import random

from catgames.ai.budget import Budget
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.cathood.game import GAME
from catgames.games.cathood.table.scene import CathoodScene
from tests.games.ai_table import DRAWN_EVERY, END_SCREEN_FRAMES, waiting_workers
from tests.helpers import new_app, run_to_game_over

#: half the usual fixed work a move: the table, not how well the computers play, is under test
#: (and a Cathood frame with its board costs more than the move)
TABLE_BUDGET = Budget(soft_s=None, cap_s=None, iterations=20)


def finish_through_the_table(match: Match, frames: int) -> tuple[CathoodScene, object]:
    app = new_app(Settings(ai_speed="instant", reduce_motion=True), seed=2,  # fights not staged: AIs play on
                  worker_factory=waiting_workers(lambda game_id: GAME, TABLE_BUDGET))
    scene = CathoodScene(app, match)
    app.push(scene)
    over = run_to_game_over(app, frames, drawn_every=DRAWN_EVERY)
    state = scene.local.match.state
    assert state.is_over()
    out = over.outcome
    assert out == state.outcome()
    heads, rows = scene.score_table(out)
    assert len(heads) == 9 and len(rows) == match.players and all(len(r) == len(heads) for r in rows)
    assert [int(r[-1]) for r in rows] == list(out.scores)
    assert any("Game over" in line for line in scene.log)
    app.run_frames(*END_SCREEN_FRAMES)  # the totals count up and the detail draws
    app.stack.pop_until(lambda s: False)
    return scene, over


def test_two_computers_play_a_whole_game_through_the_table(catgames_home):
    match = Match.new(GAME, 2, ["ai:easy"] * 2, {}, seed=4)
    scene, _ = finish_through_the_table(match, 20000)
    assert any("collects" in line for line in scene.log)
    assert any("'s cat arrives on the street" in line for line in scene.log)


def test_four_computers_finish_a_game_through_the_table(catgames_home):
    """Random play (rules only) until a cat is one piece from the end or the safety valve's
    announced last rounds (this deal's case), then the table's AIs to the end."""
    match = Match.new(GAME, 4, ["ai:easy"] * 4, {}, seed=7)
    rng = random.Random(3)
    state = match.state
    last_rounds = state.data.announce_from + 1
    while not any(state.houses_left(s) + state.statues_left(s) <= 1 for s in range(4)) \
            and state.round < last_rounds:
        match.play(rng.choice(state.legal_moves()))
        state = match.state
    finish_through_the_table(match, 20000)
