"""The map editor scene: paint terrain, place and edit figures, undo, save, print."""

from __future__ import annotations

import pygame
import pygame_gui

from board import i18n
from board.draft import draft_map
from board.editor import BRUSHES, Editor, Painted
from board.hexgrid import Hex, from_offset, to_offset
from board.i18n import N_, _, ngettext
from board.ui import theme, ui_scale
from board.ui.draw import hud
from board.ui.draw.camera import Camera
from board.ui.draw.overlays import Overlays
from board.ui.draw.renderer import BoardRenderer
from board.ui.draw.tokens import spec_tokens
from board.ui.dialogs.sheet_form import KEPT, SheetForm
from board.ui.editor.keys import HINT, handle_key
from board.ui.editor.mouse import handle_mouse
from board.ui.editor.problem_list import problem_rows
from board.ui.requests import PlayDraft, SceneRequest, Start
from board.ui.draw.text_fit import render_fit

TOOLS = ("brush", "rectangle", "fill", "figures")
# The tools' and brushes' names as the status line and the top bar say them.
WORDS = {
    "brush": N_("brush"),
    "rectangle": N_("rectangle"),
    "fill": N_("fill"),
    "figures": N_("figures"),
    "open": N_("open"),
    "wall": N_("wall"),
    "flames": N_("flames"),
    "coals": N_("coals"),
    "new": N_("new"),
    "copy": N_("copy"),
}


class EditorScene:
    """The editor window's contents; it changes the map only through Editor."""

    def __init__(self, editor: Editor, size: tuple[int, int]):
        self.editor = editor
        self.tool, self.brush = "brush", "wall"
        self.selected: str | None = None
        self.placing: str | None = None  # "new" or "copy": the next click places a figure
        self.message, self.warning = "", False
        self.hover: Hex | None = None
        self.anchor: Hex | None = None  # rectangle start
        self.drag: str | None = None
        self.request: SceneRequest | None = None  # PlayDraft (the board on this map) or Start
        self.dirty = True
        self.manager = pygame_gui.UIManager(size, ui_scale.gui_theme(), starting_language=i18n.current())
        self.camera = Camera(editor.draft.layout)
        self.renderer_key: tuple | None = None
        self.resize(size)

    # --- layout and widgets --------------------------------------------------------------

    def resize(self, size) -> None:
        w, h = size
        self.size = size
        self.manager.set_window_resolution(size)
        px = theme.px  # the sizes at the UI scale
        banner, status, side = px(theme.BANNER_HEIGHT), px(theme.STATUS_HEIGHT), px(theme.LOG_WIDTH)
        self.banner_rect = pygame.Rect(0, 0, w, banner)
        self.status_rect = pygame.Rect(0, h - status, w, status)
        self.sidebar = pygame.Rect(w - side, banner, side, h - banner - status)
        self.board_rect = pygame.Rect(0, banner, w - side, self.sidebar.height)
        self.manager.clear_and_reset()
        self._build()
        self.fit()

    def fit(self) -> None:
        self.camera.fit(self.editor.draft.cells, self.board_rect.inflate(-theme.px(24), -theme.px(24)))
        self.dirty = True

    def _button(self, rect, text, key, tip=None):
        button = pygame_gui.elements.UIButton(pygame.Rect(rect), text, manager=self.manager, tool_tip_text=tip)
        self.buttons[button] = key
        return button

    def _build(self) -> None:
        self.buttons: dict[pygame_gui.elements.UIButton, str] = {}
        px = theme.px
        x, y = self.sidebar.x + px(10), self.sidebar.y + px(8)
        width = self.sidebar.width - px(20)
        quarter, step, high = (width - px(6)) // 4, (width - px(6)) // 4 + px(2), px(28)
        keys = {"brush": "B", "rectangle": "R", "fill": "F", "figures": "V"}
        for i, tool in enumerate(TOOLS):
            self._button((x + i * step, y, quarter, high), tool.title(), f"tool:{tool}", f"key {keys[tool]}")
        for i, brush in enumerate(BRUSHES):
            self._button((x + i * step, y + px(34), quarter, high), brush.title(), f"brush:{brush}", f"key {i + 1}")
        self.figure_form = SheetForm(self.manager, x, y + px(72), width, self.editor.model, self.editor.choices)
        self.figure_form.kind = self.editor.draft.layout
        self.form, self.drops = self.figure_form.entries, self.figure_form.drops  # the form's widgets
        y = self.figure_form.bottom
        labels = (("apply", _("Apply")), ("new", _("New")), ("copy", _("Copy")), ("delete", _("Delete")))
        for i, (key, label) in enumerate(labels):
            self._button((x + i * step, y, quarter, high), label, f"figure:{key}")
        y += px(34)
        for i, (key, label) in enumerate(
            (("undo", _("Undo")), ("redo", _("Redo")), ("save", _("Save")), ("print", _("Print")))
        ):
            self._button((x + i * step, y, quarter, high), label, f"file:{key}")
        self.problems_top = y + px(38)
        bar = self.banner_rect
        self._button((bar.right - px(110), px(8), px(98), bar.height - px(16)), _("Play (P)"), "file:play")
        self._button(
            (bar.right - px(190), px(8), px(74), bar.height - px(16)),
            _("Menu"),
            "file:start",
            _("the start screen (save first: unsaved edits are left behind)"),
        )
        self.figure_form.load(self.editor.figure(self.selected) if self.selected else None, self.editor.draft.teams)
        self._mark()

    def _mark(self) -> None:
        """Show the current tool and brush as pressed."""
        for button, key in self.buttons.items():
            if key.startswith(("tool:", "brush:")):
                if key in (f"tool:{self.tool}", f"brush:{self.brush}"):
                    button.select()
                else:
                    button.unselect()

    def say(self, text: str, warning: bool = False) -> None:
        self.message, self.warning = text, warning

    # --- input ---------------------------------------------------------------------------

    def handle(self, event) -> None:
        self.dirty = True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.command(self.buttons[event.ui_element])
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = next((k for k, d in self.drops.items() if d is event.ui_element), None)
            if key in self.figure_form.adds:
                message = self.figure_form.add(key, event.text)
                if message:
                    self.say(message)
                return
        if self.manager.process_events(event):
            return
        if event.type == pygame.KEYDOWN and not self._typing():
            handle_key(self, event)
        else:
            handle_mouse(self, event)

    def _typing(self) -> bool:
        return any(entry.is_focused for entry in self.form.values())

    def hex_at(self, pos) -> Hex | None:
        if not self.board_rect.collidepoint(pos):
            return None
        h = self.camera.to_hex(pos)
        return h if h in self.editor.draft.cells else None

    def painted(self, done: Painted, say_count: bool = False) -> None:
        """Say what a paint did; a wall kept off a figure is a warning that names it."""
        count = ngettext("Painted {n} hex with {brush}", "Painted {n} hexes with {brush}", done.count).format(
            n=done.count, brush=_(WORDS.get(self.brush, self.brush))
        )
        if done.reason:
            self.say((count + "; " if say_count else "") + done.reason, warning=True)
        elif say_count:
            self.say(count)

    def place(self, h: Hex) -> None:
        """Place a figure at h: a copy of the selected one, or a new one from the form."""
        if self.placing == "copy" and self.selected:
            spec, problems = self.editor.copy_figure(self.selected, h)
        else:
            spec, problems = self.editor.put_figure(self.figure_form.data((h.q, h.r)))
        if spec is not None:
            self.selected, self.placing = spec.name, None
            self._team_colour(spec.team)
            self.figure_form.load(spec, self.editor.draft.teams)
            self.say(f"Placed {spec.name}")
        else:
            self.report(problems)

    def report(self, problems: list[str]) -> None:
        """Say the problems as a warning, or clear the status line when there are none."""
        self.say("; ".join(problems), warning=True) if problems else self.say("")

    def command(self, key: str) -> None:
        """A toolbar or form button, or its key."""
        group, _colon, what = key.partition(":")  # (`_` translates)
        if group == "tool":
            self.tool = what
            self.say(
                {
                    "brush": _("Brush: click and drag to paint"),
                    "rectangle": _("Rectangle: drag a rectangle"),
                    "fill": _("Fill: click to flood-fill"),
                    "figures": _("Figures: click a figure to edit, drag to move, Q/E to turn"),
                }[what]
            )
        elif group == "brush":
            self.brush = what
            if self.tool == "figures":  # a brush is for painting: picking one picks the brush tool
                self.tool = "brush"
            self.say(
                _("{tool} with {brush}").format(
                    tool=_(WORDS.get(self.tool, self.tool)).capitalize(), brush=_(WORDS.get(what, what))
                )
            )
        elif key == "figure:apply":
            self._apply()
        elif key in ("figure:new", "figure:copy"):
            self.placing = what
            self.tool = "figures"
            self.say(
                _("Click a hex to place the copy")
                if what == "copy"
                else _("Click a hex to place the new figure from the form")
            )
        elif key == "figure:delete" and self.selected:
            self.editor.remove_figure(self.selected)
            self.say(_("{figure} removed").format(figure=self.selected))
            self.selected = None
        elif key in ("file:undo", "file:redo"):
            done = self.editor.undo() if what == "undo" else self.editor.redo()
            said = (
                (_("Undo") if what == "undo" else _("Redo"))
                if done
                else _("Undo: nothing to undo")
                if what == "undo"
                else _("Redo: nothing to redo")
            )
            self.say(said, warning=not done)
            if done and self.selected:  # show the figure as it is now, or let go of it if it is gone
                self.selected = self.selected if self.editor.figure(self.selected) else None
                chosen = self.editor.figure(self.selected) if self.selected else None
                self.figure_form.load(chosen, self.editor.draft.teams)
        elif key == "file:save":
            problems = self.editor.save()
            self.report(problems) if problems else self.say(_("Saved {path}").format(path=self.editor.path))
        elif key == "file:print":
            self._print()
        elif key in ("file:play", "file:start"):
            self.request = PlayDraft() if what == "play" else Start()  # the board on this map, or the start screen
        self._mark()

    def _apply(self) -> None:
        if not self.selected:
            self.say(_("Apply changes the selected figure: click one first, or New to place this one"), warning=True)
            return
        spec = self.editor.figure(self.selected)
        if spec is None:  # the selected figure was removed meanwhile
            return
        kept = {key: getattr(spec, key) for key in KEPT if hasattr(spec, key)}
        new, problems = self.editor.put_figure({**kept, **self.figure_form.data(spec.at)}, replacing=self.selected)
        if new is not None:
            self.selected = new.name
            self.say(f"{new.name} updated")
            self._team_colour(new.team)
        else:
            self.report(problems)

    def _team_colour(self, team: str) -> None:
        """The colour field sets the figure's team colour (an edit of its own, undoable)."""
        colour = self.form["colour"].get_text().strip()
        if colour and colour != self.editor.draft.teams.get(team):
            self.report(self.editor.set_team_colour(team, colour))

    def _print(self) -> None:
        try:
            from board.ui.editor.printmap import print_map
        except ImportError:
            self.say(_("Printing is not available"), warning=True)
            return
        out = (self.editor.path or "map.yaml").rsplit(".", 1)[0] + "-print.png"
        problems = self.editor.check()
        if problems:
            self.report(problems)
            return
        from board.maps import parse_map

        print_map(parse_map(self.editor.to_yaml()), out)
        self.say(_("Printable map written to {path} (one-inch hexes at 300 dpi)").format(path=out))

    # --- drawing -------------------------------------------------------------------------

    def update(self, now: float, dt: float) -> bool:
        self.figure_form.sync_ready()  # a list field may have changed: offer what it holds
        self.manager.update(dt)
        dirty, self.dirty = self.dirty, False
        return dirty or self.manager.get_focus_set() is not None

    def draw(self, screen: pygame.Surface) -> None:
        draft = self.editor.draft
        key = (self.editor.version, draft.layout)
        if key != self.renderer_key:
            battle = draft_map(draft)
            order = list(dict.fromkeys(f.team for f in draft.figures))
            colours = {t: theme.team_colour(draft.teams, t, order) for t in order}
            self.renderer = BoardRenderer(battle, colours)
            self.renderer_key = key
            self.state = spec_tokens(draft.figures)
        ov = Overlays(hover=self.hover, selected=self.selected)
        if self.drag == "rectangle" and self.anchor is not None and self.hover is not None:
            (c1, r1), (c2, r2) = to_offset(self.anchor, draft.layout), to_offset(self.hover, draft.layout)
            ov.reach = frozenset(
                from_offset(c, r, draft.layout)
                for c in range(min(c1, c2), max(c1, c2) + 1)
                for r in range(min(r1, r2), max(r1, r2) + 1)
            )
        self.renderer.draw(screen, self.board_rect, self.camera, self.state, ov)
        screen.fill(theme.PANEL, self.banner_rect)
        title = render_fit(
            _("Map editor · {name}").format(name=draft.name) + (" *" if self.editor.dirty else ""),
            theme.font(17, True),
            self.banner_rect.width // 2,
            theme.TEXT,
        )
        screen.blit(title, (theme.px(12), (self.banner_rect.height - title.get_height()) // 2))
        tool = theme.font(15).render(
            _("Tool: {tool} · brush: {brush}").format(
                tool=_(WORDS.get(self.tool, self.tool)), brush=_(WORDS.get(self.brush, self.brush))
            )
            + (_(" · placing {what}").format(what=_(WORDS.get(self.placing, self.placing))) if self.placing else ""),
            True,
            theme.TEXT_DIM,
        )
        screen.blit(tool, (title.get_width() + theme.px(40), (self.banner_rect.height - tool.get_height()) // 2))
        screen.fill(theme.PANEL, self.sidebar)
        pygame.draw.line(screen, theme.PANEL_EDGE, self.sidebar.topleft, self.sidebar.bottomleft)
        for text, colour, pos in self.problem_lines():
            screen.blit(theme.font(13).render(text, True, colour), pos)
        hud.draw_status(screen, self.status_rect, self.message, self.warning, _(HINT))
        self.manager.draw_ui(screen)

    def form_problems(self) -> list[str]:
        """What is wrong with the figure in the form, said at once: the selected one, or a new one."""
        spec = self.editor.figure(self.selected) if self.selected else None
        # A new figure is not placed yet: check it at a provisional hex and skip where it stands.
        return self.editor.form_problems(
            self.figure_form.data(spec.at if spec else (0, 0)), spec.name if spec else None
        )

    def problem_lines(self) -> list[tuple[str, tuple, tuple[int, int]]]:
        """The form's problems wrapped to the sidebar: (text, colour, position), as many as fit."""
        font = theme.font(13)
        x, width, height = self.sidebar.x + theme.px(12), self.sidebar.width - theme.px(24), font.get_linesize()
        problems = self.form_problems()
        heading = (f"{self.selected}:" if self.selected else _("New figure (not placed yet):")) + (
            "" if problems else _(" no problems")
        )
        room = max(1, (self.sidebar.bottom - theme.px(4) - self.problems_top) // height)
        rows = problem_rows(heading, problems, font, width, room)
        return [
            (text, colour, (x + indent, self.problems_top + i * height))
            for i, (text, colour, indent) in enumerate(rows)
        ]
