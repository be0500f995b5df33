"""Every network status line in a player's words (issue 35): what a shared game's board says
while joining, waiting, reconnecting, kicked, watching, following a host that moved, refused
by the host or out of step with it carries no program identifier (no snake_case id, no
True/False/None, no "1 hexes"), like the replayed example fights' logs.

The link lines are read from the network code itself (each `("link", words)` it hands on),
so a new one is checked too; each goes through the board's own NetPlay to the status line."""

from __future__ import annotations

import ast
import re
from types import SimpleNamespace

import pygame
import pytest

from board.game import Game
from board.maps import load_map
from board.net.protocol import GM, Follower, command_data, setup_entry, state_digest
from board.net.referee import Referee
from board.sides import teams
from board.ui.play.netplay import NetPlay, refusal
from tests.net_helpers import FIGHT
from tests.test_ui_plain_words import program_words
from tests.ui_driver import ROOT, Driver

NETWORK_CODE = sorted((ROOT / "board" / "net").glob("*.py")) + [
    ROOT / "board" / "ui" / "play" / name for name in ("netplay.py", "net_start.py")
]


def clumsy(lines) -> list[str]:
    """Lines a player would trip on: not begun with a capital, a plural's "s's", a word said
    twice at a colon ("Network: network: ...")."""
    return [
        line
        for line in lines
        if not line[:1].isupper() or re.search(r"s's\b", line) or re.search(r"\b(\w+): \1\b", line, re.IGNORECASE)
    ]


def _words(node: ast.AST) -> str | None:
    """A string literal's text; an f-string's with each value put in as a plain word."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "host" for v in node.values)
    return None


def link_lines() -> list[str]:
    """Every ("link", words) tuple the network code hands to a board, its words filled in."""
    lines = []
    for path in NETWORK_CODE:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Tuple)
                and len(node.elts) == 2
                and _words(node.elts[0]) == "link"
                and _words(node.elts[1]) is not None
            ):
                lines.append(_words(node.elts[1]))
    return lines


class FakeSession:
    """A session with no server: what "arrived" is what the test puts in its inbox."""

    def __init__(self):
        self.inbox: list[tuple] = []
        self.client = SimpleNamespace(url="tls://192.0.2.7:4222/ab12cd")
        self.hosting = None
        self.wake = None

    def drain(self) -> list[tuple]:
        items, self.inbox = self.inbox, []
        return items

    def ask(self, kind: str, **fields) -> None:
        pass

    def reread(self, after: int) -> None:
        pass

    def move(self, url: str) -> None:
        pass

    def invitations(self) -> list:
        return []

    def kick(self, user: str) -> None:
        raise ConnectionError("the host's server is not running")


@pytest.fixture
def board(monkeypatch):
    """A player's board (ann, playing the first side) linked to a fake session; every line
    its status shows is recorded."""
    game = Game(load_map(ROOT / FIGHT), seed="public")
    red, blue = teams(game.battle)
    setup = setup_entry(game, {red: "ann", blue: None})
    follower = Follower.from_setup(setup)
    driver = Driver(follower.game)
    said: list[str] = []
    original = driver.scene.say
    monkeypatch.setattr(driver.scene, "say", lambda text, warning=False: said.append(text) or original(text, warning))
    session = FakeSession()
    net = NetPlay(session, follower, "ann")
    net.attach(driver.scene)
    yield SimpleNamespace(driver=driver, net=net, session=session, said=said, setup=setup, red=red, blue=blue)
    pygame.display.quit()


def arrive(board, *items) -> None:
    board.session.inbox.extend(items)
    board.net.poll(board.driver.scene)


def test_every_link_line_is_in_words(board):
    lines = link_lines()
    # joining, waiting, reconnecting, unreachable, kicked, a host that moved, back again
    assert len(lines) >= 8, lines
    arrive(board, *[("link", line) for line in lines])
    shown = [s for s in board.said if s.startswith("Network: ")]
    assert len(shown) == len(lines)
    assert not program_words(shown), "\n".join(program_words(shown))
    assert not clumsy(shown), clumsy(shown)


def test_the_boards_own_lines_for_each_role_are_in_words(board):
    net, scene = board.net, board.driver.scene
    lines = [net.banner()]
    for role in ("GM", "spectator"):
        net.role = role
        lines.append(net.banner())
        if net.turn_refusal(board.driver.game):  # the menu's title, as the play scene makes it
            lines.append(f"Not yours: {net.turn_refusal(board.driver.game)}")
        net.show_address(scene)
    net.role = "ann"
    net.follower.seats[board.red] = None  # ann holds no side: another's turn
    lines.append(f"Not yours: {net.turn_refusal(board.driver.game)}")
    net._invitation(scene, "kick", "bob")  # the server gone: the GM is told why in words
    # Why joining failed, as the start screen says it.
    lines += [
        f"Could not join: {refusal(error)}"
        for error in (ConnectionRefusedError("Connection refused"), RuntimeError("authorization violation"))
    ]
    lines += board.said
    assert any("spectator" in line for line in lines) and any("Could not kick" in line for line in lines)
    assert not program_words(lines), "\n".join(program_words(lines))
    assert not clumsy(lines), clumsy(lines)


def test_what_the_host_says_and_refuses_reaches_the_board_in_words(board):
    """The host's notes (a secret plot made, a player removed) and its refusals of a player's
    mistaken or hostile requests, as the board shows them."""
    referee = Referee.start(Follower.from_setup(board.setup), "secret")
    game = referee.game
    theirs = next(c for c in game.legal_actions() if game.tokens()[c.figure].team == board.blue)
    requests = [
        {"kind": "command", "command": command_data(theirs)},  # a figure of the other side
        {"kind": "command", "command": {"do": "move"}},  # malformed
        {"kind": "command", "command": {**command_data(theirs), "do": "gm"}},
        {"kind": "dance"},
        {"kind": "undo"},
        {"kind": "redo"},
        {"kind": "seat", "team": "Green", "holder": "ann"},
        {"kind": "seat", "team": board.blue, "holder": "bob"},
        {"kind": "seat", "team": board.red, "holder": "ann"},
        {"kind": "seat", "team": board.blue, "holder": None},
        {"rid": ""},
    ]
    reasons = []
    for i, request in enumerate(requests):
        verdict = referee.decide({"rid": f"r{i}", **request}, sender="ann")
        assert not verdict.accepted, request
        reasons.append(verdict.reason)
    arrive(board, *[("reply", {}, {"ok": False, "reason": r}) for r in reasons])
    arrive(board, ("note", "bob was removed from the game"), ("note", "Dorn makes a secret plot"))
    lines = board.said
    assert sum(line.startswith("The host refused: ") for line in lines) == len(requests)
    assert not program_words(lines), "\n".join(program_words(lines))
    assert not clumsy(line for line in lines if "removed" not in line), clumsy(lines)  # bob's name is his own


def test_a_board_out_of_step_with_the_host_says_so_in_words(board):
    """An entry whose digest differs (the board rebuilds), then one this board refuses twice
    (it has lost step): both said without the command's program form."""
    game = board.driver.game
    command = game.legal_actions()[0]
    entry = {"kind": "command", "command": command_data(command), "by": GM, "rid": "a1", "digest": "0" * 16}
    arrive(board, ("entry", 2, entry))
    bad = {
        "kind": "command",
        "command": {**command_data(command), "action": "no_such_action"},
        "by": GM,
        "rid": "g1",
        "digest": state_digest(game, board.net.follower.seats),
    }
    arrive(board, ("entry", 2, bad))
    arrive(board, ("entry", 2, bad))  # the second time: lost step
    board.net.follower.seq = 2  # as though it had gone on: an entry of a kind it does not know
    arrive(board, ("entry", 3, {"kind": "no_such_kind"}))
    lines = board.said
    assert any("differed from the host's" in line for line in lines)
    assert sum("lost step" in line for line in lines) == 2
    assert not program_words(lines), "\n".join(program_words(lines))
    assert not clumsy(lines) and not any(line.count("differed") > 1 for line in lines), lines


def test_the_played_seat_undo_and_redo_lines_are_in_words(board):
    """What the board says when the GM or another player plays, takes a side, undoes, redoes."""
    referee = Referee.start(Follower.from_setup(board.setup), "secret")
    game = referee.game
    entries = []
    for request, gm, sender in (
        ({"kind": "seat", "team": board.blue, "holder": "computer"}, True, None),
        ({"kind": "seat", "team": board.blue, "holder": None}, True, None),
    ):
        entries += referee.decide({"rid": f"s{len(entries)}", **request}, gm=gm, sender=sender).entries
    for _ in range(4):
        command = game.legal_actions()[0]
        verdict = referee.decide(
            {"rid": f"c{len(entries)}", "kind": "command", "command": command_data(command)}, gm=True
        )
        entries += verdict.entries
    for kind in ("undo", "redo"):
        entries += referee.decide({"rid": kind, "kind": kind}, gm=True).entries
    arrive(board, *[("entry", 2 + i, e) for i, e in enumerate(entries)])
    lines = board.said
    assert board.net.follower.seq == 1 + len(entries)
    assert any(line.startswith("GM played ") for line in lines) and any("plays" in line for line in lines)
    assert not program_words(lines), "\n".join(program_words(lines))
    assert not clumsy(lines) and not any(line.endswith("played redo") for line in lines), lines
