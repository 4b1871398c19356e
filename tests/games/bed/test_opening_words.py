"""The opening's words stand above its square, not in it: in it, the hint's cells, the drop
markers and the dragged tile were drawn over them (or they over those), at 150 % most of all."""

from __future__ import annotations

import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.table.layout import GEO
from catgames.games.bed.table.scene import BedScene
from catgames.ui import i18n
from tests.helpers import new_app


@pytest.mark.parametrize("language", ["en", "uk", "zh-TW"])
def test_the_opening_words_are_drawn_whole_outside_its_square(catgames_home, language):
    app = new_app(Settings(ai_speed="instant", language=language, ui_scale=1.5), seed=1)
    try:
        match = Match.new("bed", 2, ["human", "human"], {"side": "A"}, seed=3)
        app.push(BedScene(app, match))
        app.canvas.marks = []
        app.invalidate()
        app.run_frames(1)
        data = match.state.data
        square = GEO.bounds(data.grid.cells(data.initial_mask))
        digits = f"{min(data.initial_digits)}–{max(data.initial_digits)}"
        words = "".join(i18n.t("bed.opening", digits=digits).split())
        near = [m for m in app.canvas.marks  # on the mattress round the square (not the trays, the header)
                if abs(m.rect.centerx - square.centerx) < 300 and abs(m.rect.centery - square.centery) < 300]
        drawn = [m for m in near if m.text.strip() and "".join(m.text.split()) in words]
        assert "".join("".join(m.text.split()) for m in drawn) == words
        assert not any(m.rect.colliderect(square) for m in drawn)
    finally:
        app.canvas.marks = None
        app.close()
