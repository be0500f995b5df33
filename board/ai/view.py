"""What one side sees of a game: its figures, the enemy's, and where they stand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from board.footprints import relative_zone
from board.hexgrid import Hex, hex_distance
from board.rules.reports import Token


def up(token: Token) -> bool:
    """Still in the fight: every ruleset calls a figure that can act "ok"."""
    return token.status == "ok"


def health(token: Token) -> float:
    """What is left of the figure's meter (ST, HP, hits...), 0 to 1."""
    if not token.meter or token.meter[1] <= 0:
        return 1.0
    return max(0.0, min(1.0, token.meter[0] / token.meter[1]))


def gap(cells, token: Token) -> int:
    """Hexes between the nearest of some cells and the token (1: adjacent)."""
    if len(cells) == 1 == len(token.cells):  # most figures take one hex: no generator to run
        return hex_distance(cells[0], token.cells[0])
    return min(hex_distance(a, b) for a in cells for b in token.cells)


def side_seen(target: Token, where: Hex) -> str | None:
    """From where the target sees a hex: front, side or rear (None: its ruleset has no facing)."""
    if target.facing is None:
        return None
    return relative_zone(target.size, target.hex, target.facing, where)


def named(tokens: dict[str, Token], name: str | None) -> Token | None:
    """The figure of that name among tokens (None: a command that names none, or not there)."""
    return tokens.get(name) if name is not None else None


@dataclass
class SideView:
    """The figures as one team sees them (Game.tokens: what the board draws for every player)."""

    team: str
    tokens: dict[str, Token]
    mine: list[Token]
    enemies: list[Token]
    helpless: list[Token] = field(default_factory=list)  # enemies down but alive (asleep...)
    shooters: set[str] = field(default_factory=set)  # own figures that would rather keep away
    # The figures still to act this round, by the public turn order (None: not known, or each
    # side acts in turn, so every enemy acts before the side's next turn).
    to_come: frozenset[str] | None = None
    downed: list[Token] = field(default_factory=list)  # own figures down but alive
    medics: set[str] = field(default_factory=set)  # own figures whose menu has a revive
    # What a decision works out once and every candidate reads (scoring: by figure).
    memo: dict = field(default_factory=dict, repr=False, compare=False)

    def token(self, name: str | None) -> Token | None:
        """The figure of that name as drawn (None: a command that names none, or not there)."""
        return named(self.tokens, name)

    @classmethod
    def of(cls, game, team: str) -> SideView:
        view = cls.of_tokens(team, game.tokens())
        turn = game.turn()
        # An order of the side's own figures only (usage-dice: the sides act in turn) leaves
        # every enemy to act before the side's next turn: to_come stays None.
        if (
            turn.order
            and turn.active in turn.order
            and any(name in view.tokens and view.tokens[name].team != team for name in turn.order)
        ):
            view.to_come = frozenset(turn.order[turn.order.index(turn.active) + 1 :])
        return view

    @classmethod
    def of_tokens(cls, team: str, tokens: dict[str, Token]) -> SideView:
        """The view from the tokens as the board draws them."""
        mine = [t for t in tokens.values() if t.team == team and up(t)]
        enemies = [t for t in tokens.values() if t.team != team and up(t)]
        helpless = [
            t
            for t in tokens.values()
            if t.team != team and not up(t) and t.status != "dead" and t.meter and t.meter[0] > 0
        ]
        shooters = {t.name for t in mine if t.glyph in ("bow", "magic")}
        downed = [
            t
            for t in tokens.values()
            if t.team == team and not up(t) and t.status != "dead" and t.meter and t.meter[0] > 0
        ]
        return cls(team, tokens, mine, enemies, helpless, shooters, downed=downed)

    def once(self, key: tuple, work: Callable[[], Any]) -> Any:
        """What work() gives, worked out the first time a decision asks for it by that key."""
        if key not in self.memo:
            self.memo[key] = work()
        return self.memo[key]

    def threats(self, me: Token, reach: int = 1) -> list[Token]:
        """The enemies within reach hexes of the figure (a bow: anywhere) that act before its
        next turn: what a guarded stroke, a dodge or a parry is for."""
        return [
            e
            for e in self.enemies
            if (self.to_come is None or e.name in self.to_come) and (gap(me.cells, e) <= reach or e.glyph == "bow")
        ]

    def strength(self) -> float:
        """The side's standing: each figure up counts 1 plus what is left of its meter."""
        return sum(1.0 + health(t) for t in self.mine) - sum(1.0 + health(t) for t in self.enemies)


def secrets_pending(game) -> bool:
    """True while a plot is secret (melee-seconds' written plots, a secret figure): a search
    that applied commands could then resolve it and learn what the side may not know."""
    timeline = game.turn().timeline or {}
    for row in timeline.get("rows", ()):
        if row.get("general") == "?" or "?" in (row.get("plots") or {}).values():
            return True
    return False


def plotted_in_secret(game, command) -> bool:
    """True when the command is a plot the other sides will not see yet (a secret figure's, or
    written plots): tried on a copy, it leaves a new "?" in the figure's row of the timeline."""

    def row(of) -> dict:
        rows = (of.turn().timeline or {}).get("rows", ())
        return next((r for r in rows if r.get("figure") == command.figure), {})

    before = row(game)
    trial = game.clone(seed="secret?")  # other dice: whether it stays secret does not hang on them
    if not trial.apply(command).accepted:
        return False
    after = row(trial)
    plots = before.get("plots") or {}
    return "?" == after.get("general") != before.get("general") or any(
        text == "?" != plots.get(second) for second, text in (after.get("plots") or {}).items()
    )
