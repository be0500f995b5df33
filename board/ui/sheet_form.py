"""The editor's form for any ruleset's figure sheet: one field per sheet field, from its model.

Warrior & Wizard has its own form (editor_form.py) with drop-downs from its tables; every other
ruleset gets this one, built from the pydantic model its figure_model() returns."""

from __future__ import annotations

import typing

import pygame
import pygame_gui
import yaml

from board.models import FigureBase
from board.ui.editor_form import CHOICES, facing_names, option, split

COMMON = ("name", "team", "at", "facing", "size", "sheets")


def _is_list(annotation) -> bool:
    return typing.get_origin(annotation) is list


def shown(value) -> str:
    """A sheet value as the form's text: lists comma-separated, mappings as YAML, None empty."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, dict):
        return yaml.safe_dump(value, default_flow_style=True).strip()
    return str(value)


def parsed(text: str, annotation):
    """The form's text as a value for pydantic to check (and word any complaint)."""
    if _is_list(annotation):
        return split(text)
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text  # pydantic says what it expected


class SheetForm:
    """Name, team, colour, size and facing, then the ruleset's own sheet fields."""

    kind = "flat"  # the map's layout, for the facing list's compass words

    def __init__(self, manager: pygame_gui.UIManager, x: int, y: int, width: int, model: type[FigureBase]):
        self.manager, self.model = manager, model
        self.labels: list = []
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.drops: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.drop_rects: dict[str, pygame.Rect] = {}
        self.fields = [name for name in model.model_fields if name not in COMMON]
        self.bottom = self._build(x, y, width)

    def _label(self, x, y, width, text) -> None:
        self.labels.append(pygame_gui.elements.UILabel(pygame.Rect(x, y, width, 18), text, manager=self.manager,
                                                       object_id="#menu_title"))

    def _entry(self, key, x, y, width, label) -> None:
        self._label(x, y, width, label)
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y + 18, width, 30), manager=self.manager)
        description = self.model.model_fields[key].description if key in self.model.model_fields else None
        if description:
            entry.set_tooltip(description) if hasattr(entry, "set_tooltip") else None
        self.entries[key] = entry

    def _build(self, x: int, y: int, width: int) -> int:
        half = (width - 6) // 2
        self._entry("name", x, y, half, "NAME")
        self._entry("team", x + half + 6, y, half - 88, "TEAM")
        self._entry("colour", x + 2 * half - 76, y, 82, "COLOUR")
        y += 50
        for i, key in enumerate(("size", "facing")):
            self._label(x + i * (half + 6), y, half, key.upper())
            self.drop_rects[key] = pygame.Rect(x + i * (half + 6), y + 18, half, 30)
        y += 50
        for i, key in enumerate(self.fields):
            label = key.replace("_", " ").upper()
            if _is_list(self.model.model_fields[key].annotation):
                label += " (comma-separated)"
            self._entry(key, x + (i % 2) * (half + 6), y, half, label)
            if i % 2:
                y += 50
        return y + (50 if len(self.fields) % 2 else 0) + 6

    def drop(self, key: str, options: list[str], value: str) -> None:
        if key in self.drops:
            self.drops[key].kill()
        self.drops[key] = pygame_gui.elements.UIDropDownMenu(
            options, value if value in options else options[0], self.drop_rects[key], manager=self.manager)

    def load(self, spec: FigureBase | None, teams: dict[str, str] | None = None) -> None:
        """Show a figure in the form (or a new one's defaults), with its team's colour."""
        spec = spec or self.model(name="New figure", at=(0, 0))
        values = {"name": spec.name, "team": spec.team, "colour": (teams or {}).get(spec.team, "")}
        values.update({key: shown(getattr(spec, key)) for key in self.fields})
        for name, entry in self.entries.items():
            entry.set_text(str(values[name]))
        self.drop("size", CHOICES["size"], str(spec.size))
        self.drop("facing", facing_names(self.kind), facing_names(self.kind)[spec.facing])

    def sync_ready(self, value: str | None = None) -> None:
        """Nothing to keep in step: only Warrior & Wizard's form has a ready-weapon list."""

    def add(self, key: str, name: str) -> str | None:
        return None

    def data(self, at: tuple[int, int]) -> dict:
        """The figure the form describes, as map-file data placed at `at`."""
        text = {name: entry.get_text().strip() for name, entry in self.entries.items()}
        data = {"name": text["name"], "team": text["team"] or "neutral", "at": at,
                "size": int(option(self.drops["size"])), "facing": facing_names(self.kind).index(option(self.drops["facing"]))}
        for key in self.fields:
            if text[key] != "" or _is_list(self.model.model_fields[key].annotation):
                data[key] = parsed(text[key], self.model.model_fields[key].annotation)
        return data
