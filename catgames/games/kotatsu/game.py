"""Kotatsu Cats: the ``Game`` (static facts, options, the factory of states) and ``GAME``.

It sits above ``rules`` and ``position`` so that neither imports the other upwards.
"""

from __future__ import annotations

from typing import Any, Hashable, cast

from catgames.core.rules import Game, Option, State
from catgames.games.kotatsu.components import OPTION_CHOICES, kotatsu_data
from catgames.games.kotatsu.moves import Move, parse_move
from catgames.games.kotatsu.position import state_from_position, state_to_position
from catgames.games.kotatsu.rules import KotatsuState


class KotatsuGame(Game):
    """Kotatsu Cats: 2-4 players, hidden hands, deck, bag order and cushion faces."""

    id = "kotatsu"
    has_hidden_information = True

    def options(self) -> list[Option]:
        data = kotatsu_data()
        facts = {"collection_bonus_mode": {"points": data.bonus_value, "colours": data.colours}}
        return [Option(key, choices, data.option_defaults[key], facts.get(key, {}))
                for key, choices in OPTION_CHOICES.items()]

    def new_state(self, players: int = 2, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> KotatsuState:
        self.check_players(players)
        state = KotatsuState(players, self.resolve_options(options))
        state.setup(seed)
        return state

    def state_from_dict(self, data: dict[str, Any]) -> KotatsuState:
        return state_from_position(data, self)

    def parse_move(self, state: State, text: str) -> Move:
        return parse_move(text)

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state_to_position(cast(KotatsuState, state))

    def view_to_dict(self, view: State, shared: dict[str, Any]) -> dict[str, Any]:
        return state_to_position.view(cast(KotatsuState, view), shared)


GAME = KotatsuGame()
KotatsuState.game = GAME  #: bound here, not in rules.py, so the rules never import their game
