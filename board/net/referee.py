"""The host's judgement, with no network in it: who may ask for what, the dice a command
consumes, and which accepted commands stay off the stream until they are revealed."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from board.dice import RecordingDice
from board.game import Game, command_dice
from board.net.protocol import COMPUTER, GM, Follower, command_data, seat_text, state_digest
from board.rules.base import Command, Event
from board.sides import teams
from board.words import possessive

MAX_ID = 64
SEAT_CHANGES = 4  # a player's changes of side between two commands; each is a lasting entry


@dataclass
class Verdict:
    """What became of a request: the entries to append to the stream now (in order), or why
    it is refused; duplicate: its id is already in the game (a resend), nothing to do."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    reason: str | None = None
    duplicate: bool = False
    note: str | None = None  # a word for every board (a secret plot was made)

    @property
    def accepted(self) -> bool:
        return self.reason is None


def taped(game: Game, command: Command, secret: str, draw: int | None = None) -> Command:
    """The command with every die it consumes forced, rolled from (secret, draw): by default
    the command's place in the history, as a game's own seed rolls it.

    A dry run of the ruleset on a copy of the state records the dice; a board that applies
    the returned command rolls exactly those, so it needs no seed."""
    # The GM's forced dice first, then the secret seed's, as Game rolls a command's dice.
    draw = len(game.history) if draw is None else draw
    recorder = RecordingDice(command_dice(secret, draw, command))
    game.ruleset.apply(game.state.clone(), command, recorder)
    dice = tuple(value for _, value in recorder.rolls)
    return command.model_copy(update={"dice": dice or None})


def _shown(event: Event) -> bool:
    return bool(event.data.get("plot") or event.data.get("general") or event.data.get("plots"))


def keeps_secret(events: list[Event]) -> bool:
    """True if a command's events keep a choice hidden and reveal none: Melee Seconds' written
    or secret plots report "has plotted" (or "states a secret General Plot") with nothing of
    the plot in their data; a second's resolution reveals its plots ("plots" in the data)."""
    plots = [e for e in events if e.kind == "plot"]
    return any(not _shown(e) for e in plots) and not any(_shown(e) for e in plots)


@dataclass
class Referee:
    """The host's copy of the game, ahead of the stream by the secret entries it holds."""

    follower: Follower
    secret: str
    open_sides: set[str] = field(default_factory=set)  # teams a player may take
    held: list[dict[str, Any]] = field(default_factory=list)
    # The dice of a command come from (secret, run, draw): `run` is new each time a host
    # starts and `draw` counts every command judged, so no two commands ever share a stream,
    # not even one judged again at a history index an undo freed, nor one after a restart.
    # Boards replay the dice each entry carries, so nothing of this is needed to replay.
    run: str = field(default_factory=lambda: secrets.token_hex(8))
    draws: int = 0
    seat_changes: dict[str, int] = field(default_factory=dict)  # per player, since the last command

    @classmethod
    def start(cls, follower: Follower, secret: str, run: str | None = None) -> Referee:
        """A referee whose open sides are the teams nobody holds yet."""
        free = {t for t in teams(follower.game.battle) if follower.seats.get(t) is None}
        return cls(follower, secret, free, run=run or secrets.token_hex(8))

    @property
    def game(self) -> Game:
        return self.follower.game

    def replayed(self, seq: int, entry: dict[str, Any]) -> None:
        """An entry read back from the stream (a host restarting): apply it."""
        self.follower.apply(seq, entry, check=False)  # the stream is the authority's record
        self._note_seat(entry)
        self._count_seat(entry)

    def held_again(self, entry: dict[str, Any]) -> None:
        """An entry read back from the host's held stream (a host restarting): a held command,
        or the marker of a held command taken back quietly."""
        if entry.get("kind") == "unhold":
            if self.held and self.held[-1].get("rid") == entry.get("rid"):
                self.held.pop()
                self.game.undo()
        elif entry.get("rid") not in self.follower.requests:  # not released before the crash
            self.follower.apply_entry(entry)
            self.held.append(entry)

    def decide(
        self, request: dict[str, Any], gm: bool = False, sender: str | None = None, scope: str | None = None
    ) -> Verdict:
        """Judge a request from the GM, or from the player `sender` (the name of the invitation
        the request came on: the request's own "from" is never believed), and apply it.

        `scope` (the invitation's user) makes the request id the invitation's own: an id
        another invitation sent first is not this one's duplicate."""
        # A sender that is no name is refused below, as an empty one is.
        rid, name = request.get("rid"), GM if gm else sender if isinstance(sender, str) else ""
        if not isinstance(rid, str) or not 0 < len(rid) <= MAX_ID:
            return Verdict(reason="the request has no id")
        if scope:
            rid = f"{scope}:{rid}"
        if not gm and (not 0 < len(name) <= 32 or name in (GM, COMPUTER)):
            return Verdict(reason="the request comes from no player's invitation (the GM and the computer have none)")
        if rid in self.follower.requests:
            return Verdict(duplicate=True)
        kind = request.get("kind")
        if kind == "command":
            return self._command(request, name, gm, rid)
        if kind in ("undo", "redo"):
            return self._history(kind, gm, rid)
        if kind == "seat":
            return self._seat(request, name, gm, rid)
        # Not echoed: the kind is the sender's data (a hostile one's, or another version's).
        return Verdict(reason="the host knows no such request (a command, an undo or redo, or a side)")

    def _command(self, request, name: str, gm: bool, rid: str) -> Verdict:
        try:
            command = Command.model_validate(request.get("command"))
        except ValidationError as error:
            return Verdict(reason=f"the command is malformed: {error.errors()[0]['msg']}")
        reason = (None if gm else self.seat_refusal(command, name)) or self.game.check(command)
        if reason:
            return Verdict(reason=reason)
        self.draws += 1
        rolled = taped(self.game, command, f"{self.secret}:{self.run}", self.draws)
        entry = {"kind": "command", "command": command_data(rolled), "by": name, "rid": rid}
        return self._accept(entry)

    def seat_refusal(self, command: Command, name: str) -> str | None:
        """Why a player may not give this command, or None: players command their own sides'
        figures; GM commands and forced dice are the GM's."""
        if command.do == "gm":
            return "only the GM can use GM commands"
        if command.dice:
            return "only the GM can force dice"
        if command.figure is None:
            return "name the figure the command is for"
        token = self.game.tokens().get(command.figure)
        if token is None:
            return None  # the rules refuse an unknown figure with their own words
        if self.follower.seats.get(token.team) != name:
            mine = ", ".join(self.follower.sides_of(name)) or "no side"
            return (
                f"{command.figure} is one of {possessive(token.team)} figures "
                f"({seat_text(token.team, self.follower.seats.get(token.team))}); you play {mine}"
            )
        return None

    def _history(self, kind: str, gm: bool, rid: str) -> Verdict:
        if not gm:
            return Verdict(reason="only the GM takes back or redoes commands")
        if kind == "undo" and self.held:  # a secret command not yet shown: take it back quietly
            self.held.pop()
            self.game.undo()
            return Verdict()
        if kind == "undo" and not self.game.history:
            return Verdict(reason="nothing to undo")
        if kind == "redo" and not self.game.undone:
            return Verdict(reason="nothing to redo")
        return self._accept({"kind": kind, "by": GM, "rid": rid})

    def _seat(self, request, name: str, gm: bool, rid: str) -> Verdict:
        team, holder = request.get("team"), request.get("holder")
        if team not in teams(self.game.battle):
            return Verdict(reason=f"there is no side {team!r}; the sides: " + ", ".join(teams(self.game.battle)))
        now = self.follower.seats.get(team)
        if not gm:
            if holder not in (name, None):
                return Verdict(reason="a player takes a side for themselves or gives up their own")
            if holder is None and now != name:
                return Verdict(reason=f"you do not play {team}")
            if holder == name and now == name:
                return Verdict(reason=f"you play {team} already")
            if holder == name and (now is not None or team not in self.open_sides):
                return Verdict(reason=f"{team} is not free ({seat_text(team, now)})")
            if self.seat_changes.get(name, 0) >= SEAT_CHANGES:
                return Verdict(
                    reason=f"you have changed sides {SEAT_CHANGES} times since the "
                    "last move; wait for the game to go on"
                )
        elif holder is not None and not isinstance(holder, str):
            return Verdict(reason="a side goes to a player's name, the computer or the GM")
        entry = {"kind": "seat", "team": team, "holder": holder, "by": name, "rid": rid}
        if gm and holder is None and request.get("open"):
            entry["open"] = True  # the GM plays it until a player takes it
        return self._accept(entry)

    def _accept(self, entry: dict[str, Any]) -> Verdict:
        """Apply an accepted entry; hold it if it hides a choice, else release it with the
        held ones before it."""
        events = self.follower.apply_entry(entry)
        entry["digest"] = state_digest(self.game, self.follower.seats)
        self._note_seat(entry)
        self._count_seat(entry)
        if entry["kind"] in ("command", "redo") and keeps_secret(events):
            self.held.append(entry)
            return Verdict(note=" ".join(e.text for e in events if e.kind == "plot"))
        released, self.held = self.held + [entry], []
        return Verdict(entries=released)

    def _count_seat(self, entry: dict[str, Any]) -> None:
        """Players' seat changes since the last command, so toggling cannot grow the stream
        without bound (a command starts the count again)."""
        if entry.get("kind") == "command":
            self.seat_changes.clear()
        elif entry.get("kind") == "seat" and entry.get("by") != GM:
            self.seat_changes[entry["by"]] = self.seat_changes.get(entry["by"], 0) + 1

    def _note_seat(self, entry: dict[str, Any]) -> None:
        """A side the GM takes back is closed to players, unless the GM opens it to them."""
        if entry.get("kind") != "seat" or entry.get("by") != GM or entry.get("holder") is not None:
            return
        if entry.get("open"):
            self.open_sides.add(entry["team"])
        else:
            self.open_sides.discard(entry["team"])
