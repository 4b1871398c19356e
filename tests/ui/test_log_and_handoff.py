"""The table's log (every line kept, scrolled by wheel and drag, hovered lines light the table),
hand-offs only where something is hidden (each telling what happened since), and the end
screen put aside to look at the final board."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.table.scene import BedScene
from catgames.ui.game_scene import LOG_RECT
from catgames.ui.registry import scene_class
from catgames.ui.scenes.handoff import HandoffScene
from tests.helpers import new_app, play_out
from tests.ui.helpers import IdleWorker, click, hand_over
from tests.ui.toygame import HIDDEN_GAME, Mark, ToyScene

WHEEL, MOTION = pygame.MOUSEWHEEL, pygame.MOUSEMOTION
DOWN, UP = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP
MOVES = 12
NAMING = {"place", "move", "card", "play", "cat", "start_card"}   #: events that name a place on a table


@pytest.fixture
def bed(catgames_home):
    """A Bed game of 12 seeded random moves: more log than the panel holds."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new("bed", 2, ["human", "human"], {}, seed=3)
    rng = random.Random(5)
    for _ in range(MOVES):
        match.play(rng.choice(match.state.legal_moves()))
    scene = app.push(BedScene(app, match))
    app.run_frames(1)
    yield app, scene
    app.stack.pop_until(lambda s: False)


def shown_log(app) -> list[str]:
    """The log rows one frame shows (drawn and not clipped away), top to bottom."""
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)
    app.invalidate()  # a direct resize is no event: ask for the frame
    app.run_frames(1)
    marks, app.canvas.marks = app.canvas.marks, None
    body = app.stack.top.log_panel.room(app.canvas)[0]
    return [m.text for m in sorted(marks, key=lambda m: m.rect.y)
            if m.shown.h > 0 and body.collidepoint(m.rect.center) and m.layer == 0]


def all_rows(app, scene) -> list[str]:
    """Every row of the whole log, wrapped as the panel draws it."""
    return [text for _, _, text in scene.log_panel.room(app.canvas)[2]]


def point(app, pos) -> None:
    app.step([pygame.event.Event(MOTION, pos=app.canvas.to_real(pos), rel=(0, 0), buttons=(0, 0, 0))])


def wheel(app, notches: int) -> None:
    point(app, LOG_RECT.center)
    app.step([pygame.event.Event(WHEEL, x=0, y=notches, flipped=False)])


def test_the_log_keeps_every_line_and_scrolls_back_to_the_first(bed):
    app, scene = bed
    panel = scene.log_panel
    assert [line.text for line in panel.lines] == scene.log and len(scene.log) >= MOVES
    everything = all_rows(app, scene)
    rows = shown_log(app)
    assert len(rows) < len(everything)
    assert rows == everything[-len(rows):]                   # newest at the bottom
    wheel(app, 100)                                          # far up: the oldest lines
    assert shown_log(app) == everything[:len(rows)]
    assert panel.offset > 0
    wheel(app, -1)                                           # one notch: three rows down
    assert shown_log(app) == everything[3:len(rows) + 3]
    wheel(app, -100)
    assert panel.offset == 0 and shown_log(app) == rows


def test_dragging_the_log_scrolls_it_and_a_new_line_shows_the_newest_again(bed):
    app, scene = bed
    panel = scene.log_panel
    start = (LOG_RECT.centerx - 40, LOG_RECT.y + 120)
    app.step([pygame.event.Event(DOWN, pos=app.canvas.to_real(start), button=1)])
    point(app, (start[0], start[1] + 60))                    # pull the text down: older lines
    app.step([pygame.event.Event(UP, pos=app.canvas.to_real((start[0], start[1] + 60)), button=1)])
    assert panel.offset == pytest.approx(60, abs=1)
    assert scene.local.match.history and len(scene.local.match.history) == MOVES   # the drag moved no tile
    assert scene.play_human(random.Random(1).choice(scene.local.match.state.legal_moves()))
    assert panel.offset == 0 and shown_log(app)[-1] == all_rows(app, scene)[-1]


def test_the_scroll_bar_shows_the_position_and_drags_the_other_way(bed):
    app, scene = bed
    panel = scene.log_panel
    body, step, rows, most = panel.room(app.canvas)
    bar = (body.right - 3, body.bottom - 10)
    app.step([pygame.event.Event(DOWN, pos=app.canvas.to_real(bar), button=1)])
    point(app, (bar[0], body.y))                             # thumb to the top: the oldest lines
    app.step([pygame.event.Event(UP, pos=app.canvas.to_real((bar[0], body.y)), button=1)])
    assert panel.offset == most
    assert shown_log(app)[0] == all_rows(app, scene)[0]


def test_hovering_a_log_line_lights_what_it_names_on_the_table(bed, monkeypatch):
    app, scene = bed
    lit = []
    monkeypatch.setattr(scene, "draw_log_highlight", lambda canvas, turn, part: lit.append(turn))
    body, step, rows, _ = scene.log_panel.room(app.canvas)
    point(app, (body.x + 20, body.bottom - step / 2))        # the newest line
    assert lit and lit[-1] is scene.local.match.history[-1]
    lit.clear()
    point(app, (100, 100))                                   # off the log: nothing lit
    assert lit == []


def test_the_bed_lights_the_cells_of_a_hovered_tile(bed):
    app, scene = bed
    body, step, _, _ = scene.log_panel.room(app.canvas)
    move = scene.local.match.game.parse_move(scene.bed, scene.local.match.history[-1].move)
    cell = scene.geo.cell_rect(*scene.bed.data.cells_of(move)[0])
    edge = app.canvas.to_real((cell.x + 1, cell.centery))
    before = app.canvas.surface.get_at(edge)
    point(app, (body.x + 20, body.bottom - step / 2))
    assert app.canvas.surface.get_at(edge) != before


# -- hand-offs ------------------------------------------------------------------------------
def hidden_toy(app) -> ToyScene:
    scene = ToyScene(app, Match.new(HIDDEN_GAME, 2, ["human", "human"], seed=3))
    app.push(scene)
    app.step()
    return scene


def test_a_hand_off_tells_what_the_others_did_since_your_last_turn(app):
    scene = hidden_toy(app)
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.since == []
    hand_over(app)
    scene.play_human(Mark(4))
    assert app.stack.top.since == ["Cross: c4"]
    hand_over(app)
    scene.play_human(Mark(0))
    assert app.stack.top.seat_name == "Cross" and app.stack.top.since == ["Nought: c0"]


def test_no_hand_off_where_both_seats_see_the_same(app, monkeypatch):
    """A hidden-information game whose two views are alike (the toy's secret removed) hands off
    never; a secret choice still does."""
    scene = hidden_toy(app)
    hand_over(app)
    monkeypatch.setattr(type(scene.local.match.state), "observe", lambda state, seat: state.clone())
    scene.play_human(Mark(4))
    assert app.stack.top is scene
    monkeypatch.setattr(scene.local.match.game, "secret_choice", lambda state: True)
    scene.play_human(Mark(0))
    assert isinstance(app.stack.top, HandoffScene) and app.stack.top.seat_name == "Cross"


def test_a_long_summary_keeps_the_newest_lines_and_counts_the_rest(app):
    lines = [f"P{i % 2 + 1} did thing number {i}" for i in range(80)]
    app.push(HandoffScene(app, "P1", lines))
    app.canvas.marks = []
    app.run_frames(1)
    texts = [m.text for m in app.canvas.marks]
    app.canvas.marks = None
    shown = [t for t in texts if t.startswith("P") and "did thing" in t]
    left = 80 - len(shown)
    assert shown == lines[left:] and left > 0
    assert f"… {left} earlier lines (see the log)" in texts


# -- the end screen ---------------------------------------------------------------------------
def test_the_end_screen_can_be_put_aside_to_view_the_board(bed):
    app, scene = bed
    over = play_out(app, scene, 4)
    toggle = next(w for w in over.widgets.widgets if w.text == "View the board")
    click(app, app.canvas.to_real(toggle.rect.center))
    assert over.board_shown and app.stack.top is over
    assert [w.text for w in over.widgets.widgets] == ["Show the results"]
    app.canvas.marks = []
    app.run_frames(1)
    assert not any(m.text == over.headline() for m in app.canvas.marks)   # the panel is gone
    click(app, app.canvas.to_real(over.widgets.widgets[0].rect.center))
    assert not over.board_shown and "Play again" in [w.text for w in over.widgets.widgets]
    app.run_frames(1)
    assert any(m.text == over.headline() for m in app.canvas.marks)
    app.canvas.marks = None


@pytest.mark.parametrize("game_id", ["bed", "cathood", "kotatsu", "days", "boxes"])
def test_every_table_lights_what_a_hovered_log_line_names(catgames_home, game_id):
    """Hovering the log's newest line changes the board (the game's highlight), leaving the
    pointer restores it."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new(game_id, 2, ["human", "human"], {}, seed=3)
    rng = random.Random(7)
    while len(match.history) < 12 or not any(e.kind in NAMING for e in match.history[-1].events):
        match.play(rng.choice(match.state.legal_moves()))
    scene = app.push(scene_class(game_id)(app, match))
    hand_over(app)
    point(app, (100, 780))
    board = app.canvas.real_rect(scene.board_rect)
    before = app.canvas.surface.subsurface(board).copy()
    body, step, _, _ = scene.log_panel.room(app.canvas)
    point(app, (body.x + 20, body.bottom - step / 2))
    lit = app.canvas.surface.subsurface(board).copy()
    point(app, (100, 780))
    after = app.canvas.surface.subsurface(board).copy()
    assert pygame.image.tobytes(lit, "RGB") != pygame.image.tobytes(before, "RGB")
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")
    app.stack.pop_until(lambda s: False)
