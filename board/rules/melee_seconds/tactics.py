"""Melee Seconds' tactics for the computer player (Rules.tactics): what stating a General Plot
is worth (2.2: the intention for the round, stated before the Initiative dice)."""

from __future__ import annotations

from board.ai.scoring import WOUNDED, Scored, Style, Tactics
from board.ai.view import SideView, gap, health
from board.rules.base import Command
from board.rules.melee_seconds.params import General
from board.rules.reports import Token


def general_plot(view: SideView, command: Command, style: Style) -> Scored | None:
    """A General Plot: meaning to fight is worth most, Full Defensive for a figure that holds on
    (holds_on); any other command is left to the shared scores."""
    if (command.action or command.do) != "general_plot":
        return None
    me = view.tokens.get(command.figure) if command.figure else None
    plot = General.of(command).plot
    if plot == "full_defensive" and me is not None and holds_on(view, me):
        return Scored(command, 2.5, "goes on Full Defensive: wounded, it parries while its friends win the fight")
    fighting = plot == "fighting"
    return Scored(command, 2.0 if fighting else -1.0, "means to fight" if fighting else "plans")


def holds_on(view: SideView, me: Token) -> bool:
    """Melee Seconds' Full Defensive (4.1: "Parry a Successful Attack upon them ... without
    having an Initiative die available") is for a badly wounded figure in contact while its
    side has more figures up: it keeps the lead alive; even or behind, every blow is needed
    (the same reading as a wounded figure falling back, score_move)."""
    return (
        health(me) < WOUNDED
        and any(gap(me.cells, e) <= 1 for e in view.enemies)
        and len(view.mine) > max(1, len(view.enemies))
    )


TACTICS = Tactics(other=general_plot)
