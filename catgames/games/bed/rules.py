"""This Bed Is Mine: state and rules (spec R1-R21).  Pure Python; never imports pygame.

The bed is a bitmask; the placements that still fit are kept as a shrinking tuple shared between
clones, because legality only ever shrinks (cells get covered, tiles get used).
"""

from __future__ import annotations

from typing import Any, Hashable

from catgames.core.cloning import declared_clone
from catgames.core.rules import NOBODY, Event, GameState, Outcome, Reason, Seat
from catgames.games.bed.components import (
    DIGITS, TOY_KINDS, BedData, Placement, PlacementTable, bed_data, placement_table,
)
from catgames.games.bed.scoring import BedScore, score

ALL_DIGITS = sum(1 << d for d in DIGITS)
Entry = tuple[int, int, Placement]


class BedState(GameState[Placement]):
    """A bed position: who placed what where, the tiles in hand, passes and whose turn it is."""

    __slots__ = ("data", "side", "table", "occupied", "hands", "tiles", "history", "passed",
                 "_to_move", "_free")

    def __init__(self, side: str) -> None:
        self.data: BedData = bed_data()
        if side not in self.data.sides:
            raise ValueError(f"unknown side {side!r}; sides: {', '.join(self.data.sides)}")
        self.side = side
        self.table: PlacementTable = placement_table(side)
        self.occupied = 0
        self.hands = [ALL_DIGITS, ALL_DIGITS]
        self.tiles: list[tuple[int, int, int]] = []          # (seat, digit, mask) in play order
        self.history: list[tuple[int, Placement]] = []
        self.passed = [False, False]
        self._to_move: Seat = 0
        self._free: tuple[Entry, ...] = self.table.all

    # -- the Rules API -----------------------------------------------------------------------
    @property
    def to_move(self) -> Seat:
        return self._to_move

    @property
    def players(self) -> int:
        return 2

    def legal_moves(self) -> list[Placement]:
        if self._to_move == NOBODY:
            return []
        return [e[2] for e in self._entries(self._to_move)]

    def check(self, move: Any) -> Reason | None:
        if self._to_move == NOBODY:
            return Reason.of("game_over")
        if not isinstance(move, Placement):
            return Reason.of("not_a_placement")
        seat = self._to_move
        if move.digit not in DIGITS:
            return Reason.of("no_such_tile", digit=move.digit)
        if not 0 <= move.rot <= 3:
            return Reason.of("bad_rotation", rot=move.rot)
        if not self.hands[seat] >> move.digit & 1:
            return Reason.of("tile_used", digit=move.digit)
        if self._opening(seat) and move.digit not in self.data.initial_digits:
            return Reason.of("opening_digit", digit=move.digit, allowed=_span(self.data.initial_digits))
        mask = self.mask_of(move)
        if mask is None:
            return Reason.of("off_board")
        if mask & self.data.sides[self.side].pillow_mask:
            return Reason.of("pillow")
        if mask & self.occupied:
            owner, digit = next((s, d) for s, d, m in self.tiles if m & mask)
            return Reason.of("overlap", owner=self.game.seat_names(2)[owner], digit=digit)
        if self._opening(seat) and mask & ~self.data.initial_mask:
            return Reason.of("opening_area")
        return None

    def _apply(self, move: Any) -> list[Event]:
        mask = self.mask_of(move)
        assert mask is not None
        return self._place(self._to_move, self.table.canonical[(move.digit, mask)], mask)

    def outcome(self) -> Outcome | None:
        if self._to_move != NOBODY:
            return None
        result = self.score()
        cat, dog = result.totals
        detail = self._score_detail(result)
        if cat == dog:
            return Outcome.of((cat, dog), None, "draw", detail, scores=(cat, dog))
        winner = 0 if cat > dog else 1
        return Outcome.of((cat, dog), winner, "win", detail, seat=winner,
                          scores=(max(cat, dog), min(cat, dog)))

    clone = declared_clone(
        shared=("data", "side", "table", "occupied", "_to_move", "_free"),
        copied=("hands", "tiles", "history", "passed"),
    )

    def key(self) -> Hashable:
        """Transposition key: what is where, whose turn, who passed."""
        return (frozenset(self.tiles), self._to_move, self.passed[0], self.passed[1])

    # -- files and analysis ------------------------------------------------------------------
    def analyse(self) -> dict[str, Any]:
        names = self.data.seat_names
        by_digit = {str(d): 0 for d in DIGITS}
        moves = self.legal_moves()
        for m in moves:
            by_digit[str(m.digit)] += 1
        result = self.score()
        out = self.outcome()
        winner = None if out is None else ("draw" if out.winner is None else names[out.winner])
        return {
            "game": "bed",
            "to_move": None if self._to_move == NOBODY else names[self._to_move],
            "over": self._to_move == NOBODY,
            "legal_moves": len(moves),
            "legal_moves_by": by_digit,
            "scores": dict(zip(names, result.totals)),
            "winner": winner,
            "detail": self._score_detail(result),
        }

    # -- helpers used by the UI and the AI ------------------------------------------------------
    def score(self) -> BedScore:
        """The final scoring of the bed as it stands (also the territory preview)."""
        return score(self.data, self.data.sides[self.side], self.occupied, self.tiles)

    def safe_points(self) -> tuple[int, int]:
        """Each seat's section points that no tile still to come can change: a tile changes a
        section only by lying in it, so a won section no placement of a tile left in play
        reaches is won for good.  What the trays show mid-game (the score if the game ended now
        gives the first tile the whole bed)."""
        playing = (0 if self.passed[0] else self.hands[0]) | (0 if self.passed[1] else self.hands[1])
        reach = 0
        for digit, mask, _ in self._free:
            if playing >> digit & 1:
                reach |= mask
        points = [0, 0]
        for sec in self.score().sections:
            if sec.owner is not None and not sec.mask & reach:
                points[sec.owner] += sec.size
        return points[0], points[1]

    def moves_for(self, seat: Seat) -> list[Placement]:
        """Placements ``seat`` could make now if it were their turn (for previews and the AI)."""
        return [e[2] for e in self._entries(seat)]

    def fits(self, seat: Seat, digit: int) -> bool:
        """Whether ``seat``'s tile ``digit`` still fits anywhere (greyed out in the tray if not)."""
        if not self.hands[seat] >> digit & 1:
            return False
        return any(e[0] == digit for e in self.open_entries(seat))

    def canonical(self, move: Placement) -> Placement:
        """The rules' own form of ``move``: of the rotations that cover the same cells, the
        lowest (the one ``legal_moves`` lists)."""
        mask = self.mask_of(move)
        return move if mask is None else self.table.canonical.get((move.digit, mask), move)

    def mask_of(self, move: Placement) -> int | None:
        """Cells a placement covers (``None`` if off the bed); table lookup for speed."""
        mask = self.table.masks.get(move)
        return mask if mask is not None else self.data.mask_of(move)

    def in_hand(self, seat: Seat) -> list[int]:
        return [d for d in DIGITS if self.hands[seat] >> d & 1]

    def is_opening(self) -> bool:
        """Whether the move to make now is the Cat's restricted first placement (R8)."""
        return self._to_move != NOBODY and self._opening(self._to_move)

    # -- internals ---------------------------------------------------------------------------
    def _opening(self, seat: Seat) -> bool:
        return seat == 0 and self.hands[0] == ALL_DIGITS

    def open_entries(self, seat: Seat) -> tuple[Entry, ...] | list[Entry]:
        """``(digit, mask, move)`` of every placement that fits the bed now for ``seat`` (the
        opening area for the Cat's first tile), whatever is in hand."""
        if self._opening(seat):
            occupied = self.occupied
            return [e for e in self.table.opening if not e[1] & occupied]
        return self._free

    def _entries(self, seat: Seat) -> list[Entry]:
        hand = self.hands[seat]
        return [e for e in self.open_entries(seat) if hand >> e[0] & 1]

    def _has_moves(self, seat: Seat) -> bool:
        hand = self.hands[seat]
        return any(hand >> e[0] & 1 for e in self.open_entries(seat))

    def _place(self, seat: Seat, move: Placement, mask: int) -> list[Event]:
        self.lay(seat, move, mask)
        events = [Event.of("place", seat, digit=move.digit, rot=move.rot, row=move.row,
                           col=move.col, mask=mask)]
        self._advance(seat, events)
        return events

    def lay(self, seat: Seat, move: Placement, mask: int) -> None:
        """Put a tile on the bed without turn handling (play and position loading share it)."""
        self.occupied |= mask
        self.hands[seat] &= ~(1 << move.digit)
        self.tiles.append((seat, move.digit, mask))
        self.history.append((seat, move))
        self._free = tuple(e for e in self._free if not e[1] & mask)

    def settle_after_load(self, to_move: Seat | None) -> list[Event]:
        """Give a loaded position its turn: ``to_move`` if it can place, else the passes follow."""
        events: list[Event] = []
        if to_move is None:
            self._to_move = NOBODY
        else:
            self._advance(1 - to_move, events)
        return events

    def _advance(self, mover: Seat, events: list[Event]) -> None:
        """Hand the turn on: the other seat if it can place, else it passes for good (R9-R11)."""
        for seat in (1 - mover, mover):
            if self.passed[seat]:
                continue
            if self._has_moves(seat):
                self._to_move = seat
                return
            self.passed[seat] = True
            events.append(Event.of("pass", seat))
        self._to_move = NOBODY
        events.append(Event.of("game_over"))

    def _score_detail(self, result: BedScore) -> dict[str, Any]:
        names = self.data.seat_names
        grid = self.data.grid
        sections = []
        for sec in result.sections:
            cells = grid.cells(sec.mask)
            sections.append({
                "at": list(cells[0]),
                "cells": [list(c) for c in cells],
                "size": sec.size,
                "owner": None if sec.owner is None else names[sec.owner],
                "ignored": sec.ignored,
                "sums": dict(zip(names, sec.sums)),
                "toys": dict(zip(TOY_KINDS, sec.toys)),
            })
        return {
            "side": self.side,
            "sections": sections,
            "section_points": dict(zip(names, result.section_points)),
            "toys": {names[s]: dict(zip(TOY_KINDS, result.toys[s])) for s in (0, 1)},
            "toy_bonus": dict(zip(names, result.bonus)),
            "passed": [names[s] for s in (0, 1) if self.passed[s]],
        }


def _span(digits: frozenset[int]) -> str:
    """``1–4`` for a run of digits, else ``1, 3, 5``: how the opening rule names them."""
    ordered = sorted(digits)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(map(str, ordered))
