"""Who plays each side of a fight: a person at the board, or the computer at a level.

The game keeps the choice (Game.players, team -> kind; a team not named is a person's), and the
save keeps it too, with the computer players' own seed (Game.ai_seed)."""

from __future__ import annotations

from board.i18n import N_

# kind -> how the start screen and the side menu name it
PLAYERS = {
    "person": N_("a person"),
    "computer:easy": N_("computer, easy"),
    "computer:normal": N_("computer, normal"),
    "computer:hard": N_("computer, hard"),
}
PLAYER_KINDS = (*PLAYERS, "computer")  # "computer" alone plays at normal


def teams(battle) -> list[str]:
    """The map's teams in order of first appearance."""
    return list(dict.fromkeys(spec.team for spec in battle.figures))


def players(game) -> dict[str, str]:
    """Who plays each team of the game."""
    return {team: game.players.get(team, "person") for team in teams(game.battle)}


def is_computer(kind: str) -> bool:
    return kind.startswith("computer")


def level_of(kind: str) -> str:
    """The computer's level of a kind ("computer" alone: normal)."""
    return kind.partition(":")[2] or "normal"


def computer_to_act(game) -> str | None:
    """The computer's level when the side to act now is the computer's, else None."""
    team = game.current_player()
    kind = game.players.get(team, "person") if team else "person"
    return level_of(kind) if is_computer(kind) else None


def computer_decision(game):
    """The computer's command for the side to act, and why (board.ai.ranking.Decision)."""
    from board.ai.player import choose  # the computer player, imported when it first plays

    return choose(game, computer_to_act(game) or "hint", f"{game.ai_seed}:{game.current_player()}")
