"""The rules layer never imports pygame, nor the UI or a game's table side above it: rules,
core and the AI run without a display."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pure_modules() -> list[str]:
    names = [f"catgames.core.{p.stem}" for p in (ROOT / "catgames/core").glob("*.py") if p.stem != "__init__"]
    for game in (ROOT / "catgames/games").iterdir():
        if game.is_dir() and (game / "__init__.py").exists():
            names.append(f"catgames.games.{game.name}")
            names += [f"catgames.games.{game.name}.{p.stem}" for p in game.glob("*.py") if p.stem != "__init__"]
    names += [f"catgames.ai.{p.stem}" for p in (ROOT / "catgames/ai").glob("*.py") if p.stem != "__init__"]
    return sorted(names)


def test_rules_core_and_ai_import_with_pygame_blocked():
    modules = pure_modules()
    assert "catgames.games.bed.rules" in modules
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pygame' or name.startswith(('pygame.', 'catgames.ui')) or '.table' in name:\n"
        "            raise ImportError(f'{name} is blocked in the rules layer')\n"
        "sys.meta_path.insert(0, Block())\n"
        f"import importlib\nfor m in {modules!r}:\n    importlib.import_module(m)\n"
        "assert not any(k == 'pygame' or k.startswith('pygame.') for k in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
