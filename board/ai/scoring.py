"""The scored-action player's judgement: every legal command gets a score and a reason.

In the manner of Wesnoth's RCA AI: an attack is worth its chance to put the target down and its
expected damage (Game.predict's exact odds), more from the side or rear; a move is worth the
position it reaches (close on the weakest enemy, from behind where facing matters, out of
several enemies' reach, back towards friends when wounded); other actions by what they are for."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from board.ai.odds import attack_value
from board.ai.view import SideView, gap, health, side_seen
from board.footprints import relative_zone
from board.hexgrid import Hex
from board.rules.base import Command
from board.rules.reports import Token
from board.words import hexes

WOUNDED = 0.34  # below this share of its meter a figure fights only when it must
REAR_BONUS = {"rear": 2.5, "side": 1.2, "front": 0.0, "inside": 0.0, None: 0.0}
ATTACK_BASE = 4.0  # an attack with any chance beats standing about


@dataclass(frozen=True)
class Scored:
    """A legal command, what it is worth to the side, and why in words."""

    command: Command
    score: float
    reason: str
    attack: bool = False  # scored on exact odds (Game.predict)


@dataclass(frozen=True)
class Style:
    """How a level weighs things: caution against danger, and whether it looks at facing."""

    caution: float = 1.0
    facing: bool = True


def _no_score(view: SideView, command: Command, style: Style) -> Scored | None:
    return None


def _unchanged(game: Any, view: SideView, rows: list[Scored]) -> list[Scored]:
    return rows


@dataclass(frozen=True)
class Tactics:
    """A ruleset's own judgement for the computer player (Rules.tactics), on top of the shared
    scores: what a command of its own is worth (none: the shared words weigh it), and its own
    weights added to every scored row."""

    other: Callable[[SideView, Command, Style], Scored | None] = _no_score
    adjust: Callable[[Any, SideView, list[Scored]], list[Scored]] = _unchanged


def is_ranged(view: SideView, token: Token) -> bool:
    """A figure that would rather shoot or cast from afar."""
    return token.name in view.shooters


def end_of(command: Command, token: Token) -> tuple[Hex, int | None]:
    """Where a move leaves the figure, and facing which way."""
    if command.path:
        end = Hex(*command.path[-1])
    elif isinstance(command.to, (tuple, list)):
        end = Hex(*command.to)
    else:
        end = token.hex
    return end, token.facing if command.facing is None else command.facing


def is_move(command: Command) -> bool:
    """A command that only changes where the figure stands (or which way it faces)."""
    if command.do == "move":
        return True
    return bool(command.path or command.to) and not command.target and "throw" not in (command.action or "")


def score_attack(view: SideView, command: Command, prediction, style: Style) -> Scored:
    """An attack: the odds weighed, more for a wounded or dangerous target, hit from behind."""
    target = view.tokens.get(command.target) if command.target else None
    me = view.token(command.figure)
    left = target.meter[0] if target and target.meter else 10
    worth, down = attack_value(prediction, left)
    side = side_seen(target, me.hex) if target and me and style.facing else None
    focus = 1.0 + (1.0 - health(target)) * 0.5 if target else 1.0
    if target and target.team == view.team:
        worth = -abs(worth) - 5  # never on a friend
    # An attack that costs more than it wins on the odds (usage-dice: the defender's test
    # decides, and a failure is a blow back) gets half the base: still the way to win when
    # it loses little, not when it loses much (measured: none, half and the whole base).
    base = ATTACK_BASE * (prediction.hit > 0) * (1.0 if worth > 0 else 0.5)
    score = base + 12.0 * worth * focus
    if me is not None:
        score += guard_bonus(view, command, me) * style.caution
    where = f" from the {side}" if side in ("rear", "side") else ""
    at = f" {command.target}" if command.target else ""
    reason = f"{verb(command)}{at}{where}: hit {float(prediction.hit):.0%}, {damage_words(prediction)}"
    if down >= 0.05:
        reason += f", {down:.0%} to put it down"
    return Scored(command, score, reason)


def damage_words(prediction) -> str:
    """The expected damage in words: "expected 1.2 damage", or what the attack is for when it
    wounds little or not at all ("hit 91%, expected 0.0 damage" read as nonsense)."""
    damage = float(prediction.expected_damage)
    if damage >= 0.05:
        return f"expected {damage:.1f} damage"
    return "little or no damage expected"


# A stroke's settings that say it trades defence for attack (combat-chart's Power Strike lowers
# the striker's Defense for the rest of the round, Guarded Strike raises it).
GUARDED = ("guarded", "defensive", "careful", "cautious")
RECKLESS = ("power", "all-out", "all out", "reckless", "wild")
GUARD_WORTH = 1.2  # per enemy that may strike the figure before its next turn


def guard_bonus(view: SideView, command: Command, me: Token) -> float:
    """What a stroke's guard is worth: only enemies that strike before the figure's next turn
    make a guarded stroke worth its weaker attack, or a reckless one cost its opening."""
    # Not the ability tested (usage-dice's "power" or "grace"): that is no stroke's guard.
    words = " ".join(str(v).lower() for k, v in command.params.items() if isinstance(v, str) and k != "ability")
    lean = any(w in words for w in GUARDED) - any(w in words for w in RECKLESS)
    return GUARD_WORTH * lean * len(view.threats(me)) if lean else 0.0


def verb(command: Command) -> str:
    """The action in words: "attacks", "shoots at", "grapples"..."""
    action = (command.action or command.do).replace("_", " ")
    words = {
        "attack": "attacks",
        "strike": "attacks",
        "shoot": "shoots at",
        "ranged": "shoots at",
        "charge attack": "charges",
        "charge": "charges",
        "engage": "engages",
        "attack hth": "wrestles",
        "squeeze": "squeezes",
        "slam": "slams",
        "throw": "throws",
        "maneuver": f"tries {command.params.get('maneuver', 'a maneuver')} on",
    }
    return words.get(action, f"{action}:")


def score_move(view: SideView, command: Command, style: Style) -> Scored:
    """A move by where it ends: towards the best target, away from too many enemies."""
    if command.figure is None:
        raise ValueError(f"a move names the figure that moves: {command.short()}")
    me = view.tokens[command.figure]
    if not view.enemies and not view.helpless:
        return Scored(command, 0.0, "has nobody left to fight")
    end, facing = end_of(command, me)
    # Many moves end alike (other paths, half or full): each place and facing is weighed once.
    score, why = view.once(("stand", me.name, end, facing, style), lambda: _standing(view, me, end, facing, style))
    return Scored(command, score - len(command.path or ()) * 0.01, why)


def around(view: SideView, me: Token, end: Hex) -> tuple[list[Hex], dict[str, int], int, int]:
    """Standing at end: the hexes the figure covers, its gap to each enemy, the enemies next to it
    and the friends within two hexes (the same for every facing there: once a place a decision)."""
    key = ("around", me.name, end)
    if key not in view.memo:
        cells = [Hex(end.q + c.q - me.hex.q, end.r + c.r - me.hex.r) for c in me.cells]
        gaps = {e.name: gap(cells, e) for e in view.enemies + view.helpless}
        near = sum(1 for e in view.enemies if gaps[e.name] <= 1)  # the helpless threaten nobody
        friends = sum(1 for t in view.mine if t.name != me.name and gap(cells, t) <= 2)
        view.memo[key] = cells, gaps, near, friends
    return view.memo[key]


def _standing(view: SideView, me: Token, end: Hex, facing: int | None, style: Style) -> tuple[float, str]:
    """What the figure standing at end, turned to facing, is worth (before the steps it takes)."""
    cells, gaps, near, friends = around(view, me, end)
    # A wounded figure falls back only while its side is ahead: keeping it alive keeps the lead.
    # Even or behind, every blow is needed (both sides pulling their wounded into corners
    # dragged computer fights to the turn cap, issue 39).
    if health(me) < WOUNDED and len(view.mine) > max(1, len(view.enemies)) and view.enemies:
        nearest = min(gaps[e.name] for e in view.enemies)
        score = 0.8 * min(nearest, 6) + 0.6 * friends - 3.0 * near * style.caution
        return score, f"falls back, wounded, {hexes(nearest)} from the enemy"
    best, why = _best_target(view, me, end, facing, cells, gaps, style)
    if me.name in view.medics:
        # A friend brought back is a whole figure again: worth more than closing on an enemy.
        friend = min(view.downed, key=lambda t: gap(cells, t))
        d = gap(cells, friend)
        if 4.0 - d > best:
            best, why = 4.0 - d, f"goes to revive {friend.name}" if d > 1 else f"stands by {friend.name}"
    exposure = max(0, near - 1) * 1.5 * style.caution + _backs_turned(view, me, end, facing, gaps, style)
    if is_ranged(view, me):
        exposure += 2.0 * near * style.caution
    return best - exposure + 0.2 * friends, why


# An adjacent enemy there strikes unopposed (rear) or flanking (side).
BACK_TURNED: dict[str | None, float] = {"rear": 2.5, "side": 0.5}


def _backs_turned(view, me, end, facing, gaps, style) -> float:
    """What standing with adjacent enemies in the figure's rear or side costs, where the
    ruleset has facing: another facing may keep them in front."""
    if not style.facing or facing is None or me.facing is None:
        return 0.0
    return style.caution * sum(  # how each sees the figure turned to `facing` at `end`
        BACK_TURNED.get(relative_zone(me.size, end, facing, e.hex), 0.0) for e in view.enemies if gaps[e.name] <= 1
    )


def _targets(view: SideView, me: Token) -> list[tuple[Token, float, float]]:
    """Each enemy with what closing on it is worth wherever the figure ends (its wounds, friends
    already at it): the same for every move of the figure, so worked out once a decision."""
    return view.once(
        ("targets", me.name),
        lambda: [
            (
                enemy,
                # A helpless enemy (asleep, knocked out) may wake, but the ones still up fight back:
                # stand over it only when nobody else stands (an attack on it scores by its odds).
                1.5 * (1.0 - health(enemy)) - (4.0 if enemy.status != "ok" and view.enemies else 0.0),
                # Gang up: an enemy already fought by friends falls sooner.
                0.6 * sum(1 for t in view.mine if t.name != me.name and gap(t.cells, enemy) <= 1),
            )
            for enemy in view.enemies + view.helpless
        ],
    )


def _best_target(view, me, end, facing, cells, gaps, style) -> tuple[float, str]:
    """The best enemy to close on from here, and the words for it."""
    best, why = -1e9, ""
    ranged = is_ranged(view, me)
    for enemy, wounds, ganged in _targets(view, me):
        d = gaps[enemy.name]
        if ranged:
            # Anywhere in range will do: moving far may forbid the shot (W&W: one hex).
            value = -0.8 * max(0, d - 6, 2 - d) - (3.0 if d <= 1 else 0.0)
        else:
            # Next to it; into its hex (a brawl) only when nothing better is on offer.
            value = -1.0 * d + (3.0 if d == 1 else 1.0 if d == 0 else 0.0)
        value += wounds
        value += ganged
        side = side_seen(enemy, end) if style.facing and d <= 1 else None
        value += REAR_BONUS[side]
        if style.facing and d <= 1 and facing is not None and me.facing is not None:
            faces = relative_zone(me.size, end, facing, enemy.hex)  # side_seen of me turned at end
            value += 1.5 if faces == "front" else -2.0
        if value > best:
            where = f" from the {side}" if side in ("rear", "side") else ""
            best = value
            stays = end == me.hex
            why = (
                f"{'holds against' if stays else 'closes on'} {enemy.name}{where}"
                if d <= 1
                else f"{'waits for' if stays else 'moves towards'} {enemy.name} ({hexes(d)})"
                if not ranged
                else f"keeps {hexes(d)} from {enemy.name} to shoot"
            )
    return best, why


# Other actions by what their names say they are for; (keyword, when, score). `when` names a
# test on the figure: "fallen", "threatened", "unarmed", "wounded", "held" or "" (always).
OTHER_ACTIONS = (
    ("stand", "fallen", 6.0),
    ("escape", "held", 4.0),
    ("load", "", 3.0),
    ("revive", "", 4.0),
    ("drink", "wounded", 4.0),
    ("ready", "unarmed", 3.0),
    ("draw", "unarmed", 3.0),
    ("pick_up", "unarmed", 3.0),
    ("retrieve", "unarmed", 3.0),
    ("dodge", "threatened", 1.5),
    ("defend", "threatened", 1.5),
    ("parry", "threatened", 1.5),
    ("block", "threatened", 1.5),
    ("guard", "", 0.5),
    ("stance", "threatened", 1.0),
    ("cast", "", 2.0),
    ("tanglefoot", "", 1.0),
    ("pass", "", 0.0),
    ("nothing", "", 0.0),
    ("stay", "", 0.0),
    ("continue", "", 0.5),
)


def score_other(view: SideView, command: Command, style: Style, tactics: Tactics | None = None) -> Scored:
    """A command that neither moves nor attacks: as the ruleset's tactics weigh it, else by
    what its name says it is for."""
    own = tactics.other(view, command, style) if tactics is not None else None
    if own is not None:
        return own
    action = command.action or command.do
    me = view.token(command.figure)
    aimed = view.tokens.get(command.target) if command.target else None
    if aimed is not None and aimed.team == view.team:
        if not any(word in action for word in ("cast", "revive", "guard", "heal")):
            return Scored(command, -2.0, f"{action.replace('_', ' ')} on a friend")
        if "revive" in action:
            return Scored(command, 8.0, f"revives {aimed.name}")
        # A blessing goes to the friend in the thick of it (or the worst hurt).
        fighting = any(gap(aimed.cells, e) <= 1 for e in view.enemies)
        help_ = 1.5 * fighting + (1.0 - health(aimed))
        spell = command.params.get("spell") or command.params.get("item")
        done = (f"casts {spell}" if spell else _words(action)) + (
            "" if aimed.name == command.figure else f" on {aimed.name}"
        )
        return Scored(command, 2.0 + help_ - 1.0 * (not fighting), done)
    # The action's settings say what it is too (combat-chart's short action: load, ready...).
    row = _keyword(command)
    if row is None:
        return Scored(command, -1.0, _words(action))
    fits = _fits(view, me, row[1])
    score = row[2] if fits else min(row[2], 0.0) - 0.5
    said = (
        f"readies the {command.weapon}" if command.weapon and action in ("ready", "switch", "draw") else _words(action)
    )
    # Said as what it does, even when it is only the least bad (the log's reason names the act).
    return Scored(command, score, said if fits else f"{said}, for want of better")


def worth_trying(view: SideView, command: Command, tactics: Tactics | None = None) -> bool:
    """An untargeted action of an own figure in contact with the enemy that neither its name nor
    the ruleset's tactics explain (dox's squeeze, slam, throw): what it does is seen by trying it
    (odds.tried). What the tactics weigh (a General Plot, Fortune burnt) hurts nobody: not tried."""
    me = None if command.target or is_move(command) else view.token(command.figure)  # most are moves
    if me is None or me.team != view.team:
        return False
    if _keyword(command) is not None or not any(gap(me.cells, e) <= 1 for e in view.enemies):
        return False
    return tactics is None or tactics.other(view, command, Style()) is None


def _keyword(command: Command) -> tuple | None:
    """The OTHER_ACTIONS row that says what a command is for (its action's name and settings)."""
    text = " ".join([command.action or command.do, *(str(v) for v in command.params.values() if isinstance(v, str))])
    return next((row for row in OTHER_ACTIONS if row[0] in text), None)


def _words(action: str) -> str:
    """An action that is not an attack or a move, as the log says it."""
    said = {
        "pass": "waits",
        "nothing": "waits",
        "stay": "stays put",
        "stand_up": "gets up",
        "stand": "gets up",
        "continue": "carries on",
        "dodge": "dodges",
        "defend": "defends",
        "parry": "parries",
        "block": "blocks",
        "reload": "reloads",
        "escape": "breaks free",
    }
    return said.get(action, f"chooses to {action.replace('_', ' ')}")


def _fits(view: SideView, me: Token | None, when: str) -> bool:
    if me is None or not when:
        return True
    if when == "fallen":
        return me.posture != "standing"
    if when == "held":
        return bool(me.engaged_with)
    if when == "wounded":
        return health(me) < 0.6
    if when == "unarmed":
        caption = me.caption.lower()
        return not caption or caption == "fist" or "unarmed" in caption or "empty" in caption
    return bool(view.threats(me, reach=2))  # threatened before its next turn
