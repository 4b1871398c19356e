"""Set-up, turn structure, scoring options and the edge cases E1-E22 not covered by D1-D9."""

from __future__ import annotations

from catgames.core.rules import Reason
from catgames.games.boxes.game import GAME
from tests.games.boxes.helpers import box_at, code, play, position, scores


def test_setup_start_row_and_deal():
    state = GAME.new_state(5, None, seed=3)
    assert state.step == "start_row" and len(state.layout.cards) == 1
    assert (6, 5) in [state.geo.xy(s) for s in state.layout.cards]
    assert state.to_move == (state.start_player + 1) % 5
    assert code(state, "draw") == "start_row_first"
    for side in state.data.suggested_sides:
        play(state, f"start {side}")
    assert sorted(state.geo.xy(s) for s in state.layout.cards) == [(x, 5) for x in range(4, 9)]
    assert state.step == "turn" and state.to_move == state.start_player
    assert [len(h) for h in state.hands] == [2] * 5 and len(state.deck) == 70
    assert code(state, "start left") == "not_setup"


def test_table_presets_and_start_cards_chosen_at_one_end():
    state = GAME.new_state(5, {"table": "small"}, seed=1)
    assert (state.geo.cols, state.geo.rows) == (11, 9)
    for _ in range(4):
        play(state, "start right")
    assert sorted(state.geo.xy(s) for s in state.layout.cards) == [(x, 4) for x in range(5, 10)]


def test_turn_steps_refuse_moves_out_of_order():
    state = position(["(6,5) ..##", "(6,4) #.##"], deck=5)
    assert code(state, "play CUP t0 r0 @ (7,5)") == "draw_first"
    assert code(state, "skip") == "no_card_played"
    play(state, "draw")
    assert code(state, "draw") == "already_drew"
    assert code(state, "sleep @ (6,4)") == "already_drew"                  # E14


def test_e1_e2_merge_of_rival_boxes_and_a_third_player():
    left = ["(4,4) #.#. t1", "(4,5) .##. t1"]
    right = ["(6,4) #..# t1", "(6,5) .#.# t0"]
    cards = left + ["(5,4) #.## t2"] + right + ["(5,5) .#.. t0"]
    state = position(cards, ["P1@(4,4)", "P2@(6,4)"], players=3, step="cat", played=[5, 5],
                     to_move="P3")
    assert state.check(GAME.parse_move(state, "cat @ (5,4)")).code == "box_taken"
    mine = position(cards, ["P1@(4,4)", "P2@(6,4)"], players=3, step="cat", played=[5, 5])
    assert code(mine, "cat @ (5,4)") is None
    assert scores(mine) == {"P1": 5, "P2": 5, "P3": 0}                      # rule 41


def test_majority_tie_nobody_option_and_tiebreak():
    cards = ["(4,4) #.#. t1", "(4,5) .##. t1", "(5,4) #.## t2", "(6,4) #..# t1",
             "(6,5) .#.# t0", "(5,5) .#.. t0"]
    state = position(cards, ["P1@(4,4)", "P2@(6,4)"], options={"majority_tie": "nobody"})
    assert scores(state) == {"P1": 0, "P2": 0}
    assert box_at(state, 5, 5)["leaders"] == ["P1", "P2"] and box_at(state, 5, 5)["scores_for"] == []


def test_e6_open_side_against_a_wall_is_bounded():
    state = position(["(6,5) #..# t0", "(7,5) ###. t0"])
    assert box_at(state, 6, 5) != box_at(state, 7, 5)
    assert len(state.analyse()["detail"]["boxes"]) == 2


def test_e9_e15_unplayable_princess_is_discarded():
    state = position(["(6,5) ..## t0"], step="play", end_phase=True,
                     hands={"P1": ["PRINCESS"], "P2": ["PRINCESS"]}, deck=0)
    assert code(state, "princess @ (6,5)") == "no_opponent_cat"
    assert [str(m) for m in state.legal_moves()] == ["discard PRINCESS"]
    events = play(state, "discard PRINCESS")
    assert state.discards == [state.data.princess] and events[0].kind == "discard"
    play(state, "discard PRINCESS")
    assert state.is_over() and state.outcome().winner is None               # E22: shared
    assert state.outcome().why == Reason.of("nobody_scored")


def test_a_shared_win_names_every_winner():
    boxes = ["(6,4) #.## t2", "(6,5) .### t1", "(2,4) #.## t0", "(2,5) .### t3",
             "(9,4) #.## t1", "(9,5) .### t2"]  # three closed boxes of 3 toys, one cat each
    state = position(boxes, ["P1@(6,4)", "P2@(2,4)", "P3@(9,4)"], players=3, step="play",
                     end_phase=True, deck=0,
                     hands={"P1": ["DEAD_END t0"], "P2": ["DEAD_END t1"], "P3": ["DEAD_END t2"]})
    play(state, "play DEAD_END t0 r0 @ (2,3)", "play DEAD_END t1 r0 @ (2,2)",
         "play DEAD_END t2 r0 @ (2,1)")
    assert state.outcome().why == Reason.of("shared", seats=(0, 1, 2), points=3)


def test_must_play_when_a_card_fits():
    state = position(["(6,5) ..## t0"], step="play", hands={"P1": ["CUP t0", "PRINCESS"], "P2": 2})
    assert code(state, "discard CUP t0") == "must_play"
    assert code(state, "play PRINCESS r0 @ (6,4)") == "not_a_box_card"
    assert code(state, "play OPEN t2 r0 @ (6,4)") == "not_in_hand"
    assert code(state, "play NOPE r0 @ (6,4)") == "unknown_card"


def test_e12_sleeping_fifth_cat_triggers_the_end():
    state = position(["(6,4) #.## t0", "(6,5) .### t0"], supply={"P1": 1}, deck=10)
    events = play(state, "sleep @ (6,4)")
    assert [e.kind for e in events] == ["cat", "end_phase"]
    assert state.end_phase and state.to_move == 1 and state.step == "play"


def test_e13_no_cat_in_supply_means_no_sleeping_or_awake_cat():
    state = position(["(6,4) #.## t0", "(6,5) .### t0", "(2,5) ..##"], supply={"P1": 0}, deck=10)
    assert code(state, "sleep @ (6,4)") == "no_cat_left"
    assert [m.kind for m in state.legal_moves()] == ["draw"]


def test_e16_e21_two_own_cats_and_a_princess():
    cards = ["(6,3) #.## t1", "(6,4) ..## t1", "(6,5) ..## t2", "(6,6) ..## t1",
             "(6,7) .### t0"]
    state = position(cards, ["P1@(6,3)", "PR@(6,5)"], players=3)
    box = box_at(state, 6, 3)
    assert box["cats"] == {"P1": 1, "P2": 0, "P3": 0} and box["princesses"] == 1
    assert code(state, "sleep @ (6,4)") == "covered"
    state2 = position(cards, ["P1@(6,3)", "P1@(6,5)"], players=3, to_move="P1")
    assert box_at(state2, 6, 3)["cats"]["P1"] == 2 and scores(state2)["P1"] == 5


def test_e17_e18_cats_on_start_cards_and_special_toys():
    state = position(["(6,5) ..## start"], step="play", hands={"P1": ["TOY t3", "CUP t0"], "P2": 2})
    play(state, "play TOY t3 r0 @ (6,4)")
    assert state.awake_positions() == [(6, 4)]
    play(state, "cat @ (6,4)")
    assert box_at(state, 6, 4)["toys"] == 3


def test_rule_38_empty_hands_are_skipped():
    state = position(["(6,5) ..## t0"], players=3, step="play", end_phase=True,
                     hands={"P1": ["CUP t0"], "P2": [], "P3": ["CUP t1"]}, deck=0)
    play(state, "play CUP t0 r0 @ (7,5)")
    assert state.to_move == 2


def test_analyse_shape():
    state = position(["(6,4) #.## t2", "(6,5) .### t1"], ["P1@(6,4)"], deck=3)
    result = state.analyse()
    assert result["game"] == "boxes" and result["to_move"] == "P1" and not result["over"]
    assert result["legal_moves"] == 1 + result["legal_moves_by"]["sleeping_cat"]
    assert set(result["legal_moves_by"]) >= {"card", "sleeping_cat", "princess", "discard"}
    box = result["detail"]["boxes"][0]
    assert set(box) >= {"cells", "toys", "closed", "never_closable", "cats", "leaders"}
