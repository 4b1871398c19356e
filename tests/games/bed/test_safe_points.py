"""Mid-game the trays show each seat's points won for good (``BedState.safe_points``), not the
score if the game ended now: after the first tile that one gives the whole bed to its layer
(199 points), true but no promise.  A point counted safe is never lost again."""

from __future__ import annotations

import pytest

from catgames.games.bed.game import GAME
from tests.helpers import play_random


def test_the_first_tile_secures_nothing_though_it_would_win_the_whole_bed_now():
    _, trace = play_random(GAME, 2, 1)
    after_first = trace[1][0]  # the bed as the Dog is to lay its first tile
    assert max(after_first.score().totals) > 100  # the score if the game ended now
    assert after_first.safe_points() == (0, 0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_safe_points_only_grow_and_end_as_the_section_points(seed):
    final, trace = play_random(GAME, 2, seed, {"side": "B"} if seed == 3 else None)
    safe = [before.safe_points() for before, _, _ in trace] + [final.safe_points()]
    for earlier, later in zip(safe, safe[1:]):
        assert later[0] >= earlier[0] and later[1] >= earlier[1]
    assert safe[-1] == final.score().section_points
    assert any(0 < sum(s) < sum(safe[-1]) for s in safe)  # some sections were settled mid-game

