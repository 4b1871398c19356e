"""Property tests over seeded random games: every deck mode, 2 to 4 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from catgames.games.days.components import CANCEL, UNKNOWN, Choose
from catgames.games.days.game import GAME
from catgames.games.days.rules import DaysState

MODES = ("woof", "cat", "combined")
CASES = [(mode, players) for mode in MODES for players in (2, 3, 4)]
MAX_MOVES = 3000


def random_game(mode: str, players: int, seed: int):
    """Yield ``(before, move)`` along one random game, then the final state."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {"decks": mode}, seed)
    for _ in range(MAX_MOVES):
        if state.is_over():
            break
        move = rng.choice(state.legal_moves())
        yield state.clone(), move
        state.apply(move)
    assert state.is_over(), "the game did not end"
    yield state, None


def public(state: DaysState, seat: int) -> dict:
    doc = state.observe(seat).to_dict()
    return doc


@pytest.mark.parametrize("mode, players", CASES)
def test_random_games_end_and_conserve_cards(mode, players):
    for seed in range(6):
        for state, move in random_game(mode, players, seed):
            assert Counter(state.located()) == state.full
            if move is None:
                out = state.outcome()
                assert out is not None and len(out.scores) == players
                assert out.scores == tuple(state.analyse()["scores"].values())
                assert state.legal_moves() == []


@pytest.mark.parametrize("mode, players", CASES)
def test_moves_check_parse_and_round_trip(mode, players):
    for state, move in random_game(mode, players, 100 + players):
        if move is None:
            break
        for m in state.legal_moves():
            assert GAME.parse_move(state, str(m)) == m
            assert state.check(m) is None, (str(m), state.check(m))
        doc = state.to_dict()
        reloaded = GAME.state_from_dict(doc)
        assert reloaded.to_dict() == doc
        assert list(map(str, reloaded.legal_moves())) == list(map(str, state.legal_moves()))
        copy = state.clone()
        copy.apply(move)
        assert state.to_dict() == doc                       # the clone is independent


@pytest.mark.parametrize("mode, players", CASES)
def test_observations_hide_hands_and_deck_and_determinizations_agree(mode, players):
    rng = random.Random(players)
    for k, (state, move) in enumerate(random_game(mode, players, 200 + players)):
        if move is None or k % 3:
            continue
        for seat in range(players):
            view = state.observe(seat)
            assert view.hands[seat] == state.hands[seat]
            assert all(c == UNKNOWN for s in range(players) if s != seat for c in view.hands[s])
            assert [len(h) for h in view.hands] == [len(h) for h in state.hands]
            assert set(view.deck) <= {UNKNOWN} and len(view.deck) == len(state.deck)
            world = view.determinize(seat, rng)
            assert Counter(world.located()) == state.full
            assert public(world, seat) == public(state, seat) | {"seed": 0, "shuffles": 0}
            assert world.to_dict()["weeks"] == state.to_dict()["weeks"]
            assert [str(m) for m in world.legal_moves()] == [str(m) for m in state.legal_moves()] \
                or world.to_move != seat


def test_an_observation_does_not_depend_on_what_is_hidden():
    state = GAME.new_state(2, None, 5)
    other = state.clone()
    # give P2 a different hand, consistent with what P1 sees: swap it with the top of the deck
    k = len(other.hands[1])
    other.hands[1], other.deck[-k:] = other.deck[-k:], other.hands[1]
    assert other.hands[1] != state.hands[1]
    assert state.observe(0).to_dict() == other.observe(0).to_dict()


@pytest.mark.parametrize("mode", MODES)
def test_cancel_takes_a_card_back_untouched(mode):
    cancelled = 0
    for seed in range(12):
        for state, move in random_game(mode, 2, 300 + seed):
            if move is None or state.pending is None or not isinstance(move, Choose):
                continue
            before = state.clone()
            state.apply(CANCEL)
            assert state.pending is None and state.to_move == before.to_move
            assert Counter(state.hands[state.turn]) == Counter(before.hands[before.turn]) + \
                Counter([before.pending[0]])
            cancelled += 1
    assert cancelled > 5
