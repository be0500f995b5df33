"""What a figure may do on its turn (move + one action), each action's precondition and plan,
and where figures can go and see: reachable hexes, lines of fire, shove destinations."""

from __future__ import annotations

from board.hexgrid import Hex, direction_between, hex_distance, hex_linedraw_both, hex_neighbor
from board.rules.base import Command, Refusal
from board.rules.reports import ActionInfo
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.reach import Mover
from board.rules.kernel.queue import acting, named
from board.rules.usage_dice import params
from board.rules.usage_dice.state import Figure, UDState
from board.words import hexes


STUNTS = ("shove", "trip", "disarm", "sunder_armor")
AIMED = ("engage", "shoot") + STUNTS
FREE = ("move", "stand", "pass", "stance")  # these do not use up the figure's one action
LABELS = {
    "move": "Move", "stand": "Stand up", "engage": "Engage in combat", "shoot": "Fire",
    "shove": "Stunt: shove", "trip": "Stunt: trip", "disarm": "Stunt: disarm",
    "sunder_armor": "Stunt: sunder armor", "dash": "Second move", "reload": "Reload",
    "revive": "Revive a companion", "pick_up": "Pick up", "stance": "Stance", "pass": "End turn",
}
EDGES = {"help": 1, "hindrance": -1}
STANCES = {"riposte when attacked": {"defence": "riposte"}, "defend when attacked": {"defence": "defend"},
           "nimble dodge on": {"dodge": True}, "nimble dodge off": {"dodge": False},
           "sunder shield on": {"sunder": True}, "sunder shield off": {"sunder": False}}


def changes(f: Figure, settings: dict) -> bool:
    """Whether a stance's settings change something of the figure's that it has not changed
    this turn: a free action that changes nothing, or changes a part back and forth, could be
    taken forever."""
    return any(getattr(f, key) != (value if key == "defence" else bool(value))
               and key not in f.stance_set for key, value in settings.items())


def ranged_ready(f: Figure):
    """Ranged weapons that can shoot now (black powder must be loaded)."""
    return [w for w in f.ranged if w.loaded]


def why_not(state: UDState, f: Figure, action: str) -> str | None:
    """Why the action is closed to f now (targets aside), or None."""
    if action not in LABELS:
        raise Refusal(f'unknown action "{action}"; expected one of: {", ".join(LABELS)}')
    if action in ("move", "stand") and f.moved:
        return f"{f.name} has already moved this turn"
    if action in ("move", "dash") and f.prone:
        return f"{f.name} is prone: stand up first (it takes the move)"
    if action == "stand" and not f.prone:
        return f"{f.name} is not prone"
    if action not in FREE and f.acted:
        return f"{f.name} has already taken its action this turn"
    engaged = state.enemies_adjacent(f)
    if action in ("engage",) + STUNTS and not engaged:
        return "no enemy next to it"
    if action == "shoot":
        if not f.ranged:
            return f"{f.name} carries no ranged weapon"
        if engaged:
            return "engaged in melee: no ranged attacks"
        if not ranged_ready(f):
            return "the black powder weapon must be reloaded first"
    if action == "reload" and not any(not w.loaded for w in f.ranged):
        return "nothing to reload"
    if action == "pick_up" and not state.items.get(f.hex):
        return "nothing lies here"
    return None


def targets_for(state: UDState, f: Figure, action: str) -> list[str]:
    """The figures an aimed action can be aimed at now."""
    return [o.name for o in state.figures.values()
            if o is not f and not target_problem(state, f, o, action)]


def target_problem(state: UDState, f: Figure, o: Figure, action: str) -> str | None:
    """Why o is no target of f's action now, or None."""
    near = hex_distance(o.hex, f.hex) == 1
    if action == "revive":
        return None if o.team == f.team and o.status == "incapacitated" and near else \
            f"{o.name} is not an incapacitated companion next to {f.name}"
    foe = o.team != f.team and o.up
    if action == "shoot" and not foe:
        return f"{o.name} is not a standing enemy"
    if action == "shoot":
        in_range = any(hex_distance(f.hex, o.hex) <= w.range for w in ranged_ready(f))
        return None if in_range and line_of_fire(state, f.hex, o.hex) else \
            f"{o.name} is out of range or behind a wall"
    if action == "shove" and foe and near:
        return shove_destination(state, f, o)[1] or None
    fits = foe and near and {"disarm": any(w.kind == "melee" for w in o.weapons),
                             "sunder_armor": bool(o.armor), "trip": not o.prone}.get(action, True)
    return None if fits else f"{o.name} is not a standing enemy next to {f.name}"


def plan(state: UDState, command: Command) -> dict:
    """Check an act (or move) command and return what apply needs."""
    action = "move" if command.do == "move" else command.action
    if action is None:
        raise Refusal("name the action")
    f = acting(state, command)
    why = why_not(state, f, action)
    if why:
        raise Refusal(why)
    details: dict = {"figure": f.name, "action": action}
    if action in ("move", "dash"):
        details["path"] = _path(state, f, command)
    elif action in AIMED or action == "revive":
        if command.target is None:
            raise Refusal("name a target")
        o = named(state, command.target)
        why = target_problem(state, f, o, action)
        if why:
            raise Refusal(why)
        details["target"] = command.target
        test = (params.Attack if action in AIMED else params.Test).of(command)
        # edge: help (+1) or hindrance (-1) granted by the GM
        details["ability"], details["edge"] = test.ability, EDGES.get(test.edge, 0)
        if action == "shoot":
            details["weapon"] = _shooting_weapon(state, f, command)
        if action in AIMED:  # "Referees should forewarn of NPC attacks": every attack
            defence = test.defence
            # "Defend yourself": the target tests, not the attacker, when the GM's side attacks
            # one of the players' figures (with the player-facing rule on).
            target = state.figures[command.target]
            defends = state.options.player_facing and state.gm_side(f) and not state.gm_side(target)
            details["defence"] = (defence or target.defence) if defends else None
    elif action == "pick_up":
        names = [i.name for i in state.items.get(f.hex, [])]
        wanted = params.PickUp.of(command).item or command.weapon
        if wanted not in names:
            raise Refusal(f'pick up which? here: {", ".join(names)}')
        details["item"] = wanted
    elif action == "stance":
        settings = params.Stance.of(command).model_dump(exclude_none=True)
        if not settings:
            raise Refusal('give params.defence ("riposte" or "defend"), params.dodge or params.sunder '
                          "(true or false)")
        if not changes(f, settings):
            again = [key for key in settings if key in f.stance_set]
            raise Refusal(f"{f.name} has set its {again[0]} this turn" if again
                          else f"{f.name} already has that stance")
        details["settings"] = settings
    return details


def _path(state: UDState, f: Figure, command: Command) -> tuple[Hex, ...]:
    if command.path:
        path = tuple(to_hex(state, p) for p in command.path)
        why = mover(state, f).walk(path)
        if len(path) > f.speed:
            why = f"{hexes(len(path))} is farther than {f.name}'s speed of {f.speed}"
        if why:
            raise Refusal(why)
        return path
    if command.to is None:
        raise Refusal("give the hex to move to (to) or the path")
    dest = to_hex(state, command.to)
    found = reachable(state, f).get(dest)
    if found is None:
        raise Refusal(f"{f.name} cannot reach {state.battle.label(dest)} this move "
                      f"(speed {f.speed}; walls, fire and figures block)")
    return found


def _shooting_weapon(state: UDState, f: Figure, command: Command):
    target = state.figures[command.target]
    usable = [w for w in ranged_ready(f) if hex_distance(f.hex, target.hex) <= w.range]
    if command.weapon:
        named = [w for w in usable if w.name.casefold() == command.weapon.casefold()]
        if not named:
            raise Refusal(f"{command.weapon} cannot shoot {target.name} now (not carried, not "
                          "loaded or out of range)")
        return named[0]
    return max(usable, key=lambda w: w.die)


def infos(state: UDState, f: Figure) -> list[ActionInfo]:
    """The board's menu for f: every action, greyed with a reason when closed."""
    out = []
    for action in LABELS:
        why = why_not(state, f, action)
        label, kw = LABELS[action], {}
        if why is None and action in ("move", "dash"):
            hexes = reachable(state, f)
            why = None if hexes else "nowhere to move"
            kw = {"needs": "hex", "hexes": hexes}
        elif action in AIMED or action == "revive":
            found = tuple(targets_for(state, f, action)) if why is None else ()
            why = why or (None if found else "no valid target")
            kw = {"needs": "target", "targets": found, "options": _options(state, f, action)}
        elif action == "pick_up":
            names = tuple(i.name for i in state.items.get(f.hex, []))
            kw = {"needs": "choice", "choices": names,
                  "choice_params": {n: {"item": n} for n in names}}
        elif action == "stance":
            new = {name: settings for name, settings in STANCES.items() if changes(f, settings)}
            why = why or (None if new else "each part of its stance is set this turn")
            kw = {"needs": "choice", "choices": tuple(new), "choice_params": new}
        out.append(ActionInfo(action, label, "action", why is None, why, **kw))
    return out


def _options(state: UDState, f: Figure, action: str) -> dict[str, tuple]:
    if action == "revive":
        return {}
    options = {"ability": (None, "power", "grace"), "edge": (None, "help", "hindrance")}
    if action in AIMED and state.options.player_facing and state.gm_side(f):
        options["defence"] = (None, "riposte", "defend")
    return options


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
    for line in hex_linedraw_both(a, b):
        if not any(state.battle.terrain_at(h).blocks for h in line[1:-1]):
            return True
    return False


def shove_destination(state: UDState, actor: Figure, target: Figure) -> tuple[Hex | None, str]:
    """The hex directly away from the shover, or None with the reason it cannot be entered."""
    direction = direction_between(actor.hex, target.hex)
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
    near = [o for o in state.figures.values()
            if o.up and o.name not in (target.name, shooter.name) and hex_distance(o.hex, target.hex) == 1]
    return min(near, key=lambda o: hex_distance(o.hex, shooter.hex), default=None)


def volley_weapon(state: UDState, t: Figure, shooter: Figure):
    """The weapon t returns a volley with: loaded, in range, a line of fire, not engaged."""
    usable = [w for w in t.ranged if w.loaded and hex_distance(t.hex, shooter.hex) <= w.range]
    if not usable or state.enemies_adjacent(t) or not line_of_fire(state, t.hex, shooter.hex):
        return None
    return max(usable, key=lambda w: w.die)
