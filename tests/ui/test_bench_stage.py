"""``bench --ui``'s staged-end measure reaches every game's last move: it plays the game with a
match, as the table does (Cathood's match ends a turn by itself after its last disc, where a
cloned state waited, and the measure crashed on an empty list of moves)."""

from __future__ import annotations

import pytest

from catgames.ui.bench import measure_stage


@pytest.mark.parametrize("game_id", ["bed", "kotatsu", "days", "boxes", "cathood"])
def test_the_staged_end_measure_reaches_the_end_of_every_game(game_id: str) -> None:
    result = measure_stage(game_id, 0.05, seed=0)
    assert set(result) == {"stage_fps", "stage_work_ms_median", "stage_cpu_ms_median", "stage_cpu_ms_max"}
