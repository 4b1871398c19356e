"""Loading YAML component data with validation that names the file, the key path and the problem.

Every data error reads like ``data/bed.yaml: tiles.patterns.6: row 3 has 4 cells, expected 3``
so that whoever edits a data file can fix it without reading code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import yaml

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


def load_yaml(path: Path) -> "Node":
    """Parse ``path`` and wrap the document in a ``Node`` for validated access."""
    shown = display_path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{shown}: cannot read file ({exc.strerror or exc})") from exc
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(f"{shown}: not valid YAML{where}: {problem}") from exc
    return Node(doc, shown, ())


class Node:
    """A value inside a data file that knows where it came from, for error messages."""

    __slots__ = ("value", "file", "path")

    def __init__(self, value: Any, file: str, path: tuple[str, ...]) -> None:
        self.value = value
        self.file = file
        self.path = path

    @property
    def where(self) -> str:
        return ".".join(self.path) or "(top level)"

    def fail(self, message: str) -> DataError:
        """A ``DataError`` located at this node (raise it)."""
        return DataError(f"{self.file}: {self.where}: {message}")

    def _expect(self, kind: type | tuple[type, ...], name: str) -> Any:
        value = self.value
        if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.fail(f"expected {name}, got {value!r}")
        if not isinstance(value, kind):
            got = "nothing" if value is None else f"{type(value).__name__} {value!r}"
            raise self.fail(f"expected {name}, got {got}")
        return value

    def child(self, key: str | int) -> "Node":
        return Node(self.value[key], self.file, self.path + (str(key),))

    def __getitem__(self, key: str) -> "Node":
        mapping = self._expect(dict, "a mapping")
        if key not in mapping:
            raise self.fail(f"missing key {key!r}")
        return self.child(key)

    def get(self, key: str) -> "Node | None":
        mapping = self._expect(dict, "a mapping")
        return self.child(key) if key in mapping else None

    def keys(self) -> list[str]:
        return [str(k) for k in self._expect(dict, "a mapping")]

    def items(self) -> Iterator[tuple[str, "Node"]]:
        for key in self._expect(dict, "a mapping"):
            yield str(key), self.child(key)

    def list(self, length: int | None = None, min_length: int = 0) -> list["Node"]:
        seq = self._expect(list, "a list")
        if length is not None and len(seq) != length:
            raise self.fail(f"has {len(seq)} items, expected {length}")
        if len(seq) < min_length:
            raise self.fail(f"has {len(seq)} items, expected at least {min_length}")
        return [self.child(i) for i in range(len(seq))]

    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        value = self._expect(int, "a whole number")
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
        value = self._expect(str, "text")
        if choices is not None and value not in choices:
            raise self.fail(f"{value!r} is not one of {', '.join(choices)}")
        return value

    def bool(self) -> bool:
        return self._expect(bool, "true or false")

    def int_pair(self) -> tuple[int, int]:
        a, b = self.list(length=2)
        return a.int(), b.int()

    def span(self) -> tuple[int, int]:
        """An inclusive ``[lo, hi]`` range."""
        lo, hi = self.int_pair()
        if hi < lo:
            raise self.fail(f"range [{lo}, {hi}] is empty")
        return lo, hi
