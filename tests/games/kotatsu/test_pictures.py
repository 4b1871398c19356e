"""Every Kotatsu Cats piece has a picture of its own (each wooden cat colour, each cushion's back
and symbol, the kotatsu on its tatami, the lucky cat), told apart by shape as well as colour,
painted once per size and shown on the table."""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Hashable

import pygame
import pytest

from catgames.games.kotatsu.table import pictures, view
from catgames.games.kotatsu.components import COIN, FOOD, kotatsu_data
from catgames.ui.art.kept import Kept
from catgames.ui.art.pen import Pen
from tests.games.kotatsu.test_scene import open_table
from tests.helpers import new_app

SIZE = (120, 120)          #: every picture compared at this size, on one backdrop, with no text on it
SMALL = (30, 30)           #: … and smoothed down to this before comparing (shapes, not noise)
LEAST_DIFFERENCE = 6.0     #: the mean difference per channel two pictures must keep
BACKDROP = (0x80, 0x70, 0x60)


def components() -> dict[str, tuple[tuple[Hashable, ...], float, float, Callable[[Pen], None]]]:
    """Each distinct piece once: its cache key, its units and its painter."""
    data = kotatsu_data()
    out = {}
    for colour_id, pattern in zip(data.colour_ids, data.colour_patterns):
        out[f"cat {colour_id}"] = (("cat", colour_id, pattern), 100.0, 100.0,
                                   lambda pen, c=colour_id, p=pattern: pictures.paint_wooden_cat(pen, c, p))
        out[f"cushion back {colour_id}"] = (("back", colour_id, pattern), 100.0, 86.0,
                                            lambda pen, c=colour_id, p=pattern: pictures.paint_cushion_back(pen, c, p))
    out["cushion back blank"] = (("back", None, ""), 100.0, 86.0,
                                 lambda pen: pictures.paint_cushion_back(pen, None, ""))
    for symbol in sorted({s for s in data.cushion_symbol if s} | {COIN, FOOD}) + [None]:
        out[f"cushion face {symbol}"] = (("face", "O", symbol), 100.0, 86.0,
                                         lambda pen, s=symbol: pictures.paint_cushion_face(pen, "O", s))
    out["kotatsu"] = (("kotatsu",), *pictures.ZONE_SIZE, pictures.paint_kotatsu)
    out["lucky cat"] = (("lucky",), 100.0, 100.0, pictures.paint_lucky_cat)
    return out


def pixels(name: str, grey: bool = False) -> bytes:
    key, width, height, paint = components()[name]
    flat = pygame.Surface(SIZE)
    flat.fill(BACKDROP)
    flat.blit(pictures.picture(key, SIZE, width, height, paint), (0, 0))
    small = pygame.transform.smoothscale(flat, SMALL)
    if grey:
        small = pygame.transform.grayscale(small)
    return pygame.image.tobytes(small, "RGB")


def closest(names: list[str], grey: bool = False) -> tuple[float, str, str]:
    seen = {name: pixels(name, grey) for name in names}
    return min((sum(abs(a - b) for a, b in zip(seen[p], seen[q])) / len(seen[p]), p, q)
               for p, q in combinations(seen, 2))


def test_every_piece_shows_a_picture_unlike_any_other(catgames_home):
    names = list(components())
    assert len(names) == 6 + 7 + 3 + 2         # six cats, seven cushion backs, three faces, table, lucky cat
    difference, p, q = closest(names)
    assert difference > LEAST_DIFFERENCE, f"{p} and {q} look alike"


@pytest.mark.parametrize("kind", ["cat", "cushion back"])
def test_colours_differ_by_their_marks_not_by_hue_alone(catgames_home, kind):
    """In grey, as a reader without colour vision sees them, the six colours still differ."""
    names = [name for name in components() if name.startswith(kind) and not name.endswith("blank")]
    assert len(names) == 6
    difference, p, q = closest(names, grey=True)
    assert difference > LEAST_DIFFERENCE, f"{p} and {q} differ only by hue"


@pytest.fixture
def made(monkeypatch) -> list[Hashable]:
    """The keys of the pictures painted from now on (each time one is painted)."""
    out: list[Hashable] = []

    class Recording(Kept[pygame.Surface]):
        def get(self, key, make):
            return super().get(key, lambda: (out.append(key), make())[1])

    monkeypatch.setattr(pictures, "_pictures", Recording(pictures.CACHE_LIMIT))
    return out


def test_a_picture_is_painted_once_per_size_and_kept(catgames_home, made):
    data = kotatsu_data()
    canvas = new_app(seed=1).canvas
    for x in (100.0, 100.3, 100.6, 101.0, 100.0):       # gliding: the same size wherever it lies
        view.draw_pair(canvas, (x, 200.4), 46, data, 0, 0)
        view.draw_lucky_cat(canvas, (x, 300.2), 22, True, 1)
    colour = data.cat_colour[0]
    cat_key = ("cat", data.colour_ids[colour], data.colour_patterns[colour])
    assert [key[:-1] for key in made] == [("back", data.colour_ids[data.cushion_colour[0]],  # type: ignore[index]
                                           data.colour_patterns[data.cushion_colour[0]]), cat_key, ("lucky",)]
    first = pictures.picture(("lucky",), (30, 30), 100, 100, pictures.paint_lucky_cat)
    assert pictures.picture(("lucky",), (30, 30), 100, 100, pictures.paint_lucky_cat) is first
    view.draw_cat(canvas, (100, 100), 80, data, colour)                  # another size: painted anew
    assert made[-1] == (*cat_key, (canvas.length(80), canvas.length(80)))


def test_the_table_shows_the_pieces_pictures(catgames_home, made):
    app, scene = open_table(["human", "human"])
    kinds = {key[0] for key in made}  # type: ignore[index]
    assert {"kotatsu", "cat", "back"} <= kinds
    state = scene.local.match.state
    on_tables = {state.data.colour_ids[state.data.cat_colour[cat]] for pairs in state.pairs for cat, _ in pairs}
    assert on_tables <= {key[1] for key in made if key[0] == "cat"}  # type: ignore[index]
    for _ in range(4):                # the table drawn afresh after each move: pictures blitted, not painted again
        scene.local.match.play(state.legal_moves()[0])
        scene._match_changed()  # the match was played past the feed: read anew
        app.run_frames(3)
        state = scene.local.match.state
    assert len(made) == len(set(made))
