"""Imports in ``catgames/`` point down the layers of ``docs/architecture.md`` and never in a circle.

Every import counts: at the top of a module, inside a function, under ``TYPE_CHECKING`` — an
import moved into a function to dodge a circle still ties the two modules together, so it is a
circle here.  The layers are the rows of the architecture page's table, top first; each row's
first path names the layer, and ``MAY_IMPORT`` below says what it may import (the page's last
column).  A page whose rows no longer match these layers fails the first test, so the page and
this check change together.
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "catgames"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

ENTRY, TABLE, UI, NET, AI, RULES, CORE = "entry", "table", "ui", "net", "ai", "rules", "core"
#: the layers, top first, each with the first path of its row in the page's table
LAYERS = {ENTRY: "main.py", TABLE: "catgames/games/<id>/table/", UI: "catgames/ui/",
          NET: "catgames/net/", AI: "catgames/ai/", RULES: "catgames/games/<id>/", CORE: "catgames/core/"}
#: what each layer may import besides itself and the core, the ground of every layer
MAY_IMPORT = {ENTRY: {TABLE, UI, NET, AI, RULES}, TABLE: {UI, RULES}, UI: {NET, AI}, NET: {AI}, AI: set(),
              RULES: set(), CORE: set()}
#: a game's heuristics and the facts its hints state feed the shared AI (``ai.py``, ``reasons.py``)
RULES_FEEDING_AI = {"ai.py", "reasons.py"}
#: files outside the layer folders: the entries beside ``__main__`` and the ground under the core
ENTRY_FILES = {"catgames/__main__.py", "catgames/selftest.py"}
GROUND_FILES = {"catgames/__init__.py", "catgames/paths.py"}


def page_layers() -> list[list[str]]:
    """The paths each row of the page's layer table names in its first column, top row first."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return [[p for p in re.findall(r"`([^`]+)`", row.split("|")[1]) if "/" in p or p.endswith(".py")]
            for row in rows]


def game_of(path: str) -> str | None:
    """The game a file of ``catgames/games/<id>/`` belongs to."""
    parts = path.split("/")
    return parts[2] if len(parts) > 3 and parts[:2] == ["catgames", "games"] else None


def layer_of(path: str) -> str:
    if path in ENTRY_FILES:
        return ENTRY
    if path in GROUND_FILES or path.startswith("catgames/core/"):
        return CORE
    if path.startswith("catgames/ui/"):
        return UI
    if path.startswith("catgames/net/"):
        return NET
    if path.startswith("catgames/ai/"):
        return AI
    if path.startswith("catgames/games/"):
        return TABLE if path.split("/")[3:4] == ["table"] else RULES
    raise AssertionError(f"{path} is on no layer of docs/architecture.md")


@dataclass(frozen=True)
class Import:
    source: str  #: the importing file, from the project's root
    target: str  #: the imported file
    names: tuple[str, ...]
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line} -> {self.target} ({', '.join(self.names)})"


@functools.cache  # the files do not change during a run; each module is asked for many times
def module_file(module: str) -> str | None:
    """The file of a ``catgames`` module (its ``__init__.py`` for a package), if there is one."""
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate.relative_to(ROOT).as_posix()
    return None


def imports_of(path: Path) -> list[Import]:
    """Every import of a ``catgames`` module the file makes, wherever in the file it stands."""
    return imports_in(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))


def imports_in(source: str, text: str) -> list[Import]:
    """The imports of ``catgames`` modules in ``text``, the code of the file ``source``."""
    package = ".".join(source.removesuffix(".py").split("/")[:-1])
    found: list[Import] = []

    def add(module: str, names: tuple[str, ...], line: int) -> None:
        target = module_file(module)
        if target is not None and target != source:
            found.append(Import(source, target, names, line))

    for node in ast.walk(ast.parse(text, source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "catgames":
                    add(alias.name, (alias.name,), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1], module]).strip(".")
            if module.split(".")[0] != "catgames":
                continue
            for alias in node.names:  # a submodule by name is an import of that file
                if module_file(f"{module}.{alias.name}") is not None:
                    add(f"{module}.{alias.name}", (alias.name,), node.lineno)
                else:
                    add(module, (alias.name,), node.lineno)
    return found


@functools.cache  # read once for the tests that only look at them
def all_imports() -> tuple[Import, ...]:
    return tuple(imp for path in sorted(PACKAGE.rglob("*.py")) for imp in imports_of(path))


def may_import(imp: Import) -> bool:
    source, target = layer_of(imp.source), layer_of(imp.target)
    if game_of(imp.target) not in (None, game_of(imp.source)) and source != ENTRY:
        return False  # one game never reaches into another
    if target in (source, CORE):
        return True
    if source == RULES and target == AI:
        return Path(imp.source).name in RULES_FEEDING_AI
    return target in MAY_IMPORT[source]


def circles(imports: tuple[Import, ...]) -> list[list[str]]:
    """The files that import one another in a loop, each circle sorted (Tarjan's strongly
    connected components of more than one file)."""
    graph: dict[str, set[str]] = {}
    for imp in imports:
        graph.setdefault(imp.source, set()).add(imp.target)
        graph.setdefault(imp.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                found.append(sorted(members))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def describe(circle: list[str], imports: tuple[Import, ...]) -> str:
    inside = set(circle)
    ties = [f"    {imp}" for imp in imports if imp.source in inside and imp.target in inside]
    return f"  a circle of {len(circle)} files:\n" + "\n".join(ties)


def test_the_layers_are_the_rows_of_the_architecture_page():
    rows = page_layers()
    assert [row[0] for row in rows] == list(LAYERS.values())
    assert ENTRY_FILES <= set(rows[0]), "the page's entry row names every entry file"
    assert GROUND_FILES - {"catgames/__init__.py"} <= set(rows[-1]), "the page's core row names the ground"


def test_every_catgames_file_stands_on_a_layer():
    for path in PACKAGE.rglob("*.py"):
        layer_of(path.relative_to(ROOT).as_posix())


def test_the_check_reads_imports_inside_functions_and_under_type_checking():
    code = """
from typing import TYPE_CHECKING
from catgames.ui import i18n
if TYPE_CHECKING:
    from catgames.ui.game_scene import BaseGameScene
def later():
    import catgames.ui.scenes.pause
    from . import canvas
"""
    found = {imp.target: imp.line for imp in imports_in("catgames/ui/somewhere.py", code)}
    assert found == {"catgames/ui/i18n.py": 3, "catgames/ui/game_scene.py": 5,
                     "catgames/ui/scenes/pause.py": 7, "catgames/ui/canvas.py": 8}


def test_no_import_runs_up_a_layer_or_into_another_game():
    wrong = [f"  {imp}  [{layer_of(imp.source)} -> {layer_of(imp.target)}]"
             for imp in all_imports() if not may_import(imp)]
    assert not wrong, "imports that run up a layer of docs/architecture.md:\n" + "\n".join(wrong)


def test_no_files_import_one_another_in_a_circle():
    imports = all_imports()
    found = circles(imports)
    assert not found, (f"{len(found)} import circles (imports inside functions and under "
                       "TYPE_CHECKING count):\n" + "\n".join(describe(c, imports) for c in found))
