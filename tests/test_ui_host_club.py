"""The start screen's Host dialog hosts through a club server: the organiser's line pasted
whole, then the board is the GM's of a table on a real club on loopback."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from board.ui.start import StartScene
from board.ui.requests import Host
from tests.club_helpers import make_club, via_address
from tests.net_helpers import FIGHT
from tests.ui_driver import AppDriver


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def club_line(nodes, table: str = "oak") -> str:
    club = nodes[0].club
    return (
        f"HEXBOARD_TABLE={table}.{club.tables[table]} ./hexboard host MAP --via {via_address(nodes)} "
        f"--join-port {club.port}"
    )


def test_the_host_dialog_takes_a_club_organisers_line_pasted_whole(data_dir, tmp_path):
    scene = AppDriver(lambda size: StartScene(size)).scene
    host = next(b for b, asks in scene.buttons.items() if asks == ("host-selected",))
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=host))
    club = next(b for b, choice in scene.hosting.buttons.items() if choice == "club")
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=club))
    assert scene.request is None and scene.hosting.open  # no line yet: nothing is started
    line = club_line(make_club(tmp_path / "club"))
    scene.hosting.club.set_text(line)
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=club))
    assert scene.request == Host(str(scene.selected.path), line)


def test_hosting_a_map_through_a_club_from_the_start_screen_makes_the_gms_board(data_dir, tmp_path):
    from board.ui.play.net_start import host_map

    nodes = [node.start() for node in make_club(tmp_path / "club")]
    net = None
    try:
        net, where = host_map(FIGHT, club_line(nodes))
        assert net.role == "GM" and net.session.hosting.via
        assert where.startswith("the club 127.0.0.1, port ")
        with pytest.raises(ValueError, match="whole line"):
            host_map(FIGHT, "--via tls://127.0.0.1:1/" + "ab" * 32)  # no table's code
    finally:
        if net is not None:
            net.session.close()
        for node in nodes:
            node.kill()
