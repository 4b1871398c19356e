"""Cathood: while a fight is walked through, nothing beside it says who won before its result
step does — the prompt panel ("You won the fight!"), its option buttons and the status line
wait for the walkthrough, and come once it is over."""

from __future__ import annotations

import pytest

from catgames.ui import i18n
from tests.games.cathood.test_stage import FRAME, _match_at, _random_game, _table

WON_SEED = 12  #: seeded random play in which P1, the human, starts a fight and wins it


@pytest.fixture
def won_fight(catgames_home):
    moves, at = _random_game(WON_SEED)
    assert at is not None
    app, scene = _table(_match_at(WON_SEED, moves, at))
    yield app, scene, moves[at]
    app.stack.pop_until(lambda s: False)


def test_the_fights_result_is_asked_for_only_once_it_has_been_shown(won_fight):
    app, scene, move = won_fight
    assert scene.play_human(move) and scene.stage.playing
    won = i18n.t("cathood.prompt.steal_title")
    frames: list[list[str]] = []
    buttons: list[int] = []
    while scene.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        frames.append([m.text for m in app.canvas.marks])
        buttons.append(len(scene.extra_widgets()))
    app.canvas.marks = None
    assert not any(won in texts for texts in frames[:-1])
    assert set(buttons[:-1]) == {0}
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)  # the cached layers drawn anew: all their words read
    app.invalidate()
    app.run_frames(2, FRAME)
    after = [m.text for m in app.canvas.marks]
    app.canvas.marks = None
    assert won in after and scene.extra_widgets()  # P1 won this fight: it chooses what to take now
