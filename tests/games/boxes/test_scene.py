"""The If It Fits table driven by synthetic mouse and keyboard events, as a player would use it."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.boxes.table import panels
from catgames.games.boxes.table import ghosts
from catgames.games.boxes.table import pieces as pieces_module
from catgames.games.boxes.gestures import HandCard
from catgames.games.boxes.table.panels import (
    ACTIONS,
    CAT_PIECE,
    CATS_RECT,
    DECK_RECT,
    hand_rect,
)
from catgames.games.boxes.rules import UNKNOWN
from catgames.games.boxes.table.scene import BoxesScene
from catgames.games.boxes.table.viewport import VIEWPORT
from catgames.ui.app import App
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.scenes.handoff import HandoffScene
from tests.helpers import new_app
from tests.games.boxes.helpers import position
from tests.ui.helpers import IdleWorker, click, hand_over, key
from tests.games.names import P_NAMES

DOWN, UP, MOTION = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION
ROW = ["(5,5) ..## start", "(6,5) ..## start", "(7,5) ..## start"]


def open_table(seats: list[str], seed: int = 3) -> tuple[App, BoxesScene]:
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = BoxesScene(app, Match.new("boxes", len(seats), seats, {}, seed=seed, names=P_NAMES[:len(seats)]))
    app.push(scene)
    app.run_frames(1)
    return app, scene


@pytest.fixture
def table(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    yield app, scene
    app.stack.pop_until(lambda s: False)


def set_position(app: App, scene: BoxesScene, state) -> None:
    """Continue from a hand-written position (as if a saved game were loaded)."""
    match = Match.new("boxes", state.n, scene.local.match.seats, {}, seed=3, names=P_NAMES[:state.n])
    match.state = state
    scene.replace_match(match)
    app.run_frames(1)


def drag(app: App, start, end, extra=()) -> None:
    """Press at ``start``, move across the table (with ``extra`` events on the way), drop at ``end``."""
    app.step([pygame.event.Event(DOWN, pos=start, button=1)])
    app.step([pygame.event.Event(MOTION, pos=VIEWPORT.center, rel=(0, 0), buttons=(1, 0, 0))])
    for event in extra:
        app.step([event])
    app.step([pygame.event.Event(MOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=end, button=1)])


def slot_centre(scene: BoxesScene, x: int, y: int):
    return scene.camera.slot_rect(x, y).center


def button(scene: BoxesScene, text: str):
    return next(w for w in scene.buttons.widgets if getattr(w, "text", None) == text)


def moves(scene: BoxesScene) -> list[str]:
    return scene.local.match.moves


# -- cards ------------------------------------------------------------------------------------
def test_drag_a_card_onto_a_lit_slot_places_it(table):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}))
    app.step([pygame.event.Event(DOWN, pos=hand_rect(0).center, button=1)])
    app.step([pygame.event.Event(MOTION, pos=VIEWPORT.center, rel=(0, 0), buttons=(1, 0, 0))])
    lit = {(t.x, t.y) for t in scene.drag.legal}
    assert {(6, 4), (8, 5), (6, 6)} <= lit and (6, 3) not in lit
    app.step([pygame.event.Event(MOTION, pos=slot_centre(scene, 6, 4), rel=(0, 0), buttons=(1, 0, 0))])
    assert scene.drag.target_legal and scene.preview(scene.drag.target).joined == 1
    app.step([pygame.event.Event(UP, pos=slot_centre(scene, 6, 4), button=1)])
    assert moves(scene) == ["play CUP t0 r0 @ (6,4)"]
    assert scene.log[-1] == "P1 lays a cup."


@pytest.mark.parametrize("where, sentence", [
    ((6, 2), "The card must touch a card on the table, side to side."),
    ((6, 5), "There is already a card there."),
    ((-1, 5), "That does not fit on the table."),
])
def test_an_illegal_drop_glides_back_with_the_reason(table, where, sentence):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}))
    click(app, button(scene, "Fit").rect.center)               # the whole table, edges too
    drag(app, hand_rect(1).center, slot_centre(scene, *where))
    assert moves(scene) == []
    assert scene.status_error and scene.status == sentence
    assert scene.drag.is_lifted(HandCard(1))
    app.run_frames(30)
    assert not scene.drag.is_lifted(HandCard(1))


def test_right_click_turns_the_card_and_its_cat_spot_flashes(table):
    app, scene = table
    set_position(app, scene, position(["(6,5) ..##"], step="play",
                                      hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}))
    turn = pygame.event.Event(DOWN, pos=VIEWPORT.center, button=3)
    drag(app, hand_rect(0).center, slot_centre(scene, 6, 6), [turn])
    assert moves(scene) == ["play CUP t0 r180 @ (6,6)"]
    assert scene.local.match.state.step == "cat" and scene.local.match.state.awake_positions() == [(6, 5)]
    assert button(scene, "No cat — end turn").enabled
    app.run_frames(2)


def test_place_an_awake_cat_by_dragging_it_onto_the_flashing_spot(table):
    app, scene = table
    set_position(app, scene, _after_cup(scene))
    drag(app, CATS_RECT.center, scene.camera.seam_point(6, 5))
    assert moves(scene)[-1] == "cat @ (6,5)"
    assert scene.local.match.state.supply[0] == 4
    assert scene.log[-1] == "P1 puts an awake cat on it (4 cats left)."


def _after_cup(scene: BoxesScene):
    state = position(["(6,5) ..##"], step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2})
    state.apply(scene.local.match.game.parse_move(state, "play CUP t0 r180 @ (6,6)"))
    return state


def test_click_the_flashing_spot_or_skip(table):
    app, scene = table
    set_position(app, scene, _after_cup(scene))
    click(app, scene.camera.seam_point(6, 5))
    assert moves(scene)[-1] == "cat @ (6,5)"
    set_position(app, scene, _after_cup(scene))
    drag(app, CATS_RECT.center, scene.camera.seam_point(6, 3))   # no card there: refused
    assert scene.status == "A cat needs two cards, one above the other, under it."
    click(app, button(scene, "No cat — end turn").rect.center)
    assert moves(scene)[-1] == "skip" and scene.local.match.state.to_move == 1


# -- the sleeping cat, drawing, the Princess, discarding -----------------------------------------
D4 = ["(3,4) #.## t1", "(3,5) .### t1", "(8,5) ..##"]


def test_sleeping_cat_button_then_a_lit_pair(table):
    app, scene = table
    set_position(app, scene, position(D4))
    sleep = button(scene, "Sleeping cat")
    assert sleep.enabled and button(scene, "Draw a card").enabled
    click(app, sleep.rect.center)
    assert scene.drag.selected == CAT_PIECE
    assert [(t.x, t.y) for t in scene.drag.legal] == [(3, 4)]
    app.run_frames(1)
    click(app, scene.camera.seam_point(3, 4))
    assert moves(scene) == ["sleep @ (3,4)"]
    assert scene.local.match.state.layout.cats[scene.local.match.state.geo.slot(3, 4)] == (0, False)


def test_draw_with_the_button_or_the_deck(table):
    app, scene = table
    set_position(app, scene, position(D4))
    left = len(scene.local.match.state.deck)
    click(app, button(scene, "Draw a card").rect.center)
    assert moves(scene) == ["draw"] and len(scene.local.match.state.deck) == left - 1
    set_position(app, scene, position(D4))
    click(app, DECK_RECT.center)
    assert moves(scene)[-1] == "draw"


def test_a_card_before_drawing_says_draw_first(table):
    app, scene = table
    set_position(app, scene, position(D4))
    drag(app, hand_rect(0).center, slot_centre(scene, 9, 5))
    assert scene.status == "Draw a card first (or lay a sleeping cat instead)."


D6 = ["(6,3) #.## t1", "(6,4) ..## t1", "(6,5) ..## t2", "(6,6) .### t1", "(2,4) #.##", "(2,5) .###"]


def test_princess_onto_a_lit_rival_cat(table):
    app, scene = table
    state = position(D6, ["P2@(6,3)", "P1@(2,4)"], step="play",
                     hands={"P1": ["PRINCESS", "CUP t0"], "P2": 2})
    set_position(app, scene, state)
    drag(app, hand_rect(0).center, scene.camera.seam_point(2, 4))   # her own cat
    assert scene.status == "A Princess cannot replace your own cat."
    app.run_frames(30)
    app.step([pygame.event.Event(DOWN, pos=hand_rect(0).center, button=1)])
    app.step([pygame.event.Event(MOTION, pos=VIEWPORT.center, rel=(0, 0), buttons=(1, 0, 0))])
    assert [(t.x, t.y) for t in scene.drag.legal] == [(6, 3)]
    target = scene.camera.slot_rect(6, 4).center   # anywhere on the cat's lower card
    app.step([pygame.event.Event(MOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=target, button=1)])
    assert moves(scene) == ["princess @ (6,3)"]
    assert scene.log[-1] == "P1 plays a Princess: P2's cat goes home."


def test_nothing_fits_so_a_card_is_dropped_on_the_discard_area(table):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["PRINCESS", "PRINCESS"], "P2": 2}))
    assert scene.discarding()
    drag(app, hand_rect(1).center, ACTIONS.center)
    assert moves(scene) == ["discard PRINCESS"]


# -- the view: pan and zoom keep hit-testing exact ------------------------------------------------
def test_the_table_opens_on_the_cards_readable_and_fit_shows_it_all(catgames_home):
    for seats in (["human", "ai:easy"], ["human"] + ["ai:easy"] * 4):
        app, scene = open_table(seats)
        cam = scene.camera
        assert cam.w >= 90                                      # cards at least 90 px wide
        state = scene.boxes
        for slot in state.layout.cards:                         # the start row in view...
            assert VIEWPORT.contains(cam.slot_rect(*state.geo.xy(slot)))
        click(app, button(scene, "Fit").rect.center)
        assert cam.w < 90 and VIEWPORT.contains(cam.table_rect)  # ...and Fit: the whole table
        app.stack.pop_until(lambda s: False)


def test_r_turns_a_card_dragged_with_the_mouse_and_its_ghost(table, monkeypatch):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "TOY t3"], "P2": 2}))
    turns: list[int] = []
    real = pieces_module.draw_hand_card
    for module in (pieces_module, ghosts):  # the card under the pointer, and its ghost
        monkeypatch.setattr(module, "draw_hand_card",
                            lambda c, r, kind, rot: (turns.append(rot), real(c, r, kind, rot)))
    r_key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")
    app.step([pygame.event.Event(DOWN, pos=hand_rect(0).center, button=1)])
    app.step([pygame.event.Event(MOTION, pos=slot_centre(scene, 6, 6), rel=(0, 0), buttons=(1, 0, 0))])
    assert scene.drag.dragging and scene.drag.target.rot == 0
    turns.clear()
    app.step([r_key])
    assert scene.drag.dragging and scene.drag.rotation == 1 and scene.drag.target.rot == 180
    assert turns and set(turns) == {180}                         # the ghost on the table turned
    app.step([pygame.event.Event(MOTION, pos=(VIEWPORT.centerx, VIEWPORT.bottom + 60), rel=(0, 0),
                                 buttons=(1, 0, 0))])
    turns.clear()
    app.run_frames(1)
    assert set(turns) == {180}                                   # ...and the card under the pointer
    app.step([pygame.event.Event(UP, pos=slot_centre(scene, 6, 6), button=1)])
    assert moves(scene) == ["play CUP t0 r180 @ (6,6)"]


def test_a_held_card_shows_its_turn_in_the_hand_and_a_same_both_ways_card_says_so(table, monkeypatch):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "TOY t3"], "P2": 2}))
    click(app, hand_rect(0).center)                              # selected, not dragged
    key(app, pygame.K_r)
    assert scene.drag.selected == HandCard(0) and scene.drag.rotation == 1
    turns: list[int] = []
    monkeypatch.setattr(panels, "draw_hand_card", lambda c, r, kind, rot: turns.append(rot))
    app.canvas._layers.clear()
    app.run_frames(1)
    assert 180 in turns
    key(app, pygame.K_ESCAPE)
    click(app, hand_rect(1).center)
    key(app, pygame.K_r)
    assert scene.drag.rotation == 0 and scene.status == "This card is the same both ways round: no need to turn it."


def test_pan_and_zoom_keep_drops_where_the_pointer_is(table):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}))
    cam = scene.camera
    click(app, button(scene, "Fit").rect.center)
    zoom, origin = cam.zoom, cam.origin
    app.step([pygame.event.Event(MOTION, pos=(300, 200), rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(3):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                     precise_x=0.0, precise_y=1.0)])
    assert cam.zoom > zoom * 1.4
    board = cam.board((300, 200))
    app.step([pygame.event.Event(DOWN, pos=(400, 300), button=3),
              pygame.event.Event(MOTION, pos=(340, 260), rel=(0, 0), buttons=(0, 0, 1)),
              pygame.event.Event(UP, pos=(340, 260), button=3)])
    app.step([pygame.event.Event(DOWN, pos=(400, 300), button=2),
              pygame.event.Event(MOTION, pos=(420, 290), rel=(0, 0), buttons=(0, 1, 0)),
              pygame.event.Event(UP, pos=(420, 290), button=2)])
    key(app, pygame.K_LEFT)
    moved = cam.board((300, 200))
    assert cam.origin != origin and moved != board
    app.step([pygame.event.Event(DOWN, pos=hand_rect(1).center, button=1)])
    app.step([pygame.event.Event(MOTION, pos=VIEWPORT.center, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                 precise_y=-1.0)])        # the wheel zooms; it does not turn
    assert scene.drag.holding and scene.drag.rotation == 0
    spot = slot_centre(scene, 8, 5)
    assert VIEWPORT.collidepoint(spot)
    app.step([pygame.event.Event(MOTION, pos=spot, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=spot, button=1)])
    assert moves(scene) == ["play SHAFT t0 r0 @ (8,5)"]


def test_keyboard_play_digit_arrows_turn_enter(table):
    app, scene = table
    set_position(app, scene, position(["(6,5) ..##"], step="play",
                                      hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}))
    key(app, pygame.K_1)                       # the legal slot nearest the middle of the view
    assert scene.drag.selected == HandCard(0) and scene.keys.slot in {(6, 4), (6, 6), (5, 5), (7, 5)}
    x, y = scene.keys.slot
    for k, n in ((pygame.K_RIGHT, 6 - x), (pygame.K_LEFT, x - 6), (pygame.K_DOWN, 6 - y)):
        for _ in range(max(0, n)):
            key(app, k)
    key(app, pygame.K_r)
    assert scene.keys.slot == (6, 6)
    key(app, pygame.K_RETURN)
    assert moves(scene) == ["play CUP t0 r180 @ (6,6)"]
    key(app, pygame.K_4)                       # the cat goes straight to its only spot
    key(app, pygame.K_RETURN)
    assert moves(scene)[-1] == "cat @ (6,5)"


# -- set-up, hotseat, hidden hands ----------------------------------------------------------------
def test_start_row_choice_and_hand_off_between_humans(catgames_home):
    app, scene = open_table(["human", "human", "human"])
    try:
        assert app.stack.top is scene              # nothing is hidden yet: no hand-off
        sides = scene.start_slots()
        assert set(sides) == {"left", "right"}
        click(app, slot_centre(scene, *sides["left"]))
        assert moves(scene) == ["start left"]
        assert app.stack.top is scene
        click(app, button(scene, "Right end ▶").rect.center)
        assert moves(scene) == ["start left", "start right"]
        assert isinstance(app.stack.top, HandoffScene)   # the hands are dealt: hidden now
        assert app.stack.top.seat_name == scene.seat_names[scene.local.match.state.to_move]
    finally:
        app.stack.pop_until(lambda s: False)


def test_hand_off_hides_the_table_until_the_next_player_is_ready(catgames_home, monkeypatch):
    app, scene = open_table(["human", "human"])
    try:
        drawn: list[str] = []
        monkeypatch.setattr(panels, "draw_hand_card",
                            lambda canvas, rect, kind, rot: drawn.append(kind.name))
        hand_over(app)                    # the start row's hand-off
        set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "SHAFT t0"],
                                                                    "P2": ["TOY t3", "END t1"]}))
        hand_over(app)                    # P1 is ready
        drag(app, hand_rect(0).center, slot_centre(scene, 6, 4))
        click(app, button(scene, "No cat — end turn").rect.center)
        drawn.clear()
        app.run_frames(3)
        assert isinstance(app.stack.top, HandoffScene) and drawn == []
        hand_over(app)                    # P2 is ready
        assert sorted(set(drawn)) == ["END t1", "TOY t3"]
    finally:
        app.stack.pop_until(lambda s: False)


def test_an_ai_turn_shows_only_the_humans_own_hand(table, monkeypatch):
    app, scene = table
    drawn: list[str] = []
    monkeypatch.setattr(panels, "draw_hand_card", lambda canvas, rect, kind, rot: drawn.append(kind.name))
    set_position(app, scene, position(ROW, to_move="P2", hands={"P1": ["CUP t2", "TOY t3"],
                                                                  "P2": ["PRINCESS", "END t0"]}))
    assert sorted(set(drawn)) == ["CUP t2", "TOY t3"]
    assert scene.seen.hands[1] == [UNKNOWN, UNKNOWN] and set(scene.seen.deck) == {UNKNOWN}


def test_an_all_ai_table_shows_no_hand_face_up(catgames_home, monkeypatch):
    app, scene = open_table(["ai:easy", "ai:easy"])
    try:
        drawn: list[str] = []
        monkeypatch.setattr(panels, "draw_hand_card", lambda canvas, rect, kind, rot: drawn.append(kind.name))
        set_position(app, scene, position(ROW, hands={"P1": ["CUP t2", "TOY t3"], "P2": 2}))
        app.run_frames(2)
        assert scene.private_seat() is None and drawn == []
    finally:
        app.stack.pop_until(lambda s: False)


# -- the end --------------------------------------------------------------------------------------
def test_end_phase_banner_and_the_end_screen(table):
    app, scene = table
    state = position(["(6,4) #.## t2", "(6,5) ..## t1"], ["P1@(6,4)"], end_phase=True, step="play",
                     hands={"P1": ["CUP t1"], "P2": 0}, deck=3)
    set_position(app, scene, state)
    turn = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")
    drag(app, hand_rect(0).center, slot_centre(scene, 6, 6), [turn])
    assert moves(scene) == ["play CUP t1 r180 @ (6,6)"]
    assert scene.local.match.state.is_over()
    assert any("A box is closed: 3 cards, 4 toys" in line for line in scene.log)
    app.run_frames(90)
    assert scene.stage.playing and app.stack.top is scene  # the box is walked through first
    key(app, pygame.K_SPACE)                 # skipped: the end comes as before
    app.run_frames(90)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    heads, rows = scene.score_table(over.outcome)
    assert heads == ["Player", "Boxes won", "Cats placed", "Total"]
    assert rows == [["P1", "1", "1", "4"], ["P2", "0", "0", "0"]]
    app.run_frames(80)                      # the box-by-box breakdown draws without error


def test_end_phase_starts_with_a_banner(table):
    app, scene = table
    state = position(ROW, hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}, deck=["END t0"])
    set_position(app, scene, state)
    click(app, button(scene, "Draw a card").rect.center)
    drag(app, hand_rect(0).center, slot_centre(scene, 6, 4))
    click(app, button(scene, "No cat — end turn").rect.center)
    assert scene.local.match.state.end_phase
    assert scene.banner is not None and scene.banner[0].startswith("End phase")
    assert "End phase: nobody draws or lays sleeping cats any more." in map(str.strip, scene.log)


# -- previews: what the note says is what the log then says ------------------------------------
#: a six-card box with 3 toys and one of P2's cats, open only at the top of (6,4)
CAPPED = ["(5,4) #.#. t0", "(6,4) .... t1", "(7,4) #..# t0", "(5,5) .##. t2", "(6,5) .#.. t0",
          "(7,5) .#.# t0", "(4,5) ..## start"]


def _hold_over(app: App, scene: BoxesScene, index: int, slot, notes: list[str], turn: bool = False):
    """Drag hand card ``index`` over ``slot`` (turned with R first) and keep the notes drawn."""
    app.step([pygame.event.Event(DOWN, pos=hand_rect(index).center, button=1)])
    app.step([pygame.event.Event(MOTION, pos=VIEWPORT.center, rel=(0, 0), buttons=(1, 0, 0))])
    if turn:
        key(app, pygame.K_r)
    notes.clear()
    app.step([pygame.event.Event(MOTION, pos=slot_centre(scene, *slot), rel=(0, 0), buttons=(1, 0, 0))])
    app.run_frames(1)


@pytest.fixture
def notes(monkeypatch):
    drawn: list[str] = []
    monkeypatch.setattr(ghosts, "draw_note", lambda canvas, rect, text, error: drawn.append(text))
    return drawn


def test_capping_a_rivals_box_previews_the_closing_the_log_then_reports(table, notes):
    """The played-test case: a cup laid upside down on the only open side of a 3-toy box starts
    a box of its own and closes the other; the note says both, in the log's own words."""
    app, scene = table
    set_position(app, scene, position(CAPPED, ["P2@(6,4)"], step="play",
                                      hands={"P1": ["CUP t0", "OPEN t0"], "P2": 2}))
    _hold_over(app, scene, 0, (6, 3), notes, turn=True)
    assert scene.drag.target_legal and notes
    lines = notes[-1].split("\n")
    assert lines[0] == "Starts a new box"
    assert lines[1] == "A box is closed: 6 cards, 3 toys. ⚠ It would pay ■ P2 3 pts."
    app.step([pygame.event.Event(UP, pos=slot_centre(scene, 6, 3), button=1)])
    assert moves(scene) == ["play CUP t0 r180 @ (6,3)"]
    closed = [line.strip() for line in scene.log if "closed" in line]
    assert closed == ["A box is closed: 6 cards, 3 toys."] and lines[1].startswith(closed[0])


def test_growing_a_rivals_box_warns_that_your_cats_stay_out(table, notes):
    app, scene = table
    set_position(app, scene, position(CAPPED, ["P2@(6,4)"], step="play",
                                      hands={"P1": ["CUP t0", "OPEN t0"], "P2": 2}))
    _hold_over(app, scene, 1, (6, 3), notes)
    assert notes[-1].split("\n") == [
        "Adds to a box: now 7 cards, 3 toys",
        "⚠ This grows a box of ■ P2: your cats may not go in it",
        "No cat can lie on it",
    ]


def test_closing_your_own_box_says_it_pays_you(table, notes):
    app, scene = table
    set_position(app, scene, position(["(6,4) #.## t2", "(6,5) ..## t1", "(5,5) ..## start"],
                                      ["P1@(6,4)"], step="play",
                                      hands={"P1": ["CUP t1", "TOY t3"], "P2": 2}))
    _hold_over(app, scene, 0, (6, 6), notes, turn=True)
    assert notes[-1].split("\n") == [
        "Adds to a box",
        "A box is closed: 3 cards, 4 toys. It would pay ● P1 4 pts.",
        "No cat can lie on it",
    ]
    app.step([pygame.event.Event(UP, pos=slot_centre(scene, 6, 6), button=1)])
    assert "  A box is closed: 3 cards, 4 toys." in scene.log


# -- the view stays where the player put it ------------------------------------------------------
def _away_position():
    """P2 (the AI) to play a card far to the right of the start row, out of a zoomed-in view."""
    return position(ROW, step="play", to_move="P2", hands={"P1": ["CUP t0", "SHAFT t0"],
                                                            "P2": ["SHAFT t0", "END t0"]})


def test_an_ai_move_out_of_sight_does_not_move_the_view_but_an_arrow_points_there(table):
    app, scene = table
    state = _away_position()
    for x in range(8, 12):   # a row of shafts reaching the table's right end
        state.layout.place(state.geo.slot(x, 5), state.data.by_name["SHAFT t0"], 0,
                           state.data.kind("SHAFT t0").edges, 0)
    set_position(app, scene, state)
    cam = scene.camera
    cam.zoom_at(slot_centre(scene, 6, 5), 1.6 / cam.zoom)
    cam.centre_on((6.5, 5.5))
    app.step([pygame.event.Event(MOTION, pos=slot_centre(scene, 6, 4), rel=(0, 0), buttons=(0, 0, 0))])
    origin, zoom = cam.origin, cam.zoom
    scene._play(scene.local.match.game.parse_move(scene.observed, "play END t0 r0 @ (12,5)"))  # the AI's move
    app.run_frames(3)
    assert (cam.origin, cam.zoom) == (origin, zoom)           # nothing moved under the pointer
    assert scene.away.slots == [(12, 5)]
    (at, direction), = scene.away.arrows(scene.camera)
    assert VIEWPORT.collidepoint(at) and direction[0] > 0.9    # on the right, pointing right
    click(app, at)                                             # the player asks: the view goes
    assert VIEWPORT.contains(cam.slot_rect(12, 5)) and scene.away.slots == []


def test_undo_keeps_the_view(table):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}))
    scene.camera.pan(-120, 40)
    origin = scene.camera.origin
    drag(app, hand_rect(0).center, slot_centre(scene, 6, 4))
    click(app, button(scene, "Undo").rect.center)
    assert moves(scene) == [] and scene.camera.origin == origin


# -- dragging near the view's edge scrolls it ------------------------------------------------------
def test_dragging_near_the_edge_scrolls_smoothly_until_the_tables_edge_shows(table):
    app, scene = table
    set_position(app, scene, position(ROW, step="play", hands={"P1": ["CUP t0", "SHAFT t0"], "P2": 2}))
    cam = scene.camera
    app.step([pygame.event.Event(DOWN, pos=hand_rect(1).center, button=1)])
    edge = (VIEWPORT.centerx, VIEWPORT.bottom - 10)   # crossing the band on the way in: no scroll
    app.step([pygame.event.Event(MOTION, pos=edge, rel=(0, 0), buttons=(1, 0, 0))])
    origin = cam.origin
    app.run_frames(3)
    assert cam.origin == origin and not scene.edge_scrolling
    app.step([pygame.event.Event(MOTION, pos=VIEWPORT.center, rel=(0, 0), buttons=(1, 0, 0))])
    right = (VIEWPORT.right - 6, VIEWPORT.centery)
    app.step([pygame.event.Event(MOTION, pos=right, rel=(0, 0), buttons=(1, 0, 0))])
    xs = [cam.origin[0]]
    for _ in range(5):
        app.run_frames(1)
        assert scene.animating()
        xs.append(cam.origin[0])
    steps = [a - b for a, b in zip(xs, xs[1:])]
    assert all(0 < s < 20 for s in steps)                  # smooth: a few px a frame, leftwards
    assert scene.drag.target == scene.snap(HandCard(1), 0, right)   # the ghost follows the slot
    app.run_frames(400)
    assert not scene.animating()                           # it stops: the table's edge shows
    assert cam.table_rect.right <= VIEWPORT.right - 20
    app.step([pygame.event.Event(UP, pos=right, button=1)])


# -- the zoom buttons keep off the table ---------------------------------------------------------
def test_the_zoom_buttons_never_cover_the_table(table):
    app, scene = table
    zoom = scene.view.buttons(app.canvas)
    for b in zoom:
        assert not b.rect.colliderect(VIEWPORT) and not b.rect.colliderect(panels.TRAY)
    cam = scene.camera
    for factor, pan in ((1.6, (0, 0)), (0.4, (-300, -300)), (1.0, (400, 200))):
        cam.zoom_at(VIEWPORT.center, factor / cam.zoom)
        cam.pan(*pan)
        for x in range(-1, cam.cols + 1):
            for y in range(-1, cam.rows + 1):
                shown = cam.slot_rect(x, y).clip(VIEWPORT)
                assert not any(b.rect.colliderect(shown) for b in zoom)
