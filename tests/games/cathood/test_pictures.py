"""Every Cathood component has a picture of its own (each shop front, lot, the gate, coffee, dog,
bee, tree, toy and kind of building card), none shown for two meanings, painted once per size;
the shops still print their cubes' glyphs, so colour is never the only cue."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from catgames.games.cathood.table import pictures, view
from catgames.games.cathood.components import BUILDING_CARD, PET_SHOP, SHOP, TOY, cathood_data
from catgames.ui.art.kept import Kept
from tests.helpers import new_app

FRAME = (200, 100)          #: every picture compared on a plain frame this big, with no text on it
SMALL = (40, 20)            #: … smoothed down to this before comparing (shapes, not noise)
LEAST_DIFFERENCE = 6.0      #: the mean difference per colour channel two pictures must keep
BACKGROUND = (128, 128, 128)


def pixels(subject: str) -> bytes:
    data = cathood_data()
    size = (200, 86) if pictures.is_wide(subject) else (100, 100)
    frame = pygame.Surface(FRAME)
    frame.fill(BACKGROUND)
    frame.blit(pictures.picture(data, subject, size), ((FRAME[0] - size[0]) // 2, 0))
    return pygame.image.tobytes(pygame.transform.smoothscale(frame, SMALL), "RGB")


def test_every_component_shows_a_picture_unlike_any_other(catgames_home):
    shown = set(pictures.subjects(cathood_data()).values())
    seen = {subject: pixels(subject) for subject in shown}
    assert len(seen) == 8 + 6 + 3 + 3 + 6     # shops, lots/gate/coffee/dog/bee, trees, toys, building kinds
    closest = min((sum(abs(a - b) for a, b in zip(seen[p], seen[q])) / len(seen[p]), p, q)
                  for p, q in combinations(seen, 2))
    assert closest[0] > LEAST_DIFFERENCE, f"{closest[1]} and {closest[2]} look alike"


def test_no_picture_has_two_meanings():
    data = cathood_data()
    meanings = pictures.subjects(data)
    assert len(set(meanings.values())) == len(meanings)                   # one picture, one meaning
    assert pictures.frontage_subject(data, PET_SHOP) != pictures.toy_subject(data, data.toy_types.index("yarn_ball"))
    edges = {f for tile in data.tiles for f in tile.edges if f}
    assert {pictures.frontage_subject(data, f) for f in edges} <= set(meanings.values())   # every frontage drawn
    kinds = {card.points for card in data.cards if card.kind == BUILDING_CARD}
    assert len({pictures.building_subject(points) for points in kinds}) == len(kinds)


@pytest.fixture
def painted(monkeypatch):
    """The subjects whose pictures get painted from now on, in order."""
    out: list[str] = []
    paint = pictures.paint
    monkeypatch.setattr(pictures, "_pictures", Kept(pictures.CACHE_LIMIT))
    monkeypatch.setattr(pictures, "paint", lambda pen, data, subject: (out.append(subject), paint(pen, data, subject)))
    return out


def test_the_pet_shop_lot_and_a_yarn_ball_card_show_different_pictures(catgames_home, painted):
    data = cathood_data()
    canvas = new_app(seed=1).canvas
    tile = next(i for i, t in enumerate(data.tiles) if PET_SHOP in t.edges)
    view.draw_tile(canvas, data, pygame.FRect(100, 100, 160, 160), tile, 0, [-1] * 4, -1)
    assert "pet_shop" in painted and not any(s.startswith("toy:") for s in painted)
    painted.clear()
    yarn = next(i for i, c in enumerate(data.cards) if c.kind == TOY and data.toy_types[c.toy] == "yarn_ball")
    view.draw_card(canvas, data, pygame.FRect(100, 100, 90, 120), yarn)
    assert painted == ["toy:yarn_ball"]


def test_a_picture_is_painted_once_per_size_and_kept(catgames_home, painted):
    data = cathood_data()
    first = pictures.picture(data, "tree:maple", (60, 60))
    assert pictures.picture(data, "tree:maple", (60, 60)) is first       # the kept surface, not a new one
    canvas = new_app(seed=1).canvas
    for x in (100.0, 100.2, 100.5, 100.7, 100.0):                         # a gliding tile: one size wherever it lies
        view.draw_tile(canvas, data, pygame.FRect(x, 100.4, 160, 160), 0, 1, [-1] * 4, -1)
    after_first = len(painted)
    assert painted.count("tree:maple") == 1 and after_first == len(set(painted))
    view.draw_tile(canvas, data, pygame.FRect(300, 100, 160, 160), 0, 1, [-1] * 4, -1)
    assert len(painted) == after_first                                     # the next frame only blits


def test_shops_still_print_the_glyphs_of_the_cubes_they_give(catgames_home, monkeypatch):
    data = cathood_data()
    drawn: list[str] = []
    monkeypatch.setattr(view, "draw_cube", lambda canvas, center, size, colour: drawn.append(colour))
    canvas = new_app(seed=1).canvas
    for tile, info in enumerate(data.tiles):
        drawn.clear()
        view.draw_tile(canvas, data, pygame.FRect(100, 100, 160, 160), tile, tile % 4, [-1] * 4, -1)
        given = [data.colours[c] for f in info.edges if f >= SHOP for c in data.shop_colours[f - SHOP]]
        assert sorted(drawn) == sorted(given)


def test_a_shop_on_a_tiles_north_side_stands_upright_as_on_its_south_side(catgames_home):
    """Issue 28: the shops facing north were drawn turned over, upside down.  A shop front in a
    tile's north band is the very picture it is in the south band (its sign's cubes included);
    on the east and west sides it still turns to face its street."""
    data = cathood_data()
    canvas = new_app(seed=1).canvas
    rect = pygame.FRect(200, 200, 200, 200)   # whole pixels: each band the same picture, same place
    shop = SHOP + data.shop_names.index("mall")
    drawn = {}
    for side in range(4):
        band = view.edge_band(rect, side)
        canvas.surface.fill(BACKGROUND)
        view.draw_frontage(canvas, data, band, side, shop, -1)
        real = canvas.real_rect(band)
        drawn[side] = pygame.image.tobytes(canvas.surface.subsurface(real), "RGB")
    assert drawn[0] == drawn[2]
    assert drawn[1] != drawn[3]
