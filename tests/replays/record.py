"""Record the replay test's games: ``python3 -m tests.replays.record`` (rewrites ``data/``).

The recordings pin down how the games play today.  Re-record only when a rule is meant to
change (and say so in the commit): re-recording after an accidental change would hide it.

Every seat is deterministic: a seeded random player, or an AI preset with a fixed amount of
work instead of a time budget, so the same command writes the same files on any machine.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from catgames.ai.budget import Budget
from catgames.ai.player import Player
from catgames.ai.presets import make_player, preset_for
from catgames.core.rules import Game
from catgames.games import load_game
from tests.replays.recording import Recording, fingerprint, outcome_of, plain, save

WORK = {"alphabeta": 2, "mcts": 40, "ismcts": 40}  #: fixed work per move: depth, simulations
#                                                      (greedy ignores it: it weighs every candidate)
SAMPLES = 2  #: full states kept per game besides the first and the last
MAX_PLIES = 2000  #: a recorded game that runs longer than this is a bug


@dataclass(frozen=True)
class SetUp:
    """One game to record."""

    game: str
    seats: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)


R, E, N = "random", "ai:easy", "ai:normal"

SET_UPS: tuple[SetUp, ...] = (
    SetUp("bed", (R, R), 1, {"side": "A"}),
    SetUp("bed", (R, E), 2, {"side": "B"}),
    SetUp("bed", (E, E), 3, {"side": "A"}),
    SetUp("bed", (E, R), 4, {"side": "B"}),
    SetUp("bed", (N, E), 5, {"side": "B"}),
    SetUp("kotatsu", (R, R), 1),
    SetUp("kotatsu", (E, R, E), 2, {"scoring_mode": "illustrated", "coin_tie_mode": "max"}),
    SetUp("kotatsu", (R, E, R, E), 3, {"one_pair_category": False,
                                       "collection_bonus_mode": "per_set"}),
    SetUp("kotatsu", (E, E, E), 4, {"single_card_discard": True,
                                    "symbols_require_cat_symbol": True}),
    SetUp("kotatsu", (R, N), 5, {"picker_memory_aid": False}),
    SetUp("days", (R, R), 1),
    SetUp("days", (E, R, R), 2, {"decks": "cat", "edition": "fr"}),
    SetUp("days", (R, E, R, E), 3, {"decks": "combined", "first_player": "P2"}),
    SetUp("days", (E, E), 4, {"decks": "woof", "woof_hand": 4, "edition": "fr"}),
    SetUp("days", (R, E, E), 5, {"decks": "cat", "cat_trees": "removed"}),
    SetUp("boxes", (R, R), 1, {"table": "small"}),
    SetUp("boxes", (E, R, E), 2, {"open_boxes": "half"}),
    SetUp("boxes", (R, E, R, E), 3, {"table": "large", "majority_tie": "nobody"}),
    SetUp("boxes", (E, R, R, E, R), 4, {"open_boxes": "full"}),
    SetUp("boxes", (R, R, R, R, R), 5),
    SetUp("cathood", (R, R), 1),
    SetUp("cathood", (E, R, E), 2, {"layout": "first_game"}),
    SetUp("cathood", (R, E, R, E), 3, {"rps_auto": True, "first_player": "P3"}),
    SetUp("cathood", (E, E), 4, {"first_player": "P2"}),
    SetUp("cathood", (R, R, R), 5, {"layout": "first_game", "rps_auto": True}),
)


def names_of(set_ups: tuple[SetUp, ...]) -> list[str]:
    """``<game>-<n>``: the n-th set-up of that game, counting from 1."""
    seen: dict[str, int] = {}
    names = []
    for s in set_ups:
        seen[s.game] = seen.get(s.game, 0) + 1
        names.append(f"{s.game}-{seen[s.game]}")
    return names


def sampled(length: int) -> set[int]:
    """The plies whose full state is kept: the first, every ``step``-th and the last."""
    step = max(1, math.ceil(length / (SAMPLES + 1)))
    return set(range(0, length, step)) | {length}


def seat(game: Game, spec: str) -> tuple[Player, Budget]:
    """The player of a seat spec (``random`` or ``ai:<difficulty>``) and its fixed budget."""
    difficulty = spec.removeprefix("ai:")
    work = WORK.get(preset_for(game, difficulty).algorithm, 1)
    return make_player(game.id, difficulty, game), Budget(soft_s=None, cap_s=None, iterations=work)


def play(set_up: SetUp, name: str) -> Recording:
    """Play ``set_up`` to the end with its seats, fingerprinting every ply."""
    game = load_game(set_up.game)
    seats = [seat(game, spec) for spec in set_up.seats]
    rng = random.Random(set_up.seed)
    state = game.new_state(len(set_up.seats), set_up.options, set_up.seed)
    moves: list[str] = []
    plies: list[str] = []
    dicts: list[Any] = []
    while not state.is_over():
        if len(moves) >= MAX_PLIES:
            raise RuntimeError(f"{name}: no end after {MAX_PLIES} moves")
        plies.append(fingerprint(state))
        dicts.append(state.to_dict())
        mover = state.to_move
        player, budget = seats[mover]
        move = player.choose(state.observe(mover), mover, rng, budget)
        moves.append(str(move))
        state.apply(move)
    plies.append(fingerprint(state))
    dicts.append(state.to_dict())
    keep = sampled(len(moves))
    return Recording(name=name, game=set_up.game, players=len(set_up.seats),
                     options=dict(set_up.options), seed=set_up.seed, seats=list(set_up.seats),
                     moves=moves, plies=plies,
                     states={ply: plain(dicts[ply]) for ply in sorted(keep)},
                     outcome=outcome_of(state), moves_version=game.moves_version)


def main() -> None:
    for set_up, name in zip(SET_UPS, names_of(SET_UPS)):
        path = save(play(set_up, name))
        print(f"{path.name}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
