"""A hint never gives up: past the AI's cap (a busy machine) the worker hurries the search for
its best move so far instead of answering a random stand-in and "ran out of thinking time"."""

from __future__ import annotations

import random
import threading
import time

from catgames.ai.budget import Budget
from catgames.ai.hooks import heuristics_for
from catgames.ai.presets import build_player, preset_for
from catgames.ai.worker import AIWorker
from catgames.games import load_game


def test_a_patient_request_past_its_cap_answers_the_searchs_best_so_far():
    started = threading.Event()
    release = threading.Event()

    def slow_load(game_id):
        if threading.current_thread().name == "catgames-ai":  # the machine is busy
            started.set()
            release.wait()
        return load_game(game_id)

    game = load_game("bed")
    state = game.new_state(2, None, 4)
    seat = state.to_move
    worker = AIWorker(load=slow_load, use_process=False, grace_s=0.0,
                      budget=Budget(soft_s=0.0, cap_s=0.0))
    try:
        worker.request("bed", state.observe(seat).to_dict(), seat, "normal", 9, patient=True)
        started.wait()
        time.sleep(0.01)  # past the (zero) cap for sure
        assert worker.poll() is None and worker.last_error is None  # hurried, not given up
        release.set()
        answer = None
        for _ in range(10_000):
            answer = worker.poll()
            if answer is not None:
                break
            time.sleep(0.001)
    finally:
        release.set()
        worker.close()
    assert worker.last_error is None
    player = build_player(preset_for(game, "normal"), heuristics_for("bed"))
    stopped = Budget(soft_s=0.0, cap_s=0.0, stop=lambda: True)
    best_so_far = player.choose(state.observe(seat), seat, random.Random(9), stopped)
    assert answer == str(best_so_far)


def test_an_impatient_request_past_its_cap_still_falls_back():
    """An AI turn keeps its hard cap: the game goes on with a legal move at once."""
    release = threading.Event()

    def slow_load(game_id):
        if threading.current_thread().name == "catgames-ai":
            release.wait()
        return load_game(game_id)

    state = load_game("bed").new_state(2, None, 4)
    seat = state.to_move
    worker = AIWorker(load=slow_load, use_process=False, grace_s=0.0,
                      budget=Budget(soft_s=0.0, cap_s=0.0))
    try:
        worker.request("bed", state.observe(seat).to_dict(), seat, "normal", 9)
        time.sleep(0.01)
        answer = worker.poll()
    finally:
        release.set()
        worker.close()
    assert answer is not None and worker.last_error == "AI overran its hard cap"
