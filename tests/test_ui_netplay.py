"""Two boards' windows at one shared game: the GM's and a player's, on a real nats-server."""

from __future__ import annotations

import threading

import pygame
import pygame_gui
import pytest

from board.game import Game
from board.maps import load_map
from board.net.protocol import Follower
from board.net.session import Session
from board.sides import teams
from board.ui.play.netplay import NetPlay
from board.net.server import free_port
from board.words import possessive
from tests.net_helpers import DEADLINE, FIGHT, Server, address, code_for
from tests.ui_driver import Driver


class Window:
    """A Driver whose scene is linked to a session; wait() turns frames until a condition."""

    def __init__(self, session: Session, role: str):
        first = session.first()
        self.follower = Follower.from_setup(first[2])
        self.driver = Driver(self.follower.game)
        self.net = NetPlay(session, self.follower, role)
        self.net.attach(self.driver.scene)
        self.arrived = threading.Event()
        session.wake = self.arrived.set  # the test's stand-in for the window's wake-up event

    def wait(self, condition) -> None:
        while not condition():
            self.driver.frame()  # the scene polls its inbox each frame
            if condition():
                return
            assert self.arrived.wait(DEADLINE), "nothing arrived"
            self.arrived.clear()


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    """The boards remember where they were in the test's own data folder."""
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def boards(tmp_path):
    server = Server(tmp_path / "hosted").start()
    host, player = Session(), Session()
    game = Game(load_map(FIGHT), seed="public")
    host.host_game(server.hosting, game)  # finds the fixture's server listening: uses it
    gm = Window(host, "GM")
    player.join(address(server.hosting), code_for(server.hosting, "ann"), "ann")
    ann = Window(player, "ann")
    # These tests seat the player by hand: the board's own first-free-side request, sent once it
    # has caught up, would race theirs and its refusal overwrite the line they read.
    ann.net.seated = True
    yield gm, ann, teams(game.battle)
    player.close()
    host.close()
    server.kill()
    pygame.display.quit()


def test_a_players_command_reaches_both_boards_through_the_host(boards):
    gm, ann, (red, _blue) = boards
    ann.net.session.ask("seat", team=red, holder="ann")
    ann.wait(lambda: ann.follower.seats.get(red) == "ann")
    assert "you play" in ann.driver.message or "ann plays" in ann.driver.message
    game = ann.follower.game
    # Red's first move, from the player's board's own controller.
    while game.current_player() != red:
        command = game.legal_actions()[0]
        gm.driver.controller.submit(command)  # the GM plays Blue's figures
        gm.wait(lambda: gm.follower.seq > ann.follower.seq)
        ann.wait(lambda: ann.follower.seq == gm.follower.seq)
    command = next(c for c in game.legal_actions() if game.tokens()[c.figure].team == red)
    assert ann.driver.controller.submit(command).accepted
    assert "Sent to the host" in ann.driver.message
    ann.wait(lambda: ann.follower.game.history and ann.follower.game.history[-1].figure == command.figure)
    gm.wait(lambda: gm.follower.seq == ann.follower.seq)
    assert gm.follower.game.snapshot() == ann.follower.game.snapshot()


def test_a_player_asking_for_a_blue_figure_hears_the_hosts_reason(boards):
    _gm, ann, (red, blue) = boards
    ann.net.session.ask("seat", team=red, holder="ann")
    ann.wait(lambda: ann.follower.seats.get(red) == "ann")
    game = ann.follower.game
    theirs = next(c for c in game.legal_actions() if game.tokens()[c.figure].team == blue)
    ann.driver.controller.submit(theirs)
    ann.wait(lambda: "The host refused" in ann.driver.message)
    assert f"one of {possessive(blue)} figures" in ann.driver.message


def test_the_gms_undo_is_followed_by_the_players_board(boards):
    gm, ann, _ = boards
    game = gm.follower.game
    gm.driver.controller.submit(game.legal_actions()[0])
    ann.wait(lambda: len(ann.follower.game.history) == 1)
    gm.driver.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    ann.wait(lambda: len(ann.follower.game.history) == 0)
    gm.wait(lambda: len(gm.follower.game.history) == 0)
    assert gm.follower.game.snapshot() == ann.follower.game.snapshot()


def test_the_gm_takes_a_side_back_and_hands_it_to_the_computer_from_the_seats_window(boards):
    gm, ann, (red, blue) = boards
    ann.net.session.ask("seat", team=red, holder="ann")
    gm.wait(lambda: gm.follower.seats.get(red) == "ann")
    gm.driver.key(pygame.K_j)
    assert gm.net.seats.open
    button = next(b for b, asks in gm.net.seats.buttons.items() if asks == ("seat", red, "take"))
    gm.driver.scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    gm.wait(lambda: gm.follower.seats.get(red) is None)
    ann.wait(lambda: ann.follower.seq == gm.follower.seq)
    assert ann.follower.seats.get(red) is None and "The GM plays" in ann.driver.message  # a line of its own: a capital
    button = next(b for b, asks in gm.net.seats.buttons.items() if asks == ("seat", blue, "computer"))
    gm.driver.scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    ann.wait(lambda: ann.follower.seats.get(blue) == "computer")
    ann.driver.key(pygame.K_j)  # a player sees the seats, without the buttons or invitations
    assert ann.net.seats.open and ann.net.seats.buttons == {}


def press(window: Window, asks: tuple) -> None:
    """Press the seats window's button that asks for this."""
    button = next(b for b, a in window.net.seats.buttons.items() if a == asks)
    window.driver.scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


def test_the_gms_seats_window_copies_a_join_line_makes_invitations_and_kicks(boards):
    gm, ann, (red, _) = boards
    ann.net.session.ask("seat", team=red, holder="ann")
    gm.wait(lambda: gm.follower.seats.get(red) == "ann")
    gm.driver.key(pygame.K_j)
    session = gm.net.session
    before = {i.user for i in session.invitations()}
    mine = next(i for i in session.invitations() if i.name == "ann")
    press(gm, ("copy", mine.user))
    assert "copied" in gm.driver.message
    line = pygame.scrap.get_text()
    assert line.startswith(f"HEXBOARD_INVITE={mine.code} ./hexboard join tls://127.0.0.1:")
    press(gm, ("invite", "spectator"))
    made = {i.user for i in session.invitations()} - before
    assert len(made) == 1 and next(iter(made)).startswith("s")
    press(gm, ("kick", mine.user))
    assert "withdrawn" in gm.driver.message
    gm.wait(lambda: gm.follower.seats.get(red) is None)
    ann.wait(lambda: "no longer in the game" in ann.net.link)
    assert mine.user not in {i.user for i in session.invitations()}


def test_a_players_menu_is_greyed_with_the_reason_while_it_is_not_their_sides_turn(boards):
    gm, ann, (red, blue) = boards
    ann.net.session.ask("seat", team=red, holder="ann")
    ann.wait(lambda: ann.follower.seats.get(red) == "ann")
    game = ann.follower.game
    while game.current_player() != blue:
        gm.driver.controller.submit(game.legal_actions()[0])
        gm.wait(lambda: gm.follower.seq > ann.follower.seq)
        ann.wait(lambda: ann.follower.seq == gm.follower.seq)
    ann.driver.frame()
    items = list(ann.driver.scene.menu.buttons.values())
    assert items and not any(item.enabled for item in items)
    assert all(f"{blue} to act" in item.reason and f"you play {red}" in item.reason for item in items)


def test_a_side_the_gm_hands_to_the_computer_is_played_by_the_gms_board_through_the_host(boards):
    gm, ann, (_red, blue) = boards
    gm.net.session.ask("seat", team=blue, holder="computer")
    gm.wait(lambda: gm.follower.seats.get(blue) == "computer")
    assert gm.follower.game.players == {blue: "computer:normal"}
    assert ann.follower.game.players.get(blue, "person") == "person"  # only the GM's board plays it
    game = gm.follower.game
    while game.current_player() != blue:  # the GM plays Red's figures by hand
        gm.driver.controller.submit(game.legal_actions()[0])
        gm.wait(lambda: not gm.net.waiting)
    played = len(game.history)
    gm.driver.tick(5.0)  # the computer's readable pace: it sends Blue's command to the host
    gm.wait(lambda: len(game.history) > played)
    assert game.tokens()[game.history[played].figure].team == blue
    # The computer may go on playing: the player's board has at least that command, the same.
    ann.wait(lambda: len(ann.follower.game.history) > played)
    assert ann.follower.game.history[: played + 1] == game.history[: played + 1]


def test_a_players_board_follows_the_host_to_its_new_address_from_the_address_window(tmp_path):
    server = Server(tmp_path / "hosted").start()
    game = Game(load_map(FIGHT), seed="public")
    host, player = Session(), Session()
    host.host_game(server.hosting, game)
    Window(host, "GM")
    player.join(address(server.hosting), code_for(server.hosting, "ann"), "ann")
    ann = Window(player, "ann")
    red = teams(game.battle)[0]
    player.ask("seat", team=red, holder="ann")
    ann.wait(lambda: ann.follower.seats.get(red) == "ann")
    host.close(stop_server=False)
    server.kill()  # the host comes back on another port
    server.hosting.port = free_port()
    server.start()
    moved = Session()
    moved.host_game(server.hosting, None)
    Window(moved, "GM")
    try:
        ann.driver.key(pygame.K_a)
        assert ann.net.address.open
        ann.net.address.entry.set_text(address(server.hosting))  # a new port, the same certificate
        ann.driver.scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=ann.net.address.go))
        ann.wait(lambda: player.client.url == address(server.hosting) and ann.net.link == "connected")
        player.ask("seat", team=red, holder=None)  # only red's holder may give it up
        ann.wait(lambda: ann.follower.seats.get(red) is None)
    finally:
        player.close()
        moved.close()
        server.kill()
        pygame.display.quit()
