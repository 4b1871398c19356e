"""An AI worker for whole games through a real table that play the same on any machine.

The presets think for a time, so how far a search gets (and so the game) would depend on the
machine's speed.  This worker gives every seat a fixed amount of work instead and its ``poll``
waits for the answer, so a game takes the same moves and the same number of frames anywhere.
"""

from __future__ import annotations

import time
from typing import Callable

from catgames.ai.budget import Budget
from catgames.ai.worker import AIWorker, Loader
from catgames.games import load_game
from catgames.ui.app import MAX_DT
from catgames.ui.scenes.game_over import COUNT_UP_TIME

FIXED = Budget(soft_s=None, cap_s=None, iterations=40)  #: greedy seats weigh every candidate
#: seconds of the end screen a test runs, in the longest frames the loop allows: past the count-up
#: of its totals, drawn at several stages of it (not frame by frame)
END_SCREEN_FRAMES = (int(COUNT_UP_TIME / MAX_DT) + 2, MAX_DT)
#: a whole game through the table draws a frame after each move and every fourth frame of the
#: animations between (``run_to_game_over``): drawing every frame was most of such a test's time
DRAWN_EVERY = 4
POLL_PAUSE_S = 0.001  #: how long ``poll`` sleeps between looks at the thread's answer


class WaitingWorker(AIWorker):
    """A thread worker with the fixed budget whose ``poll`` returns only once the move is in."""

    def __init__(self, load: Loader = load_game, budget: Budget = FIXED) -> None:
        super().__init__(load=load, use_process=False, budget=budget)

    def poll(self) -> str | None:
        while True:
            move = super().poll()
            if move is not None or not self.busy:
                return move
            time.sleep(POLL_PAUSE_S)


def waiting_workers(load: Loader = load_game, budget: Budget = FIXED) -> Callable[[], AIWorker]:
    """A ``worker_factory`` for ``new_app`` that makes ``WaitingWorker``s."""
    return lambda: WaitingWorker(load, budget)
