"""What a frame costs the machine: the window's pixels reach the screen without a software
OpenGL renderer in between.  Counted, never timed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

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
