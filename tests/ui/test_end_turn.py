"""End turn at the table: a finished turn waits (no computer move, no hand-off) with an End
turn button on the status line; Enter or the button passes it on, Undo takes a step back, and
switching Settings › Confirm turns off lets it pass."""

from __future__ import annotations

import random

import pygame

from catgames.core.session import Match
from catgames.games.boxes.table import scene as boxes_scene
from catgames.core.storage import Settings
from catgames.ui import i18n
from catgames.ui.registry import scene_class
from catgames.ui.scenes.handoff import HandoffScene
from catgames.ui.scenes.settings import SettingsScene
from catgames.ui.widgets import Button, Toggle
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, click, hand_over, key


class AskedWorker(IdleWorker):
    """An AI worker that never answers and records which seats it was asked to move."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def request(self, *args, **options) -> None:
        self.asked.append(args[2])


def boxes_at_human_turn(seats: tuple[str, str] = ("human", "ai:normal")) -> Match:
    """If It Fits, the human in seat 0 about to draw."""
    match, rng = Match.new("boxes", 2, list(seats), seed=3), random.Random(3)
    while match.state.to_move != 0 or match.state.step != "turn":
        match.play(rng.choice(match.state.legal_moves()))
    return match


def table_with_a_finished_turn(confirm: bool = True, seats: tuple[str, str] = ("human", "ai:normal")):
    """The table after the human drew and played a card (and put a cat on it, if it could)."""
    worker = AskedWorker()
    app = new_app(Settings(ai_speed="instant", confirm_turns=confirm), worker_factory=lambda: worker,
                  seed=1)
    match = boxes_at_human_turn(seats)
    scene = app.push(scene_class("boxes")(app, match))
    hand_over(app)
    app.step()
    assert scene.play_human(match.game.parse_move(match.state, "draw"))
    assert scene.play_human(next(m for m in match.state.legal_moves() if m.kind == "card"))
    if match.state.step == "cat":
        assert scene.play_human(next(m for m in match.state.legal_moves() if m.kind == "awake_cat"))
    app.run_frames(5)
    return app, scene, worker


def end_turn_button(scene) -> Button | None:
    return next((w for w in scene.buttons.widgets
                 if isinstance(w, Button) and w.text == i18n.t("game.end_turn")), None)


def test_a_finished_turn_waits_for_enter_and_the_computer_then_moves(catgames_home):
    app, scene, worker = table_with_a_finished_turn()
    assert scene.local.match.awaiting and worker.asked == []  # the computer waits
    assert end_turn_button(scene) is not None and not scene.human_can_act()
    key(app, pygame.K_RETURN)
    assert not scene.local.match.awaiting and end_turn_button(scene) is None
    app.run_frames(2)
    assert worker.asked == [1]


def test_the_end_turn_button_passes_the_turn(catgames_home):
    app, scene, worker = table_with_a_finished_turn()
    button = end_turn_button(scene)
    assert button is not None
    click(app, app.canvas.to_real(button.rect.center))
    app.run_frames(2)
    assert not scene.local.match.awaiting and worker.asked == [1]


def test_undo_while_waiting_takes_a_step_back_into_the_turn(catgames_home):
    app, scene, worker = table_with_a_finished_turn()
    played = len(scene.local.match.history)
    key(app, pygame.K_u)
    app.run_frames(2)
    assert len(scene.local.match.history) == played - 1 and not scene.local.match.awaiting
    assert scene.human_can_act() and worker.asked == [] and end_turn_button(scene) is None


def test_with_confirm_turns_off_the_turn_passes_with_its_last_step(catgames_home):
    app, scene, worker = table_with_a_finished_turn(confirm=False)
    assert not scene.local.match.awaiting and worker.asked == [1]


def test_switching_confirm_turns_off_lets_the_waiting_turn_pass(catgames_home):
    app, scene, worker = table_with_a_finished_turn()
    settings = app.push(SettingsScene(app))
    app.step()
    toggle = next(w for w in settings.widgets.widgets
                  if isinstance(w, Toggle) and w.text == i18n.t("settings.confirm_turns"))
    click(app, app.canvas.to_real(toggle.rect.center))
    assert app.settings.confirm_turns is False
    settings.back()
    app.run_frames(2)
    assert not scene.local.match.awaiting and worker.asked == [1]


def test_in_hotseat_the_device_is_handed_on_only_after_end_turn(catgames_home):
    """Hidden hands between two people: the mover keeps the device (and may undo) until End
    turn; then the hand-off screen comes, as before."""
    app, scene, worker = table_with_a_finished_turn(seats=("human", "human"))
    assert scene.local.match.awaiting and app.stack.top is scene and scene.private_seat() == 0
    assert scene.local.match.undo_refusal() is None
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HandoffScene) and not scene.local.match.awaiting


def test_the_seat_panels_mark_the_waiting_turns_player_until_end_turn(catgames_home, monkeypatch):
    """The ▶ stays on the player whose turn waits (the rules already name the next seat)."""
    marked: list[int] = []
    paint = boxes_scene.paint_seats
    monkeypatch.setattr(boxes_scene, "paint_seats",
                        lambda *args: (marked.append(args[-1]), paint(*args))[1])
    app, scene, worker = table_with_a_finished_turn()
    assert scene.local.match.awaiting and scene.local.match.state.to_move == 1 and marked[-1] == 0
    key(app, pygame.K_RETURN)
    app.invalidate()
    app.step([], 1 / 60)
    assert marked[-1] == 1
