"""Movement on hexes: a figure's reach, riders on their mounts, grapplers dragging or carrying."""

from __future__ import annotations

from board.rules.base import Command, Event, Refusal
from board.rules.dox.state import DoxState, Fig
from board.rules.kernel.events import moved
from board.rules.kernel.reach import Mover
from board.rules.kernel.refusals import need
from board.words import hexes, pronoun


def cannot_move(state: DoxState, f: Fig) -> str | None:
    """Why the figure has no movement this turn, or None."""
    if (rider := state.rider_of(f.name)) is not None:
        return f"carries {rider.name}: it moves on its rider's turn"
    if state.holds_on(f.name):
        return "restrained: escape first"
    if f.posture == "prone":
        return "prone: standing up takes the action"
    return None


def carry_limit(state: DoxState, f: Fig) -> tuple[int, str] | None:
    """How far a grappler may take his victim, and how: None if he holds nobody.

    "A strong character may be able to pick up an enemy and run while a weaker one is limited to
    a maximum of one space per round, dragging his enemy along." Strong: more Strength than the
    victim and no lighter. "Logic trumps game mechanics": a victim more than twice his mass
    does not move at all, and one held by others too stays where the group pins it."""
    hold = state.hold_by(f.name)
    if hold is None:
        return None
    victim = state.figures[hold.victim]
    if len(state.holds_on(victim.name)) > 1:
        return 0, f"{victim.name} is pinned by several grapplers"
    if victim.mass > 2 * f.mass:
        return 0, f"{victim.name} is far too massive to move"
    if f.strength > victim.strength and victim.mass <= f.mass:
        return f.move, f"carrying {victim.name}"
    return 1, f"dragging {victim.name}: one space a round"


def allowance(state: DoxState, f: Fig) -> tuple[int, str | None]:
    """Hexes the figure may move this turn, and why it is limited (None: its full Move)."""
    if f.order is not None and f.order[0] == "hold":
        return 0, "it holds at its master's command"
    why = cannot_move(state, f)
    if why:
        return 0, why
    if f.mount:
        mount = state.figures[f.mount]
        if not mount.up or mount.posture == "prone":
            return 0, f"{mount.name} cannot carry {pronoun(f, 'them')}"
        return mount.move, f"riding {mount.name}"
    return carry_limit(state, f) or (f.move, None)


def mover(state: DoxState, f: Fig, budget: int) -> Mover:
    """The figure's move this turn (its allowance, budget): walls and figures block, but not its
    mount or its victim."""
    hold = state.hold_by(f.name)
    along = {f.name, f.mount, hold.victim if hold else None}
    blocked = {g.hex: g.name for g in state.figures.values() if g.name not in along}
    return Mover(state.battle, f.hex, budget, blocked)


def reach_menu(state: DoxState, f: Fig) -> dict:
    """The movement step's Move entry: its reach shown on the board, and how far and why."""
    budget, why = allowance(state, f)
    paths = mover(state, f, budget).reach().paths if budget else {}
    label = f"Move (up to {budget})" + (f": {why}" if why else "")
    return {"label": label, "enabled": bool(paths), "reason": None if paths else (why or "no room"), "hexes": paths}


def plan(state: DoxState, f: Fig, command: Command) -> tuple:
    """Check a move along free hexes within reach (the path, or the hex to go to)."""
    budget, why = allowance(state, f)
    need(budget != 0, f"{f.name} cannot move: {why}")
    because = f" ({why})" if why else ""
    if command.path and len(command.path) > budget:
        raise Refusal(f"{f.name} may move {hexes(budget)}{because}, not {len(command.path)}")
    return mover(state, f, budget).route(
        state, command, lambda to: f"{state.battle.label(to)} is out of reach this turn{because}"
    )


def apply(state: DoxState, f: Fig, path: tuple, dice=None) -> list[Event]:
    """Move the figure (with its mount, or its victim following into the hex it left)."""
    f.moved = True
    if not path:
        return [moved(f.name, [], f"{f.name} stays put")]
    start, hold = f.hex, state.hold_by(f.name)
    text = f"{f.name} moves to {state.battle.label(path[-1])}"
    if f.mount:
        text += f" on {f.mount}"
    if hold is None:
        return shift(state, f, path, text)
    victim = state.figures[hold.victim]
    trail = ((start,) + path)[:-1]  # the victim steps into each hex its grappler left
    taken = f"{victim.name} is taken to {state.battle.label(trail[-1])}"
    return shift(state, f, path, text + f", taking {victim.name} along") + shift(
        state, victim, trail, taken, along=True
    )


def shift(state: DoxState, f: Fig, path, text: str, **data) -> list[Event]:
    """Move f along path with its mount or rider: one move event each, so each token slides (a
    carried one, `along`, at the same time as the move before)."""
    f.hex = path[-1]
    events = [moved(f.name, path, text, **data)]
    partner = state.figures[f.mount] if f.mount else state.rider_of(f.name)
    if partner is not None:
        partner.hex = f.hex
        words = f"carries {f.name}" if f.mount else f"rides along on {f.name}"
        events.append(moved(partner.name, path, f"{partner.name} {words}", along=True))
    return events
