"""Per-game rules summaries (``data/rules/<lang>/<id>.yaml``) for the in-game rules reference,
in the language in use, else English.

Format (every section needs a heading and at least one paragraph or bullet)::

    title: This Bed Is Mine
    sections:
      - heading: Goal
        paragraphs:
          - Claim the biggest sections of the mattress.
        bullets:
          - Cats start.
          - A pass is for the rest of the game.

Paragraphs are shown before bullets.  Errors name the file and key path (``DataError``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from catgames.core.data import data_path, load_yaml
from catgames.ui import i18n


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...]
    bullets: tuple[str, ...]


@dataclass(frozen=True)
class RulesSummary:
    title: str
    sections: tuple[Section, ...]


def rules_path(game_id: str, language: str | None = None) -> Path:
    """The summary of ``game_id`` in ``language`` (default: the one in use) if it has one, else
    the English one (which may not exist either: the rules scene then says so)."""
    path = data_path(f"rules/{language or i18n.current_language()}/{game_id}.yaml")
    return path if path.exists() else data_path(f"rules/{i18n.DEFAULT_LANGUAGE}/{game_id}.yaml")


def load_rules(path: Path) -> RulesSummary:
    """Parse and validate a summary file; raises ``DataError`` naming what is wrong and where."""
    root = load_yaml(path)
    sections = []
    for node in root["sections"].list(min_length=1):
        texts = {key: tuple(item.str() for item in part.list()) if (part := node.get(key)) else ()
                 for key in ("paragraphs", "bullets")}
        if not texts["paragraphs"] and not texts["bullets"]:
            raise node.fail("a section needs paragraphs or bullets")
        sections.append(Section(node["heading"].str(), texts["paragraphs"], texts["bullets"]))
    return RulesSummary(root["title"].str(), tuple(sections))
