"""The table's log is its screen seat's redacted log: in a hot-seat fight the cat choosing second
reads that the first chose, never what, in every language."""

from __future__ import annotations

import pytest

from catgames.core.catalogue import load_game
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.cathood.moves import parse_move
from catgames.ui import i18n
from catgames.ui.registry import scene_class
from catgames.ui.scenes.handoff import HandoffScene
from tests.games.cathood.helpers import position
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, hand_over


@pytest.mark.parametrize("language", i18n.available_languages())
def test_the_other_cat_never_reads_a_hidden_fight_choice(catgames_home, language):
    i18n.set_language(language)
    app = new_app(Settings(ai_speed="instant", confirm_turns=False, language=language),
                  worker_factory=IdleWorker, seed=1)
    try:
        match = Match.new(load_game("cathood"), 2, ["human", "human"], {"layout": "first_game"}, 3)
        match.state = position({"P1": "H(1,0)", "P2": "H(1,2)"}, {"P2": {"cubes": {"pink": 1}}})
        scene = app.push(scene_class("cathood")(app, match))
        app.run_frames(2)
        hand_over(app)
        assert scene.play_human(parse_move("linear E 2"))  # P1 walks onto P2: a fight
        hand_over(app)
        assert scene.public.to_move == 1 and scene.private_seat() == 1
        assert scene.play_human(parse_move("rps scissors"))  # P2 chooses first, in secret
        assert isinstance(app.stack.top, HandoffScene)
        news = app.stack.top.since
        hand_over(app)
        assert scene.private_seat() == 0 and scene.log_turns()[-1].move == "rps ?"
        secret = i18n.t("cathood.rps.scissors").lower()
        told = [line.lower() for line in news + scene.log]
        assert told and not any(secret in line for line in told)
        chose = i18n.t("cathood.log.rps", seat=scene.seat_names[1]).lower()
        assert chose in [line.strip() for line in told]  # that P2 chose is told, as a hidden choice
    finally:
        app.stack.pop_until(lambda s: False)
        app.close()
        i18n.set_language("en")
