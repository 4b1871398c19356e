"""Woof Days / Cat Days: the ``Game`` (static facts, options, the factory of states) and ``GAME``.

It sits above ``rules`` and ``position`` so that neither imports the other upwards.
"""

from __future__ import annotations

from typing import Any, Hashable, cast

from catgames.core.rules import Game, Option, State
from catgames.games.days.components import Move, days_data, parse_move
from catgames.games.days.position import state_from_position, state_to_position
from catgames.games.days.rules import DaysState


class DaysGame(Game):
    """Woof Days, Cat Days, or both decks combined: 2 to 4 players, hands and deck hidden."""

    id = "days"
    has_hidden_information = True

    def options(self) -> list[Option]:
        data = days_data()
        modes = data.modes
        seats = ("random",) + data.seats[:self.max_players]
        hands = modes["woof"].starting_hands  #: the UK rules' first, the French edition's last
        return [
            Option("decks", tuple(modes), "woof"),
            Option("edition", ("uk", "fr"), "uk"),
            Option("woof_hand", hands, hands[0], {"uk": hands[0], "fr": hands[-1]}),
            Option("cat_trees", modes["combined"].cat_trees, modes["combined"].cat_trees[0]),
            Option("first_player", seats, "random"),
        ]

    def new_state(self, players: int = 2, options: dict[str, Hashable] | None = None,
                  seed: int = 0) -> DaysState:
        self.check_players(players)
        opts = self.resolve_options(options)
        state = DaysState(opts, players, seed)
        data = state.data
        mode = data.modes[str(opts["decks"])]
        pool, dealt, box = data.setup(mode.key, players, str(opts["cat_trees"]))
        rng = state.shuffle_rng()
        rng.shuffle(pool)
        first = opts["first_player"]
        if first == "random":
            state.turn = rng.randrange(players)
        else:
            state.turn = data.seat_index(str(first), players)
        size = int(str(opts["woof_hand"])) if mode.key == "woof" else mode.starting_hands[0]
        state.deck, state.box = pool, box
        for s in range(players):
            state.hands[s] = dealt + [state.deck.pop() for _ in range(size)]
        return state

    def state_from_dict(self, data: dict[str, Any]) -> DaysState:
        return state_from_position(data, self)

    def parse_move(self, state: State, text: str) -> Move:
        return parse_move(text, state.players if state is not None else None)

    def seat_names(self, players: int) -> list[str]:
        return list(days_data().seats[:players])

    def state_to_dict(self, state: State) -> dict[str, Any]:
        return state_to_position(cast(DaysState, state))

    def view_to_dict(self, view: State, shared: dict[str, Any]) -> dict[str, Any]:
        return state_to_position.view(cast(DaysState, view), shared)


GAME = DaysGame()
DaysState.game = GAME  #: bound here, not in rules.py, so the rules never import their game
