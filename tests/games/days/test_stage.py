"""Woof / Cat Days' weeks tallied on the board before the end screen (``days.table.stage``):
each seat's days in the end screen's order with the rules' points, the week labels counting up
to the final scores, then the end screen, which does not count again; a key skips it; none
under Reduce motion."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.days.scoring import day_points
from catgames.games.days.table.scene import DaysScene
from catgames.ui.scenes.game_over import COUNT_UP_TIME, GameOverScene
from tests.games.names import P_NAMES
from tests.helpers import new_app, until_staged
from tests.ui.helpers import IdleWorker

FRAME = 1 / 60


def play_to_the_end(reduce_motion: bool = False, decks: str = "woof", seed: int = 4):
    """A two-seat game (P1 here, P2 the computer) played to its end through the table with
    seeded moves; the walkthrough still to come."""
    app = new_app(Settings(ai_speed="instant", reduce_motion=reduce_motion), worker_factory=IdleWorker, seed=1)
    scene = app.push(DaysScene(app, Match.new("days", 2, ["human", "ai:easy"], {"decks": decks},
                                              seed=seed, names=P_NAMES[:2])))
    rng = random.Random(seed)
    while not scene.local.match.state.is_over():
        assert scene._play(rng.choice(sorted(scene.local.match.state.legal_moves(), key=str))) is None
        if scene.local.match.awaiting:  # P1's turn waits for its End turn
            scene.confirm_turn()
    return app, scene


@pytest.fixture
def ended(catgames_home, request):
    app, scene = play_to_the_end(decks=getattr(request, "param", "woof"))
    yield app, scene
    app.stack.pop_until(lambda s: False)


@pytest.mark.parametrize("ended", ["woof", "cat"], indirect=True)
def test_the_days_are_counted_in_the_end_screens_order_with_the_rules_points(ended):
    app, scene = ended
    state = scene.local.match.state
    outcome = state.outcome()
    until_staged(app, scene)
    walk = scene.walk
    counted = [(seat, day, points) for seat, day, points in walk.days]
    rules = [(seat, day, day_points(state.data, state.weeks[seat][day], bool(state.trees[seat] >> day & 1)))
             for seat in range(2) for day in range(7) if state.weeks[seat][day]]
    assert counted == rules  # seat by seat, Monday first, every day with a card
    heads, rows = scene.score_table(outcome)
    for seat, row in enumerate(rows):  # the end screen's cells are the days counted, in that order
        assert [int(cell) for cell in row[1:8] if cell != "–"] == [p for s, _, p in counted if s == seat]
        assert int(row[-1]) == outcome.scores[seat] == sum(p for s, _, p in counted if s == seat)
    assert len(walk.steps) == len(counted) + 2 + 1  # a step a day, a total a week, the caption


def test_the_week_labels_count_up_to_the_scores_then_the_end_screen_counts_no_more(ended):
    app, scene = ended
    outcome = scene.local.match.state.outcome()
    tallies, labels = [], []
    for _ in range(3000):  # from the last move to the end screen, what each frame drew
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        if scene.stage.playing:
            tallies.append(scene.walk.tally())
            labels.append({m.text for m in app.canvas.marks})
        elif tallies:
            break
    app.canvas.marks = None
    walk = scene.walk
    assert tallies[0][1] == 0 and tallies[0][0] < outcome.scores[0]  # the first week first
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(tallies, tallies[1:]))  # only ever up
    assert tallies[-1] == tuple(outcome.scores)
    drawn: dict[tuple[int, ...], set[str]] = {}  # what was drawn while each count stood
    for tally, texts in zip(tallies, labels):
        drawn.setdefault(tally, set()).update(texts)
    missing = [(tally, sorted(texts)) for tally, texts in drawn.items() if not {str(n) for n in tally} <= texts]
    assert len(drawn) > 4 and not missing
    first = walk.days[0][2]
    assert {f"+{n}" for n in range(first + 1)} & set().union(*labels[:30]) >= {f"+{first}"}
    app.run_frames(2, FRAME)
    over = app.stack.top
    assert isinstance(over, GameOverScene) and scene.stage.played
    assert over.elapsed >= COUNT_UP_TIME  # the board counted: no second count there


def test_a_key_skips_to_the_end_screen(ended):
    app, scene = ended
    until_staged(app, scene)
    app.run_frames(5, FRAME)
    assert scene.stage.playing
    moves = list(scene.local.match.moves)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0)])
    assert not scene.stage.playing and isinstance(app.stack.top, GameOverScene)
    assert scene.local.match.moves == moves  # the U undid nothing


def test_reduce_motion_tallies_nothing_on_the_board(catgames_home):
    app, scene = play_to_the_end(reduce_motion=True)
    for _ in range(120):
        app.run_frames(1, FRAME)
        assert not scene.stage.playing
        if isinstance(app.stack.top, GameOverScene):
            break
    assert isinstance(app.stack.top, GameOverScene) and not scene.stage.played
    assert app.stack.top.elapsed < COUNT_UP_TIME  # the end screen counts its totals itself
    app.stack.pop_until(lambda s: False)
