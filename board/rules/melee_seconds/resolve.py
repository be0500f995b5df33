"""A second resolves: every Specific Plot at once (5.6) - movement, then attacks, parries,
shields and damage, then actions, spells and Initiative spent."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import takewhile

from board.dice import DiceSource
from board.hexgrid import Hex, hex_distance, hex_neighbor
from board.rules.base import Event
from board.rules.kernel.events import ATTACK, damaged, moved
from board.rules.kernel.victory import check_victory
from board.rules.melee_seconds import reach, section7
from board.rules.melee_seconds.effects import effects_due, wound
from board.rules.melee_seconds.procedure import Strike, check_roll, defenceless, roll_damage, target_number
from board.rules.melee_seconds.state import Fighter, MSState, Ongoing, SpellDue, required
from board.rules.kernel.sequence import start_turn
from board.rules.melee_seconds.turns import TURNS, begin_seconds, delay, end_defensive, hidden, next_second

Moved = dict[str, tuple[Hex, ...]]  # who moved this second: the hexes it stood on, start first
Pairs = set[tuple[str, str]]  # (attacker, target)


@dataclass
class Blows:
    """What the attacks of one second share, resolved together (5.6)."""

    moved: Moved
    wounds: dict[str, int] = field(default_factory=dict)  # damage taken, dealt once all have struck
    hits: Pairs = field(default_factory=set)  # Successful Attacks this second
    clean: Pairs = field(default_factory=set)  # ... not Parried or Shielded (6.3)
    parried: set[str] = field(default_factory=set)  # who has parried this second


def advance(state: MSState, dice: DiceSource) -> list[Event]:
    """Move on while nobody has anything to state: resolve seconds, start rounds."""
    events: list[Event] = []
    for _ in range(40):
        if state.phase == "over" or state.active is not None:
            return events
        if state.phase == "general":
            events += begin_seconds(state)
            continue
        events += resolve_second(state, dice)
        events += check_victory(state)
        if state.phase == "over":
            return events
        if state.second >= 6:
            events += start_turn(state, dice, TURNS)  # a new Melee Round: General Plots again
        else:
            events += next_second(state)
    return events


def resolve_second(state: MSState, dice: DiceSource) -> list[Event]:
    """Run the second: all plots are stated, and all happen together."""
    events = effects_due(state, dice)
    plotters = [state.figures[n] for n in state.order if state.figures[n].plot is not None]
    if any(hidden(state, f) for f in plotters):
        text = "; ".join(f"{f.name}: {f.stated.text}" for f in plotters)
        events.append(
            Event(
                "plot",
                f"Second {state.second} plots revealed: {text}",
                None,
                {"plots": {f.name: f.stated.text for f in plotters}},
            )
        )
    blows = Blows({f.name: _move(state, f, events) for f in plotters if f.stated.kind in ("move", "charge")})
    for f in plotters:
        if f.stated.kind in ("attack", "charge", "ranged"):
            events += _attack(state, f, blows, dice)
    for f in plotters:
        events += _progress(state, f, dice)
    kickers = [(f, f.stated.params) for f in plotters if f.stated.params.action == "kick_door"]
    events += section7.kick_doors(state, kickers, dice)
    for name, amount in blows.wounds.items():
        events += wound(state, state.figures[name], amount)
    for f in state.figures.values():
        # 6.3: closing within Reach needs last second's Successful, unparried, unshielded Attack,
        # and no Successful Attack from that opponent.
        f.may_close = tuple(t for a, t in blows.clean if a == f.name and (t, f.name) not in blows.hits)
    for f in plotters:
        plot = f.stated
        f.plots[state.second] = (plot.text, plot.params.action or plot.kind)
        if plot.uses_initiative:
            f.amr_used += 1
        f.plot = None
    return events


def _move(state: MSState, f: Fighter, events: list[Event]) -> tuple[Hex, ...]:
    """Walk the plotted path, stopping short of a hex another mover took first."""
    start, plot = f.hex, f.stated
    occupied = state.occupied(ignore=f.name)

    def fits(h: Hex, facing: int) -> bool:  # every cell of the footprint, not only the anchor
        return state.battle.why_not_stand(f.size, h, facing, occupied) is None

    walked = list(takewhile(lambda h: fits(h, f.facing), plot.path))
    facing = f.facing
    if not plot.path and plot.facing is not None:
        facing = plot.facing  # a turn in place
    if walked:
        f.hex = walked[-1]
        last = start if len(walked) < 2 else walked[-2]
        facing = plot.facing if plot.facing is not None else reach.face_towards(last, f.hex, f.facing)
    if plot.kind == "charge":
        facing = reach.face_towards(f.hex, state.figures[plot.aimed_at].hex, facing)
    if fits(f.hex, facing):  # a multihex figure keeps its facing where the new one does not fit
        f.facing = facing
    words = f"moves to {state.battle.label(f.hex)}" if walked else f"turns to face {f.facing}"
    events.append(moved(f.name, walked, f"{f.name} {words}", facing=f.facing))
    return (start, *walked)


def _attack(state: MSState, f: Fighter, blows: Blows, dice: DiceSource) -> list[Event]:
    """An attack, charge or shot: its roll (a charge that never reaches its target misses)."""
    plot = f.stated
    t = state.figures[plot.aimed_at]
    ranged = plot.kind == "ranged"
    name = plot.params.weapon  # 5.2: the weapon the plot named
    if ranged:
        f.loaded = False
    if plot.params.thievish:
        f.revealed = True  # 3.8: the board's default: a Thievish Attack reveals the attacker
    if plot.kind == "charge" and t.name in blows.moved:
        # 6.2: "if the Opponent also moved during that second, the Attack may only be made if the
        # Opponent was in Reach at some point during the second."
        if not any(reach.in_reach(state, f, replace(t, hex=h), name=name) for h in blows.moved[t.name]):
            return [Event("miss", f"{f.name}'s charge never reaches {t.name}", f.name, {})]
    elif plot.kind == "charge" and not reach.in_reach(state, f, t, name=name):
        return [Event("miss", f"{f.name} is stopped short of {t.name}", f.name, {})]
    strike = Strike(f.name, t.name, reach.zone(t, f.hex), ranged, name)
    number = target_number(state, strike)
    success, rolled = check_roll(state, number, dice, "attack")
    word = "shoots at" if ranged else "attacks"
    where = f" ({strike.zone})" if strike.zone != "front" else ""
    data = {"roll": rolled, "needed": number, "zone": strike.zone, "target": t.name, "hit": success}
    verdict = "a Successful Attack" if success else "misses"
    events = [Event(ATTACK, f"{f.name} {word} {t.name}{where}: {rolled} vs {number}, {verdict}", f.name, data)]
    if not success:
        return events
    blows.hits.add((f.name, t.name))
    return events + _hit(state, f, t, strike, blows, dice)


def _hit(state: MSState, f: Fighter, t: Fighter, strike: Strike, blows: Blows, dice: DiceSource) -> list[Event]:
    """A Successful Attack: Parried or Shielded (5.3, 4.4), damage, Full Defensive kept or
    broken (4.5), the target driven back (6.5)."""
    events: list[Event] = []
    tp = t.plot
    wants_parry = (tp is not None and tp.kind == "parry") or (t.full_defensive and (tp is None or tp.fd_parry))
    # Attacks from the rear and missiles cannot be parried (the board's default).
    if (
        wants_parry
        and t.name not in blows.parried
        and strike.zone != "rear"
        and not strike.ranged
        and reach.melee_weapon(state, t)
    ):
        blows.parried.add(t.name)
        ok, event = _check(state, t, "parry", t.sheet.parry, "parries", ("parried", "fails"), dice)
        events.append(event)
        if t.full_defensive:
            events += _break_defensive(state, t, dice, parry=True)
        if ok:
            return events
    dealt, location, bonus, faces = roll_damage(state, strike, dice)
    shielded = _shield(state, t, strike, wants_parry and t.name in blows.parried)
    taken = max(0, dealt - shielded)
    if not shielded and not (wants_parry and t.name in blows.parried):
        blows.clean.add((f.name, t.name))
    text = f"{t.name} is hit in the {location}: {taken} damage"
    if shielded:
        text += f" (Shielded: {shielded} stopped)"
    events.append(
        damaged(
            t.name,
            taken,
            text,
            faces=list(faces),
            location=location,
            location_bonus=bonus,
            shielded=shielded,
            by=f.name,
        )
    )
    blows.wounds[t.name] = blows.wounds.get(t.name, 0) + taken
    if t.full_defensive and taken and not (tp is not None and tp.fd_parry and t.name in blows.parried):
        ok, event = _check(
            state, t, "checks", t.sheet.co, "CO check to stay on Full Defensive", ("holds", "broken"), dice
        )
        events.append(event)
        if not ok:
            events += _break_defensive(state, t, dice, parry=False)
    if f.stated.params.forward and dealt > 0 and t.name not in blows.moved:
        events += _drive_back(state, f, t, dealt)
    return events


def _check(
    state: MSState, t: Fighter, key: str, score: int, what: str, outcomes: tuple[str, str], dice: DiceSource
) -> tuple[bool, Event]:
    """A parry or a check of t's (procedure.yaml's dice `key`) against score, and its event:
    "<t> <what>: <roll> vs <score>: <outcomes[0] if it succeeds, else outcomes[1]>"."""
    ok, r = check_roll(state, score, dice, key)
    text = f"{t.name} {what}: {r} vs {score}: {outcomes[0] if ok else outcomes[1]}"
    return ok, Event("parry" if key == "parry" else "roll", text, t.name, {"roll": r, "success": ok})


def _shield(state: MSState, t: Fighter, strike: Strike, parried: bool) -> int:
    """5.3: Shield one attack a second, AMR attacks a round; not while casting (3.7)."""
    if (
        parried
        or not t.shield
        or not t.shield_ready
        or strike.zone == "rear"
        or t.plot is None
        or not t.plot.shield  # no plot: not yet reacting to the Melee (3.2)
        or t.shields_used >= t.sheet.amr
        or t.shielded_at == state.now
        or defenceless(state, t)
    ):
        return 0  # 3.7: "The Actions required for Spell Casting ... prohibit Shielding"
    t.shields_used += 1
    t.shielded_at = state.now
    return state.tables.shields.get(t.shield, 0)


def _break_defensive(state: MSState, t: Fighter, dice: DiceSource, parry: bool) -> list[Event]:
    """4.2/4.5: Full Defensive is broken; Initiative for the remaining AMR (less the Parry);
    seconds already run - this one included - are lost."""
    if parry:
        t.amr_used += 1
    return end_defensive(
        state, t, dice, state.second, f"{t.name}'s Full Defensive is broken", "Initiative for the remaining AMR"
    )


def _drive_back(state: MSState, a: Fighter, t: Fighter, dealt: int) -> list[Event]:
    """6.5: a damaging, unparried attack by an attacker moving forward drives the opponent back."""
    steps = 1 + dealt // state.tables.procedure["drive_back"]["per"]
    occupied = state.occupied(ignore=t.name)
    path = []
    for _ in range(steps):
        away = reach.face_towards(a.hex, t.hex, t.facing)  # straight back first
        options = [hex_neighbor(t.hex, (away + turn) % 6) for turn in (0, -1, 1)]
        options = [
            h
            for h in options
            if hex_distance(h, a.hex) > hex_distance(t.hex, a.hex)
            and state.battle.why_not_stand(t.size, h, t.facing, occupied) is None
        ]
        if not options:
            break
        t.hex = options[0]
        path.append(t.hex)
    words = f"{t.name} is driven back {len(path)} hex{'es' if len(path) > 1 else ''}"
    return [moved(t.name, path, words, forced=True)] if path else []


def _progress(state: MSState, f: Fighter, dice: DiceSource) -> list[Event]:
    """Plots that run over seconds (5.7): start, carry on or are changed; done ones act."""
    plot = f.stated
    if plot.kind == "delay":
        f.initiative = delay(f.initiative, state.second)[0]
        return []
    if plot.lasts:
        left, unit = plot.lasts
        if plot.kind == "cast":
            f.spells_cast += 1
        f.ongoing = Ongoing(plot.kind, plot.text, left, unit, replace(plot.params, target=plot.target))
    elif plot.kind != "continue":
        f.ongoing = None  # a new plot changes the running one (5.7)
        return []
    o = f.ongoing
    if o is None:
        return []
    if o.unit == "seconds" or plot.uses_initiative:
        o.left -= 1
    if o.left > 0:
        return []
    f.ongoing = None
    if o.kind == "cast":
        spell = required(o.params.spell, f"{o.label} names no spell")
        state.effects.append(
            SpellDue(state.now + 1, f.name, spell, required(o.params.target, f"{o.label} is aimed at nobody"))
        )
        return [
            Event(
                "cast",
                f"{f.name} finishes casting {o.params.spell}: it resolves at the beginning of the next second",
                f.name,
                {"spell": o.params.spell},
            )
        ]
    if o.kind == "thievish":
        f.revealed = False  # 3.8: a second of Thieving hides it again
        return [Event("action", f"{f.name}: {o.label}: done", f.name, {})]
    return section7.complete(state, f, o, dice)
