"""Moments of the fight (issue 35): a banner when a new turn or phase begins, with a line on
what happens in it, and the end-of-fight summary (who fell, the turns, the damage dealt)."""

from __future__ import annotations

import pygame

from board.i18n import N_, _, ngettext
from board.rules.kernel.events import DAMAGE
from board.ui import theme

SHOWN, FADE = 1.6, 0.4  # seconds a banner stays, then fades
# What happens in a phase, by a word of its name (the rule systems name theirs differently).
HINTS = (
    ("general plots", N_("Each figure states its General Plot for the round: what it means to do.")),
    ("plots", N_("Each figure plots what it does this second; then the plots play out together.")),
    ("movement", N_("Each figure in turn moves or stands: click a blue hex or drag its token.")),
    ("combat", N_("Each figure in turn acts: choose an action in the menu, then its target.")),
    ("act", N_("The side to act moves and acts with each of its figures in turn.")),
    ("turn", N_("The side to act moves and acts with each of its figures in turn.")),
)


def phase_name(info) -> str:
    """The phase as the banner names it."""
    return _(
        info.phase_label
        or {"movement": N_("Movement"), "combat": N_("Combat actions")}.get(info.phase, info.phase.capitalize())
    )


def phase_hint(info) -> str:
    """One plain line on what happens in the phase ("" when none is known)."""
    words = f"{info.phase} {info.phase_label or ''}".lower()
    return next((_(hint) for key, hint in HINTS if key in words), "")


class PhaseBanner:
    """Shows "Turn 3 · Movement" and its hint for a moment whenever the turn or phase changes."""

    def __init__(self):
        self.key = None
        self.since = -10.0
        self.picture: pygame.Surface | None = None

    def follow(self, info, now: float) -> None:
        """Note the turn and phase now: a change starts a banner."""
        key = (info.turn, info.phase, info.phase_label)
        if key == self.key or info.phase in ("over", "view"):
            self.key = key
            return
        first = self.key is None
        self.key, self.since, self.picture = key, now, None
        if first:  # the fight's first phase is shown too (the board has just opened)
            self.since = now

    def skip(self) -> None:
        """End the banner now (a screenshot, a test that settles every animation)."""
        self.since = -10.0

    def showing(self, now: float) -> bool:
        return now - self.since < SHOWN + FADE

    def draw(self, screen: pygame.Surface, bounds: pygame.Rect, info, now: float) -> pygame.Rect | None:
        """The banner across the top of bounds, fading out; returns where it was drawn."""
        age = now - self.since
        if not self.showing(now):
            return None
        if self.picture is None:
            self.picture = _banner(
                _("Turn {turn} · {phase}").format(turn=info.turn, phase=phase_name(info)), phase_hint(info)
            )
        rect = self.picture.get_rect(midtop=(bounds.centerx, bounds.y + theme.px(10)))
        alpha = 255 if age < SHOWN else int(255 * (1 - (age - SHOWN) / FADE))
        self.picture.set_alpha(alpha)
        screen.blit(self.picture, rect)
        return rect


def _banner(title: str, hint: str) -> pygame.Surface:
    big, small = theme.font(22, True), theme.font(14)
    head = big.render(title, True, theme.TEXT)
    line = small.render(hint, True, theme.TEXT_DIM) if hint else None
    px = theme.px
    width = max(head.get_width(), line.get_width() if line else 0) + px(48)
    height = head.get_height() + (line.get_height() + px(4) if line else 0) + px(20)
    surface = theme.rounded_panel((width, height), px(10))
    pygame.draw.rect(surface, theme.SELECT, surface.get_rect(), px(2), border_radius=px(10))
    surface.blit(head, ((width - head.get_width()) // 2, px(10)))
    if line:
        surface.blit(line, ((width - line.get_width()) // 2, px(12) + head.get_height()))
    return theme.keyed(surface)


def fight_summary(game) -> list[str]:
    """The end of a fight in lines: who won, after how many turns, who fell, the damage each
    side dealt."""
    tokens = game.tokens()
    team_of = {n: f.team for n, f in tokens.items()}
    taken: dict[str, float] = {}
    for event in game.events:
        if event.kind == DAMAGE and event.figure in team_of:
            amount = event.data.get("taken", 0)
            if isinstance(amount, (int, float)) and not isinstance(amount, bool):
                taken[team_of[event.figure]] = taken.get(team_of[event.figure], 0) + amount
    teams = list(dict.fromkeys(team_of.values()))
    fallen = [f"{n} ({f.status})" for n, f in tokens.items() if f.status != "ok"]
    lines = [_("Fallen: {names}").format(names=", ".join(fallen)) if fallen else _("No one fell")]
    for team in teams:
        dealt = sum(v for t, v in taken.items() if t != team)
        lines.append(_("{team} dealt {dealt:g} damage").format(team=team, dealt=dealt))
    return lines


class FightOver:
    """The end-of-fight panel over the board: the winner large, the turns and the summary;
    made once per game version, hidden by a click on it (the board stays to look at)."""

    def __init__(self, on_show=lambda: None):
        self.key = None
        self.picture: pygame.Surface | None = None
        self.closed = False
        self.on_show, self.shown = on_show, False  # its sound, once per end of a fight
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, screen: pygame.Surface, bounds: pygame.Rect, game, info) -> pygame.Rect | None:
        if info.phase != "over":
            self.closed, self.key, self.shown = False, None, False
            return None
        if not self.shown:
            self.shown = True
            self.on_show()
        if self.closed:
            return None
        if self.key != game.version:
            self.key = game.version
            title = _("{team} wins").format(team=info.winner) if info.winner else _("The fight is over")
            self.picture = _summary(
                title,
                [ngettext("after {n} turn", "after {n} turns", info.turn).format(n=info.turn)] + fight_summary(game),
            )
        picture = self.picture
        assert picture is not None  # made above the first time the fight is over
        self.rect = picture.get_rect(center=bounds.center)
        screen.blit(picture, self.rect)
        return self.rect

    def click(self, pos) -> bool:
        """A click on the panel closes it; True if it was on the panel."""
        if self.picture is not None and not self.closed and self.rect.collidepoint(pos):
            self.closed = True
            return True
        return False


def _summary(title: str, lines: list[str]) -> pygame.Surface:
    big, small = theme.font(34, True), theme.font(16)
    foot = theme.font(13).render(
        _("Enter: rematch · the menu: a new fight · click here to look at the board"), True, theme.TEXT_DIM
    )
    head = big.render(title, True, theme.LOG_VICTORY)
    rows = [small.render(line, True, theme.TEXT) for line in lines]
    px = theme.px
    width = max([head.get_width(), foot.get_width()] + [r.get_width() for r in rows]) + px(64)
    height = (
        px(24)
        + head.get_height()
        + px(12)
        + sum(r.get_height() + px(4) for r in rows)
        + px(16)
        + foot.get_height()
        + px(20)
    )
    surface = theme.rounded_panel((width, height), px(12))
    pygame.draw.rect(surface, theme.LOG_VICTORY, surface.get_rect(), px(3), border_radius=px(12))
    y = px(24)
    surface.blit(head, ((width - head.get_width()) // 2, y))
    y += head.get_height() + px(12)
    for r in rows:
        surface.blit(r, ((width - r.get_width()) // 2, y))
        y += r.get_height() + px(4)
    surface.blit(foot, ((width - foot.get_width()) // 2, y + px(16)))
    return theme.keyed(surface)
