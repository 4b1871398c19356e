"""Player sentences for files found on disk that could not be used: saves, set-ups, settings.

The storage layer says what went wrong with a code (``FileProblem.code``, ``SettingProblem``);
only here does that become words, from ``data/strings`` — never a Python name or repr.
"""

from __future__ import annotations

from typing import Sequence

from catgames.core import safe_yaml
from catgames.core.storage import FileProblem, SettingProblem
from catgames.ui import i18n


def file_notice(kind: str, problem: FileProblem) -> str:
    """The sentence for a ``kind`` (``save``, ``setups`` or ``settings``) file that was set aside or kept."""
    reason = i18n.t(f"file_problem.{problem.code}", limit=safe_yaml.MAX_BYTES // (1024 * 1024))
    outcome = "moved_aside" if problem.moved else "kept"
    return i18n.t(f"{kind}.{outcome}", reason=reason, path=problem.path)


def settings_notices(problems: Sequence[FileProblem | SettingProblem]) -> list[str]:
    """At most three sentences however many entries were bad: the file, bad values, unknown keys."""
    notices = [file_notice("settings", p) for p in problems if isinstance(p, FileProblem)]
    settings = [p for p in problems if isinstance(p, SettingProblem)]
    bad = [i18n.t(f"settings.{p.key}") for p in settings if p.known]
    unknown = sum(1 for p in settings if not p.known)
    if bad:
        notices.append(i18n.t("settings.values_ignored", names=i18n.joined(bad)))
    if unknown:
        notices.append(i18n.plural("settings.unknown_ignored", unknown))
    return notices
