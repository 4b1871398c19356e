"""Every Woof Days / Cat Days card has a picture of its own (a dog by its breed, a cat by its pose
and mood, an event by its object), painted once per size and shown on the card faces of the
table, the gallery and the hand card's panel."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.days.table import pictures, popups, view
from catgames.games.days.components import Card, days_data
from catgames.games.days.table.gallery import GalleryScene
from catgames.games.days.table.scene import DaysScene
from catgames.ui.art.kept import Kept
from tests.helpers import new_app

SIZE = (160, 78)            #: every picture compared at this size, with no text on it
SMALL = (40, 20)            #: … and smoothed down to this before comparing (shapes, not noise)
LEAST_DIFFERENCE = 6.0      #: the mean difference per colour channel two pictures must keep


def subjects() -> list[tuple[Card, str]]:
    """Each card once per picture it can show: per edition where the edition prints another breed."""
    out = []
    for card in days_data().cards:
        editions = ("uk", "fr") if card.id in pictures.EDITION_BREEDS else ("uk",)
        out += [(card, edition) for edition in editions]
    return out


def pixels(card: Card, edition: str) -> bytes:
    picture = pictures.picture(card, edition, SIZE)
    return pygame.image.tobytes(pygame.transform.smoothscale(picture, SMALL), "RGB")


def test_every_card_shows_a_picture_unlike_any_other(catgames_home):
    seen = {(card.id, edition): pixels(card, edition) for card, edition in subjects()}
    assert len(seen) == len(days_data().cards) + len(pictures.EDITION_BREEDS)
    closest = min(((sum(abs(a - b) for a, b in zip(seen[p], seen[q])) / len(seen[p]), p, q)
                   for p, q in combinations(seen, 2)))
    assert closest[0] > LEAST_DIFFERENCE, f"{closest[1]} and {closest[2]} look alike"


def test_dog_cards_show_their_breed_and_the_edition_decides_the_renamed_ones():
    dogs = [card for card in days_data().cards if card.kind == "dog"]
    assert all(pictures.breed_of(card.id, "uk") in pictures.BREEDS for card in dogs)
    assert pictures.breed_of("wd_australian_shepherd", "uk") == "yorkshire_terrier"  # the UK card's name
    assert pictures.breed_of("wd_australian_shepherd", "fr") == "australian_shepherd"
    assert pictures.breed_of("wd_shiba", "uk") == "westie" and pictures.breed_of("wd_shiba", "fr") == "shiba"
    ids = {card.id for card in days_data().cards}
    named = set(pictures.CAT_LOOKS) | set(pictures.THINGS)
    assert named <= ids                                                     # no picture for a card that is gone
    assert {card.id for card in days_data().cards if card.kind != "dog"} == named


def test_a_picture_is_painted_once_per_size_and_kept(catgames_home, monkeypatch):
    painted: list[tuple[str, tuple[int, int]]] = []
    paint = pictures.paint
    monkeypatch.setattr(pictures, "paint", lambda pen, card, *rest: (painted.append((card.id, pen.size)),
                                                                     paint(pen, card, *rest))[1])
    monkeypatch.setattr(pictures, "_pictures", Kept(pictures.CACHE_LIMIT))
    card = days_data().cards[days_data().by_id["wd_dalmatian"]]
    first = pictures.picture(card, "uk", (90, 44))
    assert pictures.picture(card, "uk", (90, 44)) is first                 # the kept surface, not a new one
    pictures.picture(card, "uk", (120, 58))
    canvas = new_app(seed=1).canvas
    for x in (100.0, 100.2, 100.5, 100.7, 100.0):   # gliding: the same size wherever it lies
        view.draw_card(canvas, pygame.FRect(x, 100.4, 96, 134), card, "uk")
    assert painted[:2] == [("wd_dalmatian", (90, 44)), ("wd_dalmatian", (120, 58))]
    assert len(painted) == 3 and painted[2][0] == "wd_dalmatian"           # the face's size, once


@pytest.fixture
def painted(monkeypatch):
    """The card ids whose pictures get painted from now on."""
    out: set[str] = set()
    paint = pictures.paint
    monkeypatch.setattr(pictures, "_pictures", Kept(pictures.CACHE_LIMIT))
    monkeypatch.setattr(pictures, "paint", lambda pen, card, *rest: (out.add(card.id), paint(pen, card, *rest))[1])
    return out


@pytest.mark.parametrize("deck", ["woof", "cat"])
def test_the_gallery_shows_the_cards_pictures(catgames_home, painted, deck):
    app = new_app(seed=1)
    app.push(GalleryScene(app, deck))
    app.run_frames(1)
    first = [card.id for card in days_data().cards if card.deck == deck][:4]
    assert set(first) <= painted and all(card_id.startswith(deck[0]) for card_id in painted)


def test_the_table_and_the_hand_cards_panel_show_pictures(catgames_home, painted):
    app = new_app(Settings(ai_speed="instant"), seed=1)
    match = Match.new("days", 2, ["human", "ai:easy"], {"decks": "cat", "first_player": "P1"}, seed=3)
    scene = DaysScene(app, match)
    app.push(scene)
    app.run_frames(1)
    hand = [scene.card(c) for c in match.state.hands[0]]
    assert {card.id for card in hand} <= painted
    painted.clear()
    popups.draw_card_panel(app.canvas, pygame.FRect(0, 0, 880, 720), pygame.FRect(400, 600, 96, 134), hand[0], "uk")
    assert painted == {hand[0].id}                                           # the large face: a size of its own


@pytest.mark.parametrize("card_id", ["wd_dalmatian", "cd_zen_cat", "wd_lead"])
def test_an_opponents_landscape_card_shows_its_picture_too(catgames_home, painted, card_id):
    """The compact face of a crowded row (3-4 players) keeps a small picture between its badge
    and its kind icon: who it is, not only a name and a number."""
    canvas = new_app(seed=1).canvas
    card = days_data().cards[days_data().by_id[card_id]]
    view.draw_card(canvas, pygame.FRect(100, 100, 95, 72), card, "uk")
    assert painted == {card_id}
