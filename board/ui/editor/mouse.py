"""The editor's mouse: paint with the brush, drag a rectangle, fill, place a figure, pick and
drag one, pan with the right button, zoom with the wheel (the status line's hint lists them)."""

from __future__ import annotations

import pygame

from board.hexgrid import Hex


def handle_mouse(scene, event) -> None:
    """Do what a mouse event on the editor scene asks (other events are ignored)."""
    handler = {
        pygame.MOUSEMOTION: _motion,
        pygame.MOUSEBUTTONDOWN: _down,
        pygame.MOUSEBUTTONUP: _up,
        pygame.MOUSEWHEEL: _wheel,
    }.get(event.type)
    if handler is not None:
        handler(scene, event)


def _motion(scene, event) -> None:
    if scene.drag == "pan":
        scene.camera.pan(*event.rel)
        return
    scene.hover = scene.hex_at(event.pos)
    if scene.drag == "paint" and scene.hover is not None:
        scene.painted(scene.editor.paint([scene.hover], scene.brush))


def _down(scene, event) -> None:
    if event.button == 3:
        scene.drag = "pan"
        return
    h = scene.hex_at(event.pos)
    if event.button != 1 or h is None:
        return
    if scene.placing:
        scene.place(h)
    elif scene.tool == "brush":
        scene.say("")
        scene.editor.begin_stroke()
        scene.painted(scene.editor.paint([h], scene.brush))
        scene.drag = "paint"
    elif scene.tool == "rectangle":
        scene.anchor = h
        scene.drag = "rectangle"
    elif scene.tool == "fill":
        scene.painted(scene.editor.fill(h, scene.brush), say_count=True)
    else:
        spec = scene.editor.figure_at(h)
        scene.selected = spec.name if spec else None
        scene.figure_form.load(spec, scene.editor.draft.teams)
        scene.drag = "figure" if spec else None


def _up(scene, event) -> None:
    drag, scene.drag = scene.drag, None
    h = scene.hex_at(event.pos)
    if drag == "paint":
        scene.editor.end_stroke()
    elif drag == "rectangle" and scene.anchor is not None and h is not None:
        scene.painted(scene.editor.rectangle(scene.anchor, h, scene.brush), say_count=True)
        scene.anchor = None
    elif drag == "figure" and h is not None and scene.selected:
        spec = scene.editor.figure(scene.selected)
        if spec is not None and Hex(*spec.at) != h:
            scene.report(scene.editor.move_figure(scene.selected, to=h))


def _wheel(scene, event) -> None:
    scene.camera.zoom_at(1.12**event.y, pygame.mouse.get_pos())
