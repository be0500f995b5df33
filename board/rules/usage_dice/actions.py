"""What a figure may do on its turn (move + one action): when each action is closed, what it is
aimed at, its plan (what its deed needs, or Refusal); and where figures can go and see:
reachable hexes, lines of fire, shove destinations."""

from __future__ import annotations

from collections.abc import Callable

from board.hexgrid import Hex, direction_between, hex_distance, hex_neighbor
from board.rules.base import Command, Refusal
from board.rules.kernel.reach import Mover, walled
from board.rules.kernel.queue import named
from board.rules.kernel.refusals import given, need, refuse
from board.rules.usage_dice import params
from board.rules.usage_dice.state import Figure, UDState


STUNTS = ("shove", "trip", "disarm", "sunder_armor")
AIMED = ("engage", "shoot") + STUNTS
EDGES = {"help": 1, "hindrance": -1}
STANCES: dict[str, dict[str, str | bool]] = {
    "riposte when attacked": {"defence": "riposte"},
    "defend when attacked": {"defence": "defend"},
    "nimble dodge on": {"dodge": True},
    "nimble dodge off": {"dodge": False},
    "sunder shield on": {"sunder": True},
    "sunder shield off": {"sunder": False},
}


def changes(f: Figure, settings: dict) -> bool:
    """Whether a stance's settings change something of the figure's that it has not changed
    this turn: a free action that changes nothing, or changes a part back and forth, could be
    taken forever."""
    return any(getattr(f, key) != value and key not in f.stance_set for key, value in settings.items())


def ranged_ready(f: Figure):
    """Ranged weapons that can shoot now (black powder must be loaded)."""
    return [w for w in f.ranged if w.loaded]


# --- why an action is closed now: (test, the reason when it holds), each action's in order ------

Check = tuple[Callable[[UDState, Figure], object], str]
CLOSED: dict[str, Check] = {
    "moved": (lambda state, f: f.moved, "{f.name} has already moved this turn"),
    "prone": (lambda state, f: f.prone, "{f.name} is prone: stand up first (it takes the move)"),
    "standing": (lambda state, f: not f.prone, "{f.name} is not prone"),
    # Every action but move, stand up, stance and end turn uses up the figure's one action.
    "acted": (lambda state, f: f.acted, "{f.name} has already taken its action this turn"),
    "unengaged": (lambda state, f: not state.enemies_adjacent(f), "no enemy next to it"),
    "no bow": (lambda state, f: not f.ranged, "{f.name} carries no ranged weapon"),
    "engaged": (lambda state, f: state.enemies_adjacent(f), "engaged in melee: no ranged attacks"),
    "unloaded": (lambda state, f: not ranged_ready(f), "the black powder weapon must be reloaded first"),
    "loaded": (lambda state, f: all(w.loaded for w in f.ranged), "nothing to reload"),
    "bare": (lambda state, f: not state.items.get(f.hex), "nothing lies here"),
}


def closed(*names: str) -> Callable[[UDState, Figure], str | None]:
    """An action's why_not: the reason of the first of these CLOSED checks that holds, or None."""
    checks = [CLOSED[name] for name in names]
    return lambda state, f: next((why.format(f=f) for test, why in checks if test(state, f)), None)


# --- the open part of each menu entry ----------------------------------------------------------


def reach(state: UDState, f: Figure) -> dict:
    found = reachable(state, f)
    return {"hexes": found} if found else {"hexes": found, "enabled": False, "reason": "nowhere to move"}


def aim(action: str) -> Callable[[UDState, Figure], dict]:
    """The menu of an aimed action: its targets now, and the settings the board offers."""
    return lambda state, f: {"targets": tuple(targets_for(state, f, action)), "options": _options(state, f, action)}


def items_here(state: UDState, f: Figure) -> dict:
    names = tuple(i.name for i in state.items.get(f.hex, []))
    return {"choices": names, "choice_params": {n: {"item": n} for n in names}}


def stances(state: UDState, f: Figure) -> dict:
    new = {name: settings for name, settings in STANCES.items() if changes(f, settings)}
    shut = {} if new else {"enabled": False, "reason": "each part of its stance is set this turn"}
    return {"choices": tuple(new), "choice_params": new, **shut}


def _options(state: UDState, f: Figure, action: str) -> dict[str, tuple]:
    if action == "revive":
        return {}
    options = {"ability": (None, "power", "grace"), "edge": (None, "help", "hindrance")}
    if action in AIMED and state.options.player_facing and state.gm_side(f):
        options["defence"] = (None, "riposte", "defend")
    return options


# --- plans: what each action's deed needs, or Refusal --------------------------------------------


def targets_for(state: UDState, f: Figure, action: str) -> list[str]:
    """The figures an aimed action can be aimed at now."""
    return [o.name for o in state.figures.values() if o is not f and not target_problem(state, f, o, action)]


def target_problem(state: UDState, f: Figure, o: Figure, action: str) -> str | None:
    """Why o is no target of f's action now, or None."""
    near = hex_distance(o.hex, f.hex) == 1
    if action == "revive":
        return (
            None
            if o.team == f.team and o.status == "incapacitated" and near
            else f"{o.name} is not an incapacitated companion next to {f.name}"
        )
    foe = o.team != f.team and o.up
    if action == "shoot" and not foe:
        return f"{o.name} is not a standing enemy"
    if action == "shoot":
        in_range = any(hex_distance(f.hex, o.hex) <= w.range for w in ranged_ready(f))
        return None if in_range and line_of_fire(state, f.hex, o.hex) else f"{o.name} is out of range or behind a wall"
    if action == "shove" and foe and near:
        return shove_destination(state, f, o)[1] or None
    # What a stunt needs of its target: a melee weapon to disarm, armor to sunder, a foot to trip.
    has = {"disarm": any(w.kind == "melee" for w in o.weapons), "sunder_armor": bool(o.armor), "trip": not o.prone}
    return None if foe and near and has.get(action, True) else f"{o.name} is not a standing enemy next to {f.name}"


def plan_move(state: UDState, f: Figure, command: Command) -> dict:
    """A move or a second move: along the path given, or the shortest way to the hex."""
    path = mover(state, f).route(
        state,
        command,
        lambda dest: (
            f"{f.name} cannot reach {state.battle.label(dest)} this move "
            f"(speed {f.speed}; walls, fire and figures block)"
        ),
    )
    return {"figure": f.name, "action": command.action, "path": path}


def plan_aimed(state: UDState, f: Figure, command: Command) -> dict:
    """An attack, a stunt or a revive: its target, ability and edge (help +1, hindrance -1,
    granted by the GM); a shot its weapon; an attack how the target defends."""
    action = command.action
    assert action is not None  # the kernel dispatched the command on its action
    t = named(state, given(command.target, "name a target"))
    refuse(target_problem(state, f, t, action))
    test = (params.Attack if action in AIMED else params.Test).of(command)
    details = {
        "figure": f.name,
        "action": action,
        "target": command.target,
        "ability": test.ability,
        "edge": EDGES.get(test.edge, 0),
    }
    if action == "shoot":
        details["weapon"] = _shooting_weapon(state, f, t, command)
    if action in AIMED:  # "Referees should forewarn of NPC attacks": every attack
        # "Defend yourself": the target tests, not the attacker, when the GM's side attacks
        # one of the players' figures (with the player-facing rule on).
        defends = state.options.player_facing and state.gm_side(f) and not state.gm_side(t)
        details["defence"] = (test.defence or t.defence) if defends else None
    return details


def plan_pick_up(state: UDState, f: Figure, command: Command) -> dict:
    names = [i.name for i in state.items.get(f.hex, [])]
    wanted = params.PickUp.of(command).item or command.weapon
    need(wanted in names, f"pick up which? here: {', '.join(names)}")
    return {"item": wanted}


def plan_stance(state: UDState, f: Figure, command: Command) -> dict:
    settings = params.Stance.of(command).model_dump(exclude_none=True)
    need(settings, params.Stance.hints["dodge"])
    if not changes(f, settings):
        again = [key for key in settings if key in f.stance_set]
        raise Refusal(f"{f.name} has set its {again[0]} this turn" if again else f"{f.name} already has that stance")
    return {"settings": settings}


def _shooting_weapon(state: UDState, f: Figure, target: Figure, command: Command):
    usable = [w for w in ranged_ready(f) if hex_distance(f.hex, target.hex) <= w.range]
    if command.weapon:
        chosen = [w for w in usable if w.name.casefold() == command.weapon.casefold()]
        need(chosen, f"{command.weapon} cannot shoot {target.name} now (not carried, not loaded or out of range)")
        return chosen[0]
    return max(usable, key=lambda w: w.die)


def mover(state: UDState, f: Figure) -> Mover:
    """f's move within its speed: walls, fire and other figures block."""
    blocked = dict.fromkeys(state.battle.fires, "a fire")
    blocked.update(state.occupied(ignore=f.name))
    return Mover(state.battle, f.hex, f.speed, blocked)


def reachable(state: UDState, f: Figure) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex f can move to within its speed, with the shortest path (start excluded)."""
    return mover(state, f).reach().paths


def line_of_fire(state: UDState, a: Hex, b: Hex) -> bool:
    """Whether walls leave a line from a to b (either nudge of the line will do)."""
    return not all(walled(state.battle, a, b))


def shove_destination(state: UDState, actor: Figure, target: Figure) -> tuple[Hex | None, str]:
    """The hex directly away from the shover, or None with the reason it cannot be entered."""
    direction = direction_between(actor.hex, target.hex)
    assert direction is not None  # a shove is at a figure next to the shover
    dest = hex_neighbor(target.hex, direction)
    if dest not in state.battle.cells:
        return None, f"{target.name} stands at the map's edge: nowhere to shove"
    if state.battle.terrain_at(dest).blocks:
        return None, f"a wall is behind {target.name}: nowhere to shove"
    other = state.occupied().get(dest)
    if other is not None:
        return None, f"{other} stands behind {target.name}"
    return dest, ""


def wrong_target(state: UDState, shooter: Figure, target: Figure) -> Figure | None:
    """Who a miss into a melee hits: of the figures up next to the target, the one nearest the
    shooter (the first on the map on a tie)."""
    near = [
        o
        for o in state.figures.values()
        if o.up and o.name not in (target.name, shooter.name) and hex_distance(o.hex, target.hex) == 1
    ]
    return min(near, key=lambda o: hex_distance(o.hex, shooter.hex), default=None)


def volley_weapon(state: UDState, t: Figure, shooter: Figure):
    """The weapon t returns a volley with: loaded, in range, a line of fire, not engaged."""
    usable = [w for w in t.ranged if w.loaded and hex_distance(t.hex, shooter.hex) <= w.range]
    if not usable or state.enemies_adjacent(t) or not line_of_fire(state, t.hex, shooter.hex):
        return None
    return max(usable, key=lambda w: w.die)
