"""The common events: the kinds and fields the log, the sounds and the animations read, whatever
the ruleset. A ruleset may add kinds of its own; the board shows them as plain lines (or in the
tone the event names), and never needs to know them."""

from __future__ import annotations

from collections.abc import Iterable

from board.rules.base import Event

# The common kinds, with the fields the board reads (every event also has text and figure).
TURN = "turn"  # a new turn or round: data turn
PHASE = "phase"  # a step of the turn begins
INITIATIVE = "initiative"  # who acts in what order
MOVE = "move"  # figure moved: data path, the hexes entered in order ([] stays put); forced: pushed;
# along: carried by the move before (a rider, a dragged victim), so both glide at once
ATTACK = "attack"  # figure attacks: data target, hit, and its roll (faces, roll, needed, dice)
MISS = "miss"  # an attack or a stunt comes to nothing
DAMAGE_ROLL = "damage_roll"  # the damage dice of a hit: data dice, faces, total
DAMAGE = "damage"  # figure is hurt: data taken, what it loses in its ruleset's unit (0: unhurt)
FALLS = "falls"  # figure goes down to the ground, still in the fight
STANDS = "stands"  # figure gets back up
UNCONSCIOUS = "unconscious"  # figure is out of the fight, alive (knocked out, incapacitated, down)
DIES = "dies"
HEALS = "heals"
WAKES = "wakes"  # back in the fight
RECOVERS = "recovers"  # from a stun, nonlethal damage...
CAST = "cast"  # figure casts a spell
SPELL_ON = "spell_on"  # a spell takes hold
ACTION = "action"  # figure takes an action that is none of the above
STATUS = "status"  # something about a figure changed
ROLL = "roll"  # any other roll: data faces (and success, when it is a test)
GM = "gm"  # the GM changed the game
REJECTED = "rejected"  # a command was refused: the text says why
UNDO = "undo"  # the board's note that a command was undone
COMPUTER = "computer"  # the board's note of why the computer chose its next command
SINCE = "since"  # the board's divider: a shared game's entries after it came while the player was away
VICTORY = "victory"  # the fight is decided: data winner (None: no one)

# What kind of news an event is; the log gives each tone its colour. A ruleset's own kind may
# name one of these as its Event's tone.
TONES = ("plain", "dim", "action", "hurt", "bad", "good", "warn", "fire", "magic")
TONE_OF = {
    INITIATIVE: "dim",
    COMPUTER: "dim",
    ACTION: "action",
    DAMAGE: "hurt",
    FALLS: "hurt",
    UNCONSCIOUS: "bad",
    DIES: "bad",
    REJECTED: "warn",
    HEALS: "good",
    WAKES: "good",
    RECOVERS: "good",
    CAST: "magic",
    SPELL_ON: "magic",
}

NOTES = (UNDO, COMPUTER, SINCE)  # the board's own notes: not events of the game, never replayed

# A prediction's outcomes keyed by a common kind are bad news, named here; others read as written.
OUTCOME_WORDS = {FALLS: "falls", UNCONSCIOUS: "goes unconscious", DIES: "dies"}


def tone(event: Event) -> str:
    """The event's tone: its own, else its kind's; a move that stays put, or damage that does
    nothing, is dim; a forced move (shoved, driven back) hurts."""
    if event.tone:
        return event.tone
    if event.kind == MOVE:
        return "hurt" if event.data.get("forced") else "plain" if event.data.get("path") else "dim"
    if event.kind == DAMAGE and not event.data.get("taken"):
        return "dim"
    return TONE_OF.get(event.kind, "plain")


def moved(figure: str, path: Iterable, text: str, **data) -> Event:
    """figure moved along path (the hexes entered, in order); data: anything more to tell."""
    return Event(MOVE, text, figure, {"path": [[h[0], h[1]] for h in path], **data})


def damaged(figure: str, taken: int, text: str, **data) -> Event:
    """figure lost taken (HP, ST, wounds: its ruleset's unit; 0: unhurt)."""
    return Event(DAMAGE, text, figure, {**data, "taken": taken})


def damage_rolled(figure: str, dice: object, faces: Iterable[int], total: int, text: str, **data) -> Event:
    """figure rolled a hit's damage dice (an expression), these faces, for this total (after any
    multiplier); data: anything more to tell."""
    return Event(DAMAGE_ROLL, text, figure, {"dice": str(dice), "faces": list(faces), "total": total, **data})
