"""Tests for board.hexgrid: Red Blob Games' known vectors plus properties."""

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from board.hexgrid import (
    DIRECTIONS,
    FLAT,
    KINDS,
    ORIGIN,
    POINTY,
    Hex,
    Layout,
    direction_between,
    from_offset,
    hex_add,
    hex_corner_offset,
    hex_direction,
    hex_distance,
    hex_label,
    hex_length,
    hex_lerp,
    hex_linedraw,
    hex_linedraw_both,
    hex_neighbor,
    hex_neighbors,
    hex_range,
    hex_reflect_q,
    hex_reflect_r,
    hex_reflect_s,
    hex_ring,
    hex_rotate,
    hex_rotate_left,
    hex_rotate_right,
    hex_round,
    hex_scale,
    hex_spiral,
    hex_subtract,
    hex_to_pixel,
    layout_for,
    parse_label,
    pixel_to_hex,
    pixel_to_hex_fractional,
    polygon_corners,
    to_offset,
)

coord = st.integers(-60, 60)
hexes = st.builds(Hex, coord, coord)
kinds = st.sampled_from(KINDS)
examples = settings(max_examples=200, deadline=None)


# --- Known vectors -----------------------------------------------------------


def test_hex_is_a_hashable_tuple_with_s():
    h = Hex(*[1, -3])
    assert h == (1, -3) and h.s == 2 and {h: 1}[Hex(1, -3)] == 1


def test_arithmetic_known_vectors():
    assert hex_add(Hex(1, -3), Hex(3, -7)) == Hex(4, -10)
    assert hex_subtract(Hex(1, -3), Hex(3, -7)) == Hex(-2, 4)
    assert hex_scale(Hex(1, -3), 3) == Hex(3, -9)


def test_direction_order_is_the_convention():
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert hex_direction(2) == Hex(0, -1)


def test_direction_numbers_are_taken_mod_6():
    for d in range(-12, 13):
        assert hex_direction(d) == DIRECTIONS[d % 6]
        assert hex_neighbor(ORIGIN, d) == DIRECTIONS[d % 6]


def test_neighbor_known_vector():
    assert hex_neighbor(Hex(1, -2), 2) == Hex(1, -3)


def test_neighbors_are_in_direction_order():
    h = Hex(5, -2)
    assert hex_neighbors(h) == [hex_add(h, d) for d in DIRECTIONS]


def test_direction_between_neighbours_and_non_neighbours():
    h = Hex(2, 3)
    for d in range(6):
        assert direction_between(h, hex_neighbor(h, d)) == d
    assert direction_between(h, h) is None
    assert direction_between(h, Hex(4, 3)) is None


def test_distance_known_vector():
    assert hex_distance(Hex(3, -7), ORIGIN) == 7
    assert hex_length(Hex(3, -7)) == 7


def test_rotation_known_vectors():
    # Cube (1,-3,2): left is (-s,-q,-r) = (-2,-1,3); right is (-r,-s,-q) = (3,-2,-1).
    assert hex_rotate_left(Hex(1, -3)) == Hex(-2, -1)
    assert hex_rotate_right(Hex(1, -3)) == Hex(3, -2)


def test_rotate_left_steps_direction_d_to_d_plus_1():
    for d in range(6):
        assert hex_rotate_left(DIRECTIONS[d]) == DIRECTIONS[(d + 1) % 6]
        assert hex_rotate_right(DIRECTIONS[d]) == DIRECTIONS[(d - 1) % 6]
        assert hex_rotate(DIRECTIONS[d], -2) == DIRECTIONS[(d - 2) % 6]


def test_rotation_about_a_center():
    center = Hex(4, -1)
    assert hex_rotate(hex_neighbor(center, 0), 1, center) == hex_neighbor(center, 1)
    assert hex_rotate(center, 3, center) == center


def test_reflection_known_vectors():
    # Cube (1,-3,2): across q keeps q -> (1,2,-3); across r -> (2,-3,1); across s -> (-3,1,2).
    assert hex_reflect_q(Hex(1, -3)) == Hex(1, 2)
    assert hex_reflect_r(Hex(1, -3)) == Hex(2, -3)
    assert hex_reflect_s(Hex(1, -3)) == Hex(-3, 1)


def test_round_known_vectors():
    a, b, c = ORIGIN, Hex(1, -1), Hex(0, -1)
    assert hex_round(*hex_lerp(ORIGIN, Hex(10, -20), 0.5)) == Hex(5, -10)
    assert hex_round(*hex_lerp(a, b, 0.499)) == a
    assert hex_round(*hex_lerp(a, b, 0.501)) == b
    assert hex_round(a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3) == a
    assert hex_round(a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4) == c


def test_linedraw_known_vector():
    assert hex_linedraw(ORIGIN, Hex(1, -5)) == [(0, 0), (0, -1), (0, -2), (1, -3), (1, -4), (1, -5)]


def test_linedraw_rejects_other_nudges():
    with pytest.raises(ValueError):
        hex_linedraw(ORIGIN, Hex(2, 0), nudge=0)


def test_ring_sizes_are_six_times_radius():
    assert hex_ring(Hex(3, 3), 0) == [Hex(3, 3)]
    for radius in range(1, 8):
        ring = hex_ring(Hex(3, 3), radius)
        assert len(ring) == len(set(ring)) == 6 * radius
        assert all(hex_distance(h, Hex(3, 3)) == radius for h in ring)


def test_negative_radius_has_no_hexes():
    assert hex_range(ORIGIN, -1) == hex_ring(ORIGIN, -1) == hex_spiral(ORIGIN, -1) == []


def test_spiral_is_center_then_rings_in_order():
    assert hex_spiral(ORIGIN, 2) == [ORIGIN] + hex_ring(ORIGIN, 1) + hex_ring(ORIGIN, 2)


def test_offset_known_vectors():
    # Red Blob: qoffset_from_cube(ODD, (1,2,-3)) == (1,2) (EVEN would give (1,3)).
    assert to_offset(Hex(1, 2), "flat") == (1, 2)
    assert from_offset(1, 2, "flat") == Hex(1, 2)
    # Odd-r: col = q + (r - (r&1))//2 = 1 + 1 = 2.
    assert to_offset(Hex(1, 2), "pointy") == (2, 2)
    # An odd row tells odd-r from even-r: col = 3 + (-3 - 1)//2 = 1 (even-r: 2).
    assert to_offset(Hex(3, -3), "pointy") == (1, -3)
    assert from_offset(1, -3, "pointy") == Hex(3, -3)
    # Red Blob's round-trip vectors.
    for kind in KINDS:
        assert from_offset(*to_offset(Hex(3, 4), kind), kind) == Hex(3, 4)
        assert to_offset(from_offset(1, -3, kind), kind) == (1, -3)


def test_flat_maps_shove_odd_columns_down():
    layout = layout_for("flat", 10.0)
    xs = {round(hex_to_pixel(layout, from_offset(3, row, "flat"))[0], 6) for row in range(5)}
    assert len(xs) == 1  # a column is a vertical line
    y_even = hex_to_pixel(layout, from_offset(0, 0, "flat"))[1]
    y_odd = hex_to_pixel(layout, from_offset(1, 0, "flat"))[1]
    assert y_odd == pytest.approx(y_even + math.sqrt(3) / 2 * 10.0)


def test_pointy_maps_shove_odd_rows_right():
    layout = layout_for("pointy", 10.0)
    ys = {round(hex_to_pixel(layout, from_offset(col, 3, "pointy"))[1], 6) for col in range(5)}
    assert len(ys) == 1  # a row is a horizontal line
    x_even = hex_to_pixel(layout, from_offset(0, 0, "pointy"))[0]
    x_odd = hex_to_pixel(layout, from_offset(0, 1, "pointy"))[0]
    assert x_odd == pytest.approx(x_even + math.sqrt(3) / 2 * 10.0)


@pytest.mark.parametrize("kind", KINDS)
def test_label_is_column_then_row_one_based(kind):
    assert hex_label(from_offset(4, 6, kind), kind) == "0507"
    assert hex_label(from_offset(0, 0, kind), kind) == "0101"
    assert parse_label("0507", kind) == from_offset(4, 6, kind)
    assert parse_label(hex_label(Hex(7, 2), kind), kind) == Hex(7, 2)


@pytest.mark.parametrize("kind", KINDS)
def test_label_widens_to_three_digits_past_99(kind):
    assert hex_label(from_offset(99, 4, kind), kind) == "100005"
    assert hex_label(from_offset(4, 120, kind), kind) == "005121"
    assert parse_label("100005", kind) == from_offset(99, 4, kind)
    assert parse_label("005007", kind) == parse_label("0507", kind)


@pytest.mark.parametrize("bad", ["", "507", "05070", "05a7", "0000", "0100", "-507", "０５０７", 507])
def test_parse_label_rejects_malformed_labels(bad):
    with pytest.raises(ValueError):
        parse_label(bad, "flat")


def test_label_rejects_hexes_off_the_top_left_and_unknown_kinds():
    with pytest.raises(ValueError):
        hex_label(from_offset(-1, 3, "flat"), "flat")
    with pytest.raises(ValueError):
        to_offset(ORIGIN, "square")
    with pytest.raises(ValueError):
        layout_for("hex", 10)


def test_layout_for_picks_the_orientation():
    assert layout_for("flat", 10, (1, 2)) == Layout(FLAT, (10.0, 10.0), (1.0, 2.0))
    assert layout_for("pointy", (10, 12)).orientation == POINTY


def test_orientation_matrices_are_inverse():
    for m in (POINTY, FLAT):
        assert m.f0 * m.b0 + m.f1 * m.b2 == pytest.approx(1.0)
        assert m.f0 * m.b1 + m.f1 * m.b3 == pytest.approx(0.0, abs=1e-12)
        assert m.f2 * m.b0 + m.f3 * m.b2 == pytest.approx(0.0, abs=1e-12)
        assert m.f2 * m.b1 + m.f3 * m.b3 == pytest.approx(1.0)


def test_corner_zero_points_along_start_angle():
    assert hex_corner_offset(layout_for("flat", 10), 0) == pytest.approx((10.0, 0.0))
    assert hex_corner_offset(layout_for("pointy", 10), 0) == pytest.approx(
        (10 * math.cos(math.pi / 6), 10 * math.sin(math.pi / 6))
    )


def test_layout_known_vector():
    # Red Blob's test_layout uses Hex(3, 4, -7) with sizes (10, 15) and origin (35, 71).
    for orientation in (FLAT, POINTY):
        layout = Layout(orientation, (10.0, 15.0), (35.0, 71.0))
        assert pixel_to_hex(layout, hex_to_pixel(layout, Hex(3, 4))) == Hex(3, 4)
    assert hex_to_pixel(layout_for("pointy", 1.0), Hex(1, 0)) == pytest.approx((math.sqrt(3), 0.0))
    assert hex_to_pixel(layout_for("flat", 1.0), Hex(0, 1)) == pytest.approx((0.0, math.sqrt(3)))


def _is_contiguous_line(line, a, b):
    return (
        line[0] == a
        and line[-1] == b
        and len(line) == hex_distance(a, b) + 1
        and all(hex_distance(p, q) == 1 for p, q in itertools.pairwise(line))
    )


def test_line_along_a_hex_edge_has_two_readings():
    # (0,0) -> (1,1) runs exactly along the edge between (1,0) and (0,1).
    plus, minus = hex_linedraw_both(ORIGIN, Hex(1, 1))
    assert plus == [ORIGIN, Hex(0, 1), Hex(1, 1)]
    assert minus == [ORIGIN, Hex(1, 0), Hex(1, 1)]
    # And such pairs are common: every one found is a valid line both ways.
    differing = [b for b in hex_range(ORIGIN, 4) if hex_linedraw(ORIGIN, b, 1) != hex_linedraw(ORIGIN, b, -1)]
    assert differing
    for b in differing:
        for line in hex_linedraw_both(ORIGIN, b):
            assert _is_contiguous_line(line, ORIGIN, b)


# --- Properties ----------------------------------------------------------------


@examples
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert hex_distance(a, a) == 0
    assert hex_distance(a, b) == hex_distance(b, a) >= 0
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@examples
@given(hexes, hexes, st.integers(-20, 20))
def test_six_rotations_are_the_identity(h, center, steps):
    g = h
    for _ in range(6):
        g = hex_rotate(g, 1, center)
    assert g == h
    assert hex_rotate(h, steps + 6, center) == hex_rotate(h, steps, center)
    assert hex_rotate(hex_rotate(h, steps, center), -steps, center) == h
    assert hex_rotate_right(hex_rotate_left(h)) == h


@examples
@given(hexes, hexes, st.integers(-20, 20))
def test_rotation_preserves_distance_from_center(h, center, steps):
    assert hex_distance(hex_rotate(h, steps, center), center) == hex_distance(h, center)


@examples
@given(hexes, hexes)
def test_reflection_twice_is_the_identity(h, center):
    for reflect in (hex_reflect_q, hex_reflect_r, hex_reflect_s):
        assert reflect(reflect(h, center), center) == h
        assert hex_distance(reflect(h, center), center) == hex_distance(h, center)
    v = hex_subtract(h, center)
    assert hex_subtract(hex_reflect_q(h, center), center).q == v.q
    assert hex_subtract(hex_reflect_r(h, center), center).r == v.r
    assert hex_subtract(hex_reflect_s(h, center), center).s == v.s


layouts = st.builds(
    Layout,
    st.sampled_from((POINTY, FLAT)),
    st.tuples(st.floats(1.0, 200.0), st.floats(1.0, 200.0)),
    st.tuples(st.floats(-1000.0, 1000.0), st.floats(-1000.0, 1000.0)),
)
jitter = st.floats(-0.39, 0.39)


@examples
@given(layouts, hexes, jitter, jitter)
def test_pixel_to_hex_round_trips(layout, h, jx, jy):
    x, y = hex_to_pixel(layout, h)
    assert pixel_to_hex(layout, (x, y)) == h
    fq, fr = pixel_to_hex_fractional(layout, (x, y))
    assert fq == pytest.approx(h.q, abs=1e-6) and fr == pytest.approx(h.r, abs=1e-6)
    # Within 0.4 size on each axis stays inside the inscribed circle (0.866 size).
    jittered = (x + jx * layout.size[0], y + jy * layout.size[1])
    assert pixel_to_hex(layout, jittered) == h


@examples
@given(layouts, hexes)
def test_polygon_corners_surround_the_hex(layout, h):
    corners = polygon_corners(layout, h)
    cx, cy = hex_to_pixel(layout, h)
    assert len(corners) == 6
    for x, y in corners:
        # A point 10% of the way from a corner to the centre is still inside.
        assert pixel_to_hex(layout, (x + 0.1 * (cx - x), y + 0.1 * (cy - y))) == h


@examples
@given(hexes, kinds)
def test_offset_axial_round_trip(h, kind):
    assert from_offset(*to_offset(h, kind), kind) == h


@examples
@given(coord, coord, kinds)
def test_axial_offset_round_trip(col, row, kind):
    assert to_offset(from_offset(col, row, kind), kind) == (col, row)


@examples
@given(st.integers(0, 998), st.integers(0, 998), kinds)
def test_label_round_trip(col, row, kind):
    h = from_offset(col, row, kind)
    label = hex_label(h, kind)
    assert len(label) == (4 if max(col, row) < 99 else 6)
    assert parse_label(label, kind) == h


@examples
@given(hexes, hexes, st.sampled_from((1, -1)))
def test_line_is_contiguous_from_a_to_b(a, b, nudge):
    assert _is_contiguous_line(hex_linedraw(a, b, nudge), a, b)


@examples
@given(hexes, hexes)
def test_both_lines_share_their_ends(a, b):
    plus, minus = hex_linedraw_both(a, b)
    assert _is_contiguous_line(plus, a, b) and _is_contiguous_line(minus, a, b)


@settings(max_examples=50, deadline=None)
@given(hexes, st.integers(0, 8))
def test_range_has_centered_hexagonal_count(center, n):
    area = hex_range(center, n)
    assert len(area) == len(set(area)) == 3 * n * (n + 1) + 1
    assert all(hex_distance(h, center) <= n for h in area)


@settings(max_examples=50, deadline=None)
@given(hexes, st.integers(0, 8))
def test_spiral_equals_range_as_a_set(center, n):
    spiral = hex_spiral(center, n)
    assert spiral[0] == center
    assert len(spiral) == len(set(spiral)) and set(spiral) == set(hex_range(center, n))
    assert [hex_distance(h, center) for h in spiral] == sorted(hex_distance(h, center) for h in spiral)


def test_direction_names_follow_each_layout_counter_clockwise_on_screen():
    from board.hexgrid import direction_name

    assert [direction_name(d, "pointy") for d in range(6)] == ["E", "NE", "NW", "W", "SW", "SE"]
    assert [direction_name(d, "flat") for d in range(6)] == ["SE", "NE", "N", "NW", "SW", "S"]
    assert direction_name(8, "flat") == "N"  # taken mod 6


# --- Ties along every edge direction are covered (issue 15, item 23) -----------


def _ties_at_each_sample(a, b):
    """For each sample of the line a -> b, the hexes exactly nearest it (one, or two on a tie).

    Exact integer arithmetic: the sample i/n of the way, scaled by n, is P = n*a + i*(b - a)
    in cube coordinates; a neighbour C + D is as near as C when (P - n*C) . D == n.
    """
    n = hex_distance(a, b)
    cube = lambda h: (h.q, h.r, -h.q - h.r)  # noqa: E731
    ca, cb = cube(a), cube(b)
    out = []
    for i in range(n + 1):
        p = [n * x + i * (y - x) for x, y in zip(ca, cb)]
        c = hex_round(p[0] / n, p[1] / n)
        v = [pk - n * ck for pk, ck in zip(p, cube(c))]
        near = {c}
        for d in DIRECTIONS:
            dot = v[0] * d[0] + v[1] * d[1] + v[2] * (-d[0] - d[1])
            assert dot <= n, "hex_round gave a hex that is not the nearest"
            if dot == n:
                near.add(hex_add(c, Hex(*d)))
        out.append(near)
    return out


def test_line_of_fire_covers_the_tie_at_the_midpoint_of_0_0_to_3_1():
    # The edge between (1,1) and (2,0) runs along directions 1 and 4: the old nudge
    # (1, 1, -2) was parallel to it, so neither reading held (1, 1).
    plus, minus = hex_linedraw_both(ORIGIN, Hex(3, 1))
    assert Hex(1, 1) in plus + minus and Hex(2, 0) in plus + minus
    assert all(_is_contiguous_line(line, ORIGIN, Hex(3, 1)) for line in (plus, minus))


def test_line_of_fire_covers_every_tie_with_one_of_its_two_readings():
    import random

    rng = random.Random(15)
    disk = hex_range(ORIGIN, 50)
    ties = 0
    for _ in range(10_000):
        a, b = rng.choice(disk), rng.choice(disk)
        plus, minus = hex_linedraw_both(a, b)
        for i, near in enumerate(_ties_at_each_sample(a, b)):
            assert near <= {plus[i], minus[i]}, (a, b, i, near, plus[i], minus[i])
            ties += len(near) > 1
        assert _is_contiguous_line(plus, a, b) and _is_contiguous_line(minus, a, b)
    assert ties > 100  # the sample does hold ties to check
