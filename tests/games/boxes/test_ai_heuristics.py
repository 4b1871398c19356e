"""The If It Fits evaluation knows the clock: cats in supply and open boxes count for less as
the game nears its end (spec section 8, tactics 1 and 2)."""

from __future__ import annotations

from catgames.games.boxes.ai import HEURISTICS, time_left
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import BoxesState


def test_time_left_falls_with_the_pile_and_the_emptiest_supply():
    state = GAME.new_state(3, seed=1)
    start = time_left(state)
    assert 0.0 < start <= 1.0
    state.deck = state.deck[: len(state.deck) // 2]
    halfway = time_left(state)
    assert halfway < start
    state.supply[2] = 1                  # seat 3 is one cat from ending the game
    assert time_left(state) < halfway
    state.end_phase = True
    assert time_left(state) == 0.0


def test_a_cat_more_or_less_in_supply_matters_less_late_in_the_game():
    early = GAME.new_state(2, seed=3)
    late = early.clone()
    late.deck = late.deck[:4]
    for state in (early, late):
        state.supply[0] -= 1             # seat 1 has one cat fewer than seat 2
    assert abs(HEURISTICS.evaluate(late, 0)) < abs(HEURISTICS.evaluate(early, 0))


# Issue 26: hard grew a box it could never close before a rival's rush to the fifth cat ended
# the game, left its own boxes open, and in three-player games closed a rival's box for them.
RUSHING_RIVAL = {"game": "boxes", "players": 2, "to_move": "P1", "step": "play", "seed": 26,
                 "start_player": "P1",
                 # P1: a box of 3 toys open only at the bottom of (6,5), and one of 4 toys open
                 # on four sides; P2: a closed box of 1 toy
                 "cards": ["(5,5) ..## t0 start", "(6,5) ..## t0 start", "(6,4) #.## t3",
                           "(7,5) ..#. t1", "(7,4) .... t3", "(5,4) #.## t1", "(5,6) .### t0"],
                 "cats": ["P1@(6,4)", "P1@(7,4)", "P2@(5,4)"],
                 "hands": {"P1": ["CUP t0", "SHAFT t0"]}}
FOUR_SIDES = (7, 4)


def rushing(rival_supply: int, rounds_played: int, **changes: object) -> BoxesState:
    """P2 has laid ``5 - rival_supply`` cats in ``rounds_played`` rounds (cards drawn)."""
    state = GAME.state_from_dict({**RUSHING_RIVAL, "supply": {"P2": rival_supply},
                                  "deck": 80 - 2 * 2 - 2 * rounds_played, **changes})
    assert isinstance(state, BoxesState)
    return state


def after(state: BoxesState, move: str) -> BoxesState:
    child = state.clone()
    child.apply(GAME.parse_move(child, move))
    return child


def open_term_without_cat(state: BoxesState, xy: tuple[int, int]) -> float:
    """The ``open`` feature of seat 0 once its cat at ``xy`` is taken off the table."""
    bare = state.clone()
    slot = bare.geo.slot(*xy)
    assert slot is not None and bare.layout.remove_cat(slot) == 0
    return HEURISTICS.features(bare, 0)[HEURISTICS.names.index("open")]


def test_closing_my_box_adds_to_the_evaluation_while_the_game_is_young():
    state = rushing(rival_supply=4, rounds_played=3, cats=["P1@(6,4)", "P2@(5,4)"])
    closed = after(state, "play CUP t0 r180 @ (6,6)")
    aside = after(state, "play CUP t0 r0 @ (4,5)")       # a new empty box, nothing else changes
    assert [(b.toys, b.counts) for b in closed.layout.boxes(2, closed.weights)
            if b.closed and b.counts[0]] == [(3, (1, 0))]
    assert HEURISTICS.evaluate(closed, 0) > HEURISTICS.evaluate(aside, 0)


def test_a_box_that_needs_more_caps_than_the_game_has_turns_is_worth_nothing():
    hurried = rushing(rival_supply=1, rounds_played=4)    # P2 lays a cat a turn: one round left
    slow = rushing(rival_supply=4, rounds_played=4)
    slot = hurried.geo.slot(*FOUR_SIDES)
    assert slot is not None
    box = hurried.layout.box(hurried.layout.region_of(slot), 2, hurried.weights)
    assert (box.open_sides, box.toys, box.counts) == (4, 4, (1, 0))
    index = HEURISTICS.names.index("open")
    assert HEURISTICS.features(hurried, 0)[index] > 0.0    # the box open on one side counts
    assert HEURISTICS.features(hurried, 0)[index] == open_term_without_cat(hurried, FOUR_SIDES)
    assert HEURISTICS.features(slow, 0)[index] > open_term_without_cat(slow, FOUR_SIDES)


THREE_SEATS = {"game": "boxes", "players": 3, "to_move": "P1", "step": "play", "seed": 26,
               "start_player": "P1",
               # P2 leads a 3-toy box open at the bottom of (6,5); P3 a closed box of 4 toys
               "cards": ["(5,5) ..## t0 start", "(6,5) ..## t0 start", "(7,5) ..## t0 start",
                         "(6,4) #.## t3", "(7,4) #.## t2", "(7,6) .### t2"],
               "cats": ["P2@(6,4)", "P3@(7,4)"], "hands": {"P1": ["CUP t0", "SHAFT t0"]},
               "deck": 60}


def test_closing_a_box_for_a_rival_who_is_not_the_leader_still_counts_against_me():
    state = GAME.state_from_dict(THREE_SEATS)
    for_p2 = after(state, "play CUP t0 r180 @ (6,6)")
    aside = after(state, "play CUP t0 r0 @ (4,5)")
    assert [(b.toys, b.counts) for b in for_p2.layout.boxes(3, for_p2.weights) if b.closed] == \
        [(3, (0, 1, 0)), (4, (0, 0, 1))]
    assert HEURISTICS.evaluate(aside, 0) > HEURISTICS.evaluate(for_p2, 0)


TWO_OPEN_BOXES = {"game": "boxes", "players": 2, "to_move": "P1", "step": "play", "seed": 26,
                  "start_player": "P1",
                  # P2 leads a 3-toy box open below (5,5), P1 one of 2 toys open below (6,5)
                  "cards": ["(5,5) ..## t0 start", "(6,5) ..## t0 start", "(5,4) #.## t3",
                            "(6,4) #.## t2"],
                  "cats": ["P2@(5,4)", "P1@(6,4)"], "hands": {"P1": ["CUP t0", "CUP t1"]},
                  "deck": 70}


def test_search_tries_walling_off_my_box_before_walling_off_a_rivals():
    """Hard weighs only its 14 best-looking moves a node: closing a box it leads must be among
    them (it is worth the box's toys), closing a rival's box must not look as good."""
    state = GAME.state_from_dict(TWO_OPEN_BOXES)
    ranked = [str(m) for m in HEURISTICS.candidates(state, state.legal_moves())]
    mine = [ranked.index(f"play {card} r180 @ (6,6)") for card in ("CUP t0", "CUP t1")]
    rivals = [ranked.index(f"play {card} r180 @ (5,6)") for card in ("CUP t0", "CUP t1")]
    assert max(mine) < min(rivals)
    assert min(mine) == 0


def test_a_leader_with_one_cat_left_can_keep_it_back_so_its_open_boxes_keep_their_time():
    """Issue 26: measured by its own last cat, hard counted its open boxes as lost and saw
    nothing to lose in ending the game itself; only the other seats can end it on a leader."""
    index = HEURISTICS.names.index("open")
    mine_last = rushing(rival_supply=4, rounds_played=4, supply={"P1": 1, "P2": 4})
    mine_three = rushing(rival_supply=4, rounds_played=4, supply={"P1": 3, "P2": 4})
    rivals_last = rushing(rival_supply=1, rounds_played=4, supply={"P1": 3, "P2": 1})
    open_mine = HEURISTICS.features(mine_last, 0)[index]
    assert open_mine == HEURISTICS.features(mine_three, 0)[index]
    assert open_mine > HEURISTICS.features(rivals_last, 0)[index] > 0.0
