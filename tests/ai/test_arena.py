"""Arena, selfplay and bench: seat alternation, determinism, intervals and result shapes."""

from __future__ import annotations

import math
import random

import pytest

from catgames.ai.arena import arena, as_player, derive_seed, selfplay, wilson
from catgames.ai.budget import Budget
from catgames.ai.bench import bench, turn_decisions_s
from catgames.ai.greedy import GreedyPlayer
from catgames.ai.hooks import Heuristics
from catgames.ai.player import RandomPlayer
from catgames.ai.presets import make_player
from catgames.ai.tree import MCTSPlayer
from catgames.games import load_game

from .toygames import Bounty, BountyHeuristics, Nim, TicTacToe


@pytest.mark.parametrize("successes, n, expected", [
    (5, 10, (0.2366, 0.7634)),
    (0, 10, (0.0, 0.2775)),
    (10, 10, (0.7225, 1.0)),
    (81, 100, (0.7222, 0.8749)),
])
def test_wilson_interval(successes, n, expected):
    assert wilson(successes, n) == pytest.approx(expected, abs=1e-4)


class SeatRecorder(RandomPlayer):
    def __init__(self) -> None:
        self.seats: list[int] = []

    def choose(self, state, seat, rng, budget=None):
        if not self.seats or self.seats[-1] != seat:
            self.seats.append(seat)
        return super().choose(state, seat, rng, budget)


def test_arena_alternates_seats_and_counts_every_game():
    recorder = SeatRecorder()
    result = arena(Nim(), recorder, RandomPlayer(), n=6, seed=1)
    assert recorder.seats == [0, 1, 0, 1, 0, 1]
    assert set(result) == {"a", "b", "n", "players", "wins_a", "wins_b", "draws", "fair_share", "ci95",
                           "points_a", "points_b"}
    assert result["wins_a"] + result["wins_b"] + result["draws"] == 6
    lo, hi = result["ci95"]
    assert 0.0 <= lo <= (result["wins_a"] + result["draws"] / 2) / 6 <= hi <= 1.0


def test_arena_credits_the_right_player_from_either_seat():
    # Nim (3, 4, 5) is a first-player win: perfect play wins from seat 0 only.
    result = arena(Nim(), "ai:hard", "ai:hard", n=4, seed=0)
    assert (result["wins_a"], result["wins_b"]) == (2, 2)


def test_arena_and_selfplay_replay_exactly_from_a_seed():
    greedy = GreedyPlayer(BountyHeuristics(), samples=2)
    assert arena(Bounty(), greedy, "random", 8, seed=9) == arena(Bounty(), greedy, "random", 8,
                                                                  seed=9)
    assert selfplay(TicTacToe(), ["random", "random"], 5, seed=2) == \
        selfplay(TicTacToe(), ["random", "random"], 5, seed=2)


def test_a_fixed_work_player_does_all_its_work_in_the_arena_however_short_its_clock():
    """A busy machine must not change a measurement: the arena drops the time limits of a
    player whose work is fixed, and leaves the player it was given as it was."""
    starved = MCTSPlayer(Heuristics(), budget=Budget(soft_s=1e-9, cap_s=1e-9, iterations=60))
    unlimited = MCTSPlayer(Heuristics(), budget=Budget(soft_s=None, iterations=60))
    assert as_player(TicTacToe(), starved).budget == Budget(math.inf, math.inf, 60)
    assert starved.budget.soft_s == 1e-9
    assert arena(TicTacToe(), starved, "random", 12, seed=4) == \
        arena(TicTacToe(), unlimited, "random", 12, seed=4)
    timed = MCTSPlayer(Heuristics(), budget=Budget(soft_s=0.5))
    assert as_player(TicTacToe(), timed) is timed  # a player on the clock keeps its clock
    greedy = GreedyPlayer(BountyHeuristics(), samples=2, budget=Budget(soft_s=1e-9))
    assert as_player(Bounty(), greedy).budget.soft_s == math.inf  # its work is its candidates


def test_selfplay_reports_every_game():
    result = selfplay(Bounty(), ["random", "ai:easy", "random"], 4, seed=3)
    assert result["game"] == "toy_bounty" and result["seats"] == ["random", "ai:easy", "random"]
    assert len(result["games"]) == 4
    for game in result["games"]:
        assert set(game) == {"seed", "winner", "scores", "moves", "why"}
        assert game["winner"] == "draw" or 0 <= game["winner"] < 3
        assert len(game["scores"]) == 3 and game["moves"] == 12
    assert sum(result["wins"]) + result["draws"] == 4


def test_bench_shape():
    result = bench(TicTacToe(), positions=2, playout_s=0.02, difficulties=("easy", "hard"))
    assert result["playouts_per_s"] > 0 and result["legal_moves_ms"] >= 0
    assert set(result["ai_move_s"]) == {"easy", "hard"}
    for times in result["ai_move_s"].values():
        assert 0 <= times["median"] <= times["max"]
    assert set(result["ai_turn_s"]) == {"easy", "hard"}


class FirstMoveCounter(RandomPlayer):
    """Always the first legal move, counting whose decisions it was asked for."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def choose(self, state, seat, rng, budget=None):
        self.calls.append(seat)
        return state.legal_moves()[0]


def test_a_whole_turn_is_every_decision_of_the_seat_to_move():
    state = load_game("cathood").new_state(2, None, 5)
    for _ in range(2):  # both cats placed; the first move then ends on a supermarket
        state.apply(state.legal_moves()[0])
    seat = state.to_move
    counter = FirstMoveCounter()
    assert all(t >= 0 for t in turn_decisions_s(counter, state, seed=1))
    assert state.to_move == seat  # the position itself is not played on
    walked = state.clone()
    decisions = 0
    while walked.to_move == seat:
        walked.apply(walked.legal_moves()[0])
        decisions += 1
    assert decisions >= 2 and counter.calls == [seat] * decisions
    one_move = FirstMoveCounter()
    turn_decisions_s(one_move, TicTacToe().new_state(2, None, 0), seed=1)
    assert len(one_move.calls) == 1


def test_bench_times_the_table_size_asked_for():
    result = bench(Bounty(), positions=2, playout_s=0.02, difficulties=("easy",), players=4)
    assert result["players"] == 4


def test_derived_seeds_are_stable_and_distinct():
    assert derive_seed(1, "a") == derive_seed(1, "a") != derive_seed(1, "b")
    assert random.Random(derive_seed(0)).random() == random.Random(derive_seed(0)).random()


def test_arena_with_more_seats_rotates_a_through_every_seat():
    recorder = SeatRecorder()
    result = arena(Bounty(), recorder, RandomPlayer(), n=6, seed=4, players=3)
    assert recorder.seats[:3] == [0, 1, 2] and result["players"] == 3
    assert result["fair_share"] == round(1 / 3, 4)
    assert result["wins_a"] + result["wins_b"] + result["draws"] == 6


class HandRecorder(RandomPlayer):
    """Notes whether the hands it is handed are readable (the real state) or hidden piles."""

    def __init__(self, sees_all: bool) -> None:
        self.sees_all = sees_all
        self.saw: list[bool] = []

    def choose(self, state, seat, rng, budget=None):
        other = state.hands[1 - seat]
        self.saw.append(isinstance(other, list))
        return super().choose(state, seat, rng, budget)


def test_an_oracle_is_handed_the_real_state_and_everyone_else_observations():
    oracle, player = HandRecorder(sees_all=True), HandRecorder(sees_all=False)
    arena(Bounty(), oracle, player, n=2, seed=4)
    assert oracle.saw and all(oracle.saw)
    assert player.saw and not any(player.saw)


def test_an_oracle_thinks_in_the_real_world_and_others_in_determinizations():
    real = Bounty().new_state(2, None, 8)
    seen: list[list[int]] = []

    class Peek(BountyHeuristics):
        def evaluate(self, state, seat):
            seen.append(list(state.hands[1]))
            return super().evaluate(state, seat)

    oracle = GreedyPlayer(Peek(), samples=3)
    oracle.sees_all = True
    oracle.choose(real.clone(), 0, random.Random(1))
    assert seen and all(hand == real.hands[1] for hand in seen)
    seen.clear()
    GreedyPlayer(Peek(), samples=3).choose(real.observe(0), 0, random.Random(1))
    assert any(hand != real.hands[1] for hand in seen)


def test_reference_seats_are_a_noiseless_greedy_over_four_worlds_and_an_all_seeing_hard():
    kotatsu = load_game("kotatsu")
    greedy = as_player(kotatsu, "ref:greedy")
    assert isinstance(greedy, GreedyPlayer)
    assert (greedy.samples, greedy.temperature, greedy.sees_all) == (4, 0.0, False)
    oracle = as_player(kotatsu, "ref:oracle")
    assert type(oracle) is type(make_player("kotatsu", "hard")) and oracle.sees_all
    assert not make_player("kotatsu", "hard").sees_all
    assert as_player(load_game("bed"), "ref:greedy").samples == 1


@pytest.mark.parametrize("game_id", ["days", "boxes"])
def test_normal_is_the_reference_greedy_where_the_ladder_says_so(game_id):
    """docs/ai.md counts hard against ref:greedy as hard against normal in these games."""
    game = load_game(game_id)
    normal, reference = make_player(game_id, "normal", game), as_player(game, "ref:greedy")
    assert isinstance(normal, GreedyPlayer) and isinstance(reference, GreedyPlayer)
    knobs = ("width", "samples", "temperature", "top_k", "sees_all")
    assert [getattr(normal, k) for k in knobs] == [getattr(reference, k) for k in knobs]
