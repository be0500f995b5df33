"""Attack prediction against resolution: exact enumeration and 20,000 seeded attacks."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from board.dice import ChainedDice, ScriptedDice, SeededDice
from board.game import Game
from board.maps import parse_map
from board.rules.base import Command

# Two figures face each other in a corridor; the attacker acts first (higher DX).
ARENA = """\
name: Duel
layout: pointy
terrain: |
  # # # # # # #
  # . . . . . #
  # . . . . . #
  # # # # # # #
figures:
  - {{name: A, team: Red, at: "{a_at}", facing: 0, st: {a_st}, dx: 14, weapons: [{weapon}]}}
  - {{name: B, team: Blue, at: "0402", facing: 3, st: 12, dx: 9, weapons: [Broadsword], {b_gear}}}
"""

MATCHUPS = {
    "broadsword vs leather and shield": dict(
        a_at="0302", a_st=12, weapon="Broadsword", b_gear="armor: Leather, shield: Small Shield"
    ),
    "halberd two hexes away, 3 ST short, vs chainmail": dict(
        a_at="0202", a_st=10, weapon="Halberd", b_gear="armor: Chainmail"
    ),
    "mace vs an unarmored target": dict(a_at="0302", a_st=11, weapon="Mace", b_gear="dx: 8"),
}


def combat_ready(matchup: str, defend: bool = False) -> tuple[Game, Command]:
    """A game in the combat phase with A to act, and A's attack on B."""
    text = ARENA.format(**MATCHUPS[matchup]).replace(
        "dx: 9, weapons: [Broadsword], dx: 8", "dx: 8, weapons: [Broadsword]"
    )
    game = Game(parse_map(text), seed=1)
    while game.state.phase == "movement":
        assert game.submit(Command(do="move", figure=game.state.active, action="stand_still")).accepted
    if defend:
        assert game.submit(Command(do="act", figure="B", action="defend")).accepted
    # Adjacent, A is Engaged ("Shift one hex and attack"); two hexes away with a long weapon,
    # it is not ("Charge and attack"): take whichever attack the rules offer.
    offered = {a.id for a in game.actions("A") if a.enabled and "B" in a.targets}
    action = next(a for a in ("attack", "charge_attack") if a in offered)
    return game, Command(do="act", figure="A", action=action, target="B")


def resolve_with(game: Game, command: Command, dice) -> tuple[bool, int, set[str]]:
    """Resolve the attack on a copy: (hit, damage taken, what happened to B)."""
    state = game.state.clone()
    events = game.ruleset.apply(state, command, dice)
    hit = next(e.data["hit"] for e in events if e.kind == "attack")
    taken = sum(e.data["taken"] for e in events if e.kind == "damage" and e.figure == "B")
    b = state.figures["B"]
    fates = set()
    if b.status == "dead":
        fates.add("dies")
    elif b.status == "unconscious":
        fates.add("unconscious")
    if b.posture == "fallen" and b.status == "ok":
        fates.add("falls")
    if b.turn.damage_after_armor >= 5:
        fates.add("5+ damage this turn")
    return hit, taken, fates


CASES = [(m, False) for m in MATCHUPS] + [("broadsword vs leather and shield", True)]


@pytest.mark.parametrize("matchup,defend", CASES, ids=[f"{m}{' (defending: 4 dice)' if d else ''}" for m, d in CASES])
def test_predicted_hit_and_damage_equal_exact_enumeration(matchup, defend):
    game, command = combat_ready(matchup, defend)
    prediction = game.predict(command)
    n_attack = prediction.dice
    damage_dice = game.state.tables.weapon(game.state.figures["A"].ready).dice.count
    hits = Fraction(0)
    taken: Counter = Counter()
    total = 6 ** (n_attack + damage_dice)
    for faces in itertools.product(range(1, 7), repeat=n_attack + damage_dice):
        dice = ChainedDice(ScriptedDice(faces), SeededDice(0))  # extra dice: fall checks only
        hit, damage, _ = resolve_with(game, command, dice)
        if hit:
            hits += 1
            taken[damage] += 1
    assert prediction.hit == hits / total
    given_hit = {k: Fraction(v) / hits for k, v in taken.items()} if hits else {}
    assert {k: v for k, v in prediction.damage.items() if v} == given_hit


@pytest.mark.parametrize("matchup", list(MATCHUPS))
def test_predictions_agree_with_20000_seeded_attacks(matchup):
    game, command = combat_ready(matchup)
    prediction = game.predict(command)
    runs = 20_000
    hits, fates = 0, Counter()
    for i in range(runs):
        hit, _, what = resolve_with(game, command, SeededDice(f"sample:{i}"))
        hits += hit
        fates.update(what)
    checks = {"hit": (prediction.hit, hits), **{k: (p, fates[k]) for k, p in prediction.outcomes.items()}}
    for name, (p, count) in checks.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / runs) or 1 / runs
        assert abs(count / runs - float(p)) <= 4.5 * sigma + 1e-9, (name, float(p), count / runs)
