"""A zoom shows a scaled preview while the wheel turns, then the board sharp again (issue 18:
"crisp text at every zoom"): the preview ends once the wheel has been still for SETTLE seconds,
though frames keep being drawn meanwhile; a tooltip is not scaled into the preview."""

from board.ui.draw.renderer import SETTLE
from tests.ui_driver import Driver


def test_the_board_is_sharp_again_once_the_wheel_stops():
    d = Driver(settle=False)
    d.wheel(2, "Eamon")
    d.frame()
    assert d.scene.renderer.preview is not None
    d.tick(SETTLE * 3)  # frames are drawn all along
    d.frame()
    assert d.scene.renderer.preview is None


def test_the_zoom_preview_is_made_without_the_tip_drawn_over_the_board():
    d = Driver(settle=False)
    reach = d.controller.move_info().hexes
    d.move_mouse(sorted(reach, key=lambda h: (h.q, h.r))[0])  # a move's tip at the cursor
    d.frame()
    assert d.scene.renderer.covered
    tip = d.scene.renderer.covered[0]
    d.wheel(1)
    d.frame()
    image = d.scene.renderer.preview[0]
    board = d.scene.board_rect
    inside = tip.clip(board).move(-board.x, -board.y)
    assert inside.width and inside.height
    layer = d.scene.renderer.board_layer.surface
    assert all(
        image.get_at((x, y)) == layer.get_at((x, y))
        for x in range(inside.left, inside.right, 17)
        for y in range(inside.top, inside.bottom, 13)
    )
