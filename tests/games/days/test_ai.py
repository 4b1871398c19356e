"""The AI sees only its observation, finds the game-ending win, and plays whole games."""

from __future__ import annotations

import random

from catgames.ai.budget import Budget
from catgames.ai.presets import make_player
from catgames.ai.player import RandomPlayer
from catgames.games.days.ai import HEURISTICS
from catgames.games.days.game import GAME
from tests.games.days.helpers import position

FIXED = Budget(None, None, iterations=150)
MAX_MOVES = 500  #: a whole game takes well under this many moves


def test_the_decision_does_not_depend_on_the_hidden_hand():
    state = GAME.new_state(2, None, 11)
    other = state.clone()
    k = len(other.hands[1])
    other.hands[1], other.deck[-k:] = other.deck[-k:], other.hands[1]
    seat = state.to_move
    player = make_player("days", "normal", GAME)
    a = player.choose(state.observe(seat), seat, random.Random(3), FIXED)
    b = player.choose(other.observe(seat), seat, random.Random(3), FIXED)
    assert a == b


def test_the_ai_ends_the_game_when_that_wins():
    state = position({"P1": "Mon[Lab] Tue[Mix] Wed[Shiba] Thu[Col] Fri[Chi] Sat — Sun[Staf]",
                      "P2": "Mon[GDane] Tue — Wed[Lab] Thu — Fri[Mix] Sat[Dach] Sun[StB]"},
                     {"P1": "Corgi, GSh", "P2": "Dal"})
    for level in ("easy", "normal"):
        move = make_player("days", level, GAME).choose(state.observe(0), 0, random.Random(1), FIXED)
        assert str(move) == "play wd_corgi @ P1 Sat", level


def test_the_evaluation_dislikes_finishing_a_week_while_behind():
    state = position({"P1": "Mon[Lab] Tue — Wed — Thu — Fri — Sat — Sun —",
                      "P2": "Mon[GDane] Tue[Mix] Wed[Col] Thu[Lab] Fri[Lab] Sat[Shiba] Sun —"},
                     {"P1": "Mix, Lab"})
    gift, keep = state.clone(), state.clone()
    gift.apply(GAME.parse_move(gift, "play wd_mixed_breed @ P2 Sun"))
    keep.apply(GAME.parse_move(keep, "play wd_mixed_breed @ P1 Tue"))
    assert HEURISTICS.evaluate(gift, 0) < HEURISTICS.evaluate(keep, 0)


def test_the_easy_ai_beats_random_players_in_whole_games():
    """Seeded games to the end: each game ends, its result agrees with ``analyse``, and the easy
    AI in seat P1 wins most of them against random seats (easy is noisy: it may lose one)."""
    for players, mode in ((2, "cat"), (3, "combined")):
        wins = 0
        for deal in range(6):
            state = GAME.new_state(players, {"decks": mode}, deal)
            rng = random.Random(deal)
            ai = make_player("days", "easy", GAME)
            for _ in range(MAX_MOVES):
                if state.is_over():
                    break
                seat = state.to_move
                player = ai if seat == 0 else RandomPlayer()
                state.apply(player.choose(state.observe(seat), seat, rng, Budget(None, None, iterations=20)))
            assert state.is_over(), f"{mode}: no end after {MAX_MOVES} moves"
            out, summary = state.outcome(), state.analyse()
            assert list(out.scores) == list(summary["scores"].values())
            wins += out.winner == 0
        assert wins >= 5, (mode, wins)
