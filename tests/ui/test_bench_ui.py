"""``bench --ui``'s measures run on every game's table (figures are printed, never asserted)."""

from __future__ import annotations

import pytest

from catgames.games import available_ids
from catgames.ui.bench import measure_stage

#: the tables that walk their end through on the board (its one human's: no hand-off screen hides it)
STAGED_ENDS = {"bed", "kotatsu", "days", "cathood"}


@pytest.mark.parametrize("game_id", available_ids())
def test_the_staged_end_is_measured_on_every_table(catgames_home, game_id):
    """Cathood's random game ended inside a match's own End turn, which the measure missed: it
    then asked an ended game for a move."""
    figures = measure_stage(game_id, 0.2)
    assert set(figures) == {"stage_fps", "stage_work_ms_median", "stage_cpu_ms_median", "stage_cpu_ms_max"}
    assert (figures["stage_fps"] is not None) == (game_id in STAGED_ENDS)
