"""Measuring the table as a player feels it: time to the first frame, frame rate while AI seats
think (the AI runs in its worker process), and resident memory.  Used by ``bench GAME --ui``."""

from __future__ import annotations

import os
import resource
import statistics
import sys
import time
from typing import Any

import pygame

FPS_WINDOW = 1.0  #: seconds per frame-rate sample


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


def measure_table(game_id: str, seconds: float = 10.0, difficulty: str = "hard",
                  seed: int = 0) -> dict[str, Any]:
    """Open the app on ``game_id`` with every seat an AI and run the real 60 fps loop."""
    started = time.perf_counter()
    from catgames.core.session import Match
    from catgames.core.storage import Settings
    from catgames.games import load_game
    from catgames.ui import registry
    from catgames.ui.app import App

    app = App(Settings(ai_speed="instant"), seed=seed)
    game = load_game(game_id)
    players = max(2, game.min_players)
    match = Match.new(game, players, [f"ai:{difficulty}"] * players, None, seed)
    app.push(registry.scene_class(game_id)(app, match))
    app.step([])
    first_frame_s = _process_age_s() or time.perf_counter() - started
    windows: list[float] = []
    frames, window_start, end = 0, time.perf_counter(), time.perf_counter() + seconds
    thinking_frames = total_frames = 0
    while time.perf_counter() < end and not match.state.is_over():
        dt = app.clock.tick(60) / 1000
        app.step(pygame.event.get(), dt)
        frames += 1
        total_frames += 1
        thinking_frames += bool(getattr(app.stack.top, "thinking", False))
        now = time.perf_counter()
        if now - window_start >= FPS_WINDOW:
            windows.append(frames / (now - window_start))
            frames, window_start = 0, now
    stats = app.frame_stats()
    app.stack.pop_until(lambda s: False)
    pygame.quit()
    return {
        "first_frame_s": round(first_frame_s, 3),
        "fps_median": round(statistics.median(windows), 1) if windows else None,
        "fps_min": round(min(windows), 1) if windows else None,
        "frame_work_ms_median": round(stats["median_ms"], 2),
        "frame_work_ms_max": round(stats["max_ms"], 2),
        "thinking_share": round(thinking_frames / max(1, total_frames), 2),
        "rss_mb": round(_rss_mb(), 1),
    }


def measure_in_fresh_process(game_id: str, seconds: float, seed: int = 0) -> dict[str, Any]:
    """``measure_table`` in a new interpreter, so the first frame counts a real cold start."""
    import json
    import subprocess

    import tempfile

    with tempfile.TemporaryDirectory() as home:  # never touch the player's own autosave
        env = dict(os.environ, CATGAMES_HOME=home)
        done = subprocess.run([sys.executable, "-m", "catgames.ui.bench", game_id, str(seconds),
                               str(seed)], capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    import json

    print(json.dumps(measure_table(sys.argv[1], float(sys.argv[2]), seed=int(sys.argv[3]))))
