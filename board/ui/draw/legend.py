"""The legend: every colour and mark of the board named, each beside a sample drawn with the
board's own colours and stamps (K toggles it; the help page shows it too). Also the tooltip
drawn at the cursor for greyed actions and the top bar's buttons."""

from __future__ import annotations

import pygame

from board.hexgrid import Hex, layout_for
from board.i18n import N_, _
from board.ui import theme
from board.ui.draw.badges import draw_glyph
from board.ui.draw.ground_marks import mark
from board.ui.draw.multihex import body_masks
from board.ui.draw.nameplate import draw_bar
from board.ui.draw.patterns import dashed_line, dotted_stamp, draw_shape, ink_for, outlined_stamp, pattern_over
from board.ui.draw.stamps import corners, stamp, threat_stamp
from board.ui.draw.placing import place
from board.ui.draw.tokens import PILLS

SWATCH = 16  # hex size of a sample
ROW = 26

# The teams' patterns and shapes (palette.TEAM_MARKS) as the legend names them.
MARK_WORDS = (
    N_("rings"),
    N_("stripes"),
    N_("dots"),
    N_("checks"),
    N_("bars"),
    N_("grid"),
    N_("circle"),
    N_("square"),
    N_("triangle"),
    N_("diamond"),
    N_("cross"),
    N_("star"),
)


def entries() -> tuple:
    """(sample kind, colour, what it means) in the palette in use; a heading row has no sample."""
    dotted = theme.PATTERNS  # a palette with patterns names them too
    return (
        ("head", None, _("Ground")),
        ("fill", theme.OPEN, _("open ground")),
        ("fill", theme.WALL, _("wall: no one enters or sees through it")),
        ("flames", theme.FLAMES, _("flames: a figure in them burns")),
        ("coals", theme.COALS, _("hot coals: the fire's last stage")),
        ("ground_mark", None, _("blade mark at a hex's foot: a dropped weapon (a number: how many)")),
        ("head", None, _("Moving")),
        (
            "reach" if dotted else "stamp",
            theme.REACH,
            _("blue") + (_(", outlined dark") if dotted else "") + _(": a hex the chosen movement reaches"),
        ),
        (
            "stop" if dotted else "stamp",
            theme.REACH_STOP,
            _("yellow") + (_(", dotted") if dotted else "") + _(": a path stops here (STOP: entering a threat zone)"),
        ),
        ("path", theme.PATH, _("white line and number: the path and hexes it takes")),
        ("head", None, _("Threat and fighting (where the rules have them)")),
        ("threat", theme.TEAM_COLOURS[0], _("hatched in a team colour, red edge: that side's threat zone")),
        ("overlap", theme.TEAM_COLOURS[0], _("hatching crossed: zones of two or more figures overlap")),
        ("arrow", theme.ENGAGE_LINK, _("red arrow: engaged, from the figure that engages")),
        ("ring", theme.TARGET, _("gold ring: a target you may pick")),
        ("fire_line", theme.TARGET, _("gold line") + (_(", dashed") if dotted else "") + _(": the line of fire to it")),
        ("ring", theme.ALLY_TARGET, _("grey-blue ring: an ally in reach (friendly fire is legal)")),
        ("ring", theme.SELECT, _("yellow ring: the selected figure")),
        ("head", None, _("Tokens")),
        ("pointer", (240, 240, 240), _("white triangle: the way the figure faces")),
        ("meter", None, _("nameplate: name and meter bar (ST, HP...: green, amber, red)")),
        ("multihex", None, _("a beast on several hexes: one body, the arrow in its head")),
        ("fire", theme.FLAMES, _("orange flicker: on fire")),
        ("badge", None, _("badge, close up: what it wields (blade, axe, bow...) or magic")),
    )


def _sample(kind: str, colour, kind_layout: str) -> pygame.Surface:
    size = SWATCH
    if kind == "stamp":
        return stamp(size, kind_layout, colour)
    if kind == "stop":
        return dotted_stamp(size, kind_layout, colour)
    if kind == "reach":
        return outlined_stamp(size, kind_layout, colour)
    if kind in ("threat", "overlap"):
        surface = threat_stamp(size, kind_layout, colour)
        if kind == "overlap":
            other = threat_stamp(size, kind_layout, theme.TEAM_COLOURS[1])
            surface.blit(pygame.transform.flip(other, True, False), (0, 0))
        return surface
    surface = pygame.Surface((int(size * 2.2), int(size * 2.2)), pygame.SRCALPHA)
    c = surface.get_width() // 2
    if kind in ("fill", "flames", "coals"):
        pygame.draw.polygon(surface, colour, corners(size, kind_layout))
        pygame.draw.polygon(surface, theme.GRID, corners(size, kind_layout), 1)
        if kind == "flames":
            pygame.draw.polygon(surface, (255, 200, 60), [(c - 5, c + 7), (c, c - 8), (c + 5, c + 7)])
        if kind == "coals":
            for dx, dy in ((-5, 2), (4, -3), (1, 5)):
                pygame.draw.circle(surface, (255, 140, 50), (c + dx, c + dy), 2)
    elif kind == "path":
        pygame.draw.line(surface, colour, (2, c + 6), (c * 2 - 2, c - 6), 3)
        pygame.draw.circle(surface, colour, (c * 2 - 6, c - 5), 7)
        surface.blit(theme.font_px(10, True).render("3", True, (20, 20, 20)), (c * 2 - 9, c - 12))
    elif kind == "fire_line":
        if theme.PATTERNS:
            dashed_line(surface, colour, [(2, c + 6), (c * 2 - 2, c - 6)], 3, 5)
        else:
            pygame.draw.line(surface, colour, (2, c + 6), (c * 2 - 2, c - 6), 3)
    elif kind == "arrow":
        pygame.draw.line(surface, colour, (3, c), (c * 2 - 10, c), 3)
        pygame.draw.polygon(surface, colour, [(c * 2 - 3, c), (c * 2 - 12, c - 6), (c * 2 - 12, c + 6)])
    elif kind == "ring":
        pygame.draw.circle(surface, colour, (c, c), c - 3, 3)
    elif kind == "badge":
        pygame.draw.circle(surface, (30, 50, 100), (c, c), c - 5)
        pygame.draw.circle(surface, (235, 235, 240), (c, c), c - 5, 1)
        draw_glyph(surface, "blade", (c, c), c - 9, (245, 245, 250, 255))
    elif kind == "ground_mark":
        picture = mark(56, 2)
        surface.blit(picture, picture.get_rect(center=(c, c)))
    elif kind == "multihex":
        layout = layout_for(kind_layout, SWATCH * 0.45, (c + SWATCH * 0.2, c - SWATCH * 0.35))
        cells = (Hex(0, 0), Hex(0, 1), Hex(-1, 1))
        outline, body = body_masks(layout, cells, SWATCH * 0.5, surface.get_width())
        surface.blit(outline.to_surface(setcolor=(60, 30, 80), unsetcolor=(0, 0, 0, 0)), (0, 0))
        surface.blit(body.to_surface(setcolor=(142, 68, 173), unsetcolor=(0, 0, 0, 0)), (0, 0))
        hx, hy = layout.origin  # the head: the top hex, facing up
        pygame.draw.polygon(surface, (255, 255, 255), [(hx, hy - 5), (hx - 4, hy + 2), (hx + 4, hy + 2)])
    elif kind == "meter":
        pygame.draw.circle(surface, theme.TEAM_COLOURS[1], (c, c - 2), c - 8)
        plate = pygame.Rect(1, c - 3, c * 2 - 2, 13)
        pygame.draw.rect(surface, (16, 18, 24), plate, border_radius=4)
        label = theme.font_px(8, True).render("Ann", True, (255, 255, 255))
        surface.blit(label, label.get_rect(midtop=(c, plate.y)))
        draw_bar(surface, pygame.Rect(plate.x + 3, plate.bottom - 4, plate.width - 6, 3), 0.6)
    elif kind in ("pointer", "fire"):
        pygame.draw.circle(surface, theme.TEAM_COLOURS[1], (c, c), c - 6)
        if kind == "pointer":
            pygame.draw.polygon(surface, colour, [(c * 2 - 1, c), (c * 2 - 8, c - 5), (c * 2 - 8, c + 5)])
        else:
            pygame.draw.circle(surface, colour, (c, c), c - 4, 3)
    return surface


def scaled(sample: pygame.Surface, k: float = 1.0) -> pygame.Surface:
    """A sample drawn at 100%, grown to the UI scale (times k)."""
    if theme.SCALE * k == 1:
        return sample
    return pygame.transform.smoothscale(sample, [round(n * theme.SCALE * k) for n in sample.get_size()])


def draw_legend(screen: pygame.Surface, rect: pygame.Rect, layout: str = "flat", teams=()) -> None:
    """Every entry from the top left of rect down, with the posture and state pills last;
    teams: (team, colour, pattern, shape) of each side, shown in a second column. In a rect too
    short for them the rows are packed closer and drawn smaller, as the help's are."""
    shown = entries()
    # Two columns: the ground, moving and threat rows; then the sides, the tokens' rows and the pills.
    first = next(i for i, (kind, _c, words) in enumerate(shown) if kind == "head" and words == _("Tokens"))
    second = len(shown) - first + 2 + ((1.2 + 1.6 * len(teams)) if teams else 0)
    k = max(0.6, min(1.0, rect.height / theme.px(36 + ROW * max(first, second) + 4)))

    def px(n: float) -> int:
        return round(n * k * theme.SCALE)

    def font(size: int, bold: bool = False):
        return theme.font(round(size * k), bold)

    row = px(ROW)
    x, y = rect.x, rect.y
    screen.blit(font(22, True).render(_("Legend"), True, theme.TEXT), (x, y))
    y += px(36)
    column = x + min(theme.px(600), rect.width // 2)  # the sides and the tokens' marks
    top = y
    if teams:
        top = _draw_teams(screen, (column, y), teams) + px(8)
    for kind, colour, words in shown:
        if kind == "head":
            if words == _("Tokens"):
                x, y = column, top
            screen.blit(font(15, True).render(words, True, theme.TEXT_WARN), (x, y + px(6)))
            y += row
            continue
        sample = scaled(_sample(kind, colour, layout), k)
        screen.blit(sample, sample.get_rect(center=(x + px(20), y + row // 2)))
        screen.blit(font(14).render(words, True, theme.TEXT_DIM), (x + px(46), y + px(5)))
        y += row
    left = x
    for text, bg, fg in PILLS.values():
        label = font(11, True).render(_(text), True, fg)
        pill = pygame.Rect(left, y + px(6), label.get_width() + px(10), label.get_height() + px(2))
        pygame.draw.rect(screen, bg, pill, border_radius=pill.height // 2)
        screen.blit(label, (pill.x + px(5), pill.y + px(1)))
        left = pill.right + px(6)
    words = _("posture and state, across the token's top")
    screen.blit(font(14).render(words, True, theme.TEXT_DIM), (x, y + row + px(2)))


def team_sample(colour, pattern: str, shape: str) -> pygame.Surface:
    """A team's token in small, with its pattern, and its top-bar shape beside it."""
    surface = pygame.Surface((SWATCH * 4, SWATCH * 2), pygame.SRCALPHA)
    pygame.draw.circle(surface, colour, (SWATCH, SWATCH), SWATCH - 2)
    pattern_over(surface, pattern, ink_for(colour), 5)
    pygame.draw.circle(surface, tuple(int(c * 0.55) for c in colour), (SWATCH, SWATCH), SWATCH - 2, 2)
    draw_shape(surface, shape, (SWATCH * 3, SWATCH), SWATCH * 0.6, (255, 255, 255), (0, 0, 0))
    return surface


def _draw_teams(screen: pygame.Surface, at: tuple[int, int], teams) -> int:
    """Each side's colour, token pattern and top-bar shape; returns the y below them."""
    x, y = at
    px = theme.px
    screen.blit(
        theme.font(15, True).render(_("Sides: a pattern on the tokens, a shape in the top bar"), True, theme.TEXT_WARN),
        (x, y + px(6)),
    )
    y += px(ROW + 4)
    for team, colour, pattern, shape in teams:
        screen.blit(scaled(team_sample(colour, pattern, shape)), (x, y))
        screen.blit(
            theme.font(14).render(
                _("{team}: {pattern} on its tokens, a {shape} in the top bar").format(
                    team=team, pattern=_(pattern), shape=_(shape)
                ),
                True,
                theme.TEXT_DIM,
            ),
            (x + px(SWATCH * 4 + 10), y + px(7)),
        )
        y += px(SWATCH * 2 + 8)
    return y


def draw_overlay(screen: pygame.Surface, rect: pygame.Rect, layout: str, teams=()) -> None:
    """The legend alone over a dimmed board (the K key)."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((10, 10, 14))  # opaque: the board's marks under the legend's would confuse it
    screen.blit(shade, rect)
    px = theme.px
    draw_legend(screen, rect.inflate(-px(80), -px(60)), layout, teams)
    foot = theme.font(14).render(_("K or Esc closes the legend"), True, theme.TEXT_DIM)
    screen.blit(foot, (rect.x + px(40), rect.bottom - px(30)))


_TIPS: dict[tuple[str, float], pygame.Surface] = {}


def _tip(text: str) -> pygame.Surface:
    """A tooltip's picture, made once per text (a tip follows the cursor every frame)."""
    surface = _TIPS.get((text, theme.SCALE))
    if surface is None:
        if len(_TIPS) > 64:
            _TIPS.clear()
        px = theme.px
        label = theme.font(14).render(text, True, theme.TEXT)
        surface = theme.rounded_panel((label.get_width() + px(16), label.get_height() + px(8)), px(6))
        pygame.draw.rect(surface, theme.TEXT_WARN, surface.get_rect(), px(1), border_radius=px(6))
        surface.blit(label, (px(8), px(4)))
        surface = theme.keyed(surface)
        _TIPS[(text, theme.SCALE)] = surface
    return surface


def draw_tip(screen: pygame.Surface, at: tuple[int, int], text: str, bounds: pygame.Rect, avoid=()) -> pygame.Rect:
    """A one-line tooltip just below and right of the cursor, kept inside bounds and off the
    avoid rects (tokens on the board) where there is room."""
    surface = _tip(text)
    box = surface.get_rect(topleft=(at[0] + theme.px(14), at[1] + theme.px(20))).clamp(bounds)
    if avoid and box.collidelist(list(avoid)) >= 0:
        box = place(surface.get_size(), at, bounds, list(avoid))
    screen.blit(surface, box)
    return box
