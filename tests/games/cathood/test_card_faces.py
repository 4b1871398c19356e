"""Every card of the market, as drawn at 150 %, keeps its name and its price on the card: a
price of four colours ran past both edges, and "Дім-оранжерея" shrank to one line of 8 px."""

from __future__ import annotations

import pytest

from catgames.games.cathood.components import cathood_data
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.view import draw_card
from catgames.games.cathood.table.words import card_title
from tests.ui.layout import layout_app

LEAST_TITLE_PX = 11  #: a card's name at 150 %: two lines rather than smaller
EDGE = 3  #: the card's border and rounded corners: nothing drawn there but them


@pytest.mark.parametrize("language", ["en", "ru", "uk", "fr", "zh-TW"])
def test_every_cards_name_and_price_stay_on_it(catgames_home, language):
    app = layout_app(language, 1.5)
    canvas, data = app.canvas, cathood_data()
    rect = L.card_rect(1, 2)
    inner = rect.inflate(-2 * EDGE, 2)  # (a line's box holds its font's descent: across only)
    try:
        for card, info in enumerate(data.cards):
            canvas.marks = []
            draw_card(canvas, data, rect, card)
            outside = [m.text for m in canvas.marks if not inner.contains(m.rect)]
            assert not outside, (info.id, outside)
            title = "".join(card_title(data, info).split())
            named = [m for m in canvas.marks if m.text.replace(" ", "") in title]
            assert "".join(m.text.replace(" ", "") for m in named) == title, info.id
            assert min(m.px for m in named) >= LEAST_TITLE_PX, (info.id, [(m.text, m.px) for m in named])
    finally:
        canvas.marks = None
        app.close()
