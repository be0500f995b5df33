"""What the board offers a combatant now: ActionInfo lists and concrete legal commands."""

from __future__ import annotations

from board.rules.kernel.rules import concrete as kernel_concrete
from board.rules.base import Command, Refusal
from board.rules.reports import ActionInfo
from board.rules.melee_seconds import plots, reach
from board.rules.melee_seconds.actions7 import gear_problem, items_near
from board.rules.melee_seconds.state import Fighter, MSState
from board.rules.melee_seconds.turns import general_choices

TARGETED = ("attack", "charge", "ranged", "cast", "despatch", "flash_pellet", "flash_pellet_round",
            "tanglefoot", "tanglefoot_round")
CHOICE = ("draw", "backpack", "pick_up", "kick_door", "thievish", "general_plot")
LABELS = {"continue": "Continue the plot", "nothing": "Do nothing", "attack": "Attack",
          "charge": "Charge and attack", "ranged": "Ranged attack", "parry": "Parry",
          "delay": "Delay the Initiative", "reload": "Reload", "move": "Move", "cast": "Cast a spell",
          "thievish": "Thievish activity", "break_defensive": "Break Full Defensive",
          "general_plot": "Change the General Plot", "reflex": "Reflex Spell",
          "use_chaos": "Use Chaos"}
# Actions that are no Specific Plot, so carry no response to an attack (Shield, 5.3; Parry
# on Full Defensive, 4.4): the menu offers them no such setting.
NO_RESPONSE = ("reflex", "break_defensive", "use_chaos")


def _why(state: MSState, f: Fighter, action: str, **fields) -> str | None:
    """Why the figure may not take the action so (None: it may)."""
    try:
        plots.check(state, Command(do="act", figure=f.name, action=action, **fields))
    except Refusal as refusal:
        return refusal.reason
    return None


def _label(state: MSState, action: str) -> str:
    return LABELS.get(action) or state.tables.actions[action]["label"]


def choices_for(state: MSState, f: Fighter, action: str) -> dict[str, dict]:
    """Label -> params of an action that asks for a choice."""
    if action == "draw":
        return {f"Draw {x}": {"item": x} for x in dict.fromkeys(f.weapons + f.items)}
    if action == "backpack":
        return {f"Take out {x}": {"item": x} for x in dict.fromkeys(f.backpack)}
    if action == "pick_up":
        return {f"Pick up {x}": {"item": x} for x in items_near(state, f)}
    if action == "kick_door":
        out = {f"Door level {n}": {"door_level": n} for n in range(1, 7)}
        out["Door level unknown (d4)"] = {}
        return out
    if action == "thievish":
        return dict(plots.THIEVISH)
    return general_choices(state, f)


def _options(state: MSState, f: Fighter, action: str) -> dict[str, tuple]:
    out: dict[str, tuple] = {}
    if action in ("attack", "charge"):
        out["forward"] = (False, True)
        melee = tuple(n for n in f.in_hand if reach.melee_reach(state, f, n) is not None)
        if len(melee) > 1:
            out["weapon"] = melee  # 5.2: which weapon the plot uses
        if f.general == "fighting_thieving":
            out["thievish"] = (False, True)
    if action in ("cast", "reflex"):
        kinds = ("reflex",) if action == "reflex" else ("normal",)
        spells = tuple(s for s in f.sheet.spells if state.tables.spells[s]["kind"] in kinds)
        if len(spells) > 1:
            out["spell"] = spells
    if action not in NO_RESPONSE and f.shield and f.shield_ready:
        out["shield"] = (True, False)
    if action not in NO_RESPONSE and f.full_defensive:
        out["fd_parry"] = (True, False)
    return out


def _targeted(state: MSState, f: Fighter, action: str, params: dict) -> ActionInfo:
    """An entry that asks for a target: the targets it may take, else why none."""
    targets, reason = [], None
    for t in state.order:
        why = _why(state, f, action, target=t, params=params)
        if why is None:
            targets.append(t)
        elif t != f.name:
            reason = reason or why
    why = None if targets else reason or "no target"
    return ActionInfo(action, _label(state, action), "plot", bool(targets), why, "target",
                      tuple(targets), options=_options(state, f, action))


def plot_menu(state: MSState, f: Fighter) -> list[ActionInfo]:
    """The Specific Plots of the figure whose turn it is to plot."""
    out = []
    ids = (["continue"] if f.ongoing else []) + ["nothing", "attack", "charge", "ranged", "parry",
                                                  "move", "delay", "cast", "thievish", "reload"]
    ids += [a for a in state.tables.actions if a != "load"]
    if f.full_defensive:
        ids.append("break_defensive")
    if f.may_change:
        ids.append("general_plot")
    normal = [s for s in f.sheet.spells if state.tables.spells[s]["kind"] == "normal"]
    for action in ids:
        if action in state.tables.actions and gear_problem(state, f, action, None):
            continue
        if action == "cast" and not normal:
            continue
        if action in TARGETED:
            spell = {"spell": normal[0]} if action == "cast" else {}
            out.append(_targeted(state, f, action, spell))
            continue
        label, options = _label(state, action), _options(state, f, action)
        if action in CHOICE:
            choices = choices_for(state, f, action)
            sets = {text: p for text, p in choices.items()
                    if _why(state, f, action, params=p) is None}
            probe = next(iter(choices.values()), {})
            reason = None if sets else _why(state, f, action, params=probe)
            if action == "thievish" and reason and "Thieving" in reason:
                continue
            out.append(ActionInfo(action, label, "plot", bool(sets), reason, "choice",
                                  choices=tuple(sets), choice_params=sets, options=options))
        elif action == "move":
            paths = reach.reachable(state, f)
            out.append(ActionInfo("move", label, "plot", bool(paths),
                                  None if paths else "nowhere to move this second", "hex",
                                  hexes=paths, options=options))
        else:
            why = _why(state, f, action)
            out.append(ActionInfo(action, label, "plot", why is None, why, "none", options=options))
    return out


def actions(state: MSState, name: str) -> list[ActionInfo]:
    """The menu for a figure now."""
    f = state.figures.get(name)
    if f is None or not f.up or state.phase == "over":
        return []
    chaos = []
    if f.sheet.chaos_master:  # 5.1.10: Use Chaos, offered to a Chaos Master whatever its plots
        why = _why(state, f, "use_chaos")
        chaos.append(ActionInfo("use_chaos", "Use Chaos", state.phase, why is None, why, "none"))
    if state.phase == "general":
        if f.general is not None:
            return chaos
        sets = general_choices(state, f)
        return [ActionInfo("general_plot", "State the General Plot", "general", True, None,
                           "choice", choices=tuple(sets), choice_params=sets)] + chaos
    # A plot running on by itself (5.7) may be changed before the second resolves.
    changing = f.plot is not None and f.plot.auto
    out = (plot_menu(state, f) if state.active == name or changing else []) + chaos
    reflex = [s for s in f.sheet.spells if state.tables.spells[s]["kind"] == "reflex"]
    if reflex:
        targets = tuple(t for t in state.order
                        if _why(state, f, "reflex", target=t, params={"spell": reflex[0]}) is None)
        out.append(ActionInfo("reflex", "Reflex Spell", "plot", bool(targets),
                              None if targets else "a Reflex Spell once a second, on a target in range",
                              "target", targets, options=_options(state, f, "reflex")))
    return out


def actors(state: MSState) -> list[str]:
    """Who may act now: the figure plotting, a Chaos Master out of turn in the General Plots
    (5.1.10), anyone up out of turn in the Specific Plots."""
    names = [state.active] if state.active else []
    if state.phase == "general":
        names += [n for n in state.order if n != state.active and state.figures[n].sheet.chaos_master]
    if state.phase == "plot":
        names += [n for n in state.order if n != state.active and state.figures[n].up]
    return names


def concrete(state: MSState, name: str, info: ActionInfo) -> list[Command]:
    """The commands behind a menu entry; a spell with no choice offered is the first of its kind."""
    if info.needs == "target" and info.id in ("cast", "reflex") and "spell" not in info.options:
        kind = "normal" if info.id == "cast" else "reflex"
        spell = next(s for s in state.figures[name].sheet.spells if state.tables.spells[s]["kind"] == kind)
        return [Command(do="act", figure=name, action=info.id, target=t, params={"spell": spell})
                for t in info.targets]
    return kernel_concrete(name, info)
