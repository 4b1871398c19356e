"""A hover reference's title starts with a capital, as a heading does, in every language that
has capitals, though its string may open with a lowercase word (Kotatsu's "{colour} cat on its
cushion"); Chinese is left as it is."""

from __future__ import annotations

import pytest

from catgames.games.kotatsu.table import layout as kotatsu_layout
from catgames.ui import i18n
from catgames.ui.reference import Reference
from tests.ui.test_reference import table_of


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


@pytest.mark.parametrize("title, shown", [("le lundi de P2", "Le lundi de P2"),
                                          ("коричневий кіт на подушці", "Коричневий кіт на подушці"),
                                          ("坐在坐墊上的棕色貓", "坐在坐墊上的棕色貓"),
                                          ("24 cats in the bag", "24 cats in the bag"), ("", "")])
def test_a_reference_title_opens_with_a_capital(title, shown):
    assert Reference.of(title, "", (0, 0, 1, 1)).title == shown


@pytest.mark.parametrize("code, title", [("en", "Brown cat on its cushion"),
                                         ("fr", "Chat marron sur son coussin"),
                                         ("ru", "Коричневый кот на подушке"),
                                         ("uk", "Коричневий кіт на подушці"),
                                         ("zh-TW", "坐在坐墊上的棕色貓")])
def test_a_cat_on_its_cushion_is_titled_with_a_capital(catgames_home, language, code, title):
    _, scene = table_of("kotatsu")
    language(code)
    ref = scene.component_at(kotatsu_layout.pair_centre(0, 0))
    assert ref is not None and ref.title == title
