"""The core and the AI are held to ``mypy --strict`` by the configuration CI runs mypy with."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: the flags ``mypy --strict`` turns on that a per-module section can set (mypy 1.x)
STRICT_FLAGS = {
    "disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
    "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
    "disallow_untyped_decorators", "warn_return_any", "no_implicit_reexport", "strict_equality",
    "extra_checks",
}


def test_core_and_ai_have_every_strict_flag_on() -> None:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["warn_unused_ignores"] and mypy["warn_redundant_casts"]   # global-only strict flags
    for package in ("catgames.core.*", "catgames.ai.*"):
        sections = [o for o in mypy.get("overrides", []) if package in o["module"]]
        assert sections, f"no [[tool.mypy.overrides]] for {package}"
        on = {flag for section in sections for flag, value in section.items() if value is True}
        assert STRICT_FLAGS <= on, f"{package} misses {sorted(STRICT_FLAGS - on)}"
