"""Reading a bed position file (docs/positions.md) into a state, with readable errors.

Positions need not be reachable by play (the spec's scenarios are loaded directly), so only the
geometry is checked: every tile on the bed, off the pillows, not overlapping, each digit once.
"""

from __future__ import annotations

from typing import Any

from catgames.core.rules import NOBODY, Game
from catgames.core.safe_yaml import brief
from catgames.games.bed.components import DIGITS, Placement
from catgames.games.bed.rules import BedState


class PositionError(ValueError):
    """A position file that does not describe a bed."""


def _field(item: dict[str, Any], key: str, where: str) -> Any:
    if key not in item:
        raise PositionError(f"{where}: missing {brief(key)}")
    return item[key]


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise PositionError(f"{where}: expected a whole number {lo}..{hi}, got {brief(value)}")
    return value


def _seat(value: Any, names: tuple[str, str], where: str) -> int:
    if value not in names:
        raise PositionError(f"{where}: expected one of {', '.join(names)}, got {brief(value)}")
    return names.index(value)


def state_from_position(doc: Any, game: Game) -> BedState:
    """Build a ``BedState`` from a position mapping; raises ``PositionError`` when it is wrong."""
    if not isinstance(doc, dict):
        raise PositionError("a bed position must be a mapping with keys game, side, placements")
    if doc.get("game") != "bed":
        raise PositionError(f"game: expected 'bed', got {brief(doc.get('game'))}")
    try:
        state = BedState(str(doc.get("side", "A")))
    except ValueError as exc:
        raise PositionError(f"side: {exc}") from exc
    names = state.data.seat_names
    placements = doc.get("placements") or []
    if not isinstance(placements, list):
        raise PositionError("placements: expected a list")
    for i, item in enumerate(placements):
        where = f"placements[{i}]"
        if not isinstance(item, dict):
            raise PositionError(f"{where}: expected a mapping with owner, digit, rot, row, col")
        seat = _seat(_field(item, "owner", where), names, f"{where}.owner")
        move = Placement(
            _int(_field(item, "digit", where), f"{where}.digit", DIGITS[0], DIGITS[-1]),
            _int(_field(item, "rot", where), f"{where}.rot", 0, 3),
            _int(_field(item, "row", where), f"{where}.row", 0, 999),
            _int(_field(item, "col", where), f"{where}.col", 0, 999),
        )
        _place_unchecked_turn(state, seat, move, where)
    passed = doc.get("passed") or []
    if not isinstance(passed, list):
        raise PositionError("passed: expected a list of seats")
    for i, name in enumerate(passed):
        state.passed[_seat(name, names, f"passed[{i}]")] = True
    to_move = doc.get("to_move")
    if to_move is None:
        if not all(state.passed):
            raise PositionError("to_move: missing (only a finished game, where both passed, may omit it)")
        state.settle_after_load(None)
    else:
        state.settle_after_load(_seat(to_move, names, "to_move"))
    return state


def _place_unchecked_turn(state: BedState, seat: int, move: Placement, where: str) -> None:
    """Lay a tile for ``seat`` whatever the turn, checking only geometry and supply."""
    names = state.data.seat_names
    if not state.hands[seat] >> move.digit & 1:
        raise PositionError(f"{where}: the {names[seat]}'s {move.digit} is placed twice")
    mask = state.data.mask_of(move)
    if mask is None:
        raise PositionError(f"{where}: {names[seat]} {move} does not lie completely on the bed")
    if mask & state.data.sides[state.side].pillow_mask:
        raise PositionError(f"{where}: {names[seat]} {move} covers a pillow")
    if mask & state.occupied:
        raise PositionError(f"{where}: {names[seat]} {move} overlaps an earlier tile")
    state.lay(seat, state.table.canonical[(move.digit, mask)], mask)


def state_to_position(state: BedState) -> dict[str, Any]:
    """The position file (and save) of ``state``; ``state_from_position`` reads it back."""
    names = state.data.seat_names
    return {
        "game": "bed",
        "side": state.side,
        "to_move": None if state._to_move == NOBODY else names[state._to_move],
        "placements": [
            {"owner": names[s], "digit": p.digit, "rot": p.rot, "row": p.row, "col": p.col}
            for s, p in state.history
        ],
        "passed": [names[s] for s in (0, 1) if state.passed[s]],
    }
