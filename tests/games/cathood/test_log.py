"""Cathood's log in player words (streets by their tiles, bounces, one line per purchase), the
route a dragged cat takes, and hotseat hand-offs only before rock-paper-scissors choices."""

from __future__ import annotations

import random
import re

from catgames.core.rules import Event
from catgames.core.session import Match, Turn
from catgames.games.cathood import gestures as G
from catgames.games.cathood.components import cathood_data
from catgames.games.cathood.geometry import geometry
from catgames.games.cathood.game import GAME
from catgames.games.cathood.moves import parse_move
from catgames.games.cathood.table.prompts import prompt_text
from catgames.games.cathood.table.words import Board, board_of, event_line, log_lines
from catgames.ui.scenes.handoff import HandoffScene
from tests.games.cathood.helpers import play, position
from tests.games.cathood.test_scene import drag, last_move, market, open_table, space
from tests.helpers import new_app
from tests.ui.helpers import hand_over

NAMES = ["P1", "P2"]
STREET = re.compile(r"[HV]\(\d+,\d+\)")   #: the rules' names of streets, which the board never shows
GRID_WORDS = re.compile(r"row \d|column \d|\(\d+,\d+\)")   #: nor does it print rows and columns


def random_match(seed: int, moves: int) -> Match:
    match = Match.new(GAME, 2, ["human", "human"], {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.is_over():
            break
        match.play(rng.choice(match.state.legal_moves()))
    return match


def test_streets_are_said_by_the_tiles_they_run_along(catgames_home):
    app, scene = open_table(["human", "ai:easy"], position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market()))
    assert scene.play_human(parse_move("diagonal SE 1"))
    # the maple park's tree is orange on the board; the other maple park lies bottom right
    assert "P1's cat arrives on the street west of the orange park at the top right." in [
        line.strip() for line in scene.log]
    match = random_match(3, 150)
    scene.replace_match(match)
    hand_over(app)
    assert any("arrives on the street" in line for line in scene.log)
    assert any(re.search("turns the .* (park|block)", line) for line in scene.log)
    assert not [line for line in scene.log if STREET.search(line) or GRID_WORDS.search(line)]
    app.stack.pop_until(lambda s: False)


def test_a_jump_that_bounces_says_where_the_cat_heads_after_the_edge():
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market())
    events = play(state, "diagonal NE 1")     # off the top edge: it goes on south-east
    turn = Turn(0, "diagonal NE 1", tuple(events))
    first = log_lines(turn, NAMES, state.data, board_of(state), start="H(0,1)")[0]
    assert first == "P1: jumps 1 space north-east across the roofs, bouncing off the edge to head south-east"
    other = position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market())
    straight = Turn(0, "diagonal SE 1", tuple(play(other, "diagonal SE 1")))
    assert log_lines(straight, NAMES, state.data, board_of(state), start="H(0,1)")[0] == \
        "P1: jumps 1 space south-east across the roofs"


def test_a_cube_given_back_or_taken_reads_well_for_every_colour():
    data, geo = cathood_data(), Board(geometry(3, 3), tuple(range(9)))
    assert event_line(Event.of("return", 0, colour="orange"), NAMES, data, geo) == \
        "P1 gives one orange cube back (12 at most)."
    assert event_line(Event.of("steal", 0, colour="orange", loser=1), NAMES, data, geo) == \
        "P1 takes one orange cube from P2."


def test_a_purchase_is_logged_once():
    data, geo = cathood_data(), Board(geometry(3, 3), tuple(range(9)))
    buy = (Event.of("action", 0), Event.of("buy", 0, card="TM1", tile="T1"))
    lines = log_lines(Turn(0, "pet_shop TM1 @ (0,2)", buy), NAMES, data, geo)
    assert lines == ["P1 buys a toy mouse and builds a house."]
    again = log_lines(Turn(0, "repeat pet_shop TM1 @ (0,2)", buy), NAMES, data, geo)
    assert again == ["P1: repeats: buys a toy mouse"]


def test_the_last_coffee_trade_is_counted_in_the_singular(catgames_home):
    new_app()   # the prompt measures its buttons' words
    state = position({"P1": "V(0,2)", "P2": "H(3,0)"}, {"P1": {"cubes": {"pink": 3}}},
                     market={"toys": [], "buildings": []}, decks={"toys": [], "buildings": []})
    play(state, "linear S 1", "trade pink for blue")                 # one trade of two left
    title = prompt_text(state, NAMES, True, None, None, None)[0]
    assert title == "Coffee: up to 1 trade"


def test_a_cat_dragged_one_street_along_walks_there_not_round_the_passage(catgames_home):
    state = position({"P1": "H(0,1)", "P2": "V(2,0)"}, **market())
    west = state.geo.space("H(0,0)")                     # one step west, or two east round the edge
    assert [str(move) for move, _ in G.routes(state, None)[west]] == ["linear W 1", "linear E 2"]
    app, scene = open_table(["human", "ai:easy"], state)
    drag(app, scene.seen.cat_points()[0], space(scene, "H(0,0)"))
    assert last_move(scene) == "linear W 1"
    assert scene.log[0] == "P1: walks 1 space west along the street"
    app.stack.pop_until(lambda s: False)


def test_hotseat_hands_off_only_before_rock_paper_scissors_choices(catgames_home):
    """Two humans at one device: nothing but a fight choice is hidden, so the device changes
    hands only for those, and each hand-off lists what happened since that seat last moved."""
    app, scene = open_table(["human", "human"], seed=7)   # a seed whose game has fights
    rng = random.Random(7)
    handed: list[tuple[str | None, int]] = []
    while len(scene.local.match.history) < 400 and not scene.local.match.state.is_over():
        scene.confirm_turn()  # a finished turn's End turn (nothing if none waits)
        assert scene.play_human(rng.choice(scene.local.match.state.legal_moves()))
        if isinstance(app.stack.top, HandoffScene):
            seat = scene.local.match.state.to_move
            history = scene.local.match.history
            last = max((i for i, t in enumerate(history) if t.seat == seat), default=-1)
            expected = [line for i in range(last + 1, len(history))
                        for line in scene.log_lines(history[i], history[:i])]
            assert app.stack.top.since == expected and expected
            handed.append((scene.decision(), seat))
            hand_over(app)
    assert len(handed) >= 2
    assert {decision for decision, _ in handed} == {"fight"}
    app.stack.pop_until(lambda s: False)
