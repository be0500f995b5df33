"""What an attack's exact odds (Game.predict) are worth: outcomes weighed by what they do."""

from __future__ import annotations

from fractions import Fraction

from board.rules.reports import Prediction

# Each ruleset names its outcomes in its own words; the first keyword found in a name weighs it
# (1: the target is out of the fight). A name that starts with "you" is the attacker's own fate.
OUTCOME_WEIGHTS = (
    ("dies", 1.0),
    ("killed", 1.0),
    ("dead", 1.0),
    ("incapacitated", 0.9),
    ("unconscious", 0.9),
    ("knocked out", 0.9),
    ("down", 0.9),
    ("debilitating", 0.35),
    ("severe", 0.25),
    ("restrained", 0.3),
    ("falls", 0.25),
    ("stunned", 0.2),
    ("disarmed", 0.2),
    ("bleeds", 0.1),
    ("incidental", 0.08),
    ("5+", 0.1),
    ("critical miss", -0.1),
    ("hits the area", 0.1),
)
# Outcomes already counted by another (a hit is in the damage; a test's success is the hit).
NOT_COUNTED = ("hit", "critical hit", "success", "setback", "critical", "test succeeds", "target hit")


def outcome_value(name: str) -> float:
    """How much one outcome is worth to the attacker (negative: bad for it)."""
    text = name.lower()
    # "you ...": the attacker's own fate; "wrong target ...": a shot into a melee that misses
    # hits whoever stands nearest the shooter beside the target, mostly the shooter's friend.
    own = text.startswith(("you", "wrong target"))
    if own and text in ("you hit",):  # the target's counter lands
        return -0.15
    for word, weight in OUTCOME_WEIGHTS:
        if word in text:
            return -weight if own else weight
    return 0.0


def put_down(prediction: Prediction) -> float:
    """The chance the target is out of the fight after the attack (death or worse than falling)."""
    best = 0.0
    for name, chance in prediction.outcomes.items():
        if outcome_value(name) >= 0.9:
            best = max(best, float(chance))
    return best


def attack_value(prediction: Prediction, target_left: int) -> tuple[float, float]:
    """(worth, chance to put the target down): outcomes weighed, plus damage against what is left."""
    worth = sum(
        outcome_value(name) * float(chance)
        for name, chance in prediction.outcomes.items()
        if name.lower() not in NOT_COUNTED
    )
    damage = float(prediction.expected_damage) / max(1, target_left)
    if not prediction.expected_damage and worth == 0.0:
        # A maneuver without damage (trip, shove): worth a little when it works.
        worth = 0.15 * float(prediction.hit)
    return worth + min(damage, 1.5) * 0.6 + 0.05 * float(prediction.hit), put_down(prediction)


def tried(game, command, team: str, samples: int = 2) -> tuple[Prediction, str] | None:
    """What a command the ruleset gives no odds for (dox's squeeze or slam) does to the enemy,
    seen by trying it on copies of the game with dice of the player's own (never the game's):
    as a Prediction, and the enemy it hurt most. None when it hurts nobody or is refused.
    Callers try it only while no plot is secret (a copy could resolve it)."""
    before = game.tokens()
    hurt: dict[str, float] = {}
    hits, downs = 0, 0
    for sample in range(samples):
        copy = game.clone(seed=f"try:{game.battle.name}:{len(game.history)}:{sample}")
        if not copy.apply(command).accepted:
            return None
        after = copy.tokens()
        struck = False
        for name, old in before.items():
            new = after.get(name)
            if old.team == team or new is None or old.status != "ok":
                continue
            loss = (old.meter[0] - new.meter[0]) if old.meter and new.meter else 0
            if loss > 0 or new.status != "ok":
                struck = True
                hurt[name] = hurt.get(name, 0.0) + max(loss, 0) / samples
                downs += new.status != "ok"
        hits += struck
    if not hurt:
        return None
    target = max(hurt, key=lambda name: hurt[name])
    chance = Fraction(hits, samples)
    prediction = Prediction(
        dice=0,
        target_number=0,
        hit=chance,
        damage={},
        expected_damage=Fraction(round(sum(hurt.values()) * 100), 100),
        outcomes={"down": Fraction(downs, samples)},
    )
    return prediction, target
