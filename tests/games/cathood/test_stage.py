"""Cathood's staged moments (``cathood.table.fights``, ``cathood.table.final``): a fight shown
over the neighbourhood — the two cats, both choices, the result as the rules decided it — and
the final scoring filled in category by category with the rules' numbers, the side panel
counting up with it, the end screen counting nothing again; a key skips; nothing under Reduce
motion."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.cathood.table.scene import CathoodScene
from catgames.games.cathood.table.words import board_of, colour_name, event_line
from catgames.ui import i18n
from catgames.ui.scenes.game_over import COUNT_UP_TIME, GameOverScene
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, key
from tests.ui.staged import FRAME, drew, first_frame, staged_frames

OPTIONS = {"rps_auto": True}
FIGHT_SEED = 3   #: seeded random play in which P1 starts a fight
FINAL_SEED = 16  #: seeded random play that ends with buildings and a park card scored


def _random_game(seed: int) -> tuple[list, int | None]:
    """Seeded random play of a two-cat game: its moves, and the first at which P1 fights."""
    match = Match.new("cathood", 2, ["human", "ai:easy"], OPTIONS, seed=seed)
    rng = random.Random(seed)
    moves, fight_at = [], None
    while not match.state.is_over():
        moves.append(rng.choice(sorted(match.state.legal_moves(), key=str)))
        if fight_at is None and match.state.to_move == 0 and any(
                e.kind == "fight" for e in match.state.clone().apply(moves[-1])):
            fight_at = len(moves) - 1
        match.play(moves[-1])
    return moves, fight_at


def _match_at(seed: int, moves: list, n: int) -> Match:
    """The game of ``seed`` after its first ``n`` moves."""
    match = Match.new("cathood", 2, ["human", "ai:easy"], OPTIONS, seed=seed)
    for move in moves[:n]:
        match.play(move)
    return match


def _table(match: Match, reduce_motion: bool = False):
    settings = Settings(ai_speed="instant", reduce_motion=reduce_motion, confirm_turns=False)
    app = new_app(settings, worker_factory=IdleWorker, seed=1)
    scene = app.push(CathoodScene(app, match))
    app.run_frames(1, FRAME)
    return app, scene


def _fight_table(reduce_motion: bool = False):
    moves, at = _random_game(FIGHT_SEED)
    assert at is not None
    app, scene = _table(_match_at(FIGHT_SEED, moves, at), reduce_motion)
    return app, scene, moves[at]


@pytest.fixture
def fight(catgames_home):
    app, scene, move = _fight_table()
    yield app, scene, move
    app.stack.pop_until(lambda s: False)


def test_a_fight_shows_both_cats_then_both_choices_then_the_rules_result(fight):
    app, scene, move = fight
    assert scene.play_human(move) and scene.stage.playing
    events = _turn_of(scene, move).events
    fought = next(e for e in events if e.kind == "fight")
    names = scene.seat_names
    title = i18n.t("cathood.stage.fight", attacker=names[0], defender=names[1])
    choices = [i18n.t(f"cathood.rps.{fought.get(side)}") for side in ("attacker_choice", "defender_choice")]
    result = _rules_result(fought, events, names)
    frames = staged_frames(app, scene)
    assert first_frame(frames, title) < min(first_frame(frames, c) for c in choices) < first_frame(frames, result, wrapped=True)
    assert all(drew(texts, title) and drew(texts, result) for texts in frames[first_frame(frames, result, wrapped=True):-1])
    assert not any(_fight_line(scene, fought) == toast.text for toast in app.toasts.items)  # shown, not toasted


def _turn_of(scene, move):
    """The turn of the log that played ``move`` (an End turn may follow it)."""
    return next(t for t in reversed(scene.local.match.history) if t.move == str(move))


def _rules_result(fought, events, names) -> str:
    """The result line as the rules' events of the move tell it."""
    winner = fought.get("winner")
    if winner is None:
        return i18n.t("cathood.stage.tie")
    args = {"winner": names[winner], "loser": names[1 - winner]}
    stole = next((e for e in events if e.kind == "steal"), None)
    if stole is None:
        return i18n.t("cathood.stage.chooses", **args)
    if stole.get("colour") is None:
        return i18n.t("cathood.stage.nothing", **args)
    return i18n.t("cathood.stage.takes", colour=colour_name(stole.get("colour")), **args)


def _fight_line(scene, event) -> str:
    """The log's sentence for a fight (what a toast says when it is not staged)."""
    return event_line(event, scene.seat_names, scene.view.data, board_of(scene.view)) or ""


def test_a_key_skips_a_fight_and_does_nothing_else(fight):
    app, scene, move = fight
    scene.play_human(move)
    played = list(scene.local.match.moves)
    app.run_frames(10, FRAME)
    assert scene.stage.playing
    key(app, pygame.K_u)
    assert not scene.stage.playing and scene.local.match.moves == played


def test_under_reduce_motion_a_fight_is_toasted_not_staged(catgames_home):
    app, scene, move = _fight_table(reduce_motion=True)
    try:
        scene.play_human(move)
        assert not scene.stage.playing and not scene.stage.played
        fought = next(e for e in _turn_of(scene, move).events if e.kind == "fight")
        assert any(_fight_line(scene, fought) == toast.text for toast in app.toasts.items)
    finally:
        app.stack.pop_until(lambda s: False)


@pytest.fixture
def final(catgames_home):
    """The game of ``FINAL_SEED`` a few moves before its end: the rest played at the table."""
    moves, _ = _random_game(FINAL_SEED)
    app, scene = _table(_match_at(FINAL_SEED, moves, len(moves) - 6))
    for move in moves[-6:]:
        assert scene.local.play(move) is None
        scene.catch_up()
    assert scene.local.match.state.is_over()
    for _ in range(120):
        app.run_frames(1, FRAME)
        if scene.stage.playing:
            break
    yield app, scene
    app.stack.pop_until(lambda s: False)


def test_the_final_scoring_fills_in_category_by_category_with_the_rules_numbers(final):
    app, scene = final
    assert scene.stage.playing and scene.final is not None
    state, outcome = scene.local.match.state, scene.local.match.state.outcome()
    data, names = state.data, state.game.seat_names(2)
    seats = [outcome.detail["seats"][name] for name in names]
    columns = ["buildings", "parks", *data.toy_types, "cubes", "reserved"]
    steps = scene.final.steps
    assert len(steps) == 1 + len(columns) + 1  # the sheet, a row per column, the totals
    assert all(a.delay + a.duration <= b.delay for a, b in zip(steps, steps[1:]))
    expected = {
        "buildings": [f"×{len(state.buildings[s])} → {seats[s]['buildings']}" for s in (0, 1)],
        "parks": [f"×{len(state.parks[s])} → {seats[s]['parks']}" for s in (0, 1)],
        "cubes": [f"×{seats[s]['cubes_left']} → {seats[s]['cubes']}" for s in (0, 1)],
        "reserved": [str(seats[s]["reserved_penalty"]) for s in (0, 1)],
    }
    for k, toy in enumerate(data.toy_types):
        expected[toy] = [f"×{seats[s]['toy_counts'][k]} → {seats[s]['toys'][toy]}" for s in (0, 1)]
    assert seats[0]["buildings"] > 0 and seats[0]["parks"] > 0  # the seed scores something
    assert [row.key for row in scene.final.rows] == columns  # in the end screen's order
    rows = dict(zip(columns, steps[1:]))
    checked, tallies = [], []
    while scene.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        texts = [m.text for m in app.canvas.marks]
        for column, step in rows.items():
            if step.done and column not in checked:  # counted: the rules' numbers stand there
                assert all(t in texts for t in expected[column]), column
                checked.append(column)
        if scene.stage.playing:
            tallies.append(scene.final.tally())
            if len(tallies) > 1 and tallies[-1] != tallies[-2]:  # the side panel counts with the sheet
                assert i18n.plural("cathood.points", tallies[-1][0]) in texts
    app.canvas.marks = None
    assert checked == columns
    assert tallies[-1] == list(outcome.scores)


def test_the_end_screen_follows_the_walkthrough_and_counts_nothing_again(final):
    app, scene = final
    outcome = scene.local.match.state.outcome()
    while scene.stage.playing:
        assert app.stack.top is scene
        app.run_frames(1, FRAME)
    app.run_frames(1, FRAME)
    over = app.stack.top
    assert isinstance(over, GameOverScene) and over.elapsed >= COUNT_UP_TIME
    heads, rows = scene.score_table(over.outcome)
    assert [int(row[-1]) for row in rows] == list(outcome.scores)
    walked = [i18n.t(f"cathood.col.{row.key}") for row in scene.final.rows] + [i18n.t("over.total")]
    assert heads[1:] == walked  # the same columns, in the same order


def test_a_key_skips_the_final_scoring_to_the_end_screen(final):
    app, scene = final
    app.run_frames(20, FRAME)
    key(app, pygame.K_SPACE)
    assert not scene.stage.playing
    assert isinstance(app.stack.top, GameOverScene) and app.stack.top.elapsed >= COUNT_UP_TIME


def test_reduce_motion_walks_no_final_scoring(catgames_home):
    moves, _ = _random_game(FINAL_SEED)
    app, scene = _table(_match_at(FINAL_SEED, moves, len(moves) - 1), reduce_motion=True)
    try:
        scene.local.play(moves[-1])
        scene.catch_up()
        for _ in range(120):
            app.run_frames(1, FRAME)
            assert not scene.stage.playing
        assert isinstance(app.stack.top, GameOverScene) and app.stack.top.elapsed < COUNT_UP_TIME
    finally:
        app.stack.pop_until(lambda s: False)

