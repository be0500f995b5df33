"""A shared game on the board: commands go to the host, the stream's entries come back and
are applied here in order, and the status line says how the link stands."""

from __future__ import annotations

import secrets
import ssl

import pygame

from board.game import Game
from board.maps import load_map
from board.net.client import split_address
from board.net.protocol import COMPUTER, Desynced, Diverged, Follower, command_data, seat_text
from board.net.relay import parse_club_line
from board.net.server import DEFAULT_PORT
from board.net.session import (Session, hosting_folder, hosting_for, hosting_via, invite_for,
                               join_line, listen_address, where_hosted)
from board.sides import teams
from board.ui.address_dialog import AddressDialog
from board.ui.seats_dialog import SeatsDialog

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

    def attach(self, scene) -> None:
        """Route the scene's commands and undo to the host, and wake the window on news."""
        scene.net = self
        scene.controller.sender = self.send
        self.session.wake = _wake
        self._computer_seats(scene.game)
        scene.say(self.banner())

    def plays_computer(self) -> bool:
        """The GM's board plays the sides handed to the computer, one command at a time."""
        return self.role == "GM" and not self.waiting

    def _computer_seats(self, game) -> None:
        """On the GM's board, the sides the computer holds are the computer's (at normal)."""
        if self.role == "GM":
            game.players = {team: "computer:normal" for team, holder in self.follower.seats.items()
                            if holder == COMPUTER}

    def banner(self) -> str:
        sides = ", ".join(self.follower.sides_of(self.role)) or "no side yet"
        if self.role == "GM":
            return ("Hosting as the GM: every figure and undo are yours"
                    + (f" · listening on {self.invite}" if self.invite else "")
                    + " · J: invitations and join lines")
        if self.role == "spectator":
            return "Watching as a spectator: you see the game as the players do"
        return f"Joined as {self.role}: you play {sides}"

    def show_seats(self, scene) -> None:
        """Who plays each side (J); the GM's window has the buttons to change it, and the
        invitations with their join lines."""
        if self.seats is None:
            self.seats = SeatsDialog(scene.manager)
        self.seats.show(scene.board_rect.center, self.follower.seats, self.role == "GM",
                        self.session.invitations(), self.invite)

    def show_address(self, scene) -> None:
        """Where the host is (A); a player's board can be pointed at its new address."""
        if self.role == "GM":
            scene.say("The host's board follows its own server; players press A to follow a "
                      "host that moved")
            return
        if self.address is None:
            self.address = AddressDialog(scene.manager)
        host, port, _ = split_address(self.session.client.url)  # the fingerprint stays as it was
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
                scene.say(copy_text(join_line(self.session.hosting, invitation)))
                return
            if verb == "kick":
                self.session.kick(what)
                scene.say(f"Invitation {what} withdrawn: its connections are closed")
            elif verb == "invite":
                made = self.session.invite(what)
                scene.say(copy_text(join_line(self.session.hosting, made)))
        except Exception as error:  # the server gone, a config that cannot be written
            scene.say(f"Could not {verb}: {refusal(error)}", warning=True)
        self.show_seats(scene)

    def turn_refusal(self, game) -> str | None:
        """Why this board may not act now (not its side's turn, or a spectator's), or None."""
        if self.role == "GM":
            return None
        if self.role == "spectator":
            return "you are watching: spectators cannot act"
        team = game.current_player()
        if team is None or self.follower.seats.get(team) == self.role:
            return None
        mine = ", ".join(self.follower.sides_of(self.role)) or "no side"
        return f"{team}'s turn ({seat_text(team, self.follower.seats.get(team))}); you play {mine}"

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
        return bool(items)

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
            if not reply.get("ok"):
                scene.say(f"The host refused: {reply.get('reason')}", warning=True)
        elif kind == "note":
            scene.say(item[1])
        elif kind == "link":
            self.link = item[1]
            scene.say(f"Network: {item[1]}" + ("" if item[1] == "connected" else
                                                   " (the board shows the game as it last heard)"),
                      warning=item[1] != "connected")

    def _entry(self, scene, seq: int, entry: dict) -> None:
        game = scene.game
        before_events = list(game.events)
        before = {n: (f.hex.q, f.hex.r) for n, f in game.tokens().items()}
        try:
            events = self.follower.apply(seq, entry)
        except Desynced as error:  # the follower is back at the setup: read the stream again
            scene.say(f"This board's game differed from the host's: {error}", warning=True)
            self.session.reread(self.follower.seq)
            scene.controller.sync()
            return
        except Diverged as error:
            scene.say(f"This board lost step with the host: {error}; join again", warning=True)
            return
        scene.controller.sync()
        if entry.get("kind") == "undo":
            scene.undone(before_events)
        elif entry.get("kind") == "seat":
            self._computer_seats(game)
            scene.say(f"{events[0].text}. {self.banner()}")
            if self.seats is not None and self.seats.open:
                self.show_seats(scene)
        else:
            scene.shown(events, before)
            by = entry.get("by")
            what = game.history[-1].words() if entry["kind"] == "command" and game.history else \
                str(entry["kind"]).replace("_", " ")
            scene.say(self.banner() if by == self.role else f"{by} played {what}")

    def close(self) -> None:
        self.session.close()


def shared(session: Session, role: str, sides: list[str] | None = None) -> NetPlay:
    """The link for a board once the session is up: the game from the stream's setup, and a
    player's seat asked for (the sides named, else the first free one)."""
    follower = Follower.from_setup(session.first()[2])
    if role not in ("GM", "spectator"):
        free = [team for team, holder in follower.seats.items() if holder is None]
        for team in sides or ([] if follower.sides_of(role) else free[:1]):
            session.ask("seat", team=team, holder=role)
    return NetPlay(session, follower, role)


def host_map(path: str, listen: str = "local") -> tuple[NetPlay, str]:
    """Host a new game on a map from the start screen (on this machine only, or the local
    network, at the default port; or, `listen` being a club organiser's line, through that
    club), one invitation a side; the link and where it listens. Raises OSError, ValueError
    or ServerError with the reason."""
    game = Game(load_map(path), seed=secrets.token_hex(8))
    if listen in ("local", "lan"):
        hosting = hosting_for(hosting_folder(), listen_address(listen), DEFAULT_PORT, new_game=True)
    else:
        table, via, port = parse_club_line(listen)
        hosting = hosting_via(hosting_folder(table), via, table, port, new_game=True)
    invite_for(hosting, len(teams(game.battle)))
    return host(hosting, game), where_hosted(hosting)


def invitation_lines(net: NetPlay) -> list[str]:
    """Each invitation with its join line (the GM's board)."""
    hosting = net.session.hosting
    return [f"{i.label}: {join_line(hosting, i)}" for i in net.session.invitations()]


def host(hosting, game: Game | None) -> NetPlay:
    """Start hosting (a new game, or None: the one in the stream) and the GM's link."""
    session = Session()
    try:
        session.host_game(hosting, game)
        return shared(session, "GM")
    except Exception:
        session.close()
        raise


def join_game(address: str, code: str, name: str, sides: list[str] | None = None) -> NetPlay:
    """Join a hosted game; raises with the reason (a wrong code, nothing at that address)."""
    session = Session()
    try:
        session.join(address, code, name)
        return shared(session, session.name, sides)
    except Exception:
        session.close()
        raise


def refusal(error: Exception) -> str:
    """Why joining or hosting failed, in words."""
    if "authorization" in str(error).lower():
        return "the invitation was refused (a wrong code, or the host withdrew it)"
    if isinstance(error, ssl.SSLError):
        return f"the secure connection failed: {error.reason or error}"
    return str(error) or type(error).__name__


def copy_text(text: str) -> str:
    """Put text on the clipboard; the words to show (the text itself when that fails)."""
    try:
        pygame.scrap.put_text(text)
        return "Join line copied to the clipboard: paste it in the player's shell"
    except pygame.error:
        return f"The join line (the clipboard is not available): {text}"


def _wake() -> None:
    """Called from the network thread; SDL's event queue takes posts from any thread."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:
        pass  # the window is closing
