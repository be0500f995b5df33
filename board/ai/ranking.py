"""Every legal command of the side to act, scored on one scale: the player's judgement."""

from __future__ import annotations

import random
from dataclasses import dataclass

from board.ai.odds import tried
from board.ai.scoring import Scored, Style, is_move, score_attack, score_move, score_other, worth_trying
from board.ai.view import SideView, gap, named, secrets_pending
from board.rules.base import Command


WAITING = ("pass",)


@dataclass(frozen=True)
class Decision:
    """The command chosen and the one line that says why."""

    command: Command
    reason: str


def rng_for(game, ai_seed: int | str, salt: str = "") -> random.Random:
    """The player's own dice: from its own seed and what every player sees (the map and how many
    commands were played), never from the game's secret seed."""
    return random.Random(f"{ai_seed}:{game.battle.name}:{len(game.history)}:{salt}")


def scored(game, team: str, legal: list[Command], style: Style, odds: dict | None = None) -> list[Scored]:
    """Every legal command with its score and reason, for the side to act.

    One scale for all: what the figure's position is worth after the command (a move: where
    it ends; anything else: where it stands), plus what an attack or other action adds.
    odds: a cache of predictions by command and the two figures as drawn (rollouts only: the
    odds also hang on what a token does not show)."""
    view = SideView.of(game, team)
    view.shooters |= _shooters(view, legal)
    view.medics = _medics(game, view, legal)
    reach = _reach(legal)
    here: dict[str, float] = {}
    recent = {(c.figure, c.action) for c in game.history[-4:]}

    def stay(figure: str | None) -> float:
        if figure not in view.tokens or figure not in {t.name for t in view.mine}:
            return 0.0
        if figure not in here:
            here[figure] = score_move(view, Command(do="move", figure=figure), style).score
        return here[figure]

    # Untried actions are tried on copies only while nothing is secret (a copy could resolve it).
    trying = not secrets_pending(game)
    out = []
    for command in legal:
        prediction, aimed = _odds_of(game, command, view, odds, trying)
        if prediction is not None:
            attack = score_attack(view, aimed, prediction, style)
            out.append(Scored(command, attack.score + stay(command.figure), attack.reason, True))
        elif is_move(command) and command.figure in view.tokens:
            move = score_move(view, command, style)
            # The least movement that gets there leaves the most open (WW: a half move may
            # still attack, a full move may not); a delay is a move held back.
            cost = 0.004 * reach.get((command.figure, command.action), 0) + 0.3 * ("delay" in (command.action or ""))
            out.append(Scored(command, move.score - cost, move.reason))
        else:
            other = score_other(view, command, style, game.ruleset.tactics)
            # Doing the same thing again at once (a stance, a reflex) changes nothing more.
            # Waiting again is no repetition: penalised, it fell below using up a potion unhurt
            # or putting the weapon away (combat-chart).
            again = 5.0 * ((command.figure, command.action) in recent and command.action not in WAITING)
            out.append(Scored(command, other.score + stay(command.figure) - again, other.reason))
    # The ruleset's own weights on top of the shared scores (its actions, its odds).
    tactics = game.ruleset.tactics
    return tactics.adjust(game, view, out) if tactics is not None else out


def _medics(game, view: SideView, legal: list[Command]) -> set[str]:
    """The acting figures that could bring a downed friend back (usage-dice: revive a
    companion), read from their action menus."""
    if not view.downed:
        return set()
    return {
        f
        for f in {c.figure for c in legal}
        if f in view.tokens and any("revive" in info.id for info in game.actions(f))
    }


def _odds_of(game, command: Command, view: SideView, odds: dict | None, trying: bool):
    """The command's odds, and the command as aimed: the ruleset's exact odds where it gives
    them, else (trying) what the command did on copies of the game, aimed at whom it hurt."""
    prediction = _predict(game, command, view, odds) if command.target or command.do == "act" else None
    if prediction is None and trying and worth_trying(view, command, game.ruleset.tactics):
        trial = tried(game, command, view.team)
        if trial is not None:
            return trial[0], command.model_copy(update={"target": trial[1]})
    return prediction, command


def _predict(game, command: Command, view: SideView, odds: dict | None):
    if odds is None:
        return game.predict(command)
    key = (command.model_dump_json(), view.token(command.figure), view.token(command.target))
    if key not in odds:
        odds[key] = game.predict(command)
    return odds[key]


def _shooters(view: SideView, legal: list[Command]) -> set[str]:
    """Figures offered an aimed action at an enemy out of reach of a blow (a shot, a spell)."""
    foes = {t.name: t for t in view.enemies}
    out: set[str] = set()
    for command in legal:
        me, foe = view.token(command.figure), named(foes, command.target)
        if command.figure is not None and me is not None and foe is not None and gap(me.cells, foe) > 1:
            out.add(command.figure)
    return out


def _reach(legal: list[Command]) -> dict[tuple, int]:
    """How many hexes each figure's movement action reaches, counted from the legal commands."""
    ends: dict[tuple, set] = {}
    for command in legal:
        if command.path or command.to:
            end = command.path[-1] if command.path else str(command.to)
            ends.setdefault((command.figure, command.action), set()).add(end)
    return {key: len(value) for key, value in ends.items()} | {}


def own_commands(game, team: str | None) -> list[Command]:
    """The legal commands for the side's own figures: the list may offer the other side's
    out-of-turn declarations too (Warrior & Wizard: defend or dodge while another acts)."""
    legal = game.legal_actions()
    tokens = game.tokens()
    mine = [c for c in legal if c.figure is None or c.figure not in tokens or tokens[c.figure].team == team]
    # The figure whose turn it is acts: a declaration out of turn (W&W's defend) would spend
    # another figure's action before its own turn.
    active = game.turn().active
    acting = [c for c in mine if c.figure == active]
    return acting or mine or legal
