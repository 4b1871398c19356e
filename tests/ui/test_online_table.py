"""The game's own table over a remote runner (SDL dummy, a real server process on loopback):
opened over a link, it shows the seat's position, plays a move through the server, says
"your turn", sends and shows an emote, shows a seat away, and is not dealt again."""

from __future__ import annotations

import time

import pytest

from catgames.net.remote import RemoteRunner
from catgames.ui.app import MAX_DT
from catgames.ui import i18n
from catgames.ui.online.open_table import ConnectingScene, open_online_table
from catgames.ui.online.table import OnlineTable
from tests.net.remote_tables import make_table, open_window
from tests.helpers import close_apps
from tests.net.serving import running_server
from tests.ui.layout import layout_app, marks_of, problems

WAIT_S = 60.0
STEP_S = MAX_DT  #: each frame a slow machine's longest one: a stage is walked through in a sixth of the frames


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with running_server(tmp_path_factory.mktemp("online_table"), "--grace", "0.3", "--tables-per-hour", "1000",
                        "--rate", "1000") as running:
        yield running


def frames_until(app, done, what, others=()):
    deadline = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < deadline, f"waited {WAIT_S} s for {what}"
        app.run_frames(1, STEP_S)
        for window in others:
            window.frame()
        time.sleep(0.002)


def open_table(app, link, tokens):
    open_online_table(app, link.__class__(link.url, link.table, link.game_id, dict(tokens)))
    assert isinstance(app.stack.top, ConnectingScene)
    frames_until(app, lambda: isinstance(app.stack.top, OnlineTable), "the table")
    return app.stack.top


@pytest.mark.parametrize("game", ["kotatsu", "days", "bed", "boxes", "cathood"])
def test_the_games_own_table_plays_online(app, server, game):
    link, tokens = make_table(server.url, game, ["human", "human"])
    (mine, my_token), (theirs, their_token) = sorted(tokens.items())
    other = open_window(link, {theirs: their_token})
    try:
        table = open_table(app, link, {mine: my_token})
        assert type(table).__name__.startswith("Online") and isinstance(table.feed, RemoteRunner) and table.local is None
        assert table.private_seat() == mine and table.viewer_seat() == mine
        assert table.seat_kind(mine) == "human" and table.feed.is_local(mine)
        frames_until(app, lambda: other.runner.ready, "the other window", [other])
        # its kind follows its presence: "reconnecting…" until the other window's line is there
        frames_until(app, lambda: table.seat_kind(theirs) == "remote", "the other seat shown here", [other])
        played = 0
        for _ in range(6):  # both seats move a few times; the table's moves go through the server
            frames_until(app, lambda: (table.public.to_move == mine and not table.thinking and table.remote.behind == 0)
                         or (other.runner.update_for(theirs).my_turn and not other.runner.thinking),
                         "a seat to move", [other])
            to_move = table.public.to_move
            if to_move == mine:
                assert table.your_turn > 0 or played == 0 and table.your_turn >= 0
                before = table.public.ply
                assert table.play_human(table.observed.legal_moves()[0])
                frames_until(app, lambda: table.public.ply > before, "the move back from the server", [other])
                played += 1
            else:
                other.runner.submit(to_move, other.runner.update_for(to_move).view.legal_moves()[0])
                before = table.public.ply
                frames_until(app, lambda: table.public.ply > before, "the other's move shown", [other])
        assert played >= 1 and table.log  # the log shows the moves, in words
        app.draw()
        table._emote("purr")
        frames_until(app, lambda: table.said is not None, "the emote's words", [other])
        assert "Purrr" in table.said[0]
        app.draw()
    finally:
        other.runner.close()
        app.stack.pop_until(lambda scene: False)


@pytest.mark.parametrize("game", ["days", "kotatsu"])
def test_a_seat_away_is_shown_and_a_finished_game_offers_a_rematch(app, server, game):
    """The server's stand-in answers at once under the tests' fixed AI work in these games (Bed's
    normal level, an alpha-beta search, takes that work as its depth and does not).  Kotatsu:
    its recap of a pick names the cat the server's event names, which the view read back may
    number otherwise (alike cats are written by their label)."""
    link, tokens = make_table(server.url, game, ["human", "human"])
    (mine, my_token), (theirs, their_token) = sorted(tokens.items())
    other = open_window(link, {theirs: their_token})
    try:
        table = open_table(app, link, {mine: my_token})
        frames_until(app, lambda: other.runner.ready and table.remote.presence[theirs] == "here", "both here", [other])
        other.runner.close()
        frames_until(app, lambda: table.remote.presence[theirs] == "stand_in", "the stand-in")
        app.draw()  # the line at the board's foot says so
        assert table.restart() is None and table.public.outcome is None  # no restart online: said instead
        assert any("cannot be dealt again" in toast.text for toast in app.toasts.items)
        for _ in range(300):  # play on (the stand-in answers) to the end
            frames_until(app, lambda: table.public.outcome is not None or
                         (table.public.to_move == mine and not table.thinking and table.remote.behind == 0),
                         "my turn or the end")
            if table.public.outcome is not None:
                break
            assert table.play_human(table.observed.legal_moves()[0])
        frames_until(app, lambda: type(app.stack.top).__name__ == "OnlineGameOver", "the game-over panel")
        assert [w.text for w in app.stack.top.widgets.widgets if hasattr(w, "move")][:2] == ["Title screen", "Rematch"]
        app.draw()
        back = open_window(link, {theirs: their_token})  # the other player is back, and asks for a rematch
        frames_until(app, lambda: back.runner.ready, "the other window back", [back])
        assert back.runner.rematch()
        frames_until(app, lambda: table.remote.rematch_offered, "the offer, heard under the panel", [back])
        back.runner.close()
        frames_until(app, lambda: table.remote.presence[theirs] != "here", "the other gone to the rematch")
        # the other player left for the rematch's table: not said as a line dropping
        assert table.presence_chip is None and table.presence_note is None
        old = table.remote.link.table
        app.stack.top._again()
        frames_until(app, lambda: table.remote.link.table != old and table.remote.ready
                     and table.public.outcome is None, "the rematch's table")
        assert app.stack.top is table and table.remote.link.tokens == {(mine + 1) % 2: my_token}
        assert table.private_seat() == (mine + 1) % 2 and table.public.ply < 3
        app.draw()
    finally:
        other.runner.close()
        app.stack.pop_until(lambda scene: False)


def test_a_table_whose_server_does_not_answer_says_so_and_goes_back(app):
    from catgames.net.client import Backoff
    from catgames.net.links import TableLink
    from catgames.net.remote import connect_line
    from tests.net.serving import free_port

    link = TableLink(f"ws://127.0.0.1:{free_port()}", "nowhere", "bed", {0: "0" * 32})
    scene = ConnectingScene(app, link, connect_line(Backoff(first_s=0.01, most_s=0.02, tries=3)))
    app.push(scene)
    frames_until(app, lambda: scene.failed, "the line giving up")
    assert scene.failure_text() == "The table's server does not answer. It may be switched off, or this computer " \
        "may be offline. Try again later: your seat is kept."
    assert [w.text for w in scene.widgets.focusable] == ["Back", "Try again"]
    app.draw()
    scene.back()
    assert app.stack.top is not scene


def test_a_server_not_reached_in_time_is_said_and_retry_finds_it_once_it_is_up(app, server):
    """The first try meets a switched-off server: given up on after the first contact's time
    (short here), said, and Retry (a click) opens the lines again and takes the seat."""
    from catgames.net.client import Backoff, NetClient
    from tests.net.serving import free_port
    from tests.ui.helpers import click

    link, tokens = make_table(server.url, "bed", ["human", "human"])
    mine = min(tokens)
    places = iter([f"ws://127.0.0.1:{free_port()}", server.url])  # switched off, then on
    backoff = Backoff(first_s=0.01, most_s=0.05, first_contact_s=0.3)
    scene = ConnectingScene(app, link.__class__(link.url, link.table, "bed", {mine: tokens[mine]}),
                            lambda url, intent: NetClient(next(places), intent, backoff=backoff).start())
    app.push(scene)
    try:
        frames_until(app, lambda: scene.failed, "the first try giving up")
        assert "does not answer" in scene.failure_text()
        app.draw()
        retry = next(w for w in scene.widgets.focusable if w.text == "Try again")
        click(app, retry.rect.center)
        assert not scene.failed
        frames_until(app, lambda: isinstance(app.stack.top, OnlineTable), "the table, on the second try")
        assert app.stack.top.private_seat() == mine
    finally:
        app.stack.pop_until(lambda scene: False)


def test_a_seat_here_asks_for_a_hint_at_an_online_table(server, catgames_home):
    """The Hint button is in the header as at a local table; pressed on one's turn, the hint
    (found by this computer's AI worker from the seat's own view) shows on the table."""
    from catgames.core.storage import Settings
    from catgames.ui.table.hint_view import HintButton
    from tests.helpers import new_app
    from tests.net.test_remote_hint import HandedWorker
    from tests.ui.helpers import click

    worker = HandedWorker()
    app = new_app(Settings(ai_speed="instant"), worker_factory=lambda: worker, seed=1)
    link, tokens = make_table(server.url, "kotatsu", ["human", "human"])
    (mine, my_token), (theirs, their_token) = sorted(tokens.items())
    other = open_window(link, {theirs: their_token})
    try:
        table = open_table(app, link, {mine: my_token})
        frames_until(app, lambda: other.runner.ready, "the other window", [other])
        if table.public.to_move != mine:
            other.runner.submit(theirs, other.runner.update_for(theirs).view.legal_moves()[0])
        frames_until(app, lambda: table.public.to_move == mine and table.human_can_act(), "my turn", [other])
        [button] = [w for w in table.buttons.widgets if isinstance(w, HintButton)]
        assert button.enabled
        click(app, button.rect.center)
        frames_until(app, lambda: table.hints.shown is not None, "the hint shown")
        assert table.hints.shown.move in table.observed.legal_moves()
        assert [(game, seat) for game, _, seat in worker.requests] == [("kotatsu", mine)]
        app.draw()
    finally:
        other.runner.close()
        app.stack.pop_until(lambda scene: False)


@pytest.mark.parametrize("language", i18n.available_languages())
def test_the_header_keeps_the_title_and_the_turn_clear_of_a_seat_away(server, catgames_home, language):
    """At 150 % text, the words of a seat away (the longest: the AI standing in) once covered the
    game's title and left no room for the turn's words: now no text of the table overlaps or
    passes its room, and the turn's words have room for a few letters at least."""
    link, tokens = make_table(server.url, "bed", ["human", "human"])
    mine = min(tokens)
    tables = []

    def table_with_a_seat_away(app):
        tables.append(open_table(app, link, {mine: tokens[mine]}))
        frames_until(app, lambda: "stand_in" in tables[-1].remote.presence, "the stand-in")

    try:
        app = layout_app(language, 1.5)
        found = problems(marks_of(app, table_with_a_seat_away))
        table = tables[-1]
        assert table.presence_chip is not None or table.presence_note is not None
        assert found == []
        title_right = 20 + min(360, app.canvas.text_size(i18n.game_title("bed"), 26, bold=True)[0])
        assert table.header_left - title_right > 150  # room for the turn: the swatch and some words
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
        close_apps()
