"""Relative rewards: an iteration is rewarded for what the moves changed, not for the world."""

from __future__ import annotations

from catgames.ai.budget import Budget
from catgames.ai.arena import arena
from catgames.ai.ismcts import ISMCTSPlayer
from catgames.ai.playout import evaluations, rewards

from .toygames import (
    PIG_TURN_LIMIT, Bounty, BountyHeuristics, BountyState, PigHeuristics, PigState,
)


def test_relative_rewards_count_only_what_changed_since_the_baseline():
    h = PigHeuristics()
    ahead = PigState(scores=(12, 2))
    baseline = evaluations(ahead, h)
    assert rewards(ahead, h, 5.0, baseline) == (0.5, 0.5)
    assert rewards(ahead, h, 5.0)[0] > 0.85   # without it, the lead the world gave dominates
    later = PigState(scores=(12, 6))
    gained = rewards(later, h, 5.0, baseline)
    assert gained[1] > 0.5 > gained[0]


def test_relative_end_rewards_a_finished_game_against_what_the_baseline_promised():
    h = PigHeuristics()
    baseline = evaluations(PigState(scores=(12, 2)), h)       # seat 0 well ahead
    drawn = PigState(scores=(12, 12), turns=PIG_TURN_LIMIT)   # over: a draw
    assert rewards(drawn, h, 5.0, baseline) == (0.5, 0.5)     # as good as the lead kept
    keeping, trailing = rewards(drawn, h, 5.0, baseline, relative_end=True)
    assert keeping < 0.5 < trailing          # the draw threw seat 0's lead away
    level = evaluations(PigState(scores=(7, 7)), h)
    assert rewards(drawn, h, 5.0, level, relative_end=True) == (0.5, 0.5)
    won = PigState(scores=(14, 2), turns=PIG_TURN_LIMIT)
    assert rewards(won, h, 5.0, baseline, relative_end=True)[0] > 0.5


def test_relative_end_measures_a_three_seat_result_from_the_fair_share():
    h = BountyHeuristics()
    level = evaluations(BountyState([[4], [5], [6]], [], [1], [], 0, [3, 3, 3], []), h)
    tied = BountyState([[], [], []], [], [1], [], 0, [3, 3, 3], [])       # over: all three level
    outcome = tied.outcome()
    assert outcome is not None and outcome.winner is None
    # a draw of all three (each its fair share) is as good as the level position it came
    # from; before, every finished three-seat game was a sixth below its baseline
    assert rewards(tied, h, 5.0, level, relative_end=True) == (0.5, 0.5, 0.5)
    won = BountyState([[], [], []], [], [1], [], 0, [5, 3, 3], [])
    first, *others = rewards(won, h, 5.0, level, relative_end=True)
    assert first > 0.5 > others[0] == others[1]


def test_ismcts_with_relative_rewards_beats_random_heads_up():
    player = ISMCTSPlayer(BountyHeuristics(), rollout_depth=2, relative=True,
                          budget=Budget(soft_s=None, iterations=100))
    result = arena(Bounty(), player, "random", 30, seed=4)
    assert result["ci95"][0] > 0.5
