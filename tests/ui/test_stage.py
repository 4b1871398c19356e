"""Staged moments (``ui.table.stage``): a table's walkthrough plays its steps one after another
over the board before the end screen, drawing every frame while it plays; any click or key
skips to the end and does nothing else; "Reduce motion" plays none of it.

Driven through ``App.run`` itself with a scripted frame clock (``StepClock``): the loop computes
each frame's ``dt`` from it, as from the real clock, and reads the events tests post."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.ui.motion import Tween
from catgames.ui.scenes.game_over import COUNT_UP_TIME, GameOverScene
from catgames.ui.table.stage import in_turn
from tests.helpers import new_app
from tests.ui import toygame
from tests.ui.helpers import FakeWorker
from tests.ui.toygame import GAME, Mark, ToyScene

FRAME_MS = 16
STEP_S = 0.5  #: each of the toy's staged steps
STEPS = 3
LIMIT = 600  #: frames before the loop is ended whatever happens


class StagedToy(ToyScene):
    """The toy table with a walkthrough of three steps, each noting what it draws."""

    drawn: list[tuple[int, float]]

    def staged_end(self) -> list[Tween]:
        self.drawn = []

        def step(i: int):
            return lambda canvas, pos, progress: self.drawn.append((i, progress))
        return in_turn([Tween(step(i), [(0.0, 0.0)], duration=STEP_S) for i in range(STEPS)])


class StepClock:
    """Stands in for ``pygame.time.Clock``: every frame ``FRAME_MS`` long; notes, per frame,
    whether it drew, what the stage drew and what was on top; posts ``post`` (an event) on the
    frame ``post_at`` of the stage; ends the loop once the end screen has been up a while."""

    def __init__(self, app, table: StagedToy, post: pygame.event.Event | None = None, post_at: int = 0) -> None:
        self.app, self.table, self.post, self.post_at = app, table, post, post_at
        self.frames: list[tuple[bool, list[tuple[int, float]], bool]] = []  #: (drew, stage, end screen)
        self._draws = app.draws
        self._staged = 0

    def tick(self, fps: int) -> int:
        app, table = self.app, self.table
        drew = app.draws != self._draws
        self._draws = app.draws
        over = isinstance(app.stack.top, GameOverScene)
        self.frames.append((drew, list(getattr(table, "drawn", [])), over))
        table.drawn = []
        if table.stage.playing:
            self._staged += 1
            if self.post is not None and self._staged == self.post_at:
                pygame.event.post(self.post)
        if sum(1 for f in self.frames if f[2]) > 5 or len(self.frames) > LIMIT:
            app.quit()
        return FRAME_MS


@pytest.fixture
def ended(catgames_home, toy_registered, request):
    """A toy game won by Cross on its last move, its table's end still to come; the settings
    as the test's parameter says (Reduce motion or not)."""
    reduce_motion = getattr(request, "param", False)
    app = new_app(Settings(ai_speed="instant", reduce_motion=reduce_motion),
                  worker_factory=FakeWorker, seed=1)
    table = app.push(StagedToy(app, Match.new(GAME, 2, ["human", "human"], seed=3)))
    app.step()
    for cell in (0, 3, 1, 4, 2):
        assert table.play_human(Mark(cell))
    assert table.local.match.state.is_over()
    yield app, table
    app.close()


def _stage_frames(clock: StepClock) -> list[list[tuple[int, float]]]:
    return [stage for _, stage, _ in clock.frames if stage]


def test_the_steps_play_in_turn_every_frame_then_the_end_screen(ended):
    app, table = ended
    clock = app.clock = StepClock(app, table)
    app.run()
    staged = _stage_frames(clock)
    begun = [max(i for i, _ in frame) for frame in staged]
    assert begun == sorted(begun) and set(begun) == set(range(STEPS))  # one after another, all of them
    for frame in staged:  # a step begun stays drawn, the ones before it finished
        latest = max(i for i, _ in frame)
        assert [i for i, _ in frame] == list(range(latest + 1))
        assert all(progress == 1.0 for i, progress in frame if i < latest)
    assert len(staged) >= STEPS * STEP_S * 1000 // FRAME_MS - 1  # each frame of it drawn
    first_over = next(n for n, (_, _, over) in enumerate(clock.frames) if over)
    last_staged = max(n for n, (_, stage, _) in enumerate(clock.frames) if stage)
    assert last_staged < first_over  # the end screen only once the walkthrough is over
    assert app.stack.top.elapsed >= COUNT_UP_TIME  # the board counted: no second count there


@pytest.mark.parametrize("post", [
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=toygame.cell_center(8), button=1),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0),
], ids=["click", "undo key"])
def test_a_click_or_key_skips_to_the_end_and_does_nothing_else(ended, post):
    app, table = ended
    clock = app.clock = StepClock(app, table, post, post_at=5)
    app.run()
    staged = _stage_frames(clock)
    assert len(staged) <= 6  # cut short where the event came
    assert max(i for i, _ in staged[-1]) < STEPS - 1
    assert isinstance(app.stack.top, GameOverScene)
    assert table.local.match.moves == ["c0", "c3", "c1", "c4", "c2"]  # the U undid nothing


@pytest.mark.parametrize("ended", [True], indirect=True)
def test_reduce_motion_plays_no_walkthrough(ended):
    app, table = ended
    clock = app.clock = StepClock(app, table)
    app.run()
    assert _stage_frames(clock) == [] and not table.stage.played
    assert isinstance(app.stack.top, GameOverScene)
    assert app.stack.top.elapsed < COUNT_UP_TIME  # the end screen counts its totals itself


def test_a_match_changed_under_a_walkthrough_drops_it_and_what_was_to_follow(ended):
    app, table = ended
    followed: list[bool] = []
    table.stage.play(table.staged_end(), lambda: followed.append(True), reduce_motion=False)
    table.undo()  # as a test or the menu may, while it plays
    app.run_frames(int(STEPS * STEP_S * 60) + 30)
    assert not table.stage.playing and followed == [] and app.stack.top is table


def test_an_online_table_hands_each_change_to_the_games_own_table_too():
    """A game starts its mid-game staged moments from ``feed_changed``: the online table, put in
    front of the game's table class, passes every change on to it."""
    from types import SimpleNamespace

    from catgames.core.runner import PLAYED, Change
    from catgames.ui.online.table import OnlineTable

    class Heard(ToyScene):
        def feed_changed(self, change: Change) -> None:
            self.heard.append(change.kind)

    kind = type("OnlineHeard", (OnlineTable, Heard), {})
    table = kind.__new__(kind)  # the hook alone: no runner, no window
    table.heard, table.app = [], SimpleNamespace(invalidate=lambda: None)
    kind.feed_changed(table, Change(PLAYED, 0, "c4"))
    assert table.heard == [PLAYED]
