"""The opponent's last move stays marked on the board until the player here acts
(``ui.table.last_move``): a real headless table of every game, the AI's seeded moves, the
player's own moves, presses and undo."""

from __future__ import annotations

import math
import random
from typing import Any

import pygame
import pytest

from catgames.core.catalogue import load_game
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.ui.registry import scene_class
from catgames.ui.table.last_move import RING
from catgames.ui.theme import palette
from tests.helpers import new_app
from tests.net.test_seats import InstantWorker  # answers at once: a seeded random legal move

GAMES = ["bed", "boxes", "cathood", "days", "kotatsu"]
#: a move of each game that the AI makes and that lands on the board
LANDING_KIND = {"bed": "", "boxes": "play", "cathood": "place", "days": "play", "kotatsu": "play"}


def table(game_id: str, seats: list[str]) -> Any:
    app = new_app(Settings(ai_speed="instant"), worker_factory=InstantWorker, seed=1)
    match = Match.new(load_game(game_id), len(seats), seats, None, 5)
    return app, app.push(scene_class(game_id)(app, match))


def human_plays(scene: Any, rng: random.Random) -> None:
    """The human's turn passes: a seeded legal move (and its End turn, where one waits)."""
    if scene.public.awaiting:
        scene.confirm_turn()
    if scene.human_can_act():
        assert scene.play_human(rng.choice(sorted(scene.observed.legal_moves(), key=str)))
    if scene.public.awaiting:
        scene.confirm_turn()


def until_marked(app: Any, scene: Any, rng: random.Random) -> None:
    """Frames, the human playing its turns, until the human may act with an AI move marked
    (the move's animation over)."""
    for _ in range(2000):
        app.step([], 1 / 60)
        if scene.motion.animating():
            continue
        if scene.last_moves.marks and scene.human_can_act():
            return
        human_plays(scene, rng)
    raise AssertionError("the AI never made a move that lands on the board")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_ais_move_is_marked_where_it_landed_until_the_human_plays(catgames_home, game_id):
    app, scene = table(game_id, ["ai:easy", "human"])
    rng = random.Random(2)
    until_marked(app, scene, rng)
    log = scene.public.log
    humans = [i for i, t in enumerate(log) if t.seat == 1]
    ai_turn = log[humans[-1] + 1 if humans else 0:]  # the AI's moves since the human's
    marks = scene.last_moves.marks  # each of its moves that landed, one a place (Cathood: its cat placed, then walked)
    assert marks and {m.seat for m in marks} == {0}
    mark = marks[-1]
    assert any(t.seat == 0 and t.move.startswith(LANDING_KIND[game_id]) for t in ai_turn)
    point = scene.target_point(mark.target)
    assert scene.board_rect.collidepoint(point)
    human_plays(scene, rng)
    assert scene.public.log[-1].seat == 1  # the human's move: it clears the marks, and has none
    assert scene.last_moves.marks == []


def test_the_mark_is_drawn_in_the_movers_colour_and_goes_once_the_human_takes_up_a_tile(catgames_home):
    app, scene = table("bed", ["ai:easy", "human"])
    until_marked(app, scene, random.Random(2))
    (mark,) = scene.last_moves.marks
    assert mark.target == load_game("bed").parse_move(scene.observed, scene.public.log[-1].move)
    x, y = scene.target_point(mark.target)
    ring = [app.canvas.to_real((x + (RING - 1.5) * math.cos(a), y + (RING - 1.5) * math.sin(a)))
            for a in (i * math.pi / 8 for i in range(9))]  # on the ring's lower half, clear of its badge

    def ring_colours() -> set[tuple[int, ...]]:
        scene.draw(app.canvas)
        return {tuple(app.canvas.surface.get_at(p))[:3] for p in ring}

    assert ring_colours() == {palette().seat(0).color}
    tile = next(iter(scene.movable_pieces()))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=app.canvas.to_real(scene.home_of(tile)), rel=(0, 0),
                                 buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.canvas.to_real(scene.home_of(tile)), button=1)])
    assert scene.drag.holding
    assert scene.last_moves.marks == []
    assert ring_colours() != {palette().seat(0).color}


def test_undo_clears_the_marks(catgames_home):
    app, scene = table("bed", ["ai:easy", "human"])
    rng = random.Random(2)
    until_marked(app, scene, rng)
    human_plays(scene, rng)
    until_marked(app, scene, rng)
    scene.undo()
    assert scene.public.to_move == 1 and not scene.status_error
    assert scene.last_moves.marks == []


def test_in_hot_seat_the_previous_players_move_is_marked_for_the_next(catgames_home):
    app, scene = table("bed", ["human", "human"])
    scene.play_human(sorted(scene.observed.legal_moves(), key=str)[0])
    (mark,) = scene.last_moves.marks
    assert mark.seat == 0 and scene.public.to_move == 1


def test_at_a_table_of_computers_each_seat_keeps_its_latest_mark_only(catgames_home):
    """Nobody acts at a table of computers: every tile of a whole Bed game was ringed at its end."""
    app, scene = table("bed", ["ai:easy", "ai:easy"])
    for _ in range(3000):
        app.step([], 1 / 60)
        if len(scene.public.log) >= 8 and not scene.motion.animating():
            break
    assert len(scene.public.log) >= 8
    assert sorted(m.seat for m in scene.last_moves.marks) == [0, 1]


def test_a_replay_marks_nothing(catgames_home):
    app, scene = table("bed", ["human", "human"])
    scene.read_only = True
    assert not scene.last_moves.marked(0) and not scene.last_moves.marked(1)


def test_a_kotatsu_move_is_outlined_round_its_edge_and_its_symbol_covers_no_stars(catgames_home):
    """A play-test saw the ring of a Kotatsu move drawn across its cards' stars: the mark goes
    round the edge's band instead, its symbol beside the band, over no text (the cards' letters
    and stars, the hand's label with its stars)."""
    from catgames.ui.table.last_move import BADGE, BadgePlaces, Outlines
    app, scene = table("kotatsu", ["ai:easy", "human"])
    until_marked(app, scene, random.Random(2))
    mark = scene.last_moves.marks[-1]
    assert isinstance(scene.pieces, Outlines) and isinstance(scene.pieces, BadgePlaces)
    area = scene.pieces.landing_area(mark.target)
    x, y = scene.pieces.badge_point(mark.target, area)
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)  # the cached layers dropped: every text drawn anew
    scene.draw(app.canvas)
    texts, app.canvas.marks = app.canvas.marks, None
    disc = pygame.FRect(0, 0, 2 * BADGE + 6, 2 * BADGE + 6).move_to(center=(x, y))
    assert [t.text for t in texts if t.rect.colliderect(disc) and t.text != palette().seat(0).symbol] == []
    assert not disc.colliderect(area)
    assert any(t.text == "★" and area.contains(t.rect) for t in texts)  # the cards played, inside the outline
