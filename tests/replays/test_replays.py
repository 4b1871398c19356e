"""Every recorded game replays exactly: same states, legal moves, observations and outcome.

The recordings in ``data/`` were made by ``record.py`` before the table-framework refactor
(issue 12); if one fails, a change altered how a game plays.  The message names the first ply
that differs and which part of it.  A recording of an older ``moves_version`` of its game
replays with the moves its list leaves out (``Game.implied_move``: Cathood's ``end turn`` after
the last disc, which the rules of version 1 made by themselves), each folded into the move
before it, so every recorded ply is still checked.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from catgames.games import available_ids, load_game
from tests.replays import record
from tests.replays.recording import (FINGERPRINT_PARTS, Recording, fingerprint, load, names,
                                     outcome_of, plain)


@pytest.fixture(scope="module", params=names())
def recording(request) -> Recording:
    return load(request.param)


def first_difference(recorded: str, live: str) -> str:
    """Which parts of a ply's fingerprint changed, in words."""
    changed = [part for part, a, b in zip(FINGERPRINT_PARTS, recorded.split(), live.split())
               if a != b]
    return ", ".join(changed)


def replay(recording: Recording) -> None:
    """Play the recorded moves from a fresh state; ``AssertionError`` at the first difference."""
    game = load_game(recording.game)
    state = game.new_state(recording.players, recording.options, recording.seed)
    assert len(recording.plies) == len(recording.moves) + 1
    for ply, text in enumerate(recording.moves + [None]):
        live = fingerprint(state)
        assert live == recording.plies[ply], (
            f"{recording.name}: ply {ply} (before {text!r}): "
            f"{first_difference(recording.plies[ply], live)} differ")
        if ply in recording.states:
            assert plain(state.to_dict()) == recording.states[ply], f"{recording.name}: ply {ply}"
        if text is not None:
            assert not state.is_over(), f"{recording.name}: over before ply {ply}"
            move = game.parse_move(state, text)
            assert str(move) == text
            state.apply(move)
            implied = game.implied_move(state, recording.moves_version)
            if implied is not None:
                state.apply(implied)
    assert state.is_over()
    assert outcome_of(state) == recording.outcome, f"{recording.name}: the outcome differs"


def test_the_recording_replays_to_the_same_states_and_outcome(recording):
    replay(recording)


def test_a_replay_finds_the_first_ply_that_differs():
    """A recording tampered with as a rule change would show: each difference is caught."""
    good = load(names()[0])
    ply = len(good.moves) // 2
    state, legal, seen = good.plies[ply].split()
    for part, plies in (("state", f"{state[::-1]} {legal} {seen}"),
                        ("legal moves", f"{state} {legal[::-1]} {seen}"),
                        ("observations", f"{state} {legal} {seen[::-1]}")):
        bad = replace(good, plies=good.plies[:ply] + [plies] + good.plies[ply + 1:])
        with pytest.raises(AssertionError, match=f"ply {ply} .*: {part} differ"):
            replay(bad)
    scores = [s + 1 for s in good.outcome["scores"]]
    with pytest.raises(AssertionError, match="the outcome differs"):
        replay(replace(good, outcome={**good.outcome, "scores": scores}))
    last = max(good.states)
    with pytest.raises(AssertionError, match=f"ply {last}"):
        replay(replace(good, states={**good.states, last: {**good.states[last], "extra": 1}}))


def test_the_recordings_cover_every_game_and_are_the_ones_record_makes():
    assert names() == sorted(record.names_of(record.SET_UPS))
    stored = [load(name) for name in names()]
    assert {r.game for r in stored} == set(available_ids())
    for r in stored:
        set_up = record.SET_UPS[record.names_of(record.SET_UPS).index(r.name)]
        assert (r.game, r.players, r.options, r.seed) == (
            set_up.game, len(set_up.seats), set_up.options, set_up.seed)
        assert sorted(r.states) == sorted(record.sampled(len(r.moves)))
