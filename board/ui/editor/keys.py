"""The editor's keys: one key, one thing done (the status line's hint lists them)."""

from __future__ import annotations

import pygame

from board.editor import BRUSHES
from board.i18n import N_

TOOL_KEYS = {pygame.K_b: "brush", pygame.K_r: "rectangle", pygame.K_f: "fill", pygame.K_v: "figures"}
BRUSH_KEYS = {
    **dict(zip((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4), BRUSHES)),
    **dict(zip((pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4), BRUSHES)),
}
HINT = N_(
    "B brush · R rectangle · F fill · V figures · 1-4 open/wall/flames/coals · right-drag pans · "
    "wheel zooms · Ctrl+Z/Ctrl+Y undo/redo · Ctrl+S saves · P plays"
)


def handle_key(scene, event) -> None:
    """Do what a key pressed on the editor scene asks (not while a form field takes typing)."""
    ctrl = event.mod & pygame.KMOD_CTRL
    keys = {pygame.K_z: "file:undo", pygame.K_y: "file:redo", pygame.K_s: "file:save"}
    if ctrl and event.key in keys:
        scene.command(keys[event.key])
    elif event.key in TOOL_KEYS:
        scene.command(f"tool:{TOOL_KEYS[event.key]}")
    elif event.key in BRUSH_KEYS:
        scene.command(f"brush:{BRUSH_KEYS[event.key]}")
    elif event.key == pygame.K_p:
        scene.command("file:play")
    elif event.key in (pygame.K_q, pygame.K_e) and scene.selected and scene.editor.figure(scene.selected):
        spec = scene.editor.figure(scene.selected)
        assert spec is not None
        turn = 1 if event.key == pygame.K_q else -1
        scene.report(scene.editor.move_figure(scene.selected, facing=spec.facing + turn))
    elif event.key == pygame.K_DELETE and scene.selected:
        scene.command("figure:delete")
    elif event.key == pygame.K_HOME:
        scene.fit()
    elif event.key == pygame.K_ESCAPE:
        scene.placing, scene.anchor = None, None
