"""The deck's words and the discard's stand apart under their piles: in French at 150 % they
ran together ("Pioche 56Défausse 4")."""

from __future__ import annotations

import pytest

from catgames.core.session import Match
from catgames.ui import i18n
from tests.ui.layout import frame_marks, layout_app, open_table


@pytest.mark.parametrize("language", ["fr", "ru", "uk"])
def test_the_deck_and_discard_words_keep_a_gap(catgames_home, language):
    try:
        app = layout_app(language, 1.5)
        match = Match.new("days", 4, ["human", "ai:hard", "ai:hard", "ai:hard"], {}, seed=7)
        open_table(app, "days", match)
        state = match.state
        deck = i18n.t("days.deck", count=len(state.deck)).split()
        discard = i18n.t("days.discard", count=len(state.discard)).split()
        marks = frame_marks(app)
        under = [m for m in marks if m.rect.y > 150]  # (the piles' words, not a header's)
        left = [m for m in under if m.text.split() and set(m.text.split()) <= set(deck) and deck[0] in m.text]
        right = [m for m in under if m.text.split() and set(m.text.split()) <= set(discard) and discard[0] in m.text]
        assert left and right
        assert max(m.rect.right for m in left) + 4 <= min(m.rect.x for m in right)
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
