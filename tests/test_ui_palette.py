"""Colour-blind safe and high-contrast palettes (issue 36): nothing on the board is told apart
by colour alone. Each test looks at what is drawn, in greyscale and with the colours made equal,
so that only a pattern or a shape can tell the things apart."""

from dataclasses import replace

import pygame
import pytest

from board.hexgrid import Hex
from board.rules.reports import Token
from board.ui import settings, theme
from board.ui.draw import hud, legend, palette
from board.ui.draw.camera import Camera
from board.ui.draw.patterns import dotted_stamp
from board.ui.draw.overlays import Overlays
from board.ui.draw.renderer import BoardRenderer
from board.ui.draw.stamps import stamp, threat_stamp
from board.ui.draw.tokens import draw_token
from tests.ui_driver import Driver

GREY = (128, 128, 128)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """Each test its own data folder (tests/conftest.py puts the default palette back)."""
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    return tmp_path


def grey(surface: pygame.Surface, x: int, y: int) -> float:
    r, g, b, _ = surface.get_at((x, y))
    return 0.299 * r + 0.587 * g + 0.114 * b


def differing(a: pygame.Surface, b: pygame.Surface, by: float = 40) -> float:
    """The share of the pixels drawn in both whose greys differ by more than `by`."""
    both = differ = 0
    for x in range(0, min(a.get_width(), b.get_width())):
        for y in range(0, min(a.get_height(), b.get_height())):
            if a.get_at((x, y)).a > 200 and b.get_at((x, y)).a > 200:
                both += 1
                differ += abs(grey(a, x, y) - grey(b, x, y)) > by
    return differ / both


def textured(surface: pygame.Surface, box: pygame.Rect, by: float = 45) -> float:
    """The share of pixels in box that stand out from the box's median grey by more than `by`."""
    greys = [grey(surface, x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)]
    median = sorted(greys)[len(greys) // 2]
    return sum(abs(g - median) > by for g in greys) / len(greys)


def on_ground(mark: pygame.Surface) -> pygame.Surface:
    """A mark as the board shows it: over open ground."""
    surface = pygame.Surface(mark.get_size())
    surface.fill(theme.OPEN)
    surface.blit(mark, (0, 0))
    return surface


def one_hex(team: str = "Red") -> Token:
    return Token("Ann", team, Hex(0, 0), (Hex(0, 0),), facing=0)


def test_every_two_teams_tokens_differ_in_pattern_even_in_greyscale_and_one_colour():
    patterns = [pattern for pattern, _ in palette.TEAM_MARKS]
    tokens = [draw_token(one_hex(), 44, GREY, "flat", p) for p in patterns]
    for i in range(len(tokens)):
        for j in range(i + 1, len(tokens)):
            assert differing(tokens[i], tokens[j]) > 0.08, f"{patterns[i]} and {patterns[j]} look alike"
    # Without a pattern (the default palette) two teams of one colour are the same token.
    assert differing(draw_token(one_hex(), 44, GREY, "flat"), draw_token(one_hex("Blue"), 44, GREY, "flat")) == 0


def test_the_board_draws_each_side_with_its_own_pattern_in_an_accessible_palette():
    palette.use("colour-blind")
    d = Driver("maps/arena.yaml")
    renderer, red = d.scene.renderer, d.game.tokens()["Aldric"]
    blue = replace(red, team=d.game.tokens()["Eamon"].team)
    # The same figure, the same colour: only the side differs, and the token shows it.
    assert differing(renderer.token(red, 40, GREY), renderer.token(blue, 40, GREY)) > 0.08
    palette.use("default")
    d = Driver("maps/arena.yaml")
    assert differing(d.scene.renderer.token(red, 40, GREY), d.scene.renderer.token(blue, 40, GREY)) == 0


def test_a_must_stop_hex_differs_from_a_reach_hex_and_a_threat_hex_in_pattern():
    colour = (*GREY, 140)
    reach, stop, threat = (
        on_ground(s)
        for s in (stamp(30, "flat", colour), dotted_stamp(30, "flat", colour), threat_stamp(30, "flat", GREY))
    )
    inside = pygame.Rect(18, 22, 30, 22)  # within the hex, clear of its edge
    assert textured(reach, inside) < 0.01  # plain
    assert textured(stop, inside) > 0.05  # dotted
    assert textured(threat, inside, by=12) > 0.05  # hatched (lighter: it lies over the reach)
    assert differing(stop, threat, 30) > 0.08  # dots are not stripes


@pytest.mark.parametrize("name", ["colour-blind", "high-contrast"])
def test_on_the_board_must_stop_hexes_are_dotted_and_reach_hexes_plain_inside(name):
    palette.use(name)
    d = Driver("maps/arena.yaml")
    d.key(pygame.K_l, "l")  # no hex labels: only the marks inside the hexes
    d.frame()
    info = d.controller.move_info()
    stops = sorted(info.stop_hexes)
    plain = sorted(h for h in info.hexes if h not in info.stop_hexes)
    assert stops and plain
    size = d.scene.camera.size

    def box(h):
        x, y = d.scene.camera.to_screen(h)
        return pygame.Rect(round(x - size * 0.4), round(y - size * 0.4), round(size * 0.8), round(size * 0.8))

    clear = [h for h in plain if not d.scene.card.rect.colliderect(box(h))]
    assert all(textured(d.screen, box(h)) > 0.04 for h in stops)
    assert all(textured(d.screen, box(h)) < 0.02 for h in clear[:12])


def test_in_the_default_palette_a_must_stop_hex_is_told_by_colour_alone():
    """The control of the test above: it can fail (the default palette keeps its flat stamps)."""
    d = Driver("maps/arena.yaml")
    d.key(pygame.K_l, "l")
    d.frame()
    h = sorted(d.controller.move_info().stop_hexes)[0]
    x, y = d.scene.camera.to_screen(h)
    size = d.scene.camera.size
    assert (
        textured(
            d.screen, pygame.Rect(round(x - size * 0.4), round(y - size * 0.4), round(size * 0.8), round(size * 0.8))
        )
        < 0.02
    )


def test_the_line_of_fire_is_dashed_where_the_path_is_solid():
    palette.use("colour-blind")
    surface = pygame.Surface((400, 100))
    camera = Camera("pointy", 30, (20, 50))
    line = tuple(Hex(q, 0) for q in range(6))
    BoardRenderer.__new__(BoardRenderer)._draw_fire_line(surface, camera, Overlays(fire_line=line))
    y = round(camera.to_screen(Hex(0, 0))[1])
    row = [surface.get_at((x, y))[:3] == theme.TARGET for x in range(40, 260)]
    gaps = sum(1 for a, b in zip(row, row[1:]) if a and not b)
    assert gaps >= 3  # dashes, not one line


def test_each_side_has_a_shape_in_the_top_bar():
    palette.use("colour-blind")
    d = Driver("maps/arena.yaml")
    _, _, shapes = d.scene._figure_colours(d.game.tokens())
    sides = {f.team: shapes[n] for n, f in d.game.tokens().items()}
    assert len(set(sides.values())) == len(sides) == 2
    pills = [hud._order_pill("Ann", False, False, {"Ann": GREY}, {}, shape) for shape in ("circle", "square")]
    assert differing(*pills) > 0.03  # in one colour, the shapes tell the sides apart


def test_the_legend_shows_the_patterns_and_each_sides_marks():
    palette.use("colour-blind")
    kinds = {kind for kind, _, _ in legend.entries()}
    assert {"stop", "fire_line", "threat"} <= kinds
    words = " ".join(w for _, _, w in legend.entries())
    assert "dotted" in words and "dashed" in words and "outlined" in words
    d = Driver("maps/arena.yaml")
    drawn = []
    original = legend.team_sample
    legend.team_sample = lambda *a: drawn.append(a) or original(*a)
    try:
        d.key(pygame.K_k, "k")
        d.frame()
    finally:
        legend.team_sample = original
    assert {(pattern, shape) for _, pattern, shape in drawn} == set(palette.TEAM_MARKS[:2])


def test_v_steps_through_the_palettes_and_the_choice_is_remembered(own_data_folder):
    d = Driver("maps/arena.yaml")
    colours = dict(d.scene.team_colours)
    d.key(pygame.K_v, "v")
    assert palette.current() == "colour-blind" and theme.PATTERNS
    assert d.scene.team_colours != colours  # the map's red and blue give way to Okabe-Ito's
    assert settings.load() == {"palette": "colour-blind"}
    d.key(pygame.K_v, "v")
    assert palette.current() == "high-contrast" and settings.load() == {"palette": "high-contrast"}
    d.key(pygame.K_v, "v")
    assert palette.current() == "default" and not theme.PATTERNS


def test_the_remembered_palette_is_used_at_the_next_start_and_play_palette_overrides_it():
    from board.cli import build_parser
    from board.cli_display import PALETTES, use_palette

    assert PALETTES == palette.NAMES
    settings.save(palette="high-contrast")
    use_palette(None)
    assert palette.current() == "high-contrast"
    args = build_parser().parse_args(["play", "maps/arena.yaml", "--palette", "colour-blind"])
    use_palette(args.palette)
    assert palette.current() == "colour-blind"
    assert settings.load() == {"palette": "high-contrast"}  # the command line is for this run
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--palette", "sepia"])


def test_the_start_screen_has_a_palette_control():
    from board.ui.start import StartScene

    Driver("maps/arena.yaml")  # a display
    scene = StartScene((1280, 800))
    button = next(b for b, request in scene.buttons.items() if request == ("palette",))
    assert "default" in button.text
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0))
    assert palette.current() == "colour-blind" and settings.load() == {"palette": "colour-blind"}
    button = next(b for b, request in scene.buttons.items() if request == ("palette",))
    assert "colour-blind" in button.text


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two colours."""

    def lum(c):
        parts = [(v / 255) / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_high_contrast_sets_ground_walls_and_text_far_apart():
    before = contrast(theme.OPEN, theme.WALL)
    palette.use("high-contrast")
    assert contrast(theme.OPEN, theme.WALL) >= 7 > before  # WCAG AAA for the ground
    assert contrast(theme.TEXT, theme.PANEL) >= 7 and contrast(theme.TEXT_DIM, theme.PANEL) >= 7
    assert contrast(theme.OPEN, theme.PATH) >= 7  # the path on open ground
    assert theme.PATTERNS


HOSTILE = [
    b"",
    b"{",
    b"[1, 2]",
    b'"colour-blind"',
    b'{"palette": ["colour-blind"]}',
    b'{"palette": "../../etc/passwd"}',
    b'{"palette": 7}',
    b"\xff\xfe\x00garbage",
    b"[" * 20000 + b"]" * 20000,
    b'{"palette": "high-contrast", "x": "' + b"y" * 40000 + b'"}',
]


@pytest.mark.parametrize("content", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_settings_file_is_ignored_never_a_traceback(own_data_folder, content):
    (own_data_folder / settings.FILE).write_bytes(content)
    assert settings.load() == {}
    Driver("maps/arena.yaml")  # and the board opens
    from board.cli_display import use_palette

    use_palette(None)
    assert palette.current() == "default"


def test_a_settings_file_that_never_ends_is_read_no_further_than_the_limit(own_data_folder):
    endless = own_data_folder / settings.FILE
    try:
        endless.symlink_to("/dev/zero")
    except OSError:
        pytest.skip("no symbolic links here")
    assert settings.load() == {}


def test_only_known_settings_with_allowed_values_are_kept(own_data_folder):
    (own_data_folder / settings.FILE).write_text('{"palette": "high-contrast", "shell": "rm -rf /"}')
    assert settings.load() == {"palette": "high-contrast"}


def test_a_data_folder_that_cannot_be_written_is_said_not_raised(own_data_folder, monkeypatch):
    blocked = own_data_folder / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(blocked / "inside"))
    assert settings.save(palette="colour-blind")  # the reason
    d = Driver("maps/arena.yaml")
    d.key(pygame.K_v, "v")
    assert palette.current() == "colour-blind" and "not remembered" in d.message and d.view.warning
