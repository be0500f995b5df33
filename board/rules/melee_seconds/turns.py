"""The Melee Round: General Plots and Initiative (AMR d6s, each a second of the round; duplicates
carried forward, 3.5), then six seconds; the timeline; victory."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from board.dice import DiceSource, roll_dice
from board.rules.base import Command, Event, Refusal
from board.rules.kernel import sequence
from board.rules.kernel.refusals import need
from board.rules.melee_seconds import params
from board.rules.melee_seconds.reach import melee_weapon
from board.rules.melee_seconds.state import Fighter, MSState, continue_plot, needs_plot, required

SECONDS = 6


@dataclass(frozen=True)
class Initiative:
    """The dice rolled and what they give: seconds with Initiative and dice lost."""

    rolled: tuple[int, ...]
    seconds: tuple[int, ...]
    lost: tuple[int, ...]  # the faces of the dice that could not be used


def carry_forward(rolled: Iterable[int], run: int = 0) -> Initiative:
    """The seconds with Initiative for these dice.

    "If any result is duplicated, it may be carried forward to the next second (by adjusting
    the dice), unless an Attack was originally rolled for that second. Any results which cannot
    be carried forward result in the Attack being lost." A die carried into a second that
    another carried die already holds goes on to the next (1 2 2 2 2 2 5 gives 1 2 3 4 5).
    Dice for seconds 1..run have already been run: they are lost and never carried (3.6, 4.2).
    """
    rolled = tuple(rolled)
    lost = [face for face in rolled if face <= run]
    original = {face for face in rolled if face > run}
    held = {s: [face for face in rolled if face == s] for s in range(1, SECONDS + 1)}  # faces
    seconds = []
    for s in range(run + 1, SECONDS + 1):
        if not held[s]:
            continue
        seconds.append(s)
        extra = held[s][1:]
        if extra and s + 1 <= SECONDS and s + 1 not in original:
            held[s + 1] += extra
        else:
            lost += extra  # reported as the faces rolled
    return Initiative(rolled, tuple(seconds), tuple(sorted(lost)))


def roll_initiative(n: int, dice: DiceSource, run: int = 0, set_one: bool = False) -> Initiative:
    """Roll n d6 of Initiative; set_one: a Formal Duel's die set to 1 (3.3), n - 1 rolled."""
    faces: tuple[int, ...] = (1,) if set_one and n > 0 else ()
    faces += roll_dice(max(0, n - len(faces)), 6, dice)
    return carry_forward(faces, run)


def delay(seconds: tuple[int, ...], second: int) -> tuple[tuple[int, ...], bool]:
    """5.1.5: move the Initiative of `second` to the next one; False if it cannot be delayed.

    "Delay an available Initiative to the next second (unless another Initiative die has been
    rolled (as adjusted) for that second, in which case the AMR will be lost if not taken this
    second)."
    """
    if second not in seconds or second >= SECONDS or second + 1 in seconds:
        return seconds, False
    return tuple(sorted((set(seconds) - {second}) | {second + 1})), True


# key -> (label, parts, rolls Initiative)
GENERALS = {
    "fighting": ("Fighting", {"fighting"}, True),
    "full_defensive": ("Fighting (Full Defensive)", {"fighting"}, False),
    "fighting_thieving": ("Fighting + Thieving", {"fighting", "thieving"}, True),
    "fighting_magic": ("Fighting + Magic-Using", {"fighting", "magic"}, True),
    "thieving": ("Thieving", {"thieving"}, False),
    "thieving_magic": ("Thieving + Magic-Using", {"thieving", "magic"}, True),
    "magic": ("Magic-Using", {"magic"}, False),
    "other": ("Other actions", {"other"}, True),
}


def parts(f: Fighter) -> set[str]:
    """What the figure's General Plot includes: fighting, thieving, magic, other."""
    return GENERALS[f.general][1] if f.general else set()


def _reserved(n: int) -> str:
    """The words for n spells cast without Initiative (3.7)."""
    return f", {n} spell{'s' if n > 1 else ''} without Initiative" if n else ""


def general_label(f: Fighter) -> str:
    general = required(f.general, f"{f.name} has stated no General Plot")
    return GENERALS[general][0] + _reserved(f.spells_reserved)


def shown_general(state: MSState, f: Fighter) -> str | None:
    """The General Plot as others see it: "?" while secret, None before it is stated."""
    return None if not f.general else "?" if f.name in state.hidden else general_label(f)


def general_choices(state: MSState, f: Fighter) -> dict[str, dict[str, object]]:
    """Each General Plot a figure may state now, label -> params."""
    out: dict[str, dict[str, object]] = {}
    for key, (label, _, _) in GENERALS.items():
        # 4.1: Full Defensive "only at the beginning of a MR", so not on a change mid-round (2.5)
        if key == "full_defensive" and (state.turn == 1 or state.phase != "general" or melee_weapon(state, f) is None):
            continue  # 3.2: all roll in the first round; 4.1: a Melee Weapon in hand
        out[label] = {"plot": key}
        if key == "fighting_magic" and f.sheet.spells:
            for n in range(1, f.sheet.amr + 1):
                out[label + _reserved(n)] = {"plot": key, "spells": n}
    return out


def plan_general(state: MSState, f: Fighter, command: Command) -> tuple[str, int]:
    """A General Plot stated at the start of the round, or changed with the GM's leave (2.5):
    its key and the spells reserved."""
    if state.phase == "general":
        need(f.general is None, f"{f.name} has already stated its General Plot this round")
    else:
        need(f.may_change, "a General Plot changes during the round only if the GM permits it (2.5)")
        need(needs_plot(state, f), "change the General Plot at the beginning of a second, before plotting")
    general = params.General.of(command)
    key, spells = general.plot, general.spells
    if key is None or key not in GENERALS:
        raise Refusal(f'unknown General Plot "{key}"; expected one of: {", ".join(GENERALS)}')
    need(0 <= spells <= f.sheet.amr, f"spells must be a whole number from 0 to the AMR ({f.sheet.amr})")
    need(not spells or key == "fighting_magic", "only Fighting + Magic-Using rolls one die fewer per spell (3.7)")
    chosen: dict[str, object] = {"plot": key}
    if spells:
        chosen["spells"] = spells
    allowed = chosen in general_choices(state, f).values()
    need(
        allowed or key != "full_defensive",
        "Full Defensive needs a Melee Weapon in hand and is stated only at the beginning of a "
        "Melee Round; in the first Melee Round everyone rolls Initiative (3.2, 4.1)",
    )
    need(allowed, f"{f.name} has no spells to cast")
    return key, spells


def hidden(state: MSState, f: Fighter) -> bool:
    """Plots are secret: written plots (2.2.1) or a combatant others are unaware of (2.2.2)."""
    return state.options.written_plots or f.sheet.secret


def state_general(state: MSState, f: Fighter, plan: tuple[str, int], dice: DiceSource) -> list[Event]:
    """Record a General Plot (key, spells reserved) and roll Initiative where it applies (3.1-3.3, 3.6, 3.7)."""
    changing = f.general is not None
    first_time = not f.rolled
    key, spells = f.general, f.spells_reserved = plan
    f.full_defensive = key == "full_defensive"
    f.may_change = False
    secret = hidden(state, f)
    if secret:
        state.hidden.add(f.name)
    name = "a secret General Plot" if secret else general_label(f)
    events = [
        Event(
            "plot",
            f"{f.name} {'changes to' if changing else 'states'} {name}",
            f.name,
            {"general": None if secret else key, "round": state.turn},
        )
    ]
    rolls = GENERALS[key][2] or state.turn == 1
    if changing and (not rolls or not first_time):
        return events
    if rolls:
        set_one = state.options.formal_duel and state.turn == 1 and not changing
        run = state.second - 1 if changing else 0  # 3.6: seconds already run are lost
        events.append(give_initiative(f, roll_initiative(f.sheet.amr - spells, dice, run, set_one), "Initiative"))
        if state.turn == 1 and not changing:
            f.reacts_at, f.positioning_until = first_seconds(f, key)
    return events


def first_seconds(f: Fighter, key: str) -> tuple[int, int]:
    """In the first round (3.2): the first second the figure plots, its first Initiative second,
    and before which second it only moves into position (0: none)."""
    seconds = carry_forward(f.rolled).seconds
    first = seconds[0] if seconds else 7
    # 3.4: a thief plotting a Thievish Attack may be "moving into position in previous seconds
    # of the MR" before its first Initiative second.
    return (1, first) if key == "fighting_thieving" else (first, 0)


def end_defensive(state: MSState, f: Fighter, dice: DiceSource, run: int, text: str, why: str) -> list[Event]:
    """Full Defensive ends: Initiative for the AMR left; seconds up to `run` are lost (4.2-4.5)."""
    f.full_defensive = False
    ini = roll_initiative(max(0, f.sheet.amr - f.amr_used), dice, run=run)
    return [Event("status", text, f.name, {}), give_initiative(f, ini, why)]


def give_initiative(f: Fighter, ini: Initiative, why: str) -> Event:
    """Set the figure's Initiative and report it."""
    f.rolled, f.initiative, f.lost = f.rolled + ini.rolled, ini.seconds, f.lost + ini.lost
    seconds = ", ".join(map(str, ini.seconds)) or "none"
    lost = f" ({len(ini.lost)} lost)" if ini.lost else ""
    return Event(
        "initiative",
        f"{f.name} rolls {why} {' '.join(map(str, ini.rolled)) or '-'}: seconds {seconds}{lost}",
        f.name,
        {"rolled": list(ini.rolled), "seconds": list(ini.seconds), "lost": list(ini.lost)},
    )


def new_round(state: MSState, dice: DiceSource | None = None) -> list[Event]:
    """A new Melee Round (counted): the hidden General Plots revealed, then stated again."""
    revealed = [
        Event(
            "plot",
            f"Revealed: {n}'s General Plot was {general_label(state.figures[n])}",
            n,
            {"general": state.figures[n].general},
        )
        for n in sorted(state.hidden)
        if n in state.figures and state.figures[n].general
    ]
    state.hidden.clear()
    state.second = 0
    for f in state.figures.values():
        f.general, f.spells_reserved, f.full_defensive = None, 0, False
        f.rolled, f.initiative, f.lost = (), (), ()
        f.reacts_at, f.amr_used, f.shields_used, f.plots, f.plot = 1, 0, 0, {}, None
        f.positioning_until, f.spells_cast, f.may_change = 0, 0, False
    first = "; everyone rolls Initiative this round (3.2)" if state.turn == 1 else ""
    return revealed + [
        Event("turn", f"Melee Round {state.turn} begins: state General Plots{first}", None, {"turn": state.turn})
    ]


# The Melee Round (kernel/sequence.py) as far as it fits: counted and begun by the kernel, General
# Plots, then six seconds of Specific Plots (resolve.py runs the clock). There is no queue: those
# act who still have a plot to state (MSState.active).
TURNS = sequence.Turns(("general", "plot"), begin=new_round, line_up=lambda state, queue: [])


def begin_seconds(state: MSState) -> list[Event]:
    """Every General Plot is stated: on to second 1."""
    if state.options.written_plots:
        state.hidden = {n for n in state.hidden if state.figures[n].sheet.secret}
    state.phase = "plot"
    return next_second(state)


def next_second(state: MSState) -> list[Event]:
    """The next second begins (the first asks for the Specific Plots), its running plots carried on."""
    state.second += 1
    words = ": state Specific Plots" if state.second == 1 else ""
    data = {"phase": "plot", "second": state.second}
    return [Event("phase", f"Round {state.turn}, second {state.second}{words}", None, data)] + carry_on(state)


def carry_on(state: MSState) -> list[Event]:
    """5.7: "Specific Plots that cover multiple seconds ... do not need to be restated for each
    of those seconds. The Specific Plot is assumed to continue unless changed by a subsequent
    Specific Plot": a running plot is this second's plot until its combatant states another."""
    events = []
    for name in state.order:
        f = state.figures[name]
        if f.ongoing is not None and needs_plot(state, f):
            f.plot = continue_plot(state, f)
            text = f"{f.name}'s plot runs on" if hidden(state, f) else f"{f.name}: {f.plot.text}"
            events.append(Event("plot", text, f.name, {"second": state.second, "continues": True}))
    return events


def timeline(state: MSState) -> dict:
    """The round second by second, for the board: Initiative, plots, the current second."""
    rows = []
    for name in state.order:
        f = state.figures[name]
        plots = {str(s): text for s, (text, _) in f.plots.items()}
        if f.plot is not None and state.phase == "plot":
            plots[str(state.second)] = "?" if hidden(state, f) else f.plot.text
        if state.turn == 1 and f.general:
            for s in range(1, min(f.reacts_at, 7)):
                plots.setdefault(str(s), "not yet reacting")
            for s in range(1, min(f.positioning_until, 7) if not hidden(state, f) else 1):
                plots.setdefault(str(s), "moving into position")
        rows.append(
            {
                "figure": name,
                "general": shown_general(state, f) or "",
                "initiative": list(f.initiative),
                "lost": list(f.lost),
                "plots": plots,
                "full_defensive": f.full_defensive and f.name not in state.hidden,
            }
        )
    return {"second": state.second if state.phase == "plot" else 0, "rows": rows}
