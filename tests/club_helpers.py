"""Club servers in tests: one node or a cluster of three on loopback, and tables hosted on
them by GMs' servers joined as leaf nodes. Every wait is for a condition, with a generous
deadline that only stops a hung test."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

from board.game import Game
from board.maps import load_map
from board.net.club import Club, club_via, local_club, start_club, table_account
from board.net.host import Host
from board.net.invitations import PLAYER
from board.net.relay import club_join_address, fetch_club_certificate
from board.net.server import start_server
from board.net.session import hosting_via, invite_for
from board.net.tables import table_code
from board.sides import teams
from tests.net_helpers import DEADLINE, FIGHT, Board, Killable


class Node(Killable):
    """One club node's nats-server: start, kill (SIGKILL) and start again on its folder."""

    def __init__(self, club: Club):
        self.club = club

    def start(self) -> Node:
        self.process = start_club(self.club)
        return self

    @property
    def url(self) -> str:
        return f"tls://127.0.0.1:{self.club.port}"


def make_club(
    folder: Path, tables: tuple[str, ...] = ("oak", "elm"), nodes: int = 1, storage: int | None = None
) -> list[Node]:
    """A club of one node or a cluster, with these tables, on free loopback ports (not started)."""
    return [Node(club) for club in local_club(folder, tables, nodes, storage)]


def via_address(nodes: list[Node]) -> str:
    """The club's leaf-node address for a GM, with its certificate's fingerprint."""
    return club_via([node.club for node in nodes])


class Table:
    """A GM hosting one table of the club: its own nats-server (a leaf node of the club), the
    host's authority and the GM's board."""

    def __init__(self, folder: Path, nodes: list[Node], name: str, players: int = 2, spectators: int = 1):
        """`nodes`: the club's nodes the GM's server is told of (the first is where players join)."""
        club = nodes[0].club
        self.name = name
        self.hosting = hosting_via(
            folder, via_address(nodes), table_code(name, club.tables[name]), club.port, new_game=True
        )
        invite_for(self.hosting, players, spectators)
        self.server: subprocess.Popen | None = None
        self.host: Host | None = None
        self.gm: Board | None = None

    async def start(self, game: Game | None = None, new: bool = True) -> Table:
        await fetch_club_certificate(self.hosting)
        if self.server is None or self.server.poll() is not None:
            self.server = await asyncio.to_thread(start_server, self.hosting)
        self.host = Host(self.hosting)
        if new:
            game = game if game is not None else Game(load_map(FIGHT), seed="public")
            await self.host.start(game, {t: None for t in teams(game.battle)})
        else:
            await self.host.start()
        self.gm = await Board(self.hosting, "GM", host=self.host).start()
        await self.gm.reach(1)
        return self

    @property
    def address(self) -> str:
        """Where the table's players join: the club, with its fingerprint."""
        return club_join_address(self.hosting)

    def code(self, index: int = 0, role: str = PLAYER) -> str:
        return [i for i in self.hosting.all_invitations() if i.role == role][index].code

    async def player(self, name: str, index: int = 0, url: str | None = None) -> Board:
        board = await Board(self.hosting, name, self.code(index), url=url or self.address).start()
        await board.reach(1)
        return board

    async def stop(self) -> None:
        for part in (self.gm, self.host):
            if part is not None:
                await part.stop()
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            await asyncio.to_thread(self.server.wait, DEADLINE)


def account_of(table: str) -> str:
    return table_account(table)


def at_node(node: Node):
    """What tests.net_helpers.Raw needs to connect an attacker to a club node (its address and
    the certificate it trusts)."""
    from types import SimpleNamespace

    return SimpleNamespace(hosting=SimpleNamespace(url=node.url, folder=node.club.folder))
