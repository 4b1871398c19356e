"""Building If It Fits positions from the spec's notation for the scenario tests."""

from __future__ import annotations

import random
from typing import Any, Iterator

from catgames.ai.playout import sample_chance
from catgames.core.moves import Move
from catgames.core.rules import CHANCE, NOBODY
from catgames.games.boxes.ai import HEURISTICS
from catgames.games.boxes.moves import parse_move
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import BoxesState


def position(cards: list[str], cats: list[str] = (), players: int = 2, to_move: str = "P1",
             **extra: Any) -> BoxesState:
    """A hand-written position: ``cards`` like ``"(6,4) #.## t2"``, ``cats`` like ``"P1@(6,4)"``."""
    doc = {"game": "boxes", "players": players, "to_move": to_move, "cards": list(cards),
           "cats": list(cats)}
    doc.update(extra)
    return GAME.state_from_dict(doc)


def play(state: BoxesState, *moves: str) -> list:
    """Apply moves written as text; returns all their events."""
    events = []
    for text in moves:
        events += state.apply(parse_move(text))
    return events


def code(state: BoxesState, text: str) -> str | None:
    reason = state.check(parse_move(text))
    return None if reason is None else reason.code


def box_at(state: BoxesState, x: int, y: int) -> dict:
    for box in state.analyse()["detail"]["boxes"]:
        if [x, y] in box["cells"]:
            return box
    raise AssertionError(f"no box holds ({x},{y})")


def scores(state: BoxesState) -> dict[str, int]:
    return state.analyse()["scores"]


def playout(state: BoxesState, rng: random.Random, steps: int = 12) -> Iterator[tuple[int, Move]]:
    """A search's playout of ``state`` in place, ``steps`` long (chance draws count): each
    seat and its ``rollout_move`` is yielded before the move is applied."""
    for _ in range(steps):
        if state.to_move == CHANCE:
            state.apply_unchecked(sample_chance(state, rng))
            continue
        if state.to_move == NOBODY:
            return
        seat = state.to_move
        move = HEURISTICS.rollout_move(state, rng)
        yield seat, move
        state.apply_unchecked(move)
