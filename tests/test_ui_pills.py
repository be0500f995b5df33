"""Posture badges never overlap a neighbouring token (issue 18): a one-hex figure's pill stays
inside its own hex, below and across, whatever its word."""

import pygame
import pytest

from board.hexgrid import Hex
from board.rules.reports import Token
from board.ui.draw.tokens import PILLS, draw_token


@pytest.mark.parametrize("size", [20, 30, 44, 70])
@pytest.mark.parametrize("state", [*PILLS, "incapacitated"])
def test_a_posture_or_state_pill_stays_inside_the_figures_own_hex(state, size):
    pygame.display.init()
    pygame.font.init()
    status = state if state in ("unconscious", "dead", "incapacitated") else "ok"
    posture = state if status == "ok" else "standing"
    token = Token(
        "Brenna of the Long Name",
        "Red",
        Hex(0, 0),
        (Hex(0, 0),),
        status=status,
        posture=posture,
        meter=(3, 12),
        meter_label="ST",
    )
    surface = draw_token(token, size, (192, 57, 43), "flat")
    cx, cy = surface.get_width() / 2, surface.get_height() / 2
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            if surface.get_at((x, y)).a > 40:
                # Flat-top hex: its bottom edge at 0.866 sizes, its sides at 0.866 sizes across.
                assert y - cy <= 0.87 * size, f"({x}, {y}) below the hex"
                assert abs(x - cx) <= 0.87 * size + 1, f"({x}, {y}) beside the hex"
