"""What the critical hit and critical miss tables do (assets/tables/combat-chart/crits.yaml)."""

from __future__ import annotations

from board.dice import DiceSource
from board.rules.base import Event
from board.rules.kernel.events import damaged
from board.rules.combat_chart.state import CCState, Effect, Fig
from board.rules.combat_chart.turns import attribute_roll, hurt


def critical_damage(entry: dict, amount: int) -> int:
    """The damage after a critical hit's "+1 damage", "double (x2)" or "triple (x3)"."""
    if entry["effect"] == "plus_damage":
        return amount + entry["value"]
    if entry["effect"] == "times":
        return amount * entry["value"]
    return amount


def drop_weapon(state: CCState, f: Fig) -> str | None:
    """The weapon in hand falls on the figure's hex; it fights unarmed until it picks one up."""
    name = f.ready
    if name is None:
        return None
    f.ready = None
    if name in f.weapons:
        f.weapons.remove(name)
    state.items.setdefault(f.hex, []).append(name)
    return name


def on_target(state: CCState, entry: dict, t: Fig, dice: DiceSource) -> list[Event]:
    """A critical hit's effect on the target besides damage."""
    effect = entry["effect"]
    if effect == "pain_stun":
        # "Target must save vs. pain or be stunned next turn."
        saved, data = attribute_roll(state, t, "save_vs_pain", dice)
        if not saved:
            t.stunned, t.stun_served = True, False
        return [Event("roll", f"{t.name} saves vs. pain: {data['roll']} vs {data['needed']}, "
                      + ("saved" if saved else "stunned next turn"), t.name, {**data, "dice": 3})]
    if effect == "disarm":
        name = drop_weapon(state, t)
        return [Event("status", f"{name} knocked from {t.name}'s hand" if name
                      else f"{t.name} holds no weapon", t.name, {"dropped": name})]
    if effect == "bleed":
        # "1 damage in next 3 rnds": from the end of the next round on, one wound per critical.
        t.bleeding.append([state.round, entry["rounds"]])
        return [Event("status", f"{t.name} bleeds", t.name, {"bleeding": entry["rounds"]})]
    return []


def on_attacker(state: CCState, entry: dict, f: Fig) -> list[Event]:
    """A critical miss's effect on the attacker."""
    effect, value = entry["effect"], entry.get("value", 0)
    if effect == "initiative":
        f.effects.append(Effect("stumbled", initiative=value))
    elif effect == "av":
        f.effects.append(Effect("pulled muscle", av=value))
    elif effect == "dv_next":
        # "-1 DV next action": until the end of his next turn.
        f.effects.append(Effect("off balance", dv=value, until_turn_of_round=state.round))
    elif effect == "drop":
        drop_weapon(state, f)
    elif effect == "self_damage":
        return [damaged(f.name, value, f"{f.name} loses {value} HP")] + hurt(state, f, value)
    elif effect == "breaks":
        name = f.ready
        if name:
            f.ready = None
            f.weapons.remove(name) if name in f.weapons else None
            return [Event("status", f"{f.name}'s {name} breaks", f.name, {"broken": name})]
    elif effect == "falls":
        f.posture = "fallen"
        return [Event("falls", f"{f.name} falls to the ground", f.name, {})]
    return []
