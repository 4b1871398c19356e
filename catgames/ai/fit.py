"""Fit a game's evaluation to results: ``python -m catgames fit GAME --games N --seed S``.

Seeded self-play by noisy greedy players (a share of uniformly random moves for variety, as the
first fit of This Bed Is Mine did) records, at every move, each seat's features on one
determinization of that seat's observation (what its AI would see) and, at the end, that seat's
final margin (its score minus the best rival's).  A ridge least-squares fit, pure Python, gives
one weight per feature.  The same seed and the same data files give the same weights.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from catgames.ai.arena import derive_seed
from catgames.ai.budget import Budget
from catgames.ai.fitted import WEIGHTS, FittedHeuristics
from catgames.ai.greedy import GreedyPlayer
from catgames.ai.playout import sample_chance
from catgames.core.rules import CHANCE, NOBODY, Game

PHASES = ("early", "middle", "late")  #: thirds of a game by move number
RANDOM_SHARE = 0.25   #: self-play moves chosen uniformly at random
WIDTH = 40            #: candidates a self-play greedy move weighs
TEMPERATURE = 1.0     #: softmax noise of a self-play greedy move (points)
TOP_K = 6
RIDGE = 0.01          #: ridge penalty, relative to each feature's own sum of squares


@dataclass
class Sample:
    """One seat's view of one position."""

    features: list[float]
    old: float            #: the evaluation shipped when the fit ran
    phase: int            #: index into ``PHASES``
    margin: float = 0.0   #: the seat's final score minus the best rival's


@dataclass
class FitReport:
    weights: dict[str, float]
    games: int
    samples: int
    correlation: dict[str, tuple[float, float]] = field(default_factory=dict)  #: old, new


def collect(game: Game, heuristics: FittedHeuristics, games: int, seed: int,
            players: int = 2) -> list[Sample]:
    """Self-play ``games`` seeded games and return every seat's samples, margins filled in."""
    budget = Budget(soft_s=None, iterations=1)   # fixed work: every candidate is weighed
    player = GreedyPlayer(heuristics, width=WIDTH, temperature=TEMPERATURE, top_k=TOP_K,
                          budget=budget)
    samples: list[Sample] = []
    for g in range(games):
        state = game.new_state(players, None, derive_seed(seed, "deal", g))
        rng = random.Random(derive_seed(seed, "play", g))
        views = random.Random(derive_seed(seed, "views", g))
        per_seat: list[list[tuple[int, Sample]]] = [[] for _ in range(players)]
        ply = 0
        while (mover := state.to_move) != NOBODY:
            if mover == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            for seat in range(players):
                world = state.observe(seat).determinize(seat, views)
                per_seat[seat].append((ply, Sample(list(heuristics.features(world, seat)),
                                                   heuristics.evaluate(world, seat), 0)))
            view = state.observe(mover)
            if rng.random() < RANDOM_SHARE:
                move = rng.choice(view.legal_moves())
            else:
                move = player.choose(view, mover, rng)
            state.apply(move)
            ply += 1
        outcome = state.outcome()
        assert outcome is not None
        for seat, taken in enumerate(per_seat):
            margin = outcome.scores[seat] - max(s for i, s in enumerate(outcome.scores) if i != seat)
            for at, sample in taken:
                sample.margin = float(margin)
                sample.phase = min(len(PHASES) - 1, at * len(PHASES) // max(1, ply))
                samples.append(sample)
    return samples


def ridge(rows: Sequence[Sequence[float]], targets: Sequence[float],
          penalty: float = RIDGE) -> list[float]:
    """Least squares ``rows @ w ~ targets`` with a ridge ``penalty`` relative to each feature's
    sum of squares (so the scale of a feature does not change how much it is held back)."""
    d = len(rows[0]) if rows else 0
    gram = [[0.0] * d for _ in range(d)]
    rhs = [0.0] * d
    for row, y in zip(rows, targets):
        for i, xi in enumerate(row):
            if xi:
                rhs[i] += xi * y
                gram_i = gram[i]
                for j in range(d):
                    gram_i[j] += xi * row[j]
    for i in range(d):
        gram[i][i] += penalty * gram[i][i] + 1e-9
    return solve(gram, rhs)


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and well posed)."""
    n = len(rhs)
    a = [row[:] + [b] for row, b in zip(matrix, rhs)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        for r in range(col + 1, n):
            factor = a[r][col] / lead
            if factor:
                for c in range(col, n + 1):
                    a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's r (0 when either side is constant)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return 0.0 if sxx <= 0 or syy <= 0 else sxy / math.sqrt(sxx * syy)


def fit(game: Game, heuristics: FittedHeuristics, games: int, seed: int,
        players: int = 2) -> FitReport:
    """Self-play, fit, and the correlations of the old and the new evaluation with the margin."""
    samples = collect(game, heuristics, games, seed, players)
    weights = ridge([s.features for s in samples], [s.margin for s in samples])
    report = FitReport({n: round_weight(w) for n, w in zip(heuristics.names, weights)},
                       games, len(samples))
    groups = [("all", samples)] + [(name, [s for s in samples if s.phase == i])
                                   for i, name in enumerate(PHASES)]
    fitted = list(report.weights.values())
    for name, group in groups:
        margins = [s.margin for s in group]
        new = [sum(w * f for w, f in zip(fitted, s.features)) for s in group]
        report.correlation[name] = (correlation([s.old for s in group], margins),
                                    correlation(new, margins))
    return report


def round_weight(w: float) -> float:
    """Four significant digits: enough for play, short in the data file."""
    return 0.0 if w == 0 else float(f"{w:.4g}")


def write_weights(path: Path, weights: dict[str, float], note: str) -> None:
    """Replace the ``weights:`` block under ``ai:`` in ``path`` (or add it first under ``ai:``),
    keeping every other line, and each weight's own comment, as it was."""
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        ai = next(i for i, line in enumerate(lines) if re.match(r"ai:(\s|$)", line))
    except StopIteration:
        raise ValueError(f"{path}: no top-level 'ai:' mapping to write the weights into") from None
    start = next((i for i in range(ai + 1, len(lines)) if re.match(rf"  {WEIGHTS}:(\s|$)", lines[i])),
                 None)
    comments: dict[str, str] = {}
    if start is None:
        start = end = ai + 1
    else:
        end = start + 1
        while end < len(lines) and lines[end].startswith("    "):  # the block's own lines only
            key, _, rest = lines[end].strip().partition(":")
            if "#" in rest:
                comments[key] = rest[rest.index("#"):]
            end += 1
    block = [f"  {WEIGHTS}:{' ' * 30}# {note}"]
    width = max(len(name) for name in weights) + 2
    for name, value in weights.items():
        entry = f"    {name + ':':<{width}} {value!r}"
        block.append(f"{entry:<40}{comments[name]}" if name in comments else entry)
    lines[start:end] = block
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def describe(report: FitReport) -> str:
    """The report as the command prints it."""
    out = [f"{report.samples} positions (one per seat and move) from {report.games} games",
           "correlation with the final margin: old -> new"]
    out += [f"  {name:<7} {old:+.3f} -> {new:+.3f}" for name, (old, new) in report.correlation.items()]
    out += [f"  {name}: {w!r}" for name, w in report.weights.items()]
    return "\n".join(out)
