"""Where the Woof Days / Cat Days table puts its cards (issue 28, "pieces grow with the board"):
a card played onto the viewer's week is no smaller than it was in the hand, and every card
stays inside its day and the board."""

from __future__ import annotations

import pytest

from catgames.core.storage import Settings
from catgames.games.days.components import DAYS
from catgames.games.days.table.layout import HAND_CARD, Layout
from catgames.ui.game_scene import BOARD_RECT
from catgames.ui.i18n import t
from tests.helpers import new_app


def layout(players: int, scale: float = 1.0) -> Layout:
    """As the table lays itself out at 1280x800 for the first seat, at the text size ``scale``."""
    return Layout(BOARD_RECT, players, 0, new_app(Settings(ui_scale=scale), seed=1).canvas, t("days.cancel"))


@pytest.mark.parametrize("players", [2, 3])
def test_a_card_played_on_your_week_keeps_the_hand_cards_size(catgames_home, players):
    lay = layout(players)
    w, h = lay.rows[0].card
    assert (w, h) >= HAND_CARD and not lay.rows[0].compact


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_card_stays_inside_its_day(catgames_home, players, scale):
    lay = layout(players, scale)
    for seat in range(players):
        for day in range(DAYS):
            card, slot = lay.card_rect(seat, day), lay.slot(seat, day)
            assert slot.x < card.x and card.right < slot.right and BOARD_RECT.contains(card)
