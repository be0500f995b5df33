"""Starting a board's link to a shared game: hosting a map (or the game in a stream), carrying on
from a host key, joining; and the join lines the host hands out."""

from __future__ import annotations

import secrets

from board.game import Game
from board.maps import load_map
from board.net.host_key import HostKey
from board.net.protocol import Follower
from board.net.relay import parse_club_line
from board.net.server import DEFAULT_PORT
from board.net.session import (
    Session,
    hosting_folder,
    hosting_for,
    hosting_via,
    invite_for,
    join_line,
    listen_address,
    resumed_folder,
    where_hosted,
)
from board.sides import teams
from board.ui.play.netplay import NetPlay


def shared(session: Session, role: str, sides: list[str] | None = None) -> NetPlay:
    """The link for a board once the session is up: the game from the stream's setup; a
    player's seat is asked for once the board has read the stream (see NetPlay.take_seat)."""
    net = NetPlay(session, Follower.from_setup(session.first()[2]), role)
    net.wanted = sides
    return net


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
    hosting = net.hosting
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


def resume_from_key(key: HostKey) -> NetPlay:
    """Carry on as the host of the game a host key names, from its stream on the key's
    server (this machine draws its own dice secret); raises with the reason."""
    session = Session()
    try:
        session.resume_elsewhere(key, resumed_folder())
        return shared(session, "GM")
    except Exception:
        session.close(stop_server=False)
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
