"""What a drop on the Woof Days / Cat Days table means to the rules (``gestures``, no pygame)."""

from __future__ import annotations

from catgames.games.days import gestures
from catgames.games.days.components import NO_POS, Discard, Play, touched_days
from catgames.games.days.gestures import DISCARD, DayTarget, HandCard
from tests.games.days.helpers import GAME, position


def held(state, card_id: str) -> HandCard:
    """The first card ``card_id`` in the hand of the seat to move."""
    hand = state.hands[state.to_move]
    i = [state.data.cards[c].id for c in hand].index(card_id)
    return HandCard(i, hand[i])


def test_a_day_with_one_play_makes_that_play():
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    staffie = held(state, "wd_staffie")
    move = gestures.move_for(state, staffie, DayTarget(0, 6))
    assert move == Play("wd_staffie", 0, 6) and state.check(move) is None


def test_an_illegal_day_makes_the_bare_play_the_rules_explain():
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    move = gestures.move_for(state, held(state, "wd_staffie"), DayTarget(0, 3))
    assert move == Play("wd_staffie", 0, 3, NO_POS)
    assert state.check(move).code == "wrong_day"


def test_a_stack_holding_several_choices_lists_them_and_its_day_is_legal():
    state = position({"P1": "", "P2": "Mon[Cur,Grp]"}, {"P1": "Laser", "P2": "Cur"}, decks="cat")
    laser = held(state, "cd_laser_pointer")
    plays = gestures.day_plays(state, laser, DayTarget(1, 0))
    assert sorted(m.pos for m in plays) == [0, 1]
    assert gestures.move_for(state, laser, DayTarget(1, 0)) in plays
    legal = set(state.legal_moves())
    lit = [t for t in gestures.targets(state) if gestures.move_for(state, laser, t) in legal]
    assert lit == [DayTarget(1, 0)]


def test_while_the_deck_is_rebuilt_the_only_target_is_the_discard_pile():
    state = position({"P1": "", "P2": ""}, {"P1": "Lab, Lab, Lab, Mix, Mix, Staf", "P2": "Lab"},
                     deck=[], discard=["wd_collie"])
    state.apply(GAME.parse_move(state, "draw"))
    assert state.refill == [0] and gestures.targets(state) == [DISCARD]
    assert gestures.move_for(state, held(state, "wd_staffie"), DISCARD) == Discard("wd_staffie")


def test_the_rules_say_where_a_card_mid_play_will_lie():
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Aus, Lab", "P2": "Lab"})
    assert state.pending_place() is None
    state.apply(GAME.parse_move(state, "play wd_australian_shepherd @ P1 Tue"))
    assert state.pending is not None and state.pending_place() == (0, 1)


def test_the_days_a_move_touched_are_read_from_its_events():
    state = position({"P1": "", "P2": "Mon[Cur,Grp]"}, {"P1": "Laser", "P2": "Cur"}, decks="cat")
    events = state.apply(GAME.parse_move(state, "play cd_laser_pointer @ P2 Mon:0"))
    assert (1, 0) in touched_days(events)
    assert touched_days([]) == []
