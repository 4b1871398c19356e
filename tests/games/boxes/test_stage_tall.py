"""If It Fits: a very tall box closing at a large text size is walked through with its callout
clear of its cards — the view zooms out far enough to leave the callout room under the box
when it fits nowhere beside it (at 150 % in Russian it covered the bottom cards)."""

from __future__ import annotations

import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.boxes.moves import parse_move
from catgames.games.boxes.table.scene import BoxesScene
from catgames.games.boxes.table.viewport import VIEWPORT
from catgames.ui import i18n
from tests.games.boxes.helpers import box_at, position
from tests.games.names import P_NAMES
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker
from tests.ui.staged import FRAME

ROWS = 9  #: the box: a cup at the top, shafts down to row 8, closed by a cup turned at row 9
TALL = ["(6,1) #.## t1"] + [f"(6,{y}) ..## t{y % 2}" for y in range(2, ROWS)]


@pytest.fixture(params=[("ru", 1.5), ("en", 1.5), ("ru", 1.0)])
def tall_box(request, catgames_home):
    language, scale = request.param
    before = i18n.current_language()
    state = position(TALL, ["P1@(6,1)", "P2@(6,3)", "P1@(6,5)"], step="play",
                     hands={"P1": ["CUP t1", "SHAFT t2"], "P2": ["OPEN t1", "END t0"]}, deck=20)
    app = new_app(Settings(ai_speed="instant", language=language, ui_scale=scale), worker_factory=IdleWorker,
                  seed=1)
    match = Match.new("boxes", 2, ["human", "ai:easy"], {}, seed=3, names=P_NAMES[:2])
    match.state = state
    scene = app.push(BoxesScene(app, match))
    app.run_frames(1, FRAME)
    yield app, scene
    app.stack.pop_until(lambda s: False)
    i18n.set_language(before)


def test_a_tall_box_closing_keeps_its_callout_off_its_cards(tall_box):
    app, scene = tall_box
    assert scene.play_human(parse_move(f"play CUP t1 r180 @ (6,{ROWS})"))
    assert scene.play_human(parse_move("skip"))
    assert scene.stage.playing
    slots = box_at(scene.local.match.state, 6, 1)["cells"]
    assert len(slots) == ROWS
    openings = (i18n.t("boxes.stage.box", cards="", toys="")[:6], i18n.t("boxes.stage.cats", cats=""))
    callout_frames = 0
    while scene.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        cards = [scene.camera.slot_rect(x, y) for x, y in slots]
        assert all(VIEWPORT.contains(card) for card in cards)  # the whole box in sight
        said = [m.rect for m in app.canvas.marks if m.text.startswith(openings)]
        if said:
            callout_frames += 1
            assert not any(card.colliderect(line) for card in cards for line in said)
    app.canvas.marks = None
    assert callout_frames > 10
