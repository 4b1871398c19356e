"""What a frame costs the machine: the window's pixels reach the screen without a software
OpenGL renderer in between, and while the AI thinks a frame redraws only its spinner.  Counted,
never timed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids, load_game
from catgames.ui import registry
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker

ROOT = Path(__file__).resolve().parents[2]
DT = 1 / 64     #: a frame length that adds up exactly in binary
STEADY = 120    #: frames for a new table's own first moments
FRAMES = 30     #: frames watched while the AI thinks

#: Opens the app's window on SDL's offscreen driver (X11's path is the same) and says whether an
#: SDL renderer (OpenGL: Mesa's llvmpipe threads on a machine without a graphics card) stands
#: behind the window's surface.
_RENDERER_BEHIND_WINDOW = """
import warnings
import pygame
from pygame._sdl2.sdl2 import error as SDLError
from pygame._sdl2.video import Renderer, Window
from catgames.ui.app import App
app = App()
warnings.simplefilter("ignore")
try:
    Renderer.from_window(Window.from_display_module())
    print(pygame.display.get_driver(), "renderer")
except SDLError:
    print(pygame.display.get_driver(), "direct")
app.close()
"""


def test_the_window_is_drawn_from_memory_not_through_a_renderer(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SDL_FRAMEBUFFER_ACCELERATION"}
    env.update(SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               CATGAMES_HOME=str(tmp_path / "home"))
    done = subprocess.run([sys.executable, "-c", _RENDERER_BEHIND_WINDOW], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-2:] == ["offscreen", "direct"]


def test_the_ai_process_of_bench_ui_starts_without_the_ui():
    """The AI worker's process is spawned and imports the main module of the process that
    starts it again; ``bench --ui``'s main module must not bring pygame and the UI with it (that
    start-up counted against the AI's hard cap)."""
    from catgames.ui.bench import FRESH_PROCESS_MODULE
    probe = f"import sys, {FRESH_PROCESS_MODULE}; print(sorted(m for m in sys.modules if m in ('pygame', 'catgames.ui.app')))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "[]"


def thinking_table(app, game_id: str):
    """``game_id``'s table with every seat a computer whose worker never answers: it thinks on."""
    game = load_game(game_id)
    players = max(2, game.min_players)
    return app.push(registry.scene_class(game_id)(app, Match.new(game, players, ["ai:hard"] * players,
                                                                 None, 3)))


def shown_rects(monkeypatch) -> list:
    """Every rect the app hands the window system from now on (``None`` for a whole flip)."""
    shown: list = []
    monkeypatch.setattr(pygame.display, "flip", lambda: shown.append(None))
    monkeypatch.setattr(pygame.display, "update", lambda rect=None: shown.append(pygame.Rect(rect)))
    return shown


@pytest.mark.parametrize("game_id", available_ids())
def test_while_the_ai_thinks_and_nothing_else_moves_a_frame_redraws_only_the_spinner(
        catgames_home, monkeypatch, game_id):
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = thinking_table(app, game_id)
    for _ in range(STEADY):  # the table's own first moments (a deal, a hand-off) pass
        app.step([], DT)
    assert scene.thinking
    shown = shown_rects(monkeypatch)
    drawn, parts = app.draws, app.part_draws
    for _ in range(FRAMES):
        app.step([], DT)
    assert app.draws - drawn == FRAMES and app.part_draws - parts == FRAMES  # every frame, each a part
    spinner = app.canvas.real_rect(app.canvas.turning[0])
    assert len(app.canvas.turning) == 1 and shown == [spinner] * FRAMES
    partly = app.canvas.surface.copy()
    app.draw()  # the whole picture at the same moment is what the parts left on the window
    assert pygame.image.tobytes(partly, "RGB") == pygame.image.tobytes(app.canvas.surface, "RGB")


def test_anything_else_that_changes_or_moves_draws_the_whole_frame(catgames_home, monkeypatch):
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = thinking_table(app, "bed")
    for _ in range(STEADY):
        app.step([], DT)
    shown = shown_rects(monkeypatch)
    app.invalidate()
    app.step([], DT)
    app.toasts.show("a toast")
    app.step([], DT)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0), buttons=(0, 0, 0))], DT)
    assert scene.thinking and shown == [None, None, None]
    for _ in range(STEADY):  # and once the pointer's hover has settled, the spinner alone again
        app.step([], DT)
    assert shown[-1] == app.canvas.real_rect(app.canvas.turning[0])
