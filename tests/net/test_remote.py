"""``RemoteRunner`` against a real server process on loopback: whole games of every title
played by two windows (and by two players sharing one window, hot-seat inside an online
table), each update shown equal to the server runner's for that seat and private; undo inside
one's turn, a refused move, presence, an emote, a window closed and reopened, a rematch."""

from __future__ import annotations

import pytest

from catgames.core.rules import NOBODY, Reason
from catgames.core.runner import FINISHED, HANDOFF, PLAYED, REPLACED, UNDONE
from catgames.net.remote import CAUGHT_UP, EMOTE, PRESENCE, REFUSED, REMATCH
from tests.net.remote_tables import make_table, open_window, play_out, replay_checks, run_until
from tests.net.serving import running_server

GRACE_S = 0.5


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # a test plays faster than a person: the rate limit is raised so it never closes a line
    with running_server(tmp_path_factory.mktemp("remote"), "--grace", str(GRACE_S),
                        "--tables-per-hour", "1000", "--rate", "1000") as running:
        yield running


def close_all(*windows):
    for window in windows:
        window.runner.close()


def played_turns(window, seat):
    """The turns made by seats (chance aside) since the window's first update, as (seat, move)."""
    first = window.seen[0].ply
    return [(t.seat, t.move) for t in window.runner.update_for(seat).log[first:] if t.seat >= 0]


GAMES = [("bed", ["human", "human"]), ("boxes", ["human", "human", "ai:easy"]), ("days", ["human", "human"]),
         ("kotatsu", ["human", "ai:easy", "human"]), ("cathood", ["human", "human"])]


@pytest.mark.parametrize("game,kinds", GAMES)
def test_two_windows_play_a_whole_game_each_seeing_only_its_seat(server, game, kinds):
    link, tokens = make_table(server.url, game, kinds)
    windows = [open_window(link, {seat: token}) for seat, token in sorted(tokens.items())]
    try:
        play_out(windows, seed=len(game))
        for window, seat in zip(windows, sorted(tokens)):
            assert window.runner.update_for(seat).outcome is not None
            assert window.kinds(FINISHED) == [window.kinds(PLAYED, FINISHED)[-1]]  # once, after the last move
            # every move was told as it was shown (PLAYED, or caught up with when the server sent
            # only the position after it): the changes are the log
            assert [(c.seat, c.move) for c in window.kinds(PLAYED, CAUGHT_UP)] == played_turns(window, seat)
            assert window.runner.update_for(NOBODY).seat == NOBODY
            # a seat another player plays is told as remote, this window's own as human
            assert [k for s, k in enumerate(window.runner.update_for(seat).seats) if k in ("human", "remote")] == \
                ["human" if s == seat else "remote" for s, k in enumerate(kinds) if k == "human"]
        assert replay_checks(server.data, link.table, windows) == []
    finally:
        close_all(*windows)


@pytest.mark.parametrize("game", ["kotatsu", "days"])
def test_two_players_sharing_one_window_hand_the_device_over(server, game):
    """Hot-seat inside an online table: both seats' tokens in one link, a hand-off each time the
    device must change hands, the screen showing the hand of the seat it was handed to."""
    link, tokens = make_table(server.url, game, ["human", "human"])
    window = open_window(link, tokens)
    handed = []
    try:
        run_until([window], lambda: window.runner.ready, "the first updates")
        handed += [c.seat for c in window.runner.start()]
        window.changes.clear()
        play_out([window], seed=7, plies=12)
        handed += [c.seat for c in window.kinds(HANDOFF)]
        assert len(handed) >= 6 and set(handed) == {0, 1}
        runner = window.runner
        to_move = runner.update_for(NOBODY).to_move
        assert runner.private_seat() == to_move == handed[-1]
        # each seat's update is its own, and what one seat holds is hidden in the other's
        assert runner.update_for(0).seat == 0 and runner.update_for(1).seat == 1
        assert runner.update_for(0).view.to_dict() != runner.update_for(1).view.to_dict()
        assert len([c for c in window.changes if c.kind == EMOTE]) == 0
        assert replay_checks(server.data, link.table, [window]) == []
    finally:
        close_all(window)


def test_undo_inside_ones_turn_and_a_refused_move(server):
    link, tokens = make_table(server.url, "cathood", ["human", "human"])
    windows = [open_window(link, {seat: token}) for seat, token in sorted(tokens.items())]
    try:
        run_until(windows, lambda: all(w.runner.ready for w in windows), "the first updates")
        waiting = [w for w in windows if not w.runner.is_local(w.runner.update_for(NOBODY).to_move)][0]
        assert waiting.runner.undo() == "nothing"  # not its turn: nothing of its own to take back
        undone = []

        def step_until_undoable():
            for window in windows:
                runner = window.runner
                seat = runner.update_for(NOBODY).to_move
                if runner.is_local(seat) and not runner.thinking and runner.behind == 0:
                    if runner.undo_refusal() is None:
                        ply = runner.update_for(NOBODY).ply
                        assert runner.undo() is None
                        undone.append((window, ply))
                        return
                    update = runner.update_for(seat)
                    assert runner.submit(seat, update.view.legal_moves()[0]) is None

        run_until(windows, lambda: bool(undone), "a step that can be taken back", step_until_undoable)
        undoer, before = undone[0]
        run_until(windows, lambda: all(w.kinds(UNDONE) for w in windows), "the undo shown at both windows")
        assert undoer.runner.update_for(NOBODY).ply < before
        mover = undoer.runner
        seat = mover.update_for(NOBODY).to_move

        class Nonsense:
            def __str__(self):
                return "nonsense move"

        assert mover.submit(seat, Nonsense()) == Reason.of("not_a_move")  # the rules' reason, here
        assert not mover.thinking  # nothing was sent
        assert mover.send_move(seat, "nonsense move") is None  # sent unjudged: the server refuses it
        run_until(windows, lambda: "bad_move" in [c.detail for c in undoer.kinds(REFUSED)], "the refusal")
        refused = [c.detail for c in undoer.kinds(REFUSED)]
        assert refused[-1] == "bad_move" and set(refused) <= {"stale", "bad_move"}  # a race may be stale
        assert not mover.thinking  # the refused move no longer waits for an answer
    finally:
        close_all(*windows)


def test_a_closed_window_is_shown_away_and_reopened_finds_its_table(server):
    link, tokens = make_table(server.url, "kotatsu", ["human", "human"])
    (seat_a, token_a), (seat_b, token_b) = sorted(tokens.items())
    stays, leaves = open_window(link, {seat_a: token_a}), open_window(link, {seat_b: token_b})
    back = None
    try:
        run_until([stays, leaves], lambda: stays.runner.presence == ("here", "here") and leaves.runner.ready,
                  "both seats here")
        leaves.runner.close()
        run_until([stays], lambda: stays.runner.presence[seat_b] == "reconnecting", "the seat shown reconnecting")
        run_until([stays], lambda: stays.runner.presence[seat_b] == "stand_in", "the stand-in after the grace")
        assert stays.kinds(PRESENCE)
        back = open_window(leaves.runner.link, leaves.runner.link.tokens)
        run_until([stays, back], lambda: back.runner.ready and stays.runner.presence[seat_b] == "here",
                  "the reopened window at its table")
        assert back.runner.update_for(seat_b).seat == seat_b
        assert back.runner.update_for(seat_b).log == stays.runner.update_for(NOBODY).log or \
            back.runner.update_for(seat_b).ply == stays.runner.update_for(NOBODY).ply
    finally:
        close_all(stays, *([back] if back else []))


def test_an_emote_reaches_every_window_once_and_a_rematch_rotates_the_seats(server):
    link, tokens = make_table(server.url, "bed", ["human", "human"])
    (seat_a, token_a), (seat_b, token_b) = sorted(tokens.items())
    asker = open_window(link, {seat_a: token_a})
    both = open_window(link, {seat_a: token_a, seat_b: token_b})  # a second screen holding both seats
    windows = [asker, both]
    try:
        run_until(windows, lambda: all(w.runner.ready for w in windows), "the first updates")
        assert asker.runner.emote("purr")
        run_until(windows, lambda: all(w.kinds(EMOTE) for w in windows), "the emote")
        assert [(c.seat, c.detail) for c in asker.kinds(EMOTE)] == [(seat_a, "purr")]
        assert [(c.seat, c.detail) for c in both.kinds(EMOTE)] == [(seat_a, "purr")]  # heard once
        assert not asker.runner.rematch()  # the game is not over
        play_out([both], seed=3)
        run_until(windows, lambda: asker.runner.update_for(NOBODY).outcome is not None, "the end at both")
        assert asker.runner.rematch()
        run_until(windows, lambda: bool(both.kinds(REMATCH)), "the rematch offered")
        assert both.runner.rematch_offered
        old = both.runner.link
        assert both.runner.rematch()
        # moved at once (the server had said where): until the new table's first position comes,
        # the old one's last stays shown, and everything the table reads still answers
        assert both.runner.link.table != old.table and not both.runner.ready
        assert both.runner.update_for(NOBODY).outcome is not None and both.runner.update_for(NOBODY).game_id == "bed"
        assert both.runner.private_seat() is None or both.runner.is_local(both.runner.private_seat())
        run_until(windows, lambda: all(w.kinds(REPLACED) and w.runner.ready for w in windows), "the new table")
        assert len(both.kinds(REPLACED)) == 1 and not both.runner.rematch()  # the new game is not over
        new = both.runner.link
        assert new.table != old.table and new.table == asker.runner.link.table
        assert new.tokens == {(s + 1) % 2: t for s, t in old.tokens.items()}  # seat i's player sits at i+1
        assert asker.runner.update_for((seat_a + 1) % 2).seat == (seat_a + 1) % 2
        assert asker.runner.update_for(NOBODY).ply < 3 and asker.runner.update_for(NOBODY).outcome is None
    finally:
        close_all(*windows)


def test_a_move_made_elsewhere_waits_for_the_pace_and_the_table(server):
    link, tokens = make_table(server.url, "bed", ["human", "human"])
    (seat_a, token_a), (seat_b, token_b) = sorted(tokens.items())
    first, second = open_window(link, {seat_a: token_a}, pace=5.0), open_window(link, {seat_b: token_b}, pace=5.0)
    try:
        run_until([first, second], lambda: first.runner.ready and second.runner.ready, "the first updates")
        mover = first if first.runner.is_local(first.runner.update_for(NOBODY).to_move) else second
        watcher = second if mover is first else first
        seat = mover.runner.update_for(NOBODY).to_move
        assert mover.runner.submit(seat, mover.runner.update_for(seat).view.legal_moves()[0]) is None
        run_until([mover], lambda: bool(mover.kinds(PLAYED)), "one's own move shown at once, pace or not")
        shown = watcher.runner.update_for(NOBODY).ply
        # held, only a move waits unshown (a presence change is shown at once)
        run_until([], lambda: (watcher.frame(0.0, hold=True), watcher.runner.behind > 0)[1], "the move arriving")
        watcher.frame(1.0, hold=True)
        watcher.frame(3.0)  # not held, but only 4 s of the pace of 5 have passed
        assert watcher.runner.update_for(NOBODY).ply == shown and not watcher.kinds(PLAYED)
        watcher.frame(10.0, hold=True)  # the pace has passed, but the table holds it (an animation)
        assert watcher.runner.update_for(NOBODY).ply == shown and not watcher.kinds(PLAYED)
        watcher.frame(0.0)
        assert [c.seat for c in watcher.kinds(PLAYED)] == [seat] and watcher.runner.behind == 0
    finally:
        close_all(first, second)
