"""BaseGameScene with the toy game: drag moves, reasons, autosave, AI turns, undo, game over."""

from __future__ import annotations

import pygame
import pytest

from catgames.core import storage
from catgames.core.session import Match
from catgames.ui import i18n
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.scenes.handoff import HandoffScene
from catgames.ui.scenes.pause import PauseScene
from tests.helpers import new_app
from tests.ui.helpers import click, hand_over, key
from tests.ui.toygame import GAME, HIDDEN_GAME, TRAY, Mark, ToyScene, cell_center


def drag(app, start, end):
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])


def open_table(app, seats=("human", "ai:normal"), game=GAME) -> ToyScene:
    scene = ToyScene(app, Match.new(game, 2, list(seats), seed=3))
    app.push(scene)
    app.step()
    return scene


def test_drag_places_a_piece_and_autosaves(app):
    scene = open_table(app, ("human", "human"))
    drag(app, TRAY[0], cell_center(4))
    assert scene.local.match.moves == ["c4"]
    saved = storage.load_checked(storage.save_path("toy"), Match.from_dict)
    assert saved.problem is None and saved.value.moves == ["c4"]
    assert scene.log == ["Cross: c4"]


def test_illegal_drop_shows_reason_and_changes_nothing(app):
    scene = open_table(app, ("human", "human"))
    scene.play_human(Mark(4))
    drag(app, TRAY[1], cell_center(4))
    assert scene.local.match.moves == ["c4"]
    assert scene.status == "Cell 4 is taken." and scene.status_error


def test_ai_replies_without_blocking_and_undo_takes_both_back(app, worker):
    scene = open_table(app)
    drag(app, TRAY[0], cell_center(4))
    assert scene.thinking
    app.run_frames(3)
    assert scene.local.match.moves == ["c4", "c0"] and not scene.thinking
    assert worker.requests[0][:3] == ("toy", 1, "normal")
    key(app, pygame.K_u)
    assert scene.local.match.moves == []
    assert not storage.save_exists("toy")  # back at the start: nothing to continue


def test_an_ai_answer_the_rules_refuse_is_replaced_by_a_legal_move(app, worker, monkeypatch):
    scene = open_table(app)
    scene.play_human(Mark(4))
    monkeypatch.setattr(worker, "poll", lambda: "c4")  # a taken cell: the rules refuse it
    app.run_frames(2)
    assert scene.local.match.moves[0] == "c4" and len(scene.local.match.moves) == 2
    assert scene.local.match.moves[1] != "c4" and not scene.thinking
    assert any("cannot be played (c4)" in t.text for t in app.toasts.items)


def test_ai_speed_holds_the_move_back_until_the_delay(app):
    app.settings.ai_speed = "slow"
    scene = open_table(app)
    scene.play_human(Mark(4))
    app.run_frames(30)  # half a second of frames: the move is ready but not shown yet
    assert scene.thinking and scene.local.match.moves == ["c4"]
    app.run_frames(70)
    assert scene.local.match.moves == ["c4", "c0"]


def test_human_cannot_move_for_the_ai(app):
    scene = open_table(app, ("ai:easy", "human"))
    assert not scene.play_human(Mark(4))
    app.run_frames(3)
    assert scene.local.match.moves == ["c0"]


def test_broken_ai_worker_is_reported_not_fatal(app):
    def broken():
        raise ImportError("no AI here")
    app.worker_factory = broken
    scene = open_table(app)
    scene.play_human(Mark(4))
    app.run_frames(3)
    assert any("could not start" in t.text for t in app.toasts.items)
    assert scene.local.match.moves == ["c4"]


def test_game_over_screen_and_play_again(app):
    scene = open_table(app, ("human", "human"))
    for cell in (0, 3, 1, 4):
        scene.play_human(Mark(cell))
    drag(app, TRAY[0], cell_center(2))
    assert scene.local.match.state.is_over() and not storage.save_exists("toy")
    app.run_frames(60)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    assert over.headline() == "● Cross wins!"
    heads, rows = scene.score_table(over.outcome)
    assert heads == ["Player", "Marks", "Total"] and rows[0] == ["Cross", "3", "1"]
    again = next(w for w in over.widgets.widgets if getattr(w, "text", "") == "Play again")
    click(app, again.rect.center)
    assert app.stack.top is scene and scene.local.match.moves == [] and scene.log == []


def test_escape_opens_pause_and_resume_returns(app):
    scene = open_table(app, ("human", "human"))
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=TRAY[0], button=1)])
    assert not scene.drag.holding  # the pause menu shields the table
    key(app, pygame.K_RETURN)  # Resume has focus
    assert app.stack.top is scene


def test_pause_menu_undo_and_restart(app):
    scene = open_table(app, ("human", "human"))
    scene.play_human(Mark(0))
    scene.play_human(Mark(1))
    scene.open_pause()
    app.step()
    undo = next(w for w in app.stack.top.widgets.widgets if getattr(w, "text", "") == "Undo last move")
    click(app, undo.rect.center)
    assert app.stack.top is scene and scene.local.match.moves == ["c0"]
    scene.open_pause()
    app.step()
    restart = next(w for w in app.stack.top.widgets.widgets if getattr(w, "text", "") == "Restart")
    click(app, restart.rect.center)
    assert scene.local.match.moves == []


def test_hidden_information_hotseat_hands_off_between_players(app):
    scene = open_table(app, ("human", "human"), game=HIDDEN_GAME)
    assert isinstance(app.stack.top, HandoffScene)
    hand_over(app)
    assert app.stack.top is scene
    assert not scene.local.match.can_undo()
    drag(app, TRAY[0], cell_center(4))
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat_name == "Nought"


@pytest.mark.parametrize("size", [(1280, 800), (1000, 900)])
def test_a_whole_table_draws_at_any_window_size(catgames_home, toy_registered, worker, size):
    app = new_app(worker_factory=lambda: worker, size=size)
    scene = open_table(app)
    scene.play_human(Mark(4))
    app.run_frames(5)
    assert app.frame_stats()["frames"] == 6
    app.stack.pop()
    assert worker.closed


def undo_entry(widgets, text: str = "Undo"):
    return next(w for w in widgets if getattr(w, "text", "") == text)


def test_undo_is_shown_with_hidden_information_and_stops_at_a_reveal(app):
    scene = open_table(app, game=HIDDEN_GAME)
    assert not undo_entry(scene.buttons.widgets).enabled
    scene.play_human(Mark(1))
    app.run_frames(3)
    assert scene.local.match.moves == ["c1", "c0"] and undo_entry(scene.buttons.widgets).enabled
    scene.play_human(Mark(4))  # a mark on the centre reveals something
    app.run_frames(3)
    assert scene.local.match.moves == ["c1", "c0", "c4", "c2"]
    assert not undo_entry(scene.buttons.widgets).enabled
    key(app, pygame.K_u)
    assert scene.local.match.moves == ["c1", "c0", "c4", "c2"] and scene.status_error
    assert scene.status == "That can no longer be taken back: something was revealed since."
    scene.open_pause()
    app.step()
    assert not undo_entry(app.stack.top.widgets.widgets, "Undo last move").enabled


def test_hidden_information_hotseat_undo_only_in_ones_own_turn(app):
    scene = open_table(app, ("human", "human"), game=HIDDEN_GAME)
    hand_over(app)  # the hand-off to Cross
    scene.play_human(Mark(0))
    hand_over(app)  # the hand-off to Nought
    assert not undo_entry(scene.buttons.widgets).enabled
    key(app, pygame.K_u)
    assert scene.local.match.moves == ["c0"]
    assert scene.status == "Only the moves of your own turn can be taken back."


def test_a_greyed_out_undo_says_why_when_pointed_at(app):
    scene = open_table(app, ("human", "human"))
    undo = undo_entry(scene.buttons.widgets)
    assert not undo.enabled and undo.tooltip == i18n.t("game.cannot_undo")  # nothing played yet
    scene.play_human(Mark(4))
    undo = undo_entry(scene.buttons.widgets)
    assert undo.enabled and undo.tooltip == i18n.t("game.undo_tip")
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert undo.hovered


def test_the_results_closed_with_escape_come_back_from_the_menu(app):
    scene = open_table(app, ("human", "human"))
    for cell in (0, 3, 1, 4):
        scene.play_human(Mark(cell))
    drag(app, TRAY[0], cell_center(2))
    app.run_frames(60)
    assert isinstance(app.stack.top, GameOverScene)
    key(app, pygame.K_ESCAPE)  # closed, to look at the final board
    assert app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    results = next(w for w in app.stack.top.widgets.widgets if getattr(w, "text", "") == "Show the results")
    click(app, results.rect.center)
    assert isinstance(app.stack.top, GameOverScene) and app.stack.top.headline() == "● Cross wins!"


def test_a_game_still_playing_has_no_results_in_its_menu(app):
    scene = open_table(app, ("human", "human"))
    scene.open_pause()
    app.step()
    assert "Show the results" not in [getattr(w, "text", "") for w in app.stack.top.widgets.widgets]
