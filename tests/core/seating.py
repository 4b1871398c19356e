"""Helpers for the runner's tests: a thinking worker that answers at once, and full games.

``SyncWorker`` is the real AI (``catgames.ai.worker.think``, the preset of the difficulty
asked) with a fixed number of iterations instead of seconds, thinking inside ``request``: its
moves are the same on any machine, and no thread or process is left running.
"""

from __future__ import annotations

import json
import random
from typing import Any

from catgames.ai.budget import Budget
from catgames.ai.presets import preset_for
from catgames.ai.seat import Brain
from catgames.ai.worker import Job, think
from catgames.core.catalogue import load_game
from catgames.core.rules import CHANCE
from catgames.core.runner import Change, Runner
from catgames.core.seats import HumanSeat, seat_players
from catgames.core.session import Match

BUDGET = Budget(None, None, iterations=1)
#: a set-up per game: (game, players)
GAMES = (("bed", 2), ("boxes", 2), ("days", 2), ("kotatsu", 3), ("cathood", 2))


class SyncWorker:
    """An ``AIWorker`` stand-in that thinks inside ``request``; records every request."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self._answer: str | None = None
        self.cancelled = 0
        self.closed = False
        self.last_error: str | None = None

    def request(self, game_id: str, state_dict: dict[str, Any], seat: int, difficulty: str,
                seed: int, *, patient: bool = False) -> None:
        self.requests.append({"game": game_id, "state": state_dict, "seat": seat,
                              "difficulty": difficulty, "seed": seed, "patient": patient})
        self._answer = answer(game_id, state_dict, seat, difficulty, seed)

    def poll(self) -> str | None:
        text, self._answer = self._answer, None
        return text

    def cancel(self) -> None:
        self.cancelled += 1
        self._answer = None

    def close(self) -> None:
        self.closed = True


def answer(game_id: str, observation: dict[str, Any], seat: int, difficulty: str, seed: int) -> str:
    """The AI's move with ``BUDGET``: what the worker process would answer (remembered, since
    the tests ask the same questions of the runner and of a match played directly)."""
    key = (game_id, json.dumps(observation, sort_keys=True, default=str), seat, difficulty, seed)
    if key not in _ANSWERS:
        _ANSWERS[key] = _think(game_id, observation, seat, difficulty, seed)
    return _ANSWERS[key]


_ANSWERS: dict[tuple[Any, ...], str] = {}


def _think(game_id: str, observation: dict[str, Any], seat: int, difficulty: str, seed: int) -> str:
    preset = preset_for(load_game(game_id), difficulty)
    job = Job(0, game_id, observation, seat, difficulty, seed, preset, BUDGET, 0.0)
    return think(job, load_game, lambda: False)


def new_match(game_id: str, players: int, seats: list[str], seed: int = 1, **kw: Any) -> Match:
    return Match.new(game_id, players, seats, seed=seed, ai_seed=seed + 100, **kw)


def runner_for(match: Match, worker: SyncWorker | None = None, **kw: Any) -> tuple[Runner, list[Change]]:
    """A runner over ``match`` whose AI seats think with ``worker``; the changes it tells."""
    brain = Brain(lambda: worker or SyncWorker())
    changes: list[Change] = []
    runner = Runner(match, seat_players(match, brain.seat), advisor=brain.advisor(),
                    on_change=changes.append, **kw)
    return runner, changes


def played_directly(match: Match, limit: int = 3000) -> list[str]:
    """``match`` played to the end without a runner, as the table played it: each AI seat's
    move from its observation and the ply's seed, checked by ``Match.play``; the moves."""
    for _ in range(limit):
        if match.state.is_over():
            break
        seat = match.state.to_move
        difficulty = match.seats[seat][3:]
        text = answer(match.game_id, match.state.observe(seat).to_dict(), seat, difficulty,
                      match.ai_request_seed())
        match.play(match.game.parse_move(match.state, text))
    return [t.move for t in match.history if t.seat != CHANCE]


def run_out(runner: Runner, limit: int = 3000, rng: random.Random | None = None) -> None:
    """Step ``runner`` to the end of its game; a human to move plays a seeded random legal
    move (hot-seat: whoever holds the device), ending any turn that waits for End turn."""
    rng = rng or random.Random(0)
    runner.start()
    for _ in range(limit):
        match = runner.match
        if match.state.is_over():
            return
        if match.awaiting:
            assert runner.confirm_turn()
        seat = match.state.to_move
        if isinstance(runner.players[seat], HumanSeat):
            view = runner.update_for(seat).view
            assert runner.submit(seat, rng.choice(view.legal_moves())) is None
        else:
            runner.step(0.1)
    raise AssertionError(f"{runner.match.game_id} not over after {limit} steps")
