"""Kotatsu Cats' resolution staged on the board (``kotatsu.table.stage``): when a kotatsu is
complete its hands are shown seat by seat, then the ranking and the winner's peek, each step
saying the rules' own numbers; the pairs taken follow the pick.  Any click or key skips it; no
stage under Reduce motion or in a replay; a machine seat does not pick while it plays."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.kotatsu.hands import order_seats
from catgames.games.kotatsu.moves import Pick
from catgames.games.kotatsu.rules import PICKING
from catgames.games.kotatsu.table import layout as L, stage
from catgames.games.kotatsu.table.panels import stars_text
from catgames.games.kotatsu.table.resolution import decision_text, recap_text
from catgames.games.kotatsu.table.scene import KotatsuScene
from catgames.games.kotatsu.table.words import category_name
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui import i18n
from tests.games.names import P_NAMES
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, hand_over
from tests.ui.test_calm import ChoosingWorker

FRAME = 1 / 60


def completing(state, seat: int):
    """A move of ``seat`` to move now that completes a kotatsu, if there is one."""
    for move in sorted(state.legal_moves(), key=str):
        after = state.clone()
        after.apply(move)
        if after.phase == PICKING:
            return move
    return None


def open_resolving(picker_here: bool, reduce_motion: bool = False, worker: ChoosingWorker | None = None):
    """A table (P1 a human, P2 the computer) where P1's move completes a kotatsu that the seat
    ``picker_here`` says (P1 or not) wins; returns the app, the table and that move."""
    for seed in range(40):
        app = new_app(Settings(ai_speed="instant", reduce_motion=reduce_motion),
                      worker_factory=IdleWorker if worker is None else lambda: worker, seed=1)
        scene = KotatsuScene(app, Match.new("kotatsu", 2, ["human", "ai:easy"], seed=seed, names=P_NAMES[:2]))
        if worker is not None:
            worker.table = scene
        app.push(scene)
        hand_over(app)
        move = play_to_resolution(app, scene, seed, lambda state, after: state.to_move == 0 and (
            after.order[0] == 0) == picker_here)
        if move is not None:
            return app, scene, move
        app.close()
    raise AssertionError("no such position")


def play_to_resolution(app, scene, seed: int, wanted) -> object | None:
    """Seeded random moves on ``scene``'s match until the mover has a move that completes a
    kotatsu as ``wanted(state, after)`` says: that move (not played), the table showing the
    position before it; ``None`` if the game ends first."""
    match, rng = scene.local.match, random.Random(seed)
    for _ in range(300):
        state = match.state
        if state.is_over():
            return None
        move = completing(state, state.to_move)
        if move is not None:
            after = state.clone()
            after.apply(move)
            if wanted(state, after):
                scene._match_changed()
                app.run_frames(1, FRAME)
                return move
        match.play(rng.choice(sorted(state.legal_moves(), key=str)))
    return None


@pytest.fixture
def human_picks(catgames_home):
    app, scene, move = open_resolving(picker_here=True)
    yield app, scene, move
    app.stack.pop_until(lambda s: False)


def test_the_hands_ranking_and_peek_come_in_turn_with_the_rules_numbers(human_picks):
    app, scene, move = human_picks
    assert scene.play_human(move)
    state = scene.local.match.state
    k = state.pending
    values = state.hand_values(k)  # the rules' own reading of every hand
    order = order_seats(values)
    assert tuple(order) == state.order and scene.stage.playing
    names = tuple(scene.seat_names)
    expected = [i18n.t("kotatsu.stage_hand", seat=names[s], hand=i18n.t(
        "kotatsu.hand_stars", hand=category_name(values[s].category), stars=stars_text(values[s])))
        for s in range(2)]
    expected.append(decision_text(state.data, names, tuple(values), tuple(order)))
    expected.append(i18n.t("kotatsu.peek_other", picker=names[order[0]], runner=names[order[1]]))
    marks: set[str] = set()
    said: list[str] = []
    while scene.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        marks.update(mark.text for mark in app.canvas.marks)
        line = caption(app) if scene.stage.playing else ""
        if line and (not said or said[-1] != line):
            said.append(line)
    app.canvas.marks = None
    assert said == [" ".join(line.split()) for line in expected]  # every hand in seat order, then the ranking, then the peek
    assert {i18n.t("kotatsu.place.0"), i18n.t("kotatsu.place.1")} <= marks  # the places on the edges
    faces = [str(state.data.cushion_value[cu]).replace("-", "−") for _, cu in state.pairs[k]]
    assert all(any(face.lstrip("+") in t for t in marks) for face in faces)  # the winner sees the cushions
    assert _take_buttons(scene)  # the panel's pick follows the walkthrough


def test_a_key_skips_it_and_does_nothing_else(human_picks):
    app, scene, move = human_picks
    assert scene.play_human(move)
    app.run_frames(3, FRAME)
    assert scene.stage.playing and not _take_buttons(scene)
    moves = list(scene.local.match.moves)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)])
    assert not scene.stage.playing
    assert scene.local.match.moves == moves  # "1" took no pair: it only skipped
    assert _take_buttons(scene)  # the pick is offered now


def caption(app) -> str:
    """The big line over the strip above the kotatsu (a wrapped paragraph put together)."""
    block: list = []  # the stage draws last: the last run of lines inside the strip
    for mark in reversed(app.canvas.marks):
        if L.INFO.contains(mark.rect):
            block.insert(0, mark)
        elif block:
            break
    return " ".join(" ".join(m.text for m in block if m.size > stage.FOOTER + 0.5).split())


def _take_buttons(scene) -> list:
    return [w for w in scene.buttons.widgets if getattr(w, "move", None) in (Pick(0), Pick(1))]


def test_reduce_motion_shows_no_stage(catgames_home):
    app, scene, move = open_resolving(picker_here=True, reduce_motion=True)
    assert scene.play_human(move)
    assert not scene.stage.playing and _take_buttons(scene)
    app.stack.pop_until(lambda s: False)


def test_a_replay_shows_no_stage(human_picks, monkeypatch):
    app, scene, move = human_picks
    monkeypatch.setattr(scene, "read_only", True)
    scene.local.match.play(move)
    scene.catch_up()
    assert not scene.stage.playing


def test_a_machine_picker_waits_while_it_plays_then_the_pairs_taken_are_staged(catgames_home):
    worker = ChoosingWorker(3)
    app, scene, move = open_resolving(picker_here=False, worker=worker)
    assert scene.play_human(move)
    moves = list(scene.local.match.moves)
    res = scene.resolution()
    shown = scene.stage.steps
    frames = 0
    while scene.stage.steps is shown:  # the resolution's walkthrough
        assert scene.local.match.moves == moves  # no pick while it is shown
        app.run_frames(1, FRAME)
        frames += 1
    assert frames > 60 and all(step.done for step in shown)  # played to its end
    for _ in range(600):  # then the panel is read, and the machine picks
        app.run_frames(1, FRAME)
        if len(scene.local.match.moves) > len(moves):
            break
    assert len(scene.local.match.moves) == len(moves) + 1
    turn = scene.local.match.history[-1]
    taken = {e.kind: (e.seat, e.get("cat")) for e in turn.events if e.kind in ("pick", "receive")}
    assert taken["pick"][0] == res.picker and taken["receive"][0] == res.runner_up
    assert scene.stage.playing  # the pairs taken, on the board
    recap = recap_text(scene.seen, res, taken, next((e.get("number") for e in turn.events
                                                      if e.kind == "lucky_cat"), 0))
    app.canvas.marks = []
    app.run_frames(1, FRAME)
    texts = [mark.text for mark in app.canvas.marks]
    assert caption(app) == " ".join(recap.split())  # who took which cat, said over the board
    app.canvas.marks = None
    assert {scene.seat_names[res.picker], scene.seat_names[res.runner_up]} <= set(texts)
    app.stack.pop_until(lambda s: False)


def test_the_last_pairs_taken_are_staged_before_the_end_screen(catgames_home):
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = app.push(KotatsuScene(app, Match.new("kotatsu", 2, ["human", "ai:easy"], seed=2, names=P_NAMES[:2])))
    hand_over(app)
    rng = random.Random(2)
    while not scene.local.match.state.is_over():
        assert scene._play(rng.choice(sorted(scene.local.match.state.legal_moves(), key=str))) is None
        if scene.stage.playing:  # a resolution or the pairs taken mid-game: seen, and skipped
            scene.stage.skip()
        if scene.local.match.awaiting:
            scene.confirm_turn()
    last = scene.local.match.history[-1]
    assert any(e.kind == "pick" for e in last.events)  # the game ends as a kotatsu's pairs are taken
    assert not scene.stage.playing  # not at once: after the last move is seen, like any end
    for _ in range(120):
        app.run_frames(1, FRAME)
        if scene.stage.playing:
            break
    assert scene.stage.playing and not isinstance(app.stack.top, GameOverScene)
    app.canvas.marks = []
    app.run_frames(1, FRAME)
    assert caption(app) == " ".join(scene.recap[1].split())  # who took which cat
    app.canvas.marks = None
    while scene.stage.playing:
        app.run_frames(1, FRAME)
    app.run_frames(2, FRAME)
    assert isinstance(app.stack.top, GameOverScene)
    app.stack.pop_until(lambda s: False)


BRISK = 4.0      #: seconds of the game's clock the most hands (four) may take to walk through
READABLE = 0.4   #: seconds each step's line stays the caption, at the least


def test_four_hands_walk_through_briskly_each_line_long_enough_to_read(catgames_home):
    """A four-seat kotatsu's walkthrough ends within ``BRISK`` of the loop's clock (frames of
    1/60 s, counted) and each of its lines is the caption for ``READABLE`` at least (the
    play-test: eight seconds every kotatsu, seen many times a game)."""
    app = new_app(Settings(ai_speed="normal"), worker_factory=IdleWorker, seed=1)
    scene = app.push(KotatsuScene(app, Match.new("kotatsu", 4, ["human"] + ["ai:easy"] * 3, seed=4,
                                                 names=P_NAMES[:4])))
    hand_over(app)
    move = play_to_resolution(app, scene, 4, lambda state, after: state.to_move == 0)
    assert move is not None and scene.play_human(move) and scene.stage.playing
    shown: list[list] = []  #: each caption said, and the frames it was said for
    while scene.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        line = caption(app) if scene.stage.playing else ""
        if line and (not shown or shown[-1][0] != line):
            shown.append([line, 0])
        if line:
            shown[-1][1] += 1
    app.canvas.marks = None
    frames = sum(n for _, n in shown)
    assert len(shown) == 4 + 2 and frames <= BRISK / FRAME  # four hands, the ranking, the peek
    assert min(n for _, n in shown) >= READABLE / FRAME, shown
    app.stack.pop_until(lambda s: False)
