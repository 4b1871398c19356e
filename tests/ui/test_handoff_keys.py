"""The hand-off screen answers Enter as it answers a click: the first press after it shows hands
the device over, so the next click already plays on the table.  Only the move that brought it
is kept out: input within its guard, and a key still held down from before it showed."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.boxes.table.scene import BoxesScene
from catgames.games.cathood import gestures
from catgames.games.cathood.table.scene import CathoodScene
from catgames.ui import i18n
from catgames.ui.scenes.handoff import GUARD_S, HandoffScene
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, click
from tests.ui.toygame import HIDDEN_GAME, TRAY, ToyScene, cell_center

KEYDOWN, KEYUP = pygame.KEYDOWN, pygame.KEYUP
DT = 1 / 64


def enter(kind: int = KEYDOWN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40)


def press_enter(app) -> None:
    """Enter pressed and let go as a quick finger does (and xdotool): both in one frame."""
    app.step([enter(KEYDOWN), enter(KEYUP)], DT)


def past_the_guard(app) -> None:
    for _ in range(int(GUARD_S / DT) + 2):
        app.step([], DT)


def test_the_first_enter_hands_over_and_the_next_gesture_plays(app):
    scene = app.push(ToyScene(app, Match.new(HIDDEN_GAME, 2, ["human", "human"], seed=3)))
    app.step()
    assert isinstance(app.stack.top, HandoffScene)
    past_the_guard(app)
    press_enter(app)
    assert app.stack.top is scene
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=TRAY[0], button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=cell_center(4), rel=(0, 0),
                                 buttons=(1, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cell_center(4), button=1)], DT)
    assert scene.local.match.moves == ["c4"]


def test_enter_within_the_guard_is_the_movers_and_is_ignored(app):
    app.push(ToyScene(app, Match.new(HIDDEN_GAME, 2, ["human", "human"], seed=3)))
    app.step()
    press_enter(app)
    assert isinstance(app.stack.top, HandoffScene)


def test_a_key_held_from_before_it_showed_repeats_in_vain_until_let_go(app, monkeypatch):
    held = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: KeyState(held))
    app.push(ToyScene(app, Match.new(HIDDEN_GAME, 2, ["human", "human"], seed=3)))
    app.step()
    past_the_guard(app)
    for _ in range(3):
        app.step([enter(KEYDOWN)], DT)  # the key's repeats
    assert isinstance(app.stack.top, HandoffScene)
    app.step([enter(KEYUP)], DT)
    app.step([enter(KEYDOWN)], DT)  # pressed again: an answer
    assert not isinstance(app.stack.top, HandoffScene)


class KeyState:
    """``pygame.key.get_pressed()`` of a keyboard with ``held`` down."""

    def __init__(self, held: set[int]) -> None:
        self.held = held

    def __getitem__(self, key: int) -> bool:
        return key in self.held

    def __len__(self) -> int:
        return 512


def hotseat(game_id: str, seed: int, until) -> tuple:
    """``game_id`` between two people, played at random to where ``until(state)``, behind the
    hand-off its table shows then."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new(game_id, 2, ["human", "human"], None, seed=seed)
    rng = random.Random(seed)
    while not until(match.state):
        match.play(rng.choice(match.state.legal_moves()))
    scene = app.push({"boxes": BoxesScene, "cathood": CathoodScene}[game_id](app, match))
    app.step()
    return app, scene


@pytest.fixture
def boxes_hotseat(catgames_home):
    """If It Fits at a turn that starts with a draw."""
    app, scene = hotseat("boxes", 4, lambda state: "draw" in [str(m) for m in state.legal_moves()])
    yield app, scene
    app.stack.pop_until(lambda s: False)


def test_cathoods_fight_pass_screen_takes_the_first_enter(catgames_home):
    app, scene = hotseat("cathood", 1, lambda state: gestures.decision(state) == "fight")
    try:
        assert scene.local.match.game.secret_choice(scene.local.match.state) and isinstance(app.stack.top, HandoffScene)
        past_the_guard(app)
        press_enter(app)
        assert app.stack.top is scene and scene.human_can_act()
    finally:
        app.stack.pop_until(lambda s: False)


def test_if_it_fits_draws_on_the_first_click_after_enter(boxes_hotseat):
    app, scene = boxes_hotseat
    assert isinstance(app.stack.top, HandoffScene)
    past_the_guard(app)
    press_enter(app)
    for _ in range(int(2 / DT)):  # the player looks at the table
        app.step([], DT)
    played = len(scene.local.match.moves)
    draw = next(w for w in scene.buttons.widgets if getattr(w, "text", "") == i18n.t("boxes.draw"))
    click(app, app.canvas.to_real(draw.rect.center))
    assert scene.local.match.moves[played:] == ["draw"]
