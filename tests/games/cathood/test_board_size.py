"""Issue 28, "the board fills the window": at 1280x800 the Cathood neighbourhood is the largest
part of the screen, and its tiles and cats are larger than they were (tiles of 111, 94 and 85 px
and cats of 35, 29 and 27 px for two, three and four players)."""

from __future__ import annotations

import pytest

from catgames.core.session import Match
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.seen import Seen
from catgames.ui.game_scene import LOG_RECT, SIDE_RECT

BEFORE = {2: (111.0, 35.0), 3: (94.0, 29.0), 4: (85.0, 27.0)}   #: (tile, cat) in px before


def area(rect) -> float:
    return rect.w * rect.h


def test_the_neighbourhood_is_the_largest_part_of_the_table():
    others = [L.BOARD_PANEL, L.ACTION_BOARD, L.MARKET, L.PROMPT, SIDE_RECT, LOG_RECT]
    assert all(area(L.NEIGHBOURHOOD) > 1.5 * area(r) for r in others)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tiles_and_cats_are_larger_and_the_streets_stay_inside(players):
    match = Match.new("cathood", players, ["human"] * players, {}, seed=3)
    seen = Seen(match.state, tuple(f"P{i}" for i in range(players)))
    tile, cat = BEFORE[players]
    assert seen.grid.tile >= tile * 1.08
    assert seen.cat_size() >= cat * 1.08
    assert L.NEIGHBOURHOOD.contains(seen.grid.rect)
    for center, _ in seen.grid.passages():   # the secret passages' marks too
        assert L.NEIGHBOURHOOD.collidepoint(center)
