"""The map editor scene: paint terrain, place and edit figures, undo, save, print."""

from __future__ import annotations

import pygame
import pygame_gui

from board.editor import BRUSHES, Editor, figure_problems
from board.hexgrid import Hex
from board.models import FigureSpec
from board.rules.warrior_wizard.state import figure_from_spec
from board.tables import load_tables
from board.ui import hud, theme
from board.ui.camera import Camera
from board.ui.menus import THEME
from board.ui.renderer import BoardRenderer, Overlays

TOOLS = ("brush", "rectangle", "fill", "figures")
FIELDS = ("name", "team", "st", "dx", "iq", "ma", "weapons", "ready", "skills", "spells")
CHOICES = {"size": ["1", "2", "3", "4", "7"], "posture": ["standing", "kneeling", "prone", "fallen"],
           "facing": [str(d) for d in range(6)]}


def _option(drop) -> str:
    """A drop-down's chosen text (pygame_gui keeps it as text or as a (text, id) pair)."""
    value = drop.selected_option
    return value[0] if isinstance(value, tuple) else value


class _Figures:
    """What the renderer reads: a state-like view of the draft's figures."""

    def __init__(self, specs):
        self.figures = {s.name: figure_from_spec(s) for s in specs}


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
        self.request: str | None = None  # "play" to go back to the board
        self.dirty = True
        self.manager = pygame_gui.UIManager(size, str(THEME))
        self.camera = Camera(editor.draft.layout)
        self.renderer_key = None
        self.resize(size)

    # --- layout and widgets --------------------------------------------------------------

    def resize(self, size) -> None:
        w, h = size
        self.size = size
        self.manager.set_window_resolution(size)
        self.banner_rect = pygame.Rect(0, 0, w, theme.BANNER_HEIGHT)
        self.status_rect = pygame.Rect(0, h - theme.STATUS_HEIGHT, w, theme.STATUS_HEIGHT)
        self.sidebar = pygame.Rect(w - theme.LOG_WIDTH, theme.BANNER_HEIGHT, theme.LOG_WIDTH,
                                   h - theme.BANNER_HEIGHT - theme.STATUS_HEIGHT)
        self.board_rect = pygame.Rect(0, theme.BANNER_HEIGHT, w - theme.LOG_WIDTH, self.sidebar.height)
        self.manager.clear_and_reset()
        self._build()
        self.fit()

    def fit(self) -> None:
        self.camera.fit(self.editor.draft.cells, self.board_rect.inflate(-24, -24))
        self.dirty = True

    def _button(self, rect, text, key, tip=None):
        button = pygame_gui.elements.UIButton(pygame.Rect(rect), text, manager=self.manager, tool_tip_text=tip)
        self.buttons[button] = key
        return button

    def _build(self) -> None:
        self.buttons: dict = {}
        x, y = self.sidebar.x + 10, self.sidebar.y + 8
        width = self.sidebar.width - 20
        third = (width - 8) // 4
        for i, tool in enumerate(TOOLS):
            self._button((x + i * (third + 2), y, third, 28), tool.title(), f"tool:{tool}")
        y += 34
        for i, brush in enumerate(BRUSHES):
            self._button((x + i * (third + 2), y, third, 28), brush.title(), f"brush:{brush}")
        y += 40
        self.form: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        half = (width - 6) // 2
        for i, name in enumerate(FIELDS):
            col, row = (i % 2, i // 2) if name not in ("weapons", "skills", "spells") else (0, None)
            if name in ("weapons", "skills", "spells", "ready"):
                continue
            pygame_gui.elements.UILabel(pygame.Rect(x + col * (half + 6), y + row * 52, half, 18), name.upper(),
                                        manager=self.manager, object_id="#menu_title")
            self.form[name] = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x + col * (half + 6), y + row * 52 + 18, half, 30), manager=self.manager)
        y += 3 * 52
        for name in ("weapons", "ready", "skills", "spells"):
            pygame_gui.elements.UILabel(pygame.Rect(x, y, width, 18), name.upper() + (
                " (comma-separated)" if name != "ready" else ""), manager=self.manager, object_id="#menu_title")
            self.form[name] = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y + 18, width, 30),
                                                                  manager=self.manager)
            y += 50
        tables = load_tables()
        body = ["none"] + [a.name for a in tables.armor.values() if a.kind == "body"]
        shields = ["none"] + [a.name for a in tables.armor.values() if a.kind == "shield"]
        self.drops: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        # Drop-downs are re-created to show another figure: they keep their own displayed choice.
        self.drop_specs = {"armor": (body, (x, y, half, 30)), "shield": (shields, (x + half + 6, y, half, 30)),
                           "size": (CHOICES["size"], (x, y + 34, 60, 30)),
                           "facing": (CHOICES["facing"], (x + 66, y + 34, 60, 30)),
                           "posture": (CHOICES["posture"], (x + 132, y + 34, width - 132, 30))}
        y += 74
        labels = (("apply", "Apply"), ("new", "New"), ("copy", "Copy"), ("delete", "Delete"))
        for i, (key, label) in enumerate(labels):
            self._button((x + i * (third + 2), y, third, 28), label, f"figure:{key}")
        y += 34
        for i, (key, label) in enumerate((("undo", "Undo"), ("redo", "Redo"), ("save", "Save"), ("print", "Print"))):
            self._button((x + i * (third + 2), y, third, 28), label, f"file:{key}")
        self.problems_top = y + 36
        self._button((self.banner_rect.right - 110, 8, 98, self.banner_rect.height - 16), "Play (P)", "file:play")
        self._load_form(self.editor.figure(self.selected) if self.selected else None)

    def _load_form(self, spec: FigureSpec | None) -> None:
        """Show a figure in the form (or defaults for a new one)."""
        spec = spec or FigureSpec(name="New figure", at=(0, 0))
        values = {"name": spec.name, "team": spec.team, "st": spec.st, "dx": spec.dx, "iq": spec.iq,
                  "ma": spec.ma, "weapons": ", ".join(spec.weapons), "ready": spec.ready or "",
                  "skills": ", ".join(spec.skills), "spells": ", ".join(spec.spells)}
        for name, entry in self.form.items():
            entry.set_text(str(values[name]))
        tables = load_tables()
        armor = tables.armor_piece(spec.armor).name if spec.armor else "none"
        shield = tables.armor_piece(spec.shield).name if spec.shield else "none"
        for name, value in (("armor", armor), ("shield", shield), ("size", str(spec.size)),
                            ("facing", str(spec.facing)), ("posture", spec.posture)):
            options, rect = self.drop_specs[name]
            if name in self.drops:
                self.drops[name].kill()
            self.drops[name] = pygame_gui.elements.UIDropDownMenu(
                options, value if value in options else options[0], pygame.Rect(rect), manager=self.manager)

    def _form_data(self, at: tuple[int, int]) -> dict:
        text = {name: entry.get_text().strip() for name, entry in self.form.items()}
        split = lambda s: [part.strip() for part in s.split(",") if part.strip()]  # noqa: E731
        data = {"name": text["name"], "team": text["team"] or "neutral", "at": at,
                "weapons": split(text["weapons"]), "skills": split(text["skills"]),
                "spells": split(text["spells"]), "ready": text["ready"] or None}
        for key in ("st", "dx", "iq", "ma"):
            data[key] = text[key]  # pydantic says what is wrong with "twelve"
        chosen = {key: _option(drop) for key, drop in self.drops.items()}
        for key in ("armor", "shield"):
            data[key] = None if chosen[key] == "none" else chosen[key]
        data["size"] = int(chosen["size"])
        data["facing"] = int(chosen["facing"])
        data["posture"] = chosen["posture"]
        return data

    def say(self, text: str, warning: bool = False) -> None:
        self.message, self.warning = text, warning

    # --- input ---------------------------------------------------------------------------

    def handle(self, event) -> None:
        self.dirty = True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.command(self.buttons[event.ui_element])
            return
        if self.manager.process_events(event):
            return
        if event.type == pygame.KEYDOWN and not self._typing():
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._up(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.camera.zoom_at(1.12 ** event.y, pygame.mouse.get_pos())

    def _typing(self) -> bool:
        return any(entry.is_focused for entry in self.form.values())

    def _key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        keys = {pygame.K_z: "file:undo", pygame.K_y: "file:redo", pygame.K_s: "file:save"}
        if ctrl and event.key in keys:
            self.command(keys[event.key])
        elif event.key == pygame.K_p:
            self.command("file:play")
        elif event.key in (pygame.K_q, pygame.K_e) and self.selected:
            spec = self.editor.figure(self.selected)
            self._report(self.editor.move_figure(self.selected, facing=spec.facing + (1 if event.key == pygame.K_q else -1)))
        elif event.key == pygame.K_DELETE and self.selected:
            self.command("figure:delete")
        elif event.key == pygame.K_HOME:
            self.fit()
        elif event.key == pygame.K_ESCAPE:
            self.placing, self.anchor = None, None

    def hex_at(self, pos) -> Hex | None:
        if not self.board_rect.collidepoint(pos):
            return None
        h = self.camera.to_hex(pos)
        return h if h in self.editor.draft.cells else None

    def _motion(self, event) -> None:
        if self.drag == "pan":
            self.camera.pan(*event.rel)
            return
        self.hover = self.hex_at(event.pos)
        if self.drag == "paint" and self.hover is not None:
            self.editor.paint([self.hover], self.brush)

    def _down(self, event) -> None:
        if event.button == 3:
            self.drag = "pan"
            return
        h = self.hex_at(event.pos)
        if event.button != 1 or h is None:
            return
        if self.placing:
            self._place(h)
        elif self.tool == "brush":
            self.editor.begin_stroke()
            self.editor.paint([h], self.brush)
            self.drag = "paint"
        elif self.tool == "rectangle":
            self.anchor = h
            self.drag = "rectangle"
        elif self.tool == "fill":
            count = self.editor.fill(h, self.brush)
            self.say(f"Filled {count} hexes with {self.brush}")
        else:
            spec = self.editor.figure_at(h)
            self.selected = spec.name if spec else None
            self._load_form(spec)
            self.drag = "figure" if spec else None

    def _up(self, event) -> None:
        drag, self.drag = self.drag, None
        h = self.hex_at(event.pos)
        if drag == "paint":
            self.editor.end_stroke()
        elif drag == "rectangle" and self.anchor is not None and h is not None:
            count = self.editor.rectangle(self.anchor, h, self.brush)
            self.anchor = None
            self.say(f"Painted {count} hexes with {self.brush}")
        elif drag == "figure" and h is not None and self.selected:
            spec = self.editor.figure(self.selected)
            if Hex(*spec.at) != h:
                self._report(self.editor.move_figure(self.selected, to=h))

    def _place(self, h: Hex) -> None:
        if self.placing == "copy" and self.selected:
            spec, problems = self.editor.copy_figure(self.selected, h)
        else:
            spec, problems = self.editor.put_figure(self._form_data((h.q, h.r)))
        if spec is not None:
            self.selected, self.placing = spec.name, None
            self._load_form(spec)
            self.say(f"Placed {spec.name}")
        else:
            self._report(problems)

    def _report(self, problems: list[str]) -> None:
        self.say("; ".join(problems), warning=True) if problems else self.say("")

    def command(self, key: str) -> None:
        """A toolbar or form button."""
        group, _, what = key.partition(":")
        if group == "tool":
            self.tool = what
            self.say(f"{what.title()}: " + {"brush": "click and drag to paint", "rectangle": "drag a rectangle",
                                             "fill": "click to flood-fill",
                                             "figures": "click a figure to edit, drag to move, Q/E to turn"}[what])
        elif group == "brush":
            self.brush = what
        elif key == "figure:apply" and self.selected:
            spec = self.editor.figure(self.selected)
            new, problems = self.editor.put_figure(self._form_data(spec.at), replacing=self.selected)
            if new is not None:
                self.selected = new.name
                self.say(f"{new.name} updated")
            else:
                self._report(problems)
        elif key in ("figure:new", "figure:copy"):
            self.placing = what
            self.tool = "figures"
            self.say("Click a hex to place " + ("the copy" if what == "copy" else "the new figure from the form"))
        elif key == "figure:delete" and self.selected:
            self.editor.remove_figure(self.selected)
            self.say(f"{self.selected} removed")
            self.selected = None
        elif key in ("file:undo", "file:redo"):
            done = self.editor.undo() if what == "undo" else self.editor.redo()
            self.say(what.title() + ("" if done else ": nothing to " + what), warning=not done)
        elif key == "file:save":
            problems = self.editor.save()
            self._report(problems) if problems else self.say(f"Saved {self.editor.path}")
        elif key == "file:print":
            self._print()
        elif key == "file:play":
            self.request = "play"

    def _print(self) -> None:
        try:
            from board.ui.printmap import print_map
        except ImportError:
            self.say("Printing is not available", warning=True)
            return
        out = (self.editor.path or "map.yaml").rsplit(".", 1)[0] + "-print.png"
        problems = self.editor.check()
        if problems:
            self._report(problems)
            return
        from board.maps import parse_map
        print_map(parse_map(self.editor.to_yaml()), out)
        self.say(f"Printable map written to {out} (one-inch hexes at 300 dpi)")

    # --- drawing -------------------------------------------------------------------------

    def update(self, now: float, dt: float) -> bool:
        self.manager.update(dt)
        dirty, self.dirty = self.dirty, False
        return dirty or self.manager.get_focus_set() is not None

    def draw(self, screen: pygame.Surface) -> None:
        from board.maps import BattleMap
        draft = self.editor.draft
        key = (self.editor.version, draft.layout)
        if key != self.renderer_key:
            battle = BattleMap(draft.name, "warrior-wizard", draft.layout, draft.cells, draft.terrain,
                               draft.figures, None, size=draft.size, teams=draft.teams)
            order = list(dict.fromkeys(f.team for f in draft.figures))
            colours = {t: theme.team_colour(draft.teams, t, order) for t in order}
            self.renderer = BoardRenderer(battle, colours)
            self.renderer_key = key
            self.state = _Figures(draft.figures)
        ov = Overlays(hover=self.hover, selected=self.selected)
        if self.drag == "rectangle" and self.anchor is not None and self.hover is not None:
            from board.hexgrid import from_offset, to_offset
            (c1, r1), (c2, r2) = to_offset(self.anchor, draft.layout), to_offset(self.hover, draft.layout)
            ov.reach = frozenset(from_offset(c, r, draft.layout) for c in range(min(c1, c2), max(c1, c2) + 1)
                                 for r in range(min(r1, r2), max(r1, r2) + 1))
        self.renderer.draw(screen, self.board_rect, self.camera, self.state, ov)
        screen.fill(theme.PANEL, self.banner_rect)
        title = theme.font(17, True).render(f"Map editor · {draft.name}" + (" *" if self.editor.dirty else ""),
                                            True, theme.TEXT)
        screen.blit(title, (12, (self.banner_rect.height - title.get_height()) // 2))
        tool = theme.font(15).render(f"Tool: {self.tool} · brush: {self.brush}"
                                     + (f" · placing {self.placing}" if self.placing else ""), True, theme.TEXT_DIM)
        screen.blit(tool, (title.get_width() + 40, (self.banner_rect.height - tool.get_height()) // 2))
        screen.fill(theme.PANEL, self.sidebar)
        pygame.draw.line(screen, theme.PANEL_EDGE, self.sidebar.topleft, self.sidebar.bottomleft)
        self._draw_problems(screen)
        hud.draw_status(screen, self.status_rect, self.message, self.warning,
                        "B/R/F tools in the panel · right-drag pans · wheel zooms · Ctrl+Z/Ctrl+Y · Ctrl+S saves · P plays")
        self.manager.draw_ui(screen)

    def _draw_problems(self, screen) -> None:
        """What is wrong with the figure in the form, said at once."""
        if not self.selected:
            return
        spec = self.editor.figure(self.selected)
        if spec is None:
            return
        try:
            shown = FigureSpec.model_validate(self._form_data(spec.at))
            problems = figure_problems(shown, self.editor._without(spec.name))
        except Exception as error:  # the form holds half-typed text: show why it does not parse
            problems = [str(error).splitlines()[2].strip() if len(str(error).splitlines()) > 2 else str(error)]
        y = self.problems_top
        for text in problems[:5]:
            label = theme.font(13).render(text, True, theme.TEXT_WARN)
            screen.blit(label, (self.sidebar.x + 12, y))
            y += label.get_height() + 2
