"""Building If It Fits positions from the spec's notation for the scenario tests."""

from __future__ import annotations

from typing import Any

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
