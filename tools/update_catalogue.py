"""Brings board/locale/*.po up to date with the source: every message board/ marks (_, N_,
ngettext) gets an entry, translations kept, messages no longer marked dropped (and listed).

    python tools/update_catalogue.py        then translate the entries with an empty msgstr
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from board.po import Entry, extract, format_po, parse_po  # noqa: E402

HEADER = ("Project-Id-Version: hexboard\nMIME-Version: 1.0\n"
          "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n")
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


def main() -> int:
    messages = marked_messages()
    for language in PLURALS:
        dropped = update(ROOT / "board" / "locale" / f"{language}.po", messages)
        for msgid in dropped:
            print(f"{language}: dropped {msgid!r}")
    print(f"{len(messages)} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
