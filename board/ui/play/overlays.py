"""What the play scene overlays on the board, from the ruleset's reports (no rule knowledge here)."""

from __future__ import annotations

from board.hexgrid import hex_linedraw
from board.ui.draw.overlays import Overlays
from board.ui.play.modes import Aiming, ChoosingMove, PlanningMove


def overlays(scene) -> Overlays:
    """The view's overlays from the ruleset's reports (no rule knowledge here)."""
    c, v = scene.controller, scene.controller.view
    tokens = scene.game.tokens()
    shown = set(tokens) if v.threat_mode == "all" else set()
    if v.threat_mode == "focus":
        shown = {n for n in (v.selected, c.figure_at(v.hover) if v.hover else None) if n}
    threat = {n: tokens[n].threat_zone for n in shown if n in tokens and tokens[n].threat_zone}
    links = [(engager, n) for n, f in tokens.items() for engager in f.engaged_with]
    ov = Overlays(
        threat=threat,
        links=links,
        hover=v.hover,
        selected=v.selected,
        active=c.info().active,
        labels=v.labels,
        ground=scene.game.ground_items(),
    )
    match v.mode:
        case ChoosingMove():
            info = c.move_info()
            if info is not None:
                ov.reach, ov.stops = frozenset(info.hexes), info.stop_hexes
                if v.hover in info.hexes:
                    ov.path = info.hexes[v.hover]
                    ov.path_start = scene.game.tokens()[v.selected].hex
                    ov.path_stop = v.hover if v.hover in info.stop_hexes else None
        case PlanningMove(move=plan) as planning:
            ov.ghost, ov.wheel = (plan.figure, plan.hex, plan.facing), plan.hex
            ov.wheel_blocked = planning.blocked()
            ov.wheel_pick = plan.facing if scene.wheel_hover is None else scene.wheel_hover
            ov.path, ov.path_start = plan.path, scene.game.tokens()[plan.figure].hex
        case Aiming(kind="target", action=action):
            ov.targets = frozenset(action.targets)
            target = c.figure_at(v.hover) if v.hover else None
            if target in ov.targets and action.line_of_fire:
                ov.fire_line = tuple(hex_linedraw(scene.game.tokens()[v.selected].hex, scene.game.tokens()[target].hex))
        case Aiming(kind="hex", action=action):
            ov.reach = frozenset(action.hexes)
    return ov
