"""Alpha-beta: exact answers on small games, no losses at tic-tac-toe, graceful timeouts."""

from __future__ import annotations

import random
from functools import lru_cache, reduce
from operator import xor

from catgames.ai.alphabeta import AlphaBetaPlayer
from catgames.ai.arena import arena
from catgames.ai.budget import Budget
from catgames.ai.hooks import Heuristics
from catgames.ai.player import RandomPlayer

from .toygames import (Nim, NimState, PigHeuristics, PigState, TicTacToe, TicTacToeState,
                       ttt_from_text)

EXACT = Budget(soft_s=None, iterations=30)


def exact_player(**kw) -> AlphaBetaPlayer:
    return AlphaBetaPlayer(Heuristics(), budget=EXACT, **kw)


def test_nim_takes_the_winning_move():
    state = NimState((3, 4, 5))
    heap, take = exact_player().choose(state, 0, random.Random(0))
    after = list(state.heaps)
    after[heap] -= take
    assert reduce(xor, after) == 0


def test_tictactoe_completes_a_line_and_blocks():
    win = ttt_from_text("XX.|OO.|...", turn=0)
    assert exact_player().choose(win, 0, random.Random(0)) == 2
    block = ttt_from_text("XX.|O..|...", turn=1)
    assert exact_player().choose(block, 1, random.Random(0)) == 2


def solve(state: TicTacToeState) -> int:
    """Game value for the side to move: 1 win, 0 draw, -1 loss (plain minimax)."""
    return _solve(state.board, state.turn)


@lru_cache(maxsize=None)
def _solve(board: tuple[int, ...], turn: int) -> int:
    state = TicTacToeState(board, turn)
    out = state.outcome()
    if out is not None:
        return 0 if out.winner is None else (1 if out.winner == state.turn else -1)
    best = -1
    for move in state.legal_moves():
        child = state.clone()
        child.apply(move)
        best = max(best, -solve(child))
    return best


def test_tictactoe_moves_keep_the_game_value():
    rng = random.Random(11)
    for _ in range(12):
        state = TicTacToe().new_state(2)
        for _ in range(rng.randrange(1, 6)):
            state.apply(rng.choice(state.legal_moves()))
        if state.outcome() is not None:
            continue
        child = state.clone()
        child.apply(exact_player().choose(state, state.turn, random.Random(0)))
        assert -solve(child) == solve(state)


def test_never_loses_tictactoe_to_random():
    result = arena(TicTacToe(), exact_player(), RandomPlayer(), n=20, seed=3)
    assert result["wins_b"] == 0
    assert result["wins_a"] >= 15


def test_perfect_play_draws_tictactoe():
    result = arena(TicTacToe(), exact_player(), exact_player(), n=2, seed=0)
    assert result["draws"] == 2


def test_depth_limited_search_handles_chance_and_repeated_turns():
    # Holding the 3 pending points wins at once; rolling risks a 1.
    state = PigState(scores=(18, 10), pending=3, turn=0)
    player = AlphaBetaPlayer(PigHeuristics(), budget=Budget(soft_s=None, iterations=3))
    assert player.choose(state, 0, random.Random(0)) == "hold"


def test_out_of_time_still_gives_a_legal_move():
    state = Nim().new_state(2)
    move = exact_player().choose(state, 0, random.Random(0), Budget(soft_s=0.0, cap_s=0.0))
    assert move in state.legal_moves()


def test_temperature_plays_legal_seeded_moves():
    state = ttt_from_text("X..|.O.|...", turn=0)
    noisy = exact_player(temperature=5.0, top_k=4)
    picks = [noisy.choose(state, 0, random.Random(s)) for s in range(6)]
    assert all(m in state.legal_moves() for m in picks)
    assert picks == [noisy.choose(state, 0, random.Random(s)) for s in range(6)]
    assert len(set(picks)) > 1
