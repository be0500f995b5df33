"""Who plays each side of a fight: for now always a person at the board.

A computer opponent will add its kind here ("computer"), with what it needs to choose its
commands; the start screen offers a choice of player only once there is more than one kind."""

from __future__ import annotations

PLAYERS = {"person": "a person"}  # kind -> how the start screen names it


def teams(battle) -> list[str]:
    """The map's teams in order of first appearance."""
    return list(dict.fromkeys(spec.team for spec in battle.figures))


def people(game) -> dict[str, str]:
    """Every team played by a person at the board."""
    return {team: "person" for team in teams(game.battle)}
