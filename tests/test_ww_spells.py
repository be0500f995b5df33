"""Spells of Warrior & Wizard: the GM catalogue, casting, upkeep, illusions and disbelief.

Maps are small hexagons in axial coordinates; facing 0 looks along +q, facing 3 along -q.
Merlin (DX 12, IQ 14) always wins initiative over the Orc (DX 9).
"""

from __future__ import annotations

import random

import pytest

from board.game import Game, Outcome
from board.maps import parse_map
from board.rules.base import Command
from board.rules.warrior_wizard.tables import load_spells
from board.yamlio import InputError
from helpers import event_kinds, ok, only

MERLIN = "{name: Merlin, team: A, at: [0, 0], facing: 0, dx: 12, iq: 14, %s}"
ORC = "{name: Orc, team: B, at: [%d, 0], facing: 3, dx: 9, iq: 10, weapons: [Club]}"


def new_game(*figures: str, seed: int = 0, **options) -> Game:
    """A game on a radius-5 map with the given figures (flow-style YAML)."""
    text = "name: Spells\nradius: 5\nfigures:\n" + "".join(f"  - {f}\n" for f in figures)
    return Game(parse_map(text, "spells.yaml"), options, seed=seed)


def merlin(spells: str = "Magic Fist", **fields) -> str:
    extra = ", ".join(f"{k}: {v}" for k, v in fields.items())
    return MERLIN % (f"spells: [{spells}]" + (f", {extra}" if extra else ""))


def to_combat(game: Game, keep: bool = False) -> None:
    """Everyone stands still through the movement phase (with `keep`, casters first keep up
    their spells: "a character does this on his turn, before moving")."""
    while game.state.phase == "movement":
        who = game.state.active
        if keep and game.state.figures[who].spells and not game.state.figures[who].turn.upkeep_paid:
            ok(game, do="move", figure=who, action="upkeep")
        ok(game, do="move", figure=who, action="stand_still")
    assert game.state.phase == "combat"


def next_turn(game: Game) -> Outcome:
    """Everyone left in the combat queue passes; return the outcome that starts the turn."""
    turn = game.state.turn
    while game.state.turn == turn:
        outcome = ok(game, do="act", figure=game.state.active, action="pass")
    return outcome


def cast(game: Game, target: str, spell: str, dice=None, caster="Merlin", **extra) -> Outcome:
    return ok(game, do="act", figure=caster, action="cast", target=target, params={"spell": spell}, dice=dice, **extra)


# --- the catalogue -------------------------------------------------------------------------


def test_the_catalogue_is_gm_data_with_a_sample_of_every_kind():
    spells = load_spells().spells
    assert {s.kind for s in spells.values()} == {"thrown", "condition", "heal", "illusion"}
    assert (spells["Magic Fist"].cost, str(spells["Magic Fist"].dice)) == (2, "1d6")
    assert spells["Fireball"].burning and str(spells["Fireball"].dice) == "2d6"
    assert (spells["Blur"].upkeep, spells["Blur"].condition) == (1, "blur")
    assert spells["Illusory Warrior"].figure.weapons == ["Broadsword"]


def test_an_unknown_spell_on_a_map_is_refused_with_the_closest_name():
    with pytest.raises(InputError) as caught:
        new_game(merlin("Magik Fist"))
    (problem,) = caught.value.problems
    assert problem.line == 4 and 'unknown spell "Magik Fist"; did you mean "Magic Fist"?' in str(problem)


def test_a_caster_names_the_spell_and_must_know_it():
    game = new_game(merlin("Magic Fist, Blur"), ORC % 3)
    to_combat(game)
    command = Command(do="act", figure="Merlin", action="cast", target="Orc")
    assert "name the spell in params.spell" in game.check(command)
    fireball = command.model_copy(update={"params": {"spell": "Fireball"}})
    assert "does not know Fireball" in game.check(fireball)
    (menu,) = [a for a in game.actions("Merlin") if a.id == "cast"]
    assert menu.targets == ("Orc", "Merlin")  # Magic Fist at the Orc, Blur on either


# --- casting costs ST ----------------------------------------------------------------------


def test_casting_costs_the_spells_st_as_lethal_damage():
    game = new_game(merlin(), ORC % 3)
    to_combat(game)
    outcome = cast(game, "Orc", "Magic Fist", dice=(6, 6, 6))
    m = game.state.figures["Merlin"]
    assert (m.lethal, m.nonlethal, m.effective_st) == (2, 0, 8)
    assert only(outcome, "spell_cost").data == {"amount": 2, "nonlethal": False, "st": 8}


def test_strength_loss_from_spellcasting_is_nonlethal_under_the_nonlethal_rule():
    game = new_game(merlin(), ORC % 3, nonlethal_damage=True)
    to_combat(game)
    cast(game, "Orc", "Magic Fist", dice=(6, 6, 6))
    m = game.state.figures["Merlin"]
    assert (m.lethal, m.nonlethal) == (0, 2)


def test_a_caster_may_knock_himself_out_and_the_spell_still_goes_off():
    game = new_game(merlin(st=3), ORC % 3)
    to_combat(game)
    outcome = cast(game, "Orc", "Magic Fist", dice=(1, 1, 1, 4))
    assert event_kinds(outcome)[:5] == ["action", "cast", "spell_cost", "unconscious", "attack"]
    assert game.state.figures["Merlin"].status == "unconscious"
    assert game.state.figures["Orc"].lethal == 4


# --- thrown spells -------------------------------------------------------------------------


@pytest.mark.parametrize("at, between", [(1, 0), (2, 1), (4, 3)])
def test_a_thrown_spell_is_at_minus_one_per_hex_between(at, between):
    game = new_game(merlin(), ORC % at)
    to_combat(game)
    attack = only(cast(game, "Orc", "Magic Fist", dice=(6, 6, 6)), "attack")
    assert attack.data["needed"] == 12 - between
    assert attack.data["dice"] == 3


def test_a_thrown_spell_that_misses_hits_nobody_else():
    # Bo stands in the line of fire: -1 to hit, but a missed spell "dissipates harmlessly".
    bo = "{name: Bo, team: C, at: [2, 0], facing: 1, dx: 3}"
    game = new_game(merlin(), ORC % 4, bo)
    to_combat(game)
    outcome = cast(game, "Orc", "Magic Fist", dice=(6, 6, 6))
    attack = only(outcome, "attack")
    assert not attack.data["hit"] and ("Bo in the line of fire", -1) in attack.data["modifiers"]
    assert not [k for k in event_kinds(outcome) if k.startswith("stray") or k == "damage"]
    assert game.state.figures["Bo"].damage == 0


def test_a_thrown_spell_needs_its_target_in_front():
    game = new_game(merlin(), "{name: Orc, team: B, at: [-2, 0], facing: 0, dx: 9}")
    to_combat(game)
    reason = game.check(Command(do="act", figure="Merlin", action="cast", target="Orc"))
    assert "Orc is not a valid target for Magic Fist" in reason


def test_dodging_makes_a_thrown_spell_roll_four_dice():
    game = new_game(merlin(), ORC % 3)
    to_combat(game)
    ok(game, do="act", figure="Orc", action="dodge")  # declared before Merlin acts
    attack = only(cast(game, "Orc", "Magic Fist", dice=(3, 3, 3, 3)), "attack")
    assert (attack.data["dice"], attack.data["roll"], attack.data["hit"]) == (4, 12, False)


def test_a_fireball_does_lethal_damage_and_armor_gives_its_full_value():
    orc = "{name: Orc, team: B, at: [2, 0], facing: 3, dx: 9, armor: Leather}"
    game = new_game(merlin("Fireball"), orc, nonlethal_damage=True)
    to_combat(game)
    outcome = cast(game, "Orc", "Fireball", dice=(1, 1, 1, 5, 4))
    assert only(outcome, "damage").data == {
        "raw": 9,
        "armor": 2,
        "taken": 7,
        "lethal": 7,
        "nonlethal": 0,
        "st": 3,
        "st_max": 10,
    }


# --- conditions and upkeep -----------------------------------------------------------------


def test_blur_makes_the_target_harder_to_hit():
    # Adjacent and facing each other: both Engaged; Merlin uses "Shift one hex and cast".
    game = new_game(merlin("Blur"), ORC % 1)
    to_combat(game)
    outcome = cast(game, "Merlin", "Blur")
    assert "attack" not in event_kinds(outcome)  # a condition takes effect without a roll
    attack = only(ok(game, do="act", figure="Orc", action="attack", target="Merlin", dice=(6, 6, 6)), "attack")
    assert ("spell: Blur", -4) in attack.data["modifiers"]
    assert attack.data["needed"] == 9 - 4


def test_spell_upkeep_a_character_does_this_on_his_turn_before_moving():
    game = new_game(merlin("Blur", st=6), ORC % 3)
    to_combat(game)
    cast(game, "Merlin", "Blur")
    assert game.state.figures["Merlin"].effective_st == 4
    turn2 = next_turn(game)
    assert "spell_cost" not in event_kinds(turn2)  # nothing is charged before he chooses
    assert game.state.active == "Merlin"
    kept = ok(game, do="move", figure="Merlin", action="upkeep")
    assert event_kinds(kept) == ["spell_cost"] and game.state.active == "Merlin"  # he still moves
    assert game.state.figures["Merlin"].effective_st == 3
    to_combat(game)
    assert len(game.state.spells) == 1
    next_turn(game)
    ok(game, do="move", figure="Merlin", action="upkeep")  # ST 2: still conscious
    to_combat(game)
    next_turn(game)  # now 1 more would knock him out: refused, with the reason
    reason = game.submit(Command(do="move", figure="Merlin", action="upkeep")).reason
    assert reason == "Merlin cannot spend 1 ST on upkeep without passing out"


def blur_up(**options) -> Game:
    """Merlin cast Blur on himself last turn; it is his turn to move, Blur up for upkeep."""
    game = new_game(merlin("Blur"), ORC % 3, **options)
    to_combat(game)
    cast(game, "Merlin", "Blur")
    next_turn(game)
    return game


def test_if_he_moves_but_fails_to_announce_upkeep_the_spell_fails_and_costs_nothing():
    game = blur_up()
    st = game.state.figures["Merlin"].effective_st
    moved = ok(game, do="move", figure="Merlin", action="stand_still")
    assert only(moved, "spell_ends").data["spell"] == "Blur" and game.state.spells == []
    assert game.state.figures["Merlin"].effective_st == st


def test_a_caster_may_take_a_breather_no_spending_str_on_maintaining_spells():
    game = blur_up(nonlethal_damage=True, breather=True)
    st = game.state.figures["Merlin"].effective_st
    outcome = ok(game, do="move", figure="Merlin", action="breather")
    assert "spell_ends" in event_kinds(outcome) and "spell_cost" not in event_kinds(outcome)
    assert game.state.figures["Merlin"].turn.stance == "breather"
    assert game.state.figures["Merlin"].effective_st == st and game.state.spells == []


def test_a_caster_who_kept_a_spell_up_cannot_take_a_breather():
    game = blur_up(nonlethal_damage=True, breather=True)
    ok(game, do="move", figure="Merlin", action="upkeep")
    reason = game.submit(Command(do="move", figure="Merlin", action="breather")).reason
    assert reason == "Take a breather: Merlin spent ST keeping a spell up this turn"


def test_upkeep_is_announced_before_moving():
    game = blur_up()
    ok(game, do="move", figure="Merlin", action="delay", path=((0, 1),))
    while game.state.active != "Merlin":
        ok(game, do="move", figure=game.state.active, action="stand_still")
    outcome = game.submit(Command(do="move", figure="Merlin", action="upkeep"))
    assert not outcome.accepted and game.state.spells == []  # it failed when he moved


def test_upkeep_lapses_when_the_caster_is_unconscious():
    # Ann keeps team A in the fight while Merlin lies unconscious.
    game = new_game(merlin("Blur"), ORC % 3, "{name: Ann, team: A, at: [0, 2], dx: 8}")
    to_combat(game)
    cast(game, "Merlin", "Blur")
    ok(game, do="gm", figure="Merlin", action="damage", params={"amount": 7})
    assert game.state.figures["Merlin"].status == "unconscious"
    turn2 = next_turn(game)
    assert only(turn2, "spell_ends").data["spell"] == "Blur" and game.state.spells == []


# --- healing -------------------------------------------------------------------------------


def test_healing_spells_heal_lethal_damage_first():
    game = new_game(merlin("Heal"), ORC % 3, nonlethal_damage=True)
    to_combat(game)
    ok(game, do="gm", figure="Merlin", action="damage", params={"amount": 2})  # lethal
    outcome = cast(game, "Merlin", "Heal", dice=(4,))  # costs 3 nonlethal first
    heal = only(outcome, "heals")
    assert (heal.data["lethal"], heal.data["nonlethal"]) == (2, 2)
    m = game.state.figures["Merlin"]
    assert (m.lethal, m.nonlethal) == (0, 1)


def test_a_healed_figure_wakes_when_his_strength_allows():
    ann = "{name: Ann, team: A, at: [1, 0], facing: 3, dx: 8}"
    game = new_game(merlin("Heal"), ann, ORC % 3)
    ok(game, do="gm", figure="Ann", action="damage", params={"amount": 9})
    assert game.state.figures["Ann"].status == "unconscious"
    to_combat(game)
    outcome = cast(game, "Ann", "Heal", dice=(2,))
    assert "wakes" in event_kinds(outcome)
    assert game.state.figures["Ann"].effective_st == 3


def test_healing_an_unhurt_figure_is_refused():
    game = new_game(merlin("Heal"), ORC % 3)
    to_combat(game)
    command = Command(do="act", figure="Merlin", action="cast", target="Merlin")
    assert game.check(command) == "Merlin has no damage to heal"


# --- illusions and disbelief ---------------------------------------------------------------


def test_an_illusion_appears_next_to_the_caster_facing_his_way():
    game = new_game(merlin("Illusory Warrior"), ORC % 3)
    to_combat(game)
    outcome = cast(game, "Merlin", "Illusory Warrior")
    assert "attack" not in event_kinds(outcome)
    ghost = game.state.figures["Illusory Warrior"]
    assert (ghost.hex, ghost.facing, ghost.team) == ((1, 0), 0, "A")
    assert ghost.illusion and ghost.caster == "Merlin" and ghost.ready == "Broadsword"
    assert "Illusory Warrior" not in game.state.queue  # it joins the order next turn
    next_turn(game)
    assert "Illusory Warrior" in game.state.order


def test_an_illusion_goes_where_the_caster_says_but_only_next_to_him():
    game = new_game(merlin("Illusory Warrior"), ORC % 3)
    to_combat(game)
    command = Command(do="act", figure="Merlin", action="cast", target="Merlin", to=(2, 0))
    assert game.check(command) == "Illusory Warrior appears on a hex next to Merlin"
    ok(game, **command.model_copy(update={"to": (0, 1)}).model_dump(exclude_none=True))
    assert game.state.figures["Illusory Warrior"].hex == (0, 1)


def test_an_illusion_fights_like_a_figure_and_does_real_damage():
    game = new_game(merlin("Illusory Warrior"), ORC % 2)
    to_combat(game)
    cast(game, "Merlin", "Illusory Warrior")
    next_turn(game)
    to_combat(game, keep=True)
    ok(game, do="act", figure="Merlin", action="pass")
    outcome = ok(game, do="act", figure="Illusory Warrior", action="attack", target="Orc", dice=(1, 1, 1, 3, 3))
    assert only(outcome, "damage").data["lethal"] == 6
    assert game.state.figures["Orc"].lethal == 6


def test_disbelief_on_a_successful_iq_check_removes_the_illusion():
    game = new_game(merlin("Illusory Warrior"), ORC % 3)
    to_combat(game)
    cast(game, "Merlin", "Illusory Warrior")
    outcome = ok(
        game, do="act", figure="Orc", action="disbelieve", target="Illusory Warrior", dice=(4, 3, 3)
    )  # 10 vs IQ 10
    assert event_kinds(outcome)[1:3] == ["disbelieve", "vanishes"]
    assert "Illusory Warrior" not in game.state.figures and game.state.spells == []
    assert "Illusory Warrior" not in game.state.order + game.state.queue


def test_failed_disbelief_leaves_the_illusion_and_a_real_figure_stays_real():
    game = new_game(merlin("Illusory Warrior"), ORC % 3)
    to_combat(game)
    cast(game, "Merlin", "Illusory Warrior")
    failed = ok(game, do="act", figure="Orc", action="disbelieve", target="Illusory Warrior", dice=(4, 4, 3))
    assert only(failed, "disbelieve").data["success"] is False
    assert "Illusory Warrior" in game.state.figures and game.state.turn == 2
    to_combat(game, keep=True)
    ok(game, do="act", figure="Merlin", action="pass")
    ok(game, do="act", figure="Illusory Warrior", action="pass")
    real = ok(game, do="act", figure="Orc", action="disbelieve", target="Merlin", dice=(1, 1, 1))
    assert only(real, "disbelieve").data["dispelled"] is False
    assert "Merlin" in game.state.figures


def test_an_illusion_vanishes_when_its_upkeep_lapses():
    ann = "{name: Ann, team: A, at: [0, 2], dx: 8}"
    game = new_game(merlin("Illusory Warrior"), ORC % 3, ann)
    to_combat(game)
    cast(game, "Merlin", "Illusory Warrior")
    ok(game, do="gm", figure="Merlin", action="damage", params={"amount": 4})  # ST 10-3-4 = 3
    assert game.state.figures["Merlin"].effective_st == 3
    next_turn(game)
    to_combat(game, keep=True)  # pays 1: ST 2
    assert "Illusory Warrior" in game.state.figures
    next_turn(game)  # cannot pay without passing out, so he moves without upkeep
    moved = ok(game, do="move", figure="Merlin", action="stand_still")
    assert [k for k in event_kinds(moved) if k in ("spell_ends", "vanishes")] == ["spell_ends", "vanishes"]
    assert "Illusory Warrior" not in game.state.figures


def test_replay_of_a_spell_fight_gives_the_same_state():
    game = new_game(merlin("Illusory Warrior, Magic Fist"), ORC % 3)
    to_combat(game)
    cast(game, "Merlin", "Illusory Warrior")
    next_turn(game)
    before = game.snapshot()
    game.undo()
    game.redo()
    assert game.snapshot() == before


# --- random play ---------------------------------------------------------------------------

CASTERS = (
    "{name: A1, team: A, at: [0, 0], facing: 0, dx: 12, st: 14, spells: [Magic Fist]}",
    "{name: A2, team: A, at: [0, 1], facing: 0, dx: 11, st: 14, spells: [Blur]}",
    "{name: A3, team: A, at: [0, -1], facing: 0, dx: 11, st: 14, spells: [Heal], weapons: [Dagger]}",
    "{name: A4, team: A, at: [-1, 0], facing: 0, dx: 10, st: 14, spells: [Illusory Warrior]}",
    "{name: B1, team: B, at: [3, 0], facing: 3, dx: 11, st: 14, spells: [Illusory Warrior], weapons: [Mace]}",
    "{name: B2, team: B, at: [3, 1], facing: 3, dx: 10, st: 14, spells: [Fireball], weapons: [Mace]}",
)


@pytest.mark.parametrize("seed", [0, 1])
def test_random_play_with_every_kind_of_spell_keeps_the_invariants(seed):
    rng = random.Random(seed)
    game = new_game(*CASTERS, seed=seed, nonlethal_damage=seed == 1)
    for _ in range(150):
        if game.state.phase == "over":
            break
        command = rng.choice(game.ruleset.legal_commands(game.state))
        assert game.submit(command).accepted
        figures = game.state.figures
        for active in game.state.spells:
            # An ongoing spell is always on a figure still on the board.
            assert active.target in figures
        for g in figures.values():
            if g.illusion and g.status == "ok":
                assert any(s.effect == "illusion" and s.target == g.name for s in game.state.spells)
        assert set(game.state.queue) <= set(figures) and set(game.state.order) <= set(figures)
    casts = [c for c in game.history if c.action == "cast"]
    assert casts, "the casters cast"
