"""The action menu: what the active figure may do now, and each action's check and resolution."""

from __future__ import annotations

from board.dice import DiceSource
from board.hexgrid import Hex, hex_neighbors
from board.rules.base import ActionInfo, Command, Event, Refusal
from board.rules.dox import animals, area, attacks, grapple, other
from board.rules.dox.rolls import reach
from board.rules.dox.state import DoxState, Fig
from board.rules.dox.wounds import burn

# id -> (label, needs); the order is the menu's order.
MENU = {
    "strike": ("Strike", "target"),
    "disarm": ("Strike to disarm", "target"),
    "area_attack": ("Area attack", "hex"),
    "grapple": ("Grapple", "target"),
    "grab_disarm": ("Grab to disarm", "target"),
    "squeeze": ("Squeeze", "none"),
    "better_hold": ("Better hold", "none"),
    "slam": ("Slam", "choice"),
    "throw": ("Throw", "hex"),
    "go_prone": ("Fall prone (free)", "none"),
    "release": ("Let go (free)", "none"),
    "escape": ("Escape", "none"),
    "guard": ("Block for a friend", "target"),
    "command": ("Command an animal (free)", "choice"),
    "retrieve": ("Pick up", "choice"),
    "ready": ("Ready a weapon", "weapon"),
    "stand_up": ("Stand up", "none"),
    "mount": ("Mount", "target"),
    "dismount": ("Dismount", "hex"),
    "pass": ("Pass", "none"),
}
GRAPPLE = ("grapple", "grab_disarm", "squeeze", "better_hold", "slam", "throw", "go_prone",
           "release", "escape")


def check(state: DoxState, command: Command) -> None:
    """Raise Refusal unless the action command is legal now."""
    action = command.action
    f = state.figures.get(command.figure or "")
    why = animals.order_refusal(state, f, command) if f is not None and f.name == state.active else None
    if why:
        raise Refusal(why)
    if action == "burn_fortune":
        _fortune_points(state, command)
    elif action == "command":
        animals.plan(state, attacks.actor(state, command), command)
    elif action in ("strike", "disarm"):
        attacks.plan_strike(state, command, disarm=action == "disarm")
    elif action == "area_attack":
        area.plan_area(state, command)
    elif action in GRAPPLE:
        grapple.plan(state, command)
    elif action in other.PLAIN:
        other.plan(state, command)
    else:
        raise Refusal(f'unknown action "{action}"; expected one of: {", ".join(MENU)}')


def apply(state: DoxState, command: Command, dice: DiceSource) -> list[Event]:
    """Carry out a checked action command."""
    action = command.action
    if action == "burn_fortune":
        return burn(state, _fortune_points(state, command))
    check(state, command)
    f = state.figures[command.figure]
    free = action in ("go_prone", "release", "command")
    if not free:
        f.moved = True  # acting ends the movement step: "stay" is implied
    if action == "command":
        return animals.command_animal(state, f, command, dice)
    if action in ("strike", "disarm"):
        return attacks.strike(state, command, dice, disarm=action == "disarm")
    if action == "area_attack":
        return area.area_attack(state, command, dice)
    if action in GRAPPLE:
        return grapple.apply(state, command, dice)
    return other.apply(state, command)


def _fortune_points(state: DoxState, command: Command) -> int:
    if state.phase != "fortune":
        raise Refusal("nobody is deciding on Fortune now")
    p = state.pending[0]
    if command.figure != p.victim:
        raise Refusal(f"{p.victim} decides on Fortune now")
    points = command.params.get("points", 0)
    most = min(p.wounds, state.figures[p.victim].fortune)
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= most:
        raise Refusal(f"burn 0 to {most} Fortune points")
    return points


def fortune_menu(state: DoxState) -> list[ActionInfo]:
    """The victim's choice: how many Fortune points to burn."""
    p = state.pending[0]
    most = min(p.wounds, state.figures[p.victim].fortune)
    choices = {f"Burn {k} (take {p.wounds - k})": {"points": k} for k in range(most + 1)}
    return [ActionInfo("burn_fortune", f"Burn Fortune against {p.wounds} wounds", "fortune",
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
    for action, (label, needs) in MENU.items():
        base = Command(do="act", figure=f.name, action=action)
        candidates = _candidates(state, f, action, needs)
        legal = [(key, c) for key, c in candidates if _legal(state, c) is None]
        reason = None
        if not legal:
            probe = candidates[0][1] if candidates else base
            reason = _legal(state, probe) or "nothing to aim at"
        keys = [k for k, _ in legal]
        info = ActionInfo(action, label, "action", bool(legal), reason, needs)
        if needs == "target":
            info = ActionInfo(action, label, "action", bool(legal), reason, needs, targets=tuple(keys),
                              options=_options(state, f, action))
        elif needs == "hex":
            info = ActionInfo(action, label, "action", bool(legal), reason, needs,
                              hexes={Hex(*k): (Hex(*k),) for k in dict.fromkeys(k[:2] for k in keys)},
                              options={"surface": ("floor", "wall", "corner")} if action == "throw" else {})
        elif needs in ("choice", "weapon"):
            params = {k: c.params for k, c in legal}
            info = ActionInfo(action, label, "action", bool(legal), reason, needs,
                              choices=tuple(keys), choice_params=params if needs == "choice" else {})
        out.append(info)
    return out


def _options(state: DoxState, f: Fig, action: str) -> dict[str, tuple]:
    if action != "strike":
        return {}
    weapon = state.weapon(f)
    power = (f.strength if weapon.strength else 0) + weapon.damage
    options: dict[str, tuple] = {"pull": tuple(range(max(0, power) + 1))} if power > 0 else {}
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
                for h, i in other.reachable_items(state, f)]
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
    """The legal commands behind one enabled menu item (for random play and bots)."""
    if info.id == "burn_fortune":
        return [Command(do="act", figure=name, action=info.id, params=p)
                for p in info.choice_params.values()]
    f = state.figures[name]
    return [c for _, c in _candidates(state, f, info.id, MENU[info.id][1]) if _legal(state, c) is None]
