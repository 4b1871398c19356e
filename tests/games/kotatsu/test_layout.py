"""Where the Kotatsu Cats table puts things (issue 28, "the board fills the window"): the three
kotatsu span the board, and the marks that are no edge's (a kotatsu's number, the lucky cats
between them) keep clear of every edge's cards and labels at every text size."""

from __future__ import annotations

import pygame
import pytest

from catgames.games.kotatsu.table import layout as L
from catgames.ui.game_scene import BOARD_RECT

SIDES = ("bottom", "left", "top", "right")
GROWTHS = (1.0, 1.25, 1.5)  #: how much larger than at 100 % the text on pieces is drawn


def taken(k: int, grow: float) -> list[pygame.FRect]:
    """What the edges of kotatsu ``k`` cover: their bands of cards and their labels."""
    return [r for side in SIDES for r in (L.edge_area(k, side), L.label_box(k, side, grow))]


def test_the_three_kotatsu_span_the_board():
    zones = [L.zone(k) for k in range(3)]
    span = zones[0].unionall(zones[1:])
    assert BOARD_RECT.contains(span)
    assert span.w >= BOARD_RECT.w - 20
    assert all(a.right < b.x for a, b in zip(zones, zones[1:]))


@pytest.mark.parametrize("grow", GROWTHS)
def test_every_edge_fits_its_kotatsu(grow):
    for k in range(3):
        for rect in taken(k, grow):
            assert BOARD_RECT.contains(rect), (k, rect)
            assert L.zone(k).inflate(2 * L.SIDE_LABEL_OUT + 1, 0).contains(rect), (k, rect)
        assert not L.futon(k).colliderect(L.edge_area(k, "bottom").inflate(0, -12))


@pytest.mark.parametrize("grow", GROWTHS)
def test_numbers_and_lucky_cats_stay_clear_of_the_edges(grow):
    for k in range(3):
        number = pygame.FRect(0, 0, 24, 24).move_to(center=L.number_point(k))
        assert L.zone(k).contains(number)
        assert not any(number.colliderect(r) for r in taken(k, grow)), k
    for i in range(2):
        lucky = L.lucky_rect(i)
        assert not any(lucky.colliderect(r) for k in (i, i + 1) for r in taken(k, grow)), i
        assert not lucky.colliderect(pygame.FRect(0, 0, 24, 24).move_to(center=L.number_point(i + 1)))
