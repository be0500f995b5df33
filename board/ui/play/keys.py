"""The play scene's keys: one key, one thing done (the help page lists them, board/ui/play/hints.py)."""

from __future__ import annotations

import pygame

from board.i18n import N_, _
from board.ui.draw import palette
from board.ui.requests import Edit, Rematch
from board.ui.play.computer import hand_over, hint, take_back
from board.ui.play.modes import ChoosingMove, Over
from board.ui.dialogs.files import saves_dir
from board.ui.play.sidebar import MOVE_KEYS, movement_items
from board.ui.play.top_bar import file_action

LOG_FILE = "combat-log.txt"  # Ctrl+L writes it into the saves folder
PAN_STEP = 60
THREAT_MODES = ("focus", "all", "off")
THREAT_WORDS = dict(focus=N_("selected and hovered figures"), all=N_("all figures"), off=N_("off"))


def save_log(scene) -> None:
    """Ctrl+L: the combat log as text in the saves folder, and the status line says where."""
    try:
        path = saves_dir() / LOG_FILE
        scene.log.save(path)
    except OSError as error:
        scene.controller.say(
            _("Could not save the combat log: {problem}").format(problem=error.strerror or error), warning=True
        )
        return
    scene.controller.say(_("Combat log saved to {path}").format(path=path))


def handle_key(scene, event) -> None:
    """Do what a key pressed on the play scene asks."""
    c = scene.controller
    ctrl = event.mod & pygame.KMOD_CTRL
    key = event.key
    if scene.help and key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH):
        scene.help = False
    elif key == pygame.K_k or (scene.legend and key == pygame.K_ESCAPE):
        scene.legend, scene.help = not scene.legend, False  # the help's second page
    elif key == pygame.K_F1 or event.unicode == "?":
        scene.help = True
    elif scene.keyboard.handle(scene, event):  # Tab, arrows, Enter, F6: board/ui/play/cursor.py
        pass
    elif ctrl and key == pygame.K_z:
        before = list(scene.game.events)
        if take_back(c, scene.game):  # its rows leave the log; a note says what was taken back
            scene.undone(before)
    elif ctrl and key == pygame.K_y:
        if c.redo():  # its note first; its events follow, as any command's do
            scene.redone()
    elif ctrl and key == pygame.K_s:
        file_action(scene, "save")
    elif ctrl and key == pygame.K_o:
        file_action(scene, "open")
    elif ctrl and key == pygame.K_l:
        save_log(scene)
    elif key == pygame.K_ESCAPE:
        c.cancel()
    elif key in (pygame.K_q, pygame.K_e):
        c.turn(1 if key == pygame.K_q else -1)
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(c.view.mode, Over):
        scene.request = Rematch()
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        c.confirm()
    elif key == pygame.K_t:
        c.view.threat_mode = THREAT_MODES[(THREAT_MODES.index(c.view.threat_mode) + 1) % 3]
        c.say(_("Threat zones: {mode}").format(mode=_(THREAT_WORDS[c.view.threat_mode])))
    elif key == pygame.K_l:
        c.view.labels = not c.view.labels
    elif key == pygame.K_h:
        scene.cover.on = not scene.cover.on
        c.say(
            _("Pass the screen: on (the board is covered when the side to act changes)")
            if scene.cover.on
            else _("Pass the screen: off")
        )
    elif key == pygame.K_j and scene.net is not None:
        scene.net.show_seats(scene)
    elif key == pygame.K_a and scene.net is not None:
        scene.net.show_address(scene)
    elif key == pygame.K_v:
        scene.use_palette(palette.following(palette.current()))
    elif key == pygame.K_n:
        c.say(scene.sounds.toggle_words())
    elif key == pygame.K_g:
        c.toggle_gm()
    elif key == pygame.K_f:
        c.say(scene.computer.cycle_pace())
    elif key == pygame.K_x:
        c.say(hand_over(scene.game))
    elif key == pygame.K_i and not c.view.gm:  # GM mode: a ruleset's GM key may be I
        c.say(hint(scene.game))
    elif key == pygame.K_m:
        scene.request = Edit()
    elif key == pygame.K_HOME:
        scene.fit()
    elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):  # Shift+arrows pan
        dx = {pygame.K_LEFT: PAN_STEP, pygame.K_RIGHT: -PAN_STEP}.get(key, 0)
        dy = {pygame.K_UP: PAN_STEP, pygame.K_DOWN: -PAN_STEP}.get(key, 0)
        scene.camera.pan(dx, dy)
    elif c.view.gm and (event.unicode in c.gm_chars() or key == pygame.K_DELETE):
        c.gm_key("delete" if key == pygame.K_DELETE else event.unicode)
    elif isinstance(c.view.mode, ChoosingMove) and event.unicode and event.unicode in MOVE_KEYS:
        items = movement_items(c)
        index = MOVE_KEYS.index(event.unicode)
        if index < len(items):
            c.choose_move_action(items[index].id)
