"""The AI hooks (uniform rock-paper-scissors, playouts, evaluation) and ``analyse``."""

from __future__ import annotations

import json
import random
from collections import Counter

from catgames.ai.arena import play_game
from catgames.ai.player import RandomPlayer
from catgames.ai.presets import make_player
from catgames.games.cathood.ai import HEURISTICS
from catgames.games.cathood.game import GAME
from tests.games.cathood.helpers import A, play, position


def _fight():
    state = position({"P1": "H(1,0)", "P2": "H(1,2)"}, {"P2": {"cubes": {"pink": 1}}})
    play(state, "linear E 2")
    return state


def test_rock_paper_scissors_is_uniform_and_never_searched():
    state = _fight()
    assert HEURISTICS.uniform_choice(state)
    for difficulty in ("easy", "normal", "hard"):
        player = make_player("cathood", difficulty, GAME)
        seat = state.to_move
        picks = Counter(player.choose(state.observe(seat), seat, random.Random(k)).choice
                        for k in range(300))
        assert set(picks) == {"rock", "paper", "scissors"} and min(picks.values()) > 70, difficulty
    rng = random.Random(3)
    rolled = Counter(HEURISTICS.rollout_move(state, rng).choice for _ in range(600))
    assert min(rolled.values()) > 150


def test_the_second_fighter_cannot_see_the_first_choice():
    state = _fight()
    play(state, "rps paper")
    view = state.observe(A)
    worlds = Counter(view.determinize(A, random.Random(k)).committed for k in range(300))
    assert set(worlds) == {0, 1, 2}


def test_evaluation_and_an_easy_game_against_random():
    state = GAME.new_state(2, {"layout": "first_game"}, 4)
    assert HEURISTICS.evaluate(state, 0) == 0.0
    easy = make_player("cathood", "easy", GAME)
    outcome, moves = play_game(state, [easy, RandomPlayer()], seed=4)
    assert moves > 0 and outcome.scores[0] > outcome.scores[1]


def test_analyse_reports_moves_by_action_scores_and_reach():
    state = position({"P1": "H(1,0)", "P2": "H(3,0)"})
    result = json.loads(json.dumps(state.analyse()))
    assert result["game"] == "cathood" and result["to_move"] == "P1" and not result["over"]
    by = result["legal_moves_by"]
    assert set(by) >= {"linear", "diagonal", "rotate", "swap", "pet_shop", "building", "park",
                       "repeat", "end_turn"}
    assert by["rotate"] == 18 and by["swap"] == 11 and by["end_turn"] == 1   # own cat blocks one
    assert sum(by.values()) == result["legal_moves"]
    assert result["scores"] == {"P1": -3, "P2": -3}                 # three toy types at 0 each
    reach = {r["move"]: r for r in result["detail"]["reach"]}
    assert reach["linear E 2"]["to"] == "H(1,2)" and reach["linear E 2"]["cubes"] == {"blue": 1, "yellow": 1}
    assert reach["linear W 1"]["to"] == "H(1,2)"                    # teleport
    assert reach["diagonal SW 1"]["specials"] == ["dog"] and reach["diagonal SW 1"]["cubes"] == {}
