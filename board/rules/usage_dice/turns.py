"""No initiative: sides act in turn, the players' side first unless surprised."""

from __future__ import annotations

from board.rules.base import Event
from board.rules.kernel.victory import check_victory
from board.rules.usage_dice.state import UDState


def side_order(teams: list[str], surprised: bool) -> list[str]:
    """The players' side (the first team) first; surprised, it goes last."""
    return teams[1:] + teams[:1] if surprised and teams else list(teams)


def finish_if_spent(state: UDState, name: str) -> None:
    """A figure that has moved and taken its action has finished its turn."""
    f = state.figures[name]
    if f.moved and f.acted:
        f.done = True


def advance(state: UDState) -> list[Event]:
    """Check victory; when the acting side has nobody left to act, hand over to the next side."""
    events = check_victory(state)
    if state.phase == "over" or state.active is not None:
        return events
    for _ in range(len(state.sides) + 1):
        state.side_index += 1
        if state.side_index >= len(state.sides):
            state.side_index = 0
            state.turn += 1
            for f in state.figures.values():
                f.moved = f.acted = f.done = False
            events.append(Event("turn", f"Turn {state.turn}", None, {"turn": state.turn}))
        if state.active is not None:
            events.append(Event("phase", f"{state.side} to act", None,
                                {"side": state.side, "turn": state.turn}))
            return events
    return events


def start(state: UDState) -> list[Event]:
    """The first turn's events (and the acting side, skipping sides with nobody up)."""
    events = check_victory(state)
    if state.phase == "over":
        return events
    events.append(Event("turn", "Turn 1", None, {"turn": 1}))
    if state.active is None:
        return events + advance(state)
    first = state.side
    why = " (the players are surprised)" if state.options.surprised else ""
    return events + [Event("phase", f"{first} to act first{why}", None,
                           {"side": first, "turn": state.turn})]
