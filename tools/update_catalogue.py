"""Brings board/locale/*.po up to date with the source: every message board/ marks (_, N_,
ngettext) gets an entry, translations kept, messages no longer marked dropped (and listed).

    python tools/update_catalogue.py          then translate the entries with an empty msgstr
    python tools/update_catalogue.py --rules  lists the rule texts (not translated this round)

The rule systems' texts are marked by their constructors, as xgettext's keywords mark them
(-k Event:2 -k Refusal:1 -k ActionInfo:2): the log line of an Event, the reason of a Refusal,
the label of an action. --rules lists each with its place; most are f-strings, which must
become format strings (_("{name} moves").format(name=...)) before they can be translated.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from board.po import Entry, extract, format_po, parse_po  # noqa: E402

HEADER = (
    "Project-Id-Version: hexboard\nMIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
)
PLURALS = {"de": "nplurals=2; plural=(n != 1);"}


def marked_messages(root: Path = ROOT) -> list[Entry]:
    """Every message marked in board/, once, in the order first met (file by file)."""
    seen: dict[tuple[str, str | None], Entry] = {}
    for path in sorted((root / "board").rglob("*.py")):
        for entry in extract(path.read_text(encoding="utf-8")):
            seen.setdefault((entry.msgid, entry.plural), entry)
    return list(seen.values())


def update(path: Path, messages: list[Entry]) -> list[str]:
    """Rewrite one catalogue for these messages; the ids it dropped."""
    language = path.stem
    old = {(e.msgid, e.plural): e for e in parse_po(path.read_text(encoding="utf-8"))} if path.exists() else {}
    header = Entry("", strings={0: HEADER + f"Language: {language}\nPlural-Forms: {PLURALS[language]}\n"})
    entries = [header]
    for message in messages:
        kept = old.pop((message.msgid, message.plural), None)
        if kept is None:
            forms = 1 if message.plural is None else 2
            kept = Entry(message.msgid, message.plural, strings=dict.fromkeys(range(forms), ""))
        entries.append(kept)
    path.write_text(format_po(entries), encoding="utf-8")
    return [msgid for (msgid, _), e in old.items() if msgid]


# constructor -> the position of its text among the arguments (xgettext's -k NAME:N)
RULE_TEXTS = {"Event": 1, "Refusal": 0, "ActionInfo": 1}


def rule_texts(root: Path = ROOT) -> list[tuple[str, str]]:
    """(file:line, text) of each rule text under board/rules/, an f-string shown with its fields."""
    import ast

    found = []
    for path in sorted((root / "board" / "rules").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
            index = RULE_TEXTS.get(name)
            if index is None or len(node.args) <= index:
                continue
            text = node.args[index]
            if isinstance(text, ast.JoinedStr) or (isinstance(text, ast.Constant) and isinstance(text.value, str)):
                found.append((f"{path.relative_to(root)}:{node.lineno}", ast.get_source_segment(source, text)))
    return found


def main() -> int:
    if sys.argv[1:] == ["--rules"]:
        texts = rule_texts()
        for where, text in texts:
            print(f"{where}: {text}")
        print(f"{len(texts)} rule texts")
        return 0
    messages = marked_messages()
    for language in PLURALS:
        dropped = update(ROOT / "board" / "locale" / f"{language}.po", messages)
        for msgid in dropped:
            print(f"{language}: dropped {msgid!r}")
    print(f"{len(messages)} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
