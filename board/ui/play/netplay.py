"""A shared game on the board: commands go to the host, the stream's entries come back and
are applied here in order, and the status line says how the link stands."""

from __future__ import annotations

import ssl

import pygame

from board.i18n import _, ngettext
from board.net.link import split_address
from board.net.protocol import COMPUTER, Desynced, Diverged, Follower, command_data, seat_text
from board.net.server import Hosting
from board.net.session import Session, join_line
from board.ui.dialogs.address import AddressDialog
from board.ui.play.async_play import SinceMark, TurnNotice
from board.ui.dialogs.seats import SeatsDialog

WAKE = pygame.USEREVENT + 21  # posted by the network thread: something arrived


class NetPlay:
    """The play scene's link to a shared game (its game is the follower's)."""

    def __init__(self, session: Session, follower: Follower, role: str):
        self.session = session
        self.follower = follower
        self.role = role  # "GM" or the player's name
        self.link = "connected"
        self.invite = ""  # where the host listens, in words (the GM's board)
        self.seats: SeatsDialog | None = None
        self.address: AddressDialog | None = None
        self.waiting = False  # a command sent to the host, not yet answered
        # Where this invitation's player (or the GM) last was in this game, and its turns.
        client = getattr(session, "client", None)
        self.since = SinceMark(follower, getattr(client, "user", None) or role)
        self.turns: TurnNotice | None = None
        self.wanted: list[str] | None = None  # the sides a joining player asked for (--side)
        self.seated = role in ("GM", "spectator")  # a player's board asks for its seat once

    @property
    def hosting(self) -> Hosting:
        """Where this board's server listens (the GM's board: it hosts the game)."""
        hosting = self.session.hosting
        if hosting is None:
            raise RuntimeError("this board hosts no game: only the GM's board has invitations")
        return hosting

    def attach(self, scene) -> None:
        """Route the scene's commands and undo to the host, and wake the window on news."""
        scene.net = self
        scene.controller.sender = self.send
        self.session.wake = _wake
        self._computer_seats(scene.game)
        self.turns = TurnNotice(self.role, scene.title, scene.game.battle.name)
        scene.say(self.banner())
        if self.since.complaint:
            scene.say(
                _("Where you last were in games is not known: {problem}; the log marks nothing this time").format(
                    problem=self.since.complaint
                ),
                warning=True,
            )

    def plays_computer(self) -> bool:
        """The GM's board plays the sides handed to the computer, one command at a time."""
        return self.role == "GM" and not self.waiting

    def _computer_seats(self, game) -> None:
        """On the GM's board, the sides the computer holds are the computer's (at normal)."""
        if self.role == "GM":
            game.players = {
                team: "computer:normal" for team, holder in self.follower.seats.items() if holder == COMPUTER
            }

    def banner(self) -> str:
        sides = ", ".join(self.follower.sides_of(self.role)) or _("no side yet")
        if self.role == "GM":
            return (
                _("Hosting as the GM: every figure and undo are yours")
                + (_(" · listening on {address}").format(address=self.invite) if self.invite else "")
                + _(" · J: invitations and join lines")
            )
        if self.role == "spectator":
            return _("Watching as a spectator: you see the game as the players do")
        return _("Joined as {role}: you play {sides}").format(role=self.role, sides=sides)

    def show_seats(self, scene) -> None:
        """Who plays each side (J); the GM's window has the buttons to change it, and the
        invitations with their join lines."""
        if self.seats is None:
            self.seats = SeatsDialog(scene.manager)
        self.seats.show(
            scene.board_rect.center, self.follower.seats, self.role == "GM", self.session.invitations(), self.invite
        )

    def show_address(self, scene) -> None:
        """Where the host is (A); a player's board can be pointed at its new address."""
        if self.role == "GM":
            scene.say(_("The host's board follows its own server; players press A to follow a host that moved"))
            return
        if self.address is None:
            self.address = AddressDialog(scene.manager)
        client = self.session.client
        if client is None:  # not connected: there is no address to change yet
            return
        host, port, _fingerprint = split_address(client.url)  # the fingerprint stays as it was
        self.address.show(scene.board_rect.center, f"{host}:{port}")

    def handle(self, event, scene=None) -> bool:
        """True if the event was the seats window's (a GM's button asks the host, copies a
        join line, kicks or invites) or the address window's (the board follows the host to
        its new address)."""
        url = self.address.picked(event) if self.address is not None else None
        if url is not None:
            self.session.move(url)
            return True
        asks = self.seats.picked(event) if self.seats is not None else None
        if asks is None:
            return False
        verb, what = asks
        if verb == "seat":
            self.session.ask("seat", **what)
        elif scene is not None:
            self._invitation(scene, verb, what)
        return True

    def _invitation(self, scene, verb: str, what: str) -> None:
        """The GM's invitation buttons: copy a join line, kick, make a new invitation."""
        try:
            if verb == "copy":
                invitation = next(i for i in self.session.invitations() if i.user == what)
                scene.say(copy_text(join_line(self.hosting, invitation)))
                return
            if verb == "kick":
                self.session.kick(what)
                scene.say(
                    (
                        _(
                            "Invitation {what} withdrawn: it can act no more (at a club it can still read "
                            "the game until the organiser closes the table)"
                        )
                        if self.hosting.via
                        else _("Invitation {what} withdrawn: its connections are closed")
                    ).format(what=what)
                )
            elif verb == "invite":
                made = self.session.invite(what)
                scene.say(copy_text(join_line(self.hosting, made)))
        except Exception as error:  # the server gone, a config that cannot be written
            scene.say(f"Could not {verb}: {refusal(error)}", warning=True)
        self.show_seats(scene)

    def turn_refusal(self, game) -> str | None:
        """Why this board may not act now (not its side's turn, or a spectator's), or None."""
        if self.role == "GM":
            return None
        if self.role == "spectator":
            return _("you are watching: spectators cannot act")
        team = game.current_player()
        if team is None or self.follower.seats.get(team) == self.role:
            return None
        mine = ", ".join(self.follower.sides_of(self.role)) or _("no side")
        return _("{team} to act ({seat}); you play {mine}").format(
            team=team, seat=seat_text(team, self.follower.seats.get(team)), mine=mine
        )

    def send(self, kind: str, command) -> None:
        if kind == "command":
            self.waiting = True
            self.session.ask("command", command=command_data(command))
        else:
            self.session.ask(kind)

    def poll(self, scene) -> bool:
        """Apply what arrived; True if anything changed on screen."""
        items = self.session.drain()
        for item in items:
            self._item(scene, item)
        if items:
            self._mark(scene)
        return bool(items)

    def _mark(self, scene) -> None:
        """Once caught up: remember the last entry shown (a write per batch of news, none while
        hundreds of entries are read in), and say whose turn it is in the title."""
        if not self.since.caught_up:
            return
        problem = self.since.remember(self.follower.seq)
        if problem and not self.since.complaint:
            self.since.complaint = problem
            scene.say(
                _("Where you are in this game cannot be remembered: {problem}").format(problem=problem), warning=True
            )
        if self.turns is not None:
            self.turns.follow(self.follower, scene.sounds)
        self.take_seat()

    def _item(self, scene, item: tuple) -> None:
        kind = item[0]
        # A sent command is answered by its stream entry, or by a refusal (an accepted one's
        # reply may come before its entry: the state to decide on is the entry's).
        if kind == "entry" or (kind == "reply" and not item[2].get("ok")):
            self.waiting = False
        if kind == "entry":
            self._entry(scene, item[1], item[2])
        elif kind == "reply":
            reply = item[2]
            self._named()
            if not reply.get("ok"):
                scene.say(_("The host refused: {reason}").format(reason=reply.get("reason")), warning=True)
        elif kind == "note":
            scene.say(item[1])
        elif kind == "caught_up" and self.since.reached_end() and self.since.divider is not None:
            scene.log.reveal(self.since.divider)
            news = self.follower.seq - self.since.since
            scene.say(
                ngettext(
                    "{n} change since you were last here: the log marks where it begins",
                    "{n} changes since you were last here: the log marks where they begin",
                    news,
                ).format(n=news)
            )
        elif kind == "link":
            self.link = item[1]
            scene.say(
                _("Network: {state}").format(state=item[1])
                + ("" if item[1] == "connected" else _(" (the board shows the game as it last heard)")),
                warning=item[1] != "connected",
            )

    def take_seat(self) -> None:
        """Once the board has read the stream and the host knows its name: ask for the sides
        named on joining, else the first free side if this player holds none (a returning
        player keeps the sides they had, and is not given another)."""
        client = getattr(self.session, "client", None)
        if self.seated or not self.since.caught_up or not getattr(client, "greeted", False):
            return
        self.seated = True
        held = self.follower.sides_of(self.role)
        free = [team for team, holder in self.follower.seats.items() if holder is None]
        wanted = [team for team in self.wanted or [] if team not in held]  # --side again: no noise
        for team in wanted if self.wanted else ([] if held else free[:1]):
            self.session.ask("seat", team=team, holder=self.role)

    def _named(self) -> None:
        """A board that joined while the host was away took the name it was given; the host
        may know its invitation by the name it first took: that one is its name from now on."""
        client = getattr(self.session, "client", None)
        name = getattr(client, "name", None)
        greeted = getattr(client, "greeted", False)
        if self.role not in ("GM", "spectator") and greeted and name and name != self.role:
            self.role = name
            if self.turns is not None:
                self.turns.role = name

    def _entry(self, scene, seq: int, entry: dict) -> None:
        divider = self.since.before(seq)
        if divider is not None:
            scene.log.add([divider], scene.now)
        game = scene.game
        before_events = list(game.events)
        before = {n: (f.hex.q, f.hex.r) for n, f in game.tokens().items()}
        try:
            events = self.follower.apply(seq, entry)
        except Desynced as error:  # the follower is back at the setup: read the stream again
            scene.say(sentence(str(error)), warning=True)  # what differed, and that it rebuilds
            self.session.reread(self.follower.seq)
            scene.controller.sync()
            return
        except Diverged as error:
            scene.say(_("This board lost step with the host: {error}; join again").format(error=error), warning=True)
            return
        scene.controller.sync()
        if entry.get("kind") == "undo":
            scene.undone(before_events)
        elif entry.get("kind") == "seat":
            self._computer_seats(game)
            scene.say(f"{sentence(events[0].text)}. {self.banner()}")
            if self.seats is not None and self.seats.open:
                self.show_seats(scene)
        else:
            scene.shown(events, before)
            by = entry.get("by")
            if entry["kind"] == "redo":
                what = "again the command taken back"
            else:
                what = game.history[-1].words() if game.history else "a command"
            scene.say(self.banner() if by == self.role else f"{by} played {what}")

    def close(self) -> None:
        if self.since.caught_up:
            self.since.remember(self.follower.seq)
        self.session.close()


def sentence(text: str) -> str:
    """The text as a line of its own: its first letter a capital."""
    return text[:1].upper() + text[1:]


def refusal(error: Exception) -> str:
    """Why joining or hosting failed, in words."""
    if "authorization" in str(error).lower():
        return _("the invitation was refused (a wrong code, or the host withdrew it)")
    if isinstance(error, ssl.SSLError):
        return _("the secure connection failed: {problem}").format(problem=error.reason or error)
    return str(error) or type(error).__name__


def copy_text(text: str) -> str:
    """Put text on the clipboard; the words to show (the text itself when that fails)."""
    try:
        pygame.scrap.put_text(text)
        return _("Join line copied to the clipboard: paste it in the player's shell")
    except pygame.error:
        return _("The join line (the clipboard is not available): {text}").format(text=text)


def _wake() -> None:
    """Called from the network thread; SDL's event queue takes posts from any thread."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:
        pass  # the window is closing
