"""Seeded mutations of all five data files, each drawn from a class of nonsense: all are refused.

The classes are applied only where they are nonsense whatever the value, so "refused" is the only
right outcome and the test can demand it of every case:

- ``unknown_key``: a new key in a mapping whose keys are a fixed schema (where the readers list
  the keys themselves, as with the shops of Cathood, a new key may be a new shop: not here);
- ``missing_key``: a key deleted that every reader asks for with ``node[key]`` (not ``get``);
- ``wrong_type``: any value replaced by one of another type (no value accepts every type);
- ``unknown_name``: a value read as one of a vocabulary replaced by a word outside it;
- ``repeated_item``: an item repeated in a list whose items must be distinct;
- ``wrong_size``: an item added to or dropped from a list whose length is fixed or checked;
- ``repeated_key``: a ``key: value`` line given twice (in the text, where YAML would keep one).

Where the schema lives is read from the readers themselves, by watching which keys they ask for
on the shipped file.  Every refusal must name the file and a key path on the way to the change.
The offline 200-case fuzz of changes that may be legitimate is reported in the issue note.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any, Callable, Iterator

import pytest

from catgames.core.data import Node, data_path
from tests.core.data_readers import GAMES, read_all, refusal, refusal_of_text, shipped

Path = tuple[str, ...]
CLASSES = ("unknown_key", "missing_key", "wrong_type", "unknown_name", "repeated_item", "wrong_size")
PER_CLASS = 3  #: mutations of each class drawn per file (a few seconds for all five files)
NEW_KEY, NEW_NAME = "zz_unknown_key", "zz_unknown_name"

#: Lists whose items must be distinct, and lists whose length is fixed or checked (glob paths).
REPEATED_ITEM = {
    "bed": ("players", "initial_area.allowed_digits", "sides.B.toy_icons.*"),
    "boxes": ("rotations", "box_cards", "scoring.*.choices", "scoring.winner_tiebreak"),
    "days": ("seats", "days", "cards", "modes.*.decks", "modes.*.starting_hand", "modes.*.dealt",
             "modes.*.removed", "modes.*.cat_trees", "cards.*.placement.days"),
    "kotatsu": ("colours", "cushions.each_colour"),
    "cathood": ("cats", "resources", "primary_colours", "shops.*", "tiles", "toy_types",
                "toy_cards", "building_cards", "park_cards", "discs.unlocks", "scoring.tiebreak",
                "scoring.cubes", "layouts.first_game.*.*"),
}
WRONG_SIZE = {
    "bed": ("players", "tiles.patterns.*", "initial_area.rows", "sides.B.pillows.*.cols"),
    "boxes": ("start_row.suggested_sides", "box_cards.*.toys"),
    "days": ("days",),
    "kotatsu": ("cards.copies_per_colour",),
    "cathood": ("tiles.*.edges", "layouts.first_game.*", "layouts.first_game.*.*"),
}


@dataclass
class Survey:
    """What the readers asked of the shipped file."""

    required: set[Path] = field(default_factory=set)    #: keys read with ``node[key]``
    optional: set[Path] = field(default_factory=set)    #: keys read with ``node.get(key)``
    listed: set[Path] = field(default_factory=set)      #: mappings whose keys are data
    choices: set[Path] = field(default_factory=set)     #: values read as one of a vocabulary


def survey(game: str, monkeypatch: pytest.MonkeyPatch) -> Survey:
    found = Survey()
    getitem, get, keys, items, text = Node.__getitem__, Node.get, Node.keys, Node.items, Node.str

    def watch(record: Callable[..., None], method: Callable[..., Any]) -> Callable[..., Any]:
        def watched(self: Node, *args: Any) -> Any:
            record(self, *args)
            return method(self, *args)
        return watched

    monkeypatch.setattr(Node, "__getitem__", watch(lambda n, k: found.required.add(n.path + (str(k),)), getitem))
    monkeypatch.setattr(Node, "get", watch(lambda n, k: found.optional.add(n.path + (str(k),)), get))
    monkeypatch.setattr(Node, "keys", watch(lambda n: found.listed.add(n.path), keys))
    monkeypatch.setattr(Node, "items", watch(lambda n: found.listed.add(n.path), items))
    monkeypatch.setattr(Node, "str", watch(
        lambda n, choices=None: choices is not None and found.choices.add(n.path), text))
    read_all(game)
    monkeypatch.undo()
    return found


def walk(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value of the document with its key path (the document itself first)."""
    yield path, value
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield from walk(child, path + (str(key),))


def find(doc: Any, path: Path) -> Any:
    for key in path:
        doc = doc[int(key)] if isinstance(doc, list) else next(v for k, v in doc.items() if str(k) == key)
    return doc


def real_key(mapping: dict[Any, Any], key: str) -> Any:
    return next(k for k in mapping if str(k) == key)


def other_type(value: Any) -> Any:
    if isinstance(value, (dict, list)):
        return 7
    if isinstance(value, str):
        return [1]
    return NEW_NAME  # numbers and booleans


Mutation = tuple[str, Path, Callable[[Any], None]]


def mutations(game: str, doc: Any, seen: Survey, rng: random.Random) -> Iterator[Mutation]:
    """``PER_CLASS`` document mutations of each class, as (class, path changed, change)."""
    nodes = list(walk(doc))

    def pick(kind: str, paths: list[Path], change: Callable[[Any, Path], None]) -> Iterator[Mutation]:
        for path in rng.sample(paths, min(PER_CLASS, len(paths))):
            yield kind, path, lambda d, p=path: change(d, p)

    def parent_and_key(d: Any, p: Path) -> tuple[Any, Any]:
        parent = find(d, p[:-1])
        return parent, int(p[-1]) if isinstance(parent, list) else real_key(parent, p[-1])

    def add_key(d: Any, p: Path) -> None:
        mapping = find(d, p)
        mapping[NEW_KEY] = copy.deepcopy(next(iter(mapping.values()), 1))

    def delete(d: Any, p: Path) -> None:
        parent, key = parent_and_key(d, p)
        del parent[key]

    def retype(d: Any, p: Path) -> None:
        parent, key = parent_and_key(d, p)
        parent[key] = other_type(parent[key])

    def rename(d: Any, p: Path) -> None:
        parent, key = parent_and_key(d, p)
        parent[key] = NEW_NAME

    def repeat(d: Any, p: Path) -> None:
        items = find(d, p)
        i = rng.randrange(len(items))
        items.insert(rng.randint(i + 1, len(items)), copy.deepcopy(items[i]))

    def resize(d: Any, p: Path) -> None:
        items = find(d, p)
        if isinstance(items, dict):
            del items[real_key(items, max(map(str, items)))]
        elif rng.random() < 0.5:
            items.append(copy.deepcopy(items[-1]))
        else:
            items.pop()

    def matching(globs: tuple[str, ...], least: int) -> list[Path]:
        return [p for p, v in nodes if isinstance(v, (list, dict)) and len(v) >= least
                and any(glob_match(p, g) for g in globs)]

    yield from pick("unknown_key", [p for p, v in nodes if isinstance(v, dict) and p not in seen.listed], add_key)
    yield from pick("missing_key", sorted(seen.required - seen.optional), delete)
    yield from pick("wrong_type", [p for p, _ in nodes if p], retype)
    yield from pick("unknown_name", sorted(seen.choices), rename)
    yield from pick("repeated_item", matching(REPEATED_ITEM[game], 1), repeat)
    yield from pick("wrong_size", matching(WRONG_SIZE[game], 2), resize)


def glob_match(path: Path, glob: str) -> bool:
    """``a.*.b`` matches ``a.x.b``: one ``*`` stands for one key."""
    parts = glob.split(".")
    return len(parts) == len(path) and all(fnmatchcase(k, g) for k, g in zip(path, parts))


def where(message: str, game: str) -> Path:
    """The key path a ``DataError`` message names (``()`` for the top level)."""
    prefix = f"data/{game}.yaml: "
    assert message.startswith(prefix) and "\n" not in message, message
    located = message[len(prefix):].split(": ", 1)[0]
    return () if located == "(top level)" else tuple(located.split("."))


def on_the_way(a: Path, b: Path) -> bool:
    """One path leads to the other: the error is reported at the change or around it."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]


@pytest.mark.parametrize("game", GAMES)
def test_every_mutation_of_a_class_of_nonsense_is_refused(game, tmp_path, monkeypatch):
    rng = random.Random(f"data-mutations-{game}")
    doc = shipped(game)
    seen = survey(game, monkeypatch)
    tried, wrong = set(), []
    for kind, path, change in mutations(game, doc, seen, rng):
        tried.add(kind)
        message = refusal(tmp_path, game, change, ai=path[:1] == ("ai",))
        if message is None or not on_the_way(where(message, game), path):
            wrong.append(f"{kind} at {'.'.join(path)}: {message or 'accepted'}")
    assert not wrong, "\n".join(wrong)
    assert tried == set(CLASSES), f"no place for {set(CLASSES) - tried}"


LINE = re.compile(r"^ *[a-z_][a-z_0-9]*: +[^ #{\[][^#]*$")


@pytest.mark.parametrize("game", GAMES)
def test_a_key_line_given_twice_is_refused(game, tmp_path):
    rng = random.Random(f"data-repeated-key-{game}")
    lines = data_path(f"{game}.yaml").read_text(encoding="utf-8").split("\n")
    keyed = [i for i, line in enumerate(lines) if LINE.match(line.split(" #")[0].rstrip())
             and not line.split(" #")[0].rstrip().endswith(("}", "]"))]
    for i in rng.sample(keyed, PER_CLASS):
        text = "\n".join(lines[:i + 1] + lines[i:])
        message = refusal_of_text(tmp_path, game, text, ai=False)
        assert message is not None and message.startswith(f"data/{game}.yaml: not valid YAML at line "), (
            lines[i], message)
        assert "is given twice in one mapping; expected each key once" in message, (lines[i], message)
