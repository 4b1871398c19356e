"""The If It Fits evaluation knows the clock: cats in supply and open boxes count for less as
the game nears its end (spec section 8, tactics 1 and 2)."""

from __future__ import annotations

from catgames.games.boxes.ai import HEURISTICS, time_left
from catgames.games.boxes.game import GAME


def test_time_left_falls_with_the_pile_and_the_emptiest_supply():
    state = GAME.new_state(3, seed=1)
    start = time_left(state)
    assert 0.0 < start <= 1.0
    state.deck = state.deck[: len(state.deck) // 2]
    halfway = time_left(state)
    assert halfway < start
    state.supply[2] = 1                  # seat 3 is one cat from ending the game
    assert time_left(state) < halfway
    state.end_phase = True
    assert time_left(state) == 0.0


def test_a_cat_more_or_less_in_supply_matters_less_late_in_the_game():
    early = GAME.new_state(2, seed=3)
    late = early.clone()
    late.deck = late.deck[:4]
    for state in (early, late):
        state.supply[0] -= 1             # seat 1 has one cat fewer than seat 2
    assert abs(HEURISTICS.evaluate(late, 0)) < abs(HEURISTICS.evaluate(early, 0))
