"""Take the README's and docs' screenshots into docs/img/ (issue 18): the arena, the outdoor map
with the 7-hex dragon, each ruleset's skirmish mid-fight, the figure card, the odds, the legend,
the start screen, the end of a fight, the help and the editor, at the default fit and at the
closest zoom; a person against the computer on melee-seconds and on the arena (issue 20); the
board and the start screen at a UI scale of 100% on 1280x720 and of 300% on 3840x2160 (issue 36).

Run from the repository root: `python docs/make_screens.py` (all), or name the groups to take,
such as `python docs/make_screens.py ui-scale`. Headless (the dummy video driver);
fights are played by the seeded mouse-only player of the UI tests, so every run takes the same
pictures."""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "docs" / "img"

# (picture, map, ruleset or None for the map's own, decisions played before it is taken)
FIGHTS = (
    ("arena", "arena", None, 14),
    ("outdoor", "outdoor", None, 0),
    ("warrior-wizard-mid-fight", "arena", None, 40),
    ("combat-chart-mid-fight", "combat-chart-skirmish", None, 30),
    ("dox-mid-fight", "dox-skirmish", None, 30),
    ("usage-dice-mid-fight", "usage-dice-skirmish", None, 20),
    ("melee-seconds-mid-fight", "melee-seconds-skirmish", None, 40),
)


def fight(name: str, map_name: str, ruleset, decisions: int) -> None:
    from board.game import Game
    from board.maps import load_map
    from tests.test_ui_rulesets import play_one
    from tests.ui_driver import Driver

    driver = Driver(Game(load_map(REPO / "maps" / f"{map_name}.yaml", ruleset), seed=2))
    rng = random.Random(2)
    for _ in range(decisions):
        if driver.controller.info().phase == "over":
            break
        play_one(driver, rng)
    active = driver.controller.info().active
    if active:
        driver.move_mouse(active)
    driver.screenshot(OUT / f"{name}.jpg")
    for _ in range(30):  # the closest zoom, about the active figure
        driver.wheel(1, active or (10, 60))
    driver.frame()
    driver.tick(1.0)
    driver.screenshot(OUT / f"{name}-closest.jpg")


def odds_and_legend() -> None:
    import pygame

    from board.ui.play.modes import ChoosingAction
    from tests.ui_driver import Driver

    driver = Driver("maps/arena.yaml", seed=3)
    rng = random.Random(1)
    from tests.test_ui_rulesets import play_one

    for _ in range(200):  # to the first attack with a target in reach
        if isinstance(driver.view.mode, ChoosingAction):
            aimed = [i for i in driver.controller.actions(driver.view.selected) if i.enabled and i.targets]
            if aimed:
                driver.press(aimed[0].id)
                break
        play_one(driver, rng)
    driver.move_mouse(driver.view.mode.action.targets[0])
    driver.screenshot(OUT / "odds-and-card.jpg")
    driver.controller.cancel()
    driver.key(pygame.K_k, "k")
    driver.screenshot(OUT / "legend.jpg")


def editor() -> None:
    import pygame

    from board.draft import draft_from_map
    from board.editor import Editor
    from board.maps import load_map
    from board.ui.editor.scene import EditorScene

    scene = EditorScene(Editor(draft_from_map(load_map(REPO / "maps" / "arena.yaml")), None), (1280, 800))
    screen = pygame.display.get_surface()
    scene.update(0.0, 0.016)
    scene.draw(screen)
    pygame.image.save(screen, str(OUT / "editor.jpg"))


def start_screen(name: str = "start.png") -> None:
    """The start screen, its thumbnails drawn (they are made after the first frame), in the
    language and UI scale in use (the other picture scripts take theirs with it too)."""
    import pygame

    from board.ui.start import StartScene

    pygame.init()  # this group may be the first or the only one run
    screen = pygame.display.get_surface() or pygame.display.set_mode((1280, 800))
    scene = StartScene((1280, 800))
    for frame in range(40):  # a few thumbnails are made per frame
        scene.update(frame * 0.1, 0.1)
        scene.draw(screen)
    pygame.image.save(screen, str(OUT / name))


def fight_over_and_help() -> None:
    """The end of the example fight (its summary over the board), and the help overlay."""
    import pygame

    from board.script import load_script
    from tests.ui_driver import Driver

    script = load_script(REPO / "tests" / "scripts" / "example_fight.yaml")
    for command in script.commands:
        script.game.submit(command)
    driver = Driver(script.game)
    driver.screenshot(OUT / "fight-over.png")
    driver.key(pygame.K_F1)
    driver.screenshot(OUT / "help.jpg")


def against_the_computer() -> None:
    """Melee Seconds, the Raiders played by the computer: the person's side (the Wardens) is
    played here through the same path as a click, by the normal player's choice, until the log
    shows the computer's notes and its secret figure's plot is "?"."""
    from board.ai.player import choose
    from board.game import Game
    from board.maps import load_map
    from tests.ui_driver import Driver

    game = Game(load_map(REPO / "maps" / "melee-seconds-skirmish.yaml"), seed=5)
    game.players, game.ai_seed = {"Raiders": "computer:normal"}, 4
    driver = Driver(game, settle=False)
    driver.scene.computer.pace = "fast"

    def ready() -> bool:
        rows = game.turn().timeline["rows"]
        lines = [e.text for e in driver.scene.log._events][-6:]
        return any(r["figure"] == "Fenn" and r["general"] == "?" for r in rows) and any(
            line.startswith("Raiders (computer)") for line in lines
        )

    while not game.is_terminal() and not (game.current_player() == "Wardens" and len(game.history) >= 12 and ready()):
        if game.current_player() == "Wardens":
            driver.scene.act(choose(game, "normal", "person").command)
        driver.tick(0.4)
    driver.tick(1.5)
    driver.screenshot(OUT / "computer-melee-seconds.png")


def computer_warrior_wizard() -> None:
    """The arena, Blue played by the computer: the person's side (Red) is played through the
    same path as a click, by the normal player's choice, into the second turn, until the log
    shows the computer's reasons."""
    from board.ai.player import choose
    from board.game import Game
    from board.maps import load_map
    from tests.ui_driver import Driver

    game = Game(load_map(REPO / "maps" / "arena.yaml"), seed=3)
    game.players, game.ai_seed = {"Blue": "computer:normal"}, 3
    driver = Driver(game, settle=False)
    driver.scene.computer.pace = "fast"

    def ready() -> bool:
        lines = [e.text for e in driver.scene.log._events][-4:]
        return game.turn().turn >= 2 and any(line.startswith("Blue (computer)") for line in lines)

    while not game.is_terminal() and not (game.current_player() == "Red" and ready()):
        if game.current_player() == "Red":
            driver.scene.act(choose(game, "normal", "person").command)
        driver.tick(0.4)
    driver.tick(2.5)  # the turn's banner gone
    driver.screenshot(OUT / "computer-warrior-wizard.png")


def ui_scale() -> None:
    """The same moment of a fight (aiming, the odds and the card shown) at 100% on a laptop's
    1280x720 and at 300% on a 4K TV; the start screen and the help at 300%."""
    import pygame

    from board.ui import ui_scale as scale
    from board.ui.start import StartScene
    from tests.test_ui_layout import aim_an_attack
    from tests.ui_driver import Driver

    for percent, size in ((100, (1280, 720)), (300, (3840, 2160))):
        scale.use(percent)
        driver = Driver("maps/arena.yaml", seed=6, size=size)
        targets = aim_an_attack(driver, random.Random(6))
        driver.move_mouse(targets[0])
        driver.screenshot(OUT / f"ui-scale-{percent}.jpg")
    driver.key(pygame.K_F1)
    driver.screenshot(OUT / "ui-scale-300-help.jpg")
    scene = StartScene((3840, 2160))
    screen = pygame.display.get_surface()
    for frame in range(40):
        scene.update(frame * 0.1, 0.1)
        scene.draw(screen)
    pygame.image.save(screen, str(OUT / "ui-scale-300-start.jpg"))
    scale.use(100)


GROUPS = {
    "fights": lambda: [fight(*picture) for picture in FIGHTS],
    "odds-and-legend": odds_and_legend,
    "start": lambda: start_screen(),
    "fight-over-and-help": fight_over_and_help,
    "editor": editor,
    "computer": against_the_computer,
    "computer-warrior-wizard": computer_warrior_wizard,
    "ui-scale": ui_scale,
}


def headless() -> None:
    """What every picture script needs first: the dummy video and audio drivers, a data folder
    of its own (nothing the player remembered is read or changed), the repository importable
    and current, docs/img/ made."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("HEXBOARD_DATA_DIR", tempfile.mkdtemp())
    sys.path.insert(0, str(REPO))
    os.chdir(REPO)
    OUT.mkdir(parents=True, exist_ok=True)


def main() -> None:
    headless()
    unknown = [name for name in sys.argv[1:] if name not in GROUPS]
    if unknown:
        sys.exit(f"make_screens.py: no group {', '.join(unknown)}; the groups: {', '.join(GROUPS)}")
    for name in sys.argv[1:] or GROUPS:
        GROUPS[name]()


if __name__ == "__main__":
    main()
