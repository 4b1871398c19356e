"""What a drag means to the rules, without a table: pieces are places in the sorted hand."""

from __future__ import annotations

from catgames.games.kotatsu.gestures import DISCARD_PILE, Cards, Edge, move_for, sorted_hand, targets
from catgames.games.kotatsu.hands import CATHOUSE, NEVER, HandValue
from catgames.games.kotatsu.moves import Discard, Play
from tests.games.kotatsu.helpers import position


def test_two_copies_of_one_card_are_two_places_and_one_play():
    state = position(2, {1: {"pairs": ["O", "G"]}}, hands={"P1": ["O2", "G1", "O2"]})
    hand = sorted_hand(state, 0)
    labels = [state.data.card_label[c] for c in hand]
    assert labels.count("O2") == 2                                  # two places, one label
    both = Cards(tuple(i for i, label in enumerate(labels) if label == "O2"))
    assert move_for(state, hand, both, Edge(0)) == Play(0, ("O2", "O2"))
    assert move_for(state, hand, both, DISCARD_PILE) is None      # one card is discarded at most
    assert move_for(state, hand, Cards((0,)), DISCARD_PILE) == Discard(labels[0])
    assert move_for(state, hand, Cards((3,)), Edge(0)) is None      # no such place in the hand
    assert sorted_hand(state, None) == []


def test_cards_add_and_put_back_in_hand_order():
    assert Cards((2,)).adding(0) == Cards((0, 2))
    assert Cards((0, 2)).without(0) == Cards((2,)) and Cards((1,)).without(1) is None


def test_targets_are_every_edge_while_playing_and_the_pile_while_discarding():
    playing = position(2)
    assert targets(playing) == [Edge(0), Edge(1), Edge(2)]
    discarding = position(2, {1: {"edges": {"P1": ["O1"]}}}, phase="discard", played_on=1,
                          options={"single_card_discard": True})
    assert targets(discarding) == [DISCARD_PILE]


def test_the_preview_asks_the_rules_what_a_play_would_make():
    state = position(2, {1: {"pairs": ["O", "G"], "edges": {"P1": ["O1"]}}},
                     hands={"P1": ["O2", "G1", "K3"]})
    # cats O G with O1 on the edge, plus O2 G1: three orange and two grey, every star ranks
    assert state.value_after(Play(0, ("G1", "O2"))) == HandValue(CATHOUSE, 4, 0, NEVER)
    assert state.value_after(Play(0, ("G1",))) is None                   # needs two more cards
    assert state.value_after(Play(0, ("G1", "G1"))) is None              # only one G1 in hand
    assert state.value_after(Play(1, ("K3",))) is not None
