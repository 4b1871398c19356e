"""The shared position reader: one error type for every game, located messages, unseen cards
dealt in order from the seed."""

from __future__ import annotations

import random

import pytest

from catgames.core.data import DataError
from catgames.core.position import PositionError, PositionNode, deal_unseen, position_node
from catgames.games import available_ids, load_game


def node(value: object) -> PositionNode:
    return PositionNode(value, "", ())


def test_errors_name_the_key_path_without_a_file():
    doc = node({"hands": {"P1": ["a", 7]}})
    with pytest.raises(PositionError) as err:
        doc["hands"]["P1"].list()[1].str()
    assert str(err.value) == "hands.P1.1: expected text, got int 7"
    assert isinstance(err.value, DataError) and isinstance(err.value, ValueError)


def test_a_key_that_is_not_short_printable_text_stays_one_line():
    doc = node({"bell\x07and\nnew line": 3, "x" * 60: 4})
    messages = [str(value.fail("x")) for _, value in doc.items()]
    assert all("\n" not in m for m in messages)
    assert messages[0].startswith("'bell\\x07and\\nnew line': ")
    assert len(messages[1]) < 60


def test_null_and_missing_keys_read_as_absent():
    doc = node({"seed": None, "hands": None})
    assert doc.opt("seed", 4).int() == 4 and doc.opt("turn", "P2").str() == "P2"
    assert doc.opt("seed", 4).where == "seed"
    assert list(doc.opt("hands").items()) == []
    assert doc.opt("cards").list() == []
    with pytest.raises(PositionError, match="seed: expected a whole number, got nothing"):
        doc["seed"].int()


def test_seats_are_read_by_name_and_an_unknown_seat_key_is_refused():
    names = ["P1", "P2"]
    doc = node({"to_move": "P2", "hands": {"P2": [], "P1": ["x"]}, "bad": {"P3": []}})
    assert doc["to_move"].seat(names) == 1
    assert [(s, n.where) for s, n in doc["hands"].by_seat(names)] == [(1, "hands.P2"),
                                                                     (0, "hands.P1")]
    with pytest.raises(PositionError, match="bad: unknown seat 'P3'; expected one of P1, P2"):
        doc["bad"].by_seat(names)


def test_a_list_may_be_bounded_above():
    with pytest.raises(PositionError, match="hand: has 3 items, expected at most 2"):
        node({"hand": [1, 2, 3]})["hand"].list(max_length=2)


def test_unseen_cards_are_dealt_in_order_and_the_rest_returned():
    hand, deck = [5, -1, -1], [-1, 6]
    rest = deal_unseen(node({}), [hand, deck], [10, 11, 12, 13], -1)
    assert (hand, deck, rest) == ([5, 10, 11], [12, 6], [13])


def test_the_pool_is_shuffled_only_when_a_card_is_unseen():
    rng = random.Random(3)
    before = rng.getstate()
    pool = [1, 2, 3, 4, 5, 6]
    assert deal_unseen(node({}), [[7, 8]], pool, -1, rng.shuffle) == [1, 2, 3, 4, 5, 6]
    assert rng.getstate() == before
    hand = [-1, -1]
    rest = deal_unseen(node({}), [hand], pool, -1, random.Random(3).shuffle)
    shuffled = [1, 2, 3, 4, 5, 6]
    random.Random(3).shuffle(shuffled)
    assert hand + rest == shuffled


def test_too_few_cards_for_the_unseen_ones_is_an_error_at_the_node():
    with pytest.raises(PositionError, match=r"deck: 3 unseen cards \(\?\) but only 2 cards"):
        deal_unseen(node({"deck": []})["deck"], [[-1, -1, -1]], [1, 2], -1)


def test_a_position_must_be_a_mapping_of_its_game():
    with pytest.raises(PositionError, match=r"\(top level\): a bed position must be a mapping"):
        position_node(["game", "bed"], "bed")
    with pytest.raises(PositionError, match="game: expected 'bed', got 'days'"):
        position_node({"game": "days"}, "bed")


A_LIST = {"bed": "placements", "boxes": "cards", "days": "discard", "kotatsu": "deck",
          "cathood": "used"}   #: a field each game reads as a list


def test_every_game_refuses_a_bad_field_with_the_one_error_type():
    assert set(A_LIST) == set(available_ids())
    for game_id, key in A_LIST.items():
        game = load_game(game_id)
        doc = game.state_to_dict(game.new_state(game.min_players, None, 1))
        doc[key] = 5
        with pytest.raises(PositionError, match=f"^{key}: expected a list, got int 5$"):
            game.state_from_dict(doc)
