"""Move animations (``ui.motion`` and each game's ``motion``): every game's move sends its pieces
from where they were to where they land; a click or a key finishes the animation at once and
still acts; undo and a new move end it; "Reduce motion" leaves none; the table draws every
frame while it runs and rests after.  Counted in frames and positions, never timed."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids, load_game
from catgames.games.bed.components import Placement
from catgames.games.bed.table.layout import slot_rect as bed_slot
from catgames.games.boxes.moves import StartSide
from catgames.games.boxes.table.panels import DECK_RECT, hand_rect
from catgames.games.cathood.table import layout as cathood_layout
from catgames.games.cathood.table.motion import CHOICE
from catgames.games.days.components import Play as DaysPlay, spot_day
from catgames.games.kotatsu.table import layout as kotatsu_layout
from catgames.games.kotatsu.moves import Play as KotatsuPlay
from catgames.ui import registry
from catgames.ui.game_scene import BOARD_RECT, SIDE_RECT
from catgames.ui.motion import LONGEST, SLOW_ENV, Timeline, Tween, fit, staggered
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker
from tests.ui.test_calm import DT, draws_over, settle

SCREEN = pygame.FRect(0, 0, 1280, 800)


def table(game_id: str, settings: Settings | None = None, seats: list[str] | None = None):
    """``game_id``'s table, a human to move and computers (that never answer) elsewhere."""
    app = new_app(settings or Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    game = load_game(game_id)
    players = max(2, game.min_players)
    if seats is None:
        seats = ["ai:easy"] * players
        seats[Match.new(game, players, seats, None, 3).state.to_move] = "human"
    scene = app.push(registry.scene_class(game_id)(app, Match.new(game, players, seats, None, 3)))
    settle(app)
    return app, scene


def first_move(scene, kind: type | None = None):
    """A seeded choice among the legal moves (of ``kind``, if given)."""
    moves = [m for m in scene.local.match.state.legal_moves() if kind is None or isinstance(m, kind)]
    return random.Random(7).choice(sorted(moves, key=str))


def near(a, b, slack: float = 1.0) -> bool:
    return math.dist(a, b) <= slack


# -- what each game's first move carries, from where to where -----------------------------------
def bed_move(scene):
    move = first_move(scene, Placement)
    seat = scene.local.match.state.to_move
    cells = [scene.geo.cell_rect(*c) for c in scene.bed.data.cells_of(move)]
    landing = cells[0].unionall(cells[1:]).center
    return move, [(bed_slot(seat, move.digit).center, landing)]


def days_move(scene):
    move = first_move(scene, DaysPlay)

    def expect():
        places = [e for e in scene.local.match.history[-1].events if e.kind == "place"]
        return [(None, scene.layout.card_rect(*spot_day(e.get("to"))).center) for e in places]
    return move, expect


def boxes_move(scene):
    def expect():  # the opening hand is dealt off the deck, card by card
        hand = scene.seen.hands[scene.private_seat()]
        return [(DECK_RECT.center, hand_rect(i).center) for i in range(len(hand))]
    return first_move(scene, StartSide), expect


def cathood_move(scene):
    seat = scene.local.match.state.to_move

    def expect():  # a new cat goes from the prompt to its space
        return [(cathood_layout.PLACE_HOME, scene.seen.cat_points()[seat])]
    return first_move(scene), expect


def kotatsu_move(scene):
    move = first_move(scene, KotatsuPlay)

    def expect():
        k = scene.local.match.history[-1].events[0].get("kotatsu")
        slots = kotatsu_layout.card_slots(k, "bottom")
        return [(None, slot.center) for slot in slots[:len(move.cards)]]
    return move, expect


MOVES = {"bed": bed_move, "days": days_move, "boxes": boxes_move, "cathood": cathood_move,
         "kotatsu": kotatsu_move}


def test_every_game_has_its_move_animations():
    assert sorted(MOVES) == sorted(available_ids())


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_a_move_sends_its_pieces_from_where_they_were_to_where_they_land(catgames_home, game_id):
    app, scene = table(game_id)
    move, expected = MOVES[game_id](scene)
    assert scene.play_human(move) and scene.motion.animating()
    tweens = scene.motion.tweens
    want = expected() if callable(expected) else expected
    assert want, "the move carries something"
    ends = [tw.path[-1] for tw in tweens]
    for start, end in want:
        found = [tw for tw in tweens if near(tw.path[-1], end)]
        assert found, f"nothing lands at {end}: {ends}"
        if start is not None:
            assert any(near(tw.path[0], start) for tw in found)
    for tw in tweens:
        assert SCREEN.collidepoint(tw.path[0]) and SCREEN.collidepoint(tw.path[-1])
        assert BOARD_RECT.collidepoint(tw.path[-1]) or SIDE_RECT.collidepoint(tw.path[-1])
        assert tw.delay + tw.duration <= LONGEST + 1e-9


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_the_table_draws_while_pieces_move_then_rests(catgames_home, game_id):
    app, scene = table(game_id)
    scene.play_human(MOVES[game_id](scene)[0])
    frames = 0
    while scene.motion.animating():  # (a turn waiting for End turn has no spinner after it)
        assert scene.animating() and app.step([], DT)
        frames += 1
    assert 0 < frames <= math.ceil(LONGEST / DT) + 1


def test_once_the_pieces_have_landed_the_table_rests(catgames_home):
    app, scene = table("bed", seats=["human", "human"])  # nobody thinks, nothing hidden
    scene.play_human(bed_move(scene)[0])
    assert draws_over(app, 4) == 4
    settle(app)
    assert not scene.motion.animating() and draws_over(app) == 0


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_reduce_motion_plays_moves_without_animations(catgames_home, game_id):
    app, scene = table(game_id, Settings(ai_speed="instant", reduce_motion=True))
    assert scene.play_human(MOVES[game_id](scene)[0])
    assert not scene.motion.animating() and not scene.motion.tweens


@pytest.mark.parametrize("kind", ["key", "click"])
def test_a_key_or_a_click_finishes_the_animation_and_still_acts(catgames_home, kind):
    app, scene = table("bed", seats=["human", "human"])
    scene.play_human(bed_move(scene)[0])
    app.step([], DT)
    assert scene.motion.animating()
    seat = scene.local.match.state.to_move
    slot = bed_slot(seat, max(scene.bed.in_hand(seat))).center
    if kind == "key":
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    else:
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.canvas.to_real(slot), button=1)
    app.step([event], DT)
    assert not scene.motion.animating()
    assert scene.drag.holding  # the key took tile 1, the click picked the tile: nothing waited


def test_a_dropped_piece_settles_from_where_it_was_let_go(catgames_home):
    from catgames.games.bed.gestures import Tile

    app, scene = table("bed", seats=["human", "human"])
    seat = scene.local.match.state.to_move
    digit = next(d for d in scene.bed.in_hand(seat) if scene.legal_targets(Tile(d), 0))
    target = scene.legal_targets(Tile(digit), 0)[0]
    home, drop = bed_slot(seat, digit).center, scene.target_point(target)
    real = app.canvas.to_real
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=real(home), button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=real(drop), rel=(0, 0), buttons=(1, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=real(drop), button=1)], DT)
    assert scene.local.match.history and scene.motion.animating()
    start, end = scene.motion.tweens[0].path
    assert near(start, app.canvas.to_virtual(real(drop))) and near(end, drop)  # not from the tray


def test_undo_and_the_next_move_end_the_running_animation(catgames_home):
    app, scene = table("bed", seats=["human", "human"])
    scene.play_human(bed_move(scene)[0])
    first = list(scene.motion.tweens)
    scene.play_human(bed_move(scene)[0])
    assert scene.motion.tweens and scene.motion.tweens[0] is not first[0]  # only the new move's
    scene.undo()
    assert not scene.motion.animating()


def test_the_computer_waits_for_the_animation_before_its_next_move(catgames_home, monkeypatch):
    monkeypatch.setenv(SLOW_ENV, "4")  # the animation outlasts the computer's delay

    class Answering(IdleWorker):
        def poll(self):
            return str(first_move(scene))

    app = new_app(Settings(ai_speed="normal"), worker_factory=Answering, seed=1)
    match = Match.new(load_game("bed"), 2, ["ai:easy", "ai:easy"], None, 3)
    scene = app.push(registry.scene_class("bed")(app, match))
    plies, lasts = [], 0.0
    while len(scene.local.match.history) < 2:
        app.step([], DT)
        plies.append((len(scene.local.match.history), scene.motion.animating()))
        if len(scene.local.match.history) == 1 and not lasts:
            lasts = max(tw.delay + tw.duration for tw in scene.motion.tweens)
    assert (1, True) in plies and plies[-1] == (2, True)  # the computer's moves are animated
    assert lasts > app.ai_delay()
    assert plies.count((1, True)) >= lasts / DT - 1  # the second move waited for it to end


def test_a_statue_goes_from_the_board_to_its_park(catgames_home):
    from catgames.core.rules import Event
    from catgames.games.cathood.table.view import statue_spot

    app, scene = table("cathood")
    view = scene.seen.view
    p = next(p for p, t in enumerate(view.tiles) if view.data.tiles[t].park >= 0)
    seat = scene.board_seat()
    park = Event.of("park", seat, tile=view.data.tiles[view.tiles[p]].id, tree="", card=None)
    (tween,) = scene.move_tweens(seat, [park])
    assert tween.path == (cathood_layout.STATUE_HOME, statue_spot(scene.seen.grid.tile_rect(p))[0])


def test_swapped_tiles_change_places_and_a_turned_one_turns_with_its_place_left_empty(catgames_home):
    from catgames.core.rules import Event

    app, scene = table("cathood")
    grid, seat = scene.seen.grid, scene.local.match.state.to_move
    swap = Event.of("swap", seat, a=(0, 0), b=(0, 1), tiles=())
    a, b = scene.move_tweens(seat, [swap])
    assert (a.path, a.hides) == ((grid.tile_rect(1).center, grid.tile_rect(0).center), ("tile", 0))
    assert (b.path, b.hides) == ((grid.tile_rect(0).center, grid.tile_rect(1).center), ("tile", 1))
    turn = Event.of("rotate", seat, row=1, col=1, clockwise=True, tile="", rot=0)
    scene.motion.start(scene.move_tweens(seat, [turn]))
    assert scene.motion.hidden() == {("tile", 4)}
    app.step([], DT)  # drawn with the place empty and the tile turning over it
    assert scene.motion.animating()


# -- the timeline itself ----------------------------------------------------------------------
def _noop(canvas, pos, progress) -> None:
    pass


def test_a_tween_eases_along_its_legs_and_hops_a_jump():
    tw = Tween(_noop, [(0, 0), (10, 0), (10, 10)], duration=1.0, ease=lambda t: t,
               jumps=frozenset({1}))
    tw.t = 0.25
    assert tw.pos == (5.0, 0.0)
    tw.t = 0.6  # the second leg is a jump: still at its start until halfway along it
    assert tw.pos == (10, 0)
    tw.t = 0.8
    assert tw.pos == (10, 10)
    tw.t = 1.0
    assert tw.done and tw.progress == 1.0


def test_a_long_move_is_squeezed_into_the_longest_time(monkeypatch):
    monkeypatch.delenv(SLOW_ENV, raising=False)
    tweens = fit(staggered([Tween(_noop, [(0, 0), (1, 1)], duration=0.3) for _ in range(10)]))
    assert max(tw.delay + tw.duration for tw in tweens) == pytest.approx(LONGEST)
    assert [tw.delay for tw in tweens] == sorted(tw.delay for tw in tweens)


def test_the_landing_place_shows_the_board_before_the_move_until_the_piece_arrives(catgames_home):
    app = new_app()
    canvas = app.canvas
    still = pygame.Surface(canvas.real_rect(BOARD_RECT).size)
    still.fill((10, 200, 30))
    timeline = Timeline()
    cover = pygame.FRect(100, 100, 40, 40)
    timeline.start([Tween(_noop, [(0, 0), cover.center], cover=cover, duration=0.2)], still,
                   canvas.real_rect(BOARD_RECT), canvas.scale)
    inside, outside = canvas.to_real(cover.center), canvas.to_real((300, 300))
    canvas.surface.fill((0, 0, 0))
    timeline.draw_covers(canvas)
    assert canvas.surface.get_at(inside)[:3] == (10, 200, 30)
    assert canvas.surface.get_at(outside)[:3] == (0, 0, 0)
    timeline.update(0.25)
    canvas.surface.fill((0, 0, 0))
    timeline.draw_covers(canvas)
    assert not timeline.animating() and canvas.surface.get_at(inside)[:3] == (0, 0, 0)


def test_the_reduce_motion_setting_is_kept_and_checked(catgames_home):
    from catgames.core import storage

    storage.save_settings(Settings(reduce_motion=True))
    assert storage.load_settings()[0].reduce_motion is True
    settings, problems = Settings.from_dict({"reduce_motion": "sometimes"})
    assert settings.reduce_motion is False and [p.key for p in problems] == ["reduce_motion"]


def test_the_settings_screen_switches_reduce_motion(catgames_home):
    from catgames.ui import i18n
    from catgames.ui.scenes.settings import SettingsScene
    from catgames.ui.widgets import Toggle

    app = new_app()
    screen = app.push(SettingsScene(app))
    toggle = next(w for w in screen.widgets.widgets
                  if isinstance(w, Toggle) and w.text == i18n.t("settings.reduce_motion"))
    toggle.activate()
    assert app.settings.reduce_motion is True


# -- Cathood's fights, steals and coffee trades -----------------------------------------------
def cathood_at(state, settings: Settings | None = None):
    """A Cathood table (P1 a human, P2 a computer that never answers) at ``state``."""
    app = new_app(settings or Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new(load_game("cathood"), 2, ["human", "ai:easy"], {"layout": "first_game"}, 3)
    match.state = state
    scene = app.push(registry.scene_class("cathood")(app, match))
    settle(app)
    return app, scene


def fight_table(settings: Settings | None = None):
    """P1 has walked onto P2's space and P2 chose rock: P1's choice starts the fight."""
    from tests.games.cathood.helpers import play, position

    state = position({"P1": "H(1,0)", "P2": "H(1,2)"},
                     {"P1": {"cubes": {"blue": 1}}, "P2": {"cubes": {"yellow": 2, "pink": 1}}})
    play(state, "linear E 2", "rps rock")
    return cathood_at(state, settings)


def test_a_fight_shows_the_two_choices_meeting_over_the_cats_the_losers_shrinking(catgames_home):
    from catgames.games.cathood.moves import Rps

    app, scene = fight_table()
    assert scene.play_human(Rps("paper"))                  # paper beats rock: P1 wins
    cats = scene.seen.cat_points()
    attacker, defender = scene.motion.tweens
    assert near(attacker.path[0], cats[0]) and near(defender.path[0], cats[1])
    assert attacker.path[-1] == attacker.path[-2] and defender.path[-1] == defender.path[-2]  # they stay
    gap = math.dist(attacker.path[-1], defender.path[-1])
    assert 0 < gap < 2 * CHOICE                     # side by side, touching
    assert all(BOARD_RECT.collidepoint(tw.path[-1]) for tw in (attacker, defender))
    app.step([], DT)
    assert scene.animating()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], DT)
    assert not scene.motion.animating()                              # a key skips it


def test_a_stolen_cube_leaves_its_place_on_the_losers_board_for_the_winners_row(catgames_home):
    from catgames.games.cathood.moves import Rps, Steal

    app, scene = fight_table(Settings(ai_speed="instant", confirm_turns=False))  # no End turn to wait for
    scene.play_human(Rps("paper"))                       # P1 wins and picks the colour
    pink = sum(scene.seen.view.cubes[1][:scene.seen.view.data.colour("pink") + 1]) - 1
    assert scene.play_human(Steal("pink"))               # the turn passes: P2's board on show
    (tween,) = scene.motion.tweens
    assert scene.board_seat() == 1 and tween.hides is None
    assert cathood_layout.STORE_AREA.collidepoint(tween.path[0])
    assert tween.path[0][0] == pytest.approx(cathood_layout.STORE_AREA.x + 22 * (pink + 0.5))
    assert near(tween.path[-1], cathood_layout.seat_row(0, 2, app.canvas.text_scale).center)


def test_a_cube_stolen_after_the_fight_lands_in_its_place_left_empty_meanwhile(catgames_home):
    from catgames.games.cathood.moves import Rps
    from tests.games.cathood.helpers import play, position

    state = position({"P1": "H(0,1)", "P2": "H(0,2)"}, boards={"P2": {"cubes": {"blue": 2}}})
    play(state, "linear E 1", "rps rock")
    app, scene = cathood_at(state)
    scene.pinned = 0                                     # P1's board stays on show
    assert scene.play_human(Rps("paper"))                # paper wins: P1 takes P2's one colour
    *fight, steal = scene.motion.tweens
    assert len(fight) == 2 and steal.delay >= max(tw.delay + tw.duration for tw in fight) - 1e-9
    place = sum(scene.seen.view.cubes[0][:scene.seen.view.data.colour("blue") + 1]) - 1
    assert near(steal.path[0], cathood_layout.seat_row(1, 2, app.canvas.text_scale).center)
    assert cathood_layout.STORE_AREA.collidepoint(steal.path[-1]) and steal.hides == ("cube", 0, place)
    assert scene.motion.hidden() == {("cube", 0, place)}
    app.step([], DT)                                     # drawn with the place empty
    assert scene.motion.animating()


def test_a_coffee_trade_sends_a_cube_to_the_cat_and_the_new_one_back(catgames_home):
    from catgames.games.cathood.moves import Trade
    from tests.games.cathood.helpers import play, position

    state = position({"P1": "V(0,2)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 3}}},
                     market={"toys": [], "buildings": []}, decks={"toys": [], "buildings": []})
    play(state, "linear S 1")                               # at the coffee shop
    app, scene = cathood_at(state)
    before = scene.seen
    assert scene.play_human(Trade("pink", "blue"))
    out, back = scene.motion.tweens
    cat = scene.seen.cat_points()[0]
    store = cathood_layout.STORE_AREA
    assert store.collidepoint(out.path[0]) and near(out.path[-1], cat) and out.hides is None
    assert near(back.path[0], cat) and store.collidepoint(back.path[-1])
    assert back.delay >= out.delay + out.duration - 1e-9    # out, then back
    assert out.path[0][0] > store.x + 2 * 22 - 1            # the third pink cube of three left
    assert before.view.cubes[0] != scene.seen.view.cubes[0]


def test_reduce_motion_leaves_fights_steals_and_trades_unanimated(catgames_home):
    from catgames.games.cathood.moves import Rps, Steal

    app, scene = fight_table(Settings(ai_speed="instant", reduce_motion=True))
    assert scene.play_human(Rps("paper")) and not scene.motion.tweens
    assert scene.play_human(Steal("pink")) and not scene.motion.tweens


# -- Days swaps, exchanges and a Catnip's new days --------------------------------------------
def days_at(state, decks: str, settings: Settings | None = None):
    """A Days table (P1 a human, P2 a computer that never answers) at ``state``."""
    app = new_app(settings or Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new(load_game("days"), 2, ["human", "ai:easy"], {"decks": decks}, 3)
    match.state = state
    scene = app.push(registry.scene_class("days")(app, match))
    settle(app)
    return app, scene


def grooming_table(settings: Settings | None = None):
    from tests.games.days.helpers import position

    state = position({"P1": "Mon[Mix] Tue — Wed — Thu — Fri — Sat — Sun[Lab]",
                      "P2": "Mon — Tue — Wed — Thu — Fri — Sat — Sun[Staf,FBul]"},
                     {"P1": "Grooming, Treats"})
    return days_at(state, "woof", settings)


def play_text(scene, *moves: str) -> None:
    for text in moves:
        assert scene.play_human(load_game("days").parse_move(scene.local.match.state, text)), text


def test_two_swapped_stacks_cross_each_other_their_days_empty_until_they_land(catgames_home):
    from catgames.games.days.table import motion as days_motion

    app, scene = grooming_table()
    play_text(scene, "play wd_grooming @ P2 Sun")
    card_rect = scene.layout.card_rect
    crossing = {tw.hides: (tw.path[0], tw.path[-1]) for tw in scene.motion.tweens if tw.hides}
    assert crossing == {("day", 0, 6, (0, 1)): (card_rect(1, 6).center, card_rect(0, 6).center),
                        ("day", 1, 6, (0,)): (card_rect(0, 6).center, card_rect(1, 6).center)}
    up, down = (tw for tw in scene.motion.tweens if tw.hides)
    assert up.delay == down.delay == 0.0                 # both leave at once: neither waits unseen
    up, down = up.path[1], down.path[1]
    assert math.dist(up, down) >= scene.layout.card_rect(0, 6).w * 0.9   # they pass side by side
    assert days_motion.leaving(scene.motion) == {(0, 6, 0), (0, 6, 1), (1, 6, 0)}
    app.step([], DT)                                 # drawn with both Sundays left empty
    while scene.motion.animating():
        app.step([], DT)
    assert not days_motion.leaving(scene.motion)


def test_two_exchanged_cards_fly_between_their_places(catgames_home):
    from tests.games.days.helpers import position

    state = position({"P1": "Mon — Tue — Wed[Cur] Thu — Fri — Sat — Sun —",
                      "P2": "Mon — Tue — Wed[Nrv,Grp] Thu — Fri — Sat — Sun —"},
                     {"P1": "Toys", "P2": ""}, decks="cat")
    app, scene = days_at(state, "cat")
    play_text(scene, "play cd_cat_toys @ P1 Wed:0", "choose P2 Wed:0")
    card_rect = scene.layout.card_rect
    flying = {tw.hides: (tw.path[0], tw.path[-1]) for tw in scene.motion.tweens if tw.hides}
    assert flying == {("day", 1, 2, (0,)): (card_rect(0, 2).center, card_rect(1, 2).center),
                      ("day", 0, 2, (0,)): (card_rect(1, 2).center, card_rect(0, 2).center)}


def test_a_catnip_sends_each_cat_from_its_old_day_to_its_new_one(catgames_home):
    from tests.games.days.helpers import position

    week = "Mon[Cur] Tue[T,Res,Flp,Lazy] Wed — Thu[Zen] Fri[Nrv,Grp] Sat — Sun —"
    state = position({"P1": week, "P2": "Mon — Tue — Wed — Thu — Fri — Sat — Sun —"},
                     {"P1": "Catnip", "P2": ""}, decks="cat")
    before = [list(stack) for stack in state.weeks[0]]
    app, scene = days_at(state, "cat")
    play_text(scene, "play cd_catnip @ P1 Fri")
    card_rect = scene.layout.card_rect
    old_day = {c: d for d, stack in enumerate(before) for c in stack}
    laid = sorted((tw.hides, tw.path) for tw in scene.motion.tweens if tw.hides)
    assert [hides for hides, _ in laid] == [("day", 0, d, (0,)) for d in (4, 5, 6)]
    for (_, _, d, _), (start, end) in laid:
        card = scene.local.match.state.weeks[0][d][0]
        assert start == card_rect(0, old_day[card]).center and end == card_rect(0, d).center
    discarded = [tw for tw in scene.motion.tweens if near(tw.path[-1], scene.side.discard.center)]
    olds = {card_rect(0, d).center for d in old_day.values()}
    assert len([tw for tw in discarded if tw.path[0] in olds]) == 4   # the leftovers, from their days


def test_reduce_motion_leaves_swaps_unanimated(catgames_home):
    app, scene = grooming_table(Settings(ai_speed="instant", reduce_motion=True))
    play_text(scene, "play wd_grooming @ P2 Sun")
    assert not scene.motion.tweens and not scene.motion.animating()
