"""Frame rows: the floor blit, the arena frame, and the big map panning, zooming and first frame."""

from __future__ import annotations

from pathlib import Path

import pygame

from benchmarks.bigmap import big_map_yaml
from benchmarks.timing import Result, sample, times_result
from board.game import Game
from board.maps import BattleMap, load_map, parse_map
from board.rules.base import Command, Event
from board.ui.play.scene import PlayScene

ROOT = Path(__file__).resolve().parent.parent
ARENA = ROOT / "maps" / "arena.yaml"
SIZE = (1280, 800)
NOW, DT = 100.0, 0.016  # a fixed clock: nothing animates, every frame is a full redraw
LOG_EVENTS = 400


def open_display() -> pygame.Surface:
    """The 1280x800 window (main() has chosen the dummy video driver)."""
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(SIZE)


def floor(screen: pygame.Surface, n: int) -> Result:
    """The least any frame can cost: one full-window blit of a prepared surface."""
    prepared = pygame.Surface(SIZE).convert()
    prepared.fill((40, 44, 52))
    times = sample(lambda: screen.blit(prepared, (0, 0)), n)
    return times_result("floor", "Floor: one full-window blit (1280x800)", times)


def frame(scene: PlayScene, screen: pygame.Surface) -> None:
    """What the window does for one frame, without the flip."""
    scene.update(NOW, DT)
    scene.draw(screen)


def arena_scene() -> PlayScene:
    """The arena with every threat zone, the reach, a path to the farthest hex and a full log."""
    scene = PlayScene(Game(load_map(ARENA), seed=3), SIZE, "The Arena")
    view = scene.controller.view
    view.threat_mode = "all"
    reach = scene.controller.move_info()
    assert reach is not None and reach.hexes, "the arena's first figure should have somewhere to go"
    view.hover = max(reach.hexes, key=lambda h: (len(reach.hexes[h]), h))
    scene.log.add(
        [
            Event("attack", f"line {i}: Aldric attacks Dagny with a Broadsword", "Aldric", {"faces": [3, 4, 2]})
            for i in range(LOG_EVENTS)
        ],
        0,
    )
    scene.log.skip()
    assert scene.overlays().path, "a path should show"
    return scene


def arena_frame(screen: pygame.Surface, n: int) -> Result:
    """Row 1: the arena frame with everything shown (ratio to the floor added by the caller)."""
    scene = arena_scene()
    times = sample(lambda: frame(scene, screen), n)
    return times_result("arena_frame", "Arena frame: all threat zones, reach, path, full log", times, target=1.0)


def arena_frame_rebuild(screen: pygame.Surface, n: int) -> Result:
    """The arena frame when the board layer is painted again whole (as after a move or a new
    selection): the renderer is made to forget it before each frame."""
    scene = arena_scene()

    def forget() -> None:
        scene.renderer.board_layer.key = None

    times = sample(lambda: frame(scene, screen), n, before=forget)
    return times_result("arena_frame_rebuild", "Arena frame, board layer painted again whole", times, target=2.0)


def command_frame(screen: pygame.Surface, n: int, figures: int = 1000) -> Result:
    """The frame after a command on the generated map with many figures: every figure's token
    (and its engagement) is new. The commands alternate: a figure's move, undone, redone."""
    battle = parse_map(big_map_yaml(figures=figures), "<big map>")
    scene = PlayScene(Game(battle), SIZE, battle.name)
    c = scene.controller
    move = c.move_info()
    assert move is not None and move.hexes, "the first figure should have somewhere to go"
    end = max(move.hexes, key=lambda h: (len(move.hexes[h]), h))
    path = tuple((h.q, h.r) for h in move.hexes[end])
    outcome = scene.game.submit(Command(do="move", figure=c.view.selected, action=move.id, path=path, facing=0))
    assert outcome.accepted, outcome.reason
    c.sync()
    frame(scene, screen)
    count = [0]

    def command() -> None:
        (c.undo if count[0] % 2 == 0 else c.redo)()
        count[0] += 1

    times = sample(lambda: frame(scene, screen), n, before=command)
    return times_result(
        "command_frame_1000",
        f"Frame after a command, {figures:,} figures",
        times,
        target=30.0,
        note="the big map's generator with more figures; undo and redo of one move alternate, untimed",
    )


def big_battle() -> BattleMap:
    """The generated 100x100 map with 200 figures."""
    return parse_map(big_map_yaml(), "<big map>")


def big_pan(screen: pygame.Surface, battle: BattleMap, n: int) -> Result:
    """Pan 3 px right and 2 px down a frame (back again every 100 frames), from the opening view."""
    scene = PlayScene(Game(battle), SIZE, battle.name)
    frame(scene, screen)
    count = [0]

    def pan() -> None:
        sign = 1 if (count[0] // 100) % 2 == 0 else -1
        scene.camera.pan(3 * sign, 2 * sign)
        count[0] += 1

    times = sample(lambda: frame(scene, screen), n, before=pan)
    return times_result(
        "big_pan",
        "Big map frame while panning (3, 2) px a frame",
        times,
        target=2.0,
        note=f"hex size {scene.camera.size:.0f} px (the opening view)",
    )


def big_zoom(screen: pygame.Surface, battle: BattleMap, n: int) -> Result:
    """Zoom by 1.02 a frame about the board's centre: in for half the frames, then out."""
    scene = PlayScene(Game(battle), SIZE, battle.name)
    frame(scene, screen)
    centre = scene.board_rect.center
    count = [0]
    half = max(1, n // 2)

    def zoom() -> None:
        scene.camera.zoom_at(1.02 if (count[0] // half) % 2 == 0 else 1 / 1.02, centre)
        count[0] += 1

    start = scene.camera.size
    times = sample(lambda: frame(scene, screen), n, before=zoom, warmup=0)
    tokens = len(scene.renderer.tokens)
    return times_result(
        "big_zoom",
        "Big map frame while zooming (x1.02 a frame)",
        times,
        target=4.0,
        note=f"hex size {start:.0f}-{start * 1.02**half:.0f} px; {tokens} token surfaces cached at the end",
    )


def big_first_frame(screen: pygame.Surface, battle: BattleMap, n: int) -> Result:
    """A new scene on a freshly set-up game, and its first frame (every cached layer built)."""
    games: list[Game] = []

    def new_game() -> None:
        games[:] = [Game(battle)]

    def first() -> None:
        frame(PlayScene(games[0], SIZE, battle.name), screen)

    times = sample(first, n, before=new_game, warmup=1)
    return times_result(
        "big_first_frame", "Big map first frame after loading (scene + first draw)", times, target=300.0
    )
