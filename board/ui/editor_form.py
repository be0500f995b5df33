"""The map editor's figure form: text fields and drop-downs filled from the rule tables."""

from __future__ import annotations

import pygame
import pygame_gui

from board.hexgrid import direction_name
from board.models import FigureSpec
from board.tables import load_spells, load_tables

ADD = {"add_weapon": ("Add weapon…", "weapons"), "add_spell": ("Add spell…", "spells")}


def split(text: str) -> list[str]:
    """A comma-separated form field as a list of names."""
    return [part.strip() for part in text.split(",") if part.strip()]


def facing_names(kind: str) -> list[str]:
    """The facing list as compass words for the map's layout, in direction order 0-5."""
    return [f"{direction_name(d, kind)}" for d in range(6)]


# The facing list shown before the editor says its map's layout (a form's kind) is a flat map's.
CHOICES = {"size": ["1", "2", "3", "4", "7"], "posture": ["standing", "kneeling", "prone", "fallen"],
           "facing": facing_names("flat")}


def option(drop) -> str:
    """A drop-down's chosen text (pygame_gui keeps it as text or as a (text, id) pair)."""
    value = drop.selected_option
    return value[0] if isinstance(value, tuple) else value


class FigureForm:
    """The form's widgets; it shows a figure and reads one back, and changes nothing else."""

    kind = "flat"  # the map's layout, for the facing list's compass words

    def __init__(self, manager: pygame_gui.UIManager, x: int, y: int, width: int):
        self.manager = manager
        self.labels: list = []
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.drops: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.drop_rects: dict[str, pygame.Rect] = {}
        self.ready_for: tuple[str, ...] = ()
        tables = load_tables()
        self.choices = {
            "armor": ["none"] + [a.name for a in tables.armor.values() if a.kind == "body"],
            "shield": ["none"] + [a.name for a in tables.armor.values() if a.kind == "shield"],
            "add_weapon": [ADD["add_weapon"][0], *tables.weapons],
            "add_spell": [ADD["add_spell"][0], *load_spells().spells], **CHOICES}
        self.bottom = self._build(x, y, width)
        for key in ADD:
            self.drop(key, self.choices[key], ADD[key][0])

    def _label(self, x, y, width, text) -> None:
        self.labels.append(pygame_gui.elements.UILabel(pygame.Rect(x, y, width, 18), text, manager=self.manager,
                                                       object_id="#menu_title"))

    def _entry(self, key, x, y, width, label) -> None:
        if label:
            self._label(x, y, width, label)
        self.entries[key] = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y + 18, width, 30), manager=self.manager)

    def _place_drop(self, key, x, y, width, label=None) -> None:
        """Where a drop-down goes, under its label (it is made, and re-made, by _drop)."""
        self._label(x, y, width, label or key.upper())
        self.drop_rects[key] = pygame.Rect(x, y + 18, width, 30)

    def _build(self, x: int, y: int, width: int) -> int:
        """The figure form's fields and labelled drop-downs, from y down; returns the y below it."""
        half, sixth = (width - 6) // 2, (width - 20) // 6
        self._entry("name", x, y, half, "NAME")
        self._entry("team", x + half + 6, y, half - 88, "TEAM")
        self._entry("colour", x + 2 * half - 76, y, 82, "COLOUR")
        y += 50
        for i, key in enumerate(("st", "dx", "iq", "ma", "size", "facing")):
            if key in CHOICES:
                self._place_drop(key, x + i * (sixth + 4), y, sixth)
            else:
                self._entry(key, x + i * (sixth + 4), y, sixth, key.upper())
        y += 50
        self._entry("weapons", x, y, width, "WEAPONS (comma-separated)")
        # "Add weapon…" and "Add spell…" say what they are; every other drop-down has a label.
        self.drop_rects["add_weapon"] = pygame.Rect(x, y + 52, width, 30)  # full width: long names
        y += 86
        self._place_drop("ready", x, y, width - 124, "READY (IN HAND)")
        self._place_drop("posture", x + width - 118, y, 118)
        y += 50
        self._entry("skills", x, y, width, "SKILLS (comma-separated)")
        y += 50
        self._label(x, y, width, "SPELLS (comma-separated)")
        self._entry("spells", x, y, half, "")
        self.drop_rects["add_spell"] = pygame.Rect(x + half + 6, y + 18, half, 30)
        y += 50
        self._place_drop("armor", x, y, half)
        self._place_drop("shield", x + half + 6, y, half)
        return y + 56

    def drop(self, key: str, options: list[str], value: str) -> None:
        # A drop-down keeps its own displayed choice: it is re-created to show another one.
        if key in self.drops:
            self.drops[key].kill()
        self.drops[key] = pygame_gui.elements.UIDropDownMenu(
            options, value if value in options else options[0], self.drop_rects[key], manager=self.manager)

    def load(self, spec: FigureSpec | None, teams: dict[str, str] | None = None) -> None:
        """Show a figure in the form (or defaults for a new one), with its team's colour."""
        spec = spec or FigureSpec(name="New figure", at=(0, 0))
        values = {"name": spec.name, "team": spec.team, "st": spec.st, "dx": spec.dx, "iq": spec.iq,
                  "ma": spec.ma, "weapons": ", ".join(spec.weapons), "skills": ", ".join(spec.skills),
                  "spells": ", ".join(spec.spells), "colour": (teams or {}).get(spec.team, "")}
        for name, entry in self.entries.items():
            entry.set_text(str(values[name]))
        tables = load_tables()
        armor = tables.armor_piece(spec.armor).name if spec.armor else "none"
        shield = tables.armor_piece(spec.shield).name if spec.shield else "none"
        for name, value in (("armor", armor), ("shield", shield), ("size", str(spec.size)),
                            ("posture", spec.posture)):
            self.drop(name, self.choices[name], value)
        self.drop("facing", facing_names(self.kind), facing_names(self.kind)[spec.facing])
        # ready None: the first weapon (as in a map file); "": empty-handed
        ready = spec.ready if spec.ready is not None else (spec.weapons[0] if spec.weapons else "")
        self.sync_ready(ready or "none")

    def sync_ready(self, value: str | None = None) -> None:
        """Rebuild the ready drop-down from the weapons field: "none" and each weapon carried."""
        weapons = list(dict.fromkeys(split(self.entries["weapons"].get_text())))
        if value is None:
            if tuple(weapons) == self.ready_for:
                return
            value = option(self.drops["ready"])
            if value not in weapons and not (value == "none" and self.ready_for):
                value = weapons[0] if weapons else "none"  # a first weapon is readied, as in a map file
        value = next((w for w in weapons if w.casefold() == value.casefold()), value)
        self.ready_for = tuple(weapons)
        self.drop("ready", ["none", *weapons], value)

    def add(self, key: str, name: str) -> str | None:
        """An "Add weapon…" or "Add spell…" choice: append it to its field."""
        placeholder, field = ADD[key]
        self.drop(key, self.choices[key], placeholder)
        if name == placeholder:
            return None
        entry = self.entries[field]
        entry.set_text(", ".join(split(entry.get_text()) + [name]))
        self.sync_ready()
        return f"Added {name} to the {field}; Apply (or New) to keep it"

    def data(self, at: tuple[int, int]) -> dict:
        """The figure the form describes, as map-file data placed at `at`."""
        self.sync_ready()
        text = {name: entry.get_text().strip() for name, entry in self.entries.items()}
        data = {"name": text["name"], "team": text["team"] or "neutral", "at": at,
                "weapons": split(text["weapons"]), "skills": split(text["skills"]),
                "spells": split(text["spells"])}
        for key in ("st", "dx", "iq", "ma"):
            data[key] = text[key]  # pydantic says what is wrong with "twelve"
        chosen = {key: option(drop) for key, drop in self.drops.items()}
        for key in ("armor", "shield"):
            data[key] = None if chosen[key] == "none" else chosen[key]
        data["ready"] = chosen["ready"]  # "none": empty-handed
        data["size"] = int(chosen["size"])
        data["facing"] = facing_names(self.kind).index(chosen["facing"])
        data["posture"] = chosen["posture"]
        return data
