"""The serve sub-command and `host --via`: a club made, run and given a new table from the
command line, a GM hosting through it and a player joining it; mistakes said in words."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from board.game import Game
from board.maps import load_map
from board.net.certs import certificate_fingerprint
from board.net.server import free_port, listening
from board.net.session import Session, hosting_via, invite_for, join_address
from board.net.tables import TABLE_ENV
from board.sides import teams
from tests.net_helpers import DEADLINE, FIGHT
from tests.test_cli_net import ROOT, main_py


def club_args(folder: Path, ports: tuple[int, int]) -> list[str]:
    return [
        "serve",
        "--folder",
        str(folder),
        "--name",
        "127.0.0.1",
        "--listen",
        "127.0.0.1",
        "--port",
        str(ports[0]),
        "--leaf-port",
        str(ports[1]),
    ]


def gm_line(output: str, table: str) -> tuple[str, str, int]:
    """(table code, --via address, --join-port) from the organiser's line for a table."""
    line = next(line for line in output.splitlines() if line.startswith(f"table {table}: "))
    words = line.split()
    code = next(w for w in words if w.startswith(f"{TABLE_ENV}=")).split("=", 1)[1]
    return code, words[words.index("--via") + 1], int(words[words.index("--join-port") + 1])


def test_serve_makes_a_table_and_prints_its_gms_line_with_the_code_in_the_environment(tmp_path):
    folder, ports = tmp_path / "club", (free_port(), free_port())
    made = main_py(*club_args(folder, ports), "--add-table", "oak", data=tmp_path / "data")
    assert made.returncode == 0, made.stderr
    code, via, port = gm_line(made.stdout, "oak")
    assert code.startswith("oak.") and port == ports[0]
    assert via == f"tls://127.0.0.1:{ports[1]}/{certificate_fingerprint(folder)}"
    assert code not in via and "--via" in made.stdout and f"{TABLE_ENV}=" in made.stdout
    for mode in (p.stat().st_mode & 0o777 for p in folder.iterdir()):
        assert mode == 0o600  # the keys, the tables' codes, every player's password
    for bad in ("Oak!", "oak"):  # not a name; taken
        refused = main_py("serve", "--folder", str(folder), "--add-table", bad, data=tmp_path / "data")
        assert refused.returncode == 1 and refused.stderr.startswith("serve: ") and "Traceback" not in refused.stderr


def test_host_via_without_the_tables_code_says_where_to_put_it(tmp_path):
    refused = main_py("host", FIGHT, "--via", f"tls://127.0.0.1:{free_port()}/{'0' * 64}", data=tmp_path / "data")
    assert refused.returncode == 1 and TABLE_ENV in refused.stderr and "Traceback" not in refused.stderr


def test_a_table_added_to_a_running_club_is_hosted_through_it_and_joined(tmp_path):
    folder, ports = tmp_path / "club", (free_port(), free_port())
    assert main_py(*club_args(folder, ports), "--add-table", "oak", data=tmp_path / "data").returncode == 0
    club = subprocess.Popen(
        [sys.executable, "main.py", *club_args(folder, ports)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    gm = player = None
    try:
        deadline = time.monotonic() + DEADLINE  # a guard against a hang, never a measure
        while not listening("127.0.0.1", ports[0]):
            assert club.poll() is None and time.monotonic() < deadline, club.stderr.read()
            time.sleep(0.05)
        added = main_py("serve", "--folder", str(folder), "--add-table", "elm", data=tmp_path / "data")
        assert added.returncode == 0, added.stderr
        code, via, port = gm_line(added.stdout, "elm")
        hosting = hosting_via(tmp_path / "gm", via, code, port, new_game=True)
        invite_for(hosting, 2)
        game = Game(load_map(FIGHT), seed="public")
        gm = Session()
        gm.host_game(hosting, game)
        # The GM's server listens on loopback only, and connects out to the club.
        config = json.loads((tmp_path / "gm" / "nats.conf").read_text())
        assert config["listen"].startswith("127.0.0.1:") and "listen" not in config["leafnodes"]
        assert join_address(hosting).startswith(f"tls://127.0.0.1:{ports[0]}/")
        invitation = hosting.all_invitations()[0]
        player = Session()
        player.join(join_address(hosting), invitation.code, "ann")
        assert player.first()[2]["kind"] == "setup"
        player.ask("seat", team=teams(game.battle)[0], holder="ann")
        reply = next(item for item in iter(lambda: player.inbox.get(timeout=DEADLINE), None) if item[0] == "reply")
        assert reply[2]["ok"], reply
    finally:
        for session in (player, gm):
            if session is not None:
                session.close()
        club.terminate()
        club.wait(DEADLINE)
    # serve stopped by SIGTERM (a service manager's stop) took its nats-server with it.
    assert not listening("127.0.0.1", ports[0]), "the club's nats-server outlived serve"


def test_a_clusters_nodes_share_club_json_and_keep_their_own_settings(tmp_path):
    """Copying club.json (the tables, the routes) to another node keeps that node's name,
    folder and ports, so a table added on one node opens on every node with the same key."""
    from board.net.club import Club, local_club

    first, second, _ = local_club(tmp_path, ("oak",), nodes=3)
    first.add_table("elm")
    first.write()
    (Path(second.folder) / "club.json").write_text((Path(first.folder) / "club.json").read_text())
    again = Club.read(Path(second.folder))
    assert again.tables == first.tables and again.routes == first.routes
    assert (again.folder, again.node, again.port, again.cluster_port) == (
        second.folder,
        second.node,
        second.port,
        second.cluster_port,
    )


def test_hosting_at_a_club_table_keeps_its_secrets_apart_from_the_game_hosted_here(tmp_path, monkeypatch):
    from board.net.session import hosting_folder
    from board.net.tables import new_key, table_code

    monkeypatch.setenv("HEXBOARD_DATA_DIR", str(tmp_path))
    oak, elm = (hosting_folder(table_code(name, new_key())) for name in ("oak", "elm"))
    assert len({oak, elm, hosting_folder()}) == 3 and oak.name == "table-oak"


def test_a_clusters_gm_line_names_every_node(tmp_path):
    from board.cli_club import table_lines
    from board.net.club import local_club

    first = local_club(tmp_path, ("oak",), nodes=3)[0]
    via = table_lines(first, ["oak"])[0].split("--via ")[1].split()[0]
    hosts = via.split("//")[1].split("/")[0].split(",")
    assert hosts == [f"127.0.0.1:{first.leaf_port}"] * 3  # three nodes, here all on loopback
