"""What an online table and the host's invite screen say of the other seats, as a play-test of
online play found them wanting (issue 29): the list of players agrees with the header on a seat
away, the words of a seat away never cover the board, the table's menu does not say "Paused"
where nothing pauses, and the invite screen stops offering the code of a seat a friend took.
No network: the table's lines are canned (``canned_table``), the invite's seats are a fake."""

from __future__ import annotations

from typing import Any

import pytest

from catgames.net.links import TableLink
from catgames.net.lobby import Hosted
from catgames.ui.online.table import YOUR_TURN_S
from catgames.ui.scenes.online_invite import InviteScene
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.table.layout import BOARD_RECT, LOG_RECT
from tests.ui.canned_table import TOKEN, CannedTable, mid_game, open_canned_table
from tests.ui.layout import layout_app, marks_of, open_table, problems, whole_frame_marks

#: each presence worth saying, with the header's words and the list of players' kind for it
SAID = [("reconnecting", "reconnecting…", "reconnecting…"),
        ("stand_in", "away, the AI plays for now", "away (AI for now)"),
        ("open", "seat still free (invite code)", "free seat")]


def texts(app: Any) -> list[str]:
    return [mark.text for mark in whole_frame_marks(app)]


@pytest.mark.parametrize("presence,header,kind", SAID)
def test_the_players_list_says_what_the_header_says_of_a_seat(catgames_home, presence, header, kind):
    app = layout_app("en", 1.0)
    table = open_canned_table(app, CannedTable(mid_game("kotatsu", 2, 4), ["here", presence]))
    drawn = texts(app)
    assert any(header in text for text in drawn)  # in the header, or over the log
    assert table.seat_kind(1) == f"remote_{presence}" and kind in drawn and "Player online" not in drawn
    assert table.seat_kind(0) == "human"


def test_a_seat_back_reads_as_a_player_online_again(catgames_home):
    app = layout_app("en", 1.0)
    canned = CannedTable(mid_game("kotatsu", 2, 4), ["here", "stand_in"])
    table = open_canned_table(app, canned)
    canned.presence = ["here", "here"]
    canned.tell()
    app.run_frames(2)
    assert table.seat_kind(1) == "remote" and "Player online" in texts(app)
    assert table.presence_chip is None and table.presence_note is None


@pytest.mark.parametrize("language,scale", [("en", 1.0), ("ru", 1.5)])
def test_seats_away_are_said_over_the_log_never_over_the_board(catgames_home, language, scale):
    """Four seats, three still free: their words do not fit the header, and go over the game
    log (once drawn over the board, they covered Kotatsu's bag counts and Days' weeks)."""
    app = layout_app(language, scale)
    found = []

    def three_seats_free(app: Any) -> None:
        found.append(open_canned_table(app, CannedTable(mid_game("days", 4, 6), ["here", "open", "open", "open"])))
        found[0].update(YOUR_TURN_S)  # "your turn" said

    assert problems(marks_of(app, three_seats_free)) == []
    table = found[0]
    assert table.presence_note is not None and table.presence_chip is None
    note = table.presence_note[1]
    assert not note.colliderect(BOARD_RECT) and LOG_RECT.contains(note)
    assert table.log_panel.rect.top >= note.bottom and table.log_panel.rect.bottom == LOG_RECT.bottom


def test_the_menu_of_an_online_table_does_not_say_paused(catgames_home):
    app = layout_app("en", 1.0)
    table = open_canned_table(app, CannedTable(mid_game("bed", 2, 4), ["here", "here"]))
    app.push(PauseScene(app, table))
    online = texts(app)
    assert "Table menu" in online and "Back to the table" in online and "Paused" not in online
    app.stack.pop_until(lambda scene: False)
    app.push(PauseScene(app, open_table(app, "bed")))
    local = texts(app)
    assert "Paused" in local and "Resume" in local and "Table menu" not in local


class Lines:
    """The host's seats as the invite screen reads them: ``presence`` as the test sets it."""

    presence: tuple[str, ...] = ()

    def __init__(self, link: TableLink) -> None:
        self.steps = 0

    def step(self, dt: float) -> None:
        self.steps += 1

    def close(self) -> None:
        pass


def test_the_invite_screen_shows_a_seat_taken_and_offers_its_code_no_more(catgames_home):
    app = layout_app("en", 1.0)
    link = TableLink("ws://127.0.0.1:9", "t", "cathood", {0: TOKEN}, "", "S8K26BJT")
    scene = app.push(InviteScene(app, Hosted(link, {1: "K7M2XQ9P", 2: "ABCD2345"}), own=True, take_seats=Lines))
    app.run_frames(1)
    assert {"K7M2-XQ9P", "ABCD-2345"} <= set(texts(app))
    scene.seated.presence = ("here", "here", "open", "here")  # a friend took seat 1
    app.run_frames(1)
    assert scene.seated.steps >= 2  # its lines are read every frame
    drawn = texts(app)
    assert "K7M2-XQ9P" not in drawn and "Code for Player 2" not in drawn and "✓ At the table" in drawn
    assert "ABCD-2345" in drawn and "Code for Player 3" in drawn
    scene.seated.presence = ("here", "stand_in", "open", "here")  # and left: the AI stands in
    app.run_frames(1)
    drawn = texts(app)
    assert "K7M2-XQ9P" not in drawn and "away (AI for now)" in drawn
