"""The Kotatsu Cats table driven by synthetic mouse and keyboard events, as a player would use it."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.table import panels, resolution
from catgames.games.kotatsu.components import CATEGORY_IDS
from catgames.games.kotatsu.gestures import DISCARD_PILE, Cards, Edge
from catgames.games.kotatsu.moves import PASS, Discard, Pick, Play
from catgames.games.kotatsu.rules import DISCARDING, PICKING, PLAYING, KotatsuState
from catgames.games.kotatsu.table.scene import KotatsuScene
from catgames.games.kotatsu.table.words import category_name
from catgames.ui import i18n
from catgames.ui.app import App
from catgames.ui.scenes.handoff import HandoffScene
from catgames.ui.widgets import Button
from tests.helpers import new_app
from tests.games.kotatsu.helpers import position
from tests.ui.helpers import IdleWorker, click, hand_over, key
from tests.ui.layout import layout_app, marks_of, table as layout_table
from tests.games.names import P_NAMES

DOWN, UP, MOTION = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION


def open_table(seats: list[str], options: dict | None = None, seed: int = 5) -> tuple[App, KotatsuScene]:
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    scene = KotatsuScene(app, Match.new("kotatsu", len(seats), seats, options or {}, seed=seed,
                                      names=P_NAMES[:len(seats)]))
    app.push(scene)
    hand_over(app)
    app.run_frames(1)
    return app, scene


def advance(scene: KotatsuScene, until, rng_seed: int = 3, limit: int = 400) -> None:
    """Play random legal moves for every seat until ``until(state)`` holds."""
    rng = random.Random(rng_seed)
    for _ in range(limit):
        if until(scene.local.match.state):
            scene._match_changed()  # the match was played past the feed: read anew
            scene._build_buttons()
            return
        scene.local.match.play(rng.choice(scene.local.match.state.legal_moves()))
    raise AssertionError("position not reached")


@pytest.fixture
def table(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    advance(scene, lambda s: s.to_move == 0 and s.phase == PLAYING)
    app.run_frames(1)
    yield app, scene
    app.stack.pop_until(lambda s: False)


def drag(app: App, start, end) -> None:
    app.step([pygame.event.Event(DOWN, pos=start, button=1)])
    for pos in ((start[0], start[1] - 60), end):
        app.step([pygame.event.Event(MOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=end, button=1)])


def legal_single(scene: KotatsuScene) -> tuple[int, int, Play]:
    """A hand index and a kotatsu where that one card may go, with the rules' move."""
    for k in range(3):
        for i in range(3):
            move = scene.move_for(Cards((i,)), Edge(k))
            if scene.check(Cards((i,)), Edge(k)) is None and isinstance(move, Play):
                return i, k, move
    raise AssertionError("no single-card play")


def test_drag_one_card_onto_a_lit_edge_plays_it(table):
    app, scene = table
    i, k, move = legal_single(scene)
    app.step([pygame.event.Event(DOWN, pos=L.hand_rect(i).center, button=1)])
    app.step([pygame.event.Event(MOTION, pos=L.drop_area(k).center, rel=(0, 0), buttons=(1, 0, 0))])
    assert Edge(k) in scene.drag.legal and scene.drag.target == Edge(k) and scene.drag.target_legal
    app.step([pygame.event.Event(UP, pos=L.drop_area(k).center, button=1)])
    turn = scene.local.match.history[-1]
    assert turn.seat == 0 and turn.move == str(move)
    assert any(line.startswith("P1 plays") and f"on kotatsu {k + 1}" in line for line in scene.log)


@pytest.mark.parametrize("where", ["futon", "top_edge", "left_edge", "right_edge"])
def test_a_release_off_the_movers_edge_plays_nothing(table, where):
    """Only the mover's own edge area commits: the futon and an opponent's edge of a lit
    kotatsu, or its label, take nothing (a stray release used to play)."""
    app, scene = table
    i, k, _ = legal_single(scene)
    spot = L.futon(k).center if where == "futon" else L.edge_area(k, where.split("_")[0]).center
    assert not L.drop_area(k).collidepoint(spot)
    before = len(scene.local.match.history)
    drag(app, L.hand_rect(i).center, spot)
    assert len(scene.local.match.history) == before
    drag(app, L.hand_rect(i).center, L.drop_area(k).center)
    assert len(scene.local.match.history) > before


def test_click_a_card_then_drag_a_second_plays_both(table):
    app, scene = table
    empty = [k for k in range(3) if not scene.local.match.state.edges[k][0]]
    assert empty, "the position needs an empty edge"
    k = empty[0]
    click(app, L.hand_rect(0).center)
    assert scene.drag.selected == Cards((0,))
    drag(app, L.hand_rect(2).center, L.drop_area(k).center)
    move = scene.local.match.game.parse_move(scene.local.match.state, scene.local.match.history[-1].move)
    assert isinstance(move, Play) and move.kotatsu == k and len(move.cards) == 2


def test_two_selected_cards_light_only_edges_that_take_two(table):
    app, scene = table
    click(app, L.hand_rect(0).center)
    click(app, L.hand_rect(1).center)
    assert scene.drag.selected == Cards((0, 1))
    expect = [Edge(k) for k in range(3) if len(scene.local.match.state.edges[k][0]) in (0, 1)]
    assert scene.drag.legal == expect
    click(app, L.hand_rect(1).center)          # clicking a selected card puts them back
    assert scene.drag.selected is None


def test_click_to_place(table):
    app, scene = table
    i, k, move = legal_single(scene)
    click(app, L.hand_rect(i).center)
    click(app, L.drop_area(k).center)
    assert scene.local.match.history[-1].move == str(move)


def test_an_illegal_drop_is_refused_and_says_why(table):
    app, scene = table
    state = scene.local.match.state
    one = [k for k in range(3) if len(state.edges[k][0]) == 1]
    if not one:  # make one: a single card onto an empty edge, then let the computer answer
        k = next(k for k in range(3) if not state.edges[k][0])
        scene.local.match.play(scene.move_for(Cards((0,)), Edge(k)))
        advance(scene, lambda s: s.to_move == 0 and s.phase == PLAYING)
        one = [k]
    before = scene.local.match.state.to_dict()
    drag(app, L.hand_rect(0).center, L.drop_area(one[0]).center)
    assert scene.local.match.state.to_dict() == before
    assert scene.status_error
    assert scene.status.startswith(f"Your edge of kotatsu {one[0] + 1} has room for 2 now, not 1")
    app.run_frames(30)                          # the card glides home and is drawn again
    assert scene._lifted() == ()


def test_keyboard_digits_arrows_and_enter(table):
    app, scene = table
    i, k, move = legal_single(scene)
    key(app, pygame.K_1 + i)
    assert scene.drag.selected == Cards((i,))
    for _ in range(k + 1):
        key(app, pygame.K_RIGHT)
    assert scene.cursor == k and scene.drag.target == Edge(k)
    key(app, pygame.K_RETURN)
    assert scene.local.match.history[-1].move == str(move)


def test_peek_and_pick_a_pair_by_clicking(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    advance(scene, lambda s: s.phase == PICKING and s.to_move == 0)
    app.run_frames(1)
    res = scene.resolution()
    assert res is not None and res.picker == 0
    faces = scene.peek_faces(res)
    real = [cu for _, cu in scene.local.match.state.pairs[res.kotatsu]]
    assert faces == real                        # the picker, and only the picker, sees them
    assert "wins" in resolution.decision_text(scene.seen.data, tuple(scene.local.match.seat_names),
                                          res.values, res.order)
    labels = [getattr(w, "text", "") for w in scene.buttons.widgets]
    assert "Take pair 1" in labels and "Take pair 2" in labels
    click(app, L.peek_boxes()[1].center)
    turn = scene.local.match.history[-1]
    assert turn.seat == 0 and turn.move == str(Pick(1))
    assert scene.recap is not None and "P1 took" in scene.recap[1]
    rows = [L.seat_row(seat, 2).x + 120 for seat in (0, 1)]
    slides = [tw for tw in scene.motion.tweens if tw.path[-1][0] in rows]
    assert len(slides) == 2                      # both pairs slide to the seats that took them
    app.stack.pop_until(lambda s: False)


def test_a_computer_picker_keeps_the_faces_hidden(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    advance(scene, lambda s: s.phase == PICKING and s.to_move == 1)
    faces: list = []
    original = resolution.draw_cushion_face
    resolution.draw_cushion_face = lambda *a, **k: faces.append(a)
    try:
        app.run_frames(2)
    finally:
        resolution.draw_cushion_face = original
    res = scene.resolution()
    assert res is not None and scene.peek_faces(res) is None and faces == []
    assert all(cu < 0 for _, cu in res.pairs)
    app.stack.pop_until(lambda s: False)


def test_hotseat_hands_over_before_showing_a_hand(catgames_home):
    app, scene = open_table(["human", "human"])
    first = scene.local.match.state.to_move
    assert scene.private_seat() == first
    i, k, _ = legal_single(scene)
    drag(app, L.hand_rect(i).center, L.drop_area(k).center)
    assert isinstance(app.stack.top, HandoffScene)
    hand_over(app)
    second = 1 - first
    assert scene.private_seat() == second
    assert set(scene.seen.hand()) == set(scene.local.match.state.hands[second])
    app.stack.pop_until(lambda s: False)


def test_only_the_viewers_cards_and_faces_are_ever_drawn(catgames_home, monkeypatch):
    for seats in (["human", "ai:easy", "ai:easy"], ["ai:easy", "ai:easy", "ai:easy"]):
        app, scene = open_table(seats)
        advance(scene, lambda s: len(s.collected[1]) + len(s.collected[2]) >= 2)
        drawn: list[int] = []
        faces: list[int] = []
        for module in (panels, resolution):  # the table and the resolution panel
            monkeypatch.setattr(module, "draw_card", lambda c, r, d, card, **k: drawn.append(card))
            monkeypatch.setattr(module, "draw_pair",
                                lambda c, p, s, d, cat, cu, face=False: faces.append(cu) if face else None)
        monkeypatch.setattr(resolution, "draw_cushion_face", lambda c, r, d, cu: faces.append(cu))
        for seat in range(3):   # point at every seat's collection, too
            app.step([pygame.event.Event(MOTION, pos=L.seat_row(seat, 3).center, rel=(0, 0), buttons=(0, 0, 0))])
        state = scene.local.match.state
        hidden = {c for s in range(3) if s != scene.private_seat() for c in state.hands[s]}
        assert drawn and not hidden & set(drawn)
        own = {cu for _, cu, _ in state.collected[0]} if seats[0] == "human" else set()
        assert set(faces) <= own
        monkeypatch.undo()
        app.stack.pop_until(lambda s: False)


def test_the_collection_popup_hides_behind_the_pause_menu_and_after_it(catgames_home, monkeypatch):
    app, scene = open_table(["human", "ai:easy", "ai:easy"])
    shown: list[int] = []
    monkeypatch.setattr("catgames.games.kotatsu.table.scene.draw_collection",
                        lambda canvas, seen, seat, *a: shown.append(seat))
    app.step([pygame.event.Event(MOTION, pos=L.seat_row(0, 3).center, rel=(0, 0), buttons=(0, 0, 0))])
    assert shown == [0]
    scene.open_pause()
    shown.clear()
    app.run_frames(3)
    assert shown == []                                   # not over the menu
    app.stack.pop()                                      # Back, the mouse still
    app.run_frames(3)
    assert shown == [] and app.stack.top is scene
    app.step([pygame.event.Event(MOTION, pos=L.seat_row(1, 3).center, rel=(0, 0), buttons=(0, 0, 0))])
    assert shown == [1]
    app.stack.pop_until(lambda s: False)


@pytest.mark.parametrize("scale", (1.0, 1.25, 1.5))
def test_side_seats_get_their_hand_named_in_full(catgames_home, scale):
    """Every hand's name fits a left/right label on two lines, unshrunk, beside the bottom edge,
    at every text size; the bottom and top labels grow with the text on pieces."""
    app = new_app(Settings(ai_speed="instant", ui_scale=scale), worker_factory=IdleWorker, seed=1)
    canvas = app.canvas
    grow = canvas.piece_growth
    for k in range(3):
        box = L.label_box(k, "left", grow)
        assert not box.colliderect(L.edge_area(k, "bottom"))
        assert box.bottom < L.label_box(k, "bottom", grow).y
        assert L.label_box(k, "bottom", grow).h == L.LABEL_H * grow
        size = panels.side_label_size(canvas, box.w - 2)
        assert size >= panels.SIDE_LABEL_SIZE
        for category in range(len(CATEGORY_IDS)):
            lines = canvas.wrap(category_name(category), box.w - 2, size, True, fixed=True)
            assert len(lines) <= 2
            assert all(canvas.fit_size(line, size, box.w - 2, True, fixed=True) == size for line in lines)


def nothing_fits(players: int) -> KotatsuState:
    """P1 to move with every edge of P1 full: only a pass is legal (read as a position file)."""
    full = {k: {"edges": {"P1": ["O1", "O2", "O3"]}, "completed": {"P1": 1}} for k in (1, 2, 3)}
    state = position(players, full, hands={"P1": ["K1", "K2", "K3"]})
    assert state.legal_moves() == [PASS]
    return state


def load(app: App, scene: KotatsuScene, state: KotatsuState) -> None:
    """Put ``state`` on the table as a loaded game would be, past any hand-off."""
    match = Match.new("kotatsu", scene.local.match.players, scene.local.match.seats, {}, seed=5,
                      names=P_NAMES[:scene.local.match.players])
    match.state = state
    scene.replace_match(match)
    hand_over(app)
    app.run_frames(1)


def pass_button(scene: KotatsuScene) -> Button:
    return next(w for w in scene.buttons.widgets
                if isinstance(w, Button) and w.text == "Pass (nothing fits)")


def test_pass_button_when_nothing_fits(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    load(app, scene, nothing_fits(2))
    click(app, pass_button(scene).rect.center)
    assert scene.local.match.history[-1].move == "pass"
    app.stack.pop_until(lambda s: False)


def test_issue_11_key_1_arrow_then_pass_button_with_the_mouse_still(catgames_home):
    """Hotseat P1, P2 human, P3 AI; only a pass is legal; press 1, then →, then click the Pass
    button with no motion in between: no error, nothing held, no cursor, and the table draws."""
    app, scene = open_table(["human", "human", "ai:easy"])
    load(app, scene, nothing_fits(3))
    assert scene.private_seat() == 0 and scene.my_turn()
    key(app, pygame.K_1)
    key(app, pygame.K_RIGHT)
    assert scene.drag.piece == Cards((0,)) and scene.cursor == 0
    assert scene.drag.target == Edge(0) and not scene.drag.target_legal
    click(app, pass_button(scene).rect.center)          # no MOUSEMOTION before the click
    assert scene.local.match.history[-1].move == "pass" and scene.local.match.state.to_move == 1
    assert scene.drag.piece is None and scene.drag.selected is None and scene.cursor is None
    assert isinstance(app.stack.top, HandoffScene)     # P2 is next at the same device
    app.run_frames(3)
    hand_over(app)
    app.run_frames(3)
    assert app.stack.top is scene and scene.private_seat() == 1
    assert scene.drag.piece is None and scene.cursor is None
    app.stack.pop_until(lambda s: False)


def test_discard_after_a_single_card(catgames_home):
    app, scene = open_table(["human", "ai:easy"], {"single_card_discard": True})
    advance(scene, lambda s: s.to_move == 0 and s.phase == PLAYING)
    i, k, _ = legal_single(scene)
    drag(app, L.hand_rect(i).center, L.drop_area(k).center)
    assert scene.local.match.state.phase == DISCARDING
    app.run_frames(1)
    assert any(getattr(w, "text", "") == "Keep my cards" for w in scene.buttons.widgets)
    label = scene.move_for(Cards((0,)), DISCARD_PILE)
    drag(app, L.hand_rect(0).center, L.DISCARD.center)
    assert scene.local.match.history[-1].move == str(label) and isinstance(label, Discard)
    app.stack.pop_until(lambda s: False)


def test_a_computer_picker_waits_so_the_resolution_can_be_read(catgames_home):
    from catgames.core.rules import Event
    app, scene = open_table(["human", "ai:easy"])
    app.settings.ai_speed = "normal"
    scene.on_events(0, [Event.of("resolve", 1, kotatsu=0, order=(1, 0), categories=(6, 5),
                                 decided_by="category")])
    assert scene.hold == pytest.approx(4 * app.ai_delay())
    assert not scene.ai_may_move()          # the computer waits while the table is read
    app.step([], 0.1)
    assert not scene.ai_may_move()
    scene.hold = 0.0
    assert scene.ai_may_move()
    app.stack.pop_until(lambda s: False)


def test_the_end_breakdown_names_every_seats_cushions_from_the_table_view(catgames_home, monkeypatch):
    """The table draws from its seat's view alone, and the end breakdown still lists the
    computer's cushion faces: the finished game's view holds them."""
    app, scene = open_table(["human", "ai:easy"])
    advance(scene, lambda s: s.is_over())
    state = scene.local.match.state
    texts: list[str] = []
    monkeypatch.setattr(app.canvas, "paragraph", lambda text, *a, **k: texts.append(text) or 0.0)
    scene.draw_outcome_detail(app.canvas, pygame.FRect(60, 300, 1100, 400), state.outcome())
    for seat in range(2):
        faces = [panels.cushion_text(state.data, cu) for _, cu, _ in state.collected[seat]]
        assert faces and i18n.joined(faces) in texts[1 + seat]
    app.stack.pop_until(lambda s: False)


@pytest.mark.parametrize("language", ("en", "ru", "zh-TW"))
def test_the_hand_heading_ends_above_a_chosen_cards_ring(catgames_home, language):
    """At 150 % the heading over the hand ("Player 1's hand") keeps clear of the ring round a
    chosen card: before, the ring crossed its last line."""
    app = layout_app(language, 1.5)
    try:
        marks = marks_of(app, layout_table("kotatsu", 2))
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    room = pygame.FRect(L.HAND_X, L.HAND_TOP, 3 * L.HAND_STEP, L.HAND_Y - L.HAND_TOP)
    heading = [m for m in marks if room.collidepoint(m.rect.topleft)]
    assert heading
    ring = L.hand_ring(0).unionall([L.hand_ring(i) for i in (1, 2)])
    assert all(m.rect.bottom <= ring.top for m in heading), [(m.text, m.rect.bottom, ring.top) for m in heading]
