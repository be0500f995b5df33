"""The GM's commands every ruleset shares, checked and carried out once: place (and turn: a place
with only a facing), damage, heal, add and remove; and surprise, a toggled flag.

A ruleset subclasses `GM`, lists its actions and fills in the hooks: how its figures are made,
hurt and healed, what a removed figure leaves behind and what follows a loss. An action of its
own is a pair of methods: `plan_<action>(state, figure, command)` checks the command (Refusal)
and returns what `do_<action>(state, figure, details, dice)` needs to carry it out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field, ValidationError

from board.dice import DiceSource
from board.hexgrid import Hex, direction_name
from board.models import FigureBase
from board.rules.base import Command, Event, Refusal
from board.rules.kernel import events
from board.rules.kernel.fields import Takes
from board.rules.kernel.hexes import to_hex
from board.rules.kernel.params import Params
from board.rules.kernel.queue import drop, named


class Amount(Params):
    """Damage and heal: how much."""

    hints = {"amount": "give params.amount: a whole number, 1 or more"}
    amount: int = Field(ge=1)


class NewFigure(Params):
    """Add: the new figure's sheet, as a map file's figure (params.figure, or params.spec)."""

    hints = {"figure": "give the new figure in params.figure (the map file's figure fields)"}
    hints["spec"] = hints["figure"]
    figure: dict[str, Any] | None = None
    spec: dict[str, Any] | None = None


# The settings of the common GM commands, for a ruleset's params_types.
GM_PARAMS: dict[tuple[str, str | None], type[Params]] = {
    ("gm", "damage"): Amount,
    ("gm", "heal"): Amount,
    ("gm", "add"): NewFigure,
}


def gm_takes(turns: bool) -> Takes:
    """The command fields the common GM commands take (kernel/fields.py): place a hex, and a
    facing where figures turn (GM.turns); add none (its figure is in params); the rest a figure."""
    return {("gm", "place"): "figure to facing" if turns else "figure to", ("gm", "add"): ""}


def gm_event(action: str, text: str, figure: str | None, **data) -> Event:
    """The log line of a GM command."""
    return Event(events.GM, text, figure, {"gm": True, "gm_action": action, **data})


class GM:
    """The common GM commands. A subclass sets the attributes and defines the hooks below, and
    these: make(state, spec) -> figure, from a checked sheet; hurt(state, f, amount, dice)
    -> events, damage and what it does; heal(state, f, amount) -> points healed (by default the
    figure's own f.heal(amount))."""

    actions: tuple[str, ...] = ("place", "damage", "heal", "remove", "add")
    turns = False  # `place` takes a facing: the figures face a hex side
    multihex = True  # figures have a size and a facing (else each stands on one hex)
    damage_words = "damage"  # "GM deals 3 damage to Bryn"
    heal_text = "GM heals {name} by {amount}"
    sheet: type[FigureBase]  # the figure sheet that `add` reads
    # The ruleset's check of a sheet, as for a map: (spec, problem) -> spec; none by default.
    check_figure = staticmethod(lambda spec, problem: spec)
    # surprise toggles this field of a figure: "GM: Bryn is " and the first text, or the second.
    surprise: tuple[str, str, str] = ("surprised", "surprised", "no longer surprised")

    def make(self, state, spec) -> Any:
        """The ruleset's new figure from a checked sheet."""
        raise NotImplementedError(f"{type(self).__name__} must say how its figures are made")

    def hurt(self, state, f, amount: int, dice: DiceSource) -> list[Event]:
        """The events of damage to f, and what it does."""
        raise NotImplementedError(f"{type(self).__name__} must say how its figures are hurt")

    def heal(self, state, f, amount: int) -> int:
        """Heal f by up to amount: the points healed (the figure's own heal, if it has one)."""
        return f.heal(amount)

    def footprint(self, f) -> tuple[int, int]:
        """The figure's size and facing, as the map's footprints read them."""
        return (f.size, f.facing) if self.multihex else (1, 0)

    def occupied(self, state, f) -> dict[Hex, str]:
        """Where the other figures stand: hex -> name (those that move with f left out)."""
        return state.occupied(ignore=f.name)

    def placed(self, state, f) -> None:
        """What moves with a figure the GM has placed."""

    def joined(self, state, f, dice: DiceSource) -> list[Event]:
        """What follows the GM adding a figure (a place in the order)."""
        return []

    def forget(self, state, f, was_active: bool) -> list[Event]:
        """Clear what a removed figure leaves behind beside the order and queue (holds, chases)."""
        return []

    # The ruleset's "the acting figure is done" (state, dice) -> events: its sequencer's pass_turn
    # (kernel/sequence.py), which asks victory first; None: out_of_turn leaves the turn alone.
    turn_over: Callable[[Any, DiceSource], list[Event]] | None = None

    def out_of_turn(self, state, f, was_active: bool, dice: DiceSource) -> list[Event]:
        """A figure that can no longer act loses its turn; if it was acting, the next one acts."""
        if self.turn_over is None:
            return []
        if was_active:
            return self.turn_over(state, dice)
        if f.name in state.queue:  # not acting, so not to come (even at the head, while another
            state.queue.remove(f.name)  # acts out of turn, as a W&W engager does)
        return []

    def settle(self, state, f, was_active: bool, dice: DiceSource) -> list[Event]:
        """After damage or a removal: one out of the fight leaves the turn (victory is asked by the
        sequencer before it passes the turn, and by Rules.apply after every command)."""
        if not state.over and (f.name not in state.figures or not f.up):
            return self.out_of_turn(state, f, was_active, dice)
        return []

    # --- checking and carrying out ---------------------------------------------------------
    def plan(self, state, command: Command) -> dict:
        """Check a GM command (Refusal with the reason); return what apply needs."""
        action = command.action
        if action not in self.actions:
            raise Refusal(f'unknown GM command "{action}"; expected one of: {", ".join(self.actions)}')
        f = None if action == "add" else named(state, command.figure)
        planner = getattr(self, f"plan_{action}", None)
        return planner(state, f, command) if planner else {}

    def apply(self, state, command: Command, dice: DiceSource) -> list[Event]:
        """Carry out a GM command."""
        details = self.plan(state, command)
        f = state.figures.get(command.figure or "") if command.action != "add" else None
        return getattr(self, f"do_{command.action}")(state, f, details, dice)

    def why_not_stand(self, state, f, at: Hex, facing: int | None = None) -> str | None:
        """Why the figure's footprint cannot stand there (off the map, a wall, someone), or None."""
        size, own = self.footprint(f)
        return state.battle.why_not_stand(size, at, own if facing is None else facing, self.occupied(state, f))

    def plan_place(self, state, f, command: Command) -> dict:
        to = to_hex(state, command.to) if command.to is not None else f.hex
        facing = self.footprint(f)[1]
        if self.turns and command.facing is not None:
            facing = command.facing
        why = self.why_not_stand(state, f, to, facing)
        if why:
            raise Refusal(f"cannot place {f.name} there: {why}")
        return {"to": to, "facing": facing}

    def do_place(self, state, f, details: dict, dice: DiceSource) -> list[Event]:
        f.hex, data = details["to"], {"hex": [details["to"].q, details["to"].r]}
        text = f"GM places {f.name} at {state.battle.label(f.hex)}"
        if self.turns:
            f.facing = data["facing"] = details["facing"]
            text += f", facing {direction_name(f.facing, state.battle.layout)}"
        self.placed(state, f)
        return [gm_event("place", text, f.name, **data)]

    def plan_damage(self, state, f, command: Command) -> dict:
        return {"amount": Amount.of(command).amount}

    plan_heal = plan_damage

    def do_damage(self, state, f, details: dict, dice: DiceSource) -> list[Event]:
        was_active, amount = state.active == f.name, details["amount"]
        events = [gm_event("damage", f"GM deals {amount} {self.damage_words} to {f.name}", f.name)]
        return events + self.hurt(state, f, amount, dice) + self.settle(state, f, was_active, dice)

    def do_heal(self, state, f, details: dict, dice: DiceSource) -> list[Event]:
        healed = self.heal(state, f, details["amount"])
        return [gm_event("heal", self.heal_text.format(name=f.name, amount=healed), f.name)]

    def do_remove(self, state, f, details: dict, dice: DiceSource) -> list[Event]:
        was_active = state.active == f.name
        del state.figures[f.name]
        events = [gm_event("remove", f"GM removes {f.name}", f.name)] + self.forget(state, f, was_active)
        drop(state, f.name, keep_head=was_active and self.turn_over is not None)
        return events + self.settle(state, f, was_active, dice)

    def plan_add(self, state, _, command: Command) -> dict:
        """The new figure (params.figure, or params.spec): a valid sheet, its name not yet on
        the map, checked as a map's figure is, on hexes free for its footprint."""
        given = NewFigure.of(command)
        data = given.figure if given.figure is not None else given.spec
        if data is None:
            raise Refusal("give the new figure in params.figure (the map file's figure fields)")
        try:
            spec = self.sheet.model_validate(data)
        except ValidationError as error:
            first = error.errors()[0]
            raise Refusal(f"new figure: {'.'.join(map(str, first['loc']))}: {first['msg']}") from None
        if spec.name in state.figures:
            raise Refusal(f'a figure named "{spec.name}" is already on the map')
        problems: list[str] = []
        spec = self.check_figure(spec, lambda path, message: problems.append(message))  # as a map's
        if problems:
            raise Refusal(f"new figure: {problems[0]}")
        at = to_hex(state, spec.at)
        f = self.make(state, spec.model_copy(update={"at": (at.q, at.r)}))
        why = self.why_not_stand(state, f, at)
        if why:
            raise Refusal(f"cannot add {f.name} there: {why}")
        return {"figure": f}

    def do_add(self, state, _, details: dict, dice: DiceSource) -> list[Event]:
        f = details["figure"]
        state.figures[f.name] = f
        return [gm_event("add", f"GM adds {f.name}", f.name)] + self.joined(state, f, dice)

    def do_surprise(self, state, f, details: dict, dice: DiceSource) -> list[Event]:
        flag, now, no_longer = self.surprise
        setattr(f, flag, not getattr(f, flag))
        return [gm_event("surprise", f"GM: {f.name} is {now if getattr(f, flag) else no_longer}", f.name)]
