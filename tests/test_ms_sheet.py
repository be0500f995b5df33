"""The sheet: defaults, catalogue checks, and other rulesets' maps played under Melee Seconds."""

from board.game import Game
from board.maps import parse_map
from board.rules.registry import get_ruleset
from board.rules.melee_seconds.sheet import MSFigureSpec

RULES = get_ruleset("melee-seconds")


def test_every_sheet_field_has_a_default_and_a_description():
    for name, field in MSFigureSpec.model_fields.items():
        if name in ("name", "at"):
            continue
        assert not field.is_required(), name
        assert field.description or name in ("team", "sheets"), name


def test_unknown_catalogue_names_are_reported_with_the_expected_ones():
    problems = []
    spec = MSFigureSpec(name="X", at=(0, 0), weapons=["Laser"], armour="Kevlar", spells=["Wish"])
    RULES.check_figure(spec, lambda path, message: problems.append((path, message)))
    assert problems[0][0] == ("weapons", 0) and "Sword" in problems[0][1]
    assert any(p[0] == ("armour",) and "Mail" in p[1] for p in problems)
    assert any(p[0] == ("spells", 0) and "Firebolt" in p[1] for p in problems)


def test_ready_null_on_a_sheet_means_empty_handed_as_in_every_ruleset():
    """A written `ready: null` (or none) is empty hands; only a sheet without `ready` takes the first."""
    for written in (None, "none", " NONE "):
        spec = MSFigureSpec.model_validate({"name": "X", "at": [0, 0], "weapons": ["Spear"], "ready": written})
        assert RULES.check_figure(spec, lambda *a: None).ready == ""


def test_a_ready_weapon_not_carried_is_reported_by_the_shared_sentence():
    problems = []
    spec = MSFigureSpec(name="X", at=(0, 0), weapons=["Spear"], ready="sword")
    assert RULES.check_figure(spec, lambda path, message: problems.append((path, message))).ready == ""
    assert problems == [(("ready",), 'X readies "sword" but does not carry it; carried: Spear')]


def test_ready_defaults_to_the_first_weapon_and_none_means_empty_handed():
    spec = RULES.check_figure(MSFigureSpec(name="X", at=(0, 0), weapons=["Spear"]), lambda *a: None)
    assert spec.ready == "Spear"
    spec = RULES.check_figure(MSFigureSpec(name="X", at=(0, 0), ready="none"), lambda *a: None)
    assert spec.ready == ""


def test_a_warrior_and_wizard_map_plays_under_melee_seconds_with_defaults():
    battle = parse_map(
        "name: T\nradius: 4\nfigures:\n"
        "  - {name: A, team: Red, at: [0, 0], st: 12, weapons: [Broadsword]}\n"
        "  - {name: B, team: Blue, at: [2, 0], sheets: {melee-seconds: {amr: 3}}}\n",
        ruleset="melee-seconds",
    )
    game = Game(battle, {}, seed=1)
    assert game.state.figures["B"].sheet.amr == 3 and game.state.figures["A"].ready == "Sword"
    assert game.ruleset.turn_info(game.state).phase == "general"


def test_no_pygame_under_the_ruleset():
    from pathlib import Path

    package = Path(__file__).resolve().parents[1] / "board" / "rules" / "melee_seconds"
    for module in package.glob("*.py"):
        assert "pygame" not in module.read_text(), module
        assert len(module.read_text().splitlines()) < 350, module


def test_an_off_hand_weapon_must_be_carried_one_handed_and_leaves_no_shield_ready():
    from board.rules.melee_seconds.sheet import MSFigureSpec, check_figure

    def problems(**fields):
        found = []
        spec = MSFigureSpec.model_validate({"name": "A", "team": "Red", "at": (0, 0), **fields})
        checked = check_figure(spec, lambda path, message: found.append(message))
        return checked.off_hand, found

    assert problems(weapons=["Dagger", "Dagger"], off_hand="Dagger") == ("Dagger", [])
    assert problems(weapons=["Sword"], off_hand="Sword")[1]
    assert problems(weapons=["Sword", "Pike"], off_hand="Pike")[1]
    assert problems(weapons=["Sword", "Dagger"], off_hand="Dagger", shield="Shield")[1]
    assert problems(weapons=["Sword", "Dagger"], off_hand="Dagger", shield="Shield", shield_ready=False) == (
        "Dagger",
        [],
    )
