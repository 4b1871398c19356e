"""This Bed Is Mine: the ``Game`` (static facts, options, the factory of states) and ``GAME``.

It sits above ``rules`` and ``position`` so that neither imports the other upwards.
"""

from __future__ import annotations

import re
from typing import Any, Hashable, cast

from catgames.core.moves import MovePattern, clean_text, match_move
from catgames.core.rules import Game, Option, State
from catgames.games.bed.components import Placement, bed_data
from catgames.games.bed.position import state_from_position, state_to_position
from catgames.games.bed.rules import BedState


_PATTERNS: tuple[MovePattern[Placement], ...] = (
    (re.compile(r"([1-9])\s*rot\s*([0-3])\s*@\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)"),
     lambda *groups: Placement(*map(int, groups))),
)


class BedGame(Game):
    """This Bed Is Mine: two players, cats against dogs, no hidden information."""

    id = "bed"
    has_hidden_information = False

    def options(self) -> list[Option]:
        sides = tuple(bed_data().sides)
        return [Option("side", sides, sides[0])]

    def seat_names(self, players: int) -> list[str]:
        return [name.capitalize() for name in bed_data().seat_names]

    def new_state(self, players: int = 2, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> BedState:
        self.check_players(players)
        opts = self.resolve_options(options)
        return BedState(str(opts["side"]))

    def benchmark_state(self, players: int, seed: int = 0) -> BedState:
        """An empty side-A bed with the Dog to move: all 3,936 placements are open."""
        return self.state_from_dict({"game": "bed", "side": "A", "to_move": "dog", "placements": []})

    def state_from_dict(self, data: dict[str, Any]) -> BedState:
        return state_from_position(data, self)

    def parse_move(self, state: State, text: str) -> Placement:
        move = match_move(clean_text(text), _PATTERNS)
        if move is None:
            raise ValueError(f"not a placement: {text!r} (expected like '3 rot0 @ (6,4)')")
        return move

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state_to_position(cast(BedState, state))


GAME = BedGame()
BedState.game = GAME  #: bound here, not in rules.py, so the rules never import their game
