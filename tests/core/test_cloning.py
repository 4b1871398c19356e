"""A declared clone copies every field of a state, each as deep as declared, and no other."""

from __future__ import annotations

import random

import pytest

from catgames.core.catalogue import available_ids, load_game
from catgames.core.cloning import declared_clone, declared_clones


class Box:
    __slots__ = ("name", "flat", "grid", "cube", "pair", "inner", "rng")
    clone = declared_clone(shared=("name",), copied=("flat",), nested=("grid",), twice_nested=("cube",),
                           two_lists=("pair",), cloned=("inner",), reset=("rng",))


class Inner:
    def __init__(self) -> None:
        self.copies = 0

    def clone(self) -> "Inner":
        self.copies += 1
        return Inner()


def test_each_field_is_copied_as_deep_as_declared() -> None:
    box = Box()
    box.name, box.flat, box.grid, box.cube = ("cat",), [1, 2], [[1], [2]], [[[1]], [[2]]]
    box.pair, box.inner, box.rng = [[1], [2]], Inner(), random.Random(1)
    copy = box.clone()
    assert copy.name is box.name and copy.rng is None and box.inner.copies == 1
    assert (copy.flat, copy.grid, copy.cube, copy.pair) == (box.flat, box.grid, box.cube, box.pair)
    copy.flat.append(3)
    copy.grid[0].append(3)
    copy.cube[0][0].append(3)
    copy.pair[1].append(3)
    assert box.flat == [1, 2] and box.grid == [[1], [2]] and box.cube == [[[1]], [[2]]]
    assert box.pair == [[1], [2]]


def test_a_field_named_twice_or_not_a_name_is_refused() -> None:
    with pytest.raises(ValueError):
        declared_clone(shared=("a",), copied=("a",))
    with pytest.raises(ValueError):
        declared_clone(shared=("a = 1; b",))


class Hand:
    __slots__ = ("name", "cards", "deck")
    clone, unmasked = declared_clones(masked=("deck",), shared=("name",), copied=("cards", "deck"))


def test_an_observations_clone_leaves_out_what_it_masks() -> None:
    hand = Hand()
    hand.name, hand.cards, hand.deck = "cat", [1, 2], [3, 4]
    view = hand.unmasked()
    assert view.name == "cat" and view.cards == [1, 2] and view.cards is not hand.cards
    assert not hasattr(view, "deck")  # left for observe to write masked
    assert hand.clone().deck == [3, 4]
    with pytest.raises(ValueError):
        declared_clones(masked=("hand",), copied=("cards",))


def slots(cls: type) -> set[str]:
    return {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}


@pytest.mark.parametrize("game_id", available_ids())
def test_every_slot_of_a_game_state_is_declared(game_id: str) -> None:
    game = load_game(game_id)
    state = game.new_state(game.min_players, None, 3)
    assert state.clone.fields == slots(type(state))


@pytest.mark.parametrize("game_id", available_ids())
def test_a_clone_plays_on_apart_from_its_original(game_id: str) -> None:
    game = load_game(game_id)
    rng = random.Random(5)
    state = game.new_state(game.max_players, None, 5)
    for _ in range(15):
        if state.is_over():
            break
        state.apply_unchecked(rng.choice(state.legal_moves()))
    before = state.to_dict()
    copy = state.clone()
    assert copy.to_dict() == before and type(copy) is type(state)
    for _ in range(15):
        if copy.is_over():
            break
        copy.apply_unchecked(rng.choice(copy.legal_moves()))
    assert state.to_dict() == before
