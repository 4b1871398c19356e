"""A Kotatsu match replays exactly from seed + moves (chance included), and the AI plays legal
moves from its observation alone."""

from __future__ import annotations

import random

from catgames.ai.budget import Budget
from catgames.ai.presets import make_player
from catgames.core.session import Match
from catgames.games.kotatsu.ai import HEURISTICS, pick_value
from catgames.games.kotatsu.moves import Pick
from catgames.games.kotatsu.game import GAME
from tests.games.kotatsu.helpers import position

MAX_MOVES = 1000  #: a whole game takes well under this many moves


def test_match_save_replays_exactly():
    match = Match.new(GAME, 3, ["human", "human", "human"], {"single_card_discard": True}, seed=9)
    rng = random.Random(9)
    for _ in range(40):
        match.play(rng.choice(match.state.legal_moves()))
    again = Match.from_dict(match.to_dict(), load=lambda game_id: GAME)
    assert again.state.to_dict() == match.state.to_dict()


def test_the_picker_takes_the_better_pair():
    state = position(2, {1: {"pairs": [{"cat": "O", "cushion": "O-2"}, {"cat": "G", "cushion": "G+3"}],
                             "edges": {"P1": ["O1", "O2", "O3"], "P2": ["K1", "K2", "K3"]}}})
    assert state.to_move == 0
    assert pick_value(state, Pick(1)) == 5 and pick_value(state, Pick(0)) == -5
    assert HEURISTICS.candidates(state, state.legal_moves(), 1) == [Pick(1)]


def test_ai_players_finish_a_three_player_game_from_observations():
    players = [make_player("kotatsu", "easy", GAME), make_player("kotatsu", "normal", GAME),
               make_player("kotatsu", "random", GAME)]
    state = GAME.new_state(3, None, 2)
    rng = random.Random(2)
    quick = Budget(0.01, 0.05, 30)
    for _ in range(MAX_MOVES):
        if state.is_over():
            break
        seat = state.to_move
        move = players[seat].choose(state.observe(seat), seat, rng, quick)
        assert state.check(move) is None
        state.apply(move)
    assert state.is_over(), f"no end after {MAX_MOVES} moves"
    out = state.outcome()
    assert list(out.scores) == list(state.analyse()["scores"].values())
