"""A shared game on the board: commands go to the host, the stream's entries come back and
are applied here in order, and the status line says how the link stands."""

from __future__ import annotations

import pygame

from board.net.protocol import Diverged, Follower, command_data
from board.net.session import Session

WAKE = pygame.USEREVENT + 21  # posted by the network thread: something arrived


class NetPlay:
    """The play scene's link to a shared game (its game is the follower's)."""

    def __init__(self, session: Session, follower: Follower, role: str):
        self.session = session
        self.follower = follower
        self.role = role  # "GM" or the player's name
        self.link = "connected"

    def attach(self, scene) -> None:
        """Route the scene's commands and undo to the host, and wake the window on news."""
        scene.net = self
        scene.controller.sender = self.send
        self.session.wake = _wake
        scene.say(self.banner())

    def banner(self) -> str:
        sides = ", ".join(self.follower.sides_of(self.role)) or "no side yet"
        if self.role == "GM":
            return "Hosting as the GM: you may command every figure; undo is yours"
        return f"Joined as {self.role}: you play {sides}"

    def send(self, kind: str, command) -> None:
        if kind == "command":
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
        except Diverged as error:
            scene.say(f"This board lost step with the host: {error}; join again", warning=True)
            return
        scene.controller.sync()
        if entry.get("kind") == "undo":
            scene.undone(before_events)
        elif entry.get("kind") == "seat":
            scene.say(f"{events[0].text}. {self.banner()}")
        else:
            scene.shown(events, before)

    def close(self) -> None:
        self.session.close()


def _wake() -> None:
    """Called from the network thread; SDL's event queue takes posts from any thread."""
    try:
        pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:
        pass  # the window is closing
