"""A remote seat's update read back (``SeatUpdate.from_json``) is the update it was sent: every
game, seeded positions along the game to its end, every seat and the public view."""

from __future__ import annotations

import json
import random

import pytest

from catgames.core.rules import NOBODY
from catgames.core.runner import Runner
from catgames.core.seats import HumanSeat, SeatUpdate
from catgames.core.session import HUMAN, Match

GAMES = (("bed", 2), ("boxes", 3), ("days", 2), ("days", 3), ("kotatsu", 3), ("cathood", 2), ("cathood", 3))
PLIES = 400
EVERY = 7  #: plies between two positions read back (and the last one)


def sent(update: SeatUpdate) -> SeatUpdate:
    """``update`` as it reaches the other side: JSON text, parsed, read back."""
    return SeatUpdate.from_json(json.loads(json.dumps(update.to_json())))


def assert_same(back: SeatUpdate, update: SeatUpdate) -> None:
    assert back.to_json() == update.to_json()
    assert (back.events, back.log, back.outcome) == (update.events, update.log, update.outcome)
    assert back.outcome is None or back.outcome.detail == json.loads(json.dumps(update.outcome.detail))
    assert (back.seat, back.version, back.ply, back.to_move, back.my_turn) == \
        (update.seat, update.version, update.ply, update.to_move, update.my_turn)
    if update.my_turn:  # the seat decides from the view it was sent
        assert sorted(map(str, back.view.legal_moves())) == sorted(map(str, update.view.legal_moves()))


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_update_reads_back_as_sent(game_id: str, players: int, seed: int) -> None:
    match = Match.new(game_id, players, [HUMAN] * players, seed=seed, ai_seed=seed)
    runner = Runner(match, [HumanSeat() for _ in range(players)])
    runner.start()
    rng = random.Random(seed)
    checked = 0
    for ply in range(PLIES + 1):
        over = match.state.is_over()
        if ply % EVERY == 0 or over:
            for seat in (*range(players), NOBODY):
                assert_same(sent(runner.update_for(seat)), runner.update_for(seat))
            checked += 1
        if over:
            break
        runner.confirm_turn()
        seat = match.state.to_move
        assert runner.submit(seat, rng.choice(runner.update_for(seat).view.legal_moves())) is None
    assert match.state.is_over() and checked >= 3


def test_a_tuple_in_an_event_comes_back_a_tuple() -> None:
    """Kotatsu's played cards travel as a JSON list and are a tuple again (a table may key on it)."""
    match = Match.new("kotatsu", 2, [HUMAN, HUMAN], seed=3, ai_seed=3)
    runner = Runner(match, [HumanSeat(), HumanSeat()])
    runner.start()
    rng = random.Random(3)
    while not any(e.kind == "play" for e in runner.update_for(0).events):
        seat = match.state.to_move
        runner.submit(seat, rng.choice(runner.update_for(seat).view.legal_moves()))
    event = next(e for e in sent(runner.update_for(0)).events if e.kind == "play")
    assert isinstance(event.get("cards"), tuple) and hash(event.get("cards")) is not None
