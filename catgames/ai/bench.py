"""Speed figures for a game: legal move generation, random playouts, and AI thinking time per
difficulty over a sample of positions reached by random play."""

from __future__ import annotations

import random
import statistics
from time import perf_counter
from typing import Any, Sequence

from catgames.ai.arena import as_game, derive_seed
from catgames.ai.hooks import Heuristics
from catgames.ai.player import Player
from catgames.ai.playout import rollout, sample_chance
from catgames.ai.presets import TUNED, make_player
from catgames.core.moves import Move
from catgames.core.rules import CHANCE, NOBODY, Game, State
from catgames.core.session import Match


def one_move_from_the_end(game: Game, players: int, seed: int) -> tuple[Match, Move]:
    """A match played by seeded random moves up to its last move, and that move: a finished
    game's end to measure (``ui.bench``), set up here, since a table's code never reads a match's
    state.  The game is played to its end by a match (which may end a turn by itself, where a
    cloned state would wait), then again to just before it; the last move's mover is its one human
    seat, the others easy machines, so no hand-off screen hides a hidden-hand game's end."""
    played, rng = Match.new(game, players, ["human"] * players, None, seed), random.Random(seed)
    moves: list[Move] = []
    while not played.state.is_over():
        mover = played.state.to_move
        moves.append(rng.choice(sorted(played.state.legal_moves(), key=str)))
        played.play(moves[-1])
    *before, last = moves
    match = Match.new(game, players, ["human" if seat == mover else "ai:easy" for seat in range(players)],
                      None, seed)
    for move in before:
        match.play(move)
    return match, last


def sample_positions(game: Game, players: int, count: int, seed: int) -> list[State]:
    """``count`` positions with a seat to move, each from a different seeded random game."""
    positions = []
    for k in range(count):
        rng = random.Random(derive_seed(seed, "positions", k))
        state = game.new_state(players, None, derive_seed(seed, "deal", k))
        seen = []
        while (mover := state.to_move) != NOBODY:
            if mover == CHANCE:
                state.apply_unchecked(sample_chance(state, rng))
                continue
            seen.append(state.clone())
            state.apply_unchecked(rng.choice(state.legal_moves()))
        if seen:
            positions.append(rng.choice(seen))
    return positions


def playouts_per_s(game: Game, players: int, seconds: float, seed: int) -> float:
    """Uniformly random games played to the end per second, from the opening position."""
    start = game.new_state(players, None, seed)
    rng = random.Random(seed)
    uniform = Heuristics()
    done = 0
    t0 = perf_counter()
    while (elapsed := perf_counter() - t0) < seconds or done == 0:
        rollout(start.clone(), uniform, rng)
        done += 1
    return done / elapsed


def legal_moves_ms(game: Game, players: int, repeats: int, seed: int) -> float:
    """Median milliseconds of ``legal_moves`` on the game's benchmark position."""
    state = game.benchmark_state(players, seed)
    times = []
    for _ in range(repeats):
        t0 = perf_counter()
        state.legal_moves()
        times.append((perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def turn_decisions_s(player: Player, state: State, seed: int) -> list[float]:
    """Seconds ``player`` thinks over each decision of one whole turn from ``state``: every
    decision of the seat to move until another seat (or nobody) is to move, chance events
    drawn between them.  The first is the decision at ``state`` itself."""
    state = state.clone()
    seat = state.to_move
    rng = random.Random(seed)
    seconds = []
    while (mover := state.to_move) in (seat, CHANCE):
        if mover == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        t0 = perf_counter()
        move = player.choose(state.observe(seat), seat, rng)
        seconds.append(perf_counter() - t0)
        state.apply(move)
    return seconds


def bench(game: Game | str, *, positions: int = 5, playout_s: float = 1.0, seed: int = 0,
          difficulties: Sequence[str] = TUNED, players: int | None = None) -> dict[str, Any]:
    """``{"game", "players", "legal_moves_ms", "playouts_per_s",
    "ai_move_s": {difficulty: {"median", "max"}}, "ai_turn_s": {...}}``: seconds per AI
    decision, and per whole turn (a turn of several decisions, as in Cathood, takes longer)."""
    game = as_game(game)
    n = players or max(2, game.min_players)
    sample = sample_positions(game, n, positions, seed)
    ai_move_s, ai_turn_s = {}, {}
    for difficulty in difficulties:
        player = make_player(game.id, difficulty, game)
        times, turns = [], []
        for k, state in enumerate(sample):
            decisions = turn_decisions_s(player, state, derive_seed(seed, difficulty, k))
            times.append(decisions[0])
            turns.append(sum(decisions))
        ai_move_s[difficulty] = _spread(times)
        ai_turn_s[difficulty] = _spread(turns)
    return {"game": game.id, "players": n,
            "legal_moves_ms": round(legal_moves_ms(game, n, 20, seed), 3),
            "playouts_per_s": round(playouts_per_s(game, n, playout_s, seed), 1),
            "ai_move_s": ai_move_s, "ai_turn_s": ai_turn_s}


def _spread(seconds: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(seconds), 4), "max": round(max(seconds), 4)}
