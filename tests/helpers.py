"""Helpers shared by every game's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import yaml

from catgames.core.data import data_path


def mutated_data(tmp_path: Path, name: str, mutate: Callable[[Any], None]) -> Path:
    """A copy of ``data/<name>`` changed by ``mutate``, for testing how bad data is reported."""
    doc = yaml.safe_load(data_path(name).read_text(encoding="utf-8"))
    mutate(doc)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
