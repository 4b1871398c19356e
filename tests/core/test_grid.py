"""Polyomino orientations and bitmask regions, reused by the tile games."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from catgames.core.grid import BitGrid, orientations, parse_pattern, render, rotate_cw


def test_rotation_matches_the_spec_formula():
    four = parse_pattern(["#.#", "#.#", "###", "..#", "..#"])
    assert render(rotate_cw(four, 1)) == ["..###", "..#..", "#####"]
    assert render(rotate_cw(four, 3)) == ["#####", "..#..", "###.."]
    assert rotate_cw(four, 4) == four


def test_orientations_drop_duplicates_and_reflections_add_mirrors():
    ell = parse_pattern(["#.", "#.", "##"])
    assert len(orientations(ell)) == 4
    assert len(orientations(ell, reflect=True)) == 8
    assert len(orientations(parse_pattern(["##", "##"]), reflect=True)) == 1


def test_dilate_does_not_wrap_rows():
    g = BitGrid(3, 4)
    right_edge = g.bit(0, 3)
    assert set(g.cells(g.dilate(right_edge))) == {(0, 3), (0, 2), (1, 3)}
    left_edge = g.bit(1, 0)
    assert set(g.cells(g.border(left_edge))) == {(0, 0), (2, 0), (1, 1)}


def brute_regions(g: BitGrid, space: int) -> list[set]:
    cells = set(g.cells(space))
    out = []
    while cells:
        stack = [min(cells)]
        comp = set()
        while stack:
            r, c = stack.pop()
            if (r, c) in comp or (r, c) not in cells:
                continue
            comp.add((r, c))
            stack += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        cells -= comp
        out.append(comp)
    return sorted(out, key=min)


@given(st.integers(0, 2**40 - 1))
def test_regions_equal_a_plain_flood_fill(space):
    g = BitGrid(5, 8)
    got = [set(g.cells(m)) for m in g.regions(space)]
    assert sorted(got, key=min) == brute_regions(g, space)


def test_placements_stay_inside():
    g = BitGrid(4, 4)
    bar = parse_pattern(["###"])
    spots = list(g.placements(bar))
    assert len(spots) == 4 * 2
    for row, col, mask in spots:
        assert set(g.cells(mask)) == {(row, col), (row, col + 1), (row, col + 2)}


def test_mask_rejects_outside_cells():
    g = BitGrid(2, 2)
    try:
        g.mask([(2, 0)])
    except ValueError as exc:
        assert "outside" in str(exc)
    else:
        raise AssertionError("expected ValueError")
    assert g.mask([(random.Random(1).randint(0, 1), 1)]) in (g.bit(0, 1), g.bit(1, 1))
