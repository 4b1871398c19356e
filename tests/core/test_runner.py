"""The runner's whole loop with no display: every game, every seat mix, the same moves as before.

"As before" is the table's way of playing an AI seat (``BaseGameScene._drive_ai``): the worker
is asked with the seat's observation and ``Match.ai_request_seed()`` of the ply, and its answer
is checked and played by ``Match.play``.  ``played_directly`` plays a match that way, without
a runner; the runner must reach the very same moves.
"""

from __future__ import annotations

import random

import pytest

from catgames.core.rules import CHANCE
from catgames.core.runner import FINISHED, HANDOFF, PLAYED
from catgames.core.seats import HumanSeat, ScriptSeat
from catgames.core.session import HUMAN
from catgames.core.tutorial import Script, load_tutorial
from tests.core.seating import GAMES, SyncWorker, answer, new_match, played_directly, run_out, runner_for


@pytest.mark.parametrize("game_id,players", GAMES)
def test_all_ai_plays_the_moves_a_match_played_directly_plays(game_id: str, players: int) -> None:
    seats = ["ai:easy", "ai:normal", "ai:hard", "ai:easy"][:players]
    worker = SyncWorker()
    runner, changes = runner_for(new_match(game_id, players, seats, seed=3), worker)
    run_out(runner)
    moves = [t.move for t in runner.match.history if t.seat != CHANCE]
    assert moves == played_directly(new_match(game_id, players, seats, seed=3))
    # each question was the seat's observation, its level and the ply's seed: the table's
    # (a move the match plays by itself, Cathood's End turn after an AI's last disc, is not asked)
    replay = new_match(game_id, players, seats, seed=3)
    answered: list[tuple[int, str]] = []
    for asked in worker.requests:
        seat = replay.state.to_move
        assert asked == {"game": game_id, "state": replay.state.observe(seat).to_dict(),
                         "seat": seat, "difficulty": seats[seat][3:],
                         "seed": replay.ai_request_seed(), "patient": False}
        answered.append((seat, answer(game_id, asked["state"], seat, seats[seat][3:], asked["seed"])))
        replay.play(replay.game.parse_move(replay.state, answered[-1][1]))
    assert replay.moves == runner.match.moves
    played = [c for c in changes if c.kind == PLAYED]
    assert [(c.seat, c.move) for c in played] == answered and changes[-1].kind == FINISHED


@pytest.mark.parametrize("game_id,players", GAMES)
def test_a_human_against_the_ai_gets_the_replies_the_table_gave(game_id: str, players: int) -> None:
    seats = [HUMAN] + ["ai:easy"] * (players - 1)
    runner, _ = runner_for(new_match(game_id, players, seats, seed=5))
    run_out(runner, rng=random.Random(5))
    assert runner.match.state.is_over()
    replay = new_match(game_id, players, seats, seed=5)
    history = runner.match.history
    while len(replay.history) < len(history):  # the match plays chance and lone End turns itself
        turn = history[len(replay.history)]
        if turn.seat != 0:  # each AI reply is the one asked as before
            assert turn.move == answer(game_id, replay.state.observe(turn.seat).to_dict(), turn.seat,
                                       "easy", replay.ai_request_seed())
        replay.play(replay.game.parse_move(replay.state, turn.move))
    assert replay.state.to_dict() == runner.match.state.to_dict()


@pytest.mark.parametrize("game_id,players", GAMES)
def test_hot_seat_hands_the_device_on_where_something_is_hidden(game_id: str, players: int) -> None:
    runner, changes = runner_for(new_match(game_id, players, [HUMAN] * players, seed=2))
    runner.start()
    rng = random.Random(2)
    hidden = runner.match.game.has_hidden_information
    for _ in range(40):
        match = runner.match
        if match.state.is_over():
            break
        seat = match.state.to_move
        told = [c.seat for c in changes if c.kind == HANDOFF]
        if told:  # a hand-off goes to the seat to move, which the screen then shows
            assert told[-1] == seat or runner.hotseat.shown == seat
        if hidden:  # the screen shows whoever was handed the device (nobody's before)
            assert runner.private_seat() == runner.hotseat.shown
            assert runner.hotseat.shown in (seat, None)
        else:
            assert runner.private_seat() == seat  # nothing hidden: the mover's view
        assert runner.submit(seat, rng.choice(runner.update_for(seat).view.legal_moves())) is None
        runner.confirm_turn()
    handoffs = [c.seat for c in changes if c.kind == HANDOFF]
    if not hidden:
        assert handoffs == []
        return
    if game_id != "cathood":  # hands: every player was handed the device (Cathood hides its
        assert len(set(handoffs)) == players  # decks from all alike; only a fight's choice asks)
    assert all(a != b for a, b in zip(handoffs, handoffs[1:]))  # only ever to a new holder


def test_a_human_seat_is_played_only_through_submit() -> None:
    runner, _ = runner_for(new_match("bed", 2, [HUMAN, "ai:easy"]))
    runner.start()
    match = runner.match
    seat = match.state.to_move
    other = 1 - seat
    move = match.state.legal_moves()[0]
    assert runner.submit(other, move) is not None  # not that seat's turn
    if seat == 1:  # the AI's turn: a human cannot move for it
        assert runner.submit(1, move) is not None
        return
    assert runner.step(1.0) == []  # the runner never plays a human's move itself
    assert runner.submit(0, move) is None and match.history[-1].move == str(move)


def test_a_tutorial_script_plays_its_replies_through_a_script_seat() -> None:
    tutorial = load_tutorial("days")
    script = Script(tutorial)
    match = tutorial.new_match()
    player = tutorial.player

    def reply(update):  # the tutorial answers from what its seat sees
        return script.reply_text(update.view) if script.replying else None

    players = [HumanSeat() if s == player else ScriptSeat(reply) for s in range(match.players)]
    from catgames.core.runner import Runner

    runner = Runner(match, players)
    runner.start()
    for _ in range(200):
        if script.at_end:
            break
        if script.reading:
            script.next()
        elif script.awaiting_move:
            view = runner.update_for(player).view
            move = script.expected(view) or next(m for m in view.legal_moves() if script.allows(view, m))
            assert runner.submit(player, move) is None
            assert [c.seat for c in runner.changes() if c.kind == PLAYED] == [player]  # told at once
            script.moved(again=match.state.to_move == player)
        else:
            played = [c for c in runner.step(0.1) if c.kind == PLAYED]
            for change in played:
                assert change.seat != player and change.detail == ""  # the script's own move
                script.replied(again=runner.match.state.to_move != player)
    assert script.at_end
    assert any(t.seat != player for t in runner.match.history)  # the script did answer


@pytest.mark.parametrize("game_id", ["kotatsu", "boxes"])
def test_an_update_tells_the_events_of_the_last_move_only(game_id: str) -> None:
    """Each seat's update carries the events of the move just played (chance moves it drew
    included), as its log's last turns tell them; a runner over a match played before it (a
    resumed table) tells none until it plays one."""
    match = new_match(game_id, 2, [HUMAN, HUMAN])
    rng = random.Random(3)
    for _ in range(6):
        match.play(rng.choice(match.state.legal_moves()))
    runner, _ = runner_for(match)
    runner.start()
    assert all(runner.update_for(seat).events == () for seat in (0, 1))
    for _ in range(8):
        before = len(match.history)
        seat = match.state.to_move
        assert runner.submit(seat, rng.choice(match.state.legal_moves())) is None
        for viewer in (0, 1):
            update = runner.update_for(viewer)
            assert update.events == tuple(e for turn in update.log[before:] for e in turn.events)
            assert update.events and update.events[0].kind == update.log[before].events[0].kind
