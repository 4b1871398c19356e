"""The Statistics, Past games and Replay screens: reached from the title and the game-over
screen, a finished table game is recorded once, and a replay steps through the game on its own
table, read-only, showing the full state."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core import stats
from catgames.core.session import Match
from catgames.games import available_ids, load_game
from catgames.ui import i18n
from catgames.ui.registry import scene_class
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.scenes.past_games import GameRow, PastGamesScene
from catgames.ui.scenes.replay import AUTOPLAY_SECONDS, ReplayScene
from catgames.ui.scenes.statistics import StatisticsScene
from catgames.ui.scenes.title import TitleScene
from tests.ui.helpers import click, hand_over, key
from tests.ui.layout import _finished

HIDDEN = [g for g in available_ids() if load_game(g).has_hidden_information]


def button(app, text: str):
    """The widget of the top scene showing ``text``."""
    (found,) = [w for w in app.stack.top.widgets.widgets if getattr(w, "text", None) == text]
    return found


def press(app, text: str) -> None:
    click(app, app.canvas.to_real(button(app, text).rect.center))


def record(match) -> None:
    stats.record_game(stats.record_of(match, match.seat_names))


def test_title_statistics_past_games_and_a_replay(app):
    record(_finished("bed", 2, 1))
    record(_finished("kotatsu", 2, 2))
    app.push(TitleScene(app))
    app.run_frames(3)
    press(app, i18n.t("stats.button"))
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene) and scene.tallies["all", "all"].played == 2
    press(app, i18n.t("past.title"))
    assert isinstance(app.stack.top, PastGamesScene)
    rows = [w for w in app.stack.top.widgets.widgets if isinstance(w, GameRow)]
    assert [r.record.game for r in rows] == ["kotatsu", "bed"]  # newest first
    click(app, app.canvas.to_real(rows[0].rect.center))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.match.game_id == "kotatsu"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PastGamesScene)


def test_a_game_finished_at_the_table_is_recorded_once_and_its_replay_opens(app):
    rng = random.Random(4)
    table = app.push(scene_class("bed")(app, Match.new("bed", 2, ["human", "human"], seed=9)))
    while not table.local.match.state.is_over():
        app.step([], 0.1)  # a tenth of a second to think over each move
        assert table.play_human(rng.choice(table.local.match.state.legal_moves()))
    for _ in range(120):
        app.step([], 1 / 60)
    assert table.stage.playing  # the scoring walked through on the bed: a key skips it
    key(app, pygame.K_SPACE)
    assert isinstance(app.stack.top, GameOverScene)
    (kept,) = stats.load_records().value.games
    assert kept.game == "bed" and kept.moves == len(table.local.match.history)
    assert kept.seconds == pytest.approx(0.1 * kept.moves, abs=0.1)
    assert [s.name for s in kept.seats] == table.seat_names
    press(app, i18n.t("replay.button"))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.match is table.local.match
    assert len(stats.load_records().value.games) == 1  # opening a replay records nothing


def test_the_replay_steps_back_and_forth_and_plays_by_itself(app):
    match = _finished("kotatsu", 2, 3)
    replay = ReplayScene.open(app, match)
    app.run_frames(2)
    table = replay.table
    assert table.read_only and not table.human_can_act() and len(table.local.match.history) == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.index == 2 and table.local.match.moves == match.moves[:2]
    assert table.local.match.state.to_dict() == replay.steps[2].state.to_dict()
    key(app, pygame.K_LEFT)
    assert replay.index == 1 and table.local.match.moves == match.moves[:1]
    press(app, i18n.t("replay.next"))
    assert replay.index == 2
    key(app, pygame.K_END)
    assert replay.index == replay.last and table.local.match.state.is_over()
    assert not button(app, i18n.t("replay.next")).enabled
    key(app, pygame.K_HOME)
    assert replay.index == 0 and not button(app, i18n.t("replay.previous")).enabled
    key(app, pygame.K_SPACE)
    assert replay.playing
    for _ in range(round(3 * AUTOPLAY_SECONDS * 60) + 2):
        app.step([], 1 / 60)
    assert replay.index == 3
    key(app, pygame.K_SPACE)
    assert not replay.playing
    assert table.worker is None and not table.ending  # no AI asked, no game-over screen


@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_replay_shows_what_was_hidden(app, game_id, monkeypatch):
    match = _finished(game_id, 2, 6)
    replay = ReplayScene.open(app, match)
    shown = []
    original = type(replay.table).make_seen
    monkeypatch.setattr(type(replay.table), "make_seen",
                        lambda self, view, private: shown.append(view) or original(self, view, private))
    hidden_somewhere = False
    for index in (replay.last // 2, replay.last):
        replay.go(index)
        app.run_frames(1)
        state = replay.table.local.match.state
        assert shown[-1].to_dict() == state.to_dict()  # the full position, hands and deck too
        hidden_somewhere |= state.observe(-2).to_dict() != state.to_dict()
    assert hidden_somewhere, "the test looked at no position with anything hidden"


def test_a_corrupt_statistics_file_is_told_and_set_aside(app):
    stats.stats_path().write_text("games: [ {unclosed\n", encoding="utf-8")
    app.push(StatisticsScene(app))
    app.run_frames(1)
    (toast,) = [t.text for t in app.toasts.items]
    moved = stats.stats_path().with_name("statistics.yaml.bad")
    assert toast == i18n.t("stats.moved_aside", reason=i18n.t("file_problem.not_yaml"), path=moved)
    assert moved.read_text(encoding="utf-8") == "games: [ {unclosed\n"
    hand_over(app)


def test_a_game_only_computers_played_is_nobodys_win_or_loss(app):
    seats = (stats.SeatRecord("ai:easy", "Tama (easy)", 3), stats.SeatRecord("ai:hard", "Mochi (hard)", 9))
    played = stats.GameRecord("k", "bed", {}, seats, 1, 20, 60.0, "2026-01-02T03:04:05+00:00",
                              1, 1, "x", ("a",))
    row = GameRow((100, 100, 1000, 70), played, lambda: None)
    app.canvas.marks = []
    row.draw(app.canvas)
    shown = {m.text for m in app.canvas.marks}
    app.canvas.marks = None
    assert i18n.t("past.computers") in shown and i18n.t("past.lost") not in shown


def test_statistics_of_computers_alone_say_no_game_of_yours_yet(app, catgames_home):
    seats = (stats.SeatRecord("ai:easy", "Tama (easy)", 3), stats.SeatRecord("ai:hard", "Mochi (hard)", 9))
    stats.record_game(stats.GameRecord("k", "bed", {}, seats, 1, 20, 60.0, "2026-01-02T03:04:05+00:00",
                                       1, 1, "x", ("a",)))
    app.push(StatisticsScene(app))
    app.canvas.marks = []
    app.invalidate()
    app.run_frames(1)
    shown = " ".join(m.text for m in app.canvas.marks)
    app.canvas.marks = None
    assert i18n.t("stats.empty").split()[0] in shown and "0" not in shown.split()


def test_the_no_games_yet_words_stand_in_the_middle_of_the_screen(app, catgames_home):
    """With no chart beside it, the empty table's words were centred on the table's left part."""
    app.push(StatisticsScene(app))
    app.canvas.marks = []
    app.invalidate()
    app.run_frames(1)
    words = [m for m in app.canvas.marks if m.text in i18n.t("stats.empty") and m.rect.y > 192]  # (under the tabs)
    app.canvas.marks = None
    assert words and all(abs(m.rect.centerx - 640) < 4 for m in words)
