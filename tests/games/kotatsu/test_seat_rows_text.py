"""The Players panel's names keep the text size the player chose: at 150 % in Ukrainian they
were squeezed into 140 units and drawn at about half the size chosen (15 px of 27); a long name
may give way a little, as the kind beside it does (to 85 %)."""

from __future__ import annotations

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.kotatsu.table.layout import seat_row
from catgames.games.kotatsu.table.scene import KotatsuScene
from catgames.ui import i18n
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker


def test_each_seats_name_is_drawn_at_the_rows_size_at_150_percent(catgames_home):
    app = new_app(Settings(ai_speed="instant", language="uk", ui_scale=1.5), worker_factory=IdleWorker, seed=1)
    try:
        scene = app.push(KotatsuScene(app, Match.new("kotatsu", 3, ["human", "ai:hard", "ai:hard"], {}, seed=5)))
        app.canvas.marks = []
        app.invalidate()
        app.run_frames(1, 1 / 60)
        labels = [i18n.t("kotatsu.you", seat=scene.seat_names[0]), *scene.seat_names[1:]]
        for seat, label in enumerate(labels):
            drawn = [m for m in app.canvas.marks if m.text == label and seat_row(seat, 3).contains(m.rect)]
            assert len(drawn) == 1 and drawn[0].px >= 0.85 * app.canvas._px(18), label
    finally:
        app.canvas.marks = None
        app.close()


def test_ones_own_row_asks_to_be_pointed_at_only_when_it_holds_cats(catgames_home):
    """"No cats yet · point here to look" invited a look at nothing."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    try:
        for cats in ([], [(0, 0, -1)]):
            match = Match.new("kotatsu", 2, ["human", "ai:hard"], {}, seed=5)
            match.state.collected[0].extend(cats)
            app.push(KotatsuScene(app, match))
            app.canvas.marks = []
            app.invalidate()
            app.run_frames(1, 1 / 60)
            said = {m.text for m in app.canvas.marks if seat_row(0, 2).contains(m.rect)}
            assert (i18n.t("kotatsu.look_hint") in said) == bool(cats)
            app.stack.pop()
    finally:
        app.canvas.marks = None
        app.close()
