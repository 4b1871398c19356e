"""The bed AI: a full AI-against-AI game through the table to the game-over screen, and the
heuristics' basic sense."""

from __future__ import annotations

import itertools
import random

import pytest

from catgames.core.rules import Outcome
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.ai import HEURISTICS
from catgames.games.bed.game import GAME
from catgames.games.bed.table.scene import BedScene
from tests.games.bed.helpers import position
from tests.games.ai_table import DRAWN_EVERY, waiting_workers
from tests.helpers import close_apps, new_app, run_to_game_over


def play_through_the_table() -> tuple[Outcome, list[str]]:
    """Two easy AIs play a whole game at the table; its outcome and moves."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=waiting_workers(), seed=2)
    match = Match.new("bed", 2, ["ai:easy", "ai:easy"], {"side": "B"}, seed=4)
    scene = BedScene(app, match)
    app.push(scene)
    run_to_game_over(app, drawn_every=DRAWN_EVERY)
    state = scene.local.match.state
    assert state.is_over() and state.passed == [True, True]
    assert len(scene.local.match.history) == len(state.history) >= 10
    out = app.stack.top.outcome
    assert out == state.outcome()
    app.stack.pop_until(lambda s: False)
    return out, [str(m) for m in state.history]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Outcome, list[str]]:
    """One game at the table on this machine, played once for the module's tests (they only
    read it); its app is closed before any test starts."""
    with pytest.MonkeyPatch.context() as patch:  # as ``catgames_home`` sets them up
        patch.setenv("CATGAMES_HOME", str(tmp_path_factory.mktemp("home")))
        patch.delenv("LANGUAGE", raising=False)
        patch.setenv("LC_ALL", "C.UTF-8")
        try:
            return play_through_the_table()
        finally:
            close_apps()


def test_two_ais_play_a_whole_game_through_the_table(played):
    outcome, moves = played
    assert outcome.scores and len(moves) >= 10


def test_the_table_game_does_not_depend_on_the_machines_speed(catgames_home, monkeypatch, played):
    """On a machine so slow that every look at the clock finds 5 s gone, the same game."""
    ticks = itertools.count()
    monkeypatch.setattr("catgames.ai.budget.perf_counter", lambda: 5.0 * next(ticks))
    assert play_through_the_table() == played


def test_evaluation_is_zero_sum_and_rewards_settled_ground_and_room():
    mirror = position("C4 rot0 (0,0), D4 rot0 (0,10)", to_move="cat")
    assert HEURISTICS.evaluate(mirror, 0) == HEURISTICS.evaluate(mirror, 1) == 0
    # the Cat walls off a settled notch the Dog does not have: the Cat is better off
    notch = position("C4 rot0 (0,0), D4 rot2 (8,5)", to_move="cat")
    assert HEURISTICS.evaluate(notch, 0) > 0 > HEURISTICS.evaluate(notch, 1)
    # a side whose big tiles no longer fit is worse off (D6: the Dog's 8 and 9 are stuck)
    from tests.games.bed.test_scenarios import D6
    stuck = position(D6)
    assert HEURISTICS.evaluate(stuck, 1) < 0


def test_short_candidate_lists_are_ranked_by_evaluation():
    rng = random.Random(3)
    state = GAME.new_state(2)
    for _ in range(6):
        state.apply(rng.choice(state.legal_moves()))
    moves = state.legal_moves()
    top = HEURISTICS.candidates(state, moves, 8)
    assert len(top) == 8 and len(set(top)) == 8 and set(top) <= set(moves)
    seat = state.to_move

    def value(m):
        child = state.clone()
        child.apply(m)
        return HEURISTICS.evaluate(child, seat)

    values = [value(m) for m in top]
    assert values == sorted(values, reverse=True)
    wide = HEURISTICS.candidates(state, moves, 200)
    assert len(wide) == 200 and len({m.digit for m in wide}) == len(set(state.in_hand(seat)))


def test_rollout_moves_are_legal():
    rng = random.Random(9)
    state = GAME.new_state(2, {"side": "B"})
    while not state.is_over():
        move = HEURISTICS.rollout_move(state, rng)
        assert state.check(move) is None
        state.apply(move)
