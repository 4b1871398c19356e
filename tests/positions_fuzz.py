"""Fuzzed position files for ``analyse``: seeded mutations of real positions of all five games.

The suite runs a few hundred in-process (``tests/test_cli_fuzz.py``); run this module for a
bigger offline measurement, each case in its own process with a time limit::

    python -m tests.positions_fuzz --cases 1500 --seed 11

It prints the counts of outcomes: ``json``, ``one_line`` (exit 2, one line on stderr),
``traceback``, ``other`` (anything else) and ``hang`` (over the time limit), plus the slowest
case and the largest memory, and writes failing inputs to ``--keep`` if given.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import yaml

from catgames.core.rules import CHANCE
from catgames.core.session import Match
from catgames.games import available_ids, load_game

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 7, 2**70, -2**70, 1.5, float("nan"), float("inf"), "", "x", "P1",
    "P9", "?", "O?", "O3", "T01", "cat", "dog", "A", "draw", "bell\x07and\nnew line\x1b[31m",
    "é" * 3, "\u2028", "x" * 300, [], [1, "a"], [None], {}, {"a": 1}, {"P1": []}, {"P1": 3},
    [[[]]], [{"cat": "O"}], {"cards": 3}, "2001-02-03", [1] * 40,
]


def seed_documents(rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    """Real positions of every game at a few moments of seeded random play, and a save of each."""
    docs = []
    for game_id in available_ids():
        game = load_game(game_id)
        for players in sorted({game.min_players, min(game.max_players, 3)}):
            state = game.new_state(players, None, rng.randrange(1000))
            for ply in range(45):
                if state.is_over():
                    break
                if state.to_move == CHANCE:
                    moves, weights = zip(*state.chance_outcomes())
                    state.apply(rng.choices(moves, weights)[0])
                    continue
                if ply % 15 == 0:
                    docs.append((game_id, state.to_dict()))
                state.apply(rng.choice(state.legal_moves()))
        match = Match.new(game, game.min_players, ["human"] * game.min_players, seed=3)
        for _ in range(4):
            if match.state.is_over():
                break
            match.play(rng.choice(match.state.legal_moves()))
        docs.append((f"{game_id}-save", match.to_dict()))
    return docs


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every key path into nested dicts and lists (the root is ``()``)."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):
            yield from _paths(v, path + (i,))


def _parent(doc: Any, path: tuple) -> tuple[Any, Any]:
    for key in path[:-1]:
        doc = doc[key]
    return doc, path[-1]


def _odd(rng: random.Random) -> Any:
    return copy.deepcopy(rng.choice(ODD_VALUES))


def _mutate_tree(rng: random.Random, doc: Any) -> Any:
    """One to three changes at random key paths: a value replaced, removed, wrapped or added."""
    for _ in range(rng.randint(1, 3)):
        paths = list(_paths(doc))
        path = rng.choice(paths)
        if not path:
            doc = rng.choice([_odd(rng), [doc], {"game": doc}])
            continue
        parent, key = _parent(doc, path)
        kind = rng.random()
        donor = _parent(doc, rng.choice(paths[1:]))
        if kind < 0.45:
            parent[key] = _odd(rng)
        elif kind < 0.6:
            parent[key] = copy.deepcopy(donor[0][donor[1]])
        elif kind < 0.7:
            parent[key] = [parent[key]] if rng.random() < 0.5 else {"x": parent[key]}
        elif kind < 0.85 and isinstance(parent, dict):
            del parent[key]
        elif isinstance(parent, dict):
            parent[rng.choice(["zz", 3, "P1", None, True])] = _odd(rng)
        else:
            parent.insert(key, _odd(rng))
    return doc


BOMB = "bomb: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"b{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 9))


def _mutate_text(rng: random.Random, text: str) -> bytes:
    """Damage to the file itself: bad bytes, cuts, control characters, nesting, aliases."""
    data = text.encode()
    kind = rng.randrange(7)
    at = rng.randrange(len(data) + 1)
    if kind == 0:
        return data[:at] + bytes(rng.randrange(128, 256) for _ in range(4)) + data[at:]
    if kind == 1:
        return data[:at]
    if kind == 2:
        out = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            if out:
                out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    if kind == 3:
        key = rng.choice(["game", "players", "seed", "options", "hands", "to_move"])
        return f"{key}: {'[' * 1000}{']' * 1000}\n".encode() + data
    if kind == 4:
        key = rng.choice(["players", "options", "hands", "seed", "weeks", "grid", "kotatsu"])
        return (BOMB + f"{key}: *a8\n").encode() + data.replace(f"\n{key}:".encode(), b"\nold:")
    if kind == 5:
        return data[:at] + rng.choice([b"\x00", b"\x07", b"\x1b", b"\t", b"\r", b"\xef\xbb\xbf"]) \
            + data[at:]
    return b"- " + data.replace(b"\n", b"\n  ")


def cases(seed: int, count: int) -> Iterator[tuple[str, bytes]]:
    """``count`` fuzzed files as ``(name, bytes)``, the same for the same seed."""
    rng = random.Random(seed)
    docs = seed_documents(rng)
    for n in range(count):
        name, doc = rng.choice(docs)
        text = yaml.safe_dump(_mutate_tree(rng, json.loads(json.dumps(doc))), allow_unicode=True,
                              sort_keys=False)
        if rng.random() < 0.25:
            yield f"{n}-{name}-text", _mutate_text(rng, text)
        else:
            yield f"{n}-{name}", text.encode()


def classify(code: int, out: str, err: str) -> str:
    """``json``, ``one_line``, ``traceback`` or ``other`` for one finished ``analyse``."""
    if "Traceback" in err:
        return "traceback"
    if code == 0 and not err:
        try:
            json.loads(out)
            return "json"
        except ValueError:
            return "other"
    if code == 2 and not out and len(err.splitlines()) == 1 and err.endswith("\n"):
        return "one_line"
    return "other"


def _run_one(path: Path, limit: float) -> tuple[str, float, str]:
    """Analyse ``path`` in a fresh process: outcome, seconds and stderr."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "catgames", "analyse", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return "hang", time.perf_counter() - started, ""
    return classify(proc.returncode, out, err), time.perf_counter() - started, err


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--limit", type=float, default=2.0, help="seconds per case")
    parser.add_argument("--keep", type=Path, default=None, help="folder for failing inputs")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    slowest = (0.0, "")
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in cases(args.seed, args.cases):
            path = Path(tmp) / f"{name}.yaml"
            path.write_bytes(data)
            outcome, seconds, err = _run_one(path, args.limit)
            counts[outcome] += 1
            slowest = max(slowest, (seconds, name))
            if outcome not in ("json", "one_line"):
                print(f"{outcome}: {name}: {err.strip().splitlines()[-1:]}", file=sys.stderr)
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    (args.keep / path.name).write_bytes(data)
            path.unlink()
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"cases": args.cases, "seed": args.seed, "outcomes": dict(counts),
                      "slowest_s": round(slowest[0], 2), "slowest_case": slowest[1],
                      "peak_child_rss_mb": round(peak / 1024, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
