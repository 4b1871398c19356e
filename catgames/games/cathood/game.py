"""Cathood: the ``Game`` (static facts, options, the factory of states) and ``GAME``.

It sits above ``rules`` and ``position`` so that neither imports the other upwards.
"""

from __future__ import annotations

from typing import Any, Hashable, cast

from catgames.core.rules import Game, Option, State
from catgames.core.secrets import Secrets, Veil
from catgames.games.cathood import gestures
from catgames.games.cathood.moves import END_TURN, Move, parse_move
from catgames.games.cathood.position import state_from_position, state_to_position
from catgames.games.cathood.rules import CathoodState


class CathoodGame(Game):
    """Cathood: 2-4 cats in a changing neighbourhood; hidden market decks and fight choices."""

    id = "cathood"
    has_hidden_information = True
    #: a fighter's rock-paper-scissors choice is its own until the fight shows both
    secrets = Secrets(moves={"rps": Veil()})

    def secret_choice(self, state: State) -> bool:
        """Only a rock-paper-scissors choice is made out of the others' sight."""
        return gestures.decision(cast(CathoodState, state)) == "fight"
    #: 2: the last disc waits for ``end turn``, which a list of version 1 leaves out (the rules
    #: slept by themselves then, SL1-SL3)
    moves_version = 2

    def options(self) -> list[Option]:
        seats = tuple(self.seat_names(self.max_players))
        return [Option("layout", ("random", "first_game"), "random"),
                Option("rps_auto", (False, True), False),
                Option("first_player", ("random",) + seats, "random")]

    def new_state(self, players: int = 2, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> CathoodState:
        self.check_players(players)
        state = CathoodState(players, self.resolve_options(options))
        state.setup(seed)
        return state

    def state_from_dict(self, data: dict[str, Any]) -> CathoodState:
        return state_from_position(data, self)

    def parse_move(self, state: State, text: str) -> Move:
        return parse_move(text)

    def implied_move(self, state: State, version: int) -> Move | None:
        """Version 1 slept as the last disc's step ended: its lists go on without ``end turn``."""
        waits = version < 2 and cast(CathoodState, state).waits_for_end_turn()
        return END_TURN if waits else None

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state_to_position(cast(CathoodState, state))

    def view_to_dict(self, view: State, shared: dict[str, Any]) -> dict[str, Any]:
        return state_to_position.view(cast(CathoodState, view), shared)


GAME = CathoodGame()
CathoodState.game = GAME  #: bound here, not in rules.py, so the rules never import their game
