"""An action's settings (a command's params) are a typed model read once at the door: an unknown
or ill-typed setting is refused with a sentence a player reads, before the rules see the command,
and the same setting is judged the same way under every ruleset (board.rules.kernel.params)."""

from __future__ import annotations

import random

import pytest
import yaml

from board.game import Game
from board.rules.base import Command
from board.maps import load_map
from board.rules.registry import get_ruleset, ruleset_ids
from helpers import ROOT, refused

ARENA = ROOT / "maps" / "arena.yaml"


def arena(ruleset: str) -> Game:
    return Game(load_map(ARENA, ruleset), seed=2)


def first_figure(game: Game) -> str:
    return next(iter(game.tokens()))


# The drift the issue named: one ruleset took `true` as 1 where its twin refused it, one took an
# unknown key beside a real one, one took any value as the name of an activity.
DRIFTED = [
    ("warrior-wizard", "attack", {"extra_damage": True}, "extra damage from Strength is a whole number"),
    ("dox", "strike", {"pull": True}, "pull the blow by a whole number"),
    ("usage-dice", "stance", {"dodge": True, "zzz": 1}, "stance does not take params.zzz"),
    ("melee-seconds", "thievish", {"seconds": 1, "activity": {"a": 1}}, "activity must be a name"),
    ("combat-chart", "attack", {"aim": 1}, "params.aim"),
]


@pytest.mark.parametrize("ruleset, action, params, said", DRIFTED)
def test_an_ill_typed_or_unknown_setting_is_refused_with_a_reason_and_changes_nothing(ruleset, action, params, said):
    game = arena(ruleset)
    reason = refused(game, do="act", figure=first_figure(game), action=action, params=params)
    assert said in reason


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_gm_amount_of_the_wrong_kind_is_refused_the_same_under_every_ruleset(ruleset):
    game = arena(ruleset)
    for amount in (True, "2", 1.0, 0):
        reason = refused(game, do="gm", action="damage", figure=first_figure(game), params={"amount": amount})
        assert reason == "give params.amount: a whole number, 1 or more"


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_settings_are_refused_before_whose_turn_it_is(ruleset):
    # The door reads the settings first: a typo is named even when the figure could not act now.
    game = arena(ruleset)
    names = list(game.tokens())
    for name in names:
        reason = refused(game, do="act", figure=name, action="pass", params={"zzz": 1})
        assert reason == "pass does not take params.zzz"


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_action_names_a_strict_model_that_forbids_other_settings(ruleset):
    rules = get_ruleset(ruleset)
    assert rules.params_types, "no action takes a setting"
    for (do, action), model in rules.params_types.items():
        config = model.model_config
        assert config.get("extra") == "forbid" and config.get("strict") is True, (do, action)
        assert set(model.hints) <= set(model.model_fields), (do, action)


def test_no_rule_reads_a_commands_params_by_hand():
    rules = ROOT / "board" / "rules"
    for path in sorted(rules.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for hand_read in ("command.params.get(", "command.params[", "in command.params"):
            assert hand_read not in text, f"{path.relative_to(ROOT)} reads {hand_read}"


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_an_attack_with_settings_is_predicted_as_it_would_be_submitted(ruleset):
    # The odds read the settings through the same model as the submit: a Melee Seconds charge
    # with `forward` once had none, its plot read as a plain one that takes no `forward`.
    game, rng, seen = arena(ruleset), random.Random(3), 0
    for _ in range(150):
        legal = game.legal_actions()
        if not legal:
            break
        for c in legal:
            if c.target and c.params and game.predict(c.model_copy(update={"params": {}})):
                assert game.predict(c) is not None, c
                seen += 1
        game.submit(rng.choice(legal))
    if ruleset == "melee-seconds":
        assert seen, "no attack with settings came up"


# --- the command's own fields: each action names those it takes (board.rules.kernel.fields) ----


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_field_the_action_does_not_take_is_refused_by_name_and_changes_nothing(ruleset):
    game = arena(ruleset)
    legal = game.legal_actions()
    assert legal and all(game.ruleset.untaken(c) is None for c in legal)
    damage = {"do": "gm", "action": "damage", "figure": first_figure(game), "params": {"amount": 1}}
    assert refused(game, **damage, weapon="Sword") == "damage does not take weapon"
    assert refused(game, **damage, target=first_figure(game), to=(0, 0)) == "damage does not take to, target"
    taken = {h for t in game.tokens().values() for h in t.cells}
    free = next(
        h for h in sorted(game.battle.cells) if h not in taken and game.battle.why_not_stand(1, h, 0, {}) is None
    )
    spec = {"name": "Zed", "team": "Red", "at": [free.q, free.r]}
    assert refused(game, do="gm", action="add", figure="Zed", params={"spec": spec}) == "add does not take figure"


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_gm_place_takes_a_facing_exactly_where_figures_face(ruleset):
    rules = get_ruleset(ruleset)
    assert ("facing" in rules.takes[("gm", "place")].split()) is rules.facing


def test_melee_seconds_actions_take_a_target_exactly_where_its_action_table_says():
    rules = get_ruleset("melee-seconds")
    table = yaml.safe_load((ROOT / "assets" / "tables" / "melee-seconds" / "actions.yaml").read_text())
    rows = table.get("actions", table)
    for action, row in rows.items():
        if isinstance(row, dict) and "needs" in row:
            aimed = Command(do="act", figure="A", action=action, target="B")
            assert (rules.untaken(aimed) is None) is (row["needs"] == "target"), action
