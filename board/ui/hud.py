"""Heads-up pieces: turn banner, status line, odds panel and the help overlay."""

from __future__ import annotations

import pygame

from board.rules.base import Prediction
from board.ui import theme

HELP = [
    ("Mouse", ""),
    ("Left click", "select, move to a blue hex, pick a target, press a menu button"),
    ("Drag a token", "move along the path under the mouse; drag out of the hex to face"),
    ("Right drag / arrows", "pan the map"),
    ("Wheel", "zoom around the cursor (over the log: scroll it)"),
    ("Keys", ""),
    ("1-8", "movement actions, in the order of the action bar"),
    ("Q / E", "turn left / right before confirming a move (GM: turn the figure)"),
    ("Enter / Space", "confirm the move and facing"),
    ("Esc", "cancel what is being planned"),
    ("T", "threat zones: selected and hovered / all / off"),
    ("L", "hex labels on / off"),
    ("Home", "fit the map to the window"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a whole command (redo rolls the same dice)"),
    ("Ctrl+L", "save the combat log as text"),
    ("G", "GM mode: drag any figure, Q/E turn, +/- ST, P posture, S surprise, I fire, C chase,"),
    ("", "A add a copy at the mouse, Del remove (each is a logged GM command)"),
    ("M", "open the map editor on this map"),
    ("Ctrl+S / Ctrl+O", "save the game / open a saved game"),
    ("F11", "full screen"),
    ("F1 or ?", "this help"),
]


def _pill(text: str, colour, bg, size: int = 15, bold: bool = False) -> pygame.Surface:
    label = theme.font(size, bold).render(text, True, colour)
    surface = pygame.Surface((label.get_width() + 16, label.get_height() + 6), pygame.SRCALPHA)
    pygame.draw.rect(surface, bg, surface.get_rect(), border_radius=surface.get_height() // 2)
    surface.blit(label, (8, 3))
    return surface


class Banner:
    """The top bar: map name, turn, phase and the initiative order; cached per state."""

    def __init__(self):
        self.key = None
        self.surface: pygame.Surface | None = None

    def draw(self, screen: pygame.Surface, rect: pygame.Rect, title: str, info: dict,
             colours: dict[str, tuple], gm: bool, status: dict[str, str]) -> None:
        key = (rect.size, title, tuple(sorted((k, str(v)) for k, v in info.items())), gm,
               tuple(sorted(status.items())))
        if key != self.key:
            self.key = key
            self.surface = self._render(rect.size, title, info, colours, gm, status)
        screen.blit(self.surface, rect.topleft)

    def _render(self, size, title, info, colours, gm, status) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(theme.PANEL)
        pygame.draw.line(surface, theme.PANEL_EDGE, (0, size[1] - 1), (size[0], size[1] - 1))
        x = 12
        name = theme.font(17, True).render(title, True, theme.TEXT)
        surface.blit(name, (x, (size[1] - name.get_height()) // 2))
        x += name.get_width() + 18
        if info["phase"] == "over":
            text = f"Turn {info['turn']} - " + (f"{info['winner']} wins" if info["winner"] else "the fight is over")
            label = theme.font(17, True).render(text, True, theme.TEXT_GOOD)
            surface.blit(label, (x, (size[1] - label.get_height()) // 2))
        else:
            phase = {"movement": "Movement", "combat": "Combat actions"}.get(info["phase"], info["phase"])
            label = theme.font(16).render(f"Turn {info['turn']} · {phase}", True, theme.TEXT_DIM)
            surface.blit(label, (x, (size[1] - label.get_height()) // 2))
            x += label.get_width() + 16
            waiting = set(info.get("queue", []))
            for name in info["order"]:
                active = name == info["active"]
                done = name not in waiting
                colour = colours.get(name, theme.TEAM_COLOURS[-1])
                bg = colour if active else tuple(int(c * 0.45) for c in colour)
                fg = (255, 255, 255) if not done or active else theme.TEXT_DIM
                note = status.get(name)
                pill = _pill(name + (f" ({note})" if note else ""), fg, bg, 14, active)
                if active:  # a bright underline marks whose turn it is
                    pygame.draw.rect(pill, (255, 255, 255), (8, pill.get_height() - 3, pill.get_width() - 16, 2))
                if x + pill.get_width() > size[0] - 90:
                    break
                surface.blit(pill, (x, (size[1] - pill.get_height()) // 2))
                x += pill.get_width() + 6
        if gm:
            badge = _pill("GM", (255, 255, 255), theme.GM_BADGE, 15, True)
            surface.blit(badge, (size[0] - badge.get_width() - 12, (size[1] - badge.get_height()) // 2))
        return surface


def draw_status(screen: pygame.Surface, rect: pygame.Rect, message: str, warning: bool, hint: str) -> None:
    """The bottom line: a refusal in warning colours, or a hint."""
    screen.fill(theme.PANEL, rect)
    pygame.draw.line(screen, theme.PANEL_EDGE, rect.topleft, rect.topright)
    text, colour = (message, theme.TEXT_WARN if warning else theme.TEXT) if message else (hint, theme.TEXT_DIM)
    label = theme.font(15).render(text, True, colour)
    x = rect.x + 12
    if warning:  # Noto Sans has no warning sign glyph: draw one
        cy = rect.centery
        pygame.draw.polygon(screen, theme.TEXT_WARN, [(x, cy + 7), (x + 8, cy - 7), (x + 16, cy + 7)])
        bang = theme.font(11, True).render("!", True, theme.PANEL)
        screen.blit(bang, bang.get_rect(center=(x + 8, cy + 2)))
        x += 24
    screen.blit(label, (x, rect.y + (rect.height - label.get_height()) // 2))


def percent(p) -> str:
    value = float(p) * 100
    return f"{value:.0f}%" if value >= 9.5 or value == 0 else f"{value:.1f}%"


def draw_odds(screen: pygame.Surface, at: tuple[int, int], target: str, p: Prediction, bounds: pygame.Rect) -> None:
    """The exact odds of an attack, beside the cursor."""
    rows = [(f"Attack {target}", theme.TEXT, True),
            (f"Hit {percent(p.hit)}   ({p.dice}d6, {p.target_number} or less)", theme.TEXT_GOOD, True)]
    for reason, n in p.modifiers:
        rows.append((f"  {n:+d}  {reason}", theme.TEXT_DIM, False))
    avg = float(p.expected_damage / p.hit) if p.hit else 0.0
    rows.append((f"Damage if hit: {avg:.1f} after armor", theme.TEXT, False))
    names = {"5+": "5+ damage this turn", "falls": "falls", "unconscious": "goes unconscious", "dies": "dies"}
    for key, label in names.items():
        if key in p.outcomes:
            rows.append((f"{label}: {percent(p.outcomes[key])}", theme.TEXT_BAD if key != "5+" else theme.TEXT, False))
    rendered = [theme.font(14, bold).render(text, True, colour) for text, colour, bold in rows]
    width = max(r.get_width() for r in rendered) + 20
    height = sum(r.get_height() for r in rendered) + 14
    box = pygame.Rect(at[0] + 18, at[1] + 18, width, height)
    box.clamp_ip(bounds)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.PANEL, 235), panel.get_rect(), border_radius=8)
    pygame.draw.rect(panel, theme.PANEL_EDGE, panel.get_rect(), 1, border_radius=8)
    y = 7
    for r in rendered:
        panel.blit(r, (10, y))
        y += r.get_height()
    screen.blit(panel, box)


def draw_help(screen: pygame.Surface, rect: pygame.Rect) -> None:
    """The controls, over a dimmed board."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((10, 10, 14, 200))
    screen.blit(shade, rect)
    title = theme.font(24, True).render("Hexboard controls", True, theme.TEXT)
    x, y = rect.x + 60, rect.y + 40
    screen.blit(title, (x, y))
    y += title.get_height() + 14
    for key, what in HELP:
        if not what:
            label = theme.font(16, True).render(key, True, theme.TEXT_WARN)
            screen.blit(label, (x, y + 6))
            y += label.get_height() + 10
            continue
        screen.blit(theme.font(15, True).render(key, True, theme.TEXT), (x + 10, y))
        screen.blit(theme.font(15).render(what, True, theme.TEXT_DIM), (x + 230, y))
        y += 24
    foot = theme.font(14).render("F1, ? or Esc closes this help", True, theme.TEXT_DIM)
    screen.blit(foot, (x, y + 14))
