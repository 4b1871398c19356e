"""Relative rewards: an iteration is rewarded for what the moves changed, not for the world."""

from __future__ import annotations

from catgames.ai.budget import Budget
from catgames.ai.arena import arena
from catgames.ai.ismcts import ISMCTSPlayer
from catgames.ai.playout import evaluations, rewards

from .toygames import Bounty, BountyHeuristics, PigHeuristics, PigState


def test_relative_rewards_count_only_what_changed_since_the_baseline():
    h = PigHeuristics()
    ahead = PigState(scores=(12, 2))
    baseline = evaluations(ahead, h)
    assert rewards(ahead, h, 5.0, baseline) == (0.5, 0.5)
    assert rewards(ahead, h, 5.0)[0] > 0.85   # without it, the lead the world gave dominates
    later = PigState(scores=(12, 6))
    gained = rewards(later, h, 5.0, baseline)
    assert gained[1] > 0.5 > gained[0]


def test_ismcts_with_relative_rewards_beats_random_heads_up():
    player = ISMCTSPlayer(BountyHeuristics(), rollout_depth=2, relative=True,
                          budget=Budget(soft_s=None, iterations=100))
    result = arena(Bounty(), player, "random", 30, seed=4)
    assert result["ci95"][0] > 0.5
