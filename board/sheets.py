"""Figure sheets in map files: each ruleset validates its own, and a map plays under any ruleset.

A figure in a map file has the common fields (name, team, at, facing, size), the sheet fields
of the map's own ruleset beside them, and `sheets:` (ruleset id -> sheet) for the others. Played
under another ruleset, a figure takes its sheet from `sheets`, or that ruleset's defaults; the
own sheet moves into `sheets`, so that writing the map back loses nothing."""

from __future__ import annotations

from pydantic import ValidationError

from board.models import FigureBase
from board.rules.registry import get_ruleset, ruleset_ids
from board.validation import pydantic_problems
from board.yamlio import Marks, Problem

COMMON = tuple(f for f in FigureBase.model_fields if f != "sheets")


def figure_model(ruleset_id: str) -> type[FigureBase]:
    """The sheet model of a ruleset (the bare common fields for an unknown one)."""
    if ruleset_id in ruleset_ids():
        return get_ruleset(ruleset_id).figure_model()
    return FigureBase


def _validate(model, item, marks: Marks, prefix: tuple, problems: list[Problem]):
    """The item validated (without the fields that failed, if the rest still validates)."""
    try:
        return model.model_validate(item)
    except ValidationError as error:
        problems += pydantic_problems(error, marks, prefix=prefix, data=item, names=model.model_fields)
        if not isinstance(item, dict):
            return None
        bad = {e["loc"][0] for e in error.errors() if e["loc"]}
        if bad & {"name", "at"}:
            return None
        try:
            return model.model_validate({k: v for k, v in item.items() if k not in bad})
        except ValidationError:
            return None


def own_fields(spec: FigureBase) -> dict:
    """A sheet's own fields as a map file holds them (no common fields, no defaults)."""
    return spec.model_dump(mode="json", exclude_defaults=True, exclude={*COMMON, "sheets"})


def figure_specs(
    raw: list, marks: Marks, own_id: str, play_id: str
) -> tuple[list[FigureBase], list[int], list[Problem]]:
    """Every figure's sheet for play_id, checked; with each one's index in the file and the
    problems found (in every sheet the file holds, played or not)."""
    problems: list[Problem] = []
    specs, indexes = [], []
    known = ruleset_ids()
    for index, item in enumerate(raw):
        here = ("figures", index)
        spec = _validate(figure_model(own_id), item, marks, here, problems)
        if spec is None:
            continue
        if own_id in known:
            spec = get_ruleset(own_id).check_figure(
                spec, lambda path, message, here=here: problems.append(marks.problem(here + path, message))
            )
        common = {key: getattr(spec, key) for key in COMMON}
        sheets = {}
        for rid, sheet in spec.sheets.items():
            where = here + ("sheets", rid)
            if rid not in known:
                problems.append(marks.problem(where, f'unknown ruleset "{rid}"; expected one of: ' + ", ".join(known)))
                continue
            if rid == own_id:
                problems.append(
                    marks.problem(where, f'"{rid}" is this map\'s own ruleset: its sheet goes beside name and at')
                )
                continue
            if not isinstance(sheet, dict):
                problems.append(marks.problem(where, "expected a mapping of sheet fields"))
                continue
            clash = sorted(set(sheet) & set(common))
            if clash:
                problems.append(
                    marks.problem(
                        where + (clash[0],), f'"{clash[0]}" is set once, beside name and at, for every ruleset'
                    )
                )
                continue
            # The common fields are valid already: any problem found is the sheet's own.
            checked = _validate(figure_model(rid), {**sheet, **common}, marks, where, problems)
            if checked is not None:
                sheets[rid] = get_ruleset(rid).check_figure(
                    checked, lambda path, message, w=where: problems.append(marks.problem(w + path, message))
                )
        if play_id != own_id and play_id in known:
            others = {rid: own_fields(s) for rid, s in sheets.items() if rid != play_id}
            others[own_id] = own_fields(spec)
            spec = sheets.get(play_id) or get_ruleset(play_id).check_figure(
                figure_model(play_id).model_validate(common), lambda path, message: None
            )
            spec = spec.model_copy(update={"sheets": others})
        specs.append(spec)
        indexes.append(index)
    return specs, indexes, problems
