"""Every reader of a game's data file, run on a changed copy: how the tests see nonsense refused.

``data/<id>.yaml`` is read by four modules: the game's ``components.py`` (everything but
``ai``), ``catgames/ai/presets.py`` (the difficulties under ``ai``), the game's ``ai.py``
(``ai.heuristics``) and ``catgames/ai/fitted.py`` (``ai.weights``).  A mutation counts as refused only if one of them raises ``DataError``.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

from catgames.ai import presets
from catgames.ai.fitted import fitted_weights
from catgames.core import data as core_data
from catgames.core.data import DataError, data_path
from catgames.core.manifest import available_ids
from catgames.core.safe_yaml import LOADER
from catgames.games import load_game

GAMES = ("bed", "boxes", "days", "kotatsu", "cathood")


def shipped(game_id: str) -> Any:
    """The shipped document of ``data/<game_id>.yaml`` as plain Python values."""
    return yaml.load(data_path(f"{game_id}.yaml").read_text(encoding="utf-8"), Loader=LOADER)  # libyaml, as the app


@contextmanager
def data_dir(folder: Path) -> Iterator[None]:
    """Point ``data_path`` at ``folder`` (every reader finds its file through it).  The
    catalogue (``data/games.yaml``) is read from the shipped folder first: ``folder`` holds only
    the file under test, whichever test of the run first asks for the catalogue."""
    available_ids()
    saved = core_data.DATA_DIR
    core_data.DATA_DIR = folder
    try:
        yield
    finally:
        core_data.DATA_DIR = saved


def read_all(game_id: str, ai: bool = True) -> None:
    """Run every reader of ``data/<game_id>.yaml`` afresh (caches bypassed, then cleared so
    later tests see the shipped file); ``ai=False`` skips the ones that read only ``ai``."""
    components = importlib.import_module(f"catgames.games.{game_id}.components")
    cached = getattr(components, f"{game_id}_data")
    cached.cache_clear()
    try:
        getattr(components, f"load_{game_id}_data")()
        if ai:
            presets.ladder.__wrapped__(load_game(game_id))
            ai_module = importlib.import_module(f"catgames.games.{game_id}.ai")
            ai_module.weights.__wrapped__()
            names = getattr(ai_module.HEURISTICS, "names", None)
            if names is not None:
                fitted_weights.__wrapped__(game_id, names)
    finally:
        cached.cache_clear()


class _PlainDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Writes a value shared by two places twice, as a person would (data files refuse aliases)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump(doc: Any) -> str:
    return yaml.dump(doc, Dumper=_PlainDumper, allow_unicode=True, sort_keys=False)


def write_text(root: Path, game_id: str, text: str) -> None:
    folder = root / "data"
    folder.mkdir(exist_ok=True)
    (folder / f"{game_id}.yaml").write_text(text, encoding="utf-8")


def refusal_of_text(root: Path, game_id: str, text: str, ai: bool = True) -> str | None:
    """The ``DataError`` message for ``text`` as ``data/<game_id>.yaml``, or ``None`` if accepted."""
    write_text(root, game_id, text)
    with data_dir(root / "data"):
        try:
            read_all(game_id, ai)
        except DataError as exc:
            return str(exc)
    return None


def refusal(root: Path, game_id: str, mutate: Callable[[Any], None], ai: bool = True) -> str | None:
    """The ``DataError`` message for the shipped file changed by ``mutate``, or ``None``."""
    doc = shipped(game_id)
    mutate(doc)
    return refusal_of_text(root, game_id, dump(doc), ai)
