"""A calm machine: the app draws and flips only when something changed or moves, and everything
that must still shows (input, animations, the AI's answer, toasts, tooltips after their delay,
the window exposed).  Counted in frames drawn (``App.draws``), never timed."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids, load_game
from catgames.ui import registry
from catgames.ui.drag import SETTLE_TIME
from catgames.ui.table.ending import GAME_OVER_DELAY
from catgames.ui.scene import Scene
from catgames.ui.scenes.base import MenuScene
from catgames.ui.scenes.game_over import COUNT_UP_TIME, GameOverScene
from catgames.ui.scenes.title import TitleScene
from catgames.ui.widgets import TOOLTIP_DELAY, Button
from tests.helpers import new_app
from tests.ui.helpers import FakeWorker, IdleWorker
from tests.ui.toygame import GAME, TRAY, Mark, ToyScene, cell_center

IDLE_STEPS = 60  #: a second of frames with nothing happening
DT = 1 / 64      #: a frame length that adds up exactly in binary


def settle(app, limit: int = 1200) -> None:
    """Step until nothing animates, then once more (the frame that ends it is drawn)."""
    for _ in range(limit):
        if not app.stack.animating():
            app.step([], DT)
            return
        app.step([], DT)
    raise AssertionError(f"{type(app.stack.top).__name__} still animates after {limit} frames")


def draws_over(app, steps: int = IDLE_STEPS, events=()) -> int:
    """Frames drawn over ``steps`` frames (``events`` in the first)."""
    before = app.draws
    app.step(list(events), DT)
    for _ in range(steps - 1):
        app.step([], DT)
    return app.draws - before


class Still(Scene):
    """A scene with nothing of its own that moves."""


class Fading(Scene):
    """Something that moves for ``frames`` updates and then rests."""

    def __init__(self, app, frames: int) -> None:
        super().__init__(app)
        self.left = frames

    def update(self, dt: float) -> None:
        self.left = max(0, self.left - 1)

    def animating(self) -> bool:
        return self.left > 0


class Tipped(MenuScene):
    def build(self) -> None:
        self.widgets.add(Button((100, 100, 200, 50), "Tip", lambda: None, tooltip="Helpful words"))


@pytest.fixture
def still(catgames_home):
    app = new_app()
    app.push(Still(app))
    settle(app)
    return app


def motion(pos=(50, 50)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))


def test_an_idle_app_neither_draws_nor_flips(still):
    assert draws_over(still) == 0
    assert still.frames > still.draws


@pytest.mark.parametrize("kind", [pygame.MOUSEMOTION, pygame.KEYDOWN, pygame.WINDOWEXPOSED,
                                  pygame.VIDEOEXPOSE, pygame.WINDOWRESIZED])
def test_any_event_draws_one_frame(still, kind):
    event = motion() if kind == pygame.MOUSEMOTION else pygame.event.Event(kind, key=0, mod=0,
                                                                           unicode="")
    assert draws_over(still, events=[event]) == 1


def test_an_animation_draws_every_frame_and_its_last(still):
    still.push(Fading(still, 5))
    assert [still.step([], DT) for _ in range(7)] == [True] * 5 + [False] * 2


def test_stack_settings_toasts_and_invalidate_each_draw_once(still):
    still.push(Still(still))
    assert draws_over(still) == 1
    still.apply_settings()
    assert draws_over(still) == 1
    still.invalidate()
    assert draws_over(still) == 1
    still.toasts.show("Saved", seconds=0.5)
    assert draws_over(still, 16) == 1  # shown, then nothing until it goes
    assert draws_over(still, 32) == 1  # gone


def test_a_tooltip_appears_after_its_delay_then_all_rests(catgames_home):
    app = new_app()
    app.push(Tipped(app))
    settle(app)
    app.canvas.marks = []
    drawn = [app.step([motion((150, 125))], DT)]
    texts = []
    while len(drawn) < int(TOOLTIP_DELAY / DT) + 3:
        app.canvas.marks = []
        drawn.append(app.step([], DT))
        texts.append([m.text for m in app.canvas.marks])
    assert all(drawn[: int(TOOLTIP_DELAY / DT)]) and drawn[-2:] == [False, False]
    shown = [any("Helpful" in t for t in frame) for frame in texts if frame]
    assert shown[-1] and not shown[0]  # drawn once the delay is over, not before
    app.canvas.marks = None


def test_the_title_checks_the_autosave_then_rests(catgames_home):
    app = new_app()
    title = app.push(TitleScene(app))
    assert [app.step([], DT) for _ in range(3)] == [True, True, False]
    assert title._check_in == 0  # the check ran, and its frame was drawn
    assert draws_over(app) == 0


def toy_table(app, seats) -> ToyScene:
    scene = ToyScene(app, Match.new(GAME, 2, list(seats), seed=3))
    app.push(scene)
    return scene


def drop(app, cell: int) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=TRAY[0], button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=cell_center(cell), rel=(0, 0),
                                 buttons=(1, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cell_center(cell), button=1)], DT)


def test_the_ai_thinks_and_answers_on_drawn_frames_then_the_table_rests(catgames_home):
    worker = FakeWorker(delay_polls=int(2 * SETTLE_TIME / DT))  # thinks past the drop's ring
    app = new_app(Settings(ai_speed="instant"), worker_factory=lambda: worker, seed=1)
    scene = toy_table(app, ("human", "ai:normal"))
    settle(app)
    drop(app, 4)
    frames = []
    while scene.thinking:
        frames.append((app.step([], DT), len(scene.local.match.moves)))
    assert all(drawn for drawn, _ in frames) and frames[-1] == (True, 2)  # the answer is shown
    assert app.step([], DT) is False and draws_over(app) == 0


def test_the_wait_for_the_result_and_the_count_up_are_drawn_every_frame(catgames_home):
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = toy_table(app, ("human", "human"))
    for cell in (0, 3, 1, 4):
        scene.play_human(Mark(cell))
    settle(app)
    scene.play_human(Mark(2))  # three in a row
    frames = int((GAME_OVER_DELAY + COUNT_UP_TIME) / DT)
    assert draws_over(app, frames) == frames
    assert isinstance(app.stack.top, GameOverScene)
    settle(app)
    assert draws_over(app) == 0


def human_table(app, game_id: str):
    """``game_id``'s table with a human to move and computers in the other seats."""
    game = load_game(game_id)
    players = max(2, game.min_players)
    seats = ["ai:easy"] * players
    seats[Match.new(game, players, seats, None, 3).state.to_move] = "human"
    return app.push(registry.scene_class(game_id)(app, Match.new(game, players, seats, None, 3)))


@pytest.mark.parametrize("game_id", available_ids())
def test_a_table_waiting_for_a_human_rests_and_answers_the_pointer(catgames_home, game_id):
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = human_table(app, game_id)
    settle(app)
    assert scene.human_can_act() and draws_over(app) == 0
    assert draws_over(app, events=[motion((400, 300))]) >= 1


class ChoosingWorker:
    """An AI worker that answers, a few polls after each request, a seeded random legal move
    of the table it plays at (``table`` is set once the table exists)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table = None
        self._polls: int | None = None

    def request(self, *args, **options) -> None:
        self._polls = 0

    def poll(self) -> str | None:
        if self._polls is None or self.table is None:
            return None
        self._polls += 1
        if self._polls < 4:
            return None
        self._polls = None
        return str(self.rng.choice(self.table.local.match.state.legal_moves()))

    def cancel(self) -> None:
        self._polls = None

    def close(self) -> None:
        pass


def pixels(app) -> bytes:
    return pygame.image.tobytes(app.canvas.surface, "RGB")


@pytest.mark.parametrize("game_id", available_ids())
def test_a_frame_left_undrawn_would_have_looked_the_same(catgames_home, game_id):
    """Through a human's and a computer's moves at normal speed (flashes, walks, slides,
    banners, the wait before the result): whenever the app skips a frame, drawing it anyway
    gives the picture already on the screen."""
    worker = ChoosingWorker(seed=5)
    app = new_app(Settings(ai_speed="normal"), worker_factory=lambda: worker, seed=1)
    worker.table = table = human_table(app, game_id)
    rng = random.Random(9)
    shown, skipped = pixels(app), 0
    for frame in range(300):
        if table.human_can_act() and frame % 100 == 99:  # 5 s: the table comes to rest first
            table.play_human(rng.choice(table.local.match.state.legal_moves()))
        if table.local.match.awaiting and frame % 100 == 49:  # then End turn, the table at rest again
            table.confirm_turn()
        if not app.step([], 1 / 20):
            skipped += 1
            app.draw()
            assert pixels(app) == shown, f"frame {frame} changed without being drawn"
        shown = pixels(app)
    seats = {turn.seat for turn in table.local.match.history}
    assert skipped > 0 and len(seats) > 1  # it rested, and more than one seat moved
