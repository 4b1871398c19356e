"""YAML from a player's disk, read without trusting it: the one reader for saves, settings and
position files.

A file found on disk may be a folder, a device, 20 MB of anything, not UTF-8, nested a thousand
levels deep or a "billion laughs" alias bomb.  ``load`` refuses each of these quickly, with
bounded time and memory, and raises ``UnusableFile``: a ``code`` the UI turns into a sentence
for the player (``file_problem.<code>``) and a ``detail`` for logs and the command line.

Aliases are allowed but bounded: before anything is built, one pass over the parser's events
counts the nodes and depth the document has *with every alias expanded*, so whatever reads the
result (a repr in a message, a comparison, JSON) stays bounded too.
"""

from __future__ import annotations

import reprlib
import stat
from pathlib import Path
from typing import Any

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  #: libyaml when present
MAX_BYTES = 2 * 1024 * 1024  #: a save of a long game is some tens of KB
MAX_DEPTH = 64               #: positions nest about 6 deep
MAX_NODES = 100_000          #: with aliases expanded; a long game's save has a few thousand

CODES = ("not_a_file", "unreadable", "too_big", "not_text", "not_yaml", "too_complex")


class UnusableFile(ValueError):
    """A file that cannot be used: ``code`` names the kind of problem, ``detail`` the specifics."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


class MissingFile(UnusableFile):
    """Nothing is at the path (or a file stands where a folder on the way should be)."""

    def __init__(self, detail: str) -> None:
        super().__init__("missing", detail)


_brief = reprlib.Repr()
_brief.maxstring = _brief.maxother = 40
_brief.maxlist = _brief.maxdict = _brief.maxtuple = _brief.maxset = 6
_brief.maxlevel = 3


def brief(value: Any) -> str:
    """A short repr of a value read from a file, fit for a one-line message whatever its size."""
    return _brief.repr(value)


def read_text(path: Path) -> str:
    """The text of a regular file of at most ``MAX_BYTES``, decoded as UTF-8."""
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError) as exc:
        raise MissingFile(f"there is no file at {path}") from exc
    except OSError as exc:
        raise UnusableFile("unreadable", f"cannot read it: {exc.strerror or exc}") from exc
    if stat.S_ISDIR(info.st_mode):
        raise UnusableFile("not_a_file", "it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnusableFile("not_a_file", "it is not a regular file")
    if info.st_size > MAX_BYTES:
        raise _too_big()
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise UnusableFile("unreadable", f"cannot read it: {exc.strerror or exc}") from exc
    if len(data) > MAX_BYTES:
        raise _too_big()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnusableFile("not_text", f"it is not UTF-8 text (byte {exc.start})") from exc


#: how libyaml 0.2.5 and later (PyYAML 6.0.4's wheels) words its own nesting limit
NESTING_LIMIT_HIT = "maximum nesting depth"


def _too_big() -> UnusableFile:
    return UnusableFile("too_big", f"it is larger than {MAX_BYTES // (1024 * 1024)} MB")


def loads(text: str) -> Any:
    """The document in ``text``, once its expanded size and depth are known to be bounded."""
    try:
        _check_shape(text)
        return yaml.load(text, Loader=LOADER)
    except UnusableFile:
        raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or getattr(exc, "reason", None) or "cannot be parsed"
        if NESTING_LIMIT_HIT in str(problem):  # newer libyaml stops deep nesting itself, sooner
            raise UnusableFile("too_complex", f"it is nested more than {MAX_DEPTH} levels deep") from exc
        raise UnusableFile("not_yaml", f"not valid YAML{where}: {problem}") from exc
    except (ValueError, OverflowError) as exc:  # a scalar Python refuses: 5,000 digits, 31 Feb
        raise UnusableFile("not_yaml", f"not valid YAML: a value cannot be read ({brief(str(exc))})") from exc


def load(path: Path) -> Any:
    """The YAML document in the file at ``path``; ``UnusableFile`` (``MissingFile``) if none."""
    return loads(read_text(path))


def _check_shape(text: str) -> None:
    """Refuse a document deeper than ``MAX_DEPTH`` or larger than ``MAX_NODES`` once its aliases
    are expanded, or one whose alias refers to a node that contains it."""
    anchors: dict[str, tuple[int, int]] = {}   # anchor -> (expanded nodes, height)
    open_anchors: set[str] = set()
    stack: list[list[Any]] = []                # [anchor, nodes before it, height of children]
    total, aliased = 0, False
    for event in yaml.parse(text, Loader=LOADER):
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append([event.anchor, total, 0])
            total += 1
            if event.anchor:
                open_anchors.add(event.anchor)
            size, height = 0, 0
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, before, inner = stack.pop()
            size, height = 0, inner + 1
            if anchor:
                open_anchors.discard(anchor)
                anchors[anchor] = (total - before, height)
        elif isinstance(event, yaml.ScalarEvent):
            size, height = 1, 1
            if event.anchor:
                anchors[event.anchor] = (1, 1)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor in open_anchors:
                raise UnusableFile("too_complex", f"the alias *{brief(event.anchor)} refers to itself")
            size, height = anchors.get(event.anchor or "", (1, 1))  # an unknown one: the loader says so
            aliased = True
        else:
            continue
        total += size
        if stack:
            stack[-1][2] = max(stack[-1][2], height)
        if total > MAX_NODES:
            expanded = " once its aliases are expanded" if aliased else ""
            raise UnusableFile("too_complex", f"it holds more than {MAX_NODES} values{expanded}")
        if len(stack) + height > MAX_DEPTH:
            raise UnusableFile("too_complex", f"it is nested more than {MAX_DEPTH} levels deep")
