"""Loading YAML component data with validation that names the file, the key path and the problem.

Every data error reads like ``data/bed.yaml: tiles.patterns.6: row 3 has 4 cells, expected 3``
so that whoever edits a data file can fix it without reading code.

Nonsense is refused, not ignored: a key that appears twice in one mapping, an alias, a list item
given twice where each must be distinct, and (after ``Node.done``) a key that no reader asked for
are errors like any other.
"""

from __future__ import annotations

import builtins
import copy

from pathlib import Path
from typing import Any, ClassVar, Iterable, Iterator, Self

import yaml

from catgames.core.safe_yaml import brief
from catgames.paths import DATA_DIR


class DataError(ValueError):
    """A data file that is missing, is not YAML, or does not have the expected shape."""


def data_path(name: str) -> Path:
    """The path of ``data/<name>``."""
    return DATA_DIR / name


def display_path(path: Path) -> str:
    """``data/bed.yaml`` for files under the project, else the path as given."""
    try:
        return str(path.resolve().relative_to(DATA_DIR.parent))
    except ValueError:
        return str(path)


def _refuse_alias(event: Any) -> None:
    if isinstance(event, yaml.AliasEvent):
        mark: Any = event.start_mark  # libyaml's marks are read the same way
        raise yaml.composer.ComposerError(None, None, f"alias *{event.anchor} refused; write the value out", mark)


class _OnceEach(yaml.constructor.SafeConstructor):
    """Refuses a key given twice in one mapping (YAML would silently keep the last)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: list[Any] = []
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} is given twice in one mapping; expected each key once",
                    key_node.start_mark)
            seen.append(key)
        return super().construct_mapping(node, deep)


class _StrictLoader(_OnceEach, yaml.SafeLoader):
    """Safe YAML that refuses what a hand-written data file never means: a key given twice in
    one mapping and aliases (no data file uses them, and they are how a small file expands into
    a huge document)."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        _refuse_alias(self.peek_event())  # type: ignore[no-untyped-call]  # untyped in PyYAML's stubs
        return super().compose_node(parent, index)


#: The same with libyaml's parser, ten times faster (the strings of a language are 20 files read
#: before the first frame); its composer is C, so aliases are looked for in its events first.
_FastStrictLoader: Any = (type("_FastStrictLoader", (_OnceEach, yaml.CSafeLoader), {})
                          if getattr(yaml, "__with_libyaml__", False) else None)


_parsed: dict[tuple[str, str], Any] = {}  #: documents by (path, text): parsing is slow
PARSED_KEPT = 64  #: documents kept; the shipped data files are about 40


def load_yaml(path: Path) -> "Node":
    """Parse ``path`` and wrap the document in a ``Node`` for validated access.

    A file read again with the same text is not parsed again (the strings of a language are
    read whenever it is chosen); the caller gets its own copy of the document all the same."""
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise DataError(f"{shown}: cannot read file ({reason})") from exc
    key = (str(path), text)
    if key not in _parsed:
        if len(_parsed) >= PARSED_KEPT:
            _parsed.clear()
        _parsed[key] = _parse(text, shown)
    return Node(copy.deepcopy(_parsed[key]), shown, ())


def _parse(text: str, shown: str) -> Any:
    try:
        if _FastStrictLoader is None:
            return yaml.load(text, Loader=_StrictLoader)  # a SafeLoader subclass: safe
        if "*" in text:  # no alias without one
            for event in yaml.parse(text, Loader=_FastStrictLoader):
                _refuse_alias(event)
        return yaml.load(text, Loader=_FastStrictLoader)  # a CSafeLoader subclass: safe
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(f"{shown}: not valid YAML{where}: {problem}") from exc


def distinct(nodes: Iterable[Node], what: str) -> None:
    """Refuse a text (an id, a name) that an earlier node already has; ``what`` names it."""
    first: dict[str, Node] = {}
    for node in nodes:
        text = node.str()
        if text in first:
            raise node.fail(f"{what} {text!r} is listed twice (first at {first[text].where}); "
                            f"expected each {what} once")
        first[text] = node


Keys = tuple[str, ...]  #: key names (outside ``Node``, whose ``str`` method shadows the type)


class Node:
    """A value inside a data file that knows where it came from, for error messages.

    Every node of one document shares ``asked``: the keys each mapping was asked for, by the
    mapping's path.  ``done`` uses it to refuse keys that no reader looked at.  Children are of
    the node's own class, so a subclass (``core.position.PositionNode``) adds readers and its
    own ``error`` type for a whole document.  ``file`` may be empty for a value that is not
    from a file (a save, a message): errors then start at the key path.
    """

    __slots__ = ("value", "file", "path", "asked")
    error: ClassVar[type[DataError]] = DataError  #: what ``fail`` builds

    def __init__(self, value: Any, file: str, path: tuple[str, ...],
                 asked: dict[tuple[str, ...], set[str]] | None = None) -> None:
        self.value = value
        self.file = file
        self.path = path
        self.asked = {} if asked is None else asked

    @property
    def where(self) -> str:
        """The key path; a key that is not short printable text (a file may hold anything) is
        shown as a brief repr, so a message stays one readable line."""
        keys = (k if k.isprintable() and len(k) <= 40 else brief(k) for k in self.path)
        return ".".join(keys) or "(top level)"

    def fail(self, message: str) -> DataError:
        """A ``DataError`` (``error``) located at this node (raise it)."""
        prefix = f"{self.file}: " if self.file else ""
        return self.error(f"{prefix}{self.where}: {message}")

    def _expect(self, kind: type | tuple[type, ...], name: str) -> Any:
        value = self.value
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.fail(f"expected {name}, got {value!r}")
        if not isinstance(value, kind):
            got = "nothing" if value is None else f"{type(value).__name__} {brief(value)}"
            raise self.fail(f"expected {name}, got {got}")
        return value

    def _ask(self, *keys: str) -> None:
        self.asked.setdefault(self.path, set()).update(keys)

    def child(self, key: Any) -> Self:
        if isinstance(self.value, dict):
            self._ask(str(key))
        return type(self)(self.value[key], self.file, self.path + (str(key),), self.asked)

    def __getitem__(self, key: str) -> Self:
        mapping = self._expect(dict, "a mapping")
        self._ask(key)
        if key not in mapping:
            raise self.fail(f"missing key {key!r}")
        return self.child(key)

    def get(self, key: str | builtins.int) -> Self | None:
        mapping = self._expect(dict, "a mapping")
        self._ask(str(key))
        return self.child(key) if key in mapping else None

    def keys(self) -> list[str]:
        """The keys of a mapping whose keys are data (names chosen by the file), all read."""
        keys = [str(k) for k in self._expect(dict, "a mapping")]
        self._ask(*keys)
        return keys

    def items(self) -> Iterator[tuple[str, Self]]:
        for key in self._expect(dict, "a mapping"):
            yield str(key), self.child(key)

    def list(self, length: int | None = None, min_length: int = 0, unique: bool = False,
             max_length: int | None = None) -> list[Self]:
        """The items of a list; ``unique``: an item equal to an earlier one is an error."""
        seq = self._expect(list, "a list")
        if length is not None and len(seq) != length:
            raise self.fail(f"has {len(seq)} items, expected {length}")
        if len(seq) < min_length:
            raise self.fail(f"has {len(seq)} items, expected at least {min_length}")
        if max_length is not None and len(seq) > max_length:
            raise self.fail(f"has {len(seq)} items, expected at most {max_length}")
        items = [self.child(i) for i in range(len(seq))]
        if unique:
            for i, item in enumerate(items):
                if item.value in seq[:i]:
                    raise item.fail(f"{brief(item.value)} repeats item {seq.index(item.value)}; "
                                    "expected each item once")
        return items

    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        value: int = self._expect(int, "a whole number")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            span = f"{lo if lo is not None else '-inf'}..{hi if hi is not None else 'inf'}"
            raise self.fail(f"{value} is out of range {span}")
        return value

    def number(self, lo: float | None = None, hi: float | None = None) -> float:
        value = float(self._expect((int, float), "a number"))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(f"{value} is out of range {lo}..{hi}")
        return value

    def str(self, choices: tuple[str, ...] | None = None) -> str:
        value: str = self._expect(str, "text")
        if choices is not None and value not in choices:
            raise self.fail(f"{brief(value)} is not one of {', '.join(choices)}")
        return value

    def bool(self) -> bool:
        value: bool = self._expect(bool, "true or false")
        return value

    def int_pair(self) -> tuple[builtins.int, builtins.int]:
        a, b = self.list(length=2)
        return a.int(), b.int()

    def span(self) -> tuple[builtins.int, builtins.int]:
        """An inclusive ``[lo, hi]`` range."""
        lo, hi = self.int_pair()
        if hi < lo:
            raise self.fail(f"range [{lo}, {hi}] is empty")
        return lo, hi

    def done(self, elsewhere: Keys = ()) -> None:
        """Refuse the first key below this node that no reader asked for: a typo or a leftover
        would otherwise be ignored in silence.  Call it once everything has been read;
        ``elsewhere`` names keys of this mapping that another module reads and checks."""
        value = self.value
        if isinstance(value, list):
            for i in range(len(value)):
                self.child(i).done()
        if not isinstance(value, dict):
            return
        known = self.asked.get(self.path, set()) | set(elsewhere)
        for key in value:
            if str(key) in elsewhere:
                continue
            if str(key) not in known:
                expected = f"one of {', '.join(sorted(known))}" if known else "no key here"
                raise type(self)(value[key], self.file, self.path + (str(key),)).fail(
                    f"unknown key (nothing reads it); expected {expected}")
            self.child(key).done()
