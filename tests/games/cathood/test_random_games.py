"""Property tests over seeded random games of Cathood, for 2, 3 and 4 players."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from catgames.games.cathood.components import BUILDING_CARD, TOY
from catgames.games.cathood.game import GAME
from catgames.games.cathood.rules import UNKNOWN, CathoodState
from catgames.games.cathood.steps import HIDDEN, NO_CHOICE
from tests.helpers import assert_legal_moves_round_trip, play_random as shared_play_random

LAYOUTS = ("random", "first_game")


def play_random(players: int, seed: int, options: dict | None = None) -> tuple[CathoodState, list]:
    return shared_play_random(GAME, players, seed, options)


def assert_conserved(state: CathoodState) -> None:
    data = state.data
    for c, total in enumerate(data.supply):
        assert state.supply[c] + sum(cubes[c] for cubes in state.cubes) == total
        assert state.supply[c] >= 0
    capped = not state.todo or state.todo[-1][0] != "return"
    assert all(sum(cubes) <= data.cap for cubes in state.cubes) or not capped
    shape = data.seats[state.n]
    for s in range(state.n):
        assert state.placed_houses[s] == state.houses.count(s) <= shape.houses
        assert state.placed_statues[s] == state.statues.count(s) <= shape.statues
        assert len(state.toys[s]) + len(state.buildings[s]) == state.placed_houses[s]
    for kind in (TOY, BUILDING_CARD):
        owned = [c for board in (state.toys if kind == TOY else state.buildings) for c in board]
        held = state.rows[kind] + state.decks[kind] + owned
        held += [c for c in state.reserved if c >= 0 and data.cards[c].kind == kind]
        assert Counter(held) == Counter(data.deck_for(kind, state.n))
    parks = state.park_deck + [p for board in state.parks for p in board]
    assert sorted(parks) == sorted(data.park_deck(state.n))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_random_games_end_conserve_and_give_everyone_the_same_turns(players, layout):
    for seed in range(3):
        state, trace = play_random(players, seed, {"layout": layout})
        for before, _, _ in trace[::5]:
            assert_conserved(before)
        assert_conserved(state)
        assert state.round <= state.data.max_rounds
        turns = Counter(e.seat for _, _, events in trace for e in events if e.kind == "sleep")
        assert len(set(turns.values())) == 1 and len(turns) == players
        out = state.outcome()
        assert out.scores == tuple(s.total for s in state.scores())
        assert state.analyse()["winner"] is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moves_parse_check_and_positions_round_trip(players):
    _, trace = play_random(players, 100 + players, {"layout": "random"})
    for before, move, _ in trace[::4]:
        legal = before.legal_moves()
        assert move in legal
        assert_legal_moves_round_trip(GAME, before)
        copy = before.clone()
        copy.apply(move)
        assert before.to_dict() != copy.to_dict()
        written = before.to_dict()
        reloaded = GAME.state_from_dict(written)
        assert reloaded.to_dict() == written
        assert reloaded.legal_moves() == legal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_never_leak_and_determinizations_agree(players):
    _, trace = play_random(players, 200 + players, {"layout": "random"})
    rng = random.Random(players)
    for before, _, _ in trace[::3]:
        for seat in range(players):
            view = before.observe(seat)
            assert view.seed == 0
            for kind in (TOY, BUILDING_CARD):
                known = before.known[kind]
                assert view.decks[kind][:known] == before.decks[kind][:known]
                assert set(view.decks[kind][known:]) <= {UNKNOWN}
                assert len(view.decks[kind]) == len(before.decks[kind])
                assert view.rows == before.rows and view.reserved == before.reserved
            if before.committed != NO_CHOICE:
                mine = before.committer() == seat
                assert view.committed == (before.committed if mine else HIDDEN)
            world = view.determinize(seat, rng)
            assert world.committed in (NO_CHOICE, 0, 1, 2)
            if before.committed != NO_CHOICE and before.committer() == seat:
                assert world.committed == before.committed
            for kind in (TOY, BUILDING_CARD):
                assert sorted(world.decks[kind]) == sorted(before.decks[kind])
                assert world.decks[kind][:before.known[kind]] == before.decks[kind][:before.known[kind]]
            assert_conserved(world)
            assert world.to_move == before.to_move
            if world.to_move == seat:
                assert world.legal_moves() == before.legal_moves()


def test_seeded_games_replay_exactly():
    a, ta = play_random(3, 11, {"rps_auto": True})
    b, tb = play_random(3, 11, {"rps_auto": True})
    assert [str(m) for _, m, _ in ta] == [str(m) for _, m, _ in tb]
    assert a.to_dict() == b.to_dict()
    replay = GAME.new_state(3, {"rps_auto": True}, 11)
    for _, move, _ in ta:
        replay.apply(GAME.parse_move(replay, str(move)))
    assert replay.to_dict() == a.to_dict()
