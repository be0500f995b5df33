"""What the board offers a combatant now: ActionInfo lists and concrete legal commands."""

from __future__ import annotations

from board.rules.kernel.rules import concrete as kernel_concrete
from board.rules.base import Command, Refusal
from board.rules.reports import ActionInfo
from board.rules.melee_seconds import plots, reach
from board.rules.melee_seconds.section7 import POOLS, gear_problem, pool
from board.rules.melee_seconds.state import Fighter, MSState, spells_of
from board.rules.melee_seconds.turns import general_choices, parts

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


def choices_for(state: MSState, f: Fighter, action: str) -> dict[str, dict]:
    """Label -> params of an action that asks for a choice."""
    if action in POOLS:  # draw, backpack, pick_up
        verb = POOLS[action][2]
        return {f"{verb} {x}": {"item": x} for x in dict.fromkeys(pool(state, f, action))}
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
        spells = tuple(spells_of(state, f, "reflex" if action == "reflex" else "normal"))
        if len(spells) > 1:
            out["spell"] = spells
    if action not in NO_RESPONSE and f.shield and f.shield_ready:
        out["shield"] = (True, False)
    if action not in NO_RESPONSE and f.full_defensive:
        out["fd_parry"] = (True, False)
    return out


def _entry(state: MSState, f: Fighter, action: str, label: str, needs: str, phase: str = "plot",
           params: dict | None = None) -> ActionInfo:
    """An entry: the targets, choices or hexes the action may take, else why it is greyed."""
    options = _options(state, f, action)
    if needs == "target":
        targets, reason = [], None
        for t in state.order:
            why = _why(state, f, action, target=t, params=params or {})
            if why is None:
                targets.append(t)
            elif t != f.name:
                reason = reason or why
        return ActionInfo(action, label, phase, bool(targets), None if targets else reason
                          or "no target", "target", tuple(targets), options=options)
    if needs == "choice":
        choices = choices_for(state, f, action)
        sets = {text: p for text, p in choices.items() if _why(state, f, action, params=p) is None}
        reason = None if sets else _why(state, f, action, params=next(iter(choices.values()), {}))
        return ActionInfo(action, label, phase, bool(sets), reason, "choice",
                          choices=tuple(sets), choice_params=sets, options=options)
    if needs == "hex":
        paths = reach.reachable(state, f)
        return ActionInfo(action, label, phase, bool(paths), None if paths else
                          "nowhere to move this second", "hex", hexes=paths, options=options)
    why = _why(state, f, action)
    return ActionInfo(action, label, phase, why is None, why, "none", options=options)


def plot_menu(state: MSState, f: Fighter) -> list[ActionInfo]:
    """The Specific Plots of the figure whose turn it is to plot."""
    out = []
    ids = [a for a in plots.KINDS if a != "continue" or f.ongoing]
    normal = spells_of(state, f, "normal")
    for action in ids + [a for a in state.tables.actions if a != "load"]:
        row = plots.kind(state, action)
        if action in state.tables.actions and gear_problem(state, f, action, None):
            continue  # nothing to do it with
        if action == "cast" and not normal or action == "thievish" and not parts(f) & row.parts:
            continue
        spell = {"spell": normal[0]} if action == "cast" else None
        out.append(_entry(state, f, action, row.label, row.needs, params=spell))
    if f.full_defensive:
        out.append(_entry(state, f, "break_defensive", "Break Full Defensive", "none"))
    if f.may_change:
        out.append(_entry(state, f, "general_plot", "Change the General Plot", "choice"))
    return out


def actions(state: MSState, name: str) -> list[ActionInfo]:
    """The menu for a figure now."""
    f = state.figures.get(name)
    if f is None or not f.up or state.phase == "over":
        return []
    chaos = []
    if f.sheet.chaos_master:  # 5.1.10: Use Chaos, offered to a Chaos Master whatever its plots
        chaos.append(_entry(state, f, "use_chaos", "Use Chaos", "none", state.phase))
    if state.phase == "general":
        if f.general is not None:
            return chaos
        sets = general_choices(state, f)
        return [ActionInfo("general_plot", "State the General Plot", "general", True, None,
                           "choice", choices=tuple(sets), choice_params=sets)] + chaos
    # A plot running on by itself (5.7) may be changed before the second resolves.
    changing = f.plot is not None and f.plot.auto
    out = (plot_menu(state, f) if state.active == name or changing else []) + chaos
    reflex = spells_of(state, f, "reflex")
    if reflex:
        out.append(_entry(state, f, "reflex", "Reflex Spell", "target",
                          params={"spell": reflex[0]}))
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
        spell = spells_of(state, state.figures[name], kind)[0]
        return [Command(do="act", figure=name, action=info.id, target=t, params={"spell": spell})
                for t in info.targets]
    return kernel_concrete(name, info)
