"""Helpers shared by every game's tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import yaml

from catgames.core.data import data_path

_OPEN_APPS: list[Any] = []


def new_app(*args: Any, **kwargs: Any) -> Any:
    """A headless ``App``, closed (window, sound, scenes, AI worker) when the test ends."""
    from catgames.ui.app import App

    app = App(*args, **kwargs)
    _OPEN_APPS.append(app)
    return app


def close_apps() -> None:
    """Close every app ``new_app`` made (the test-wide fixture calls this after each test)."""
    while _OPEN_APPS:
        _OPEN_APPS.pop().close()


def mutated_data(tmp_path: Path, name: str, mutate: Callable[[Any], None]) -> Path:
    """A copy of ``data/<name>`` changed by ``mutate``, for testing how bad data is reported."""
    doc = yaml.safe_load(data_path(name).read_text(encoding="utf-8"))
    mutate(doc)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def run_to_game_over(app: Any, frames: int = 3000, pause_s: float = 0.002, skip_stages: bool = False,
                     drawn_every: int = 1) -> Any:
    """Run the app's frames until the game-over screen is on top; return that scene.

    Each frame pauses ``pause_s`` like the real loop's frame clock does, so an AI thinking in a
    thread (``AIWorker(use_process=False)``) gets the interpreter between frames.  With
    ``skip_stages`` a key skips each staged moment the table plays, once it has drawn a frame.
    With ``drawn_every`` at n, a frame is drawn after every move the table shows and every n-th
    frame of its animations; the others are only updated (drawing every frame was most of an AI
    game's time).
    """
    import time

    import pygame

    from catgames.ui.scenes.game_over import GameOverScene

    skip = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    drawn_at = None
    for n in range(frames):
        stage = getattr(app.stack.top, "stage", None)
        if n % drawn_every == 0 or _shown(app) != drawn_at:
            app.step([skip] if skip_stages and stage is not None and stage.playing else [], 1 / 60)
            drawn_at = _shown(app)
        else:
            app.advance(1 / 60)
        time.sleep(pause_s)
        if isinstance(app.stack.top, GameOverScene):
            return app.stack.top
    raise AssertionError(f"no game-over screen after {frames} frames")


def _shown(app: Any) -> tuple[int, int | None]:
    """What a frame must be drawn after: the stack's pushes and pops, and the moves (and other
    changes) the top table showed."""
    return app.stack.changes, getattr(app.stack.top, "change", None)


def until_staged(app: Any, scene: Any, frames: int = 120) -> None:
    """Run frames (1/60 s each) until ``scene`` plays a staged moment (the game has just ended:
    the wait before its end)."""
    for _ in range(frames):
        app.run_frames(1, 1 / 60)
        if scene.stage.playing:
            return
    raise AssertionError("no walkthrough began")


def play_out(app: Any, scene: Any, seed: int) -> Any:
    """Play seeded random human moves on ``scene`` to the end; return the end screen (past any
    walkthrough the table stages before it)."""
    import random

    from catgames.ui.scenes.game_over import GameOverScene

    rng = random.Random(seed)
    while not scene.local.match.state.is_over():
        assert scene.play_human(rng.choice(scene.local.match.state.legal_moves()))
    app.run_frames(90)
    if scene.stage.playing:  # the scoring walked through on the board: skipped, as a key would
        scene.stage.skip()
    assert isinstance(app.stack.top, GameOverScene)
    return app.stack.top


def play_random(game: Any, players: int, seed: int, options: dict | None = None,
                max_moves: int = 5000) -> tuple[Any, list]:
    """A seeded random game to the end, keeping every (state before, move, events)."""
    import random

    rng = random.Random(seed)
    state = game.new_state(players, options, seed)
    trace = []
    while not state.is_over():
        before = state.clone()
        move = rng.choice(state.legal_moves())
        trace.append((before, move, state.apply(move)))
        assert len(trace) < max_moves, "a random game did not end"
    return state, trace


def assert_legal_moves_round_trip(game: Any, state: Any) -> None:
    """Every legal move checks clean and reads back from its own text."""
    for move in state.legal_moves():
        assert game.parse_move(state, str(move)) == move
        assert state.check(move) is None
