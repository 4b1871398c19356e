"""The Cathood table driven by synthetic mouse and keyboard events, as a player would use it."""

from __future__ import annotations

import random

import pygame
import pytest

import catgames.games.cathood.table.scene as S
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table import ghosts, panels
from catgames.games.cathood.components import ACTIONS, BUILDING_CARD, TOY
from catgames.games.cathood.moves import Rps
from catgames.games.cathood.table.prompts import CubeButton, KeyButton
from catgames.games.cathood.game import GAME
from catgames.games.cathood import gestures
from catgames.games.cathood.gestures import NEW_CAT, Card, Cat, Go, Lot, Tile
from catgames.games.cathood.table.scene import CathoodScene
from catgames.games.cathood.rules import PLAY
from catgames.games.cathood.steps import HIDDEN
from catgames.ui.app import App
from catgames.ui.game_scene import HEADER, LOG_RECT, SIDE_RECT, STATUS_RECT
from catgames.ui.scenes.handoff import HandoffScene
from tests.games.table_sizes import inside, texts_of_a_frame
from tests.helpers import new_app
from tests.games.cathood.helpers import position
from tests.ui.helpers import IdleWorker, click, hand_over, key
from tests.games.names import P_NAMES

DOWN, UP, MOTION = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION
FIRST_GAME = {"layout": "first_game", "first_player": "P1"}
MARKET = pygame.FRect(L.COLUMN_X, L.ROWS_TOP, L.COLUMN_W, 2 * L.ROW_H)  #: the two market rows
PANELS = (HEADER, STATUS_RECT, SIDE_RECT, LOG_RECT, L.NEIGHBOURHOOD, L.BOARD_PANEL,
          L.ACTION_BOARD, MARKET, L.PARK_DECK, L.PROMPT, L.END_TURN)  #: where text may go


def open_table(seats: list[str], state=None, seed: int = 5) -> tuple[App, CathoodScene]:
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new(GAME, len(seats), seats, dict(FIRST_GAME), seed=seed,
                      names=P_NAMES[:len(seats)])
    if state is not None:
        match.state = state
    scene = CathoodScene(app, match)
    app.push(scene)
    hand_over(app)
    app.run_frames(1)
    return app, scene


def drag(app: App, start, end, rotate: int = 0) -> None:
    app.step([pygame.event.Event(DOWN, pos=start, button=1)])
    app.step([pygame.event.Event(MOTION, pos=(start[0] + 20, start[1] + 20), rel=(0, 0), buttons=(1, 0, 0))])
    for _ in range(rotate):
        key(app, pygame.K_r)
    app.step([pygame.event.Event(MOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=end, button=1)])


def market(**boards):
    return {"market": {"toys": ["TY1", "TM1", "TF1"], "buildings": ["B01", "B05", "B09"]}, **boards}


@pytest.fixture
def table(catgames_home):
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    yield app, scene
    app.stack.pop_until(lambda s: False)


def space(scene: CathoodScene, name: str):
    return scene.seen.space_point(scene.local.match.state.geo.space(name))


def tile(scene: CathoodScene, r: int, c: int):
    return scene.seen.grid.tile_rect(r * scene.local.match.state.geo.cols + c).center


def last_move(scene: CathoodScene) -> str:
    return scene.local.match.history[-1].move


def test_drag_the_cat_along_a_lit_route(table):
    app, scene = table
    cat = scene.seen.cat_points()[0]
    app.step([pygame.event.Event(DOWN, pos=cat, button=1)])
    app.step([pygame.event.Event(MOTION, pos=space(scene, "H(0,2)"), rel=(0, 0), buttons=(1, 0, 0))])
    h02 = scene.local.match.state.geo.space("H(0,2)")
    assert scene.drag.target == Go(h02, 0) and scene.drag.target_legal
    assert any(t.space == h02 for t in scene.drag.legal)
    app.step([pygame.event.Event(UP, pos=space(scene, "H(0,2)"), button=1)])
    assert last_move(scene) == "linear E 1"
    assert scene.local.match.state.cats[0] == h02
    assert any("walks 1 space east" in line for line in scene.log)
    walk = scene.motion.tweens[0]                # a human saw the route while dragging:
    assert len(walk.path) == 2 and walk.path[-1] == scene.seen.cat_points()[0]  # it only settles


def test_a_walk_by_the_default_route_is_taken_back_by_undo(catgames_home):
    """A space two routes reach (one through a secret passage): whichever route the drop
    took, Undo puts the cat, and the whole position, back."""
    app, scene = open_table(["human", "ai:easy"])
    match, rng = scene.local.match, random.Random(4)
    while scene.local.match.state.phase != PLAY or match.state.to_move != 0:  # the set-up, played at random
        match.play(rng.choice(match.state.legal_moves()))
    scene._match_changed()  # the match was played past the feed: read anew
    app.run_frames(1)
    end = next(e for e, found in gestures.routes(scene.local.match.state, None).items() if len(found) > 1)
    before, plies = match.state.to_dict(), len(match.history)
    drag(app, scene.seen.cat_points()[0], scene.seen.space_point(end))
    assert len(match.history) == plies + 1 and scene.local.match.state.cats[0] == end
    key(app, pygame.K_u)
    assert len(match.history) == plies and match.state.to_dict() == before
    app.stack.pop_until(lambda s: False)


def test_disc_onto_an_action_then_click_a_street(table):
    app, scene = table
    drag(app, L.disc_point(0), L.action_rect(ACTIONS.index("diagonal")).center)
    assert scene.armed == ACTIONS.index("diagonal")
    assert scene.drag.selected == Cat(scene.armed)      # the cat is taken up, its routes lit
    assert all(scene.move_for(Cat(scene.armed), t).kind == "diagonal" for t in scene.drag.legal)
    target = scene.drag.legal[0]
    click(app, scene.target_point(target))
    assert last_move(scene).startswith("diagonal")
    assert scene.armed is None


def test_route_preview_labels_the_cubes(table):
    app, scene = table
    cat = scene.seen.cat_points()[0]
    app.step([pygame.event.Event(DOWN, pos=cat, button=1)])
    app.step([pygame.event.Event(MOTION, pos=space(scene, "V(0,2)"), rel=(0, 0), buttons=(1, 0, 0))])
    target = scene.drag.target
    routes = gestures.routes(scene.local.match.state, None)[target.space]
    move, path = routes[target.variant % len(routes)]
    seen = scene.seen
    drawn: list[str] = []
    original = panels.draw_cube
    panels.draw_cube = lambda c, center, size, colour: drawn.append(colour)
    try:
        panels.draw_route(app.canvas, seen, 0, move, path, True)
    finally:
        panels.draw_cube = original
    caption = ghosts.effects_caption(seen, scene.pieces.effects(move))
    assert seen is scene.seen and "pink" in caption and "pink" in drawn   # V(0,2) touches a butcher
    app.step([pygame.event.Event(UP, pos=cat, button=1)])


def test_turn_a_tile_with_r_and_drop_it_in_place(table):
    app, scene = table
    drag(app, tile(scene, 1, 1), tile(scene, 1, 1), rotate=1)
    assert last_move(scene) == "rotate (1,1) cw"
    assert scene.local.match.state.rots[4] == 1
    assert scene.flash is not None


def test_drag_a_tile_onto_a_neighbour_swaps_them(table):
    app, scene = table
    before = scene.local.match.state.tiles[:]
    drag(app, tile(scene, 2, 1), tile(scene, 2, 2))
    assert last_move(scene) == "swap (2,1) (2,2)"
    assert scene.local.match.state.tiles[7] == before[8] and scene.local.match.state.tiles[8] == before[7]


def test_buy_by_dragging_a_card_onto_the_lot(catgames_home):
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"}, boards={"P1": {"cubes": {"pink": 2}}}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    toy = L.card_rect(TOY, 0).center
    drag(app, toy, tile(scene, 0, 1))
    assert last_move(scene) == "pet_shop TY1 @ (0,1)"
    assert scene.local.match.state.houses_left(0) == 5
    assert any("buys a yarn ball" in line for line in scene.log)
    app.stack.pop_until(lambda s: False)


def test_buy_by_clicking_card_then_lot(catgames_home):
    state = position({"P1": "V(0,3)", "P2": "V(2,0)"}, boards={"P1": {"cubes": {"pink": 1, "blue": 1, "yellow": 1}}},
                     **market())
    app, scene = open_table(["human", "ai:easy"], state)
    click(app, L.card_rect(BUILDING_CARD, 0).center)
    assert scene.drag.selected == Card(scene.local.match.state.data.card_index("B01"))
    assert scene.drag.legal == [Lot(2)]
    click(app, tile(scene, 0, 2))
    assert last_move(scene) == "building B01 @ (0,2)"
    app.stack.pop_until(lambda s: False)


def test_an_illegal_swap_glides_back_with_the_reason(catgames_home):
    state = position({"P1": "H(0,1)", "P2": "V(0,2)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    before = scene.local.match.state.to_dict()
    drag(app, tile(scene, 0, 1), tile(scene, 0, 2))
    assert scene.local.match.state.to_dict() == before and not scene.local.match.history
    assert scene.status_error
    assert scene.status == "P2's cat stands on the street between those tiles, so they cannot be swapped."
    assert scene.drag.anims and scene.drag.anims[0].piece == Tile(1)   # gliding home
    app.run_frames(30)
    assert not scene.drag.anims
    app.stack.pop_until(lambda s: False)


def test_a_disc_on_a_locked_action_says_why(table):
    app, scene = table
    drag(app, L.disc_point(0), L.action_rect(ACTIONS.index("park")).center)
    assert scene.armed is None and scene.status_error
    assert scene.status.startswith("Park is still locked")


def test_keys_put_a_disc_down_and_take_it_back(table):
    app, scene = table
    key(app, pygame.K_1)
    assert scene.armed == ACTIONS.index("linear")
    key(app, pygame.K_ESCAPE)          # puts the cat down
    key(app, pygame.K_ESCAPE)          # takes the disc back
    assert scene.armed is None


def test_end_turn_button(table):
    app, scene = table
    button = next(w for w in scene.buttons.widgets if getattr(w, "text", "") == "End turn")
    click(app, button.rect.center)
    assert last_move(scene) == "end turn"
    assert scene.local.match.state.turn == 1


def test_place_a_cat_in_set_up(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    state = scene.local.match.state
    assert state.to_move == 0 or scene.human_can_act() is False
    if not scene.human_can_act():          # P2 places first (reverse order): play its placement
        scene.local.match.play(state.legal_moves()[0])
        scene._match_changed()  # the match was played past the feed: read anew
        scene._build_buttons()
        app.run_frames(1)
    target = scene.legal_targets(NEW_CAT, 0)[0]
    drag(app, L.PLACE_HOME, scene.target_point(target))
    assert last_move(scene).startswith("place ")
    app.stack.pop_until(lambda s: False)


def test_supermarket_colour_by_button(catgames_home):
    state = position({"P1": "V(2,2)", "P2": "V(0,0)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    drag(app, scene.seen.cat_points()[0], space(scene, "H(2,2)"))   # passes by the supermarket
    assert scene.decision() == "take"
    buttons = [w for w in scene.buttons.widgets if isinstance(w, CubeButton)]
    assert [(b.colour, b.text, b.key) for b in buttons] == [   # a swatch, its name, its key top
        ("pink", "pink", "1"), ("blue", "blue", "2"), ("yellow", "yellow", "3")]
    key(app, pygame.K_2)
    assert last_move(scene) == "take blue"
    app.stack.pop_until(lambda s: False)


def test_rock_paper_scissors_by_buttons_hides_the_first_choice(catgames_home):
    state = position({"P1": "H(0,1)", "P2": "H(0,2)"}, boards={"P2": {"cubes": {"blue": 2}}}, **market())
    app, scene = open_table(["human", "human"], state)
    drag(app, scene.seen.cat_points()[0], space(scene, "H(0,2)"))
    assert scene.decision() == "fight"
    assert isinstance(app.stack.top, HandoffScene)    # the defender takes the device
    hand_over(app)
    assert scene.local.match.state.to_move == 1 and scene.private_seat() == 1
    rock = next(w for w in scene.buttons.widgets if getattr(w, "text", "").endswith("Rock"))
    click(app, rock.rect.center)
    assert scene.local.match.state.committed == 0
    assert isinstance(app.stack.top, HandoffScene)    # then the attacker
    hand_over(app)
    app.run_frames(1)
    assert scene.private_seat() == 0 and scene.seen.view.committed == HIDDEN
    title, text, _, _ = scene._prompt()
    assert "already chosen" in text and "rock" not in (title + text).lower()
    assert not any("rock" in line.lower() for line in scene.log)
    assert [(w.key, w.text) for w in scene.buttons.widgets if isinstance(w, KeyButton)] == \
        [("1", "Rock"), ("2", "Paper"), ("3", "Scissors")]
    key(app, pygame.K_2)                               # paper beats rock
    assert any("Fight! P1 (Paper) against P2 (Rock): P1 wins" in line for line in scene.log)
    assert scene.decision() is None or scene.local.match.state.cubes[0][1] == 1


def test_an_ai_defenders_choice_is_fixed_first_and_never_shown(catgames_home):
    state = position({"P1": "H(0,1)", "P2": "H(0,2)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    drag(app, scene.seen.cat_points()[0], space(scene, "H(0,2)"))
    assert scene.local.match.state.to_move == 1 and not scene.human_can_act()
    scene.local.match.play(Rps("scissors"))                 # what the computer committed
    scene._match_changed()                                  # played past the feed: read anew
    app.run_frames(2)
    assert scene.local.match.state.to_move == 0 and scene.seen.view.committed == HIDDEN
    assert not any("scissors" in line.lower() for line in scene.log)
    assert "P2 chooses in secret." in " ".join(scene.log)
    key(app, pygame.K_1)                               # rock beats scissors
    assert any("P1 (Rock) against P2 (Scissors)" in line for line in scene.log)
    app.stack.pop_until(lambda s: False)


def test_dog_destination_by_click(catgames_home):
    state = position({"P1": "H(1,0)", "P2": "V(0,3)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    key(app, pygame.K_2)                               # Diagonal
    v10 = scene.local.match.state.geo.space("V(1,0)")
    target = next(t for t in scene.drag.legal if t.space == v10)
    click(app, scene.target_point(target))
    assert scene.decision() == "dog"
    dest = scene.local.match.state.legal_moves()[0].space
    click(app, space(scene, dest))
    assert last_move(scene) == f"dog to {dest}"
    app.stack.pop_until(lambda s: False)


def test_only_the_observation_is_drawn(catgames_home, monkeypatch):
    state = position({"P1": "H(0,1)", "P2": "H(0,2)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    seen: list = []
    monkeypatch.setattr(S, "draw_neighbourhood", lambda c, s, *a: seen.append(s.view))
    scene._match_changed()
    app.run_frames(1)
    assert seen and all(v is not scene.local.match.state for v in seen)
    app.stack.pop_until(lambda s: False)


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("players", [2, 4])
def test_the_table_draws_at_every_size(catgames_home, players, scale):
    """Every text the table draws stays inside one panel of the layout, at every text scale
    and player count; the neighbourhood, the cat's board, the market and the side panel all
    show something (every table's frame and seat names: tests/games/test_table_sizes.py)."""
    app = new_app(Settings(ai_speed="instant", ui_scale=scale), worker_factory=IdleWorker, seed=1)
    app.push(CathoodScene(app, Match.new(GAME, players, ["human"] * players, {}, seed=3)))
    hand_over(app)
    drawn = texts_of_a_frame(app)
    app.stack.pop_until(lambda s: False)
    assert [line for line, rect in drawn if not any(r.contains(rect) for r in PANELS)] == []
    assert all(inside(drawn, region) for region in (L.NEIGHBOURHOOD, L.BOARD_PANEL, MARKET))


def test_a_turned_tile_dropped_on_a_neighbour_glides_back_saying_why(table):
    app, scene = table
    drag(app, tile(scene, 1, 1), tile(scene, 1, 2), rotate=1)
    assert not scene.local.match.history and scene.status_error
    assert scene.status == "A turned tile can only go back on its own place; swap it unturned."
    assert scene.drag.anims and scene.drag.anims[0].piece == Tile(4)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_click_on_a_cats_row_shows_its_board_at_every_text_size(catgames_home, scale):
    """The side panel's rows move down under a taller title; a click finds the row drawn."""
    app = new_app(Settings(ai_speed="instant", ui_scale=scale), worker_factory=IdleWorker, seed=1)
    scene = app.push(CathoodScene(app, Match.new(GAME, 4, ["human"] * 4, {}, seed=3)))
    hand_over(app)
    other = (scene.acting() + 1) % 4
    row = L.seat_row(other, 4, scale)
    click(app, (row.centerx, row.y + 3))
    assert scene.board_seat() == other
    app.stack.pop_until(lambda s: False)


def test_text_on_a_card_grows_with_the_text_size_inside_its_face(catgames_home):
    """A card's name is larger at 150 % than at 100 % and still inside the card; a name too
    long for its head at 100 % is never drawn smaller at 150 %."""
    from catgames.games.cathood.table.view import draw_card
    from tests.ui.layout import shrunk
    data = position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market()).data
    rect = pygame.FRect(10, 10, L.CARD_W, L.CARD_H)
    drawn = {}
    for scale in (1.0, 1.5):
        canvas = new_app(Settings(ui_scale=scale), worker_factory=IdleWorker, seed=1).canvas
        canvas.marks = []
        for card in range(len(data.cards)):
            draw_card(canvas, data, rect, card)
        drawn[scale] = canvas.marks
    assert all(rect.contains(m.rect) for marks in drawn.values() for m in marks)
    assert shrunk(drawn[1.0], drawn[1.5]) == []
    before = {m.text: m.px for m in drawn[1.0]}
    assert any(m.px > before.get(m.text, m.px) for m in drawn[1.5])


@pytest.mark.parametrize("name", ["pink", "lilac-ish", "a rather long colour name"])
def test_colour_buttons_with_long_names_fit_the_prompt(catgames_home, monkeypatch, name):
    """Colour buttons (a swatch, its name, its key) go two to a row; a name too long even for
    that leaves the swatch (colour and glyph) and the key; nothing overflows nor overlaps."""
    import catgames.games.cathood.table.prompts as prompts
    from tests.ui.layout import problems
    monkeypatch.setattr(prompts, "colour_name", lambda colour: name)
    state = position({"P1": "V(2,2)", "P2": "V(0,0)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    drag(app, scene.seen.cat_points()[0], space(scene, "H(2,2)"))   # passes by the supermarket
    buttons = [w for w in scene.buttons.widgets if isinstance(w, CubeButton)]
    named = name != "a rather long colour name"
    assert [(b.key, b.text) for b in buttons] == [(str(i), name if named else "") for i in (1, 2, 3)]
    assert (buttons[0].rect.w > L.PROMPT.w / 2 - 20) == named   # two to a row, else three unnamed
    assert all(L.DECISION_PROMPT.contains(b.rect) for b in buttons)   # no End turn under a decision
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)
    app.run_frames(1)
    marks, app.canvas.marks = app.canvas.marks, None
    assert problems([m for m in marks if L.DECISION_PROMPT.contains(m.rect)]) == []
    app.stack.pop_until(lambda s: False)


def two_disc_table(confirm: bool) -> tuple[App, CathoodScene]:
    """P1 with a house placed (two discs) and the cubes for the yarn ball."""
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"}, boards={"P1": {"cubes": {"pink": 2}}},
                     houses={"T01.W": "P1"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    app.settings.confirm_turns = confirm
    scene.resume()  # as back from the settings
    return app, scene


def buy_then_turn_a_tile(app: App, scene: CathoodScene) -> None:
    drag(app, L.card_rect(TOY, 0).center, tile(scene, 0, 1))
    assert last_move(scene) == "pet_shop TY1 @ (0,1)" and scene.local.match.state.discs_left(0) == 1
    drag(app, tile(scene, 1, 1), tile(scene, 1, 1), rotate=1)


def test_the_last_disc_waits_for_end_turn_by_enter(catgames_home):
    """Confirm turns on: a buy, then the last disc leaves the turn the player's, the prompt
    asks for End turn, the computer does not move, the row is not refilled; Enter ends it."""
    app, scene = two_disc_table(True)
    buy_then_turn_a_tile(app, scene)
    app.run_frames(20)
    assert last_move(scene) == "rotate (1,1) cw" and scene.local.match.state.turn == 0
    assert scene._prompt()[:2] == ("P1: turn done", "Turn done. Press End turn (Enter) to pass it on, "
                                   "or Undo to take a step back.")
    end = next(w for w in scene.buttons.widgets if getattr(w, "text", "") == "End turn")
    assert end.primary and scene.acting() == 0 and scene.local.match.turn_shown == 0
    assert len(scene.local.match.state.rows[TOY]) == 2  # the row is refilled only by the sleep
    assert scene.status_hint() == "Your turn is done: pass it on to the next player (Enter)"
    key(app, pygame.K_RETURN)
    assert last_move(scene) == "end turn" and scene.local.match.state.turn == 1
    assert len(scene.local.match.state.rows[TOY]) == 3
    app.stack.pop_until(lambda s: False)


def test_with_confirm_turns_off_the_last_disc_ends_the_turn(catgames_home):
    app, scene = two_disc_table(False)
    buy_then_turn_a_tile(app, scene)
    assert [t.move for t in scene.local.match.history[-2:]] == ["rotate (1,1) cw", "end turn"]
    assert scene.local.match.state.turn == 1 and any("ends the turn" in line for line in scene.log)
    app.stack.pop_until(lambda s: False)
