"""Keys and help of one ruleset are not shown under another (issue 18): no Q/E turning without
facing, no T without threat zones, the GM's "+/-" names the ruleset's own meter, and only the GM
commands the ruleset takes are offered."""

import pytest

from board.game import Game
from board.maps import load_map
from board.ui.play import hints as keys
from tests.ui_driver import ROOT

MAPS = {
    "warrior-wizard": "arena",
    "combat-chart": "combat-chart-skirmish",
    "dox": "dox-skirmish",
    "usage-dice": "usage-dice-skirmish",
    "melee-seconds": "melee-seconds-skirmish",
}


def game(ruleset: str) -> Game:
    return Game(load_map(ROOT / "maps" / f"{MAPS[ruleset]}.yaml", ruleset), seed=1)


@pytest.mark.parametrize("ruleset", sorted(MAPS))
def test_the_help_and_hints_offer_only_this_rulesets_keys(ruleset):
    g = game(ruleset)
    tokens = g.tokens()
    rows = keys.help_rows(g.ruleset, tokens)
    text = (
        " ".join(f"{k} {w}" for k, w in rows)
        + " "
        + keys.hint("gm", g.ruleset, tokens)
        + " "
        + keys.hint("move", g.ruleset, tokens)
    )
    assert ("Q / E" in dict(rows)) == g.ruleset.facing
    assert ("T" in dict(rows)) == keys.has_threat_zones(tokens)
    assert ("T threat zones" in keys.hint("move", g.ruleset, tokens)) == keys.has_threat_zones(tokens)
    meter = next(t.meter_label for t in tokens.values() if t.meter_label)
    assert f"+/- {meter}" in text
    for key in getattr(g.ruleset, "gm_keys", ()):
        assert (key.words in keys.hint("gm", g.ruleset, tokens)) == (key.action in g.ruleset.gm_actions)
    assert ("A add a copy" in text) == ("add" in g.ruleset.gm_actions)


def test_warrior_wizard_keeps_every_key():
    g = game("warrior-wizard")
    hint = keys.hint("gm", g.ruleset, g.tokens())
    assert hint == (
        "GM: drag figures · Q/E turn · +/- ST · P posture · S surprise · I fire · C chase · "
        "A add a copy at the mouse · Del remove · G leaves"
    )
