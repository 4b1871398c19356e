"""Cathood's previews tell what a move will do, and the move played is the one shown: the cubes
of a walk, a turned or swapped tile and the dog's street; the route drawn under the pointer (or
the other one, picked with R); colour choices as swatches on fixed number keys; hints that
match what is lit; a card dropped on a street says the rules' reason."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.cathood import gestures
from catgames.games.cathood.table import ghosts
from catgames.games.cathood.components import ACTIONS
from catgames.games.cathood.game import GAME
from catgames.games.cathood.gestures import Cat, Go, effects
from catgames.games.cathood.moves import Chase, Reserve, Rotate, Swap, Trade
from catgames.games.cathood.table.panels import route_segments
from catgames.games.cathood.table.prompts import CubeButton, KeyButton, hint_text
from catgames.games.cathood.rules import PLAY, CathoodState
from catgames.ui import i18n
from tests.games.cathood.helpers import position
from tests.games.cathood.test_scene import DOWN, MOTION, UP, last_move, market, open_table, space
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, key
from tests.ui.layout_cathood import computers
from tests.ui.test_hint import AnswerWorker, _hinted, _table

pytestmark = pytest.mark.usefixtures("catgames_home")


def random_play(players: int, seed: int, moves: int) -> CathoodState:
    """A random game ``moves`` plies in, at a free-play turn."""
    match = Match.new(GAME, players, ["human"] * players, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.is_over():
            break
        match.play(rng.choice(match.state.legal_moves()))
    return match.state


def outcome_of(state: CathoodState, move) -> gestures.Effects:
    """What playing ``move`` really does to the acting cat: its gain events, then the pending
    decision it stops at (a colour to choose, a coffee or bee, the dog, a fight)."""
    world = state.clone()
    seat = world.turn
    events = world.apply(move)
    data = world.data
    cubes: dict[str, int] = {}
    for event in events:
        if event.kind == "gain" and event.seat == seat:
            cubes[event.get("colour")] = cubes.get(event.get("colour"), 0) + 1
    specials, rivals = [], ()
    for step in reversed(world.todo):
        if step[0] == "take":
            key_ = "|".join(data.colours[c] for c in data.shop_colours[step[2]])
            cubes[key_] = cubes.get(key_, 0) + 1
        elif step[0] == "cb":
            specials += ["coffee"] * bool(step[2]) + ["bee"] * bool(step[3])
        elif step[0] == "dog":
            specials.append("dog")
        elif step[0] == "fight":
            rivals += (step[2],)
    return gestures.Effects(cubes, tuple(specials), rivals)


def comparable(found: gestures.Effects) -> tuple:
    return (found.cubes, sorted(found.specials), sorted(found.rivals))


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 4), (3, 2), (4, 3)])
def test_a_turn_or_swap_previews_exactly_what_it_gives(players, seed):
    """Every legal turn and swap of a random position: the preview's cubes and specials are
    those playing it gives (when the supply has every colour, so no choice is made for you)."""
    state = random_play(players, seed, 5 + 3 * players)
    assert state.phase == PLAY and not state.todo
    tried = gaining = 0
    for move in state.legal_moves():
        if isinstance(move, (Rotate, Swap)):
            tried += 1
            shown = effects(state, move)
            assert comparable(shown) == comparable(outcome_of(state, move)), move
            gaining += bool(shown.cubes or shown.specials)
    assert tried > 10 and gaining > 0


def test_a_walk_previews_what_the_rules_report_it_reaches():
    state = random_play(2, 6, 4)
    reach = {r["move"]: r for r in state.reach(state.turn)}
    for found in gestures.routes(state, None).values():
        for move, _ in found:
            shown = effects(state, move)
            assert shown.cubes == reach[str(move)]["cubes"]
            assert set(shown.specials) <= set(reach[str(move)]["specials"])   # (a coffee needs a cube)


def test_each_dog_street_previews_its_cubes():
    state = position({"P1": "H(1,0)", "P2": "V(0,3)"}, **market())
    state.apply(next(m for m in state.legal_moves() if str(m) == "diagonal SW 1"))
    chases = [m for m in state.legal_moves() if isinstance(m, Chase)]
    assert len(chases) > 1
    previews = [comparable(effects(state, m)) for m in chases]
    assert previews == [comparable(outcome_of(state, m)) for m in chases]
    assert any(p[0] for p in previews)                        # one of them pays


def test_the_dog_marks_show_each_streets_cubes(monkeypatch):
    app, scene = open_table(["human", "ai:easy"], position({"P1": "H(1,0)", "P2": "V(0,3)"}, **market()))
    assert scene.play_human(next(m for m in scene.local.match.state.legal_moves() if str(m) == "diagonal SW 1"))
    assert scene.decision() == "dog"
    drawn: list = []
    monkeypatch.setattr(ghosts, "draw_chips_in", lambda canvas, slot, cubes: drawn.append(cubes))
    scene.app.invalidate()
    app.run_frames(1)
    expected = [[k.split("|") for k, n in effects(scene.local.match.state, m).cubes.items() for _ in range(n)]
                for m in scene.local.match.state.legal_moves()]
    assert sorted(drawn) == sorted(expected) and any(drawn)
    app.stack.pop_until(lambda s: False)


# -- the route drawn is the route played --------------------------------------------------------
def two_route_table():
    """A table where the acting human's cat has a street that two routes reach."""
    app, scene = open_table(["human", "ai:easy"])
    match, rng = scene.local.match, random.Random(4)
    while scene.local.match.state.phase != PLAY or match.state.to_move != 0:
        match.play(rng.choice(match.state.legal_moves()))
    scene._match_changed()  # the match was played past the feed: read anew
    app.run_frames(1)
    end, found = next((e, f) for e, f in gestures.routes(scene.local.match.state, None).items() if len(f) > 1)
    return app, scene, end, found


def beside(scene, move, path) -> tuple[float, float]:
    """A point on the route's last line, a little before the street it ends on."""
    (ax, ay), (bx, by) = route_segments(scene.seen, scene.local.match.state.turn, move, path)[-1]
    d = math.dist((ax, ay), (bx, by))
    return bx + (ax - bx) / d * 12, by + (ay - by) / d * 12


@pytest.mark.parametrize("which,turns", [(0, 0), (1, 0), (0, 1)])
def test_the_route_drawn_under_the_pointer_is_the_move_played(monkeypatch, which, turns):
    """The pointer near one route's last line draws that route; R draws the other; the drop
    plays exactly the route that was drawn."""
    app, scene, end, found = two_route_table()
    drawn: list = []
    monkeypatch.setattr(ghosts, "draw_route", lambda canvas, seen, seat, move, path, legal: drawn.append((move, path)))
    at = beside(scene, *found[which])
    app.step([pygame.event.Event(DOWN, pos=scene.seen.cat_points()[0], button=1)])
    app.step([pygame.event.Event(MOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0))])
    for _ in range(turns):
        key(app, pygame.K_r)
    app.run_frames(1)
    shown = drawn[-1]
    assert scene.pieces.drawn_route(scene.drag.piece, scene.drag.target) == shown == found[(which + turns) % len(found)]
    assert isinstance(scene.drag.target, Go) and scene.drag.target.space == end
    app.step([pygame.event.Event(UP, pos=at, button=1)])
    assert last_move(scene) == str(shown[0])
    app.stack.pop_until(lambda s: False)


def test_the_route_hint_says_how_to_pick_the_other():
    app, scene, end, found = two_route_table()
    app.step([pygame.event.Event(DOWN, pos=scene.seen.cat_points()[0], button=1)])
    app.step([pygame.event.Event(MOTION, pos=scene.seen.space_point(end), rel=(0, 0), buttons=(1, 0, 0))])
    assert scene.status_hint() == i18n.t("cathood.hint.routes")
    assert isinstance(scene.drag.piece, Cat)
    app.stack.pop_until(lambda s: False)


# -- keys and swatches ----------------------------------------------------------------------------
def test_a_colour_keeps_its_number_key_in_every_choice():
    """The supermarket's pink, blue, yellow are 1, 2, 3; the mall's purple, orange, green are
    4, 5, 6: a colour's key never depends on what else is offered."""
    state = position({"P1": "V(2,2)", "P2": "V(0,0)"}, **market())
    app, scene = open_table(["human", "ai:easy"], state)
    data = scene.local.match.state.data
    scene.local.match.state.todo = [("take", 0, data.shop_names.index("mall"))]
    scene._match_changed()
    app.run_frames(1)
    buttons = [w for w in scene.buttons.widgets if isinstance(w, CubeButton)]
    assert [(b.colour, b.key) for b in buttons] == [("purple", "4"), ("orange", "5"), ("green", "6")]
    assert not any(ch.isdigit() for b in buttons for ch in b.text)      # a swatch, never "1 pink"
    key(app, pygame.K_2)                                                   # blue is not offered here
    assert scene.decision() == "take"
    key(app, pygame.K_5)
    assert last_move(scene) == "take orange"
    app.stack.pop_until(lambda s: False)


def test_take_the_disc_back_has_no_number_and_number_keys_stay_the_action_spaces():
    app, scene = open_table(["human", "ai:easy"], position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market()))
    key(app, pygame.K_3)                                         # a disc on Rotate
    assert scene.armed == ACTIONS.index("rotate")
    back = next(w for w in scene.buttons.widgets if isinstance(w, KeyButton))
    assert back.key == i18n.t("cathood.key_esc") and not any(ch.isdigit() for ch in back.text)
    key(app, pygame.K_1)                                         # 1 is Linear, as everywhere
    assert scene.armed == ACTIONS.index("linear")
    app.stack.pop_until(lambda s: False)


# -- hints and reasons ----------------------------------------------------------------------------
def test_the_coffee_hint_speaks_of_lit_cards_only_while_the_bee_may_take_one():
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"}, boards={"P1": {"cubes": {"pink": 2}}}, **market())
    state.todo = [("cb", 0, 0, 1, 1)]              # a coffee trade under way, the bee after it
    assert not any(isinstance(m, Reserve) for m in state.legal_moves())
    assert any(isinstance(m, Trade) for m in state.legal_moves())
    assert hint_text(state, None, None, None) == i18n.t("cathood.hint.coffee")
    state.todo = [("cb", 0, 1, 1, 0)]              # both to come: a card may be clicked
    assert hint_text(state, None, None, None) == i18n.t("cathood.hint.cb")
    state.cubes[0] = [0] * len(state.cubes[0])
    state.todo = [("cb", 0, 0, 1, 0)]              # only the bee
    assert any(isinstance(m, Reserve) for m in state.legal_moves())
    assert hint_text(state, None, None, None) == i18n.t("cathood.hint.bee")


def test_a_card_dropped_on_a_street_gives_the_rules_reason():
    app, scene = open_table(["human", "ai:easy"], position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market()))
    from catgames.games.cathood.table import layout as L
    street = space(scene, "V(2,1)")                                 # far from the cat
    app.step([pygame.event.Event(DOWN, pos=L.card_rect(0, 0).center, button=1)])
    app.step([pygame.event.Event(MOTION, pos=(street[0] + 30, street[1]), rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(MOTION, pos=street, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=street, button=1)])
    assert not scene.local.match.history and scene.status_error
    assert scene.status.startswith("Your cat is not next to a free")
    app.stack.pop_until(lambda s: False)


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_four_seat_rows_keep_names_readable(scale):
    """Four seats with computers and a long typed name: each name is drawn at 12 px or more
    (cut short with "…" rather than shrunk away), and each seat's kind is still written."""
    app = new_app(Settings(ai_speed="instant", ui_scale=scale), worker_factory=IdleWorker, seed=1)
    computers(app)
    app.run_frames(1)
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)
    app.invalidate()
    app.run_frames(1)
    marks, app.canvas.marks = app.canvas.marks, None
    scene = app.stack.top
    texts = {m.text: m for m in marks}
    for seat, name in enumerate(scene.seat_names):
        shown = texts.get(name) or next(m for t, m in texts.items() if t.endswith("…") and name.startswith(t[:-1]))
        assert shown.px >= 12 * scale * 0.99, (name, shown.px)
        assert i18n.t(f"seat_kind.{scene.local.match.seat_kind(seat)}") in texts
    app.stack.pop_until(lambda s: False)


def test_a_hinted_walk_shows_the_route_it_takes(catgames_home, monkeypatch):
    """A hint to walk (here the first "linear" move) draws its route, as a drag there does:
    it showed only the straight line from the cat to its target, the other way from "2 steps
    west" round the board's edge."""
    answers = AnswerWorker()
    app = new_app(Settings(ai_speed="instant"), worker_factory=lambda: answers, seed=1)
    match = Match.new("cathood", 2, ["human", "human"], seed=3, hints=True)
    while not any(str(m).startswith("linear") for m in match.state.legal_moves()):
        match.play(sorted(match.state.legal_moves(), key=str)[0])
    scene = _table(app, match)
    walk = next(m for m in sorted(scene.observed.legal_moves(), key=str) if str(m).startswith("linear"))
    drawn: list[str] = []
    monkeypatch.setattr(ghosts, "draw_route", lambda canvas, seen, seat, move, path, legal: drawn.append(str(move)))
    _hinted(app, scene, answers, walk)
    app.invalidate()
    app.run_frames(1)
    assert scene.hint is not None and scene.hint.drop is not None and str(walk) in drawn
