"""No private card of a human reaches the screen while the device may be with someone else.

Every hidden-information table is played with seats H, H, AI and H, AI, H.  After each move the
table is drawn twice: once as it is, once with everything the private seat (the one the table
decided may be seen; nobody's while an AI moves between two humans) cannot see dealt again at
random.  If the table drew a hidden card, a rival's cushion face or a committed fight choice, the
two pictures would differ.
"""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.ui.registry import scene_class
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, hand_over

GAMES = ("kotatsu", "days", "boxes", "cathood")
SEATINGS = (("human", "human", "ai:easy"), ("human", "ai:easy", "human"))
MOVES = 14


def redealt(state, private: int | None, rng: random.Random):
    """The same position with every hidden thing ``private`` cannot see dealt again."""
    keep = [private] if private is not None else [0, 1]
    world = state
    for seat in keep:  # two re-deals from different seats leave no hand as it was
        world = world.determinize(seat, rng)
    return world


def picture(app, scene) -> bytes:
    scene.change += 1  # a new position for the table's caches
    app.draw()
    return pygame.image.tobytes(app.canvas.surface, "RGB")


@pytest.mark.parametrize("seats", SEATINGS, ids=["H-H-AI", "H-AI-H"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_humans_hidden_things_are_drawn_only_for_that_human(catgames_home, game_id, seats):
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new(game_id, len(seats), list(seats), {}, seed=11)
    scene = scene_class(game_id)(app, match)
    app.push(scene)
    rng = random.Random(5)
    checked = differed = 0
    for _ in range(MOVES):
        hand_over(app)
        assert app.stack.top is scene
        state, private = match.state, scene.private_seat()
        if state.is_over():
            break
        if not match.is_human(state.to_move):
            assert private is None, "while an AI moves between two humans, nobody's hand shows"
        else:
            assert private == state.to_move
        real = picture(app, scene)
        world = redealt(state, private, rng)
        differed += world.to_dict() != state.to_dict()
        match.state = world
        assert picture(app, scene) == real, f"{game_id}: the table drew something seat {private} cannot see"
        match.state = state
        checked += 1
        assert scene._play(rng.choice(state.legal_moves())) is None
    assert checked >= MOVES // 2 and differed >= checked // 2  # the re-deals really hid things


class RecordingWorker(IdleWorker):
    """Never answers; keeps what each request handed over."""

    def __init__(self) -> None:
        self.asked: list[tuple[dict, int, int]] = []

    def request(self, game_id, state_dict, seat, difficulty, seed, **options) -> None:
        self.asked.append((state_dict, seat, seed))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_ai_is_handed_its_observation_and_its_own_seed(catgames_home, game_id):
    worker = RecordingWorker()
    app = new_app(Settings(ai_speed="instant"), worker_factory=lambda: worker, seed=1)
    match = Match.new(game_id, 2, ["ai:easy", "ai:easy"], {}, seed=11, ai_seed=42)
    app.push(scene_class(game_id)(app, match))
    app.step([])
    (sent, seat, seed), = worker.asked
    state = match.state
    assert sent == state.observe(seat).to_dict() != state.to_dict()
    assert seed == match.ai_request_seed() and seed != match.seed * 7919 + len(match.history)
    assert seed != Match.new(game_id, 2, ["ai:easy"] * 2, {}, seed=11, ai_seed=43).ai_request_seed()
