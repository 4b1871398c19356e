"""The host screen offers the game's options — the rows the local set-up screen shows for that
game (written once: ``new_game.option_rows``) — and the table made on a real server is dealt
with the options chosen there (issue 29)."""

from __future__ import annotations

import re
import time

import pytest

from catgames.core.catalogue import available_ids, load_game
from catgames.net.attendance import CLOCKS
from catgames.net.store import Store
from catgames.ui import i18n
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.scenes.online_host import GRACES, HostScene
from catgames.ui.scenes.online_invite import InviteScene
from catgames.ui.widgets import Choice
from tests.net.serving import running_server

WAIT_S = 60.0


def option_rows(scene, game_id: str) -> list[tuple[str, list[str], object]]:
    """Each option row of ``scene``: its name, its choices' words, its value."""
    names = {i18n.t(f"option.{game_id}.{opt.key}", **opt.facts) for opt in load_game(game_id).options()}
    return [(row.text, [words for _, words in row.options], row.value) for row in scene.rows.rows
            if isinstance(row, Choice) and row.text in names]


def host_scene(app, game_id: str, players: int) -> HostScene:
    scene = app.push(HostScene(app))
    scene._set_game(game_id)
    scene._set_players(players)
    app.run_frames(1)
    return app.stack.top


@pytest.mark.parametrize("game_id", available_ids())
def test_the_host_screen_offers_the_set_up_screens_option_rows(app, game_id):
    game = load_game(game_id)
    players = game.max_players
    host = host_scene(app, game_id, players)
    local = app.push(NewGameScene(app, game_id))
    local._set_players(players)
    app.run_frames(1)
    offered = option_rows(host, game_id)
    assert len(offered) == len(game.options()) > 0
    assert offered == option_rows(local, game_id)  # the same rows: names, choices, values


def test_the_table_is_made_with_the_options_chosen(app, tmp_path):
    with running_server(tmp_path / "server") as server:
        app.settings.server_address = server.url
        host = host_scene(app, "days", 2)
        [edition] = [row for row in host.rows.rows if isinstance(row, Choice)
                     and row.text == i18n.t("option.days.edition")]
        edition.choose([value for value, _ in edition.options].index("fr"))
        assert host.options["edition"] == "fr"
        host.start()
        deadline = time.monotonic() + WAIT_S
        while not isinstance(app.stack.top, InviteScene):
            assert time.monotonic() < deadline, [t.text for t in app.toasts.items]
            app.run_frames(1)
            time.sleep(0.01)
        table = app.stack.top.hosted.link.table
        store = Store(server.data)
        try:
            record = store.table(table)
        finally:
            store.close()
        assert record is not None and record.options["edition"] == "fr"
        assert record.options == {**load_game("days").default_options(), **host.options}


def test_a_seat_among_the_choices_is_named_as_the_table_names_it(app):
    """Who starts: "Player 1", not the rules' "P1" (the set-up screen's row is the same)."""
    host = host_scene(app, "days", 2)
    [first] = [row for row in host.rows.rows if isinstance(row, Choice)
               and row.text == i18n.t("option.days.first_player")]
    assert [words for _, words in first.options] == ["Random", "Player 1", "Player 2"]


@pytest.mark.parametrize("language", i18n.available_languages())
def test_a_waiting_time_keeps_its_number_with_its_unit(language):
    """"✓ 1" over "минута" was seen on the Russian host screen at 150 %: the grace and clock
    choices join a number to its unit with a no-break space, so a choice never wraps between."""
    try:
        i18n.set_language(language)
        words = [i18n.t(f"online.grace.{g}") for g in GRACES] + [i18n.t(f"online.clock.{c}") for c in CLOCKS]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert [w for w in words if re.search(r"\d ", w)] == []
    assert sum("\u00a0" in w for w in words) == len(GRACES) + len(CLOCKS) - 1  # all but "No clock"
