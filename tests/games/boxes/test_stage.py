"""If It Fits: the boxes a turn closed walked through on the table once the turn is over
(``boxes.table.stage``): lit, its toys counted up, its cats counted, who leads it and what it
pays, in that order and with the rules' own numbers; a key skips it; nothing under Reduce
motion or in a replay; a machine seat waits for it, and so does the end screen."""

from __future__ import annotations

from typing import Any

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.boxes.moves import Cat, parse_move
from catgames.games.boxes.table.scene import BoxesScene
from catgames.games.boxes.table.words import count
from catgames.ui import i18n
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.scenes.replay import ReplayScene
from tests.games.ai_table import waiting_workers
from tests.games.boxes.helpers import box_at, position
from tests.games.names import P_NAMES
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, key
from tests.ui.staged import FRAME, first_frame, staged_frames

#: a cup at (6,4) with 2 toys, open below: the cup turned at (6,5) closes it, and P1's awake cat
#: may then lie on the pair (the turn waits for that choice)
CUP = ["(6,4) #.## t2", "(5,5) ..## start", "(7,5) ..## start"]
CLOSE_CUP = "play CUP t1 r180 @ (6,5)"
#: a five-card shaft, P1's cat at its top and P2's below it: the cup at (6,6) closes it, a tie
SHAFT = ["(6,2) #.## t1", "(6,3) ..## t0", "(6,4) ..## t2", "(6,5) ..## t0"]
CLOSE_SHAFT = "play CUP t1 r180 @ (6,6)"


def _table(seats: list[str], state, reduce_motion: bool = False, workers=IdleWorker, confirm: bool = False):
    """P1 plays here; P2 is a machine (by default one that never answers: it waits)."""
    settings = Settings(ai_speed="instant", reduce_motion=reduce_motion, confirm_turns=confirm)
    app = new_app(settings, worker_factory=workers, seed=1)
    match = Match.new("boxes", state.n, seats, {}, seed=3, names=P_NAMES[:state.n])
    match.state = state
    scene = app.push(BoxesScene(app, match))
    app.run_frames(1, FRAME)
    return app, scene


@pytest.fixture
def cup(catgames_home):
    app, scene = _table(["human", "ai:easy"], position(CUP, step="play", hands={"P1": ["CUP t1", "SHAFT t0"], "P2": 2}))
    yield app, scene
    app.stack.pop_until(lambda s: False)


def test_the_box_is_walked_through_once_the_turn_is_over_with_the_rules_numbers(cup):
    app, scene = cup
    assert scene.play_human(parse_move(CLOSE_CUP))
    assert not scene.stage.playing  # the awake cat may still go into the box: not yet
    assert scene.play_human(Cat(6, 4))
    assert scene.stage.playing
    box = box_at(scene.local.match.state, 6, 4)  # the rules' own scoring of the box
    label = scene.seat_label
    seat = P_NAMES.index(box["scores_for"][0])
    closed = i18n.t("boxes.stage.box", cards=count("cards", len(box["cells"])), toys=count("toys", box["toys"]))
    cats = i18n.t("boxes.stage.cats", cats=f"{label(seat)} ×{box['cats'][P_NAMES[seat]]}")
    pays = i18n.t("boxes.stage.leads", seat=label(seat), points=count("points", box["value"]))
    frames = staged_frames(app, scene)
    assert (box["toys"], box["cats"]["P1"], box["value"]) == (3, 1, 3)
    # the toys counted up from none, then the cats, then who it pays: each stays till the end
    zero = i18n.t("boxes.stage.box", cards=count("cards", 2), toys=count("toys", 0))
    assert first_frame(frames, zero) < first_frame(frames, closed) < first_frame(frames, cats) < first_frame(frames, pays)
    assert all(closed in texts for texts in frames[first_frame(frames, pays):-1])
    assert i18n.plural("boxes.stage.caption", 1) in " ".join(frames[1])


def test_a_tie_says_both_seats_and_the_steps_come_in_turn(catgames_home):
    state = position(SHAFT, ["P1@(6,2)", "P2@(6,4)"], step="play", hands={"P1": ["CUP t1", "SHAFT t0"], "P2": 2})
    app, scene = _table(["human", "ai:easy"], state)
    try:
        assert scene.play_human(parse_move(CLOSE_SHAFT))  # no pair left for a cat: the turn is over
        steps = scene.stage.steps
        walked = steps[1:-1]  # the wait for the card to land first, the caption over all
        assert len(walked) == 3
        assert all(a.delay + a.duration <= b.delay for a, b in zip(steps[:-1], walked))
        box = box_at(scene.local.match.state, 6, 2)
        assert box["scores_for"] == ["P1", "P2"] and box["value"] == 4
        seats = i18n.listed([scene.seat_label(0), scene.seat_label(1)])
        tie = i18n.t("boxes.stage.tie", seats=seats, points=count("points", 4))
        frames = staged_frames(app, scene)
        assert tie in frames[-2] and f"{scene.seat_label(1)} ×1" in " ".join(frames[-2])
    finally:
        app.stack.pop_until(lambda s: False)


def _cup_closed_by_a_human(**options: bool) -> tuple[Any, Any]:
    """The cup closed and a cat laid in it by the human seat, a few frames later."""
    state = position(CUP, step="play", hands={"P1": ["CUP t1", "SHAFT t0"], "P2": 2})
    app, scene = _table(["human", "ai:easy"], state, **options)
    scene.play_human(parse_move(CLOSE_CUP))
    scene.play_human(Cat(6, 4))
    app.run_frames(5, FRAME)
    return app, scene


def test_a_turn_waiting_for_its_end_turn_is_walked_through_once_ended(catgames_home):
    app, scene = _cup_closed_by_a_human(confirm=True)
    try:
        assert scene.public.awaiting and not scene.stage.playing  # Undo may still take it back
        key(app, pygame.K_RETURN)  # End turn: not a skip
        assert not scene.public.awaiting and scene.stage.playing
    finally:
        app.stack.pop_until(lambda s: False)


def test_a_key_skips_the_walkthrough_and_does_nothing_else(cup):
    app, scene = cup
    scene.play_human(parse_move(CLOSE_CUP))
    scene.play_human(Cat(6, 4))
    app.run_frames(20, FRAME)
    assert scene.stage.playing
    key(app, pygame.K_u)  # Undo's key: taken for the skip alone
    assert not scene.stage.playing
    assert scene.local.match.moves == [CLOSE_CUP, "cat @ (6,4)"]


def test_reduce_motion_walks_nothing_through(catgames_home):
    app, scene = _cup_closed_by_a_human(reduce_motion=True)
    try:
        assert not scene.stage.playing and not scene.stage.played
    finally:
        app.stack.pop_until(lambda s: False)


def test_a_replay_walks_nothing_through(catgames_home):
    match = Match.new("boxes", 2, ["human", "human"], {}, seed=4, names=P_NAMES[:2])
    rng = random.Random(4)
    closed = False
    while not closed:  # seeded random play up to the first move that closes a box
        move = rng.choice(sorted(match.state.legal_moves(), key=str))
        closed = any(e.kind == "box_closed" for e in match.state.clone().apply(move))
        match.play(move)
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    try:
        replay = ReplayScene.open(app, match)
        app.run_frames(2, FRAME)
        while replay.index < replay.last:
            key(app, pygame.K_RIGHT)
            app.run_frames(3, FRAME)
            assert not replay.table.stage.playing
        assert replay.table.local.match.moves == match.moves
    finally:
        app.stack.pop_until(lambda s: False)


def test_a_machine_seat_waits_for_the_walkthrough(catgames_home):
    state = position(CUP, step="play", hands={"P1": ["CUP t1", "SHAFT t0"], "P2": ["OPEN t1", "END t0"]}, deck=9)
    app, scene = _table(["human", "ai:easy"], state, workers=waiting_workers())
    try:
        scene.play_human(parse_move(CLOSE_CUP))
        scene.play_human(Cat(6, 4))
        played = len(scene.local.match.moves)
        while scene.stage.playing:
            app.run_frames(1, FRAME)
            assert len(scene.local.match.moves) == played or not scene.stage.playing
        for _ in range(300):
            app.run_frames(1, FRAME)
            if len(scene.local.match.moves) > played:
                break
        assert len(scene.local.match.moves) > played  # then it plays on
    finally:
        app.stack.pop_until(lambda s: False)


def test_the_end_screen_waits_for_the_last_box_walked_through(catgames_home):
    state = position(["(6,4) #.## t2", "(6,5) ..## t1"], ["P1@(6,4)"], end_phase=True, step="play",
                     hands={"P1": ["CUP t1"], "P2": 0}, deck=3)
    app, scene = _table(["human", "ai:easy"], state)
    try:
        assert scene.play_human(parse_move("play CUP t1 r180 @ (6,6)"))
        assert scene.local.match.state.is_over() and scene.stage.playing
        length = max(step.delay + step.duration for step in scene.stage.steps)
        tops = []
        while scene.stage.playing:
            app.run_frames(1, FRAME)
            tops.append(app.stack.top)
        assert len(tops) >= length / FRAME - 1  # played to its end, not cut short by the end
        assert all(top is scene for top in tops[:-1])  # the over timer waited for the walk
        app.run_frames(60, FRAME)
        assert isinstance(app.stack.top, GameOverScene)
    finally:
        app.stack.pop_until(lambda s: False)
