"""The statistics file as the player meets it: a finished game recorded there, and what a
problem with the file tells them.  Below the table that records and the screens that read."""

from __future__ import annotations

from typing import Any

from catgames.core import stats
from catgames.core.storage import FileProblem
from catgames.ui import i18n
from catgames.ui.file_notices import file_notice


def record_finished(table: Any) -> bool:
    """Record the table's finished game; whether it was (a problem with the file is told,
    never hidden)."""
    try:
        loaded = stats.record_game(stats.record_of(table.match, table.seat_names))
    except OSError as exc:
        table.app.toasts.show(i18n.t("stats.write_failed", error=exc), error=True)
        return False
    if loaded.problem is not None:
        table.app.toasts.show(stats_notice(loaded.problem), error=True)
    return loaded.value is not None


def stats_notice(problem: FileProblem) -> str:
    return file_notice("stats", problem)
