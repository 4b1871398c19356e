"""Offline fuzz of the data files (not part of the suite): ``python -m tests.core.fuzz_data [seed] [-v]``.

Random mutations of ``data/*.yaml`` (a key or item deleted, an item or a key line duplicated, a
value given another type, a leaf given another value of its kind) go through every reader.  Each
ends refused (``DataError``), accepted with the same meaning (the tables read are equal), accepted
with a changed meaning (to be judged by hand: a legitimate new value?) or as a crash (a bug).
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from catgames.ai import presets
from catgames.core.data import DataError, data_path
from catgames.games import load_game
from tests.core.data_readers import GAMES, data_dir, dump, shipped, write_text
from tests.core.test_data_mutations import find, other_type, real_key, walk


def meaning(game: str) -> Any:
    """What every reader made of the file: the component tables, the AI ladder and weights."""
    components = importlib.import_module(f"catgames.games.{game}.components")
    cached = getattr(components, f"{game}_data")
    cached.cache_clear()
    try:
        data = getattr(components, f"load_{game}_data")()
        if hasattr(data, "ai"):
            data = dataclasses.replace(data, ai=None)  # a Node: read by the weights below
        if hasattr(data, "grid"):
            data = dataclasses.replace(data, grid=(data.grid.rows, data.grid.cols))  # no __eq__
        ladder = presets.ladder.__wrapped__(load_game(game))
        weights = importlib.import_module(f"catgames.games.{game}.ai").weights.__wrapped__()
        return data, ladder, weights
    finally:
        cached.cache_clear()


def new_value(value: Any, doc: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, 0, -value, value * 2, value + rng.randint(2, 20)])
    if isinstance(value, float):
        return rng.choice([value * 2, -value, 0.0, value + 1, value / 3])
    return rng.choice(sorted({v for _, v in walk(doc) if isinstance(v, str)}))


def mutate(doc: Any, text: str, rng: random.Random) -> tuple[str, str, str]:
    """(kind, where, the changed file's text)."""
    nodes = [(p, v) for p, v in walk(doc) if p]
    op = rng.choice(["delete", "duplicate", "type", "value"])
    if op == "duplicate" and rng.random() < 0.5:
        lines = text.split("\n")
        keyed = [i for i, line in enumerate(lines)
                 if ":" in line.split("#")[0] and not line.lstrip().startswith(("#", "-"))]
        i = rng.choice(keyed)
        return "duplicate key line", f"line {i + 1}: {lines[i].strip()[:50]}", "\n".join(lines[:i + 1] + lines[i:])
    if op == "duplicate":
        path, items = rng.choice([(p, v) for p, v in nodes if isinstance(v, list) and v])
        i = rng.randrange(len(items))
        items.insert(rng.randint(i + 1, len(items)), copy.deepcopy(items[i]))
        return "duplicate item", f"{'.'.join(path)}.{i}", dump(doc)
    if op == "value":
        nodes = [(p, v) for p, v in nodes if not isinstance(v, (dict, list))]
    path, value = rng.choice(nodes)
    parent = find(doc, path[:-1])
    key = int(path[-1]) if isinstance(parent, list) else real_key(parent, path[-1])
    where = ".".join(path)
    if op == "delete":
        del parent[key]
    elif op == "type":
        parent[key] = other_type(value)
    else:
        parent[key] = new_value(value, doc, rng)
        where += f": {value!r} -> {parent[key]!r}"
    return {"delete": "delete", "type": "type change", "value": "value change"}[op], where, dump(doc)


def main(seed: int, cases: int = 200, verbose: bool = False) -> dict[str, int]:
    rng = random.Random(seed)
    shipped_meaning = {game: meaning(game) for game in GAMES}
    counts = {"refused": 0, "accepted, same meaning": 0, "accepted, changed meaning": 0, "crash": 0}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for case in range(cases):
            game = rng.choice(GAMES)
            kind, where, text = mutate(shipped(game), data_path(f"{game}.yaml").read_text(encoding="utf-8"), rng)
            write_text(root, game, text)
            with data_dir(root / "data"):
                try:
                    got = meaning(game)
                    outcome = ("accepted, same meaning" if got == shipped_meaning[game]
                               else "accepted, changed meaning")
                    detail = ""
                except DataError as exc:
                    outcome, detail = "refused", str(exc)
                except Exception as exc:  # noqa: BLE001 - a crash is what the fuzz looks for
                    outcome, detail = "crash", repr(exc)
            counts[outcome] += 1
            if verbose or outcome != "refused":
                print(f"{case:3} {game:8} {kind:18} {where} => {outcome} {detail[:160]}")
    print(json.dumps({"seed": seed, "cases": cases, **counts}))
    return counts


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "-v"]
    main(int(args[0]) if args else 2026, verbose="-v" in sys.argv)
