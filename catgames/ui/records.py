"""The statistics file as the player meets it: a finished game recorded there, and what a
problem with the file tells them.  Below the table that records and the screens that read."""

from __future__ import annotations

from typing import Sequence

from catgames.core import stats
from catgames.core.session import Match
from catgames.core.storage import FileProblem
from catgames.ui import i18n
from catgames.ui.file_notices import file_notice
from catgames.ui.scene import SceneHost


def record_finished(app: SceneHost, match: Match, names: Sequence[str]) -> bool:
    """Record a finished game played here, its seats called ``names``; whether it was (a
    problem with the file is told, never hidden)."""
    try:
        loaded = stats.record_game(stats.record_of(match, list(names)))
    except OSError as exc:
        app.toasts.show(i18n.t("stats.write_failed", error=exc), error=True)
        return False
    if loaded.problem is not None:
        app.toasts.show(stats_notice(loaded.problem), error=True)
    return loaded.value is not None


def stats_notice(problem: FileProblem) -> str:
    return file_notice("stats", problem)
