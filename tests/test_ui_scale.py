"""The UI scale (issue 36): text, panels and hit areas grown from 100% to 300% for a TV across
the table, chosen on the start screen or with --ui-scale, remembered in the data folder.

The board is driven with synthetic events at 300% on a 3840x2160 surface, and what is drawn
there is measured against the same board at 100% on 1280x720."""

import pygame
import pytest

from board.cli import build_parser, main
from board.ui import settings, theme, ui_scale
from tests.ui_driver import Driver
from board.ui.play.modes import PlanningMove

TV, LAPTOP = (3840, 2160), (1280, 720)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Each test its own data folder (tests/conftest.py puts the scale back to 100% after)."""
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    return tmp_path


def at(percent: int, size=TV, game="maps/arena.yaml") -> Driver:
    ui_scale.use(percent)
    return Driver(game, size=size)


def ink_height(screen: pygame.Surface, rect: pygame.Rect, background) -> int:
    """How many pixel rows inside rect hold anything but the background (the text drawn there)."""
    rows = [
        y
        for y in range(rect.top, rect.bottom)
        if any(screen.get_at((x, y))[:3] != background for x in range(rect.left, rect.right, 2))
    ]
    return rows[-1] - rows[0] + 1 if rows else 0


# --- one value ------------------------------------------------------------------------------


def test_one_value_sets_the_panels_the_fonts_and_the_widgets_theme():
    assert ui_scale.use(300) == 300 and theme.SCALE == 3.0
    assert theme.px(10) == 30 and theme.px_rect(1, 2, 3, 4) == pygame.Rect(3, 6, 9, 12)
    pygame.font.init()
    assert theme.font(14) is theme.font_px(42)  # the interface's text, grown
    gui = ui_scale.gui_theme()
    assert gui["button"]["font"]["size"] == "42" and gui["#label_11"]["font"]["size"] == "33"
    assert gui["#menu_title"]["font"]["bold"] == "1"  # what is not a size is left alone
    assert ui_scale.use(100) == 100 and theme.font(14) is theme.font_px(14)
    assert ui_scale.use(1000) == ui_scale.DEFAULT  # out of range: the default, never a giant board


@pytest.mark.parametrize("text, percent", [("100", 100), ("150", 150), ("300", 300), ("200%", 200), (" 125 ", 125)])
def test_a_scale_is_a_percentage_from_100_to_300(text, percent):
    assert ui_scale.parse(text) == percent


@pytest.mark.parametrize("text", ["99", "301", "0", "-200", "1.5", "2x", "", "abc", "1e3", "9" * 500])
def test_any_other_scale_is_refused_with_what_was_expected(text):
    with pytest.raises(ValueError, match="a percentage from 100 to 300"):
        ui_scale.parse(text)


def test_the_command_line_refuses_a_scale_out_of_range_and_says_why(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "maps/arena.yaml", "--ui-scale", "400"])
    assert "--ui-scale: expected a percentage from 100 to 300, such as 150" in capsys.readouterr().err
    assert build_parser().parse_args(["--ui-scale", "250"]).ui_scale == 250  # the start screen's
    # Before the sub-command or after it: play's own default does not undo the first.
    assert build_parser().parse_args(["--ui-scale", "250", "play", "maps/arena.yaml"]).ui_scale == 250
    assert build_parser().parse_args(["play", "maps/arena.yaml", "--ui-scale", "175"]).ui_scale == 175


def test_help_names_the_option_for_the_start_screen_play_and_screenshots():
    parser = build_parser()
    assert "--ui-scale PERCENT" in parser.format_help()
    for command in ("play", "screenshot"):
        words = " ".join(parser._subparsers._group_actions[0].choices[command].format_help().split())
        assert "--ui-scale PERCENT" in words and "100 to 300" in words


# --- remembered ------------------------------------------------------------------------------


def test_the_remembered_scale_is_used_at_the_next_start_and_the_command_line_overrides_it():
    from board.cli_display import use_ui_scale

    assert settings.save(ui_scale="200") is None
    use_ui_scale(None)
    assert ui_scale.current() == 200
    use_ui_scale(build_parser().parse_args(["play", "maps/arena.yaml", "--ui-scale", "150"]).ui_scale)
    assert ui_scale.current() == 150
    assert settings.load()["ui_scale"] == "200"  # the command line is for this run


@pytest.mark.parametrize(
    "content",
    [
        '{"ui_scale": "1000"}',
        '{"ui_scale": 250}',
        '{"ui_scale": "2.5"}',
        '{"ui_scale": "../../x"}',
        '{"ui_scale": ["300"]}',
        '{"ui_scale": "-300"}',
    ],
)
def test_a_remembered_scale_out_of_range_or_of_the_wrong_kind_is_ignored(own_data_folder, content):
    from board.cli_display import use_ui_scale

    (own_data_folder / settings.FILE).write_text(content)
    assert "ui_scale" not in settings.load()
    use_ui_scale(None)
    assert ui_scale.current() == 100


def test_the_start_screen_size_button_steps_the_scale_remembers_it_and_grows_its_buttons():
    from board.ui.start import StartScene

    Driver("maps/arena.yaml", size=LAPTOP)  # a display
    scene = StartScene(LAPTOP)
    fight = next(b for b, request in scene.buttons.items() if request == ("fight",))
    small = fight.get_abs_rect().height
    size = next(b for b, request in scene.buttons.items() if request == ("ui-scale",))
    assert "100%" in size.text
    click = size.get_abs_rect().center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, pos=click, button=1))
        scene.update(0.1, 0.1)
    for event in pygame.event.get():  # the button's press, as pygame_gui posts it
        scene.handle(event)
    assert ui_scale.current() == 125 and settings.load()["ui_scale"] == "125"
    fight = next(b for b, request in scene.buttons.items() if request == ("fight",))
    assert fight.get_abs_rect().height == round(small * 1.25)
    for _ in range(5):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+", scancode=0))
    assert ui_scale.current() == 300 and settings.load()["ui_scale"] == "300"
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_MINUS, mod=0, unicode="-", scancode=0))
    assert ui_scale.current() == 250 and "Size: 250%" in scene.message


# --- the board at 300% ------------------------------------------------------------------------


def test_at_300_percent_on_4k_the_panels_and_menu_rows_are_three_times_those_at_100_on_720p():
    small = at(100, LAPTOP)
    sizes = {
        "sidebar": small.scene.sidebar.width,
        "bar": small.scene.banner_rect.height,
        "status": small.scene.status_rect.height,
        "row": small.button("Jog").get_abs_rect().height,
        "menu": small.scene.menu.panel.get_abs_rect().width,
    }
    big = at(300, TV)
    assert big.scene.sidebar.width == 3 * sizes["sidebar"] and big.scene.banner_rect.height == 3 * sizes["bar"]
    assert big.scene.status_rect.height == 3 * sizes["status"]
    assert abs(big.button("Jog").get_abs_rect().height - 3 * sizes["row"]) <= 3
    assert abs(big.scene.menu.panel.get_abs_rect().width - 3 * sizes["menu"]) <= 3
    assert big.scene.camera.size > 2.5 * small.scene.camera.size  # the map fills the larger board


def test_at_300_percent_a_click_where_only_the_grown_menu_row_reaches_chooses_it():
    d = at(300)
    button = d.button("Jog")
    rect = button.get_abs_rect()
    # Further in than a row at 100% (324 x 27 from the same corner) would reach.
    spot = (rect.x + rect.width - 20, rect.y + rect.height - 8)
    assert spot[0] > rect.x + 324 and spot[1] > rect.y + 27
    d.click(spot)
    assert d.view.mode.action == d.scene.menu.buttons[button].id and d.view.mode.chosen
    assert "Jog" in d.message


def test_at_300_percent_a_figure_moves_by_clicks_on_its_hex_and_the_wheel():
    from tests.ui_driver import wheel_arrow

    d = at(300)
    d.click("1106")
    assert isinstance(d.view.mode, PlanningMove)
    d.click(wheel_arrow(d, 3))
    d.key(pygame.K_RETURN)
    assert d.label(d.state.figures["Eamon"].hex) == "1106"


def test_at_300_percent_the_top_bar_help_button_opens_the_help_where_it_is_drawn():
    d = at(300)
    help_button = next(b for b, action in d.scene.file_buttons.items() if action == "help")
    rect = help_button.get_abs_rect()
    assert rect.height >= 3 * 28 - 3 and d.scene.banner_rect.contains(rect)
    d.click((rect.right - 10, rect.bottom - 10))  # a corner a 100% button would not reach
    assert d.scene.help


def test_the_status_line_and_the_menu_text_are_drawn_three_times_as_tall_at_300_percent():
    heights = {}
    for percent, size in ((100, LAPTOP), (300, TV)):
        d = at(percent, size)
        d.frame()
        status = d.scene.status_rect.inflate(0, -4)  # without its top edge line
        row = d.button("Jog").get_abs_rect().inflate(-8, -8)
        bg = d.screen.get_at(row.topleft)[:3]
        heights[percent] = (ink_height(d.screen, status, theme.PANEL), ink_height(d.screen, row, bg))
    for small, big in zip(heights[100], heights[300]):
        assert small > 5 and 2.6 <= big / small <= 3.4, heights


def test_at_300_percent_the_card_is_drawn_in_the_grown_text_inside_the_sidebar():
    d = at(300)
    d.move_mouse("Brenna")
    d.frame()
    card = d.scene.card
    assert card.rect.width > 900 and card.rect.height > 3 * 150  # 100%: 324 wide, about 200 high
    assert d.scene.sidebar.contains(card.rect)


def test_the_screenshot_command_takes_a_scale_and_refuses_a_window_too_small_for_it(tmp_path, capsys):
    out = tmp_path / "tv.png"
    assert main(["screenshot", "maps/arena.yaml", str(out), "--size", "3840x2160", "--ui-scale", "300"]) == 0
    assert pygame.image.load(str(out)).get_size() == TV
    assert main(["screenshot", "maps/arena.yaml", str(out), "--size", "1280x800", "--ui-scale", "300"]) == 2
    assert "at least 1920x1200 at a UI scale of 300%" in capsys.readouterr().err


def test_at_300_percent_the_save_dialogs_buttons_and_name_line_grow_and_stay_in_the_window():
    d = at(300)
    d.ctrl(pygame.K_s)
    window = d.scene.dialog.window
    inside = window.get_abs_rect()
    assert inside.width >= 3 * 560 - 3
    for element in (window.ok_button, window.cancel_button, window.file_path_text_line, window.home_button):
        rect = element.get_abs_rect()
        assert inside.contains(rect), (element, rect, inside)
        assert element.font.size("OK")[1] <= rect.height  # the grown text fits its height
    assert not window.ok_button.get_abs_rect().colliderect(window.cancel_button.get_abs_rect())
    assert window.file_path_text_line.get_abs_rect().bottom <= window.file_selection_list.get_abs_rect().top


def test_at_300_percent_the_legend_keeps_above_the_status_line_with_a_timeline_docked():
    d = at(300, TV, "maps/melee-seconds-skirmish.yaml")
    assert d.scene.dock_rect.height  # the round's timeline takes its strip
    d.key(pygame.K_k, "k")
    d.frame()
    top = d.scene.status_rect.top
    below = pygame.Rect(0, top - 20, d.scene.board_rect.width, 20)  # just above the status line
    words = ink_height(
        d.screen, pygame.Rect(0, d.scene.banner_rect.bottom, 600, top - d.scene.banner_rect.bottom), (10, 10, 14)
    )
    assert words > 0.6 * (top - d.scene.banner_rect.bottom)  # the legend fills the middle...
    assert ink_height(d.screen, below, (10, 10, 14)) == 0  # ...and ends before the status line


def test_at_300_percent_the_editors_buttons_and_form_grow_inside_its_sidebar_and_a_click_picks_a_tool():
    from board.draft import draft_from_map
    from board.editor import Editor
    from board.maps import load_map
    from board.ui.editor.scene import EditorScene

    at(300)  # a display, at 300%
    scene = EditorScene(Editor(draft_from_map(load_map("maps/arena.yaml")), None), TV)
    assert scene.sidebar.width == 3 * theme.LOG_WIDTH
    rects = {key: button.get_abs_rect() for button, key in scene.buttons.items()}
    side = [r for key, r in rects.items() if not key.startswith("file:play") and key != "file:start"]
    assert all(scene.sidebar.contains(r) and r.height >= 3 * 28 for r in side)
    assert not any(a.colliderect(b) for i, a in enumerate(side) for b in side[i + 1 :])
    assert scene.figure_form.bottom < scene.problems_top < scene.sidebar.bottom
    fill = next(b for b, key in scene.buttons.items() if key == "tool:fill")
    spot = (fill.get_abs_rect().right - 6, fill.get_abs_rect().bottom - 6)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, pos=spot, button=1))
        scene.update(0.1, 0.1)
    for event in pygame.event.get():
        scene.handle(event)
    assert scene.tool == "fill"


def test_at_300_percent_the_closest_zoom_is_three_times_as_close():
    sizes = {}
    for percent, size in ((100, LAPTOP), (300, TV)):
        d = at(percent, size)
        for _ in range(40):
            d.wheel(1, "Eamon")
        sizes[percent] = d.scene.camera.size
    assert sizes[300] == pytest.approx(3 * sizes[100])


def test_a_tokens_text_grows_with_the_zoom_and_its_least_size_with_the_scale():
    from board.ui.draw.nameplate import name_px

    at(100, LAPTOP)
    assert name_px(108, False) == pytest.approx(3 * name_px(36, False), abs=1)  # three times as close
    small = name_px(12, False)
    ui_scale.use(300)
    assert small == 10 and name_px(12, False) == 30  # a small token's name, read from across the table
