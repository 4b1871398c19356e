"""Easy plays the game (issue 17): in If It Fits it scores against normal, in Cathood it buys
instead of sitting on its cubes.  Fixed work and fixed seeds, so each game replays exactly."""

from __future__ import annotations

import random
from collections import Counter

from catgames.ai.budget import Budget
from catgames.ai.playout import sample_chance
from catgames.ai.presets import make_player, preset_for
from catgames.core.rules import CHANCE, NOBODY, State
from catgames.games import load_game

BUYS = ("pet_shop", "building", "park")


def kinds_played(game_id: str, seed: int, rival: str = "easy",
                 until: int | None = None) -> tuple[list[Counter[str]], State]:
    """Easy in seat 0 against ``rival`` in a seeded two-player game (Cathood: up to round
    ``until``); the kinds of moves each seat made, and the state reached."""
    game = load_game(game_id)
    state = game.new_state(2, None, seed)
    seats = [make_player(game_id, "easy"), make_player(game_id, rival)]
    work = Budget(None, None, iterations=preset_for(game, "easy").iterations or 1)  # no clock
    rng = random.Random(seed)
    kinds: list[Counter[str]] = [Counter(), Counter()]
    while (mover := state.to_move) != NOBODY and (until is None or state.round <= until):
        if mover == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        move = seats[mover].choose(state.observe(mover), mover, rng, work)
        kinds[mover][getattr(move, "action", move).kind] += 1
        state.apply(move)
    return kinds, state


def test_if_it_fits_easy_scores_and_wins_some_games_against_normal():
    # The easy of before (temperature 4 among 20) scored 1 point in these five games.
    scores = [kinds_played("boxes", seed, "normal")[1].outcome().scores for seed in range(1, 6)]
    assert sum(easy for easy, _ in scores) >= 10, scores
    assert any(easy > other for easy, other in scores), scores


def test_cathood_easy_buys_in_the_first_rounds():
    kinds, _ = kinds_played("cathood", 5, until=7)
    assert sum(k[b] for k in kinds for b in BUYS) >= 2, kinds
