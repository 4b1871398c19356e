"""Hard does not end the game empty-handed (issue 26): its fifth cat starts the end phase, and
a search that rewarded a finished draw like a lead kept threw away boxes it was building."""

from __future__ import annotations

import random

from catgames.ai.arena import unhurried
from catgames.ai.playout import sample_chance
from catgames.ai.presets import make_player
from catgames.core.rules import CHANCE, NOBODY
from catgames.games.boxes.ai import CAT_KINDS, HEURISTICS, leads_open_box, quick_value
from catgames.games.boxes.game import GAME

# From a game against ref:rusher (arena seed 900, game 1): P2 leads the one big box, 20 toys,
# but it is open on six sides; P2 has one cat left, so a sleeping cat now ends the game and
# nothing scores (0-0).  P1 has all five cats in supply: there is time to close the box.
LAST_CAT = {"game": "boxes", "players": 2, "seed": 26, "start_player": "P2", "to_move": "P2",
            "step": "turn", "deck": 44, "supply": {"P2": 1},
            "hands": {"P2": ["OPEN t0", "TOY t3"]},
            "cards": ["(4,0) ##.. t2", "(5,0) #.#. t1", "(2,1) .... t1", "(3,1) #... t0",
                      "(4,1) .... t2", "(5,1) #... t1", "(6,1) #.## t1", "(3,2) .... t3",
                      "(4,2) ...# t0", "(5,2) ..## t0", "(6,2) #.## t2", "(3,3) ##.. t0",
                      "(4,3) ...# t1", "(5,3) .... t3", "(6,3) #..# t0", "(4,4) ###. t0",
                      "(5,4) ##.. t0", "(6,4) ..#. t1", "(7,4) #.#. t0", "(6,5) ..## t0 start",
                      "(7,5) ..## t0 start", "(8,5) ##.. t1", "(6,6) .... t2", "(7,6) .... t1",
                      "(8,6) .#.# t2", "(6,7) .##. t2", "(7,7) .... t0", "(8,7) .#.# t1",
                      "(7,8) .##. t0", "(8,8) ..## t0", "(8,9) .##. t1", "(9,9) ##.# t1"],
            "cats": ["P2@(5,1) sleeping", "P2@(4,2)", "P2@(6,3) sleeping", "PR@(7,4)",
                     "P2@(6,5)", "PR@(8,8)"]}


def test_hard_keeps_its_last_cat_while_its_box_is_far_from_closed():
    state = GAME.state_from_dict(LAST_CAT)
    assert {m.kind for m in state.legal_moves()} == {"draw", "sleeping_cat"}
    ending = state.clone()
    ending.apply(GAME.parse_move(ending, "sleep @ (3,1)"))
    assert ending.end_phase
    hard = unhurried(make_player("boxes", "hard"))
    view = state.observe(1)
    chosen = [hard.choose(view, 1, random.Random(seed)).kind for seed in range(6)]
    assert chosen == ["draw"] * 6      # before the fix: two of six laid the last cat


def test_playouts_keep_the_last_cat_of_a_seat_that_leads_an_open_box():
    # a playout that throws the last cat down ends the game 0-0 on the box its owner keeps
    # building, and the search then sees nothing to lose in ending it now: before the fix
    # about half of these 12-move playouts did
    state = GAME.state_from_dict(LAST_CAT)
    state.apply(GAME.parse_move(state, "draw"))
    for seed in range(40):
        playout, rng = state.clone(), random.Random(seed)
        for _ in range(12):
            if playout.to_move == CHANCE:
                playout.apply_unchecked(sample_chance(playout, rng))
                continue
            if playout.to_move == NOBODY:
                break
            seat = playout.to_move
            move = HEURISTICS.rollout_move(playout, rng)
            assert move in playout.legal_moves()
            last = playout.supply[seat] == 1 and move.kind in CAT_KINDS
            assert not (last and leads_open_box(playout, seat))
            playout.apply_unchecked(move)
    assert leads_open_box(state, 1) and not leads_open_box(state, 0)


def test_a_seat_with_no_open_box_to_lead_lays_its_last_cat_in_playouts():
    # as a rusher does: with P2's cats taken off the table it leads no box, and the playouts
    # lay its last cat (a sleeping cat looks better than a draw)
    cats = [cat for cat in LAST_CAT["cats"] if not cat.startswith("P2")]
    state = GAME.state_from_dict({**LAST_CAT, "cats": cats})
    assert not leads_open_box(state, 1)
    laid = sum(HEURISTICS.rollout_move(state, random.Random(seed)).kind in CAT_KINDS
               for seed in range(20))
    assert laid > 0


def test_the_last_cat_is_not_credited_with_its_open_box():
    # laying it ends the game, so the 20-toy box at (3,1) has no time left to close; a cat
    # that is not the last is credited with the box's chance
    last = GAME.state_from_dict(LAST_CAT)
    cats = [cat for cat in LAST_CAT["cats"] if cat != "P2@(6,5)"]   # not in that box
    spare = GAME.state_from_dict({**LAST_CAT, "cats": cats, "supply": {"P2": 2}})
    move = GAME.parse_move(last, "sleep @ (3,1)")
    assert quick_value(last, move) < quick_value(spare, move)
