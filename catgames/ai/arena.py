"""Measuring strength: play seeded games between players and report results with an interval.

``arena`` pits two players against each other with seats swapped every game (each deal is
played once from either side, which halves the luck of the draw); ``selfplay`` plays a fixed
seating.  Players see only ``observe(seat)``; chance in the real game comes from a generator
seeded per game, so a run replays exactly when the players are given fixed work
(``iterations``) rather than time; such a player plays here without its time ceilings, so the
load of the machine cannot cut its work.
"""

from __future__ import annotations

import copy
import hashlib
import math
import random
from dataclasses import replace
from typing import Any, Hashable, Sequence

from catgames.ai.greedy import GreedyPlayer
from catgames.ai.hooks import Heuristics, heuristics_for
from catgames.ai.player import Player, WeighingPlayer
from catgames.ai.playout import sample_chance
from catgames.ai.presets import make_player, player_from_spec
from catgames.core.rules import CHANCE, NOBODY, Game, Outcome, Seat, State
from catgames.core.catalogue import load_game
from catgames.core.moves import Move

PlayerLike = Player | str  #: a player, or a seat spec: ``random``, ``ai:easy|normal|hard``,
#:                             or a reference seat (``REFERENCE_SPECS``)

#: Reference seats for measuring, never offered in the app: ``ref:greedy`` is the evaluation's
#: noiseless best move over 4 determinizations; ``ref:oracle`` is hard shown the real state;
#: ``ref:rusher`` is ``ref:greedy`` that hurries the game to its end before anything else.
REFERENCE_SPECS = ("ref:greedy", "ref:oracle", "ref:rusher")
REFERENCE_WIDTH = 60   #: candidates ``ref:greedy`` weighs (the game's best-looking first)
REFERENCE_SAMPLES = 4
HASTE_POINTS = 1000.0  #: evaluation points a unit of haste outweighs, for ``ref:rusher``


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any parts (the same on every run and platform)."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a rate of ``successes`` out of ``n`` (95 % by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def as_game(game: Game | str) -> Game:
    return load_game(game) if isinstance(game, str) else game


def as_player(game: Game, player: PlayerLike) -> Player:
    if isinstance(player, str):
        player = (reference_player(game, player) if player in REFERENCE_SPECS
                  else player_from_spec(game, player))
    return unhurried(player)


def unhurried(player: Player) -> Player:
    """``player`` without its time limits when its work is fixed (``Budget.iterations``, or a
    greedy player's candidates times its worlds): the ceilings that keep it quick on a slow
    machine would cut its work on a busy one, and a run would no longer replay from its seed.
    A copy; the player passed in is left as it was."""
    if not isinstance(player, WeighingPlayer):
        return player
    if player.budget.iterations is None and not isinstance(player, GreedyPlayer):
        return player
    player = copy.copy(player)
    player.budget = replace(player.budget, soft_s=math.inf, cap_s=math.inf)
    return player


class Rushing(Heuristics):
    """A game's heuristics with its ``haste`` put first: every move that brings the game's end
    nearer beats every move that does not, and the evaluation only settles the rest."""

    def __init__(self, inner: Heuristics) -> None:
        self.inner = inner

    def evaluate(self, state: State, seat: Seat) -> float:
        value = self.inner.evaluate(state, seat)
        if state.is_over():
            return value
        haste = self.inner.haste(state, seat)
        assert haste is not None  # ``reference_player`` checked that the game names one
        return HASTE_POINTS * haste + value

    def candidates(self, state: State, moves: list[Move], limit: int | None = None) -> list[Move]:
        return self.inner.candidates(state, moves, limit)

    def forced_move(self, state: State) -> Move | None:
        return self.inner.forced_move(state)

    def rollout_move(self, state: State, rng: random.Random) -> Move:
        return self.inner.rollout_move(state, rng)


def reference_player(game: Game, spec: str) -> Player:
    """The player of a reference seat (``REFERENCE_SPECS``)."""
    samples = REFERENCE_SAMPLES if game.has_hidden_information else 1
    if spec == "ref:greedy":
        return GreedyPlayer(heuristics_for(game.id), width=REFERENCE_WIDTH, samples=samples)
    if spec == "ref:rusher":
        heuristics = heuristics_for(game.id)
        probe = game.new_state(game.min_players, None, 0)
        if heuristics.haste(probe, 0) is None:
            raise ValueError(f"{game.id}: ref:rusher needs the game's heuristics to name its "
                             "haste (catgames/ai/hooks.py)")
        # every legal move is weighed: the one move that lays a cat must not be cut
        return GreedyPlayer(Rushing(heuristics), samples=samples)
    oracle = make_player(game.id, "hard", game)
    assert isinstance(oracle, WeighingPlayer)  # every preset above random weighs its moves
    oracle.sees_all = True
    return oracle


def view_for(state: State, player: Player, seat: int) -> State:
    """What ``player`` is handed: the seat's observation, or for an oracle the real state (a
    copy, so it cannot change the game)."""
    return state.clone() if getattr(player, "sees_all", False) else state.observe(seat)


def play_game(state: State, players: Sequence[Player], seed: int) -> tuple[Outcome, int]:
    """Play ``state`` to the end in place; the outcome and the number of player moves."""
    rngs = [random.Random(derive_seed(seed, "seat", i)) for i in range(len(players))]
    chance = random.Random(derive_seed(seed, "chance"))
    moves = 0
    while (mover := state.to_move) != NOBODY:
        if mover == CHANCE:
            state.apply(sample_chance(state, chance))
            continue
        player = players[mover]
        state.apply(player.choose(view_for(state, player, mover), mover, rngs[mover]))
        moves += 1
    outcome = state.outcome()
    assert outcome is not None
    return outcome, moves


def arena(game: Game | str, a: PlayerLike, b: PlayerLike, n: int, seed: int = 0,
          options: dict[str, Hashable] | None = None, players: int = 2) -> dict[str, Any]:
    """``n`` games of ``players`` seats: A in one seat, B in all the others; A's seat moves on
    by one every game, so each deal is played from every seat.

    Returns ``{"a", "b", "n", "players", "wins_a", "wins_b", "draws", "fair_share", "ci95":
    [lo, hi], "points_a", "points_b"}``: the interval is Wilson's for A's score rate (a win
    counts 1, a draw shared by k top scorers 1/k), to compare with the fair share 1/players;
    the points are A's average final score and a B seat's.
    """
    game = as_game(game)
    pa, pb = as_player(game, a), as_player(game, b)
    wins_a = wins_b = draws = 0
    score = points_a = points_b = 0.0
    for i in range(n):
        seat_a = i % players
        seats = [pa if s == seat_a else pb for s in range(players)]
        state = game.new_state(players, options, derive_seed(seed, i // players))
        outcome, _ = play_game(state, seats, derive_seed(seed, i))
        points_a += outcome.scores[seat_a]
        points_b += (sum(outcome.scores) - outcome.scores[seat_a]) / (players - 1)
        if outcome.winner is None:
            draws += 1
            top = max(outcome.scores)
            tied = [s for s, v in enumerate(outcome.scores) if v == top]
            score += 1 / len(tied) if seat_a in tied else 0.0
        elif outcome.winner == seat_a:
            wins_a += 1
            score += 1
        else:
            wins_b += 1
    lo, hi = wilson(score, n)
    return {"a": _name(a), "b": _name(b), "n": n, "players": players, "wins_a": wins_a,
            "wins_b": wins_b, "draws": draws, "fair_share": round(1 / players, 4),
            "ci95": [round(lo, 4), round(hi, 4)], "points_a": round(points_a / max(1, n), 2),
            "points_b": round(points_b / max(1, n), 2)}


def selfplay(game: Game | str, seats: Sequence[PlayerLike], games: int, seed: int = 0,
             options: dict[str, Hashable] | None = None) -> dict[str, Any]:
    """``games`` games with a fixed seating (one player per seat, 2-5 seats).

    Returns ``{"game", "seats", "seed", "games": [{"seed", "winner", "scores", "moves",
    "why"}], "wins": [per seat], "draws"}``; ``winner`` is a seat or ``"draw"``; ``why`` is the
    outcome's code and arguments (``win(points=7, seat=0)``), not a sentence.
    """
    game = as_game(game)
    players = [as_player(game, s) for s in seats]
    results = []
    wins = [0] * len(players)
    draws = 0
    for i in range(games):
        deal = derive_seed(seed, i)
        outcome, moves = play_game(game.new_state(len(players), options, deal), players, deal)
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.winner] += 1
        results.append({"seed": deal, "winner": "draw" if outcome.winner is None else outcome.winner,
                        "scores": list(outcome.scores), "moves": moves, "why": str(outcome.why)})
    return {"game": game.id, "seats": [_name(s) for s in seats], "seed": seed,
            "games": results, "wins": wins, "draws": draws}


def _name(player: PlayerLike) -> str:
    return player if isinstance(player, str) else type(player).__name__
