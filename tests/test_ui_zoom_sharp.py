"""A zoom shows a scaled preview while the wheel turns, then the board sharp again (issue 18:
"crisp text at every zoom"): the preview ends once the wheel has been still for SETTLE seconds,
though frames keep being drawn meanwhile; the figure card is not scaled into the preview."""

from board.ui.renderer import SETTLE
from tests.ui_driver import Driver


def test_the_board_is_sharp_again_once_the_wheel_stops():
    d = Driver(settle=False)
    d.wheel(2, "Eamon")
    d.frame()
    assert d.scene.renderer.preview is not None
    d.tick(SETTLE * 3)  # frames are drawn all along
    d.frame()
    assert d.scene.renderer.preview is None


def test_the_zoom_preview_is_made_without_the_card_drawn_over_the_board():
    d = Driver(settle=False)
    d.move_mouse("Eamon")
    d.frame()
    card = d.scene.card.rect
    assert card.width
    d.wheel(1, "Eamon")
    d.frame()
    image = d.scene.renderer.preview[0]
    board = d.scene.board_rect
    inside = card.clip(board).move(-board.x, -board.y)
    layer = d.scene.renderer.layer
    assert all(image.get_at((x, y)) == layer.get_at((x, y))
               for x in range(inside.left, inside.right, 17) for y in range(inside.top, inside.bottom, 13))
