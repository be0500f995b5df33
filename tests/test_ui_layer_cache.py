"""The board layer kept between frames: a pan scrolls it and paints the strips it uncovers,
giving the same picture as painting the whole layer afresh."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from board.game import Game
from board.maps import load_map
from board.ui.play.scene import PlayScene

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 800)


@pytest.fixture()
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(SIZE)
    pygame.quit()


def frame(scene: PlayScene, screen) -> bytes:
    scene.update(100.0, 0.016)
    scene.draw(screen)
    return pygame.image.tobytes(screen, "RGB")


def test_a_panned_frame_equals_the_same_view_painted_afresh(screen):
    scene = PlayScene(Game(load_map(ROOT / "maps" / "outdoor.yaml")), SIZE, "Outdoor")
    scene.controller.view.threat_mode = "all"  # stamps of every zone, cut by the strips too
    frame(scene, screen)
    for dx, dy in [(3, 2), (-7, 0), (0, -5), (40, 31), (-1, 1)]:
        scene.camera.pan(dx, dy)
        scrolled = frame(scene, screen)
        scene.renderer.board_layer.key = None  # forget the layer: paint it whole
        assert frame(scene, screen) == scrolled, f"after a pan of {(dx, dy)}"


def test_a_pan_by_part_of_a_pixel_paints_the_layer_afresh(screen):
    scene = PlayScene(Game(load_map(ROOT / "maps" / "arena.yaml")), SIZE, "Arena")
    frame(scene, screen)
    scene.camera.pan(0.5, 0)
    moved = frame(scene, screen)
    scene.renderer.board_layer.key = None
    assert frame(scene, screen) == moved
