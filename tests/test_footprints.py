"""Tests for board.footprints: facing zones, multihex cells and threat zones."""

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.footprints import (
    FOOTPRINT_SIZES,
    footprint_cells,
    footprint_centroid,
    footprint_neighbors,
    rear_hexes,
    relative_zone,
    threat_zone,
)
from board.hexgrid import DIRECTIONS, ORIGIN, Hex, hex_add, hex_distance, hex_neighbor, hex_neighbors, hex_rotate

hexes = st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60))
sizes = st.sampled_from(FOOTPRINT_SIZES)
facings = st.integers(-12, 12)  # any int: facings are taken mod 6
examples = settings(max_examples=100, deadline=None)

THREAT_COUNTS = {1: 3, 2: 3, 3: 4, 4: 5, 7: 5}
NEIGHBOR_COUNTS = {1: 6, 2: 8, 3: 9, 4: 10, 7: 12}


def _connected(cells):
    cells = set(cells)
    start = next(iter(cells))
    seen, queue = {start}, deque([start])
    while queue:
        for n in hex_neighbors(queue.popleft()):
            if n in cells and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen == cells


def test_base_shapes_for_facing_0():
    assert footprint_cells(1, ORIGIN, 0) == (ORIGIN,)
    assert footprint_cells(2, ORIGIN, 0) == (ORIGIN, DIRECTIONS[3])
    assert footprint_cells(3, ORIGIN, 0) == (ORIGIN, DIRECTIONS[5], DIRECTIONS[4])
    assert footprint_cells(4, ORIGIN, 0) == (ORIGIN, DIRECTIONS[2], DIRECTIONS[3], DIRECTIONS[4])
    assert footprint_cells(7, ORIGIN, 0) == (ORIGIN,) + DIRECTIONS


@pytest.mark.parametrize("size", [0, 5, 6, 8, -1, "2", None])
def test_other_sizes_are_rejected(size):
    with pytest.raises(ValueError):
        footprint_cells(size, ORIGIN, 0)


@pytest.mark.parametrize("size", FOOTPRINT_SIZES)
def test_threat_zone_counts(size):
    for facing in range(6):
        assert len(threat_zone(size, Hex(3, -4), facing)) == THREAT_COUNTS[size]
        assert len(rear_hexes(size, Hex(3, -4), facing)) == 1
        assert len(footprint_neighbors(size, Hex(3, -4), facing)) == NEIGHBOR_COUNTS[size]


@pytest.mark.parametrize("facing", range(6))
def test_one_hex_threat_zone_is_the_front_hex_and_its_two_neighbours(facing):
    a = Hex(2, 5)
    assert threat_zone(1, a, facing) == (
        hex_neighbor(a, facing - 1),
        hex_neighbor(a, facing),
        hex_neighbor(a, facing + 1),
    )
    assert rear_hexes(1, a, facing) == (hex_neighbor(a, facing + 3),)


def test_boundary_angles_count_as_side():
    # Size 2: the anchor's neighbours at facing +-2 lie at exactly 90 degrees.
    assert relative_zone(2, ORIGIN, 0, DIRECTIONS[2]) == "side"
    assert relative_zone(2, ORIGIN, 0, DIRECTIONS[4]) == "side"
    # Megahex: ring-2 hexes (-1,-1) and (-2,1) lie at exactly 150 degrees.
    assert relative_zone(7, ORIGIN, 0, Hex(-1, -1)) == "side"
    assert relative_zone(7, ORIGIN, 0, Hex(-2, 1)) == "side"
    assert relative_zone(7, ORIGIN, 0, Hex(-2, 0)) == "rear"


def test_centroids():
    assert footprint_centroid(1, Hex(1, 0), 3) == pytest.approx((3**0.5, 0.0))
    assert footprint_centroid(7, ORIGIN, 2) == pytest.approx((0.0, 0.0), abs=1e-12)
    assert footprint_centroid(2, ORIGIN, 0) == pytest.approx((-(3**0.5) / 2, 0.0))


@examples
@given(hexes, facings)
def test_one_hex_figure_zones_of_its_six_neighbours(anchor, facing):
    expected = ["front", "front", "side", "rear", "side", "front"]
    for k in range(6):
        assert relative_zone(1, anchor, facing, hex_neighbor(anchor, facing + k)) == expected[k]
    assert relative_zone(1, anchor, facing, anchor) == "inside"


@examples
@given(sizes, hexes, facings)
def test_cells_are_distinct_connected_and_anchor_first(size, anchor, facing):
    cells = footprint_cells(size, anchor, facing)
    assert len(cells) == len(set(cells)) == size
    assert cells[0] == anchor
    assert _connected(cells)
    assert all(relative_zone(size, anchor, facing, c) == "inside" for c in cells)


@examples
@given(sizes, hexes, facings, st.integers(-12, 12))
def test_rotated_cells_are_the_cells_of_the_rotated_facing(size, anchor, facing, steps):
    rotated = tuple(hex_rotate(c, steps, anchor) for c in footprint_cells(size, anchor, facing))
    assert rotated == footprint_cells(size, anchor, facing + steps)


@examples
@given(sizes, hexes, facings)
def test_cells_translate_with_the_anchor_and_facing_is_mod_6(size, anchor, facing):
    cells = footprint_cells(size, anchor, facing)
    assert cells == tuple(hex_add(anchor, c) for c in footprint_cells(size, ORIGIN, facing))
    assert cells == footprint_cells(size, anchor, facing % 6)


@examples
@given(sizes, hexes, facings)
def test_threat_zone_is_adjacent_front_and_disjoint_from_cells(size, anchor, facing):
    cells = footprint_cells(size, anchor, facing)
    zone = threat_zone(size, anchor, facing)
    assert len(zone) == len(set(zone)) == THREAT_COUNTS[size]
    assert not set(zone) & set(cells)
    assert all(min(hex_distance(h, c) for c in cells) == 1 for h in zone)
    assert all(relative_zone(size, anchor, facing, h) == "front" for h in zone)
    # The hex straight ahead of the anchor is always threatened... unless it is a cell.
    ahead = hex_neighbor(anchor, facing)
    assert ahead in zone or ahead in cells


@examples
@given(sizes, hexes, facings, st.integers(1, 5))
def test_zones_turn_with_the_figure(size, anchor, facing, steps):
    def turned(hs):
        return {hex_rotate(h, steps, anchor) for h in hs}

    assert turned(threat_zone(size, anchor, facing)) == set(threat_zone(size, anchor, facing + steps))
    assert turned(rear_hexes(size, anchor, facing)) == set(rear_hexes(size, anchor, facing + steps))


@examples
@given(sizes, hexes, facings)
def test_neighbours_split_into_front_side_and_rear(size, anchor, facing):
    border = footprint_neighbors(size, anchor, facing)
    cells = set(footprint_cells(size, anchor, facing))
    assert len(border) == len(set(border)) == NEIGHBOR_COUNTS[size]
    assert not set(border) & cells
    zones = [relative_zone(size, anchor, facing, h) for h in border]
    assert set(zones) == {"front", "side", "rear"}
    assert set(threat_zone(size, anchor, facing)) | set(rear_hexes(size, anchor, facing)) == {
        h for h, z in zip(border, zones) if z != "side"
    }
