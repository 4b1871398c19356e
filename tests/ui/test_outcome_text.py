"""Why a game ended, in words: ``i18n.outcome_text`` fills ``outcome.<game>.<code>`` from the
plain data the rules put in ``Outcome.why`` (seat indices, numbers, codes)."""

from __future__ import annotations

import pytest

from catgames.ai.arena import as_player, play_game
from catgames.core.rules import Outcome
from catgames.games import available_ids, load_game
from catgames.ui import i18n

NAMES = ["Ann", "Bo", "Cy"]


@pytest.mark.parametrize("names, text", [
    ([], ""), (["Ann"], "Ann"), (["Ann", "Bo"], "Ann and Bo"), (NAMES, "Ann, Bo and Cy")])
def test_names_are_listed_with_commas_and_a_last_and(names, text):
    assert i18n.listed(names) == text


@pytest.mark.parametrize("game_id, outcome, text", [
    ("boxes", Outcome.of((3, 3, 3), None, "shared", None, seats=(0, 1, 2), points=3),
     "Every hand is played: Ann, Bo and Cy share the win with 3 points"),
    ("boxes", Outcome.of((1, 1, 0), 1, "win_on_boxes", None, seat=1, seats=(0,), points=1),
     "Every hand is played: won with 1 point, on more boxes won than Ann"),
    ("bed", Outcome.of((9, 4), 0, "win", None, seat=0, scores=(9, 4)),
     "Both have passed: the final score is 9–4"),
    ("days", Outcome.of((6, 14), 1, "win", None, end="week", seats=(0, 1), seat=1, scores=(14, 6)),
     "A whole week is filled: the final score is 14–6"),
    ("kotatsu", Outcome.of((2, 2), 1, "win_on_cats", None, end="lucky", seat=1, seats=(0, 1),
                           points=2, cats=4),
     "The last lucky cat came out of the bag: a tie on 2 points; more cats decide (4 cats)"),
    ("cathood", Outcome.of((8, 8), 0, "win_on_tie_break", None, end="rounds", seat=0, points=8,
                           tiebreak="cubes"),
     "Game over: the round limit was reached. Won with 8 points (tie-break: most cubes left)"),
])
def test_an_outcome_is_said_with_the_tables_seat_names(game_id, outcome, text):
    assert i18n.outcome_text(outcome, game_id, NAMES) == text


@pytest.mark.parametrize("game_id", available_ids())
def test_a_whole_random_game_ends_in_a_filled_sentence(game_id):
    game = load_game(game_id)
    players = game.min_players
    state = game.new_state(players, None, 3)
    outcome, _ = play_game(state, [as_player(game, "random") for _ in range(players)], 3)
    names = game.seat_names(players)
    text = i18n.outcome_text(outcome, game_id, names)
    assert i18n.has(f"outcome.{game_id}.{outcome.why.code}") and "{" not in text
    assert outcome.winner is None or names[outcome.winner] not in text  # the headline names the winner
