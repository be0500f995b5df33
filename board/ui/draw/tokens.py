"""A figure's token: team colour, facing mark, picture and nameplate; posture and state shown."""

from __future__ import annotations

import math

import pygame

from board.footprints import footprint_cells
from board.hexgrid import DIRECTIONS, Hex, hex_to_pixel, layout_for
from board.i18n import N_, _
from board.rules.reports import Token
from board.ui import theme
from board.ui.draw.camera import Camera
from board.ui.draw.figure_art import draw_icon
from board.ui.draw.badges import draw_glyph
from board.ui.draw.multihex import draw_art, draw_body, mark_scale
from board.ui.draw.nameplate import draw_nameplate
from board.ui.draw.text_fit import shrink_to_fit
from board.ui.draw.patterns import ink_for, pattern_over

# Posture and state pills under a token: (text, background, text colour), worst last.
PILLS = {
    "kneeling": (N_("KNEELING"), (226, 226, 230), (30, 30, 36)),
    "prone": (N_("PRONE"), (250, 186, 70), (40, 26, 10)),
    "fallen": (N_("FALLEN"), (214, 64, 52), (255, 255, 255)),
    "unconscious": (N_("UNCONSCIOUS"), (150, 150, 214), (20, 20, 44)),
    "dead": (N_("DEAD"), (18, 18, 20), (236, 236, 236)),
}

# What a pill says when its word does not fit the hex at the smallest size.
SHORT = {"UNCONSCIOUS": N_("KO"), "KNOCKED OUT": N_("KO"), "KNEELING": N_("KNEEL"), "INCAPACITATED": N_("OUT")}


def fit_text(text: str, width: float, largest: int, smallest: int, bold: bool, colour) -> pygame.Surface:
    """The text in the largest font that fits the width; at the smallest, cut short with '…'."""
    font, text = shrink_to_fit(text, width, largest, smallest, bold, exact=True)
    return font.render(text, True, colour)


def _shadowed(label: pygame.Surface) -> pygame.Surface:
    """The label over a soft dark copy of itself, readable on any team colour or mark."""
    shadow = label.copy()
    shadow.fill((0, 0, 0, 150), special_flags=pygame.BLEND_RGBA_MIN)
    surface = pygame.Surface((label.get_width() + 1, label.get_height() + 1), pygame.SRCALPHA)
    surface.blit(shadow, (1, 1))
    surface.blit(label, (0, 0))
    return surface


def _ellipse(centre, a: float, b: float, angle: float, jag: float = 0.0, n: int = 20) -> list:
    """An ellipse turned by angle, as a polygon; jag > 0 roughens the outline (a fall)."""
    ca, sa = math.cos(angle), math.sin(angle)
    points = []
    for i in range(n):
        t = 2 * math.pi * i / n
        k = 1 - jag * (i % 2)
        x, y = a * math.cos(t) * k, b * math.sin(t) * k
        points.append((centre[0] + x * ca - y * sa, centre[1] + x * sa + y * ca))
    return points


def _ellipse_chord(a: float, b: float, angle: float, y: float) -> float:
    """The width of a turned ellipse (centred at 0) along the horizontal line at height y."""
    c, s = math.cos(angle), math.sin(angle)
    qa = c * c / (a * a) + s * s / (b * b)
    qb = 2 * y * c * s * (1 / (a * a) - 1 / (b * b))
    qc = y * y * (s * s / (a * a) + c * c / (b * b)) - 1
    disc = qb * qb - 4 * qa * qc
    return math.sqrt(disc) / qa if disc > 0 else 0.0


def _ellipse_radius(a: float, b: float, phi: float) -> float:
    """The distance from an ellipse's centre to its edge, phi off its long axis."""
    return 1 / math.sqrt((math.cos(phi) / a) ** 2 + (math.sin(phi) / b) ** 2)


def _body(f) -> tuple[float, float, float, float]:
    """A one-hex token's outline as (long half-axis, short half-axis, turn off the facing, jag)."""
    if f.status != "ok" or f.posture == "fallen":
        return 1.05, 0.6, math.radians(30), 0.08  # flat, askew, rough-edged: down in a heap
    if f.posture == "prone":
        return 1.08, 0.58, 0.0, 0.0  # flat and lying along the facing
    if f.posture == "kneeling":
        return 0.82, 0.82, 0.0, 0.0  # lower: a smaller disc inside a posture ring
    return 1.0, 1.0, 0.0, 0.0


def draw_token(f, size: float, colour, kind: str, pattern: str | None = None) -> pygame.Surface:
    """A figure's token: team colour (and the team's pattern, if given), facing mark, picture
    and nameplate; posture and state visibly different (shape, shade and a pill)."""
    return token_and_plate(f, size, colour, kind, pattern)[0]


def token_and_plate(
    f, size: float, colour, kind: str, pattern: str | None = None
) -> tuple[pygame.Surface, pygame.Rect | None]:
    """The token, and where its nameplate lies on it (None: no plate), for the board to lay
    every plate over the neighbours' facing marks."""
    cells = footprint_cells(f.size, Hex(0, 0), f.facing or 0)
    probe = layout_for(kind, size, (0.0, 0.0))
    centres = [hex_to_pixel(probe, c) for c in cells]
    cx = sum(p[0] for p in centres) / len(centres)
    cy = sum(p[1] for p in centres) / len(centres)
    margin = 1.1 if f.size == 1 else 0.85 + 0.36 * mark_scale(f.size)  # room for the facing pointer
    extent = max(max(abs(p[0] - cx), abs(p[1] - cy)) for p in centres) + size * margin
    dim = int(extent * 2) + 2
    surface = pygame.Surface((dim, dim), pygame.SRCALPHA)
    layout = layout_for(kind, size, (dim / 2 - cx, dim / 2 - cy))
    base = tuple(int(c * 0.45 + 90 * 0.55) for c in colour) if f.status != "ok" else colour
    if f.posture == "fallen" and f.status == "ok":
        base = tuple(int(c * 0.72) for c in base)  # a darker shade: hurt and down
    dark = tuple(int(c * 0.55) for c in base)
    centre = (dim / 2, dim / 2)
    fx, fy = hex_to_pixel(probe, DIRECTIONS[f.facing or 0])
    facing = math.atan2(fy, fx)
    if f.size == 1:
        room = _draw_single(surface, f, size, centre, facing, base, dark, pattern)
    else:
        room = draw_body(surface, f, size, layout, cells, facing, base, dark, pattern)
    pill = f.status != "ok" or f.posture != "standing"
    if f.glyph and size >= 26 and f.size == 1 and not pill:  # a badge at the top left: what it wields
        at = (centre[0] - 0.46 * size, centre[1] - 0.46 * size)
        pygame.draw.circle(surface, dark, at, 0.24 * size)
        pygame.draw.circle(surface, (235, 235, 240), at, 0.24 * size, max(1, round(size / 30)))
        draw_glyph(surface, f.glyph, at, 0.2 * size, (245, 245, 250, 255))
    side = -1 if f.size > 1 and math.sin(facing) > 0.25 else 1  # the plate's side of the middle
    if f.size > 1 and size >= 12:  # the creature's picture across its body, looking its way
        draw_art(surface, f, size, (centre[0], centre[1] - side * size * 0.2), facing, 150)
    elif size >= 20:  # what kind of figure it is, above the nameplate
        draw_icon(surface, f, (centre[0], centre[1] - size * 0.14), round(size * 1.1), 130)
    if f.status == "dead":  # behind the text: the name stays readable
        _draw_cross(surface, size * (0.5 if f.size == 1 else 1.0), centre)
    plate = _draw_plate(surface, f, size, centre, room, side) if size >= PLATED else None
    if plate is None:
        _draw_text(surface, f, size, centre, room)
    if f.on_fire:  # at the top right, clear of the nameplate
        pygame.draw.circle(surface, theme.FLAMES, (centre[0] + size * 0.6, centre[1] - size * 0.45), size * 0.17)
    pill = _draw_pill(surface, f, size, centre, size * (0.72 if f.size == 1 else 1.5))
    if f.status == "unconscious":  # left of its pill if that stays in the hex (the pill says it too)
        zz = _shadowed(theme.font_px(max(theme.px(10), int(size / 2.6)), True).render("zz", True, (230, 230, 255)))
        box = (
            zz.get_rect(midright=pill.midleft)
            if pill
            else zz.get_rect(center=(centre[0] - size * 0.5, centre[1] - size * 0.5))
        )
        if box.left >= centre[0] - 0.85 * size or f.size > 1:
            surface.blit(zz, box)
    return surface, plate


PLATED = 16  # from this hex size a token carries a nameplate; below it, its name alone


def _draw_plate(surface, f, size: float, centre, room, side: int) -> pygame.Rect:
    """The nameplate across the token's lower half; a multihex's on the side of its middle
    away from a head facing down (side -1: above), where the body is wide enough for it."""
    if f.size == 1:
        drop, widest = 0.36, size * 1.7  # a row's neighbours are 1.73 apart: their plates keep a gap
    else:  # clear of the head's arrow, where the body is wide enough
        rooms = [(min(size * 4.2, room(size * d * side) + size * 0.3), d * side) for d in (0.62, 0.35, 0.0)]
        widest, drop = next((r for r in rooms if r[0] >= size * 2.4), max(rooms))
    return draw_nameplate(surface, f, size, (centre[0], centre[1] + size * drop), widest, f.size > 1).rect


def _draw_single(surface, f, size: float, centre, facing: float, base, dark, pattern=None):
    """A one-hex token's body and facing mark; returns the text room at a height from centre."""
    r = size * 0.72
    long, short, turn, jag = _body(f)
    a, b, angle = r * long, r * short, facing + turn
    rim = max(2, size / 14)
    kneeling = f.posture == "kneeling" and f.status == "ok"
    if kneeling:
        pygame.draw.circle(surface, PILLS["kneeling"][1], centre, r + rim)  # the posture ring
    if a == b:  # round: a circle is smoother and cheaper than a polygon
        pygame.draw.circle(surface, dark, centre, a + rim * (0.8 if kneeling else 1))
        pygame.draw.circle(surface, base, centre, a)
    else:
        pygame.draw.polygon(surface, dark, _ellipse(centre, a + rim, b + rim, angle, jag))
        pygame.draw.polygon(surface, base, _ellipse(centre, a, b, angle, jag))
    if pattern:  # over the body, under the facing mark and the text
        pattern_over(surface, pattern, ink_for(base), max(4, round(size / 4.5)))

    def edge(phi: float) -> float:
        return (r + rim if kneeling else a) if a == b else _ellipse_radius(a, b, phi - angle)

    if f.status == "ok" and f.facing is not None:
        _draw_facing(surface, size, centre, facing, edge, dark, 1.0)
    # Text may use a standing token's width even when the body is narrower: the name matters
    # more than the outline, and its shadow keeps it readable over the map.
    return lambda y: max(_ellipse_chord(a + rim, b + rim, angle, y), _ellipse_chord(r + rim, r + rim, 0.0, y)) - 2


def _draw_facing(surface, size: float, centre, facing: float, edge, dark, scale: float) -> None:
    """A bright arc along the front edge and a pointer just outside it; edge(angle) is the
    distance from the centre to the token's edge that way."""
    width = max(2, int(size * scale / 9))
    steps = [facing + i * math.pi / 18 - math.pi / 3 for i in range(13)]
    reaches = [edge(t) + 1 for t in steps]
    arc = [(centre[0] + math.cos(t) * d, centre[1] + math.sin(t) * d) for t, d in zip(steps, reaches)]
    pygame.draw.lines(surface, (255, 255, 255), False, arc, width)
    ux, uy = math.cos(facing), math.sin(facing)
    reach = edge(facing) + 1
    tip = (centre[0] + ux * (reach + size * 0.34 * scale), centre[1] + uy * (reach + size * 0.34 * scale))
    base = (centre[0] + ux * reach, centre[1] + uy * reach)
    half = size * 0.2 * scale
    wedge = [tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
    pygame.draw.polygon(surface, (255, 255, 255), wedge)
    pygame.draw.polygon(surface, dark, wedge, 1)


def _draw_cross(surface, r: float, centre) -> None:
    """A dead figure's X, dim, so the text over it stays readable."""
    cross = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for a, b in (((-r, -r), (r, r)), ((-r, r), (r, -r))):
        pygame.draw.line(
            cross,
            (15, 15, 18),
            (centre[0] + a[0], centre[1] + a[1]),
            (centre[0] + b[0], centre[1] + b[1]),
            max(3, int(r / 4)),
        )
    cross.set_alpha(150)
    surface.blit(cross, (0, 0))


def _draw_text(surface, f, size: float, centre, room) -> None:
    """A small token's name alone (no room for a plate), fitted to the token's width."""
    least = theme.px(7)  # the text grows with the zoom; its least size with the UI scale
    font, text = shrink_to_fit(f.name, max(size * 0.5, room(0.0)), max(least, int(size / 3.0)), least, True, exact=True)
    label = _shadowed(font.render(text, True, (255, 255, 255)))
    surface.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1]))))


def pill_rect(f, size: float, centre, below: float, width: int, caps: int) -> pygame.Rect:
    """Where the posture pill of a label `width` wide sits: a one-hex figure's across the top
    of its token, inside its own hex (the nameplate holds the lower half), so it never lies
    over a neighbour's token; a multihex figure's across its body's lower edge."""
    pill = pygame.Rect(0, 0, width + 8, caps + 6)
    top = centre[1] + below - pill.height * 0.4
    if f.size == 1:
        top = centre[1] - 0.76 * size
    pill.midtop = (round(centre[0]), round(top))
    return pill


def _draw_pill(surface, f, size: float, centre, below: float) -> pygame.Rect | None:
    """Posture or state in words, on a pill across the token's top (a multihex's lower edge);
    returns where it lies (None: no pill)."""
    kind = f.status if f.status != "ok" else f.posture
    if kind == "standing" or size < 14:
        return None  # standing needs no word; at a tiny zoom the shape must do
    # A ruleset's own states ("incapacitated", "unhorsed") read as themselves, on grey.
    text, bg, fg = PILLS.get(kind, (kind.upper(), (170, 170, 178), (24, 24, 28)))
    px = max(8, int(size / 3.8))
    # The hex's width near its top at most (1.35 sizes): the word shrinks, then is cut.
    room = size * 1.35 - 8 if f.size == 1 else surface.get_width() - 8
    least = theme.px(7)  # the least size grows with the UI scale: read from across the table
    short, text = SHORT.get(text), _(text)
    if short and theme.font_px(least, True).size(text)[0] > room:
        text = _(short)  # a whole short word reads better than a long one cut
    font, text = shrink_to_fit(text, room, px, least, True, exact=True)
    label = font.render(text, True, fg)
    x_metrics = font.metrics("X")[0]
    caps = x_metrics[3] if x_metrics else font.get_ascent()
    pill = pill_rect(f, size, centre, below, label.get_width(), caps)
    pygame.draw.rect(surface, bg, pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, (0, 0, 0), pill, 1, border_radius=pill.height // 2)
    # Centred on the capitals, not on the line (whose box holds room for accents and descenders).
    surface.blit(label, (pill.centerx - label.get_width() // 2, round(pill.centery - font.get_ascent() + caps / 2)))
    return pill


SHARED_SCALE = 0.56  # a token's size when one-hex figures share a hex (a brawl)


def shared_slots(figures) -> dict[str, tuple[float, float]]:
    """Where each figure sharing a hex sits, as an offset from the hex centre in hex sizes.

    Figures the ruleset says share their hex (a Warrior & Wizard brawl) are drawn smaller,
    side by side (two) or around the centre (more), so every token and its name stays
    visible. (A Dox rider on his mount is not: the rider is drawn over it.)"""
    by_hex: dict = {}
    for f in figures.values():
        if f.shares_hex:
            by_hex.setdefault(tuple(f.hex), []).append(f.name)
    slots = {}
    for names in by_hex.values():
        if len(names) < 2:
            continue
        for i, name in enumerate(names):
            angle = math.pi + 2 * math.pi * i / len(names)  # the first on the left
            slots[name] = (0.47 * math.cos(angle), 0.47 * math.sin(angle))
    return slots


def ring_radius(camera: Camera, f, centre, one_hex: float) -> float:
    """A ring around a figure: just outside a one-hex token, around a multihex footprint
    (not hidden under its hexes)."""
    if f.size == 1:
        return camera.size * one_hex
    cells = [camera.to_screen(c) for c in f.cells]
    return max(math.dist(p, centre) for p in cells) + camera.size * 1.05


def spec_tokens(specs) -> dict[str, Token]:
    """The draft's figures as the renderer draws them: where they stand, facing, posture."""
    out = {}
    for spec in specs:
        anchor = Hex(*spec.at)
        st = getattr(spec, "st", None)
        ready = getattr(spec, "ready", None)
        if ready is None and getattr(spec, "weapons", None):
            ready = spec.weapons[0]  # a Warrior & Wizard sheet readies its first weapon
        out[spec.name] = Token(
            name=spec.name,
            team=spec.team,
            hex=anchor,
            size=spec.size,
            facing=spec.facing,
            cells=tuple(footprint_cells(spec.size, anchor, spec.facing)),
            posture=getattr(spec, "posture", "standing"),
            meter=(st, st) if st else None,
            meter_label="ST" if st else "",
            caption=ready or "",
            icon=spec.icon,
        )
    return out
