"""Building Cathood positions from the spec's notation for the scenario tests."""

from __future__ import annotations

from typing import Any

from catgames.core.rules import Event
from catgames.games.cathood.moves import parse_move
from catgames.games.cathood.game import GAME
from catgames.games.cathood.rules import CathoodState

A, B, C = 0, 1, 2   #: the spec's cats A, B (and C) sit at P1, P2, P3


def position(cats: dict[str, str], boards: dict[str, Any] | None = None, players: int = 2,
             **extra: Any) -> CathoodState:
    """A hand-written position on the first-game layout (unless ``grid`` is given), P1 to act."""
    doc: dict[str, Any] = {"game": "cathood", "players": players,
                           "options": {"layout": "first_game"}, "cats": cats,
                           "boards": boards or {}}
    doc.update(extra)
    return GAME.state_from_dict(doc)


def play(state: CathoodState, *moves: str) -> list[Event]:
    """Apply moves written as text; returns all their events."""
    events: list[Event] = []
    for text in moves:
        events += state.apply(parse_move(text))
    return events


def end_turn(state: CathoodState) -> list[Event]:
    """The turn's discs are used: it waits for ``end turn``, its one legal move; play it."""
    assert moves(state) == {"end turn"} and state.waits_for_end_turn()
    return state.apply(parse_move("end turn"))


def code(state: CathoodState, text: str) -> str | None:
    reason = state.check(parse_move(text))
    return None if reason is None else reason.code


def cubes(state: CathoodState, seat: int) -> dict[str, int]:
    return {state.data.colours[c]: k for c, k in enumerate(state.cubes[seat]) if k}


def space(state: CathoodState, seat: int) -> str:
    return state.geo.names[state.cats[seat]]


def moves(state: CathoodState) -> set[str]:
    return {str(m) for m in state.legal_moves()}
