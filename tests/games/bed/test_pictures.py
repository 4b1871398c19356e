"""Every component of This Bed Is Mine has a picture of its own (each digit as a cat and as a
dog, the mattress, a pillow, each toy), unlike every other beyond the numeral printed over it,
painted once per size and shown on the table."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.table import pictures
from catgames.games.bed.components import DIGITS, TOY_KINDS
from catgames.games.bed.table.scene import BedScene
from catgames.ui.art.kept import Kept
from catgames.ui.theme import palette
from tests.helpers import new_app

CELL = 40                   #: every picture painted at this cell size, with no text on it
SMALL = (15, 25)            #: … smoothed down to this (a 3 x 5 digit's shape) before comparing
LEAST_DIFFERENCE = 6.0      #: the mean difference per colour channel two pictures must keep


def components() -> dict[str, pygame.Surface]:
    """Every distinct picture of the bed, by name."""
    out = {f"{pictures.ANIMALS[seat]} {digit}": pictures.tile(digit, 0, seat, palette().seat(seat), CELL)
           for seat in (0, 1) for digit in DIGITS}
    out["mattress"] = pictures.mattress(17, 13, (13 * CELL, 17 * CELL), 5.0)
    out["pillow"] = pictures.pillow(2, 3, (3 * CELL, 2 * CELL))
    out |= {kind: pictures.toy(kind, CELL) for kind in TOY_KINDS}
    return out


def pixels(picture: pygame.Surface) -> bytes:
    """The picture on the quilt it lies on, smoothed to ``SMALL``."""
    flat = pygame.Surface(picture.get_size())
    flat.fill(pictures.FABRIC)
    flat.blit(picture, (0, 0))
    return pygame.image.tobytes(pygame.transform.smoothscale(flat, SMALL), "RGB")


def test_every_component_shows_a_picture_unlike_any_other(catgames_home):
    seen = {name: pixels(picture) for name, picture in components().items()}
    assert len(seen) == 2 * len(DIGITS) + 2 + len(TOY_KINDS)
    closest = min(((sum(abs(a - b) for a, b in zip(seen[p], seen[q])) / len(seen[p]), p, q)
                   for p, q in combinations(seen, 2)))
    assert closest[0] > LEAST_DIFFERENCE, f"{closest[1]} and {closest[2]} look alike ({closest[0]:.1f})"


def test_a_cat_and_a_dog_of_one_digit_differ_by_shape_not_colour_alone(catgames_home):
    """Grey both and they still differ: ears, muzzle and tail are shapes."""
    for digit in DIGITS:
        grey = [pygame.transform.grayscale(pictures.tile(digit, 0, seat, palette().seat(0), CELL)) for seat in (0, 1)]
        a, b = (pygame.image.tobytes(picture, "RGBA") for picture in grey)
        assert a != b, f"the cat and the dog {digit} differ only by colour"


@pytest.mark.parametrize("digit", DIGITS)
def test_the_animal_lies_on_its_digit_head_and_tail_on_covered_cells(digit):
    for rot in range(4):
        cells = pictures.rotate_cw(pictures.bed_data().shapes[digit], rot)
        head, tail = pictures.ends(digit, rot)
        assert head in cells and tail in cells and head != tail
        assert pictures.rotation_of(digit, {(r + 3, c + 5) for r, c in cells}) in \
            [r for r in range(4) if pictures.rotate_cw(pictures.bed_data().shapes[digit], r) == cells]


def test_a_picture_is_painted_once_per_size_and_kept(catgames_home, monkeypatch):
    painted: list[tuple[int, int, tuple[int, int]]] = []
    paint = pictures.paint_tile
    monkeypatch.setattr(pictures, "_pictures", Kept(pictures.CACHE_LIMIT))
    monkeypatch.setattr(pictures, "paint_tile", lambda pen, digit, rot, *rest: (
        painted.append((digit, rot, pen.size)), paint(pen, digit, rot, *rest))[1])
    style = palette().seat(1)
    first = pictures.tile(7, 1, 1, style, 30)
    assert pictures.tile(7, 1, 1, style, 30) is first                       # the kept surface, not a new one
    pictures.tile(7, 1, 1, style, 36)
    assert painted == [(7, 1, (150, 90)), (7, 1, (180, 108))]


def test_the_table_shows_the_pictures_and_paints_nothing_again_on_the_next_frame(catgames_home, monkeypatch):
    made: list[tuple] = []
    monkeypatch.setattr(pictures, "_pictures", Kept(pictures.CACHE_LIMIT))
    get = pictures._pictures.get
    monkeypatch.setattr(pictures._pictures, "get", lambda key, make: get(key, lambda: (made.append(key), make())[1]))
    app = new_app(Settings(ai_speed="instant"), seed=1)
    match = Match.new("bed", 2, ["human", "human"], {"side": "B"}, seed=3)
    app.push(BedScene(app, match))
    app.run_frames(1)
    kinds = {key[0] for key in made}
    assert kinds == {"mattress", "pillow", "toy", "tile"}                  # the trays show the tiles
    assert {key[1] for key in made if key[0] == "toy"} == set(TOY_KINDS)
    made.clear()
    app.run_frames(2)
    assert made == []
