"""If It Fits: the ``Game`` (static facts, options, the factory of states) and ``GAME``.

It sits above ``rules`` and ``position`` so that neither imports the other upwards.
"""

from __future__ import annotations

import random
from typing import Any, Hashable, cast

from catgames.core.rules import Game, Option, State
from catgames.games.boxes.components import boxes_data
from catgames.games.boxes.moves import Draw, Move, parse_move
from catgames.games.boxes.position import state_from_position, state_to_position
from catgames.games.boxes.rules import START_ROW, BoxesState


class BoxesGame(Game):
    """If It Fits: 2-5 players build boxes on the table and get their cats into them."""

    id = "boxes"
    has_hidden_information = True

    def options(self) -> list[Option]:
        data = boxes_data()
        return [
            Option("table", tuple(data.presets), data.default_table,
                   {f"{p.name}_{axis}": getattr(p, axis) for p in data.presets.values()
                    for axis in ("cols", "rows")}),
            Option("open_boxes", ("none", "half", "full"), data.open_boxes_default),
            Option("majority_tie", ("all_full", "nobody"), data.majority_tie_default),
        ]

    def new_state(self, players: int, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> BoxesState:
        self.check_players(players)
        opts = self.resolve_options(options)
        state = BoxesState(players, str(opts["table"]), str(opts["open_boxes"]),
                           str(opts["majority_tie"]), seed)
        rng = random.Random(seed)
        state.deck = list(state.data.pile)
        rng.shuffle(state.deck)
        state.start_player = rng.randrange(players) if state.data.random_start_player else 0
        centre = state.geo.slot(state.geo.cols // 2, state.geo.rows // 2)
        assert centre is not None
        state.lay_start_card(centre)
        state._to_move = (state.start_player + 1) % players
        return state

    def state_from_dict(self, data: dict[str, Any]) -> BoxesState:
        return state_from_position(data, self)

    def parse_move(self, state: State | None, text: str) -> Move:
        return parse_move(text)

    def benchmark_state(self, players: int, seed: int = 0) -> BoxesState:
        """A mid-game position: set-up done and a card drawn, so ``play`` moves are listed."""
        state = self.new_state(players, None, seed)
        while state.step == START_ROW:
            state.apply(state.legal_moves()[0])
        state.apply(Draw())
        return state

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state_to_position(cast(BoxesState, state))

    def view_to_dict(self, view: State, shared: dict[str, Any]) -> dict[str, Any]:
        return state_to_position.view(cast(BoxesState, view), shared)


GAME = BoxesGame()
BoxesState.game = GAME  #: bound here, not in rules.py, so the rules never import their game
