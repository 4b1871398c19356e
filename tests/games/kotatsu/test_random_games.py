"""Property tests over seeded random games for 2, 3 and 4 players: every game ends, components
are conserved, observations never leak, determinizations agree with their observation, and
clones, position files and move texts round-trip."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from catgames.games.kotatsu.components import kotatsu_data
from catgames.games.kotatsu.game import GAME
from catgames.games.kotatsu.rules import OVER, PICKING, UNKNOWN, KotatsuState
from tests.games.kotatsu.helpers import play_random

CASES = [(players, seed) for players in (2, 3, 4) for seed in range(3)]
OPTIONS = [None, {"single_card_discard": True, "scoring_mode": "illustrated"},
           {"one_pair_category": False, "collection_bonus_mode": "per_set", "coin_tie_mode": "max"}]


def assert_conserved(state: KotatsuState) -> None:
    data = state.data
    cards = [c for h in state.hands for c in h] + state.deck + state.discard
    cards += [c for edge in state.edges for e in edge for c in e]
    assert sorted(cards) == list(range(data.cards))
    cats = state.bag + [c for p in state.pairs for c, _ in p]
    cats += [c for pairs in state.collected for c, _, _ in pairs]
    assert sorted(cats) == list(range(data.cats))
    cushions = [cu for s in state.stacks for cu in s] + [cu for p in state.pairs for _, cu in p]
    cushions += [cu for pairs in state.collected for _, cu, _ in pairs]
    assert sorted(cu for cu in cushions if cu != data.blank) == list(range(data.blank))
    assert state.lucky_supply + state.lucky_bag + state.lucky_drawn == data.lucky_total
    for p in state.pairs:
        for c, cu in p:
            assert data.cushion_colour[cu] == data.cat_colour[c]


def legit_faces(state: KotatsuState, seat: int) -> set[int]:
    """Cushion ids ``seat`` has seen: its own, the ones it left as picker, both while picking;
    every collected one once the game is over (the final scores show them)."""
    faces = {cu for s, pairs in enumerate(state.collected) for _, cu, seer in pairs
             if s == seat or seer == seat or state.phase == OVER}
    if state.phase == PICKING and state.order[0] == seat:
        faces.update(cu for _, cu in state.pairs[state.pending])
    return faces


def assert_no_leak(state: KotatsuState, seat: int) -> None:
    view = state.observe(seat)
    assert view.seed == 0
    assert view.hands[seat] == state.hands[seat]
    assert all(c == UNKNOWN for s, h in enumerate(view.hands) if s != seat for c in h)
    assert [len(h) for h in view.hands] == [len(h) for h in state.hands]
    assert all(c == UNKNOWN for c in view.deck) and len(view.deck) == len(state.deck)
    assert view.discard == state.discard and view.edges == state.edges and view.bag == state.bag
    shown = {cu for s in view.stacks for cu in s} | {cu for p in view.pairs for _, cu in p}
    shown |= {cu for pairs in view.collected for _, cu, _ in pairs}
    shown = {cu for cu in shown if 0 <= cu < state.data.blank}
    assert shown <= legit_faces(state, seat)
    hands = view.to_dict()["hands"]
    assert all(set(hands[f"P{s + 1}"]) <= {"?"} for s in range(state.n) if s != seat)


def assert_determinization_agrees(state: KotatsuState, seat: int, rng: random.Random) -> None:
    view = state.observe(seat)
    world = state.determinize(seat, rng)
    assert_conserved(world)
    assert world.observe(seat).to_dict() == view.to_dict()
    again = view.determinize(seat, rng)                  # from the observation alone
    assert again.observe(seat).to_dict() == view.to_dict()
    if state.to_move == seat:
        assert world.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("players, seed", CASES)
def test_random_game_properties(players, seed):
    options = OPTIONS[seed % len(OPTIONS)]
    state, trace = play_random(players, seed, options)
    assert list(state.outcome().scores) == list(state.analyse()["scores"].values())
    rng = random.Random(seed)
    for i, (before, move, events) in enumerate(trace):
        assert_conserved(before)
        assert before.check(move) is None
        for m in before.legal_moves():
            assert GAME.parse_move(before, str(m)) == m
        if i % 3 == 0:
            for seat in range(players):
                assert_no_leak(before, seat)
                assert_determinization_agrees(before, seat, rng)
    assert_conserved(state)


@pytest.mark.parametrize("players", [2, 3])
def test_a_finished_games_observation_shows_every_collected_cushion(players):
    """The end-of-game breakdown lists every seat's cushions from a seat's view: the scores
    reveal them (the ``game_over`` event reveals to everyone), so the observation holds them."""
    state, trace = play_random(players, players)
    for seat in range(players):
        view = state.observe(seat)
        assert view.collected == state.collected
        assert [s.total for s in view.scores()] == [s.total for s in state.scores()]
        assert_no_leak(state, seat)
    before, _, _ = trace[-1]
    hidden = [cu for s, pairs in enumerate(before.observe(0).collected) if s for _, cu, _ in pairs]
    assert any(cu < 0 for cu in hidden)  # one move earlier, another seat's faces were hidden


@pytest.mark.parametrize("players, seed", CASES)
def test_clone_and_position_round_trip(players, seed):
    state, trace = play_random(players, seed + 10)
    for before, move, _ in trace[::4] + [(state, None, None)]:
        snapshot = before.to_dict()
        reloaded = GAME.state_from_dict(snapshot)
        assert reloaded.to_dict() == snapshot
        assert reloaded.analyse() == before.analyse()
        if move is not None:
            copy = before.clone()
            copy.apply(move)
            assert before.to_dict() == snapshot          # the clone is independent
            twin = GAME.state_from_dict(snapshot)
            assert [e.kind for e in twin.apply(move)] == [e.kind for e in before.clone().apply(move)]
            assert twin.to_dict() == copy.to_dict()      # the seed carries all future chance
    assert GAME.state_from_dict(state.to_dict()).outcome() == state.outcome()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_end_by_the_third_lucky_cat_and_pay_out_to_two_seats(players):
    resolutions = []
    for seed in range(8):
        state, trace = play_random(players, 100 + seed)
        assert state.end == "lucky"
        picks = [e for _, _, events in trace for e in events if e.kind == "pick"]
        receives = [e for _, _, events in trace for e in events if e.kind == "receive"]
        assert len(picks) == len(receives)
        resolutions.append(len(picks))
        assert sum(len(c) for c in state.collected) == 2 * len(picks)
    assert all(3 <= r <= 16 for r in resolutions)


def test_the_bag_contents_are_public_and_per_colour_counts_add_up():
    state = GAME.new_state(3, None, 4)
    detail = state.analyse()["detail"]
    data = kotatsu_data()
    on_tables = Counter(data.colour_ids[data.cat_colour[c]] for p in state.pairs for c, _ in p)
    assert all(detail["bag"][cid] + on_tables[cid] == 5 for cid in data.colour_ids)
    assert detail["lucky_cats"] == {"supply": state.lucky_supply, "bag": state.lucky_bag, "drawn": 0}
