"""The hand a drop would make is shown over the edge's own label and hides it whole: a shorter
preview ("→ Пара ★2 +4") left the longer label it replaces showing round it ("Одинокий кот")."""

from __future__ import annotations

import pygame

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.kotatsu.hands import NEVER, ONE_PAIR, SOLO, HandValue
from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.table.panels import draw_edge_label
from catgames.games.kotatsu.table.scene import KotatsuScene
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker

LONE_CAT, PAIR = HandValue(SOLO, 0, 2, NEVER), HandValue(ONE_PAIR, 2, 4, NEVER)  #: a long name, a short one


def test_a_preview_hides_the_label_it_replaces(catgames_home):
    app = new_app(Settings(ai_speed="instant", language="ru", ui_scale=1.5), worker_factory=IdleWorker, seed=1)
    try:
        scene = app.push(KotatsuScene(app, Match.new("kotatsu", 2, ["human", "ai:hard"], {}, seed=5)))
        canvas, seen = app.canvas, scene.seen
        box = L.label_box(0, seen.side(0), canvas.piece_growth)

        def drawn(label: HandValue, preview: HandValue | None) -> bytes:
            """The label's box as drawn on a plain ground: the edge's label, then any preview."""
            canvas.rect((90, 120, 60), box.inflate(8, 8))
            draw_edge_label(canvas, seen, 0, 0, label)
            if preview is not None:
                draw_edge_label(canvas, seen, 0, 0, preview, prefix="→ ")
            return pygame.image.tobytes(canvas.surface.subsurface(canvas.real_rect(box)), "RGB")

        assert drawn(LONE_CAT, PAIR) != drawn(LONE_CAT, None)  # the preview shows
        assert drawn(LONE_CAT, PAIR) == drawn(PAIR, PAIR)      # and nothing of the label under it
    finally:
        app.close()
