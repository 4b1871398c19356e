"""The window, the 60 fps loop, and the services scenes share (settings, sound, toasts, AI, the
screens one scene opens from another: ``catgames.ui.screens``).

The loop is split so tests can drive it without a real clock: ``step(events, dt)`` runs one
frame with the given events (positions in window pixels; they are converted to the virtual
layout before any scene sees them), ``run_frames(n)`` runs ``n`` frames with queued events.
Frame times of drawn frames are recorded for ``frame_stats()`` (benchmarks, the fps target).

A calm machine: a frame is drawn and flipped only when something changed — input (the window
exposed or resized included), the scene stack, a toast, the settings, ``invalidate()`` — or
while the top scene is ``animating()`` (see ``catgames.ui.scene``); when all that moves is a
spinner (``moving_parts()``: the AI thinking, a hint being found), only its rect is redrawn and
shown (a fifth of a whole frame's drawing, and the window system copies 28×28 pixels, not the
window).  The loop keeps its 60 Hz clock either way, so timers, the AI worker's answer and the
title's autosave check are polled as before and input is answered within a frame; an undrawn
frame costs about 0.5 % of a core.
(``pygame.event.wait(timeout)`` would not be cheaper: pygame-ce 2.5 polls in it every
millisecond, 2.3 % of a core measured.)
"""

from __future__ import annotations

import logging
import os
import random
import statistics
import time
from collections import deque
from typing import Any, Callable, Iterable

import pygame

from catgames.core import storage
from catgames.core.storage import Settings
from catgames.net.hosting import HostedServer
from catgames.paths import WINDOW_ICON
from catgames.ui import fonts, i18n, theme
from catgames.ui.canvas import VIRTUAL_SIZE, Canvas
from catgames.ui.scene import Navigator, Scene, SceneStack
from catgames.ui.screens import Screens
from catgames.ui.music import Music
from catgames.ui.sound import Sound
from catgames.ui.toast import Toasts

FPS = 60
MAX_DT = 0.1  #: a stalled frame (window drag, debugger) must not make animations jump
_POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

WorkerFactory = Callable[[], Any]
log = logging.getLogger(__name__)

#: Video drivers that can show a window's pixels straight from memory (X11's shared memory,
#: the offscreen driver's buffer).  Left alone, SDL pushes every frame of such a window through
#: an OpenGL texture instead, and on a computer without a graphics card that is Mesa's llvmpipe:
#: about 7 ms of CPU a frame on two rasteriser threads that fight the AI's process for the
#: cores (the frame rate halved while the AI thought) and some 90 MB of resident memory.
DIRECT_FRAMEBUFFER_DRIVERS = ("x11", "offscreen")
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def default_worker_factory() -> Any:
    """The real AI worker (``catgames.ai.worker.AIWorker``), imported only when an AI plays."""
    from catgames.ai.worker import AIWorker
    return AIWorker()


def _set_window_icon() -> None:
    """The cat of ``art/icon`` on the window and task bar; a missing file only costs a warning."""
    try:
        pygame.display.set_icon(pygame.image.load(str(WINDOW_ICON)))
    except (pygame.error, OSError) as exc:
        log.warning("no window icon: %s", exc)


def _use_direct_framebuffer() -> None:
    """Have SDL draw the window from memory where its driver can (call after
    ``pygame.display.init`` and before the window opens); a player's own setting of
    ``SDL_FRAMEBUFFER_ACCELERATION`` wins."""
    if pygame.display.get_driver() in DIRECT_FRAMEBUFFER_DRIVERS:
        os.environ.setdefault(FRAMEBUFFER_HINT, "0")


def _window() -> pygame.Surface:
    """The open window's surface (the app opens it before anything asks)."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise pygame.error("the window is not open")
    return surface


class App:
    """Owns the window, the scene stack and shared services."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] = VIRTUAL_SIZE,
                 worker_factory: WorkerFactory = default_worker_factory,
                 seed: int | None = None) -> None:
        pygame.display.init()
        _use_direct_framebuffer()
        pygame.font.init()
        pygame.key.set_repeat(400, 40)
        self.settings = settings or Settings()
        self.worker_factory = worker_factory
        self.rng = random.Random(seed)  #: seeds for new matches (fixed in tests)
        self.windowed_size = size
        _set_window_icon()
        self.canvas = Canvas(self._open_window(), self.settings.ui_scale)
        self.stack = SceneStack()
        self.sound = Sound(self.settings.effects_volume)
        self.music = Music(self.settings.music_volume)
        self.toasts = Toasts()
        self.screens: Navigator = Screens(self)
        self.hosting = HostedServer()  #: this computer's server of online tables (started when needed)
        self.running = True
        self.frames = 0  #: steps run
        self.now = 0.0   #: seconds the loop has run, stalls included (``dt`` before its clamp)
        self.draws = 0   #: frames drawn and flipped (fewer than ``frames`` when idle)
        self.part_draws = 0  #: of those, frames that redrew only the parts that turn (a spinner)
        self._dirty = True
        self._drawn_at = (-1, -1)  #: the stack's and the toasts' counters at the last draw
        self.frame_times: deque[float] = deque(maxlen=600)
        self.clock = pygame.time.Clock()
        self.apply_settings()

    # -- window ----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def apply_settings(self) -> None:
        """Make the current settings visible: palette, language (in every scene on the stack),
        volume, scale, fullscreen."""
        s = self.settings
        theme.use_palette(s.palette)
        new_language = s.language != i18n.current_language()
        new_text_size = s.ui_scale != self.canvas.text_scale
        i18n.set_language(s.language)
        pygame.display.set_caption(i18n.t("title.name"))
        self.sound.set_volume(s.effects_volume)
        self.music.set_volume(s.music_volume)
        self.canvas.text_scale = s.ui_scale
        is_full = bool(self.canvas.surface.get_flags() & pygame.FULLSCREEN)
        if is_full != s.fullscreen:
            self.canvas.resize(self._open_window())
        self.canvas.resize(_window())
        for scene in self.stack:
            if new_language:
                scene.language_changed()
            elif new_text_size:
                scene.text_size_changed()
        self.invalidate()

    def save_settings(self) -> None:
        try:
            storage.save_settings(self.settings)
        except OSError as exc:
            self.toasts.show(i18n.t("settings.not_saved", error=exc), error=True)

    def ai_delay(self) -> float:
        """The shortest time an AI move takes to appear, so a human can follow it."""
        return {"instant": 0.0, "normal": 0.6, "slow": 1.5}.get(self.settings.ai_speed, 0.6)

    def new_seed(self) -> int:
        return self.rng.randrange(2**31)

    # -- scenes ----------------------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        return self.stack.push(scene)

    def quit(self) -> None:
        self.running = False

    def invalidate(self) -> None:
        """Draw the next frame: something on screen changed that no input or animation shows."""
        self._dirty = True

    # -- the loop --------------------------------------------------------------------------
    def _to_virtual(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type not in _POINTER_EVENTS:
            return event
        data = dict(event.dict)
        data["pos"] = self.canvas.to_virtual(event.pos)
        if "rel" in data:
            data["rel"] = (data["rel"][0] / self.canvas.scale, data["rel"][1] / self.canvas.scale)
        return pygame.event.Event(event.type, data)

    def _handle_system(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.settings.fullscreen:
                self.windowed_size = _window().get_size()
            self.canvas.resize(_window())
            return True
        return False

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / FPS) -> bool:
        """One frame: handle ``events``, update the top scene by ``dt``, and draw and flip if
        anything changed; returns whether it drew."""
        started = time.perf_counter()
        moving = self.stack.animating()  # what moved until now moves on in this update
        parts = self.stack.moving_parts() if moving else None
        for event in events:
            self._dirty = True  # any event may show something (expose and resize too)
            if self._handle_system(event):
                continue
            event = self._to_virtual(event)
            if not self.toasts.handle(event):
                self.stack.handle(event)
        self.advance(dt)
        moving_now = self.stack.animating()
        parts_now = self.stack.moving_parts() if moving_now else None
        self.frames += 1
        if self.frames == 2:
            self.sound.warm()  # after the first frame is up, never before
        if self.frames >= 2:
            self.music.update()
        whole = self._dirty or self._drawn_at != self._counters() or moving != moving_now
        drawn = whole or moving_now
        if not drawn:
            return False
        if whole or not parts or not parts_now:
            self.draw()
        else:  # nothing changed but what turns by itself (a spinner): only there
            self.draw_parts(parts + parts_now)
        self.frame_times.append(time.perf_counter() - started)
        return True

    def advance(self, dt: float = 1 / FPS) -> None:
        """A frame's update without its drawing: the loop's clock, the scenes and the toasts
        move on by ``dt`` (clamped as a stalled frame is); the next frame drawn shows where
        they got to."""
        self.now += dt
        dt = min(dt, MAX_DT)
        self.stack.update(dt)
        self.toasts.update(dt)

    def _counters(self) -> tuple[int, int]:
        return self.stack.changes, self.toasts.revision

    def draw(self) -> None:
        self._paint()
        pygame.display.flip()
        self.draws += 1
        self._dirty = False
        self._drawn_at = self._counters()

    def draw_parts(self, parts: list[pygame.FRect]) -> None:
        """Redraw only the window inside ``parts`` (virtual rects) and show just that: the whole
        picture, clipped, so whatever lies over or under a spinner stays as it was."""
        surface = self.canvas.surface
        area = self.canvas.real_rect(parts[0].unionall(parts[1:])).clip(surface.get_rect())
        surface.set_clip(area)
        try:
            self._paint()
        finally:
            surface.set_clip(None)
        pygame.display.update(area)
        self.draws += 1
        self.part_draws += 1

    def _paint(self) -> None:
        """The whole picture: background, the scenes from the lowest one shown, the toasts."""
        self.canvas.turning = []
        self.canvas.clear(theme.palette().background)
        self.stack.draw(self.canvas)
        self.toasts.draw(self.canvas)

    def run_frames(self, n: int, dt: float = 1 / FPS) -> None:
        """Run ``n`` frames, feeding whatever is in pygame's event queue (tests post to it)."""
        for _ in range(n):
            self.step(pygame.event.get(), dt)

    def run(self) -> None:
        """The real loop at 60 fps until the player quits or the stack empties (``close``, or
        ``with App(...) as app``, then shuts everything down); a frame where nothing changed
        costs only its update."""
        while self.running and len(self.stack):
            dt = self.clock.tick(FPS) / 1000
            self.step(pygame.event.get(), dt)

    def close(self) -> None:
        """Close the scenes (they stop what they own: the AI worker), then sound, fonts and the
        window, so that no SDL thread outlives the app.  Safe to call more than once."""
        self.stack.pop_until(lambda scene: False)
        self.hosting.stop()
        self.music.close()
        self.sound.close()
        fonts.close()
        pygame.quit()

    def __enter__(self) -> "App":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def frame_stats(self) -> dict[str, float]:
        """Median and worst frame work time (ms) and the fps the work alone would allow."""
        if not self.frame_times:
            return {"frames": 0, "median_ms": 0.0, "max_ms": 0.0, "fps": 0.0}
        median = statistics.median(self.frame_times)
        return {"frames": len(self.frame_times), "median_ms": median * 1000,
                "max_ms": max(self.frame_times) * 1000, "fps": 1 / median if median else 0.0}
