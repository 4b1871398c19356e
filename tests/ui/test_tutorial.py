"""The tutorials at the real tables: every one played to its end with the player's input, a
move off the script refused, leaving at any time, a broken file told, the first-play offer."""

from __future__ import annotations

import pygame
import pytest

from catgames.core import storage
from catgames.games import available_ids
from catgames.ui import i18n
from catgames.ui.game_scene import LOG_RECT
from catgames.ui.scenes import tutorial as tutorial_scene
from catgames.ui.scenes.confirm import ConfirmScene
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.scenes.title import TitleScene
from catgames.ui.scenes.tutorial import TutorialTable, start_tutorial
from catgames.core.tutorial import MOVE, first_legal, load_tutorial
from catgames.core.storage import Settings
from catgames.ui.widgets import Button
from tests.helpers import new_app
from tests.ui.helpers import click, key

MAX_FRAMES = 400  #: far more than any step needs (the replies are instant)


def no_ai() -> None:
    raise AssertionError("a tutorial asked for the real AI worker")


@pytest.fixture
def app(catgames_home):
    """An app on the title screen whose real AI may never be asked for."""
    i18n.set_language("en")
    application = new_app(Settings(ai_speed="instant"), worker_factory=no_ai, seed=1)
    application.push(TitleScene(application))
    application.run_frames(3)
    return application


def real(app, pos) -> tuple[int, int]:
    return app.canvas.to_real(pos)


def drag(app, start, end, turns: int = 0) -> None:
    """Press on ``start``, move to ``end`` turning the piece ``turns`` times (R), release."""
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=real(app, start), button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=real(app, end), rel=(0, 0), buttons=(1, 0, 0))])
    for _ in range(turns):
        key(app, pygame.K_r)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=real(app, end), rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=real(app, end), button=1)])


def callout_button(table: TutorialTable, key_name: str) -> Button:
    text = i18n.t(key_name)
    return next(b for b in table.callout_buttons.widgets if isinstance(b, Button) and b.text == text)


def settle(app, table: TutorialTable) -> None:
    """Run frames until the script's replies are played and the player may act or read."""
    for _ in range(MAX_FRAMES):
        app.step([], 1 / 60)
        if not table.script.replying and not table.drag.animating():
            return
    raise AssertionError(f"step {table.script.index} never came back to the player")


def do_step(app, table: TutorialTable) -> None:
    """What a player does at the current step: Next, or the step's move — dragged with the
    mouse where it is a drop, else played as the table's buttons and keys play it."""
    runner = table.script
    if runner.reading:
        click(app, real(app, callout_button(table, "tutorial.next").rect.center))
        return
    drop = table.step_drop()
    if drop is not None:
        piece, turns, target = drop
        drag(app, table.home_of(piece), table.target_point(target), turns)
    else:
        move = runner.expected(table.local.match.state)
        assert table.play_human(first_legal(table.local.match.state) if move is None else move)
    settle(app, table)


def open_tutorial(app, game_id: str) -> TutorialTable:
    assert start_tutorial(app, game_id)
    table = app.stack.top
    assert isinstance(table, TutorialTable)
    app.run_frames(2)
    return table


@pytest.mark.parametrize("game_id", available_ids())
def test_every_tutorial_plays_to_its_end(app, game_id, catgames_home):
    table = open_tutorial(app, game_id)
    steps = len(table.tutorial.steps)
    assert 6 <= steps <= 12
    seen = []
    for _ in range(60):
        if table.script.at_end:
            break
        before = table.script.index
        seen.append(before)
        if table.script.step.show == (MOVE,):  # it rings the piece to drag and where it goes
            assert table.step_drop() is not None and len(table.move_spots()) == 2
        do_step(app, table)
        assert app.stack.top is table
        assert table.script.index >= before
    assert table.script.at_end and not table.local.match.state.is_over()
    assert sorted(set(seen)) == list(range(steps - 1))  # every step shown, none skipped
    assert table.local.match.history, "the player made moves"
    assert not list((catgames_home / "saves").glob("*.yaml")), "a tutorial is never saved"
    click(app, real(app, callout_button(table, "tutorial.play_real").rect.center))
    assert isinstance(app.stack.top, NewGameScene) and app.stack.top.game.id == game_id


@pytest.mark.parametrize("game_id", available_ids())
def test_a_callout_in_the_side_column_leaves_the_players_rows_whole(app, game_id):
    """Beside the board it sits over the log where it fits there, never across a seat's row."""
    table = open_tutorial(app, game_id)
    beside = 0
    while not table.script.at_end:
        rect = table.callout_rect(app.canvas)
        if rect.right == LOG_RECT.right and rect.h <= LOG_RECT.h:
            beside += 1
            assert rect.top >= LOG_RECT.top, (table.script.index, rect)
        do_step(app, table)
    assert beside, "no step's callout sat beside the board"


def test_a_callout_in_the_log_column_never_cuts_through_the_logs_heading(catgames_home):
    """Under the log's heading, or over it whole: the play-test saw Kotatsu's step box cut
    "遊戲紀錄" in half at 150 % (Chinese at 150 % has steps of both kinds; Ukrainian cut the same
    headings before)."""
    cut = []
    try:
        for game_id in available_ids():
            app = new_app(Settings(ai_speed="instant", ui_scale=1.5, language="zh-TW"), worker_factory=no_ai, seed=1)
            table = open_tutorial(app, game_id)
            heading = (LOG_RECT.top + 12, table.log_panel.heading_bottom(app.canvas))  # its words' band
            while not table.script.at_end:
                rect = table.callout_rect(app.canvas)
                if rect.right == LOG_RECT.right and heading[0] < rect.top < heading[1]:
                    cut.append((game_id, table.script.index, tuple(rect), table.highlight()[1], heading))
                do_step(app, table)
    finally:
        i18n.set_language("en")
    assert cut == [], "\n".join(map(str, cut))


@pytest.mark.parametrize("game_id", available_ids())
def test_every_step_points_at_something_the_table_knows(app, game_id):
    """A named part the table does not know would point at nothing: refused here."""
    table = open_tutorial(app, game_id)
    known = set(table.parts()) | {"move"}
    for step in table.tutorial.steps:
        assert set(step.show) <= known, step


def test_a_move_off_the_script_is_refused_with_the_steps_hint(app):
    table = open_tutorial(app, "bed")
    two = next(p for p in table.movable_pieces() if p.digit == 2)
    drag(app, table.home_of(two), table.target_point(table.legal_targets(two, 0)[0]))
    assert table.status == i18n.t("tutorial.read_first") and not table.local.match.history
    settle(app, table)
    key(app, pygame.K_RETURN)  # Enter is Next on a step to read
    assert table.script.index == 1
    piece, _, target = table.step_drop()
    three = next(p for p in table.movable_pieces() if p.digit == 3)  # legal, but not the step's 2
    drag(app, table.home_of(three), table.target_point(target))
    assert table.script.index == 1 and not table.local.match.history
    assert table.status == i18n.t("tutorial.bed.opening_hint") and table.status_error
    assert table.drag.animating()  # the tile glides home
    settle(app, table)
    assert not table.drag.holding
    drag(app, table.home_of(piece), table.target_point(target))  # the step's own move is taken
    settle(app, table)
    assert table.script.index == 2 and len(table.local.match.history) == 2  # and the scripted reply


def test_the_tutorial_can_be_left_at_any_time_from_the_pause_menu(app, catgames_home):
    table = open_tutorial(app, "kotatsu")
    do_step(app, table)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    labels = [b.text for b in pause.widgets.widgets if isinstance(b, Button)]
    assert i18n.t("tutorial.leave") in labels and i18n.t("tutorial.button") not in labels
    undo = next(b for b in pause.widgets.widgets if isinstance(b, Button) and b.text == i18n.t("pause.undo"))
    assert not undo.enabled
    leave = next(b for b in pause.widgets.widgets if isinstance(b, Button) and b.text == i18n.t("tutorial.leave"))
    click(app, real(app, leave.rect.center))
    assert isinstance(app.stack.top, TitleScene)
    assert not (catgames_home / "saves").exists() or not list((catgames_home / "saves").iterdir())


def test_h_in_a_tutorial_asks_for_no_hint_and_leaves_the_table_calm(app):
    table = open_tutorial(app, "bed")
    key(app, pygame.K_h)
    app.run_frames(3)
    assert not table.hints.thinking and not table.animating()
    assert i18n.has("tutorial.no_hint") and table.status == i18n.t("tutorial.no_hint")


def test_restart_begins_the_tutorial_again(app):
    table = open_tutorial(app, "days")
    do_step(app, table)
    do_step(app, table)
    assert table.local.match.history
    table.restart()
    assert table.script.index == 0 and not table.local.match.history


def test_a_broken_tutorial_file_is_told_and_nothing_opens(app, tmp_path, monkeypatch):
    broken = tmp_path / "bed.yaml"
    broken.write_text("position: {game: bed, to_move: cat}\nsteps:\n  - say: x\n    move: 9 rot0 @ (0,0)\n"
                      "  - say: y\n", encoding="utf-8")
    monkeypatch.setattr(tutorial_scene, "load_tutorial", lambda game_id: load_tutorial(game_id, broken))
    assert not start_tutorial(app, "bed")
    assert isinstance(app.stack.top, TitleScene)
    shown = " ".join(t.text for t in app.toasts.items)
    assert "steps.0.move" in shown and "not legal" in shown


def test_the_first_play_offers_the_tutorial_once(app, catgames_home):
    title = app.stack.top
    title.new_game("boxes")
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene) and "If It Fits" in offer.title
    set_up = next(b for b in offer.widgets.widgets if isinstance(b, Button)
                  and b.text == i18n.t("tutorial.offer_set_up"))
    click(app, real(app, set_up.rect.center))
    assert isinstance(app.stack.top, NewGameScene)
    app.stack.pop()
    title.new_game("boxes")  # met once: straight to the set-up
    assert isinstance(app.stack.top, NewGameScene)
    app.stack.pop()
    assert storage.load_introduced().value == frozenset({"boxes"})
    title.new_game("bed")  # another game is offered its own
    offer = app.stack.top
    assert isinstance(offer, ConfirmScene)
    take = next(b for b in offer.widgets.widgets if isinstance(b, Button)
                and b.text == i18n.t("tutorial.offer_yes"))
    click(app, real(app, take.rect.center))
    assert isinstance(app.stack.top, TutorialTable) and app.stack.top.local.match.game_id == "bed"


def test_a_game_finished_before_needs_no_first_game_question(app, catgames_home):
    import random
    from catgames.core import stats
    from catgames.core.session import Match
    from catgames.games import load_game
    game = load_game("bed")
    match = Match.new(game, 2, ["human", "ai:easy"], seed=3)
    rng = random.Random(3)
    while not match.state.is_over():
        match.play(rng.choice(sorted(match.state.legal_moves(), key=str)))
    stats.record_game(stats.record_of(match, ["Cat", "Mochi"]))
    app.stack.top.new_game("bed")
    assert isinstance(app.stack.top, NewGameScene)


def test_a_game_started_from_the_set_up_counts_as_met(app):
    scene = app.push(NewGameScene(app, "kotatsu"))
    app.run_frames(1)
    scene.start_new()
    assert "kotatsu" in (storage.load_introduced().value or ())


def test_an_unreadable_list_of_met_games_is_set_aside_and_told(app, catgames_home):
    storage.introduced_path().write_text("games: 7\n", encoding="utf-8")
    app.stack.top.new_game("days")
    assert isinstance(app.stack.top, ConfirmScene)  # offered again, not lost
    assert any("could not be read" in t.text for t in app.toasts.items)
    assert list(catgames_home.glob("introduced.yaml.bad*"))


def test_the_pause_menu_and_the_set_up_offer_the_tutorial(app):
    scene = app.push(NewGameScene(app, "cathood"))
    app.run_frames(1)
    button = next(b for b in scene.widgets.widgets if isinstance(b, Button) and b.text == i18n.t("tutorial.button"))
    click(app, real(app, button.rect.center))
    table = app.stack.top
    assert isinstance(table, TutorialTable) and table.local.match.game_id == "cathood"
    assert [type(s) for s in app.stack][:1] == [TitleScene] and len(app.stack) == 2


def test_a_games_pause_menu_opens_its_tutorial(app):
    from catgames.core.session import Match
    app.screens.play(Match.new("bed", 2, ["human", "human"], {}, seed=2))
    app.run_frames(1)
    app.stack.top.open_pause()
    pause = app.stack.top
    button = next(b for b in pause.widgets.widgets if isinstance(b, Button) and b.text == i18n.t("tutorial.button"))
    assert button.enabled
    click(app, real(app, button.rect.center))
    assert isinstance(app.stack.top, TutorialTable) and len(app.stack) == 2


@pytest.mark.parametrize("game_id", ["bed", "cathood"])
def test_a_tutorial_waiting_for_the_player_draws_nothing(app, game_id):
    """A calm machine: the callout and its rings stand still, so an idle frame is not drawn."""
    table = open_tutorial(app, game_id)
    do_step(app, table)  # to a step that asks for a move
    assert table.script.awaiting_move
    for _ in range(120):  # the last move's animations end
        app.step([], 1 / 60)
    drawn = app.draws
    app.run_frames(30)
    assert app.draws == drawn and not table.animating()
