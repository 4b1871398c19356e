"""The drawn art: a cover per game on the title (painted once per size), a table per game under
its board, and soft shadows under pieces lying down and larger ones under a held piece."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids
from catgames.ui import game_scene, theme
from catgames.ui.art.kept import Kept
from catgames.ui.art import covers, shadow, tables
from catgames.ui.canvas import Canvas
from catgames.ui.scenes.title import GameCard, TitleScene
from tests.helpers import new_app
from tests.ui.toygame import GAME, TRAY, ToyScene

WHITE = (255, 255, 255)


def colours(surface: pygame.Surface, rect: pygame.Rect | None = None) -> set[tuple[int, ...]]:
    """The distinct colours in ``rect`` of ``surface`` (every 3rd pixel, enough to tell)."""
    r = rect or surface.get_rect()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(r.x, r.right, 3) for y in range(r.y, r.bottom, 3)}


def luminance(color) -> float:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]


def test_every_game_has_its_own_cover_and_table():
    assert set(covers.COVERS) == set(available_ids())
    assert set(tables.STYLES) == set(available_ids())
    assert len(set(tables.STYLES.values())) == len(tables.STYLES)  # no two games share a table


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_title_shows_a_cover_per_game_painted_once(catgames_home, monkeypatch, scale):
    painted: list[str] = []
    for game_id, paint in covers.COVERS.items():
        monkeypatch.setitem(covers.COVERS, game_id,
                            lambda pen, game_id=game_id, paint=paint: (painted.append(game_id), paint(pen)))
    monkeypatch.setattr(covers, "_pictures", Kept(covers.CACHE_LIMIT))
    app = new_app(Settings(ui_scale=scale))
    title = app.push(TitleScene(app))
    app.run_frames(3)
    cards = [w for w in title.widgets.widgets if isinstance(w, GameCard)]
    assert sorted(painted) == sorted(c.game.id for c in cards) == sorted(available_ids())
    surface = app.canvas.surface
    for card in cards:
        cover = card.cover_rect(app.canvas)
        assert cover.h >= 150, f"{card.game.id}'s cover is squeezed to {cover.h:.0f}"
        inner = app.canvas.real_rect(cover.inflate(-20, -20))
        assert len(colours(surface, inner)) > 40, f"{card.game.id}'s cover looks empty"
        assert app.canvas.real_rect(cover).bottom <= app.canvas.real_rect(card.name_room(app.canvas)).top
    app.canvas.resize(surface)  # a full redraw, the layers of the canvas dropped
    app.invalidate()
    app.run_frames(2)
    assert len(painted) == len(cards)  # blitted again, not painted again


def test_the_cover_shrinks_at_a_larger_text_size_to_leave_room_for_the_text(catgames_home):
    heights = []
    for scale in (1.0, 1.5):
        app = new_app(Settings(ui_scale=scale))
        title = app.push(TitleScene(app))
        app.run_frames(1)
        card = next(w for w in title.widgets.widgets if isinstance(w, GameCard))
        heights.append(card.cover_rect(app.canvas).h)
    assert heights[1] < heights[0]


def test_a_game_without_a_cover_gets_the_cat_with_the_wool():
    picture = covers.cover("no-such-game", (200, 240))
    assert picture.get_size() == (200, 240) and len(colours(picture)) > 40


def canvas_of(color=WHITE) -> Canvas:
    """A canvas at scale 1 on a plain ``color`` window."""
    surface = pygame.Surface((1280, 800))
    surface.fill(color)
    return Canvas(surface)


def test_a_resting_shadow_darkens_just_below_and_right_of_the_piece_only():
    canvas = canvas_of()
    rect = pygame.FRect(100, 100, 80, 60)
    shadow.shadow(canvas, rect, radius=6)
    s = canvas.surface
    assert luminance(s.get_at((180 + 1, 160 + 2))) < 250  # past the corner, where it falls
    assert s.get_at((100 - 8, 100 - 8))[:3] == WHITE  # nothing far up and left
    assert s.get_at((300, 300))[:3] == WHITE


def test_a_piece_of_several_cells_casts_one_shadow_not_darker_where_cells_meet():
    canvas = canvas_of()
    cells = [pygame.FRect(100, 100, 40, 40), pygame.FRect(140, 100, 40, 40)]
    shadow.shadow(canvas, *cells, radius=0)
    joined = canvas.surface.get_at((140, 142))
    alone = canvas_of()
    shadow.shadow(alone, pygame.FRect(100, 100, 80, 40), radius=0)
    assert joined == alone.surface.get_at((140, 142)) and luminance(joined) < 250


def test_shadows_are_blurred_once_per_size():
    canvas = canvas_of()
    rect = pygame.FRect(10, 10, 70, 50)
    shadow.shadow(canvas, rect)
    kept = dict(shadow._shapes.items)
    shadow.shadow(canvas, rect.move(300, 200))  # the same piece elsewhere: the same shadow
    assert shadow._shapes.items.keys() == kept.keys()


def disc(c: Canvas, at) -> None:
    c.circle((200, 40, 40), at, 30)


def reach(draw) -> int:
    """How far right of (200, 212) what ``draw`` paints on a white canvas darkens it."""
    canvas = canvas_of()
    draw(canvas)
    return max(x for x in range(200, 320) if canvas.surface.get_at((x, 212))[:3] != WHITE)


def test_a_held_piece_is_drawn_over_a_larger_farther_shadow_of_its_own_outline():
    held = reach(lambda c: shadow.draw_lifted(c, "disc", (200, 200), disc))
    lying = reach(lambda c: shadow.shadow(c, pygame.FRect(170, 170, 60, 60), radius=30))
    assert held > lying > 230  # both fall beyond the disc's edge, the held one farther
    canvas = canvas_of()
    shadow.draw_lifted(canvas, "disc", (200, 200), disc)
    s = canvas.surface
    assert s.get_at((200, 200))[:3] == (200, 40, 40)  # the piece, on top
    assert luminance(s.get_at((200 + 30 + 4, 200 + 12))) < 250  # its shadow, beyond its edge


def test_a_held_piece_is_drawn_once_a_frame_and_its_outline_found_once():
    drawn = []

    def piece(c: Canvas, at) -> None:
        drawn.append(at)
        disc(c, at)

    canvas = canvas_of()
    for x in (200, 260, 320):
        shadow.draw_lifted(canvas, "counted", (x, 200), piece)
    assert drawn == [(shadow.HOLD_BOX / 2, shadow.HOLD_BOX / 2), (260, 200), (320, 200)]
    assert canvas.surface.get_at((200, 200))[:3] == (200, 40, 40)  # the first frame shows it too


def test_a_held_piece_drawn_as_nothing_casts_no_shadow():
    canvas = canvas_of()
    shadow.draw_lifted(canvas, "hidden", (200, 200), lambda c, at: None)
    assert colours(canvas.surface, pygame.Rect(100, 100, 200, 200)) == {WHITE}


def test_the_dragged_piece_is_drawn_over_its_shadow(app, monkeypatch):
    lifted = []
    real = shadow.draw_lifted
    monkeypatch.setattr("catgames.ui.drag.draw_lifted",
                        lambda canvas, key, center, draw: (lifted.append(center), real(canvas, key, center, draw)))
    table = app.push(ToyScene(app, Match.new(GAME, 2, ["human", "human"], seed=1)))
    app.run_frames(1)
    at = app.canvas.to_real(TRAY[0])
    to = app.canvas.to_real((300, 300))
    beside = app.canvas.to_real((300 + 30 + 4, 300 + 12))  # just past the held disc's edge
    before = luminance(app.canvas.surface.get_at(beside))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0))])
    assert table.drag.dragging and lifted and lifted[-1] == pytest.approx((300, 300), abs=1)
    assert luminance(app.canvas.surface.get_at(beside)) < before - 3


@pytest.mark.parametrize("game_id", sorted(tables.STYLES))
def test_each_table_is_textured_and_keeps_close_to_the_table_colour(game_id):
    canvas = canvas_of(theme.OKABE_ITO.background)
    tables.draw_table(canvas, game_id, (0, 0, 868, 660))
    inside = pygame.Rect(40, 40, 780, 580)
    seen = colours(canvas.surface, inside)
    assert len(seen) >= 3, f"{game_id}'s table is plain"
    table = luminance(theme.OKABE_ITO.table)
    assert all(abs(luminance(c) - table) < 30 for c in seen), f"{game_id}'s table is not subtle"


def test_tables_differ_from_game_to_game():
    pictures = []
    for game_id in sorted(tables.STYLES):
        canvas = canvas_of()
        tables.draw_table(canvas, game_id, (0, 0, 300, 200))
        pictures.append(pygame.image.tobytes(canvas.surface, "RGB"))
    assert len(set(pictures)) == len(pictures)


def test_the_high_contrast_table_is_plain():
    theme.use_palette("high-contrast")
    try:
        canvas = canvas_of()
        tables.draw_table(canvas, "kotatsu", (0, 0, 400, 300))
        assert colours(canvas.surface, pygame.Rect(30, 30, 340, 240)) == {theme.HIGH_CONTRAST.table}
    finally:
        theme.use_palette("okabe-ito")


def test_a_table_is_painted_once_per_size():
    canvas = canvas_of()
    tables.draw_table(canvas, "days", (0, 0, 400, 300))
    kept = dict(tables._tables.items)
    tables.draw_table(canvas, "days", (0, 0, 400, 300))
    assert tables._tables.items == kept


def test_the_game_table_lays_its_game_s_table_under_the_board(app, monkeypatch):
    laid = []
    monkeypatch.setattr(game_scene, "draw_table", lambda canvas, game_id, rect: laid.append((game_id, rect)))
    app.push(ToyScene(app, Match.new(GAME, 2, ["human", "human"], seed=1)))
    app.run_frames(1)
    assert laid and laid[-1] == ("toy", game_scene.BOARD_RECT)


def test_a_held_shadow_is_kept_by_how_the_piece_looks(app, monkeypatch):
    """A Days card is drawn over a day but not over the discard pile (the ghost is the preview
    there), and hand cards grow with the text size: each look keeps a shadow of its own."""
    from catgames.games.days.gestures import DISCARD, DayTarget, HandCard
    from catgames.ui.registry import scene_class
    keys = []
    monkeypatch.setattr("catgames.ui.drag.draw_lifted", lambda canvas, key, center, draw: keys.append(key))
    table = app.push(scene_class("days")(app, Match.new("days", 2, ["human", "human"], seed=1)))
    app.run_frames(1)
    drag = table.drag
    drag.piece = HandCard(0, table.hand()[0])
    drag.rotation, drag.dragging, drag.pointer = 0, True, (400, 300)
    looks = []
    for target, scale in ((DayTarget(0, 0), 1.0), (DISCARD, 1.0), (DayTarget(0, 0), 1.5)):
        drag.target = target
        app.canvas.text_scale = scale
        drag.draw(app.canvas)
        looks.append(keys[-1])
    assert len(set(looks)) == 3
