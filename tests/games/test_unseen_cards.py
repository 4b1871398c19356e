"""A seat's view written to a file (unseen cards as ``?``, a hidden fight choice as ``hidden``)
reads back as one full game that the view allows: what the AI worker is handed."""

from __future__ import annotations

import random

import pytest

from catgames.games import load_game

UNKNOWN = -1  #: every game's in-state marker of a card its viewer cannot see


def mid_game(game_id: str, players: int, seed: int, plies: int):
    game = load_game(game_id)
    state, rng = game.new_state(players, None, seed), random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    return game, state


def cards_of(state) -> list[int]:
    hands = [c for hand in getattr(state, "hands", []) for c in hand]
    decks = getattr(state, "decks", None) or [getattr(state, "deck", [])]
    return hands + [c for deck in decks for c in deck]


@pytest.mark.parametrize("game_id", ["kotatsu", "days", "cathood"])
@pytest.mark.parametrize("plies", [3, 17, 40])
def test_a_view_reads_back_as_a_full_game_the_view_allows(game_id, plies):
    game, state = mid_game(game_id, 3, seed=plies, plies=plies)
    assert not state.is_over()
    seat = state.to_move if state.to_move >= 0 else 0
    view = state.observe(seat)
    back = game.state_from_dict(view.to_dict())
    assert UNKNOWN in cards_of(view) and UNKNOWN not in cards_of(back)
    assert back.observe(seat).to_dict() == view.to_dict()
    assert sorted(map(str, back.legal_moves())) == sorted(map(str, state.legal_moves()))
    for move in back.legal_moves():  # every one of them plays (a dealt fight choice included)
        back.clone().apply(move)


def test_a_hidden_fight_choice_reads_back_as_one_the_defender_could_have_made():
    from catgames.games.cathood.steps import HIDDEN, NO_CHOICE
    game = load_game("cathood")
    rng = random.Random(1)
    for seed in range(40):
        state = game.new_state(2, None, seed)
        while not state.is_over():
            view = state.observe(state.to_move)
            if view.committed == HIDDEN:
                back = game.state_from_dict(view.to_dict())
                assert back.committed not in (HIDDEN, NO_CHOICE)
                for move in back.legal_moves():
                    back.clone().apply(move)
                return
            state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no seeded game reached a hidden fight choice")


@pytest.mark.parametrize("game_id", ["kotatsu", "days", "boxes", "cathood"])
def test_the_public_view_shows_no_hand(game_id):
    from catgames.core.rules import NOBODY
    _, state = mid_game(game_id, 3, seed=5, plies=9)
    public = state.observe(NOBODY)
    assert all(c == UNKNOWN for hand in getattr(public, "hands", []) for c in hand)
    for seat in range(3):  # no seat's view holds a public thing the public view lacks
        assert state.observe(seat).observe(NOBODY).to_dict() == public.to_dict()
