"""The If It Fits table at every text size: the zoom buttons keep off a fitted table, the deck's
lines stack under each other, and the text on pieces (keycaps, box badges) grows with the setting
while staying on its piece."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.core.storage import LANGUAGES
from catgames.games.boxes.table.board import paint_table
from catgames.games.boxes.components import boxes_data
from catgames.games.boxes.table.panels import DECK_RECT, TRAY, hand_rect
from catgames.games.boxes.table.scene import BoxesScene
from catgames.games.boxes.table.viewport import VIEWPORT
from catgames.games.boxes.table.pictures import MIN_WALL_PX, WALL_FILL
from catgames.games.boxes.table.view import Camera, draw_card
from catgames.ui import i18n
from catgames.ui.canvas import VIRTUAL_SIZE, Canvas, TextMark
from catgames.ui.table.layout import LOG_RECT, SIDE_RECT
from tests.games.boxes.helpers import position
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker
from tests.ui.layout import layout_app, marks_of, problems, table

SCALES = (1.0, 1.25, 1.5)
SIDE = pygame.FRect(900, 76, 364, 330)
ROW = ["(5,5) ..## start", "(6,5) ..## start", "(7,5) ..## start"]
#: an open box of two cards with a cat (its badge), in the end phase (the deck's extra line)
END_PHASE = position(ROW + ["(6,4) #.## t2"], ["P1@(6,4)"], end_phase=True, step="play",
                     hands={"P1": ["CUP t1", "TOY t3"], "P2": 2}, deck=0)


def open_scene(scale: float, seats: list[str], state=None):
    app = new_app(Settings(ai_speed="instant", ui_scale=scale), worker_factory=IdleWorker, seed=1)
    match = Match.new("boxes", len(seats), seats, {}, seed=3)
    if state is not None:
        match.state = state
    scene = app.push(BoxesScene(app, match))
    app.run_frames(1)
    return app, scene


def frame_marks(scale: float, state) -> list[TextMark]:
    """Every line of text of one frame of the table at ``scale`` (cached layers repainted)."""
    app, _ = open_scene(scale, ["human", "ai:easy"], state)
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)
    app.run_frames(1)
    marks, app.canvas.marks = app.canvas.marks, None
    app.stack.pop_until(lambda s: False)
    return marks


def mark(marks: list[TextMark], text: str, within: pygame.FRect) -> TextMark:
    found = [m for m in marks if m.text == text and within.contains(m.rect)]
    assert len(found) == 1, (text, [(m.text, m.rect) for m in marks])
    return found[0]


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("players", [2, 5])
def test_fit_keeps_the_zoom_buttons_off_the_table_and_fit_says_it_whole(catgames_home, scale, players):
    app, scene = open_scene(scale, ["human"] + ["ai:easy"] * (players - 1))
    scene.view.fit()
    rim = scene.camera.table_rect.inflate(8, 8)
    zoom_buttons = scene.view.buttons(app.canvas)
    assert scene.camera.viewport.contains(rim)
    assert not any(rim.colliderect(b.rect) for b in zoom_buttons)
    fit = zoom_buttons[-1]  # and its word at its full size
    assert app.canvas.text_size(fit.text, fit.size, bold=True)[0] <= fit.rect.w - 20
    app.stack.pop_until(lambda s: False)


def test_the_deck_lines_stack_at_every_text_size(catgames_home):
    column = pygame.FRect(DECK_RECT.x - 20, DECK_RECT.bottom, DECK_RECT.w + 40, TRAY.bottom - DECK_RECT.bottom)
    for scale in SCALES:
        marks = frame_marks(scale, END_PHASE)
        left, phase = mark(marks, "0 left", column), mark(marks, "End phase", column)
        assert left.rect.bottom <= phase.rect.top + 1 and TRAY.contains(phase.rect), scale


def table_marks(scale: float) -> list[TextMark]:
    """The text painted on the table picture (the scene keeps it in its own layer)."""
    app, scene = open_scene(scale, ["human", "ai:easy"], END_PHASE)
    canvas = Canvas(pygame.Surface(VIRTUAL_SIZE, pygame.SRCALPHA), scale)
    canvas.marks = []
    paint_table(canvas, scene.camera, scene.seen, scene.score_now)
    app.stack.pop_until(lambda s: False)
    return canvas.marks


def test_text_on_pieces_grows_with_the_text_size_and_stays_on_them(catgames_home):
    keycap = hand_rect(0).move(0, hand_rect(0).h).inflate(0, 40)  # "1" under the first card
    drawn = {}
    for scale in SCALES:
        key = mark(frame_marks(scale, END_PHASE), "1", keycap)
        assert key.rect.w <= 20 * (1 + (scale - 1) / 2), scale  # inside its keycap
        badge = [m for m in table_marks(scale) if m.text == "2"]  # the open box's toys
        assert len(badge) == 1
        drawn[scale] = key.px, badge[0].px
    for piece in range(2):  # the keycap's digit, the badge's toys
        assert drawn[1.0][piece] < drawn[1.25][piece] < drawn[1.5][piece]


def test_seat_details_wrap_at_a_large_text_size_rather_than_shrink(catgames_home):
    side = pygame.FRect(900, 76, 364, 330)
    for scale in SCALES:
        details = [m for m in frame_marks(scale, END_PHASE)
                   if side.contains(m.rect) and ("left" in m.text or "closed" in m.text)]
        assert len(details) >= 2 and {m.px for m in details} == {round(14 * scale)}, scale
        if scale == 1.5:  # English no longer fits one line there: two lines a seat
            assert len(details) == 4


@pytest.mark.parametrize("window", [(1280, 800), (640, 400)])
def test_walls_stay_plainly_thick_at_fit_zoom_on_the_large_table(window):
    """At Fit on the largest table, in a full and a half-size window, a wall is a solid dark
    band at least ``MIN_WALL_PX`` screen pixels thick (less one for rounding)."""
    canvas = Canvas(pygame.Surface(window))
    large = boxes_data().presets["large"]
    cam = Camera(VIEWPORT, large.cols, large.rows)
    cam.fit()
    rect = cam.slot_rect(large.cols // 2, large.rows // 2)
    draw_card(canvas, rect, 0, 0)                             # walls on every side
    x, top = canvas.to_real(rect.center)[0], canvas.to_real(rect.topleft)[1]
    column = [tuple(canvas.surface.get_at((x, y)))[:3] for y in range(top, top + 12)]
    first = column.index(WALL_FILL)
    run = next((i for i, c in enumerate(column[first:]) if c != WALL_FILL), len(column) - first)
    assert run >= MIN_WALL_PX - 1, column


def test_three_and_four_player_tables_fit_at_150_percent_in_every_language(catgames_home):
    """The screens the layout test does not list (it takes the fewest and most players): no
    text clipped, and the seats' details not shrunk to a squint beside large names."""
    for language in LANGUAGES:
        app = layout_app(language, 1.5)
        for players in (3, 4):
            marks = marks_of(app, table("boxes", players))
            assert problems(marks) == [], (language, players)
            smallest = min(m.px for m in marks if SIDE.contains(m.rect))
            assert smallest >= 0.7 * 14 * 1.5, (language, players)  # the details stay readable
    i18n.set_language("en")


#: a six-card box with 3 toys and a rival cat, open only at the top of (6,4)
CAPPED = ["(5,4) #.#. t0", "(6,4) .... t1", "(7,4) #..# t0", "(5,5) .##. t2", "(6,5) .#.. t0",
          "(7,5) .#.# t0", "(4,5) ..## start"]


def held_over(index: int, slot: tuple[int, int], turn: bool):
    """A screen: hand card ``index`` dragged over ``slot`` (turned first), its preview shown."""
    def open_it(app) -> None:
        match = Match.new("boxes", 2, ["human", "ai:easy"], {}, seed=3)
        match.state = position(CAPPED, ["P2@(6,4)"], step="play",
                               hands={"P1": ["CUP t0", "OPEN t0"], "P2": 2})
        scene = app.push(BoxesScene(app, match))
        app.run_frames(1)
        down, motion = pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION
        app.step([pygame.event.Event(down, pos=hand_rect(index).center, button=1)])
        if turn:
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")])
        app.step([pygame.event.Event(motion, pos=scene.camera.slot_rect(*slot).center, rel=(0, 0),
                                     buttons=(1, 0, 0))])
    return open_it


@pytest.mark.parametrize("scale", SCALES)
def test_the_preview_notes_fit_in_every_language(catgames_home, scale):
    """Closing a rival's box, and growing one: every line of the note inside the table."""
    for language in LANGUAGES:
        app = layout_app(language, scale)
        for screen in (held_over(0, (6, 3), True), held_over(1, (6, 3), False)):
            marks = marks_of(app, screen)
            note = [m for m in marks if "⚠" in m.text]
            assert note and all(VIEWPORT.contains(m.rect) for m in note), language
            assert problems(marks) == [], (language, scale)
    i18n.set_language("en")


def test_the_table_is_the_largest_part_of_the_window_and_frames_a_few_cards_large(catgames_home):
    """Issue 28: at 1280x800 the table's view is larger than the tray, the seats' panel and the
    log; a table of a few cards (the start row and one more) opens with them about 1.6 times
    their size at zoom 1 (1.25 before), every card and the slots round them in view."""
    area = VIEWPORT.w * VIEWPORT.h
    assert all(area > 2 * r.w * r.h for r in (TRAY, SIDE_RECT, LOG_RECT))
    _, scene = open_scene(1.0, ["human", "ai:easy"], END_PHASE)
    cam = scene.camera
    assert cam.zoom >= 1.55
    cards = [cam.slot_rect(x, y) for x, y in ((5, 5), (6, 5), (7, 5), (6, 4))]
    assert all(VIEWPORT.contains(r) for r in cards)
    around = [cam.slot_rect(4, 5), cam.slot_rect(8, 5), cam.slot_rect(6, 3), cam.slot_rect(6, 6)]
    assert all(r.clip(VIEWPORT).h >= r.h / 2 and r.clip(VIEWPORT).w >= r.w / 2 for r in around)


def test_a_hinted_card_shows_whole_and_its_note_leaves_it_in_sight(catgames_home, monkeypatch):
    """A hinted card on a slot the view cuts is panned into view, and the words of what it
    would do cover none of its ghost, wherever it goes (a play-test saw them over a card hinted
    at the foot of the view, cut by its edge, while the pointer rested up at the hint button:
    they kept clear of the pointer, not of the card)."""
    from catgames.games.boxes.moves import Play
    from catgames.games.boxes.table import ghosts
    from tests.ui.canned_table import mid_game
    from tests.ui.layout import open_table, whole_frame_marks

    notes: list[pygame.FRect] = []
    draw = ghosts.draw_note
    monkeypatch.setattr(ghosts, "draw_note", lambda canvas, rect, text, error=None: (
        notes.append(pygame.FRect(rect)), draw(canvas, rect, text, error)))
    match = mid_game("boxes", 2, 10)
    rng = random.Random(5)
    while not any(isinstance(m, Play) for m in match.state.legal_moves()):
        match.play(rng.choice(match.state.legal_moves()))
    match.hints = True
    covered, cut = [], []
    try:
        scene = open_table(layout_app("en", 1.0), "boxes", match)
        plays = [m for m in match.state.legal_moves() if isinstance(m, Play) and scene.drop_for(m) is not None
                 and VIEWPORT.collidepoint(scene.camera.slot_rect(m.x, m.y).center)]
        by_height = sorted(plays, key=lambda m: scene.camera.slot_rect(m.x, m.y).centery)
        for move in (by_height[-1], by_height[0]):  # the lowest card in sight, then the highest
            notes.clear()
            scene.hints.show(move)
            scene.hints.reading.wait()
            whole_frame_marks(scene.app)
            assert notes, f"no note for the hint {move}"
            ghost = scene.camera.slot_rect(move.x, move.y)
            covered += [str(move) for note in notes if note.colliderect(ghost)]
            cut += [] if VIEWPORT.contains(ghost) else [str(move)]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert (covered, cut) == ([], [])
