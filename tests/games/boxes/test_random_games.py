"""Property tests over seeded random games of If It Fits, for 2 to 5 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from catgames.core.rules import NOBODY
from catgames.games.boxes.game import GAME
from catgames.games.boxes.rules import UNKNOWN, BoxesState
from catgames.games.boxes.grid import PRINCESS_OWNER
from tests.helpers import assert_legal_moves_round_trip, play_random as shared_play_random

OPTIONS = st.fixed_dictionaries({
    "table": st.sampled_from(["small", "standard", "large"]),
    "open_boxes": st.sampled_from(["none", "half", "full"]),
    "majority_tie": st.sampled_from(["all_full", "nobody"]),
})


def play_random(players: int, seed: int, options: dict | None = None) -> tuple[BoxesState, list]:
    return shared_play_random(GAME, players, seed, options)


def assert_conserved(state: BoxesState) -> None:
    data = state.data
    layout = state.layout
    drawn = Counter(k for k, *_ in layout.cards.values())
    starts = drawn.pop(data.start, 0)
    assert starts == state.n or (state.step == "start_row" and starts < state.n)
    drawn[data.princess] += sum(1 for o, _ in layout.cats.values() if o == PRINCESS_OWNER)
    drawn.update(state.discards)
    drawn.update(state.deck)
    for hand in state.hands:
        drawn.update(hand)
    assert drawn == Counter(data.pile)
    on_table = Counter(o for o, _ in layout.cats.values())
    for seat in range(state.n):
        assert state.supply[seat] + on_table[seat] == data.cats_per_player


def assert_geometry(state: BoxesState) -> None:
    layout, geo = state.layout, state.geo
    assert layout.occupied.bit_count() == len(layout.cards)
    assert all(0 <= s < geo.size for s in layout.cards)
    covered: list[int] = []
    for slot in layout.cats:
        assert slot in layout.cards and slot + geo.cols in layout.cards
        upper, lower = layout.cards[slot][2], layout.cards[slot + geo.cols][2]
        assert upper & 2 and lower & 1, "a cat crosses a wall"
        covered += [slot, slot + geo.cols]
    assert len(covered) == len(set(covered)), "two cats share a card"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_conserve_and_stay_on_the_table(players):
    for seed in range(4):
        state, trace = play_random(players, seed)
        for before, _, _ in trace[::7]:
            assert_conserved(before)
            assert_geometry(before)
        assert_conserved(state)
        assert_geometry(state)
        assert state.to_move == NOBODY and not any(state.hands) and state.end_phase
        out = state.outcome()
        result = state.score()
        assert out.scores == result.totals
        assert out.winner == result.winner


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5), options=OPTIONS)
def test_moves_parse_check_and_round_trip(seed, players, options):
    _, trace = play_random(players, seed, options)
    for before, move, _ in trace[::3]:
        legal = before.legal_moves()
        assert move in legal
        assert_legal_moves_round_trip(GAME, before)
        copy = before.clone()
        copy.apply(move)
        assert before.to_dict() != copy.to_dict() or move.kind == "skip"
        reloaded = GAME.state_from_dict(before.to_dict())
        assert reloaded.to_dict() == before.to_dict()
        assert reloaded.legal_moves() == legal


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5))
def test_observations_never_leak_and_determinizations_agree(seed, players):
    _, trace = play_random(players, seed)
    rng = random.Random(seed)
    for before, _, _ in trace[::5]:
        for seat in range(players):
            view = before.observe(seat)
            assert view.hands[seat] == before.hands[seat]
            assert all(set(h) <= {UNKNOWN} and len(h) == len(before.hands[s])
                       for s, h in enumerate(view.hands) if s != seat)
            assert set(view.deck) <= {UNKNOWN} and len(view.deck) == len(before.deck)
            assert view.seed == 0                            # the seed would replay the shuffle
            written = view.to_dict()
            assert all(written["hands"][n] in ([], 0) or isinstance(written["hands"][n], int)
                       for n in written["hands"]
                       if n != GAME.seat_names(players)[seat])
            world = view.determinize(seat, rng)
            assert world.hands[seat] == before.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in before.hands]
            assert len(world.deck) == len(before.deck)
            assert UNKNOWN not in world.deck and all(UNKNOWN not in h for h in world.hands)
            hidden = Counter(world.deck)
            real = Counter(before.deck)
            for s in range(players):
                if s != seat:
                    hidden.update(world.hands[s])
                    real.update(before.hands[s])
            assert hidden == real                       # exactly the cards seat cannot see
            assert world.layout.cats == before.layout.cats and world.supply == before.supply
            if world.to_move == seat:
                assert world.legal_moves() == before.legal_moves()


def test_seeded_games_replay_exactly():
    a, ta = play_random(3, 11)
    b, tb = play_random(3, 11)
    assert [str(m) for _, m, _ in ta] == [str(m) for _, m, _ in tb]
    assert a.to_dict() == b.to_dict()
