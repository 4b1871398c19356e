"""``bench --ui``'s fresh process (``python -m catgames.ui.bench_process GAME SECONDS SEED``).

Its own small module because the AI worker's process is spawned and imports the main module
again: run as ``-m catgames.ui.bench`` it imported pygame and the whole UI (0.35 s of CPU and
25 MB) before it could think, and that start-up counts against the AI's hard cap."""

from __future__ import annotations

import json
import sys


def main(argv: list[str]) -> None:
    from catgames.ui.bench import measure_ui
    game_id, seconds, seed = argv
    print(json.dumps(measure_ui(game_id, float(seconds), seed=int(seed))))


if __name__ == "__main__":
    main(sys.argv[1:])
