"""What the play scene draws at the cursor: the odds of an attack, a greyed action's reason, a
timeline cell's full text, or which movement a hex takes and what it forbids."""

from __future__ import annotations

import pygame

from board.ui.draw import hud, legend
from board.ui.draw.timeline import cell_at
from board.ui.play.modes import aiming_at_figures


def draw_tips(scene, screen: pygame.Surface, timeline, reason: str | None) -> list[pygame.Rect]:
    """The odds beside the cursor, a greyed action's reason, a timeline cell's full text, or
    which movement a hex takes and what it forbids; returns where they were drawn."""
    c = scene.controller
    out = []
    if aiming_at_figures(c.view.mode) and c.view.hover is not None:
        target = c.figure_at(c.view.hover)
        prediction = c.predict(target) if target else None
        if prediction is not None:
            # Placed over no other figure: the ones beside the target matter to the choice.
            others = [r for n, r in tokens(scene).items() if n != target]
            # It may lie over the log too: a crowded board can leave no room free of figures.
            room = scene.board_rect.union(scene.log_rect)
            out.append(
                hud.draw_odds(screen, scene.mouse, target, prediction, room, scene.game.ruleset.odds_note, avoid=others)
            )
    cell = cell_at(timeline, scene.timeline_rect, scene.mouse) if timeline else None
    move = c.move_info()  # None unless a destination is being chosen
    tip = reason or cell
    if tip:  # at the cursor too, not only on the status line
        out.append(legend.draw_tip(screen, scene.mouse, tip, screen.get_rect()))
    elif move is not None and c.view.hover in move.hexes:
        move = c.move_for(c.view.hover)
        out.append(
            legend.draw_tip(
                screen,
                scene.mouse,
                move.label + (f": {move.note}" if move.note else ""),
                scene.board_rect,
                avoid=list(tokens(scene).values()),
            )
        )
    return out


def tokens(scene) -> dict[str, pygame.Rect]:
    """Each figure's token box on the board now."""
    return scene.renderer.token_rects(scene.camera, scene.game.tokens(), scene.board_rect)
