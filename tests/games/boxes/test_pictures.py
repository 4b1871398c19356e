"""Every If It Fits component has a picture of its own (each box card's walls, each toy, each
seat's cat awake and asleep, the Princess), painted once per size; and a wall never looks like
an open side's edge at any zoom."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from catgames.games.boxes.table import pictures
from catgames.games.boxes.components import BOTTOM, LEFT, RIGHT, START, TOP, TOY, boxes_data, turn180
from catgames.games.boxes.table.view import Camera, draw_card, draw_cat
from catgames.ui.art.kept import Kept
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette
from tests.helpers import new_app

CARD, CAT, TOY_PX = (176, 126), (88, 126), 48   #: each picture compared at this size, no text on it
LEAST_DIFFERENCE = 6.0      #: the mean difference per colour channel two pictures must keep


def smoothed(picture: pygame.Surface, small: tuple[int, int]) -> bytes:
    """Shapes, not noise: the picture smoothed down, on black where it is see-through."""
    flat = pygame.Surface(picture.get_size())
    flat.blit(picture, (0, 0))
    return pygame.image.tobytes(pygame.transform.smoothscale(flat, small), "RGB")


def assert_all_distinct(seen: dict[object, bytes]) -> None:
    closest = min((sum(abs(a - b) for a, b in zip(seen[p], seen[q])) / len(seen[p]), p, q)
                  for p, q in combinations(seen, 2))
    assert closest[0] > LEAST_DIFFERENCE, f"{closest[1]} and {closest[2]} look alike"


def faces() -> set[tuple[int, str]]:
    """Every box card face the deck can lay: its open sides (either turn) and what it is."""
    out = set()
    for kind in boxes_data().kinds:
        if kind.role != "princess":
            out |= {(edges, kind.role) for edges in (kind.edges, turn180(kind.edges))}
    return out


def test_every_box_card_face_shows_its_own_walls(catgames_home):
    shown = faces()
    assert len({edges for edges, _ in shown}) >= 15                    # every wall pattern but four walls
    seen = {face: smoothed(pictures.card_picture(face[0], CARD, face[1] == START, face[1] == TOY), (44, 32))
            for face in shown}
    assert_all_distinct(seen)


def test_every_toy_is_a_picture_unlike_the_others(catgames_home):
    seen = {kind: smoothed(pictures.toy_picture(kind, TOY_PX), (12, 12)) for kind in pictures.TOYS}
    assert len(seen) == 4
    assert_all_distinct(seen)
    kinds = {kind for edges, _ in faces() for kind in pictures.toy_kinds(edges, 3)}
    assert kinds == set(pictures.BOX_TOYS)                               # box cards show every box toy
    assert pictures.toy_kinds(15, 3, special=True) == ["fish"] * 3        # a special toy card: its own


def test_each_seats_cat_awake_and_asleep_and_the_princess_all_differ(catgames_home):
    seats = palette().seats
    seen: dict[object, bytes] = {(seat, awake): smoothed(pictures.cat_picture(style, awake, CAT), (22, 32))
                                 for seat, style in enumerate(seats) for awake in (True, False)}
    seen["princess"] = smoothed(pictures.cat_picture(None, True, CAT), (22, 32))
    assert len(seen) == 2 * len(seats) + 1
    assert_all_distinct(seen)


def test_awake_and_asleep_differ_by_pose_not_only_by_colour(catgames_home):
    """The same seat's cat on the same card colour: sitting up and curled still differ."""
    style = palette().seat(0)
    turned = type(style)(style.light, style.color, style.pattern, style.symbol)  # asleep's card colours
    awake = smoothed(pictures.cat_picture(turned, True, CAT), (22, 32))
    asleep = smoothed(pictures.cat_picture(style, False, CAT), (22, 32))
    assert sum(abs(a - b) for a, b in zip(awake, asleep)) / len(awake) > LEAST_DIFFERENCE / 2


def luminance(color: tuple[int, ...]) -> float:
    return 0.3 * color[0] + 0.59 * color[1] + 0.11 * color[2]


@pytest.mark.parametrize("zoom", [Camera.MIN_ZOOM, 1.0, Camera.MAX_ZOOM])
def test_a_wall_is_a_dark_flap_and_an_open_side_stays_light_to_its_edge(zoom):
    """At the smallest and largest zoom: along a wall the card's edge is a dark band at least
    ``MIN_WALL_PX`` thick; along an open side every pixel out to the edge is light floor (no
    border that could pass for a wall)."""
    canvas = Canvas(pygame.Surface((1280, 800)))
    cam = Camera(pygame.FRect(0, 0, 1280, 800), 5, 5)
    cam.zoom = zoom
    rect = cam.slot_rect(1, 1)
    draw_card(canvas, rect, TOP | LEFT, 0)                      # open top and left, walls bottom and right
    (x0, y0), (x1, y1) = canvas.to_real(rect.topleft), canvas.to_real(rect.bottomright)
    mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
    floor = luminance(pictures.KRAFT)
    pixel = canvas.surface.get_at
    open_edges = [pixel((mid_x, y0 + i)) for i in range(2)] + [pixel((x0 + i, mid_y)) for i in range(2)]
    assert all(luminance(tuple(c)) > floor * 0.8 for c in open_edges), open_edges
    thick = round(pictures.MIN_WALL_PX) - 1                     # less one for rounding
    for run in ([pixel((mid_x, y1 - 1 - i)) for i in range(thick)],
                [pixel((x1 - 1 - i, mid_y)) for i in range(thick)]):
        assert all(luminance(tuple(c)) < floor * 0.7 for c in run), run


@pytest.mark.parametrize("zoom", [Camera.MIN_ZOOM, 1.0, Camera.MAX_ZOOM])
@pytest.mark.parametrize("open_side", [LEFT, RIGHT])   # a dead end, either way it is turned
def test_a_dead_ends_open_side_shows_a_solid_arrow_out_at_every_zoom(zoom, open_side):
    """Issue 28: a dead end (walls on three sides) read as a plain box at the table's smallest
    zoom.  Its open half holds a solid pale arrowhead, at least ``MIN_ARROW_PX`` on each side of
    its point; its walled half holds nothing as pale."""
    canvas = Canvas(pygame.Surface((1280, 800)))
    cam = Camera(pygame.FRect(0, 0, 1280, 800), 5, 5)
    cam.zoom = zoom
    rect = cam.slot_rect(1, 1)
    draw_card(canvas, rect, open_side, 0)
    (x0, y0), (x1, y1) = canvas.to_real(rect.topleft), canvas.to_real(rect.bottomright)
    pale = luminance(pictures.OPEN_MARK) * 0.95
    half = (x1 - x0) // 2
    halves = {side: range(x0, x0 + half) if side == LEFT else range(x1 - half, x1) for side in (LEFT, RIGHT)}

    def pale_pixels(columns: range) -> list[tuple[int, int]]:
        return [(x, y) for x in columns for y in range(y0, y1)
                if luminance(tuple(canvas.surface.get_at((x, y)))) > pale]

    arrow = pale_pixels(halves[open_side])
    assert len(arrow) >= pictures.MIN_ARROW_PX ** 2 / 2, len(arrow)   # a triangle, less its outline
    assert max(y for _, y in arrow) - min(y for _, y in arrow) + 1 >= 2 * pictures.MIN_ARROW_PX - 2   # its outline
    assert pale_pixels(halves[(LEFT | RIGHT) ^ open_side]) == []


def test_pictures_are_painted_once_per_size_and_kept(catgames_home, monkeypatch):
    painted: list[tuple[str, tuple[int, int]]] = []
    paint_card, paint_cat = pictures.paint_card, pictures.paint_cat
    monkeypatch.setattr(pictures, "_pictures", Kept(pictures.CACHE_LIMIT))
    monkeypatch.setattr(pictures, "paint_card",
                        lambda pen, *rest: (painted.append(("card", pen.size)), paint_card(pen, *rest))[1])
    monkeypatch.setattr(pictures, "paint_cat",
                        lambda pen, *rest: (painted.append(("cat", pen.size)), paint_cat(pen, *rest))[1])
    first = pictures.card_picture(TOP | BOTTOM, (90, 64))
    assert pictures.card_picture(TOP | BOTTOM, (90, 64)) is first        # the kept surface, not a new one
    canvas = new_app(seed=1).canvas
    for x in (100.0, 100.3, 100.6, 100.0):   # gliding: the same size wherever it lies
        draw_card(canvas, pygame.FRect(x, 100.4, 88, 63), LEFT | RIGHT, 2)
        draw_cat(canvas, pygame.FRect(x, 100.4, 44, 63), palette().seat(1), False)
    assert painted == [("card", (90, 64)), ("card", (88, 63)), ("cat", (44, 63))]
