"""The editor's figure form for any ruleset: one field per sheet field, from its pydantic model.

The ruleset may give drop-down lists (Ruleset.sheet_choices): a field with a list of names is a
drop-down, a list field gets an "Add …" drop-down beside its text, and a field naming a list
field offers that field's entries (a ready weapon among those carried). A Literal or a bool is
a drop-down of its values; anything else is typed, and pydantic says what is wrong with it."""

from __future__ import annotations

import typing

import pygame
import pygame_gui
import yaml

from board.hexgrid import direction_name
from board.i18n import _
from board.models import FigureBase, Position
from board.ui import theme

COMMON = ("name", "team", "at", "facing", "size", "sheets")
# Keys written in the map file only (not on the form): a figure edited in the editor keeps them.
KEPT = ("icon", "pronoun")
SIZES = ["1", "2", "3", "4", "7"]
ROW = 48  # a label and its field


def split(text: str) -> list[str]:
    """A comma-separated form field as a list of names."""
    return [part.strip() for part in text.split(",") if part.strip()]


def facing_names(kind: str) -> list[str]:
    """The facing list as compass words for the map's layout, in direction order 0-5."""
    return [direction_name(d, kind) for d in range(6)]


def option(drop) -> str:
    """A drop-down's chosen text (pygame_gui keeps it as text or as a (text, id) pair)."""
    value = drop.selected_option
    return value[0] if isinstance(value, tuple) else value


def _is_list(annotation) -> bool:
    return typing.get_origin(annotation) is list


def shown(value) -> str:
    """A sheet value as the form's text: lists comma-separated, mappings as YAML, None empty."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, (dict, bool)):
        return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("\n...")
    return str(value)


def parsed(text: str, annotation):
    """The form's text as a value for pydantic to check (and word any complaint)."""
    if _is_list(annotation):
        return split(text)
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text  # pydantic says what it expected


def fixed_values(annotation) -> list[str] | None:
    """The values of a Literal or bool field, as the drop-down shows them (None: typed)."""
    if annotation is bool:
        return ["false", "true"]
    if typing.get_origin(annotation) is typing.Literal:
        return [str(v) for v in typing.get_args(annotation)]
    return None


class SheetForm:
    """Name, team, colour, size and facing, then the ruleset's own sheet fields."""

    kind = "flat"  # the map's layout, for the facing list's compass words

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        x: int,
        y: int,
        width: int,
        model: type[FigureBase],
        choices: dict | None = None,
    ):
        self.manager, self.model = manager, model
        self.labels: list = []
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.drops: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.drop_rects: dict[str, pygame.Rect] = {}
        self.fields = [name for name in model.model_fields if name not in COMMON + KEPT]
        choices = dict(choices or {})
        self.follows = {k: v for k, v in choices.items() if isinstance(v, str)}  # ready -> weapons
        self.lists = {k: list(v) for k, v in choices.items() if not isinstance(v, str)}
        for key in self.fields:
            values = fixed_values(model.model_fields[key].annotation)
            if values and key not in choices:
                self.lists[key] = values
        self.adds = {
            f"add_{key.removesuffix('s')}": key for key in self.lists if _is_list(self._annotation(key))
        }  # add_weapon -> weapons
        self.synced: dict[str, tuple] = {}
        self.bottom = self._build(x, y, width)

    def _annotation(self, key: str):
        return self.model.model_fields[key].annotation

    def _label(self, x, y, width, text) -> None:
        self.labels.append(
            pygame_gui.elements.UILabel(
                pygame.Rect(x, y, width, theme.px(18)), text, manager=self.manager, object_id="#menu_title"
            )
        )

    def _entry(self, key, rect, label) -> None:
        self._label(rect.x, rect.y, rect.width, label)
        place = pygame.Rect(rect.x, rect.y + theme.px(18), rect.width, theme.px(30))
        entry = pygame_gui.elements.UITextEntryLine(place, manager=self.manager)
        description = self.model.model_fields[key].description if key in self.model.model_fields else None
        if description and hasattr(entry, "set_tooltip"):
            entry.set_tooltip(description)
        self.entries[key] = entry

    def _cells(self) -> list[tuple[str, int]]:
        """Each widget and its width in quarters of the form: numbers and toggles narrow, a
        list with an Add drop-down a whole row (the text, then the drop-down)."""
        out = [("size", 1), ("facing", 1)]
        for key in self.fields:
            annotation = self._annotation(key)
            if key in self.lists and _is_list(annotation):
                out += [(key, 2), (f"add_{key.removesuffix('s')}", 2)]
            else:
                narrow = annotation in (int, float, bool) or (key in self.lists and not self.follows.get(key))
                out.append((key, 1 if narrow and max(map(len, self.lists.get(key, [""]))) < 10 else 2))
        return out

    def _build(self, x: int, y: int, width: int) -> int:
        """The fields, packed into rows of four quarters (each in the first row with room);
        returns the y below the form."""
        px = theme.px  # the sizes at the UI scale
        gap, row_h = px(6), px(ROW)
        half, quarter = (width - gap) // 2, (width - 3 * gap) // 4
        self._entry("name", pygame.Rect(x, y, half, 0), _("NAME"))
        self._entry("team", pygame.Rect(x + half + gap, y, half - px(88), 0), _("TEAM"))
        self._entry("colour", pygame.Rect(x + 2 * half - px(76), y, px(82), 0), _("COLOUR"))
        rows: list[int] = []  # quarters used in each row
        row = 0
        for key, size in self._cells():
            if key not in self.adds:  # an Add drop-down goes beside its list, in a row of its own
                whole = 4 if key in self.adds.values() else size
                row = next((i for i, used in enumerate(rows) if used + whole <= 4), len(rows))
                rows += [0] * (row == len(rows))
            rect = pygame.Rect(
                x + rows[row] * (quarter + gap), y + row_h * (row + 1), size * quarter + (size - 1) * gap, px(30)
            )
            rows[row] += size
            label = key.replace("_", " ").upper()
            label = label.split()[-1] if size == 1 and len(label) > 9 else label  # SHIELD SLUNG: SLUNG
            if key in self.adds:  # "Add weapon…" says what it is: no label
                self.drop_rects[key] = rect.move(0, px(18))
            elif (
                key in self.follows
                or key in ("size", "facing")
                or (key in self.lists and key not in self.adds.values())
            ):
                self._label(rect.x, rect.y, rect.width, label)
                self.drop_rects[key] = rect.move(0, px(18))
            else:  # a list is typed comma-separated (its tooltip says what it holds)
                self._entry(key, rect, label)
        return y + row_h * (len(rows) + 1) + gap

    def drop(self, key: str, options: list[str], value: str) -> None:
        # A drop-down keeps its own displayed choice: it is re-created to show another one.
        if key in self.drops:
            self.drops[key].kill()
        options = options if value in options or not value else [*options, value]  # an alias, kept
        shown: list[str | tuple[str, str]] = list(options)  # pygame_gui also takes (label, id) pairs
        self.drops[key] = pygame_gui.elements.UIDropDownMenu(
            shown, value if value in options else options[0], self.drop_rects[key], manager=self.manager
        )

    def load(self, spec: FigureBase | None, teams: dict[str, str] | None = None) -> None:
        """Show a figure in the form (or a new one's defaults), with its team's colour."""
        spec = spec or self.model(name="New figure", at=(0, 0))
        values = {"name": spec.name, "team": spec.team, "colour": (teams or {}).get(spec.team, "")}
        values.update({key: shown(getattr(spec, key)) for key in self.fields})
        for name, entry in self.entries.items():
            entry.set_text(str(values[name]))
        self.drop("size", SIZES, str(spec.size))
        self.drop("facing", facing_names(self.kind), facing_names(self.kind)[spec.facing])
        for key, names in self.lists.items():
            if _is_list(self._annotation(key)):
                self.drop(f"add_{key.removesuffix('s')}", self._add_options(key), self._add_options(key)[0])
            else:
                self.drop(key, names, values[key] or "none")
        for key, source in self.follows.items():
            entries = split(self.entries[source].get_text())
            value = getattr(spec, key)  # None: the first of them (as in a map file); "": none
            self._sync(key, value if value else (entries[0] if value is None and entries else "none"))

    def _add_options(self, key: str) -> list[str]:
        return [_("Add {field}…").format(field=key.removesuffix("s").replace("_", " ")), *self.lists[key]]

    def sync_ready(self) -> None:
        """Offer, in each following drop-down, the entries of the field it follows now."""
        for key in self.follows:
            self._sync(key)

    def _sync(self, key: str, value: str | None = None) -> None:
        entries = list(dict.fromkeys(split(self.entries[self.follows[key]].get_text())))
        if value is None:
            if tuple(entries) == self.synced.get(key):
                return
            value = option(self.drops[key])
            if value not in entries and not (value == "none" and self.synced.get(key)):
                value = entries[0] if entries else "none"  # the first is readied, as in a map file
        value = next((e for e in entries if e.casefold() == value.casefold()), value)
        self.synced[key] = tuple(entries)
        self.drop(key, ["none", *entries], value)

    def add(self, key: str, name: str) -> str | None:
        """An "Add …" choice: append it to its field."""
        if key not in self.adds:
            return None
        field = self.adds[key]
        placeholder = self._add_options(field)[0]
        self.drop(key, self._add_options(field), placeholder)
        if name == placeholder:
            return None
        entry = self.entries[field]
        entry.set_text(", ".join(split(entry.get_text()) + [name]))
        self.sync_ready()
        return _("Added {name} to the {field}; Apply (or New) to keep it").format(name=name, field=field)

    def data(self, at: Position) -> dict:
        """The figure the form describes, as map-file data placed at `at`."""
        self.sync_ready()
        text = {name: entry.get_text().strip() for name, entry in self.entries.items()}
        text.update({key: option(drop) for key, drop in self.drops.items() if key in self.fields})
        data: dict[str, typing.Any] = {
            "name": text["name"],
            "team": text["team"] or "neutral",
            "at": at,
            "size": int(option(self.drops["size"])),
            "facing": facing_names(self.kind).index(option(self.drops["facing"])),
        }
        for key in self.fields:
            annotation = self._annotation(key)
            if key in self.follows or (fixed_values(annotation) and annotation is not bool):
                data[key] = text[key]  # the model reads its own words ("none": empty-handed)
            elif key in self.lists and not _is_list(annotation):
                data[key] = None if text[key] == "none" else text[key]
            elif text[key] != "" or _is_list(annotation):
                data[key] = parsed(text[key], annotation)
        return data
