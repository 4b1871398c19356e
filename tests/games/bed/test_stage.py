"""This Bed Is Mine's final scoring walked through on the bed (``bed.table.stage``): each won
section in the order the end screen sums them, its size counting up on the bed, the trays'
points counting up with it to the totals, the toys last; the claws of the final board only once
it is over."""

from __future__ import annotations

import random
import re

import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.components import TOY_KINDS
from catgames.games.bed.table import panels
from catgames.games.bed.table.scene import BedScene
from catgames.games.bed.table.stage import section_order
from catgames.ui.scenes.game_over import GameOverScene
from tests.helpers import new_app, until_staged
from tests.ui.helpers import IdleWorker

FRAME = 1 / 60


@pytest.fixture
def ended(catgames_home):
    """A side-B bed played to its end by two people, the walkthrough still to come."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = app.push(BedScene(app, Match.new("bed", 2, ["human", "human"], {"side": "B"}, seed=3)))
    rng = random.Random(5)
    while not scene.local.match.state.is_over():
        assert scene.play_human(rng.choice(sorted(scene.local.match.state.legal_moves(), key=str)))
    yield app, scene
    app.stack.pop_until(lambda s: False)


def test_the_sections_come_in_the_end_screens_order(ended):
    app, scene = ended
    score = scene.score_now()
    outcome = scene.local.match.state.outcome()
    sums = []
    for line in panels.outcome_lines(scene.bed, outcome.detail, scene.seat_names)[:2]:
        sums.append([int(n) for n in re.search(r"(\d+(?: \+ \d+)*) =", line.text).group(1).split(" + ")])
    walked = [[sec.size for sec in section_order(score) if sec.owner == seat] for seat in (0, 1)]
    assert walked == sums and all(walked)
    until_staged(app, scene)
    steps = scene.walk.steps
    tied = any(sec.owner is None and not sec.ignored for sec in score.sections)
    assert len(steps) == len(walked[0]) + len(walked[1]) + tied + len(TOY_KINDS) + 1  # + the caption


def test_the_trays_count_up_to_the_totals_as_the_bed_is_walked_through(ended):
    app, scene = ended
    until_staged(app, scene)
    totals = scene.score_now().totals
    app.canvas.marks = []
    tallies, trays_text, first_counted = [], [], set()
    first, second = scene.walk.steps[0], scene.walk.steps[1]
    while scene.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        if scene.stage.playing:
            tallies.append(scene.walk.tally())
            texts = [m.text for m in app.canvas.marks or []]
            trays_text.append(texts)
            if second.t < second.delay:  # the first section being counted on the bed
                first_counted.update(int(t) for t in texts if t.isdigit())
    app.canvas.marks = None
    assert tallies[0][0] < totals[0] and tallies[0][1] == 0  # the Cat's sections first
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(tallies, tallies[1:]))  # only ever up
    assert tallies[-1] == totals
    mid = len(tallies) // 2
    shown = f"{tallies[mid][0]} points"
    assert any(t.endswith(shown) or t == shown for t in trays_text[mid])  # the trays show the count
    largest = section_order(scene.score_now())[0].size
    assert first.done and largest in first_counted  # the first section counted up to its size
    assert len({n for n in first_counted if 0 < n < largest}) >= 3  # through the numbers below it
    app.run_frames(2, FRAME)
    assert isinstance(app.stack.top, GameOverScene)


def test_the_final_board_keeps_its_claws_until_the_walkthrough_is_over(ended, monkeypatch):
    app, scene = ended
    from catgames.games.bed.table import board

    real, finals = board.draw_bed, []

    def spy(canvas, **given):
        finals.append((given["final"], scene.stage.playing, isinstance(app.stack.top, GameOverScene)))
        real(canvas, **given)
    monkeypatch.setattr(board, "draw_bed", spy)
    for _ in range(2000):
        app.run_frames(1, FRAME)
        if isinstance(app.stack.top, GameOverScene):
            break
    app.run_frames(2, FRAME)
    # drawn bare before and while it plays (the walkthrough draws the sections), then final
    assert [f for f, _, _ in finals] == [False, True]
    assert finals[1][1:] == (False, True)
