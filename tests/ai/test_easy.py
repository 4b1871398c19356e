"""Easy plays the game (issue 17): in If It Fits it puts its cats into boxes, in Cathood it buys
instead of sitting on its cubes.  Fixed work and fixed seeds, so each game replays exactly."""

from __future__ import annotations

import random
from collections import Counter

from catgames.ai.budget import Budget
from catgames.ai.playout import sample_chance
from catgames.ai.presets import make_player
from catgames.core.rules import CHANCE, NOBODY, State
from catgames.games import load_game

WORK = Budget(None, None, iterations=10)
CATS = ("awake_cat", "sleeping_cat", "princess")
BUYS = ("pet_shop", "building", "park")


def kinds_played(game_id: str, seed: int, until: int | None = None) -> tuple[list[Counter[str]], State]:
    """Easy in every seat of a seeded two-player game (Cathood: up to round ``until``); the kinds
    of moves each seat made, and the state reached."""
    state = load_game(game_id).new_state(2, None, seed)
    easy = make_player(game_id, "easy")
    rng = random.Random(seed)
    kinds: list[Counter[str]] = [Counter(), Counter()]
    while (mover := state.to_move) != NOBODY and (until is None or state.round <= until):
        if mover == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        move = easy.choose(state.observe(mover), mover, rng, WORK)
        kinds[mover][getattr(move, "action", move).kind] += 1
        state.apply(move)
    return kinds, state


def test_if_it_fits_easy_puts_its_cats_into_boxes_and_scores():
    kinds, state = kinds_played("boxes", 1)
    assert all(sum(k[c] for c in CATS) >= 3 for k in kinds), kinds
    outcome = state.outcome()
    assert outcome is not None and max(outcome.scores) > 0


def test_cathood_easy_buys_in_the_first_rounds():
    kinds, _ = kinds_played("cathood", 5, until=7)
    assert sum(k[b] for k in kinds for b in BUYS) >= 2, kinds
