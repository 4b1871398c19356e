"""The play-test's wrong hints (issue 26), each met again in a seeded position: the line must
say what the move really does."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.ai.hooks import heuristics_for
from catgames.core.storage import Settings
from catgames.ui import i18n
from catgames.ui.table.hint_view import LEAST as HINT_LEAST
from catgames.ui.table.hint_view import hint_line
from catgames.ui.table.layout import HINT_RECT
from tests.ui.test_hint import AnswerWorker, _app, _hinted, _human_to_move, _table
from tests.helpers import new_app
from tests.ui.helpers import click, hand_over


def _sections(state):
    return {(tuple(map(tuple, s["cells"])), tuple(s["sums"].values())): s
            for s in state.analyse()["detail"]["sections"]}


def _tie_move(state):
    """A move of the seat to move that leaves a new area level (both sides bordering it) and
    wins none: the move the hint once said "takes the lead" with."""
    old = _sections(state)
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        new = [s for k, s in _sections(after).items() if k not in old and not s["ignored"]]
        if (any(s["owner"] is None and min(s["sums"].values()) > 0 for s in new)
                and not any(s["owner"] is not None for s in new)):
            return move
    return None


def _hint_for_found_move(game_id, find, seed):
    """A two-human table played with seeded random moves until ``find`` names a move of the
    position; that move is then hinted.  Returns the table."""
    answers = AnswerWorker()
    app = _app(answers)
    scene = _table(app, _human_to_move(game_id, humans=2, hints=True))
    rng = random.Random(seed)
    while (move := find(scene.local.match.state)) is None:
        scene.play_human(rng.choice(scene.local.match.state.legal_moves()))
        hand_over(app)
    _hinted(app, scene, answers, move)
    return scene


def test_a_move_that_makes_an_area_level_is_said_to_draw_it_level(catgames_home):
    scene = _hint_for_found_move("bed", _tie_move, seed=2)
    area = next(c for c in scene.hint.claims if c.key.startswith("bed."))
    assert area.key == "bed.area_level" and area.args["mine"] == area.args["theirs"]
    assert i18n.t(area.string_key, **area.args) in hint_line(scene.hint)


def _rival_box_move(state):
    """A card that grows a box only rivals' cats lead (the preview warns of it)."""
    me = list(state.analyse()["scores"])[state.to_move]
    before = {tuple(map(tuple, b["cells"])) for b in state.analyse()["detail"]["boxes"]}
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        for box in after.analyse()["detail"]["boxes"]:
            if (tuple(map(tuple, box["cells"])) not in before and box["leaders"]
                    and me not in box["leaders"] and box["cats"][me] == 0):
                return move
    return None


def test_a_card_that_grows_a_rivals_box_is_not_said_to_put_you_ahead(catgames_home):
    scene = _hint_for_found_move("boxes", _rival_box_move, seed=4)
    assert scene.hint is not None and scene.hint.claims
    assert not any(c.key in ("boxes.box_lead", "boxes.box_closed") for c in scene.hint.claims)


def test_one_game_of_hints_is_not_one_sentence_repeated(catgames_home):
    """The hints of one seeded game's first turns, each for the move the AI likes best, say
    what that move does: no reason repeats word for word."""
    answers = AnswerWorker()
    app = _app(answers)
    scene = _table(app, _human_to_move("bed", humans=2, hints=True))
    heuristics = heuristics_for("bed")
    whys = []
    for _ in range(6):
        move = heuristics.candidates(scene.local.match.state, scene.local.match.state.legal_moves(), 1)[0]
        _hinted(app, scene, answers, move)
        whys.append(hint_line(scene.hint).split("\n")[-1])
        scene.play_human(move)
        hand_over(app)
    assert len(set(whys)) == len(whys), whys


def _drop_moves(scene, wanted=lambda drop: True):
    """The legal moves a drop makes, with that drop, that the player can take up where it
    lies."""
    out = []
    for move in scene.local.match.state.legal_moves():
        drop = scene.drop_for(move)
        if (drop is not None and wanted(drop)
                and scene.piece_at(scene.home_of(drop[0])) == drop[0]):
            out.append((move, drop))
    return out


def _to_a_drop(app, scene, seed, wanted=lambda drop: True):
    rng = random.Random(seed)
    for _ in range(200):
        found = _drop_moves(scene, wanted)
        if found:
            return found[0]
        scene.play_human(rng.choice(scene.local.match.state.legal_moves()))
        hand_over(app)
    raise AssertionError("no such drop met")


def test_the_hinted_piece_is_lit_and_taken_up_turned_as_the_hint_means(catgames_home,
                                                                         monkeypatch):
    answers = AnswerWorker()
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    move, (piece, rotation, target) = _to_a_drop(app, scene, 1, lambda d: d[1] == 2)
    rings = []
    circle = app.canvas.circle
    monkeypatch.setattr(app.canvas, "circle", lambda colour, at, radius, *a, **k: (
        rings.append((tuple(at), radius)), circle(colour, at, radius, *a, **k))[1])
    _hinted(app, scene, answers, move)
    app.invalidate()
    app.step([], 1 / 60)
    home = scene.home_of(piece)
    assert any(at == tuple(home) and radius > 20 for at, radius in rings)
    played = len(scene.local.match.history)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=home, button=1)])
    assert scene.drag.piece == piece and scene.drag.rotation == rotation
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.target_point(target), rel=(0, 0),
                                 buttons=(1, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=scene.target_point(target), button=1)])
    assert scene.local.match.history[played].move == str(move)


@pytest.mark.parametrize("game_id", ["bed", "boxes", "days", "kotatsu", "cathood"])
def test_a_click_on_the_ghost_takes_the_piece_up_ready_to_drop(catgames_home, game_id):
    answers = AnswerWorker()
    app = _app(answers)
    scene = _table(app, _human_to_move(game_id, humans=2, hints=True))
    move, (piece, rotation, target) = _to_a_drop(app, scene, 3)
    _hinted(app, scene, answers, move)
    point = scene.target_point(target)
    played = len(scene.local.match.history)
    click(app, point)
    assert scene.drag.piece == piece and scene.drag.target == target
    assert scene.move_for(piece, scene.drag.target) == move
    assert len(scene.local.match.history) == played  # taken up, not yet played
    click(app, point)
    assert len(scene.local.match.history) > played and scene.local.match.history[played].move == str(move)


def test_a_cathood_drop_on_the_hinted_space_takes_the_hinted_route(catgames_home):
    """Two routes end on one space: the hint's second one is the one the drop plays, without R."""
    answers = AnswerWorker()
    app = _app(answers)
    scene = _table(app, _human_to_move("cathood", humans=2, hints=True))
    move, (piece, rotation, target) = _to_a_drop(
        app, scene, 5, lambda d: getattr(d[2], "variant", 0) == 1)
    _hinted(app, scene, answers, move)
    home, point = scene.home_of(piece), scene.target_point(target)
    played = len(scene.local.match.history)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=home, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)])
    assert scene.local.match.history[played].move == str(move)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_hints_words_stay_legible_at_150_percent(catgames_home, language):
    """Cathood's first placement names a long street: its words wrap at a readable size, and
    only the why may give way, never the move."""
    answers = AnswerWorker()
    app = new_app(Settings(ai_speed="instant", language=language, ui_scale=1.5),
                  worker_factory=lambda: answers, seed=1)
    scene = _table(app, _human_to_move("cathood"))
    _hinted(app, scene, answers, scene.local.match.state.legal_moves()[0])
    app.canvas.marks = []
    app.invalidate()
    app.step([], 1 / 60)
    shown = [m for m in app.canvas.marks if HINT_RECT.contains(m.rect)]
    assert shown and min(m.px for m in shown) >= HINT_LEAST
    move_words = hint_line(scene.hint).split("\n")[0].split()
    assert " ".join(m.text for m in shown).split()[:len(move_words)] == move_words
