"""Initiative: AMR d6s, each a second of the Melee Round; duplicates carried forward (3.5)."""

from __future__ import annotations

from dataclasses import dataclass

from board.dice import DiceSource, roll_dice

SECONDS = 6


@dataclass(frozen=True)
class Initiative:
    """The dice rolled and what they give: seconds with Initiative and dice lost."""

    rolled: tuple[int, ...]
    seconds: tuple[int, ...]
    lost: tuple[int, ...]  # the faces of the dice that could not be used


def carry_forward(rolled, run: int = 0) -> Initiative:
    """The seconds with Initiative for these dice.

    "If any result is duplicated, it may be carried forward to the next second (by adjusting
    the dice), unless an Attack was originally rolled for that second. Any results which cannot
    be carried forward result in the Attack being lost." A die carried into a second that
    another carried die already holds goes on to the next (1 2 2 2 2 2 5 gives 1 2 3 4 5).
    Dice for seconds 1..run have already been run: they are lost and never carried (3.6, 4.2).
    """
    rolled = tuple(rolled)
    lost = [face for face in rolled if face <= run]
    original = {face for face in rolled if face > run}
    held: dict[int, list[int]] = {s: [] for s in range(1, SECONDS + 1)}  # second -> faces
    for face in rolled:
        if face > run:
            held[face].append(face)
    seconds = []
    for s in range(run + 1, SECONDS + 1):
        if not held[s]:
            continue
        seconds.append(s)
        extra = held[s][1:]
        if extra and s + 1 <= SECONDS and s + 1 not in original:
            held[s + 1] += extra
        else:
            lost += extra  # reported as the faces rolled
    return Initiative(rolled, tuple(seconds), tuple(sorted(lost)))


def roll_initiative(n: int, dice: DiceSource, run: int = 0, set_one: bool = False) -> Initiative:
    """Roll n d6 of Initiative; set_one: a Formal Duel's die set to 1 (3.3), n - 1 rolled."""
    faces = (1,) if set_one and n > 0 else ()
    faces += roll_dice(max(0, n - len(faces)), 6, dice)
    return carry_forward(faces, run)


def delay(seconds: tuple[int, ...], second: int) -> tuple[tuple[int, ...], bool]:
    """5.1.5: move the Initiative of `second` to the next one; False if it cannot be delayed.

    "Delay an available Initiative to the next second (unless another Initiative die has been
    rolled (as adjusted) for that second, in which case the AMR will be lost if not taken this
    second)."
    """
    if second not in seconds or second >= SECONDS or second + 1 in seconds:
        return seconds, False
    return tuple(sorted((set(seconds) - {second}) | {second + 1})), True
