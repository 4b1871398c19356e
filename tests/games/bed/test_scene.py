"""The bed table driven by synthetic mouse and keyboard events, as a player would use it."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.components import Placement
from catgames.games.bed.gestures import Tile
from catgames.games.bed.table.layout import slot_rect
from catgames.games.bed.table.scene import BedScene
from catgames.games.bed.table.view import grip, hint_cells
from catgames.ui import i18n
from catgames.ui.app import App
from catgames.ui.scenes.game_over import GameOverScene
from tests.helpers import new_app, play_out
from tests.ui.helpers import key

DOWN, UP, MOTION = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION


@pytest.fixture
def table(catgames_home):
    app = new_app(Settings(ai_speed="instant"), seed=1)
    match = Match.new("bed", 2, ["human", "human"], {"side": "A"}, seed=3)
    scene = BedScene(app, match)
    app.push(scene)
    app.run_frames(1)
    yield app, scene
    app.stack.pop_until(lambda s: False)


def drag(app: App, start, path, end, button_events=()) -> None:
    """Press at ``start``, move along ``path`` (with extra events on the way), release at ``end``."""
    app.step([pygame.event.Event(DOWN, pos=start, button=1)])
    for pos in path:
        app.step([pygame.event.Event(MOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    for event in button_events:
        app.step([event])
    app.step([pygame.event.Event(MOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=end, button=1)])


def centre_for(scene: BedScene, move: Placement) -> tuple[float, float]:
    """Where to drop so the tile snaps to ``move`` (the cell it is held by, its grip)."""
    r, c = grip(move.digit, move.rot)
    return scene.geo.centre(move.row + r, move.col + c)


@pytest.mark.parametrize("side", ["A", "B"])
def test_every_legal_spot_marker_lies_on_a_free_cell_the_tile_covers(catgames_home, side):
    """Mid-game, for every tile in hand and every turn of it: each marker drawn is a cell the
    placement it stands for covers, on no tile nor pillow, and dropping there plays that one."""
    app = new_app(Settings(ai_speed="instant"), seed=1)
    match = Match.new("bed", 2, ["human", "human"], {"side": side}, seed=3)
    rng = random.Random(5)
    for _ in range(6):
        match.play(rng.choice(match.state.legal_moves()))
    scene = app.push(BedScene(app, match))
    state, data = scene.bed, scene.bed.data
    pillows = data.sides[side].pillow_mask
    checked = 0
    for digit in state.in_hand(state.to_move):
        for rot in range(4):
            targets = scene.legal_targets(Tile(digit), rot)
            for cell in hint_cells(targets):
                move = scene.snap(Tile(digit), rot, scene.geo.centre(*cell))
                assert move in targets
                assert cell in data.cells_of(move)
                bit = data.grid.bit(*cell)
                assert not bit & (state.occupied | pillows), (digit, rot, cell)
                checked += 1
    assert checked > 20
    app.stack.pop_until(lambda s: False)


def test_drag_a_digit_onto_free_cells_places_it(table):
    app, scene = table
    target = Placement(3, 1, 6, 4)        # taken up as it lies in the tray: upright on the sideways bed
    assert scene.geo.shown_rot(target.rot) == 0
    drag(app, slot_rect(0, 3).center, [(300, 300)], centre_for(scene, target))
    assert scene.local.match.state.history == [(0, target)]
    assert scene.local.match.state.to_move == 1
    assert scene.log == ["Cat lays the 3 in the middle of the bed"]   # the bed shows no coordinates


def test_drop_on_an_occupied_cell_is_refused_with_the_reason(table):
    app, scene = table
    scene.local.match.play(Placement(3, 1, 6, 4))
    scene.on_match_changed()
    before = scene.local.match.state.to_dict()
    drag(app, slot_rect(1, 8).center, [(300, 300)], centre_for(scene, Placement(8, 1, 6, 6)))
    assert scene.local.match.state.to_dict() == before
    assert scene.status_error and scene.status == "That tile overlaps the Cat's 3."
    app.run_frames(30)  # the tile glides back home and is drawn in the tray again
    assert not scene.drag.is_lifted(Tile(8))


def test_opening_rule_reason_is_shown(table):
    app, scene = table
    drag(app, slot_rect(0, 9).center, [(300, 300)], centre_for(scene, Placement(9, 1, 6, 4)))
    assert scene.local.match.state.history == []
    assert scene.status == "The Cat's first tile must be a 1–4; the 9 is too big."


def test_rotate_while_dragging_with_right_click_and_wheel(table):
    app, scene = table
    target = Placement(1, 0, 6, 6)       # turned once: the 1 lying flat across the opening area
    right_click = pygame.event.Event(DOWN, pos=(300, 300), button=3)
    drag(app, slot_rect(0, 1).center, [(300, 300)], centre_for(scene, target), [right_click])
    assert scene.local.match.state.history == [(0, target)]
    scene.local.match.play(Placement(7, 0, 0, 0))
    scene.on_match_changed()
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    target = Placement(2, 0, 12, 4)       # turned once to rot 2, written rot 0: the 2 reads the same upside down
    drag(app, slot_rect(0, 2).center, [(300, 300)], centre_for(scene, target), [wheel])
    assert scene.local.match.state.history[-1] == (0, target)


def test_click_to_select_then_click_to_place(table):
    app, scene = table
    slot = slot_rect(0, 4).center
    app.step([pygame.event.Event(DOWN, pos=slot, button=1)])
    app.step([pygame.event.Event(UP, pos=slot, button=1)])
    assert scene.drag.selected == Tile(4)
    spot = centre_for(scene, Placement(4, 1, 6, 4))
    app.step([pygame.event.Event(MOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))])
    app.step([pygame.event.Event(DOWN, pos=spot, button=1)])
    app.step([pygame.event.Event(UP, pos=spot, button=1)])
    assert scene.local.match.state.history == [(0, Placement(4, 1, 6, 4))]


def test_keyboard_play_digit_cursor_rotate_enter(table):
    app, scene = table
    key(app, pygame.K_1)                  # the cursor starts at the centre cell (8,6)
    key(app, pygame.K_r)                  # lying flat on the screen: 5 rows x 1 column centred on it
    key(app, pygame.K_RETURN)
    assert scene.local.match.state.history == [(0, Placement(1, 0, 6, 6))]
    key(app, pygame.K_7)                  # the Dog: the cursor to the screen's top-left corner,
    for _ in range(6):                    # the head of the bed (row 0) at its top side (column 12)
        key(app, pygame.K_UP)
    for _ in range(8):
        key(app, pygame.K_LEFT)
    assert scene.cursor == (0, 12)
    assert scene.geo.cell_rect(*scene.cursor).topleft == scene.geo.rect.topleft
    for _ in range(2):
        key(app, pygame.K_DOWN)
    for _ in range(2):                    # the 7 upright on the screen is 3 x 5, held by its cell
        key(app, pygame.K_RIGHT)          # two right of and two below its box's corner
    key(app, pygame.K_RETURN)
    assert scene.local.match.state.history[-1] == (1, Placement(7, 1, 0, 8))


def test_territory_preview_toggles_with_t(table):
    app, scene = table
    assert not scene.preview
    key(app, pygame.K_t)
    assert scene.preview and scene.buttons.widgets[-1].value
    app.run_frames(1)                     # and it draws without error


def test_undo_takes_back_the_human_move(table):
    app, scene = table
    drag(app, slot_rect(0, 3).center, [(300, 300)], centre_for(scene, Placement(3, 1, 6, 4)))
    key(app, pygame.K_u)
    assert scene.local.match.state.history == []


def test_pass_banner_and_game_over_screen(table):
    app, scene = table
    from tests.games.bed.test_scenarios import D6
    from tests.games.bed.helpers import placement_dicts
    position = {"game": "bed", "side": "A", "to_move": "cat", "placements": placement_dicts(D6)}
    scene.local.match.state = scene.local.match.game.state_from_dict(position)
    scene.on_match_changed()
    target = Placement(1, 1, 16, 8)       # the 1 as taken up: flat on the rules' grid, upright on the screen
    drag(app, slot_rect(0, 1).center, [(300, 300)], centre_for(scene, target))
    assert scene.local.match.state.is_over()
    assert scene.banner is not None and "out" in scene.banner[0]
    app.run_frames(90)
    assert scene.stage.playing  # the final scoring walked through on the bed first
    key(app, pygame.K_SPACE)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    heads, rows = scene.score_table(over.outcome)
    assert rows[0][-1] == "22" and rows[1][-1] == "44"


def test_game_over_offers_undo_and_esc_shows_the_final_bed(table):
    app, scene = table
    over = play_out(app, scene, 4)
    labels = [getattr(w, "text", "") for w in over.widgets.widgets]
    assert labels == ["Title screen", "Undo last move", "Replay", "Play again", "View the board"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.local.match.state.is_over()
    app.run_frames(5)                      # the final bed stays on screen; no summary pops back
    assert app.stack.top is scene
    played = len(scene.local.match.history)
    key(app, pygame.K_u)
    assert not scene.local.match.state.is_over() and len(scene.local.match.history) == played - 1


def test_the_end_table_shows_toys_as_counts_beside_the_points(catgames_home):
    import random
    app = new_app(Settings(ai_speed="instant"), seed=1)
    match = Match.new("bed", 2, ["human", "human"], {"side": "B"}, seed=3)
    rng = random.Random(5)
    while not match.state.is_over():
        match.play(rng.choice(sorted(match.state.legal_moves(), key=str)))
    scene = BedScene(app, match)
    heads, rows = scene.score_table(match.state.outcome())
    toys = heads.index(i18n.t("bed.toy.yarn"))
    assert all(row[toys].startswith("×") for row in rows)  # held, not points: the total adds the rest
    points = [heads.index(i18n.t("bed.sections")), heads.index(i18n.t("bed.toy_bonus"))]
    assert all(sum(int(row[i]) for i in points) == int(row[-1]) for row in rows)
