"""The action menu: what the active figure may do now, and each action's check and resolution."""

from __future__ import annotations

from board.dice import DiceSource
from board.hexgrid import Hex, hex_neighbors
from board.rules.base import Command, Event, Refusal
from board.rules.reports import ActionInfo
from board.rules.dox import attacks, grapple, params, plain_actions as plain
from board.rules.dox.rolls import power, reach
from board.rules.dox.state import DoxState, Fig
from board.rules.dox.wounds import burn
from board.words import plural

# id -> (label, needs, plan, apply); the order is the menu's order.
MENU = {
    "strike": ("Strike", "target", attacks.plan_strike, attacks.strike),
    "disarm": ("Strike to disarm", "target", attacks.plan_strike, attacks.strike),
    "area_attack": ("Area attack", "hex", attacks.plan_area, attacks.area_attack),
    "grapple": ("Grapple", "target", grapple.plan, grapple.apply),
    "grab_disarm": ("Grab to disarm", "target", grapple.plan, grapple.apply),
    "squeeze": ("Squeeze", "none", grapple.plan, grapple.apply),
    "better_hold": ("Better hold", "none", grapple.plan, grapple.apply),
    "slam": ("Slam", "choice", grapple.plan, grapple.apply),
    "throw": ("Throw", "hex", grapple.plan, grapple.apply),
    "go_prone": ("Fall prone (free)", "none", grapple.plan, grapple.apply),
    "release": ("Let go (free)", "none", grapple.plan, grapple.apply),
    "escape": ("Escape", "none", grapple.plan, grapple.apply),
    "guard": ("Block for a friend", "target", plain.plan, plain.apply),
    "command": ("Command an animal (free)", "choice", plain.plan_command, plain.command_animal),
    "retrieve": ("Pick up", "choice", plain.plan, plain.apply),
    "ready": ("Ready a weapon", "weapon", plain.plan, plain.apply),
    "stand_up": ("Stand up", "none", plain.plan, plain.apply),
    "mount": ("Mount", "target", plain.plan, plain.apply),
    "dismount": ("Dismount", "hex", plain.plan, plain.apply),
    "pass": ("Pass", "none", plain.plan, plain.apply),
}
FREE = ("go_prone", "release", "command")


def check(state: DoxState, command: Command) -> None:
    """Raise Refusal unless the action command is legal now."""
    f = state.figures.get(command.figure or "")
    why = plain.order_refusal(state, f, command)
    if why:
        raise Refusal(why)
    if command.action == "burn_fortune":
        _fortune_points(state, command)
    elif command.action in MENU:
        MENU[command.action][2](state, command)
    else:
        raise Refusal(f'unknown action "{command.action}"; expected one of: {", ".join(MENU)}')


def apply(state: DoxState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out a checked action command."""
    if command.action == "burn_fortune":
        return burn(state, _fortune_points(state, command))
    check(state, command)
    events = MENU[command.action][3](state, command, dice)
    if command.action not in FREE:  # the figure's one action; it ends the movement step too
        f = state.figures[command.figure]
        f.moved = f.acted = True
    return events


def _fortune_points(state: DoxState, command: Command) -> int:
    if state.phase != "fortune":
        raise Refusal("nobody is deciding on Fortune now")
    p = state.pending[0]
    if command.figure != p.victim:
        raise Refusal(f"{p.victim} decides on Fortune now")
    points, most = params.Fortune.of(command).points, min(p.wounds, state.figures[p.victim].fortune)
    if points > most:
        raise Refusal(f"burn 0 to {most} Fortune points")
    return points


def fortune_menu(state: DoxState) -> list[ActionInfo]:
    """The victim's choice: how many Fortune points to burn."""
    p = state.pending[0]
    most = min(p.wounds, state.figures[p.victim].fortune)
    choices = {f"Burn {k} (take {p.wounds - k})": {"points": k} for k in range(most + 1)}
    return [ActionInfo("burn_fortune", f"Burn Fortune against {plural(p.wounds, 'wound')}", "fortune",
                       needs="choice", choices=tuple(choices), choice_params=choices)]


def _legal(state: DoxState, command: Command) -> str | None:
    try:
        check(state, command)
    except Refusal as refusal:
        return refusal.reason
    return None


def action_menu(state: DoxState, f: Fig) -> list[ActionInfo]:
    """Every action, enabled or greyed with the reason, for the active figure."""
    out = []
    for action, (label, needs, *_) in MENU.items():
        candidates = _candidates(state, f, action, needs)
        legal = [(key, c) for key, c in candidates if _legal(state, c) is None]
        reason = None
        if not legal:
            probe = candidates[0][1] if candidates else Command(do="act", figure=f.name, action=action)
            reason = _legal(state, probe) or "nothing to aim at"
        keys = [k for k, _ in legal]
        shown: dict = {}
        if needs == "target":
            shown = {"targets": tuple(keys), "options": _options(state, f, action)}
        elif needs == "hex":
            hexes = [Hex(*k) for k in dict.fromkeys(k[:2] for k in keys)]
            shown = {"hexes": {h: (h,) for h in hexes},
                     "options": {"surface": ("floor", "wall", "corner")} if action == "throw" else {}}
        elif needs in ("choice", "weapon"):
            sets = {k: c.params for k, c in legal} if needs == "choice" else {}
            shown = {"choices": tuple(keys), "choice_params": sets}
        out.append(ActionInfo(action, label, "action", bool(legal), reason, needs, **shown))
    return out


def _options(state: DoxState, f: Fig, action: str) -> dict[str, tuple]:
    if action != "strike":
        return {}
    most = power(f, state.weapon(f))
    options: dict[str, tuple] = {"pull": tuple(range(max(0, most) + 1))} if most > 0 else {}
    if attacks.surprise_open(state, f):
        options["surprise_bonus"] = (False, True)
    return options


def _candidates(state: DoxState, f: Fig, action: str, needs: str) -> list[tuple[object, Command]]:
    """Concrete commands to try for an action: (menu key, command)."""
    make = lambda **kw: Command(do="act", figure=f.name, action=action, **kw)  # noqa: E731
    if needs == "target":
        return [(n, make(target=n)) for n in state.figures if n != f.name]
    if needs == "none":
        return [(None, make())]
    if needs == "weapon":
        return [(w, make(weapon=w)) for w in dict.fromkeys(f.gear)]
    if action == "slam":
        return [(s, make(params={"surface": s})) for s in ("floor", "wall", "corner")]
    if action == "command":
        return [(f"{a.name}: {order} {foe or ''}".strip(),
                 make(params={"animal": a.name, "order": order, **({"foe": foe} if foe else {})}))
                for a in state.figures.values() if a.trained_by == f.name and a.up
                for order, foe in [("hold", None)] + [("attack", g.name) for g in state.figures.values()
                                                      if g.up and g.team != a.team]]
    if action == "retrieve":
        return [(f"{i} at {state.battle.label(h)}", make(params={"item": i}))
                for h, i in plain.reachable_items(state, f)]
    if action == "area_attack":
        weapon = state.weapon(f)
        if weapon.area is None:
            return [(None, make())]
        return [((h.q, h.r), make(to=(h.q, h.r))) for h in sorted(state.battle.cells)
                if not isinstance(reach(state, f, h, weapon), str)]
    spots = [n for n in hex_neighbors(f.hex) if n in state.battle.cells]
    if action == "throw":
        return [((h.q, h.r, s), make(to=(h.q, h.r), params={"surface": s}))
                for h in spots for s in ("floor", "wall")]
    return [((h.q, h.r), make(to=(h.q, h.r))) for h in spots]


def concrete(state: DoxState, name: str, info: ActionInfo) -> list[Command]:
    """The commands the menu tried for one enabled item (legal_commands keeps the legal ones)."""
    return [c for _, c in _candidates(state, state.figures[name], info.id, MENU[info.id][1])]
