"""Property tests over random legal games of This Bed Is Mine (both sides)."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from catgames.core.rules import NOBODY
from catgames.games.bed.game import GAME
from catgames.games.bed.rules import BedState


def play_random(side: str, seed: int, check_every_step: bool = True) -> tuple[BedState, list]:
    rng = random.Random(seed)
    state = GAME.new_state(2, {"side": side})
    trace = []
    while not state.is_over():
        before = state.clone()
        move = rng.choice(state.legal_moves())
        events = state.apply(move)
        trace.append((before, move, events))
        if check_every_step:
            passed_before = before.passed[:]
            # a pass is permanent, and a passed seat is never asked to move again
            assert all(state.passed[s] for s in (0, 1) if passed_before[s])
            if not state.is_over():
                assert not state.passed[state.to_move]
    return state, trace


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), side=st.sampled_from(["A", "B"]))
def test_random_game_ends_and_scores_consistently(seed, side):
    state, trace = play_random(side, seed)
    assert state.to_move == NOBODY and state.passed == [True, True]
    assert len(trace) <= 18
    out = state.outcome()
    detail = out.detail
    won = {"cat": 0, "dog": 0}
    for sec in detail["sections"]:
        if sec["owner"]:
            won[sec["owner"]] += sec["size"]
    assert detail["section_points"] == won
    assert out.scores == (won["cat"] + detail["toy_bonus"]["cat"], won["dog"] + detail["toy_bonus"]["dog"])
    if out.scores[0] == out.scores[1]:
        assert out.winner is None
    else:
        assert out.winner == (0 if out.scores[0] > out.scores[1] else 1)
    # after the game ends, neither seat has a placement left (R11)
    assert state.moves_for(0) == [] and state.moves_for(1) == []


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), side=st.sampled_from(["A", "B"]))
def test_clone_and_position_round_trip(seed, side):
    state, trace = play_random(side, seed, check_every_step=False)
    for before, move, _ in trace:
        copy = before.clone()
        copy.apply(move)                      # mutating a clone leaves the original alone
        assert before.check(move) is None
        reloaded = GAME.state_from_dict(before.to_dict())
        assert reloaded.to_dict() == before.to_dict()
        assert sorted(map(str, reloaded.legal_moves())) == sorted(map(str, before.legal_moves()))
    assert GAME.state_from_dict(state.to_dict()).outcome() == state.outcome()


def test_a_passed_seat_is_skipped_and_the_other_moves_back_to_back():
    """Over seeded games, find a pass mid-game and check the other seat then moves repeatedly."""
    seen = 0
    for seed in range(40):
        _, trace = play_random("A", seed)
        movers = [before.to_move for before, _, _ in trace]
        for i, (before, _, events) in enumerate(trace):
            passes = [e.seat for e in events if e.kind == "pass"]
            if len(passes) == 1 and i + 2 < len(trace):
                survivor = 1 - passes[0]
                assert movers[i + 1:] == [survivor] * len(movers[i + 1:])
                seen += 1
    assert seen > 0


def test_every_legal_move_checks_clean_and_random_illegal_moves_are_refused():
    rng = random.Random(7)
    state = GAME.new_state(2)
    state.apply(rng.choice(state.legal_moves()))
    legal = {str(m) for m in state.legal_moves()}
    from catgames.games.bed.components import Placement
    for _ in range(2000):
        move = Placement(rng.randint(1, 9), rng.randint(0, 3), rng.randint(0, 16), rng.randint(0, 12))
        reason = state.check(move)
        canonical_legal = reason is None
        if canonical_legal:
            copy = state.clone()
            copy.apply(move)
            assert str(copy.history[-1][1]) in legal
        else:
            assert reason.code in {"off_board", "overlap", "tile_used"}
