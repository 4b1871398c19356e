"""The end screen names the winner once: its headline says who won, the line under it says why
(how the game ended and by what score) without naming the winner again — every game, every
language."""

from __future__ import annotations

import pytest

from catgames.core.rules import Outcome
from catgames.ui import i18n

NAMES = ["Ann", "Bo", "Cy"]

#: one won game per ending code that has a winner (``Outcome.why`` as each game's rules give it)
WINS = [
    ("bed", Outcome.of((9, 4), 0, "win", None, seat=0, scores=(9, 4))),
    ("days", Outcome.of((6, 14), 1, "win", None, end="passes", seat=1, scores=(14, 6))),
    ("days", Outcome.of((6, 14), 1, "win", None, end="week", seats=(1,), seat=1, scores=(14, 6))),
    ("days", Outcome.of((14, 14), 1, "win_on_cards", None, end="passes", seat=1, scores=(14, 14))),
    ("kotatsu", Outcome.of((3, 2), 0, "win", None, end="lucky", seat=0, points=3)),
    ("kotatsu", Outcome.of((2, 2, 1), 1, "win_on_cats", None, end="lucky", seat=1, seats=(0, 1),
                           points=2, cats=4)),
    ("boxes", Outcome.of((1, 5, 0), 1, "win", None, seat=1, points=5)),
    ("boxes", Outcome.of((1, 1, 0), 1, "win_on_boxes", None, seat=1, seats=(0,), points=1)),
    ("cathood", Outcome.of((8, 7), 0, "win", None, end="pieces", seat=0, points=8)),
    ("cathood", Outcome.of((8, 8), 1, "win_on_tie_break", None, end="rounds", seat=1, points=8,
                           tiebreak="cubes")),
]


@pytest.fixture(params=i18n.available_languages())
def language(request):
    before = i18n.current_language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


@pytest.mark.parametrize("game_id, outcome", WINS, ids=[f"{g}-{o.why.code}" for g, o in WINS])
def test_the_winner_is_named_once_on_the_end_screen(language, game_id, outcome):
    winner = NAMES[outcome.winner]
    headline = i18n.t("over.winner", seat=winner)
    why = i18n.outcome_text(outcome, game_id, NAMES)
    assert winner in headline
    assert winner not in why, f"{language}: {why!r} names the winner again under {headline!r}"
    assert "{" not in why and why.strip()


@pytest.mark.parametrize("game_id, outcome", WINS, ids=[f"{g}-{o.why.code}" for g, o in WINS])
def test_the_line_under_the_headline_still_gives_the_score(game_id, outcome):
    why = i18n.outcome_text(outcome, game_id, NAMES)
    shown = dict(outcome.why.args)
    score = shown.get("scores", shown.get("points"))
    first = score[0] if isinstance(score, tuple) else score
    assert str(first) in why
