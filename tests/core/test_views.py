"""Every seat's view after a change is written with the part all of them show alike written once
(``core.position.SplitPosition``, ``Game.view_to_dict``): that part must not depend on the seat
observing, or one seat would be sent another's secrets.  Checked on seeded games of every game
and player count, at every position, for every seat and the spectator, whichever seat's view
was written first.  A table keeps the larger parts of its views from one move to the next
(``core.position.Kept``): what it writes so is what a view written afresh says."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from catgames.core.catalogue import load_game
from catgames.core.position import KEPT, Kept
from catgames.core.rules import NOBODY
from catgames.core.runner import Runner
from catgames.core.seats import HumanSeat
from catgames.core.session import HUMAN, Match

GAMES = ("bed", "boxes", "cathood", "days", "kotatsu")
EVERY = 3  #: plies between two positions checked


@pytest.mark.parametrize("game_id", GAMES)
def test_a_views_shared_part_is_the_same_for_every_seat(game_id: str) -> None:
    game = load_game(game_id)
    for players in range(game.min_players, min(game.max_players, 4) + 1):
        state, rng = game.new_state(players, None, players), random.Random(players)
        seats = (NOBODY, *range(players))
        for ply in range(10_000):
            if ply % EVERY == 0 or state.is_over():
                views = {seat: state.observe(seat) for seat in seats}
                for first in seats:
                    shared: dict[str, object] = {}
                    game.view_to_dict(views[first], shared)
                    for seat in seats:
                        assert game.view_to_dict(views[seat], shared) == views[seat].to_dict(), (players, ply, first, seat)
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_moves()))
        assert state.is_over()


@pytest.mark.parametrize("game_id", ("boxes", "cathood", "days", "kotatsu"))
def test_the_updates_of_one_change_write_their_shared_part_once(game_id: str) -> None:
    match = Match.new(game_id, 2, [HUMAN, HUMAN], seed=5, ai_seed=5)
    runner = Runner(match, [HumanSeat(), HumanSeat()])
    runner.start()
    for _ in range(6):
        runner.confirm_turn()
        runner.submit(match.state.to_move, random.Random(5).choice(match.state.legal_moves()))
    sent = [runner.update_for(seat).to_json() for seat in (0, 1, NOBODY)]
    alone = [replace(runner.update_for(seat), shared={}).to_json() for seat in (0, 1, NOBODY)]
    assert sent == alone  # what each is sent is its own view ...
    shared = [key for key, value in sent[0]["view"].items() if isinstance(value, (dict, list)) and value]
    assert shared and all(sent[0]["view"][k] is sent[1]["view"][k] is sent[2]["view"][k] for k in shared
                          if k not in ("hands", "collected", "kotatsu"))  # ... its shared part written once


def test_a_kept_part_is_written_again_once_its_sources_change() -> None:
    kept, hand, written = Kept(), [1, 2], []

    def write() -> list[int]:
        written.append(hand[:])
        return hand[:]
    assert kept.part("hand", write, hand) == [1, 2]
    assert kept.part("hand", write, [1, 2]) == [1, 2] and len(written) == 1
    hand.append(3)  # changed in place: the copy kept of its sources still says [1, 2]
    assert kept.part("hand", write, hand) == [1, 2, 3] and len(written) == 2
    assert kept.part("hand", write, [1, 2, 3]) == [1, 2, 3] and len(written) == 2


@pytest.mark.parametrize("game_id", GAMES)
def test_a_tables_kept_parts_write_each_view_as_written_afresh(game_id: str) -> None:
    game = load_game(game_id)
    for players in (game.min_players, game.max_players):
        state, rng, kept = game.new_state(players, None, players), random.Random(players), Kept()
        seats = (*range(players), NOBODY)
        for ply in range(10_000):
            views = {seat: state.observe(seat) for seat in seats}
            shared: dict[str, object] = {KEPT: kept}
            for seat in (seats if ply % 2 else seats[::-1]):
                assert game.view_to_dict(views[seat], shared) == views[seat].to_dict(), (players, ply, seat)
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_moves()))
