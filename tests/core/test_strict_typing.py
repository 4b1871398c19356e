"""The core and the AI are held to ``mypy --strict`` by the configuration CI runs mypy with.

The flags are mypy's own: what ``--strict`` changes in the installed mypy's options, so a mypy
whose ``--strict`` grows a flag fails here until the configuration has it too."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from mypy.main import process_options
from mypy.options import PER_MODULE_OPTIONS

ROOT = Path(__file__).resolve().parents[2]


def strict_settings() -> dict[str, Any]:
    """Each option ``mypy --strict`` sets, with the value it sets, as a config file spells it
    (``implicit_reexport = false`` is ``no_implicit_reexport = true``)."""
    _, strict = process_options(["--config-file", os.devnull, "--strict", "x.py"])
    _, plain = process_options(["--config-file", os.devnull, "x.py"])
    changed = {name: getattr(strict, name) for name in dir(strict)
               if not name.startswith("_") and not callable(getattr(strict, name))
               and getattr(strict, name) != getattr(plain, name)}
    if changed.pop("implicit_reexport", True) is False:
        changed["no_implicit_reexport"] = True
    return changed


def test_mypy_strict_sets_the_flags_this_check_knows() -> None:
    settings = strict_settings()
    assert {"disallow_untyped_defs", "no_implicit_reexport", "warn_return_any"} <= set(settings)
    assert all(value is True for value in settings.values())


def test_core_and_ai_have_every_strict_flag_on() -> None:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    per_module = set(PER_MODULE_OPTIONS) | {"no_implicit_reexport"}
    for flag in set(strict_settings()) - per_module:  # a global-only strict flag
        assert mypy.get(flag) is True, f"{flag} is not on"
    for package in ("catgames.core.*", "catgames.ai.*"):
        sections = [o for o in mypy.get("overrides", []) if package in o["module"]]
        assert sections, f"no [[tool.mypy.overrides]] for {package}"
        on = {flag for section in (mypy, *sections) for flag, value in section.items() if value is True}
        missing = (set(strict_settings()) & per_module) - on
        assert not missing, f"{package} misses {sorted(missing)}"
