"""Gettext .po catalogues read without a build step: parsed, then compiled to .mo bytes in memory
for the standard library's GNUTranslations (plural forms, contexts and fallback as gettext does)."""

from __future__ import annotations

import ast
import gettext
import io
import struct
from dataclasses import dataclass, field

MAGIC = 0x950412DE
KEYWORDS = ("msgctxt", "msgid_plural", "msgid", "msgstr")


@dataclass
class Entry:
    """One message of a catalogue: its context, id, plural id, translations and flags."""

    msgid: str = ""
    plural: str | None = None
    context: str | None = None
    strings: dict[int, str] = field(default_factory=dict)  # msgstr (0) or msgstr[n]
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def translated(self) -> bool:
        """Every form translated and not marked fuzzy."""
        return bool(self.strings) and all(self.strings.values()) and "fuzzy" not in self.flags


class POError(ValueError):
    """A line of a .po file that is not .po syntax."""


def _quoted(text: str, number: int) -> str:
    """A .po string literal's value ("..." with C escapes)."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise POError(f"line {number}: expected a quoted string, got {text!r}")
    try:  # .po escapes are a subset of Python's: \n \t \" \\
        return ast.literal_eval(text)
    except (ValueError, SyntaxError) as error:
        raise POError(f"line {number}: {error}") from None


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file, header (msgid "") first; raises POError naming the line."""
    entries: list[Entry] = []
    entry, target, flags = Entry(), None, set()

    def finish() -> None:
        nonlocal entry
        if target is not None:
            entries.append(entry)
        entry = Entry()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#,"):
            flags |= {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if target is None:
                raise POError(f"line {number}: a string continues no keyword")
            kind, index = target
            value = _quoted(line, number)
            if kind == "msgstr":
                entry.strings[index] += value
            else:
                setattr(entry, kind, (getattr(entry, kind) or "") + value)
        else:
            keyword, _, rest = line.partition(" ")
            base, _, subscript = keyword.partition("[")
            if base not in KEYWORDS:
                raise POError(f"line {number}: unknown keyword {keyword!r}")
            if base in ("msgctxt", "msgid") and (target is None or target[0] == "msgstr"):
                finish()  # a new entry begins
                entry.flags, entry.line, flags = flags, number, set()
            value = _quoted(rest, number)
            if base == "msgstr":
                n = int(subscript.rstrip("]")) if subscript else 0
                entry.strings[n] = value
                target = ("msgstr", n)
            else:
                setattr(entry, {"msgid_plural": "plural", "msgctxt": "context"}.get(base, base), value)
                target = ({"msgid_plural": "plural", "msgctxt": "context"}.get(base, base), 0)
    finish()
    return entries


def compile_mo(entries: list[Entry]) -> bytes:
    """The .mo file of the translated entries (as msgfmt writes it, without the hash table)."""
    pairs = {}
    for entry in entries:
        if not (entry.translated or entry.msgid == ""):
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        pairs[key.encode()] = "\0".join(entry.strings[n] for n in sorted(entry.strings)).encode()
    if b"charset=" not in pairs.get(b"", b""):  # the bytes are UTF-8: say so, as gettext reads the header
        pairs[b""] = b"Content-Type: text/plain; charset=UTF-8\n" + pairs.get(b"", b"")
    keys = sorted(pairs)
    start = 7 * 4 + 16 * len(keys)  # the header and both tables come first
    ids = b"".join(k + b"\0" for k in keys)
    offsets, position = [], start
    for k in keys:
        offsets.append((len(k), position))
        position += len(k) + 1
    translated = []
    for k in keys:
        translated.append((len(pairs[k]), position))
        position += len(pairs[k]) + 1
    tables = [n for pair in offsets + translated for n in pair]
    header = struct.pack("7I", MAGIC, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"{len(tables)}I", *tables) + ids + b"".join(pairs[k] + b"\0" for k in keys)


def _literal(text: str) -> str:
    """A .po string literal of the text."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in text[:-1]:
        return '"' + escaped.replace("\n", "\\n") + '"'
    pieces = escaped.split("\n")  # a message of several lines: one literal a line, as msgmerge writes
    lines = [piece + "\\n" for piece in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return '""\n' + "\n".join(f'"{line}"' for line in lines)


def format_po(entries: list[Entry]) -> str:
    """The text of a .po file holding these entries."""
    blocks = []
    for entry in entries:
        lines = [f"#, {', '.join(sorted(entry.flags))}"] if entry.flags else []
        if entry.context is not None:
            lines.append(f"msgctxt {_literal(entry.context)}")
        lines.append(f"msgid {_literal(entry.msgid)}")
        if entry.plural is None:
            lines.append(f"msgstr {_literal(entry.strings.get(0, ''))}")
        else:
            lines.append(f"msgid_plural {_literal(entry.plural)}")
            lines += [f"msgstr[{n}] {_literal(entry.strings.get(n, ''))}" for n in sorted(entry.strings)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


def extract(source: str) -> list[Entry]:
    """The messages a Python source marks for translation: _("..."), N_("...") and
    ngettext("...", "...", n), with their line numbers (strings only: never an f-string)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if node.func.id in ("_", "N_") and len(node.args) == 1 and texts:
            found.append(Entry(texts[0], line=node.lineno))
        elif node.func.id == "ngettext" and len(texts) >= 2:
            found.append(Entry(texts[0], texts[1], line=node.lineno))
    return sorted(found, key=lambda e: e.line)


def translations_from_po(text: str) -> gettext.GNUTranslations:
    """A gettext catalogue read from the text of a .po file."""
    return gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(text))))
