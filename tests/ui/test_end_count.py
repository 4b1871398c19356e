"""The end screen's totals count up, and whatever the loop does meanwhile — frames as usual, a
stalled frame, then idling because nothing moves — the screen settles on the true totals.

Driven through ``App.run`` itself, its frame clock replaced by a scripted one (``ScriptedClock``),
so the loop computes each frame's ``dt`` from it as it does from the real clock."""

from __future__ import annotations

import random

import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.table.scene import BedScene
from catgames.ui.scenes.game_over import COUNT_UP_TIME, GameOverScene
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker

FRAME_MS = 16
STALL_MS = 15000  #: the loop stood still this long (a busy machine, a window dragged)
SHOWN_FRAMES = 10  #: frames of the count drawn before the stall: part of the way up
OVER_LAYER = 1  #: the end screen's text marks (the table under it draws layer 0)


class ScriptedClock:
    """Stands in for the app's ``pygame.time.Clock``: each ``tick`` (the top of ``App.run``'s
    loop) keeps the text the previous frame drew, if it drew, and returns the next frame's
    length: ``FRAME_MS``, once ``STALL_MS`` a few frames into the end screen, and ends the loop
    ``settle`` frames after that."""

    def __init__(self, app, settle: int = 90) -> None:
        self.app, self.settle = app, settle
        self.drawn: list[list[str]] = []  #: the text of each drawn frame of the end screen
        self.stall_at: int | None = None  #: the index in ``drawn`` of the frame after the stall
        self._draws = app.draws
        self._over_frames = 0
        app.canvas.marks = []

    def tick(self, fps: int) -> int:
        app = self.app
        if app.draws != self._draws and isinstance(app.stack.top, GameOverScene):
            self.drawn.append([m.text for m in app.canvas.marks or [] if m.layer == OVER_LAYER])
        self._draws, app.canvas.marks = app.draws, []
        if not isinstance(app.stack.top, GameOverScene):
            return FRAME_MS
        self._over_frames += 1
        if self._over_frames == SHOWN_FRAMES:
            self.stall_at = len(self.drawn)  # the frame this tick times is the next drawn
            return STALL_MS
        if self._over_frames > SHOWN_FRAMES + self.settle:
            app.quit()
        return FRAME_MS


def totals_in(texts: list[str], rows: list[list[str]]) -> list[str]:
    """The Total column of a frame's text: the last cell drawn on each seat's row."""
    out = []
    for row in rows:
        start = next(i for i, t in enumerate(texts) if t.startswith(row[0]))
        out.append(texts[start + len(row) - 1])
    return out


@pytest.fixture
def ended_bed(catgames_home):
    """A Bed game played to its end by two people; the end screen is still to open, and counts
    its totals itself: no walkthrough on the board has counted them (Reduce motion)."""
    app = new_app(Settings(ai_speed="instant", reduce_motion=True), worker_factory=IdleWorker, seed=1)
    scene = app.push(BedScene(app, Match.new("bed", 2, ["human", "human"], {}, seed=3)))
    rng = random.Random(3)
    while not scene.local.match.state.is_over():
        assert scene.play_human(rng.choice(scene.local.match.state.legal_moves()))
    yield app
    app.stack.pop_until(lambda s: False)


def test_a_stall_mid_count_ends_the_count_and_the_screen_settles_on_the_totals(ended_bed):
    app = ended_bed
    clock = app.clock = ScriptedClock(app)
    app.run()
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    _, rows = over.game.score_table(over.outcome)
    true = [row[-1] for row in rows]
    assert all(int(t) > 9 for t in true)  # numbers that show a partial count
    before = totals_in(clock.drawn[clock.stall_at - 1], rows)
    assert before != true  # the count was under way when the loop stalled
    assert totals_in(clock.drawn[clock.stall_at], rows) == true  # the frame after it: done
    assert totals_in(clock.drawn[-1], rows) == true  # and that is what stays on screen
    assert len(clock.drawn) <= clock.stall_at + 1  # then it rests: nothing left to count
    assert over.elapsed >= COUNT_UP_TIME and not over.animating()


def test_an_undisturbed_count_draws_every_frame_and_settles_on_the_totals(ended_bed):
    app = ended_bed
    clock = app.clock = ScriptedClock(app)
    clock.tick = _without_stall(clock)
    app.run()
    over = app.stack.top
    _, rows = over.game.score_table(over.outcome)
    shown = [totals_in(texts, rows) for texts in clock.drawn]
    assert shown[0] == ["0"] * len(rows) and shown[-1] == [row[-1] for row in rows]
    assert shown.index(shown[-1]) >= COUNT_UP_TIME * 1000 // FRAME_MS - 1  # it counted up


def _without_stall(clock: ScriptedClock):
    tick = clock.tick

    def steady(fps: int) -> int:
        return min(tick(fps), FRAME_MS)
    return steady
