"""Names in a ruleset's catalogues (assets/tables/<ruleset>/): found in any case or by an alias,
else refused with the closest name suggested."""

from __future__ import annotations

from board.resources import TABLES  # noqa: F401 (the rulesets find their catalogues through it)


class UnknownName(KeyError):
    """A name that is not in the catalogue; the message suggests the closest."""

    def __str__(self) -> str:
        return str(self.args[0])


def suggest(name: str, choices) -> str | None:
    """The closest of choices to name, if any is close."""
    import difflib  # only for a name that is not found: not at start-up

    close = difflib.get_close_matches(str(name), list(choices), n=1, cutoff=0.5)
    return close[0] if close else None


def unknown(what: str, name: str, names, listed: bool = True) -> str:
    """Why a name is refused: 'unknown weapon "Sord" (did you mean "Sword"?); expected one of: ...',
    or without the list: 'unknown weapon "Sord"; did you mean "Sword"?'."""
    close = suggest(name, names)
    if not listed:
        return f'unknown {what} "{name}"' + (f'; did you mean "{close}"?' if close else "")
    hint = f' (did you mean "{close}"?)' if close else ""
    return f'unknown {what} "{name}"{hint}; expected one of: ' + ", ".join(names)


def find_name(name: str, table, what: str, aliases: dict[str, str] | None = None, listed: bool = True) -> str:
    """The table's own spelling of name (any case, or an alias's target); UnknownName if none."""
    folded = {key.casefold(): key for key in table}
    folded.update({alias.casefold(): target for alias, target in (aliases or {}).items()})
    key = folded.get(str(name).strip().casefold())
    if key is None:
        raise UnknownName(unknown(what, name, [*table, *(aliases or {})] if not listed else list(table), listed))
    return key


def known(lookup, name: str, problem=None, path: tuple = ()):
    """A catalogue's entry for a name on a figure sheet (lookup(name)), or None: the unknown name
    reported to problem(path, message) if given (checking a sheet), else passed over (it is
    reported where the sheet is checked)."""
    try:
        return lookup(name)
    except UnknownName as error:
        if problem is not None:
            problem(path, str(error))
        return None
