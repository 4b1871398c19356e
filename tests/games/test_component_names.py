"""Component names (cards, colours, hand categories, buildings) are player text: the data files
hold ids, the words come from data/strings/<lang>/, so a translation changes what is shown."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from catgames.core.rules import Reason
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.components import Placement
from catgames.games.bed.table.scene import BedScene
from catgames.games.cathood.table import view as cathood_view
from catgames.games.cathood.table import words as cathood_words
from catgames.games.cathood.components import BUILDING_CARD, cathood_data
from catgames.games.days.table import view as days_view
from catgames.games.days.table import words as days_words
from catgames.games.days.components import days_data
from catgames.games.kotatsu.table import view as kotatsu_view
from catgames.games.kotatsu.components import CATEGORY_IDS, kotatsu_data
from catgames.games.kotatsu.table.words import category_name, colour_name
from catgames.ui import i18n
from tests.helpers import new_app

EDITIONS = ("uk", "fr")


@pytest.fixture
def language():
    """Switch to a made-up language ``xx`` whose strings the test gives; English afterwards."""
    def use(table: dict) -> None:
        i18n.add_strings("xx", table)
        i18n.set_language("xx")
    yield use
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    i18n._tables.pop("xx", None)


@pytest.fixture
def drawn(catgames_home, monkeypatch):
    """A headless canvas that records every text drawn on it."""
    app = new_app()
    texts: list[str] = []
    draw = app.canvas.text

    def record(text, *args, **kwargs):
        texts.append(text)
        return draw(text, *args, **kwargs)
    monkeypatch.setattr(app.canvas, "text", record)
    return app.canvas, texts


def days_card(card_id: str):
    return days_data().cards[days_data().by_id[card_id]]


# -- every id has its words in English, once ----------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_days_card_has_a_distinct_english_name(edition):
    names = [days_words.card_name(card, edition) for card in days_data().cards]
    assert all(i18n.has(f"days.card.{card.id}.name") for card in days_data().cards)
    assert not [n for n, k in Counter(names).items() if k > 1]


def test_only_the_cards_whose_names_differ_have_a_french_edition_name():
    table = i18n.read_strings("en")
    ids = {key.split(".")[2] for key in table if key.startswith("days.card.")}
    assert ids == {card.id for card in days_data().cards}  # no name for a card that is gone
    differ = sorted(c.id for c in days_data().cards if i18n.has(f"days.card.{c.id}.name_fr_edition"))
    assert differ == ["wd_australian_shepherd", "wd_freds_treats", "wd_shiba"]
    assert days_words.card_name(days_card("wd_australian_shepherd"), "uk") == "Yorkshire Terrier"
    assert days_words.card_name(days_card("wd_australian_shepherd"), "fr") == "Australian Shepherd"
    assert days_words.card_name(days_card("wd_labrador"), "fr") == "Labrador"


def test_other_component_names_are_all_in_english():
    kd, cd = kotatsu_data(), cathood_data()
    assert all(i18n.has(f"kotatsu.colour.{cid}") for cid in kd.colour_ids)
    assert all(i18n.has(f"kotatsu.category.{c}") for c in CATEGORY_IDS)
    assert all(i18n.has(f"cathood.toy_title.{toy}") for toy in cd.toy_types)
    buildings = [c for c in cd.cards if c.kind == BUILDING_CARD]
    titles = [cathood_words.card_title(cd, c) for c in buildings]
    assert all(i18n.has(f"cathood.building.{c.id}") for c in buildings) and len(set(titles)) == len(titles)


def test_french_card_names_are_the_french_rulebooks():
    i18n.set_language("fr")
    try:
        assert days_words.card_name(days_card("wd_german_shepherd"), "uk") == "Berger allemand"
        assert days_words.card_name(days_card("wd_australian_shepherd"), "fr") == "Berger australien"
        assert days_words.card_name(days_card("cd_cat_tree"), "fr") == "Arbre à chats"
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


# -- a translation changes what is said and drawn ----------------------------------------------
def test_a_days_card_is_named_and_drawn_from_the_strings(language, drawn):
    language({"days": {"card": {"wd_labrador": {"name": "Labrador-xx"},
                                "wd_shiba": {"name": "Westie-xx", "name_fr_edition": "Shiba-xx"}}}})
    canvas, texts = drawn
    lab, shiba = days_card("wd_labrador"), days_card("wd_shiba")
    assert days_words.card_name(shiba, "uk") == "Westie-xx"
    assert days_words.card_name(shiba, "fr") == "Shiba-xx"
    assert days_words.card_name(lab, "fr") == "Labrador-xx"
    days_view.draw_card(canvas, pygame.FRect(0, 0, 120, 170), lab, "uk")
    assert "Labrador-xx" in "".join(texts)  # (on one line, or broken after its hyphen)
    assert days_words.prompt_for(lab, 0, "uk").startswith("Labrador-xx")
    reason = Reason.of("not_in_hand", card="wd_labrador")
    assert days_words.reason_words(reason, "uk", ["P1", "P2"], 0) == "Labrador-xx is not in your hand."


def test_kotatsu_colours_and_hands_come_from_the_strings(language, drawn):
    language({"kotatsu": {"colour": {"O": "orange-xx"}, "category": {"cathouse": "Cathouse-xx"}}})
    canvas, texts = drawn
    data = kotatsu_data()
    orange = data.colour_ids.index("O")
    assert colour_name(data, orange) == "orange-xx"
    assert category_name(CATEGORY_IDS.index("cathouse")) == "Cathouse-xx"
    card = next(c for c in range(data.cards) if data.card_colour[c] == orange)
    kotatsu_view.draw_card(canvas, pygame.FRect(0, 0, 110, 160), data, card)
    assert "orange-xx" in texts


def test_cathood_buildings_and_toys_come_from_the_strings(language, drawn):
    data = cathood_data()
    language({"cathood": {"building": {"B01": "Flat-xx"}, "toy_title": {"yarn_ball": "Yarn-xx"}}})
    canvas, texts = drawn
    building, toy = data.card_index("B01"), data.card_index("TY1")
    for card in (building, toy):
        cathood_view.draw_card(canvas, data, pygame.FRect(0, 0, 90, 120), card)
    assert "Flat-xx" in texts and "Yarn-xx" in texts
    assert cathood_words.card_words(data, "B01").startswith("Flat-xx")


def test_seats_are_said_in_the_players_language_and_kept_as_keys(language, catgames_home):
    app = new_app(Settings(ai_speed="instant"), seed=1)  # (it sets the language of its settings)
    language({"seat": {"P1": "J1", "bed": {"Cat": "Chat"}}})
    assert [i18n.seat_name("days", n) for n in ("P1", "P2")] == ["J1", "P2"]
    overlap = Reason.of("overlap", owner="Cat", digit=7)
    assert i18n.reason_text(overlap, "bed") == "That tile overlaps the Chat's 7."
    match = Match.new("bed", 2, ["human", "human"], {"side": "A"}, seed=3)
    scene = BedScene(app, match)
    app.push(scene)
    app.run_frames(1)
    assert scene.seat_names == ["Chat", "Dog"] and match.seat_names == ["Cat", "Dog"]
    scene.play_human(Placement(3, 0, 6, 4))
    assert scene.log[0].startswith("Chat lays the 3")
    assert match.state.to_dict()["to_move"] == "dog"  # the rules and saves keep their names
    app.stack.pop_until(lambda s: False)
