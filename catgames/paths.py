"""Where the shipped files (``data/``, ``art/``) are: beside the package in a clone, inside the
bundle in a frozen build.  Player files (saves, settings) never live here: see
``catgames.core.storage``, which keeps them in the platformdirs folders.

PyInstaller unpacks a build's data files under ``sys._MEIPASS``; a clone keeps them one folder
above this package.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


ROOT = _root()
DATA_DIR = ROOT / "data"
ART_DIR = ROOT / "art"
FONT_DIR = ART_DIR / "fonts"
ICON_DIR = ART_DIR / "icon"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  #: the PNGs ``packaging/make_icon.py`` draws
WINDOW_ICON = ICON_DIR / "catgames-64.png"
LICENCE_DIR = ROOT / "licences"  #: a build's third-party licence texts (packaging/licences.py writes them)
NOTICE = LICENCE_DIR / "THIRD-PARTY.txt"  #: the list of them: component, version, licence


def is_frozen() -> bool:
    """True in a PyInstaller build (no Python on the machine, files inside the bundle)."""
    return bool(getattr(sys, "frozen", False))
