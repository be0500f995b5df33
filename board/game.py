"""A game: a map, a ruleset with options, a seed and the commands applied; events out."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from board.command_params import params_problem
from board.dice import ChainedDice, DiceError, DiceSource, ScriptedDice, SeededDice
from board.battle import BattleMap
from board.frozen import quick_init
from board.rules.base import Command, Event, Refusal
from board.rules.kernel.action import in_position
from board.rules.kernel.events import COMPUTER, REJECTED
from board.rules.registry import get_ruleset

if TYPE_CHECKING:  # what the board reads, in annotations only: a game is set up without them
    from board.rules.reports import ActionInfo, Prediction, Token, TurnInfo


@quick_init
@dataclass(frozen=True)
class Outcome:
    """What became of a submitted command: accepted with events, or refused with a reason."""

    accepted: bool
    events: list[Event] = field(default_factory=list)
    reason: str | None = None


def command_dice(seed: int | str, index: int, command: Command) -> DiceSource:
    """The dice for the index-th command: its forced dice, then a stream seeded by (seed, index).

    Seeding per command makes undo, redo and replay roll exactly the same dice.
    """
    seeded = SeededDice(f"{seed}:{index}")
    if command.dice:
        return ChainedDice(ScriptedDice(command.dice), seeded)
    return seeded


CHECKPOINT_EVERY = 32  # undo replays at most this many commands; memory: a state per 32


class Game:
    """The one source of truth: state changes only through submit(), undo() and redo()."""

    def __init__(
        self,
        battle: BattleMap,
        options: dict[str, Any] | BaseModel | None = None,
        seed: int | str = 0,
        ruleset: str | None = None,
    ):
        self.battle = battle
        if ruleset is not None and ruleset != battle.ruleset:  # its figures hold the map's sheets
            raise ValueError(
                f'this map was loaded for "{battle.ruleset}", not "{ruleset}": load it with load_map(path, ruleset)'
            )
        self.ruleset = get_ruleset(battle.ruleset)
        model = self.ruleset.options_model()
        self.options = options if isinstance(options, model) else model.model_validate(options or {})
        self.seed = seed
        # Seeds that take over from a command index on (a clone reseeded by a player who must not
        # know the real dice); empty in a played game.
        self._reseeded: list[tuple[int, int | str]] = []
        self.history: list[Command] = []
        self.undone: list[Command] = []
        # Who plays each team ("person" unless named: "computer:normal"...) and the computer
        # players' own seed: kept in the save, so that a reloaded game plays on the same way.
        self.players: dict[str, str] = {}
        self.ai_seed: int | str = 0
        # Why the computer chose a command, by the command's index: kept in the save and taken
        # back and redone with its command, so the combat log shows the same lines live, after
        # an undo and in a reopened save. The notes of undone commands wait for a redo.
        self.notes: dict[int, str] = {}
        self._undone_notes: list[str | None] = []
        self.version = 0  # bumped on every change of state, for caches that read it
        self.state, self.start_events = self.ruleset.setup(battle, self.options, SeededDice(f"{seed}:setup"))
        # A map that never set two sides against each other is a map to look at: nobody won.
        self.fight = len({spec.team for spec in battle.figures}) >= 2
        if not self.fight:
            self.start_events = [e for e in self.start_events if e.kind != "victory"]
        self.events: list[Event] = list(self.start_events)
        # The state after every CHECKPOINT_EVERY-th command (0: the start), so that undo
        # replays at most that many commands however long the game; and where each accepted
        # command's events begin in self.events, so that undo cuts them off.
        self._checkpoints: dict[int, Any] = {0: self.state}
        self._event_marks: list[int] = []

    def check(self, command: Command) -> str | None:
        """Why the command would be refused now, or None if it is legal.

        A dry run of submit on a copy of the state, so the two always agree."""
        tried = self._attempt(command)
        return tried if isinstance(tried, str) else None

    def submit(self, command: Command) -> Outcome:
        """Validate then apply a command; a refused one leaves the state unchanged."""
        outcome = self._apply(command)
        if outcome.accepted:
            self.undone.clear()
            self._undone_notes.clear()
        return outcome

    def note(self, text: str) -> None:
        """Say why the last command was chosen (the computer's reason, for the combat log)."""
        if self.history:
            self.notes[len(self.history) - 1] = text

    def logged_events(self) -> list[Event]:
        """The events with each command's note (the computer's reason) just before its events."""
        if not self.notes:
            return list(self.events)
        out, start = [], 0
        for index, mark in enumerate(self._event_marks):
            if index in self.notes:
                out += self.events[start:mark]
                out.append(note_event(self.notes[index], index, self.history[index].figure))
                start = mark
        return out + self.events[start:]

    def _step(self, state, index: int, command: Command) -> tuple[Any, list[Event]]:
        """The state after the index-th command, on a private copy: a refusal (raised) leaves
        `state` untouched, and apply() checks before it changes anything, so the command is
        planned only once."""
        new_state = in_position(state)  # it plans with what the menu worked out in this position
        dice = command_dice(self._seed_at(index), index, command)
        return new_state, self.ruleset.apply(new_state, command, dice)

    def _apply(self, command: Command) -> Outcome:
        tried = self._attempt(command)
        if isinstance(tried, str):
            return self._refused(command, tried)
        # Nothing changes a state once a command has been applied to it (the next one works
        # on a clone), so a checkpoint is the state itself, not a copy.
        self.state, events = tried
        self.version += 1
        self.history.append(command)
        self._event_marks.append(len(self.events))
        self.events.extend(events)
        if len(self.history) % CHECKPOINT_EVERY == 0:
            self._checkpoints[len(self.history)] = self.state
        return Outcome(True, events)

    def _attempt(self, command: Command) -> tuple[Any, list[Event]] | str:
        """The new state and events of a command, or why it is refused; self.state is untouched."""
        # Settings a save cannot keep are refused before the rules see them: accepted, they would
        # leave a game that cannot be saved, or one that replays otherwise than it played.
        malformed = command.params and params_problem(command.params)
        if malformed:
            return malformed
        try:
            # The rules read the action's settings once, as its typed model, before anything else
            # (Rules.apply): an unknown or ill-typed one is refused here.
            new_state, events = self._step(self.state, len(self.history), command)
        except Refusal as refusal:
            return refusal.reason
        except DiceError as error:
            return f"bad forced dice: {error}"
        except (TypeError, ValueError, OverflowError) as error:
            # A script's command with settings of the wrong kind must not crash the board.
            return f"the command's settings are malformed ({error})"
        # As the map format refuses unknown keys: a field the action does not take is refused
        # (asked once the rules accept the command, so that their own reason comes first).
        untaken = self.ruleset.untaken(command)
        return untaken if untaken else (new_state, events)

    def _refused(self, command: Command, reason: str) -> Outcome:
        event = Event(
            REJECTED,
            f"Refused: {command.words()}: {reason}",
            command.figure,
            {"reason": reason, "command": _refused_data(command)},
        )
        self.events.append(event)
        return Outcome(False, [event], reason)

    def undo(self) -> bool:
        """Take back the last command: back to the checkpoint before it, then replay the few
        commands after that checkpoint (each with its own dice, so die for die)."""
        if not self.history:
            return False
        self.undone.append(self.history.pop())
        count = len(self.history)
        self._undone_notes.append(self.notes.pop(count, None))
        self._reseeded = [(min(start, count), seed) for start, seed in self._reseeded]
        self._checkpoints.pop(count + 1, None)
        del self.events[self._event_marks.pop() :]
        base = count - count % CHECKPOINT_EVERY
        state = self._checkpoints[base]
        for index in range(base, count):
            try:
                state, _ = self._step(state, index, self.history[index])
            except Refusal as refusal:  # cannot happen for commands that were accepted before
                raise RuntimeError(f"replay diverged at {self.history[index].short()}: {refusal.reason}") from None
        self.state = state
        self.version += 1
        return True

    def redo(self) -> Outcome | None:
        """Re-apply the last undone command (same index, so the same dice)."""
        if not self.undone:
            return None
        note = self._undone_notes.pop() if self._undone_notes else None
        outcome = self._apply(self.undone.pop())
        if outcome.accepted and note is not None:
            self.note(note)
        return outcome

    def _seed_at(self, index: int) -> int | str:
        seed = self.seed
        for start, later in self._reseeded:
            if index >= start:
                seed = later
        return seed

    # --- the game interface, in the spirit of OpenSpiel's State: every player goes through it:
    # the menu, random and computer players, benchmarks and network play.

    def turn(self) -> TurnInfo:
        """Where the game stands; phase "view" on a map without two sides (nothing to win)."""
        info = self.ruleset.turn_info(self.state)
        if info.over and not self.fight:
            return info.but(phase="view", winner=None)
        return info

    def legal_actions(self) -> list[Command]:
        """Every concrete command that would be accepted now (computed once per version)."""
        if getattr(self, "_legal_version", None) != self.version:
            self._legal = self.ruleset.legal_commands(self.state) if not self.is_terminal() else []
            self._legal_version = self.version
        return list(self._legal)

    def actions(self, figure: str) -> list[ActionInfo]:
        """The menu: what the figure may take now and what is greyed out, with the reason."""
        return self.ruleset.actions(self.state, figure)

    def card(self, figure: str) -> list[tuple[str, str]]:
        """The figure's sheet as rows of (label, value), as its ruleset shows it now."""
        return self.ruleset.card(self.state, figure)

    apply = submit  # the interface's name for submit: the same method, one call less a command

    def current_player(self) -> str | None:
        """The team to act now; None once the game is over."""
        info = self.turn()
        if info.phase in ("over", "view"):
            return None
        if info.team is not None:
            return info.team
        active = self.tokens().get(info.active) if info.active else None
        return active.team if active else None

    def is_terminal(self) -> bool:
        return self.turn().phase in ("over", "view")

    def winner(self) -> str | None:
        """The winning team once the game is over (None: not over, or nobody won)."""
        return self.turn().winner

    def returns(self) -> dict[str, int]:
        """Per team: 1 for the winner, -1 for the others, 0 for all while no one has won."""
        winner = self.winner()
        teams = dict.fromkeys(spec.team for spec in self.battle.figures)
        return {team: 0 if winner is None else (1 if team == winner else -1) for team in teams}

    def clone(self, seed: int | str | None = None) -> Game:
        """An independent copy to try commands on; states are shared, as nothing changes a state
        once applied. With a seed, the copy's later commands roll other dice than this game's
        (a player that searches ahead must not see the real dice)."""
        other = copy.copy(self)
        other.history, other.undone = list(self.history), list(self.undone)
        other.notes, other._undone_notes = dict(self.notes), list(self._undone_notes)
        other.events, other._event_marks = list(self.events), list(self._event_marks)
        other._checkpoints = dict(self._checkpoints)
        other._reseeded = list(self._reseeded)
        if seed is not None:
            other._reseeded.append((len(self.history), seed))
        return other

    def with_state(self, state: Any) -> Game:
        """A copy of this game standing in another state of the same position (a world a side
        cannot tell from this one: a secret drawn at random); its caches start afresh."""
        other = self.clone()
        other.state = state
        other.version += 1  # the copy's caches (legal commands, tokens) were this game's
        return other

    def unseen(self, team: str) -> Any:
        """What `team` cannot see now and may guess (the ruleset's Unseen: melee-seconds' secret
        General Plots); None when the ruleset cannot say what is hidden."""
        unseen = getattr(self.ruleset, "unseen", None)
        return None if unseen is None else unseen(self.state, team)

    def guessed(self, generals: dict[str, dict]) -> Game:
        """A copy of this game in which the secret General Plots are the ones guessed (by
        figure, as its act stated_by params): a world the guessing side cannot tell apart."""
        return self.with_state(self.ruleset.with_generals(self.state, generals))

    def predict(self, command: Command) -> Prediction | None:
        """Exact odds of an attack command in the current state (None if its settings are wrong)."""
        try:
            command = self.ruleset.typed(command)  # its settings read as the rules read them
        except Refusal:
            return None
        return self.ruleset.predict(self.state, command)

    def tokens(self) -> dict[str, Token]:
        """Every figure as the board draws it (computed once per version)."""
        if getattr(self, "_tokens_version", None) != self.version:
            self._tokens, self._tokens_version = with_icons(self.ruleset.tokens(self.state), self.battle), self.version
        return self._tokens

    def ground_items(self) -> dict:
        """What lies on the ground, by hex (computed once per version)."""
        if getattr(self, "_ground_version", None) != self.version:
            self._ground, self._ground_version = self.ruleset.ground_items(self.state), self.version
        return self._ground

    def snapshot(self) -> dict[str, Any]:
        """The current state as JSON-ready data (computed once per version)."""
        if getattr(self, "_snapshot_version", None) != self.version:
            self._snapshot, self._snapshot_version = self.ruleset.snapshot(self.state), self.version
        return self._snapshot


def with_icons(tokens: dict[str, Token], battle: BattleMap) -> dict[str, Token]:
    """The tokens with the map's `icon:` overrides: a map-level choice, the same under every ruleset."""
    icons = {spec.name: spec.icon for spec in battle.figures if getattr(spec, "icon", "")}
    if not icons:  # most maps: the ruleset's tokens as they are
        return tokens
    return {name: replace(t, icon=icons[name]) if name in icons else t for name, t in tokens.items()}


def _refused_data(command: Command) -> dict:
    """A refused command as its event's data; settings too deep to write are left out."""
    try:
        return command.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    except (ValueError, RecursionError):  # pydantic stops at 255 levels with a ValueError
        return command.model_dump(mode="json", exclude_none=True, exclude_defaults=True, exclude={"params"})


def note_event(text: str, index: int, figure: str | None = None, command: str | None = None) -> Event:
    """The combat log's line for a command's note: why the computer chose the index-th command."""
    data: dict[str, Any] = {"index": index}
    if command is not None:
        data["command"] = command
    return Event(COMPUTER, text, figure, data)


def parse_command(data: dict) -> Command:
    """A Command from script data; ValidationError names the bad key."""
    return Command.model_validate(data)


__all__ = ["Game", "Outcome", "Command", "Event", "parse_command", "ValidationError"]
