"""Warrior & Wizard movement and defence on top of the shared scores (issue 39's blunders).

What the shared scores do not see in Warrior & Wizard (rule text 000):
- a Full Move is "beyond half MA: no attack this turn": a figure that full-moves into contact
  stands there while the enemy strikes first; stopping short, or a half move, keeps the blow;
- "Move one hex and shoot": a bowman who moves more than one hex has no shot this turn;
- "Dodge is used by a character who is Disengaged, against ranged attacks": a dodge is worth
  nothing when no enemy carries a missile or thrown weapon or a spell;
- "Defend ... the attacker rolls 4d6 to hit him instead of 3d6": worth the damage it keeps off
  from the enemies beside the figure that strike after it this turn, against the figure's own
  blow (each on the rules' exact odds), the way an attack is weighed (scoring.score_attack).
Nothing is read that the side could not see: the enemies' weapons and spells are on the table
(a figure's gear is drawn and listed on the board for every player)."""

from __future__ import annotations

from dataclasses import replace

from board.ai.scoring import ATTACK_BASE, Scored, around, end_of, is_move
from board.ai.view import SideView, gap, named
from board.dice import prob_at_most
from board.rules.warrior_wizard.attack import AttackPlan, predict_attack

NO_BLOW = 6.0  # a full move into contact: its blow this turn and the first strike (more than
# the 5 points between standing next to an enemy and two hexes off it, scoring.score_move)
DODGE = 1.5  # 4d6 instead of 3d6 against a shot or a throw (scoring.OTHER_ACTIONS' dodge)
LOST_SHOT = 3.0  # a bowman's move that forbids the shot it could otherwise take


def adjust(game, view: SideView, rows: list[Scored]) -> list[Scored]:
    """The rows with Warrior & Wizard's movement and dodge weights added."""
    state = game.state
    mine = {t.name: t for t in view.mine}
    missiles = any(_has_missiles(state, e.name) for e in view.enemies)
    out = []
    for row in rows:
        command = row.command
        me = named(mine, command.figure)
        if me is None:
            out.append(row)
        elif command.action == "full_move" and is_move(command) and _ends_in_contact(view, me, command):
            out.append(replace(row, score=row.score - NO_BLOW, reason=row.reason + " (a full move: no blow this turn)"))
        elif (
            me.name in view.shooters
            and is_move(command)
            and _ready_missile(state, me.name)
            and len(command.path or ()) > 1
        ):
            out.append(replace(row, score=row.score - LOST_SHOT))
        elif command.action == "defend":
            out.append(_defend_row(state, view, me, row, _defended_last(game, me.name)))
        elif command.action == "dodge":
            out.append(
                replace(row, score=max(row.score, DODGE), reason="dodges (an enemy can shoot or throw)")
                if missiles
                else replace(row, score=min(row.score, 0.0) - 1.0, reason="dodges (nothing to dodge)")
            )
        else:
            out.append(row)
    return out


def _ends_in_contact(view: SideView, me, command) -> bool:
    return around(view, me, end_of(command, me)[0])[2] > 0  # an enemy next to it there


def _ready_missile(state, name: str) -> bool:
    f = state.figures[name]
    return f.ready is not None and f.ready in state.tables.weapons and state.tables.weapon(f.ready).missile


def _has_missiles(state, name: str) -> bool:
    """Whether the figure could shoot, throw or cast at a distance: a missile or throwable
    weapon carried, or a spell known."""
    f = state.figures.get(name)
    if f is None:
        return True  # not a figure the rules know: assume the worst
    weapons = [state.tables.weapon(w) for w in f.weapons if w in state.tables.weapons]
    return bool(f.spells) or any(w.missile or w.throwable for w in weapons)


DEFEND_AT_LEAST = 1.5  # damage kept off that makes a defence worth the blow given up


def _defended_last(game, name: str) -> bool:
    """Whether the figure's last combat action was a defence: defending turn after turn, two
    worn-out figures faced each other until the turn cap."""
    last = next((c for c in reversed(game.history) if c.figure == name and c.do == "act"), None)
    return last is not None and last.action == "defend"


def _defend_row(state, view: SideView, me, row: Scored, again: bool) -> Scored:
    """Defend, worth the share of the coming blows' damage that 4d6 instead of 3d6 keeps off,
    against what is left of the figure (an attack is worth its damage against the target's);
    not for less than DEFEND_AT_LEAST, nor twice running."""
    saved = 0.0
    for enemy in view.threats(me):
        foe = state.figures.get(enemy.name)
        if foe is None or gap(me.cells, enemy) > 1:
            continue
        blow = predict_attack(state, AttackPlan(enemy.name, me.name, foe.ready, "melee" if foe.ready else "hth"))
        if blow.hit > 0:
            kept = 1 - prob_at_most(4, 6, blow.target_number) / blow.hit
            saved += float(blow.expected_damage) * max(0.0, float(kept))
    if saved < DEFEND_AT_LEAST or again:
        return replace(row, score=min(row.score, 0.0) - 1.0, reason="defends")
    left = me.meter[0] if me.meter else 10
    worth = 12.0 * 0.6 * min(saved / max(1, left), 1.5)
    return replace(
        row,
        score=row.score - 1.5 + ATTACK_BASE + worth,
        reason=f"defends: 4d6 keeps off {saved:.1f} of the damage to come",
    )
