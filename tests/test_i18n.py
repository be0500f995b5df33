"""A second language: every message the source marks has a German translation, the catalogue
is read as gettext reads it, and the language follows the system, the setting and --language."""

import gettext
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from board import i18n
from board.po import compile_mo, extract, format_po, parse_po, translations_from_po

ROOT = Path(__file__).resolve().parents[1]
GERMAN = ROOT / "board" / "locale" / "de.po"
# {name}, %(name)s, %s, %r, %d: what a translation must keep for the code to fill it in
FIELDS = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}|%\([a-z_]+\)[srd]|%[srd]")


def marked() -> dict[tuple[str, str | None], str]:
    """Every message board/ marks for translation -> where (file:line)."""
    found = {}
    for path in sorted((ROOT / "board").rglob("*.py")):
        for entry in extract(path.read_text(encoding="utf-8")):
            found.setdefault((entry.msgid, entry.plural), f"{path.relative_to(ROOT)}:{entry.line}")
    return found


def german() -> dict[tuple[str, str | None], object]:
    return {(e.msgid, e.plural): e for e in parse_po(GERMAN.read_text(encoding="utf-8")) if e.msgid}


def test_every_marked_message_has_a_german_translation():
    catalogue = german()
    missing = [
        f"{where}: {msgid!r}"
        for (msgid, plural), where in marked().items()
        if (msgid, plural) not in catalogue or not catalogue[msgid, plural].translated
    ]
    assert not missing, f"{len(missing)} messages without German (python tools/update_catalogue.py):\n" + "\n".join(
        missing
    )


def test_the_german_catalogue_holds_no_message_the_source_no_longer_marks():
    stale = sorted(set(german()) - set(marked()))
    assert not stale, stale


def test_a_translation_keeps_the_fields_the_code_fills_in():
    wrong = []
    for (msgid, plural), entry in german().items():
        for n, text in entry.strings.items():
            source = msgid if n == 0 or plural is None else plural
            if sorted(FIELDS.findall(text)) != sorted(FIELDS.findall(source)) and not (
                plural and n == 0 and set(FIELDS.findall(text)) <= set(FIELDS.findall(source))
            ):
                wrong.append(f"{msgid!r} -> {text!r}")
    assert not wrong, "\n".join(wrong)


def test_the_catalogue_reads_as_msgfmt_compiles_it(tmp_path):
    if shutil.which("msgfmt") is None:
        pytest.skip("GNU gettext's msgfmt is not installed")
    subprocess.run(["msgfmt", "--check-format", "-o", str(tmp_path / "de.mo"), str(GERMAN)], check=True)
    with open(tmp_path / "de.mo", "rb") as stream:
        theirs = gettext.GNUTranslations(stream)
    ours = translations_from_po(GERMAN.read_text(encoding="utf-8"))
    assert ours._catalog == theirs._catalog


def test_the_po_reader_round_trips_escapes_plurals_and_lines():
    text = format_po(
        parse_po(
            'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
            '#, fuzzy\nmsgid "guess"\nmsgstr "Vermutung"\n\n'
            'msgid "a \\"b\\"\\tc\\n"\n"second\\n"\nmsgstr "ä \\"b\\"\\tc\\n"\n"zweite\\n"\n\n'
            'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "eins"\nmsgstr[1] "viele"\n'
        )
    )
    entries = parse_po(text)
    assert [e.msgid for e in entries] == ["", "guess", 'a "b"\tc\nsecond\n', "one"]
    assert not entries[1].translated  # fuzzy: not used
    translations = gettext.GNUTranslations(__import__("io").BytesIO(compile_mo(entries)))
    assert translations.gettext("guess") == "guess"
    assert translations.gettext('a "b"\tc\nsecond\n') == 'ä "b"\tc\nzweite\n'
    assert [translations.ngettext("one", "many", n) for n in (1, 2)] == ["eins", "viele"]


def test_a_broken_po_line_is_named():
    with pytest.raises(ValueError, match="line 2"):
        parse_po('msgid "a"\nmsgstr oops\n')


def test_the_language_is_the_option_else_the_setting_else_the_system():
    assert i18n.choose("de", "en", {"LANG": "en_GB.UTF-8"}) == "de"
    assert i18n.choose(None, "de", {"LANG": "en_GB.UTF-8"}) == "de"
    assert i18n.choose(None, None, {"LANG": "de_AT.UTF-8"}) == "de"
    assert i18n.choose(None, None, {"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}) == "de"
    assert i18n.choose(None, None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"  # the first set decides
    assert i18n.choose(None, None, {}) == "en"


@pytest.mark.parametrize("hostile", ["../../../etc/passwd", "de/../../x", "\x00de", "de" * 10000, ""])
def test_a_hostile_language_value_falls_back_to_english_and_names_no_file(hostile):
    assert i18n.choose(hostile, hostile, {"LANGUAGE": hostile, "LANG": hostile}) in ("en", "de")
    assert i18n.choose(hostile, hostile, {"LANGUAGE": hostile}) == "en"
    assert i18n.activate(hostile) == "en"


def test_activating_german_translates_our_words_and_argparses():
    import argparse

    try:
        i18n.activate("de")
        assert i18n._("options") == "Optionen"
        assert argparse._("usage: ") == "Aufruf: "  # type: ignore[attr-defined]
    finally:
        i18n.activate("en")
    assert i18n._("options") == "options" and argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]


def run_main(*args: str, data: Path, **environ: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env.update(HEXBOARD_DATA_DIR=str(data), **environ)
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env
    )


ENGLISH_WORDS = ("usage:", "options:", "positional arguments", "show this help message")


def test_the_german_help_is_german_throughout(tmp_path):
    from board.cli import build_parser

    commands = sorted(build_parser().command_names)
    for command in [None, *commands]:
        result = run_main(*([command] if command else []), "--help", data=tmp_path, LANGUAGE="de")
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("Aufruf: ") and "Optionen:" in result.stdout
        english = [w for w in ENGLISH_WORDS if w in result.stdout]
        assert not english, f"{command}: {english}"
    top = run_main("--help", data=tmp_path, LANGUAGE="de").stdout
    assert "Hexboard: ein Hexfeld-Spielbrett" in top and "Startbildschirm" in top


def test_the_remembered_language_and_the_option_choose_the_help(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"language": "de"}))
    assert run_main("--help", data=tmp_path, LANG="en_US.UTF-8").stdout.startswith("Aufruf: ")
    assert run_main("--language", "en", "--help", data=tmp_path).stdout.startswith("usage: ")
    (tmp_path / "settings.json").write_text(json.dumps({"language": "../../de"}))
    assert run_main("--help", data=tmp_path, LANG="de_DE.UTF-8").stdout.startswith("Aufruf: ")
    assert run_main("--help", data=tmp_path, LANG="C").stdout.startswith("usage: ")


def test_a_german_argument_error_is_german(tmp_path):
    result = run_main("play", "--palette", "pink", data=tmp_path, LANGUAGE="de")
    assert result.returncode == 2
    assert "Fehler: Argument --palette: ungültige Wahl: 'pink'" in result.stderr
