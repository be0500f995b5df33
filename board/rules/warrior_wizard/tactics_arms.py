"""Warrior & Wizard tactics on top of the computer player's shared scores (after
tactics_moves, see tactics.py): weapons back in hand, and a slung shield readied.

What the shared scores do not see in Warrior & Wizard (rule text 000):
- "Shift one hex and attack hand-to-hand ... He drops all weapons he has in hand that are not
  small HTH weapons": a punch that drops a better weapon costs the blows it would have struck;
- a weapon picked up into empty hands, or readied, is ready: an unarmed figure whose weapon
  strikes harder than its fist takes it up (from the ground or its belt) rather than punch on;
- "A shield held in the 'ready' position protects against attacks from the character's front
  zone": a slung shield is worth readying when enemies are near and no two-handed weapon
  would have to leave the hands for it.
A weapon is weighed against the fist by the rules' own exact odds (predict_attack) on the
nearest enemies, as the side's own figure would strike them; nothing is read that the side
could not know (its own figures' gear, the enemies as the board shows them)."""

from __future__ import annotations

from dataclasses import replace

from board.ai.odds import attack_value
from board.ai.scoring import Scored
from board.ai.view import SideView, gap
from board.rules.warrior_wizard.attack import AttackPlan, max_extra_damage, predict_attack
from board.rules.warrior_wizard.params import DropPickUp

SCALE = 12.0  # score points per point of an attack's worth (scoring.score_attack)
FOES = 2  # the nearest enemies a weapon is weighed against
SHIELD = 1.5  # a readied shield, per point of its defence and per enemy within two hexes


def adjust(game, view: SideView, rows: list[Scored]) -> list[Scored]:
    """The rows with Warrior & Wizard's own weights added."""
    state = game.state
    mine = {t.name for t in view.mine}
    gains: dict[tuple[str, str | None], float] = {}

    def gain(name: str, weapon: str | None) -> float:
        if (name, weapon) not in gains:
            gains[name, weapon] = weapon_gain(state, view, name, weapon)
        return gains[name, weapon]

    best_attack: dict[str, float] = {}
    for row in rows:
        if row.attack and row.command.figure in mine:
            best_attack[row.command.figure] = max(best_attack.get(row.command.figure, -1e9), row.score)
    out = []
    for row in rows:
        command, name = row.command, row.command.figure
        if name not in mine or command.do != "act":
            out.append(row)
            continue
        f = state.figures[name]
        taken = _taken_up(state, f, command)
        if command.action == "attack_hth" and f.ready and not state.tables.weapon(f.ready).small:
            # The weapon falls: the blows it would strike after this one are lost.
            lost = max(0.0, gain(name, f.ready))
            row = replace(
                row, score=row.score - SCALE * lost, reason=row.reason + (f", dropping the {f.ready}" if lost else "")
            )
        elif taken is not None and f.ready is None and gain(name, taken) > 0:
            # Worth more than any blow this turn: every later blow is the weapon's.
            score = max(row.score, best_attack.get(name, row.score)) + SCALE * gain(name, taken)
            row = replace(row, score=score, reason=f"takes up the {taken} (it strikes harder than a fist)")
        elif _readies_shield(f, command):
            row = _shield_row(state, view, f, row)
        out.append(row)
    return out


def weapon_gain(state, view: SideView, name: str, weapon: str | None) -> float:
    """How much more a blow with the weapon is worth than a punch, on the nearest enemies
    (the rules' exact odds; the best Strength bonus the figure can add)."""
    f = state.figures[name]
    if weapon is None or weapon not in state.tables.weapons:
        return 0.0
    w = state.tables.weapon(weapon)
    if not w.melee or w.dice is None:
        return 0.0
    foes = sorted(view.enemies, key=lambda e: gap(f.cells, e))[:FOES]
    total = 0.0
    for foe in foes:
        left = foe.meter[0] if foe.meter else 10
        fist = attack_value(predict_attack(state, AttackPlan(name, foe.name, None, "hth")), left)[0]
        blows = [
            attack_value(predict_attack(state, AttackPlan(name, foe.name, w.name, "melee", extra_damage=extra)), left)[
                0
            ]
            for extra in {0, max_extra_damage(f, w)}
        ]
        total += max(blows) - fist
    return total / len(foes) if foes else 0.0


def _taken_up(state, f, command) -> str | None:
    """The weapon a command brings into f's hand: picked up (Stand still, pick up), readied
    from the ground or the belt (Ready, Switch)."""
    if command.action == "drop_pickup":
        settings = DropPickUp.of(command)
        picked = [n for n in settings.pick_up if n in state.tables.weapons]
        return picked[0] if picked and not settings.drop else None
    if command.action in ("ready", "switch") and command.weapon != f.shield:
        return command.weapon
    return None


def _readies_shield(f, command) -> bool:
    return (
        command.action in ("ready", "switch")
        and f.shield is not None
        and not f.shield_ready
        and command.weapon in (f.shield, "shield")
    )


def _shield_row(state, view: SideView, f, row: Scored) -> Scored:
    """A slung shield readied: worth its defence against the enemies near, unless a two-handed
    weapon would have to leave the hands for it."""
    in_hand = state.tables.weapon(f.ready) if f.ready else None
    if in_hand is not None and in_hand.two_handed:
        return row
    near = sum(1 for e in view.enemies if gap(f.cells, e) <= 2)
    defence = state.tables.armor_piece(f.shield).defense
    if not near:
        return row
    return replace(
        row,
        score=row.score + SHIELD * defence * near,
        reason=f"readies his {f.shield} ({near} enem{'y' if near == 1 else 'ies'} near)",
    )
