"""The play-test's wrong hints (issue 26), each met again in a seeded position: the line must
say what the move really does."""

from __future__ import annotations

import random

from catgames.ai.hooks import heuristics_for
from catgames.ui import i18n
from tests.ui.test_hint import AnswerWorker, _app, _hinted, _human_to_move, _table
from tests.ui.helpers import hand_over


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


def test_a_move_that_makes_an_area_level_is_said_to_draw_it_level(catgames_home):
    answers = AnswerWorker()
    app = _app(answers)
    scene = _table(app, _human_to_move("bed", humans=2, hints=True))
    rng = random.Random(2)
    while (move := _tie_move(scene.state)) is None:
        scene.play_human(rng.choice(scene.state.legal_moves()))
        hand_over(app)
    _hinted(app, scene, answers, move)
    area = next(c for c in scene.hint.claims if c.key.startswith("bed."))
    assert area.key == "bed.area_level" and area.args["mine"] == area.args["theirs"]
    assert i18n.t(area.string_key, **area.args) in scene.hint_line()


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
    answers = AnswerWorker()
    app = _app(answers)
    scene = _table(app, _human_to_move("boxes", humans=2, hints=True))
    rng = random.Random(4)
    while (move := _rival_box_move(scene.state)) is None:
        scene.play_human(rng.choice(scene.state.legal_moves()))
        hand_over(app)
    _hinted(app, scene, answers, move)
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
        move = heuristics.candidates(scene.state, scene.state.legal_moves(), 1)[0]
        _hinted(app, scene, answers, move)
        whys.append(scene.hint_line().split("\n")[-1])
        scene.play_human(move)
        hand_over(app)
    assert len(set(whys)) == len(whys), whys
