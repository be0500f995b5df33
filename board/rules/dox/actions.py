"""Dox's actions as the kernel's Action spec (kernel/action.py): the movement step, the one action
of a turn and the Fortune question; the menu of an action is the candidates its plan accepts."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from board.dice import DiceSource
from board.hexgrid import Hex, hex_distance, hex_neighbors
from board.rules.base import Command, Event
from board.rules.reports import ActionInfo
from board.rules.dox import attacks, grapple, moves, params, plain_actions as plain
from board.rules.dox.rolls import power, reach
from board.rules.dox.state import DoxState, Fig
from board.rules.dox.wounds import burn
from board.rules.kernel.action import Action
from board.rules.kernel.params import Params
from board.rules.kernel.queue import acting
from board.rules.kernel.refusals import need, refuse, refused
from board.rules.kernel.rules import Rules
from board.words import plural, pronoun

FREE = ("go_prone", "release", "command")  # free actions: not the figure's one action


def whose_turn(state: DoxState, command: Command, phase: str | None) -> Fig:
    """The figure a command names, if it may act now: the Fortune question's victim answers it;
    anyone else acts on its own turn, moved or not (an action ends its movement step too), and an
    obedient animal only as it was ordered."""
    if phase == "fortune":
        need(state.phase == "fortune", "nobody is deciding on Fortune now")
        victim = state.pending[0].victim
        need(command.figure == victim, f"{victim} decides on Fortune now")
        return state.figures[victim]
    f = acting(state, command)
    refuse(plain.order_refusal(state, f, command) if command.do == "act" else None)
    return f


def moved_already(state: DoxState, f: Fig) -> str | None:
    return f"{f.name} has already moved this turn" if f.moved else None


def acted_already(state: DoxState, f: Fig) -> str | None:
    return f"{f.name} has already taken {pronoun(f, 'their')} action this turn" if f.acted else None


def fortune_points(state: DoxState, f: Fig, command: Command) -> int:
    """How much Fortune the victim burns: 0 up to the wounds or the Fortune left."""
    points, most = params.Fortune.of(command).points, min(state.pending[0].wounds, f.fortune)
    need(points <= most, f"burn 0 to {most} Fortune points")
    return points


def fortune_menu(state: DoxState, f: Fig) -> dict:
    """The victim's choice: how many Fortune points to burn."""
    p = state.pending[0]
    most = min(p.wounds, f.fortune)
    choices = {f"Burn {k} (take {p.wounds - k})": {"points": k} for k in range(most + 1)}
    return {
        "label": f"Burn Fortune against {plural(p.wounds, 'wound')}",
        "choices": tuple(choices),
        "choice_params": choices,
    }


def act(
    rules: Rules,
    id: str,
    label: str,
    needs: str,
    plan: Callable,
    deed: Callable,
    takes: str = "figure",
    params: type[Params] | None = None,
    odds: Callable | None = None,
) -> Action:
    """One action of the action step: offered if one of its candidates is accepted; all but the
    free ones are the figure's action for the turn (and end its movement step)."""

    def done(state: DoxState, f: Fig, planned, dice: DiceSource) -> list[Event]:
        events = deed(state, f, planned, dice)
        if id not in FREE:
            f.moved = f.acted = True
        return events

    return Action(
        id,
        label,
        done,
        "action",
        needs=needs,
        takes=takes,
        params=params,
        plan=plan,
        why_not=acted_already,
        menu=partial(offer, rules, id, needs),
        commands=partial(accepted_commands, rules, id, needs),
        trusted=True,
        odds=odds,
    )


def spec(rules: Rules) -> tuple[Action, ...]:
    """Dox's actions in the menu's order (the computer breaks ties by it)."""
    a = partial(act, rules)
    strike, area, plain_act = (
        (attacks.plan_strike, attacks.strike),
        (attacks.plan_area, attacks.area_attack),
        (plain.plan, plain.apply),
    )
    grip = grapple.plan  # each grappling action's deed is its own (grapple.py)
    aim, to = "figure target", "figure to"
    # The movement step: a move or staying put, one deed; a move's reach is legal (trusted).
    step = partial(Action, deed=moves.apply, phase="movement", do="move", takes="figure path to", why_not=moved_already)
    return (
        step("move", "Move", needs="path", plan=moves.plan, menu=moves.reach_menu, trusted=True),
        step("stay", "Stay put", needs="facing", plan=lambda state, f, command: ()),
        a("strike", "Strike", "target", *strike, aim, params.Strike, attacks.strike_odds),
        a("disarm", "Strike to disarm", "target", *strike, aim, params.Strike, attacks.strike_odds),
        a("area_attack", "Area attack", "hex", *area, to, odds=attacks.area_odds),
        a("grapple", "Grapple", "target", grip, grapple.grab, aim, odds=grapple.grab_odds),
        a("grab_disarm", "Grab to disarm", "target", grip, grapple.grab, aim, odds=grapple.grab_odds),
        a("squeeze", "Squeeze", "none", grip, grapple.squeeze),
        a("better_hold", "Better hold", "none", grip, grapple.better_hold),
        a("slam", "Slam", "choice", grip, grapple.slam, params=params.Surface),
        a("throw", "Throw", "hex", grip, grapple.throw, to, params.Surface),
        a("go_prone", "Fall prone (free)", "none", grip, grapple.go_prone),
        a("release", "Let go (free)", "none", grip, grapple.release),
        a("escape", "Escape", "none", grip, grapple.escape),
        a("guard", "Block for a friend", "target", *plain_act, aim),
        a("command", "Command an animal (free)", "choice", plain.plan_command, plain.command_animal, aim, params.Order),
        a("retrieve", "Pick up", "choice", *plain_act, params=params.Retrieve),
        a("ready", "Ready a weapon", "weapon", *plain_act, "figure weapon"),
        a("stand_up", "Stand up", "none", *plain_act),
        a("mount", "Mount", "target", *plain_act, aim),
        a("dismount", "Dismount", "hex", *plain_act, to),
        a("pass", "Pass", "none", *plain_act),
        Action(
            "burn_fortune",
            "Burn Fortune",
            lambda state, f, points, dice: burn(state, points),
            "fortune",
            needs="choice",
            params=params.Fortune,
            plan=fortune_points,
            menu=fortune_menu,
        ),
    )


def tried(rules: Rules, id: str, needs: str, state: DoxState, f: Fig) -> tuple[list, str | None]:
    """The action's candidates its check accepts, (menu key, command) each; and, if none, why
    (the first candidate's refusal, else a bare command's). Those surely refused (`hopeless`)
    are not planned."""
    candidates = _candidates(state, f, id, needs)
    legal = [
        (key, command) for key, command in candidates if not hopeless(state, f, command) and rules.legal(state, command)
    ]
    if legal:
        return legal, None
    # Planned afresh, for its reason only: not kept with the position's plans.
    bare = candidates[0][1] if candidates else Command(do="act", figure=f.name, action=id)
    return legal, refused(rules._plan, state, bare) or "nothing to aim at"


def hopeless(state: DoxState, f: Fig, command: Command) -> bool:
    """Whether the plan of a menu's candidate surely refuses it, told without planning it: a throw
    or slam holding nobody, a dismount on foot, aiming at a figure down, grappling one not next
    to f or out of a melee weapon's reach, guarding a foe or with nothing to block, mounting a foe
    or a person."""
    action = command.action
    if action in ("throw", "slam"):
        return state.hold_by(f.name) is None
    if action == "dismount":
        return not f.mount
    target = state.figures.get(command.target or "")
    if target is None:
        return False
    if not target.up:
        return True
    if action in ("grapple", "grab_disarm"):
        return hex_distance(f.hex, target.hex) > 1
    if action in ("strike", "disarm"):  # a candidate takes no surprise bonus: the weapon in hand
        weapon = state.weapon(f)
        return weapon.range <= 0 and hex_distance(f.hex, target.hex) > weapon.reach
    if action == "guard":
        return target.team != f.team or (not state.weapon(f).parry and not f.shield)
    return action == "mount" and (target.team != f.team or target.kind == "person")


def accepted_commands(rules: Rules, id: str, needs: str, state: DoxState, f: Fig, info: ActionInfo) -> list[Command]:
    """The commands behind an open entry: its accepted candidates (planned once, for the menu)."""
    return [command for _, command in tried(rules, id, needs, state, f)[0]]


def offer(rules: Rules, action: str, needs: str, state: DoxState, f: Fig) -> dict:
    """An action's menu entry: open if a candidate is accepted, with the targets, hexes or
    choices accepted."""
    legal, reason = tried(rules, action, needs, state, f)
    keys = [k for k, _ in legal]
    shown: dict = {}
    if needs == "target":
        shown = {"targets": tuple(keys), "options": _options(state, f, action)}
    elif needs == "hex":
        hexes = [Hex(*k) for k in dict.fromkeys(k[:2] for k in keys)]
        shown = {
            "hexes": {h: (h,) for h in hexes},
            "options": {"surface": ("floor", "wall", "corner")} if action == "throw" else {},
        }
    elif needs in ("choice", "weapon"):
        sets = {k: c.params for k, c in legal} if needs == "choice" else {}
        shown = {"choices": tuple(keys), "choice_params": sets}
    return {"enabled": bool(legal), "reason": reason, **shown}


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
        return [
            (
                f"{a.name}: {order} {foe or ''}".strip(),
                make(params={"animal": a.name, "order": order, **({"foe": foe} if foe else {})}),
            )
            for a in state.figures.values()
            if a.trained_by == f.name and a.up
            for order, foe in [("hold", None)]
            + [("attack", g.name) for g in state.figures.values() if g.up and g.team != a.team]
        ]
    if action == "retrieve":
        return [
            (f"{i} at {state.battle.label(h)}", make(params={"item": i})) for h, i in plain.reachable_items(state, f)
        ]
    if action == "area_attack":
        weapon = state.weapon(f)
        if weapon.area is None:
            return [(None, make())]
        return [
            ((h.q, h.r), make(to=(h.q, h.r)))
            for h in sorted(state.battle.cells)
            if not isinstance(reach(state, f, h, weapon), str)
        ]
    spots = [n for n in hex_neighbors(f.hex) if n in state.battle.cells]
    if action == "throw":
        return [((h.q, h.r, s), make(to=(h.q, h.r), params={"surface": s})) for h in spots for s in ("floor", "wall")]
    return [((h.q, h.r), make(to=(h.q, h.r))) for h in spots]
