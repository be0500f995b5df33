"""Usage-dice tactics on top of the computer player's shared scores (the ruleset names adjust()
as its tactics, which board.ai.ranking.scored calls).

What the shared scores do not see in usage-dice (rule text 002):
- "Use weapon dice to riposte or counterattack, or armor dice to focus on defending": the
  players' figure tests against the GM side's attacks with the dice its standing stance names;
  a stance is worth the fall in the worth of the attacks the enemies could make on it before
  its next turn, by the rules' own odds with each answer (the stance is free: it costs nothing
  but the choice). The nimble dodge and the shield's sunder only ever help: never turned off;
- a disarmed figure's weapon lies at its feet ("pick up"): taken up again when it strikes
  harder than what is left in hand, before any blow;
- "Incapacitated characters may return to action ... when a companion revives them": the fight
  ends only when one side has nobody up, so a figure is worth most to put down when its friends
  are down already (each one knocked down while the others stand is soon revived; computer
  fights ran to the turn cap, issue 39).
Everything used is public: the tokens as drawn (gear and usage dice are on the caption, Power on
the meter), and the acting side's own figures."""

from __future__ import annotations

import copy
from dataclasses import replace

from board.ai.odds import attack_value, put_down
from board.ai.scoring import Scored, Tactics
from board.ai.view import SideView, gap
from board.hexgrid import hex_distance
from board.rules.usage_dice.actions import line_of_fire, ranged_ready
from board.rules.usage_dice.params import PickUp
from board.rules.usage_dice.predict import predict

SCALE = 12.0  # score points per point of an attack's worth (scoring.score_attack)
STANCE_BASE = 1.0  # a stance that turns anything aside, over one that turns nothing
GUARD_DROPPED = -3.0  # turning the dodge or the sunder off: never better
FINISH = 8.0  # per chance to put an enemy down, times the share of its side already down
DASH_FIRST = 2.0  # a second move taken while the first is still free
MEDIC = 8.0  # per chance to put down an enemy that could revive a downed friend next turn


def adjust(game, view: SideView, rows: list[Scored]) -> list[Scored]:
    """The rows with usage-dice's own weights added."""
    state = game.state
    mine = {t.name for t in view.mine}
    best_attack: dict[str, float] = {}
    for row in rows:
        if row.attack and row.command.figure in mine:
            best_attack[row.command.figure] = max(best_attack.get(row.command.figure, -1e9), row.score)
    # A stance is free: it is weighed against ending the turn as the figure stands.
    waiting = {row.command.figure: row.score for row in rows if row.command.action == "pass"}
    out = []
    for row in rows:
        command = row.command
        if command.figure not in mine or command.do != "act":
            out.append(row)
        elif command.action == "stance":
            value, reason = _stance(state, view, row.command)
            out.append(replace(row, score=waiting.get(command.figure, 0.0) + value, reason=reason))
        elif command.action == "dash" and not state.figures[command.figure].moved:
            # "move and take one action ... making a second move": the free move first; a dash
            # before it spends the action that could have struck once there.
            out.append(replace(row, score=row.score - DASH_FIRST))
        elif command.action == "pick_up":
            out.append(_pick_up_row(state, view, row, best_attack.get(command.figure)))
        elif row.attack and command.target in view.tokens:
            out.append(_finishing(game, view, row))
        else:
            out.append(row)
    return out


def _finishing(game, view: SideView, row: Scored) -> Scored:
    """An attack weighed by how near its side's fall the target is: the last enemy up ends the
    fight when it falls; the first of three is back on its feet after a friend's revive, unless
    the friend that would revive it falls too (a figure beside a downed friend is its medic)."""
    target = view.tokens[row.command.target or ""]
    side = [t for t in view.tokens.values() if t.team == target.team and t.status != "dead"]
    down = [t for t in side if t.status != "ok"]
    share = len(down) / max(1, len(side) - 1)
    medic = any(gap(target.cells, t) <= 2 for t in down)
    prediction = game.predict(row.command)
    if prediction is None or not (share or medic):
        return row
    bonus = (FINISH * min(1.0, share) + MEDIC * medic) * put_down(prediction)
    return replace(row, score=row.score + bonus)


def _stance(state, view: SideView, command) -> tuple[float, str]:
    """A stance by what it changes (over ending the turn as it is): the answer to the blows to
    come, or the dodge or sunder on or off."""
    settings = command.params
    me = state.figures[command.figure]
    if settings.get("dodge") is False or settings.get("sunder") is False:
        return GUARD_DROPPED, "would drop its guard for nothing"
    if "defence" not in settings:  # the dodge or the sunder back on, where it can do anything
        light = not any(a.kind == "heavy" for a in me.armor) and me.fatigue < me.fatigue_limit
        if (settings.get("dodge") and light) or (settings.get("sunder") and me.shield is not None):
            return STANCE_BASE, "guards itself again"
        return -1.0, "changes its stance, to no effect"
    kept = turned_aside(state, view, me.name, settings["defence"])
    said = "ripostes" if settings["defence"] == "riposte" else "defends with its armor"
    if kept <= 0:
        return -1.0, f"{said} when attacked, though it turns nothing aside"
    return STANCE_BASE + SCALE * kept, f"{said} when attacked: turns aside {kept:.2f} of the blows to come"


def turned_aside(state, view: SideView, name: str, defence: str) -> float:
    """What answering with `defence` instead of the figure's standing stance is worth before its
    next turn: for each enemy, the worth (odds.attack_value, as the enemy weighs it) of the best
    attack it could make on the figure, less that worth against the new answer. 0 where the
    figure's answer is never asked (the GM's side, or the player-facing rule off)."""
    me = state.figures[name]
    if not state.options.player_facing or state.gm_side(me) or me.defence == defence:
        return 0.0
    kept = 0.0
    for enemy in view.enemies:
        attacker = state.figures.get(enemy.name)
        if attacker is None:
            continue
        blows = _blows(state, attacker, me)
        if blows:
            now = max(_worth(state, {**b, "defence": me.defence}, me.power) for b in blows)
            then = max(_worth(state, {**b, "defence": defence}, me.power) for b in blows)
            kept += now - then
    return kept


def _blows(state, attacker, me) -> list[dict]:
    """The attacks an enemy could make on the figure on its next turn (a move, then one action)."""
    out = []
    distance = hex_distance(attacker.hex, me.hex)
    if distance <= attacker.speed + 1:
        out.append({"figure": attacker.name, "target": me.name, "action": "engage", "edge": 0})
    if not state.enemies_adjacent(attacker):
        for weapon in ranged_ready(attacker):
            if distance <= weapon.range and line_of_fire(state, attacker.hex, me.hex):
                out.append({"figure": attacker.name, "target": me.name, "action": "shoot", "edge": 0, "weapon": weapon})
    return out


def _worth(state, blow: dict, left: int) -> float:
    """The worth of an attack to its attacker (odds.attack_value) by the rules' own odds."""
    prediction = predict(state, {"ability": None, **blow})
    return attack_value(prediction, left)[0] if prediction is not None else 0.0


def _pick_up_row(state, view: SideView, row: Scored, best: float | None) -> Scored:
    """A weapon picked up from the figure's hex: before any blow, when it strikes harder than
    what is in hand on the nearest enemy (the rules' own odds)."""
    me = state.figures[row.command.figure]
    name = PickUp.of(row.command).item
    item = next((i for i in state.items.get(me.hex, ()) if i.name == name), None)
    if item is None or item.kind != "melee" or not view.enemies:
        return row
    foe = state.figures[min(view.enemies, key=lambda e: gap(view.tokens[me.name].cells, e)).name]
    armed = copy.copy(me)
    armed.weapons = [*me.weapons, item]
    tested = state.options.player_facing and state.gm_side(me) and not state.gm_side(foe)
    blow = {
        "figure": me.name,
        "target": foe.name,
        "action": "engage",
        "edge": 0,
        "defence": foe.defence if tested else None,
    }
    gain = _worth(_with(state, armed), blow, foe.power) - _worth(state, blow, foe.power)
    if gain <= 0:
        return row
    score = max(row.score, best if best is not None else row.score) + SCALE * gain
    return replace(row, score=score, reason=f"picks up the {item.name} (it strikes harder)")


def _with(state, figure):
    """A shallow copy of the state with one figure replaced (for odds only)."""
    other = copy.copy(state)
    other.figures = {**state.figures, figure.name: figure}
    return other


TACTICS = Tactics(adjust=adjust)
