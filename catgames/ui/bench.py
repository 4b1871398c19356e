"""Measuring the table as a player feels it: time to the first frame, frame rate while AI seats
think (the AI runs in its worker process), while a piece is dragged, while a move's pieces
fly to their places (``ui.motion``) and while a final scoring is walked through on the board
(``ui.table.stage``), the share of a core the
app takes doing nothing (on the title screen and on the table waiting for a human), and resident
memory.  Used by ``bench GAME --ui``."""

from __future__ import annotations

import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable

import pygame

from catgames.ai.bench import one_move_from_the_end
from catgames.core.catalogue import load_game
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.ui import music
from catgames.ui.app import App
from catgames.ui.registry import scene_class
from catgames.ui.scenes.title import TitleScene

FPS_WINDOW = 1.0  #: seconds per frame-rate sample
SETTLE_S = 10.0   #: at most this long an idle screen may animate before it is measured
DRAG_RADIUS = 180.0  #: the circle (virtual px, around the board's centre) a dragged piece follows
#: The main module of ``measure_in_fresh_process``'s interpreter; the AI worker's spawned
#: process imports it again, so it must import next to nothing.
FRESH_PROCESS_MODULE = "catgames.ui.bench_process"


def _rss_mb() -> float:
    """Peak resident memory of this process in MB (ru_maxrss is KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def _process_age_s() -> float | None:
    """Seconds since this process started (Linux /proc), so start-up imports are counted too."""
    try:
        with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
            started_ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
            return float(uptime.read().split()[0]) - started_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _fps_windows(app: Any, seconds: float, frame: Callable[[int], bool] | None = None) -> list[float]:
    """Run the real 60 fps loop for ``seconds`` (or until ``frame(n)``, called before frame
    ``n``, says stop) and return the drawn frames per second of each ``FPS_WINDOW``.  ``frame``
    may post input for that frame."""
    windows: list[float] = []
    drawn, n, window_start = 0, 0, time.perf_counter()
    end = window_start + seconds
    while time.perf_counter() < end and (frame is None or frame(n)):
        dt = app.clock.tick(60) / 1000
        drawn += app.step(pygame.event.get(), dt)
        n += 1
        now = time.perf_counter()
        if now - window_start >= FPS_WINDOW:
            windows.append(drawn / (now - window_start))
            drawn, window_start = 0, now
    return windows


def _fps_summary(windows: list[float], prefix: str) -> dict[str, float | None]:
    return {f"{prefix}_median": round(statistics.median(windows), 1) if windows else None,
            f"{prefix}_min": round(min(windows), 1) if windows else None}


def _cpu_share(app: Any, seconds: float) -> float:
    """The share of one core this process (every thread) uses while the loop runs untouched,
    from the first second the screen has settled (start-up done, nothing animating)."""
    _fps_windows(app, SETTLE_S, lambda n: n < 60 or app.stack.animating())
    cpu, wall = time.process_time(), time.perf_counter()
    _fps_windows(app, seconds)
    return round((time.process_time() - cpu) / (time.perf_counter() - wall), 4)


def _table(game_id: str, seed: int, human: bool, difficulty: str = "hard",
           speed: str = "instant") -> tuple[Any, Any]:
    """A new app showing ``game_id``'s table; with ``human`` the seat to move is a human's;
    ``speed`` is the computer move speed setting."""
    app = App(Settings(ai_speed=speed), seed=seed)
    game = load_game(game_id)
    players = max(2, game.min_players)
    seats = [f"ai:{difficulty}"] * players
    match = Match.new(game, players, seats, None, seed)
    if human:
        seats[match.turn_shown] = "human"  # the same seed deals the same first mover
        match = Match.new(game, players, seats, None, seed)
    scene = app.push(scene_class(game_id)(app, match))
    return app, scene


def measure_table(game_id: str, seconds: float = 10.0, difficulty: str = "hard",
                  seed: int = 0) -> dict[str, Any]:
    """Open the app on ``game_id`` with every seat an AI and run the real 60 fps loop: frames a
    second, the work of a drawn frame, this process's CPU a frame (which other programs on a
    busy machine do not inflate) and the share of drawn frames that redrew only a spinner."""
    started = time.perf_counter()
    app, scene = _table(game_id, seed, human=False, difficulty=difficulty)
    app.step([])
    first_frame_s = _process_age_s() or time.perf_counter() - started
    counts = {"thinking": 0, "all": 0}

    def frame(n: int) -> bool:
        counts["all"] += 1
        counts["thinking"] += bool(scene.thinking)
        return not scene.observed.is_over()

    cpu, draws, parts = time.process_time(), app.draws, app.part_draws
    windows = _fps_windows(app, seconds, frame)
    cpu, draws, parts = time.process_time() - cpu, app.draws - draws, app.part_draws - parts
    stats = app.frame_stats()
    app.close()
    return {
        "first_frame_s": round(first_frame_s, 3),
        **_fps_summary(windows, "fps"),
        "frame_work_ms_median": round(stats["median_ms"], 2),
        "frame_work_ms_max": round(stats["max_ms"], 2),
        "cpu_ms_per_frame": round(1000 * cpu / max(1, counts["all"]), 2),  # every thread of the UI's
        "spinner_only_share": round(parts / max(1, draws), 2),  # drawn frames that redrew the spinner alone
        "thinking_share": round(counts["thinking"] / max(1, counts["all"]), 2),
        "rss_mb": round(_rss_mb(), 1),
    }


def measure_idle_title(seconds: float) -> float:
    """The share of a core the title screen takes while nobody touches it."""
    app = App()
    app.push(TitleScene(app))
    share = _cpu_share(app, seconds)
    app.close()
    return share


def measure_idle_table(game_id: str, seconds: float, seed: int = 0) -> float:
    """The share of a core the table takes while it waits for a human who does nothing."""
    app, _ = _table(game_id, seed, human=True)
    share = _cpu_share(app, seconds)
    app.close()
    return share


def _pick_point(scene: Any) -> tuple[float, float] | None:
    """A point (virtual px) on a piece the human may pick up, scanning the screen in rows."""
    for y in range(8, 800, 12):
        for x in range(8, 1280, 12):
            if scene.piece_at((x, y)) is not None:
                return (x, y)
    return None


def measure_drag(game_id: str, seconds: float, seed: int = 0) -> dict[str, float | None]:
    """Frames per second while a human drags a piece round the board (two pointer moves a
    frame, as a mouse reports them) and the median work of a frame; ``None`` if the table
    offers nothing to pick up."""
    app, scene = _table(game_id, seed, human=True)
    app.step([])
    at = _pick_point(scene)
    if at is None:
        app.close()
        return {**_fps_summary([], "drag_fps"), "drag_work_ms_median": None}
    to_real = app.canvas.to_real
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=to_real(at), button=1))
    centre = scene.board_rect.center

    def frame(n: int) -> bool:
        for half in (0.0, 0.5):
            angle = (n + half) * 0.05
            pos = (centre[0] + DRAG_RADIUS * math.cos(angle), centre[1] + DRAG_RADIUS * math.sin(angle))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to_real(pos), rel=(0, 0),
                                                 buttons=(1, 0, 0)))
        return True

    windows = _fps_windows(app, seconds, frame)
    work_ms = app.frame_stats()["median_ms"]
    app.close()
    return {**_fps_summary(windows, "drag_fps"), "drag_work_ms_median": round(work_ms, 2)}


def measure_animation(game_id: str, seconds: float, seed: int = 0) -> dict[str, float | None]:
    """Frames per second of the real 60 fps loop over the frames that animate a move (computer
    seats at the normal speed, so each move's animation runs to its end), the median work of
    those frames in wall time and in this process's CPU time (which other programs on a busy
    machine do not inflate), and how many moves were animated."""
    app, scene = _table(game_id, seed, human=False, difficulty="easy", speed="normal")
    app.step([])
    drawn, spent, work, cpu, moves = 0, 0.0, [], [], 0
    dt = app.clock.tick(60) / 1000
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not scene.observed.is_over():
        moving, plies = scene.motion.animating(), scene.public.ply
        started, cpu_started = time.perf_counter(), time.process_time()
        drew = app.step(pygame.event.get(), dt)
        frame_cpu = time.process_time() - cpu_started
        dt = app.clock.tick(60) / 1000  # the wait for the next frame: this frame's whole period
        if moving:
            spent += time.perf_counter() - started
            drawn += drew
            if drew:
                work.append(app.frame_times[-1])
                cpu.append(frame_cpu)
        moves += scene.public.ply > plies and scene.motion.animating()
    app.close()
    return {"anim_fps": round(drawn / spent, 1) if spent else None,
            "anim_work_ms_median": round(statistics.median(work) * 1000, 2) if work else None,
            "anim_cpu_ms_median": round(statistics.median(cpu) * 1000, 2) if cpu else None,
            "anim_moves": moves}


def measure_stage(game_id: str, seconds: float, seed: int = 0) -> dict[str, float | None]:
    """Frames per second of the real 60 fps loop while the table walks its final scoring through
    on the board (``ui.table.stage``; its first ``seconds``), the game played to its last move by
    seeded random moves and ended by its one human's (found by playing to the end, then again to just
    before it: a match may end a turn by itself, so a move's own state need not show the end),
    and the work of those frames in wall time and in this process's CPU time (which other
    programs on a busy machine do not inflate); ``None`` for a table that stages none (its end
    screen follows at once)."""
    app = App(Settings(ai_speed="instant", confirm_turns=False), seed=seed)  # the last step ends the game
    game = load_game(game_id)
    match, last = one_move_from_the_end(game, max(2, game.min_players), seed)
    scene: Any = app.push(scene_class(game_id)(app, match))
    pushed = app.stack.changes
    scene.play_human(last)
    drawn, spent, work, cpu = 0, 0.0, [], []
    dt = app.clock.tick(60) / 1000
    waited = time.perf_counter() + SETTLE_S  # the wait before the end (no stage: the end screen)
    while not scene.stage.playing and time.perf_counter() < waited:
        if app.stack.changes > pushed:  # the end screen: nothing was staged
            break
        app.step(pygame.event.get(), dt)
        dt = app.clock.tick(60) / 1000
    end = time.perf_counter() + seconds
    while scene.stage.playing and time.perf_counter() < end:
        started, cpu_started = time.perf_counter(), time.process_time()
        drew = app.step(pygame.event.get(), dt)
        frame_cpu = time.process_time() - cpu_started
        dt = app.clock.tick(60) / 1000  # the wait for the next frame: this frame's whole period
        spent, drawn = spent + time.perf_counter() - started, drawn + drew
        if drew:
            work.append(app.frame_times[-1])
            cpu.append(frame_cpu)
    app.close()
    return {"stage_fps": round(drawn / spent, 1) if spent else None,
            "stage_work_ms_median": round(statistics.median(work) * 1000, 2) if work else None,
            "stage_cpu_ms_median": round(statistics.median(cpu) * 1000, 2) if cpu else None,
            "stage_cpu_ms_max": round(max(cpu) * 1000, 2) if cpu else None}


def _compose_music() -> None:
    """Compose the music loop now, in the foreground: a process composes it once, in its first
    seconds (``ui.music``), but each measure opens and closes an app of its own, and a closing
    app gives up a composition under way, so every measure would pay for it again."""
    try:
        pygame.mixer.init()
    except pygame.error:
        return  # no audio here: no music either
    spec = pygame.mixer.get_init()
    if spec is not None:
        music.loop_bytes(spec[0], spec[2])
    pygame.mixer.quit()


def measure_ui(game_id: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Everything ``bench --ui`` reports, each part ``seconds`` long (the AI table first, so
    its first frame is the process's, and the music is composed while it plays, as in a cold
    start straight into a table; then once, for the other measures)."""
    result = measure_table(game_id, seconds, seed=seed)
    _compose_music()
    result.update(measure_drag(game_id, seconds, seed))
    result.update(measure_animation(game_id, seconds, seed))
    result.update(measure_stage(game_id, seconds, seed))
    result["idle_cpu_title"] = measure_idle_title(seconds)
    result["idle_cpu_table"] = measure_idle_table(game_id, seconds, seed)
    return result


def measure_in_fresh_process(game_id: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    """``measure_table`` in a new interpreter, so the first frame counts a real cold start."""
    with tempfile.TemporaryDirectory() as home:  # never touch the player's own autosave
        env = dict(os.environ, CATGAMES_HOME=home)
        done = subprocess.run([sys.executable, "-m", FRESH_PROCESS_MODULE, game_id,
                               str(seconds), str(seed)], capture_output=True, text=True, check=True,
                              env=env)
    return json.loads(done.stdout.strip().splitlines()[-1])
