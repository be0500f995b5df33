"""What an attack's exact odds (Game.predict) are worth: outcomes weighed by what they do."""

from __future__ import annotations

from board.rules.base import Prediction

# Each ruleset names its outcomes in its own words; the first keyword found in a name weighs it
# (1: the target is out of the fight). A name that starts with "you" is the attacker's own fate.
OUTCOME_WEIGHTS = (
    ("dies", 1.0), ("killed", 1.0), ("dead", 1.0),
    ("incapacitated", 0.9), ("unconscious", 0.9), ("knocked out", 0.9), ("down", 0.9),
    ("debilitating", 0.35), ("severe", 0.25), ("restrained", 0.3), ("falls", 0.25),
    ("stunned", 0.2), ("disarmed", 0.2), ("bleeds", 0.1), ("incidental", 0.08),
    ("5+", 0.1), ("critical miss", -0.1), ("hits the area", 0.1),
)
# Outcomes already counted by another (a hit is in the damage; a test's success is the hit).
NOT_COUNTED = ("hit", "critical hit", "success", "setback", "critical", "test succeeds", "target hit")


def outcome_value(name: str) -> float:
    """How much one outcome is worth to the attacker (negative: bad for it)."""
    text = name.lower()
    own = text.startswith("you")
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
        if not name.lower().startswith("you") and outcome_value(name) >= 0.9:
            best = max(best, float(chance))
    return best


def attack_value(prediction: Prediction, target_left: int) -> tuple[float, float]:
    """(worth, chance to put the target down): outcomes weighed, plus damage against what is left."""
    worth = sum(outcome_value(name) * float(chance) for name, chance in prediction.outcomes.items()
                if name.lower() not in NOT_COUNTED)
    damage = float(prediction.expected_damage) / max(1, target_left)
    if not prediction.expected_damage and worth == 0.0:
        # A maneuver without damage (trip, shove): worth a little when it works.
        worth = 0.15 * float(prediction.hit)
    return worth + min(damage, 1.5) * 0.6 + 0.05 * float(prediction.hit), put_down(prediction)
