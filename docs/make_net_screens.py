"""Pictures of one game on two boards, the GM's and a player's, over a real nats-server on
loopback, and of the start screen's Join dialog: python docs/make_net_screens.py [OUT_DIR]."""

from __future__ import annotations

import os
import random
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from board.game import Game  # noqa: E402
from board.maps import load_map  # noqa: E402
from board.net.server import Hosting, free_port, start_server  # noqa: E402
from board.net.session import invite_for, join_address, where_listening  # noqa: E402
from board.ui.play.net_start import host, join_game  # noqa: E402
from board.ui.play.scene import PlayScene  # noqa: E402
from board.ui.start import StartScene  # noqa: E402

SIZE = (1280, 800)


def settle(scene, arrived: threading.Event, condition, now: list[float]) -> None:
    """Turn frames until the condition holds (each frame drains what arrived)."""
    while True:
        now[0] += 1 / 60
        scene.update(now[0], 1 / 60)
        if condition():
            return
        if not arrived.wait(30):
            raise RuntimeError("nothing arrived from the host")
        arrived.clear()


def board(net):
    scene = PlayScene(net.follower.game, SIZE, net.follower.game.battle.name)
    net.attach(scene)
    arrived = threading.Event()
    net.session.wake = arrived.set
    return scene, arrived


def main(out: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    folder = Path(tempfile.mkdtemp(prefix="hexboard-net-"))
    hosting = Hosting.new(folder, "127.0.0.1", free_port())
    hosting.write()
    invite_for(hosting, 2, 1)
    server = start_server(hosting)
    try:
        game = Game(load_map(ROOT / "maps" / "combat-chart-skirmish.yaml"), seed="pictures")
        gm_net = host(hosting, game)
        gm_net.invite = where_listening(hosting.listen, hosting.port)
        gm, gm_arrived = board(gm_net)
        ann_net = join_game(join_address(hosting), hosting.all_invitations()[0].code, "ann", ["Watch"])
        ann, ann_arrived = board(ann_net)
        now = [0.0]
        settle(ann, ann_arrived, lambda: ann_net.follower.seats.get("Watch") == "ann", now)
        rng = random.Random(4)
        played = ann_net.follower.game
        for _ in range(9):  # a few turns, each by the side whose figure acts
            legal = played.legal_actions()
            attacks = [c for c in legal if c.target]
            command = rng.choice(attacks or legal)
            mine = played.tokens()[command.figure].team == "Watch"
            (ann if mine else gm).controller.submit(command)
            target = len(played.history) + 1
            settle(ann, ann_arrived, lambda target=target: len(played.history) >= target, now)
            settle(gm, gm_arrived, lambda target=target: len(gm_net.follower.game.history) >= target, now)
        for scene, name in ((gm, "net-host.jpg"), (ann, "net-player.jpg")):
            scene.animator.skip()
            scene.log.skip()
            scene.update(now[0] + 5, 1 / 60)
            scene.draw(screen)
            pygame.image.save(screen, str(out / name))
        gm_net.show_seats(gm)  # J: who plays each side, with the GM's buttons
        gm.update(now[0] + 6, 1 / 60)
        gm.draw(screen)
        pygame.image.save(screen, str(out / "net-seats.png"))
        start = StartScene(SIZE)
        start._do(("join-dialog",))
        start.update(0.0, 1 / 60)
        start.draw(screen)
        pygame.image.save(screen, str(out / "net-join.png"))
        ann_net.close()
        gm_net.close()
    finally:
        server.kill()
    print(f"wrote {out}/net-host.jpg, net-player.jpg, net-join.png, net-seats.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img")
