"""Save and Open dialogs: one at a time, one saves folder, a default name, recent files."""

from __future__ import annotations

import datetime
import json
import os
import re
import stat
from pathlib import Path

import pygame
import pygame_gui

from board.i18n import _
from board.saves import data_dir
from board.ui import theme

RECENT = "recent.json"
RECENT_KEPT = 8


def saves_dir() -> Path:
    """The one folder both dialogs start in, in the user's data directory; made when needed."""
    folder = data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_name(map_name: str, today: datetime.date | None = None) -> Path:
    """A fresh file in the saves folder named after the map and the date, never an existing one."""
    slug = re.sub(r"[^a-z0-9]+", "-", map_name.lower()).strip("-") or "game"
    stem = f"{slug}-{(today or datetime.date.today()).isoformat()}"
    folder = saves_dir()
    path, n = folder / f"{stem}.yaml", 2
    while path.exists():
        path, n = folder / f"{stem}-{n}.yaml", n + 1
    return path


def with_extension(path: str | Path) -> Path:
    """The path with .yaml added when the name has no extension."""
    path = Path(path)
    return path if path.suffix else path.with_name(path.name + ".yaml")


def recent_files() -> list[Path]:
    """Saved games used lately, newest first, those that still exist."""
    try:
        names = json.loads((data_dir() / RECENT).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [Path(n) for n in names if isinstance(n, str) and Path(n).is_file()] if isinstance(names, list) else []


def remember(path: str | Path) -> None:
    """Put a saved or opened game first in the recent files (a failure to record is harmless)."""
    path = str(Path(path).resolve())
    names = [path] + [str(p) for p in recent_files() if str(p) != path]
    try:
        data_dir().mkdir(parents=True, exist_ok=True)
        (data_dir() / RECENT).write_text(json.dumps(names[:RECENT_KEPT], indent=1), encoding="utf-8")
    except OSError:
        pass


def typing(manager: pygame_gui.UIManager) -> bool:
    """True while a text field has the focus: it owns the keyboard."""
    return any(isinstance(element, pygame_gui.elements.UITextEntryLine) for element in manager.get_focus_set() or ())


def selection_in_step(line: pygame_gui.elements.UITextEntryLine) -> None:
    """Make a text line's drawn selection agree with its selection range again.

    After the dialog writes a clicked file or a typed folder into its text line, pygame_gui
    can keep the old range while no text is drawn selected; Delete, Backspace or typing over
    it then raise IndexError("No selected rows.") from inside pygame_gui."""
    layout = getattr(line.drawable_shape, "text_box_layout", None)
    low, high = sorted(line.select_range)
    if high > low and layout is not None and not layout.selected_rows:
        high = min(high, len(line.get_text()))
        line.select_range = [min(low, high), high]


def in_saves_folder(text: str) -> Path:
    """A typed path: a bare name, or one relative to no folder, goes into the saves folder."""
    path = Path(text).expanduser()
    return path if path.is_absolute() else saves_dir() / path


def short_name(path: str | os.PathLike, chars: int = 40) -> str:
    """A file's name for a message: its last part, cut with "…" past chars characters."""
    name = Path(path).name or str(path)
    return name if len(name) <= chars else name[: chars - 1] + "…"


def regular_file_problem(path: str | Path) -> str | None:
    """Why path cannot be opened as a saved game without reading it (a FIFO would block the
    board, /dev/zero never ends), or None for an ordinary file."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        return getattr(error, "strerror", None) or str(error)
    if stat.S_ISDIR(mode):
        return _("it is a folder, not a saved game")
    return None if stat.S_ISREG(mode) else _("it is not an ordinary file (a device or a pipe)")


class _FileWindow(pygame_gui.windows.UIFileDialog):
    """pygame_gui's file dialog, made safe for any typed text: a bare name is taken in the saves
    folder, and an OSError from the file system (a name too long, a device) becomes a problem
    to show instead of escaping from the event loop."""

    problem: str | None = None

    def _setup_ui_elements(self):
        super()._setup_ui_elements()
        # pygame_gui places these at fixed pixels: placed again at the UI scale (the same
        # places at 100%), so that the grown text fits its buttons and line.
        px = theme.px
        width, height = self.get_container().get_size()
        for n, button in enumerate(
            (self.home_button, self.delete_button, self.parent_directory_button, self.refresh_button)
        ):
            button.set_dimensions((px(20), px(20)))
            button.set_relative_position((px(10 + 22 * n), px(10)))
        for button in (self.cancel_button, self.ok_button):  # anchored right, each 10 left of the next
            x = button.relative_rect.x - (px(10) - 10)
            button.set_dimensions((button.relative_rect.width, px(30)))
            button.set_relative_position((x, px(-40)))
        self.file_path_text_line.set_dimensions((width - px(20), self.file_path_text_line.relative_rect.height))
        self.file_path_text_line.set_relative_position((px(10), px(40)))
        self.file_selection_list.set_dimensions((width - px(20), height - px(130)))
        self.file_selection_list.set_relative_position((px(10), px(80)))

    def process_event(self, event) -> bool:
        line = self.file_path_text_line
        try:
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is line and line.get_text().strip():
                typed = in_saves_folder(line.get_text())
                line.set_text(str(typed))
                if typed.is_dir():  # a folder: the dialog opens it; say what to do next
                    self.problem = _("{name} is a folder (its files are listed): pick one or type a name").format(
                        name=short_name(typed)
                    )
            return super().process_event(event)
        except (OSError, ValueError) as error:  # ValueError: a NUL pasted into the name
            name = getattr(error, "filename", None) or line.get_text()
            self.problem = f"{short_name(name)}: {getattr(error, 'strerror', None) or error}"
            self.current_directory_path = self.last_valid_directory_path
            self._set_no_file_selected_state()
            return True


class FileDialog:
    """A scene's one Save or Open dialog: a second request brings the open one forward."""

    def __init__(self, manager: pygame_gui.UIManager, say=None):
        self.manager = manager
        self.say = say or (lambda text, warning=False: None)  # the scene's status line
        self.window: _FileWindow | None = None
        self.replace: tuple[pygame_gui.windows.UIConfirmationDialog, Path] | None = None
        self.action: str | None = None

    @property
    def open(self) -> bool:
        return any(
            window is not None and window.alive() for window in (self.window, self.replace[0] if self.replace else None)
        )

    def show(self, action: str, centre: tuple[int, int], map_name: str = "game") -> None:
        """Open the Save ("save") or Open ("open") dialog, unless one is open already."""
        if self.open:  # the one already open
            front = self.replace[0] if self.replace else self.window
            if front is not None:
                self.manager.get_window_stack().move_window_to_front(front)
            return
        recent = recent_files()
        start = default_name(map_name) if action == "save" else (recent[0] if recent else saves_dir())
        rect = theme.px_rect(0, 0, 560, 420)
        rect.center = centre
        title = _("Save the game as") if action == "save" else _("Open a saved game")
        self.action = action
        self.window = _FileWindow(
            rect,
            self.manager,
            window_title=title,
            initial_file_path=str(start),
            allow_picking_directories=False,
            allow_existing_files_only=action == "open",
        )
        if action == "save":  # the name ready to type over
            self.window.file_path_text_line.focus()

    def takes(self, event) -> bool:
        """True when a key event belongs to the dialog or a focused text field, not the scene:
        while one is open it owns the keyboard (Esc closes the dialog)."""
        if event.type not in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT) or not (
            self.open or typing(self.manager)
        ):
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.open:
            self.close()
        else:
            if self.window is not None and self.window.alive():
                selection_in_step(self.window.file_path_text_line)
            self.manager.process_events(event)
            self.tell()
        return True

    def tell(self) -> None:
        """Say on the status line what the dialog could not do (a name too long, a folder)."""
        if self.window is not None and self.window.problem:
            could_not = _("Could not save: {problem}") if self.action == "save" else _("Could not open: {problem}")
            self.say(could_not.format(problem=self.window.problem), True)
            self.window.problem = None

    def close(self) -> None:
        for window in (self.window, self.replace[0] if self.replace else None):
            if window is not None and window.alive():
                window.kill()
        self.window = self.replace = None

    def picked(self, event) -> tuple[str, Path] | None:
        """(action, path) when this event is the dialog's OK (for a file that exists, Save asks
        first whether to replace it); forgets a closed dialog."""
        self.tell()
        if self.replace is not None:
            question, path = self.replace
            if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is question:
                self.replace = None
                return "save", path
            # closed without replacing (CONFIRMED, when it comes, is posted before the close)
            if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is question:
                self.replace = None
                self.say(_("Not saved: {name} was left as it was").format(name=path.name))
            return None
        if self.window is not None and event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.window:
            typed = self.window.file_path_text_line.get_text().strip()
            self.window = None
            path = in_saves_folder(typed) if typed and not Path(typed).expanduser().is_absolute() else Path(event.text)
            if self.action != "save":
                return self.action or "open", path
            return self._save_as(path)
        return None

    def _save_as(self, path: Path) -> tuple[str, Path] | None:
        """("save", path), or None while the player is asked whether to replace the file there."""
        try:
            if path.is_dir():
                self.say(_("Could not save: {path} is a folder; type a file name in it").format(path=path), True)
                return None
            path = with_extension(path)
            exists = path.exists()
        except (OSError, ValueError) as error:  # a name too long for the file system, a NUL
            self.say(
                _("Could not save {name}: {problem}").format(
                    name=short_name(path), problem=getattr(error, "strerror", None) or error
                ),
                True,
            )
            return None
        if not exists:
            return "save", path
        rect = theme.px_rect(0, 0, 460, 200)
        root = self.manager.get_root_container()
        rect.center = root.get_rect().center if root is not None else rect.center
        question = pygame_gui.windows.UIConfirmationDialog(
            rect,
            _("{name} already exists in {parent}. Replace it?").format(name=path.name, parent=path.parent),
            self.manager,
            window_title=_("Replace the file?"),
            action_short_name=_("Replace"),
        )
        self.replace = (question, path)
        return None
