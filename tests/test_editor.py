"""The map editor: every edit undoable, saves that pass check, and the real editor screen."""

import os
from pathlib import Path

import pygame
import pytest

from board.editor import Editor, draft_from_map, new_draft
from board.hexgrid import Hex, parse_label
from board.maps import Terrain, load_map, parse_map

MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.yaml"))


def test_paint_rectangle_and_fill_are_each_one_undo_step():
    editor = Editor(new_draft("Test", (6, 4)))
    assert editor.rectangle(parse_label("0101", "flat"), parse_label("0602", "flat"), "wall") == 12
    assert editor.fill(parse_label("0104", "flat"), "flames") == 12
    assert editor.paint([parse_label("0303", "flat")], "coals") == 1
    assert len(editor.undos) == 3
    editor.undo()
    editor.undo()
    assert {t.kind for t in editor.draft.terrain.values()} == {"wall"}
    editor.redo()
    assert sum(t.stage == "flames" for t in editor.draft.terrain.values()) == 12


def test_a_brush_stroke_is_one_undo_step():
    editor = Editor(new_draft("Test", (6, 4)))
    editor.begin_stroke()
    for label in ("0101", "0201", "0301"):
        editor.paint([parse_label(label, "flat")], "wall")
    editor.end_stroke()
    assert len(editor.undos) == 1 and len(editor.draft.terrain) == 3


def test_a_figure_on_a_wall_or_another_figure_is_refused_with_the_reason():
    editor = Editor(new_draft("Test", (6, 4)))
    editor.paint([Hex(1, 0)], "wall")
    spec, problems = editor.put_figure({"name": "Ann", "at": (1, 0)})
    assert spec is None and problems == ["the figure stands on a wall"]
    assert editor.put_figure({"name": "Ann", "at": (2, 0)})[0] is not None
    spec, problems = editor.put_figure({"name": "Bo", "at": (2, 0)})
    assert problems == ["another figure is there"]


def test_an_unknown_weapon_is_refused_and_a_low_strength_shows_the_penalty():
    editor = Editor(new_draft("Test", (6, 4)))
    _, problems = editor.put_figure({"name": "Ann", "at": (2, 0), "weapons": ["Brodsword"]})
    assert problems == ['unknown weapon "Brodsword"; did you mean "Broadsword"?']
    from board.editor import figure_problems
    from board.models import FigureSpec
    weak = FigureSpec(name="Ann", at=(2, 0), st=9, weapons=["Broadsword"])
    assert figure_problems(weak, editor.draft) == ["Broadsword needs ST 12: -3 to hit, -2 damage"]


def test_copying_a_figure_makes_a_squad_with_numbered_names():
    editor = Editor(new_draft("Test", (6, 4)))
    editor.put_figure({"name": "Orc", "at": (1, 1), "weapons": ["Club"]})
    editor.copy_figure("Orc", Hex(2, 1))
    editor.copy_figure("Orc", Hex(3, 1))
    assert [f.name for f in editor.draft.figures] == ["Orc", "Orc 2", "Orc 3"]
    assert all(f.weapons == ["Club"] for f in editor.draft.figures)


def test_moving_turning_and_deleting_a_figure_are_undoable():
    editor = Editor(new_draft("Test", (6, 4)))
    editor.put_figure({"name": "Ann", "at": (1, 1)})
    assert editor.move_figure("Ann", to=Hex(3, 0), facing=2) == []
    assert editor.figure("Ann").at == (3, 0) and editor.figure("Ann").facing == 2
    editor.remove_figure("Ann")
    editor.undo()
    editor.undo()
    assert editor.figure("Ann").at == (1, 1)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_a_gm_can_build_each_sample_map_from_scratch(path, tmp_path):
    sample = load_map(path)
    editor = Editor(new_draft(sample.name, sample.size, sample.layout, sample.source.radius))
    for (kind, stage), brush in ((("wall", None), "wall"), (("fire", "flames"), "flames"),
                                 (("fire", "coals"), "coals")):
        editor.paint([h for h, t in sample.terrain.items() if (t.kind, t.stage) == (kind, stage)], brush)
    editor.draft.teams = dict(sample.teams)  # team colours are set in the team form
    for spec in sample.figures:
        placed, problems = editor.put_figure(spec.model_dump())
        assert placed is not None, problems
    out = tmp_path / path.name
    assert editor.save(str(out)) == []
    rebuilt = load_map(out)  # passes check
    assert rebuilt.cells == sample.cells and rebuilt.terrain == sample.terrain
    assert rebuilt.figures == sample.figures


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_load_save_load_gives_the_same_map(path, tmp_path):
    editor = Editor(draft_from_map(load_map(path)))
    assert editor.save(str(tmp_path / "again.yaml")) == []
    again = load_map(tmp_path / "again.yaml")
    first = load_map(path)
    assert (again.cells, again.terrain, again.figures, again.teams) == \
        (first.cells, first.terrain, first.figures, first.teams)


def test_a_map_that_would_not_pass_check_is_not_saved(tmp_path):
    editor = Editor(new_draft("Test", (6, 4)))
    editor.put_figure({"name": "Ann", "at": (2, 0)})
    editor.draft.terrain[Hex(2, 0)] = Terrain("wall")  # a wall under Ann, bypassing the checks
    problems = editor.save(str(tmp_path / "bad.yaml"))
    assert problems and not (tmp_path / "bad.yaml").exists()


# --- the real editor screen, driven with synthetic events -----------------------------------

@pytest.fixture
def screen():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 800))
    pygame.quit()


def test_the_editor_screen_paints_fills_places_edits_undoes_and_saves(screen, tmp_path):
    from board.ui.editor import EditorScene

    out = tmp_path / "made.yaml"
    editor = Editor(new_draft("Made", (10, 8)), str(out))
    scene = EditorScene(editor, (1280, 800))

    def px(label):
        return tuple(int(v) for v in scene.camera.to_screen(parse_label(label, "flat")))

    def post(kind, **data):
        scene.handle(pygame.event.Event(kind, **data))
        scene.update(0.0, 0.016)
        scene.draw(screen)

    # A brush stroke of walls across three hexes.
    scene.command("tool:brush")
    scene.command("brush:wall")
    post(pygame.MOUSEBUTTONDOWN, pos=px("0202"), button=1)
    for label in ("0302", "0402"):
        post(pygame.MOUSEMOTION, pos=px(label), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=px("0402"), button=1)
    assert {editor.draft.terrain[parse_label(l, "flat")].kind for l in ("0202", "0302", "0402")} == {"wall"}
    # Flood-fill the rest of the map with flames, then undo it.
    scene.command("tool:fill")
    scene.command("brush:flames")
    post(pygame.MOUSEBUTTONDOWN, pos=px("0808"), button=1)
    post(pygame.MOUSEBUTTONUP, pos=px("0808"), button=1)
    assert sum(t.kind == "fire" for t in editor.draft.terrain.values()) == 80 - 3
    post(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    assert sum(t.kind == "fire" for t in editor.draft.terrain.values()) == 0
    # Place a figure from the form, then edit it.
    scene.form["name"].set_text("Ann")
    scene.form["weapons"].set_text("Broadsword, Dagger")
    scene.command("figure:new")
    post(pygame.MOUSEBUTTONDOWN, pos=px("0505"), button=1)
    post(pygame.MOUSEBUTTONUP, pos=px("0505"), button=1)
    assert editor.figure("Ann").weapons == ["Broadsword", "Dagger"]
    scene.form["st"].set_text("14")
    scene.command("figure:apply")
    assert editor.figure("Ann").st == 14
    # Drag it to another hex.
    post(pygame.MOUSEBUTTONDOWN, pos=px("0505"), button=1)
    post(pygame.MOUSEMOTION, pos=px("0706"), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=px("0706"), button=1)
    assert Hex(*editor.figure("Ann").at) == parse_label("0706", "flat")
    # Save: the file passes check and reloads identically.
    post(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    reloaded = load_map(out)
    assert [f.name for f in reloaded.figures] == ["Ann"] and reloaded.figures[0].st == 14
    assert parse_map(editor.to_yaml()).terrain == reloaded.terrain
