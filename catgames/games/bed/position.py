"""Reading a bed position file (docs/positions.md) into a state, with readable errors.

Positions need not be reachable by play (the spec's scenarios are loaded directly), so only the
geometry is checked: every tile on the bed, off the pillows, not overlapping, each digit once.
"""

from __future__ import annotations

from typing import Any

from catgames.core.position import PositionNode, position_node
from catgames.core.rules import NOBODY, Game
from catgames.games.bed.components import DIGITS, Placement
from catgames.games.bed.rules import BedState


def state_from_position(doc: Any, game: Game) -> BedState:
    """Build a ``BedState`` from a position mapping; raises ``PositionError`` when it is wrong."""
    root = position_node(doc, "bed")
    side = root.opt("side", "A")
    try:
        state = BedState(side.str())
    except ValueError as exc:
        raise side.fail(str(exc)) from exc
    names = state.data.seat_names
    for item in root.opt("placements").list():
        seat = item["owner"].seat(names)
        move = Placement(item["digit"].int(DIGITS[0], DIGITS[-1]), item["rot"].int(0, 3),
                         item["row"].int(0, 999), item["col"].int(0, 999))
        _place_unchecked_turn(state, seat, move, item)
    for name in root.opt("passed").list():
        state.passed[name.seat(names)] = True
    to_move = root.opt("to_move")
    if to_move.value is None:
        if not all(state.passed):
            raise to_move.fail("missing (only a finished game, where both passed, may omit it)")
        state.settle_after_load(None)
    else:
        state.settle_after_load(to_move.seat(names))
    return state


def _place_unchecked_turn(state: BedState, seat: int, move: Placement, item: PositionNode) -> None:
    """Lay a tile for ``seat`` whatever the turn, checking only geometry and supply."""
    name = state.data.seat_names[seat]
    if not state.hands[seat] >> move.digit & 1:
        raise item.fail(f"the {name}'s {move.digit} is placed twice")
    mask = state.data.mask_of(move)
    if mask is None:
        raise item.fail(f"{name} {move} does not lie completely on the bed")
    if mask & state.data.sides[state.side].pillow_mask:
        raise item.fail(f"{name} {move} covers a pillow")
    if mask & state.occupied:
        raise item.fail(f"{name} {move} overlaps an earlier tile")
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
