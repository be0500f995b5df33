"""A physical attack: Attack Rank against Defense Rank on the chart, 3d6, criticals, damage."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import DiceSource, roll, roll_dice
from board.rules.base import Event, Refusal
from board.rules.kernel.events import damaged
from board.rules.combat_chart import crits
from board.rules.combat_chart.state import CCState, Effect, Fig
from board.rules.combat_chart.stats import (attack_rank, defense_rank, line_of_fire, total,
                                            weapon_of, why_not_target)
from board.rules.combat_chart.tables import CH, CM, Weapon, target_number
from board.rules.combat_chart.turns import hurt

ABSORB_MARGIN = 3  # "Missing the target number by three or less means that the armor absorbed the blow"


@dataclass(frozen=True)
class AttackPlan:
    """Everything an attack needs, worked out before any die is rolled (predict shares it)."""

    attacker: str
    target: str
    weapon: Weapon
    maneuver: str | None
    ar_parts: tuple[tuple[str, int], ...]
    dr_parts: tuple[tuple[str, int], ...]
    cell: int | str  # the chart's target number, or *CH / *CM

    @property
    def attack_rank(self) -> int:
        return total(list(self.ar_parts))

    @property
    def defense_rank(self) -> int:
        return total(list(self.dr_parts))


def plan_attack(state: CCState, f: Fig, target_name: str | None, maneuver: str | None = None,
                aim: bool = False) -> AttackPlan:
    """Check an attack and work out both ranks and the chart's cell; Refusal if it cannot be made."""
    t = state.figures.get(target_name or "")
    if t is None:
        raise Refusal(f'no figure named "{target_name}" to attack' if target_name else "choose a target")
    weapon = weapon_of(state, f)
    why = why_not_target(state, f, t, weapon)
    if why:
        raise Refusal(why)
    if weapon.reload and weapon.name in f.unloaded:
        raise Refusal(f"the {weapon.name} is not loaded: loading it is a short action")
    if f.shield_on and weapon.bars_shield:
        raise Refusal(f"shields cannot be used at the same time as a {weapon.name}")
    if maneuver is not None and maneuver not in state.tables.maneuvers:
        raise Refusal(f'unknown maneuver "{maneuver}"; expected one of: '
                      + ", ".join(state.tables.maneuvers))
    cover = weapon.missile and line_of_fire(state, f, t) == "cover"
    ar = attack_rank(state, f, t, maneuver, aim)
    dr = defense_rank(state, t, weapon, cover)
    cell = target_number(state.tables, total(ar), total(dr))
    return AttackPlan(f.name, t.name, weapon, maneuver, tuple(ar), tuple(dr), cell)


def classify(faces: tuple[int, ...], cell: int) -> tuple[bool, int | None]:
    """(hit, critical face or None) for a 3d6 roll: "A hit becomes a critical hit if ... 3
    identical numbers are rolled on the dice. A miss becomes a critical miss if ... 3 identical"."""
    hit = sum(faces) <= cell
    triple = faces[0] if len(set(faces)) == 1 else None
    return hit, triple


def resolve(state: CCState, plan: AttackPlan, dice: DiceSource) -> list[Event]:
    """Roll the attack and apply everything that follows from it."""
    f, t = state.figures[plan.attacker], state.figures[plan.target]
    data = {"attack_rank": plan.attack_rank, "defense_rank": plan.defense_rank,
            "modifiers": [list(p) for p in plan.ar_parts], "defense": [list(p) for p in plan.dr_parts],
            "weapon": plan.weapon.name, "target": t.name}
    how = f"{f.name} attacks {t.name} with {plan.weapon.name}" + (
        f" ({plan.maneuver})" if plan.maneuver else "") + f", AR {plan.attack_rank} vs DR {plan.defense_rank}"
    if plan.cell in (CH, CM):
        face = dice.roll(6)
        hit, crit = plan.cell == CH, face
        events = [Event("attack", f"{how}: {plan.cell} on the chart, 1d6 rolls {face}", f.name,
                        {**data, "hit": hit, "chart": plan.cell, "faces": [face], "crit_die": face})]
        margin = None
    else:
        faces = roll_dice(3, 6, dice)
        hit, crit = classify(faces, plan.cell)
        margin = sum(faces) - plan.cell
        events = [Event("attack", f"{how}: 3d6 rolls {sum(faces)} vs {plan.cell}", f.name,
                        {**data, "dice": 3, "faces": list(faces), "roll": sum(faces),
                         "needed": plan.cell, "hit": hit, "critical": crit is not None})]
    if hit:
        events += _hit(state, plan, f, t, crit, dice)
    else:
        events += _miss(state, plan, f, t, crit, margin, dice)
    _after_attack(state, plan, f)
    return events


def _hit(state: CCState, plan: AttackPlan, f: Fig, t: Fig, crit: int | None, dice) -> list[Event]:
    damage = roll(plan.weapon.damage, dice)
    amount = max(0, damage.total)
    events = [Event("damage_roll", f"{plan.weapon.damage} rolls {damage.total}", f.name,
                    {"dice": str(plan.weapon.damage), "faces": list(damage.faces), "total": damage.total})]
    if crit is not None:
        entry = state.tables.crits["critical_hit"][crit]
        events.append(Event("critical", f"Critical hit ({crit}): {entry['text']}", f.name,
                            {"table": "critical_hit", "result": crit}))
        amount = crits.critical_damage(entry, amount)
        events += crits.on_target(state, entry, t, dice)
    events.append(damaged(t.name, amount, f"{t.name} loses {amount} HP"))
    return events + hurt(state, t, amount)


def _miss(state: CCState, plan: AttackPlan, f: Fig, t: Fig, crit, margin, dice) -> list[Event]:
    events = [Event("miss", f"{f.name} misses {t.name}", f.name, {})]
    if margin is not None and state.options.armor_absorbs and t.armor and margin <= ABSORB_MARGIN:
        events.append(Event("status", f"{t.name}'s {t.armor} absorbs the blow", t.name,
                            {"absorbed": True, "margin": margin}))
        if state.options.armor_damage:
            deflected = roll(plan.weapon.damage, dice)
            t.armor_wear += 1
            dv = state.tables.armor[t.armor]["dv"]
            text = f"{t.name}'s {t.armor} deflects {deflected.total} and takes a little damage"
            if deflected.total > dv:
                t.armor_needs_repair = True
                text += ": it will need repairs before the next combat"
            events.append(Event("status", text, t.name, {"faces": list(deflected.faces),
                                                         "deflected": deflected.total,
                                                         "needs_repair": t.armor_needs_repair}))
    if crit is not None:
        table = "critical_miss_unarmed" if plan.weapon.name == "Unarmed" else "critical_miss_armed"
        entry = state.tables.crits[table][crit]
        events.append(Event("critical", f"Critical miss ({crit}): {entry['text']}", f.name,
                            {"table": table, "result": crit}))
        events += crits.on_attacker(state, entry, f)
    return events


def _after_attack(state: CCState, plan: AttackPlan, f: Fig) -> None:
    """The shield penalty is spent, a heavy crossbow is empty, a maneuver's lasting parts begin."""
    f.shield_penalty = 0
    if plan.weapon.reload and plan.weapon.name in f.weapons:
        f.unloaded.add(plan.weapon.name)
    if plan.maneuver:
        m = state.tables.maneuvers[plan.maneuver]
        if m.get("dv"):
            f.effects.append(Effect(plan.maneuver, dv=m["dv"], rounds=1))  # the rest of the round
        if m.get("initiative"):
            f.effects.append(Effect(plan.maneuver, initiative=m["initiative"], rounds=2))  # next round
