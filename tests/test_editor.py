"""The map editor: every edit undoable, saves that pass check, and the real editor screen."""

import os
from pathlib import Path

import pygame
import pytest

import pygame_gui

from board.draft import draft_from_map, draft_map, new_draft
from board.editor import Editor, Painted, figure_problems
from board.footprints import footprint_cells
from board.game import Game
from board.hexgrid import Hex, parse_label
from board.maps import Terrain, load_map, parse_map
from board.rules.warrior_wizard.spec import FigureSpec
from board.rules.warrior_wizard.attack import AttackPlan, damage_dice
from board.rules.warrior_wizard.tables import load_spells, load_tables

MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.yaml"))


def test_paint_rectangle_and_fill_are_each_one_undo_step():
    editor = Editor(new_draft("Test", (6, 4)))
    assert editor.rectangle(parse_label("0101", "flat"), parse_label("0602", "flat"), "wall").count == 12
    assert editor.fill(parse_label("0104", "flat"), "flames").count == 12
    assert editor.paint([parse_label("0303", "flat")], "coals").count == 1
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
    weak = FigureSpec(name="Ann", at=(2, 0), st=9, weapons=["Broadsword"])
    assert figure_problems(weak, editor.draft) == ["Broadsword needs ST 12: -3 to hit, -1 damage"]
    # One ST short costs no damage: the form does not say "-0 damage".
    nearly = FigureSpec(name="Ann", at=(2, 0), st=11, weapons=["Broadsword"])
    assert figure_problems(nearly, editor.draft) == ["Broadsword needs ST 12: -1 to hit"]


@pytest.mark.parametrize("st", range(6, 14))
def test_the_form_says_the_damage_penalty_the_engine_deals(st):
    """ "-1 to hit for every 1 STR less, and at -1 to damage for every 2 STR less"."""
    editor = Editor(new_draft("Duel", (6, 4)))
    editor.put_figure({"name": "A", "at": (1, 1), "st": st, "weapons": ["Broadsword"]})
    editor.put_figure({"name": "B", "at": (2, 1)})
    game = Game(parse_map(editor.to_yaml()))
    dice, _, _ = damage_dice(game.state, AttackPlan("A", "B", "Broadsword", "melee"))
    engine = load_tables().weapon("Broadsword").dice.value - dice.value
    said = figure_problems(editor.figure("A"), editor.draft)
    short = 12 - st
    assert said == (
        [] if short <= 0 else [f"Broadsword needs ST 12: -{short} to hit" + (f", -{engine} damage" if engine else "")]
    )


def test_a_new_figure_is_checked_before_it_is_placed():
    editor = Editor(new_draft("Test", (6, 4)))
    editor.put_figure({"name": "Ann", "at": (2, 0)})
    editor.paint([Hex(0, 0)], "wall")
    form = {"name": "Bo", "at": (0, 0), "st": 9, "weapons": ["Broadsword", "Brodsword"]}
    # (0, 0) is only provisional and a wall: where a new figure stands is checked when it is placed.
    assert editor.form_problems(form) == [
        "Broadsword needs ST 12: -3 to hit, -1 damage",
        'unknown weapon "Brodsword"; did you mean "Broadsword"?',
    ]
    assert editor.form_problems({**form, "name": "Ann", "weapons": []}) == [
        'a figure named "Ann" is already on the map'
    ]
    assert editor.form_problems({"name": "Bo", "at": (0, 0), "st": "twelve"}) == [
        "st: expected a valid integer, unable to parse string as an integer, got 'twelve'"
    ]
    # Editing a placed figure does check where it stands.
    assert editor.form_problems({"name": "Ann", "at": (0, 0)}, editing="Ann") == ["the figure stands on a wall"]


def test_a_wall_is_not_painted_under_a_figure_but_fire_is(tmp_path):
    editor = Editor(new_draft("Test", (6, 4)))
    editor.put_figure({"name": "Ann", "at": (1, 0)})
    editor.put_figure({"name": "Dragon", "at": (3, 1), "size": 7})
    dragon = set(footprint_cells(7, Hex(3, 1), 0))
    done = editor.paint([Hex(3, 1)], "wall")  # a click on the dragon with the wall brush
    assert done.count == 0 and done.in_the_way == ("Dragon",)
    assert done.reason == "Dragon is in the way: no wall under a figure (move it first)"
    done = editor.rectangle(parse_label("0101", "flat"), parse_label("0604", "flat"), "wall")
    assert done.count == 24 - 1 - 7 and done.in_the_way == ("Ann", "Dragon")
    assert done.reason.startswith("Ann and Dragon are in the way")
    assert not any(editor.draft.terrain.get(h) for h in dragon | {Hex(1, 0)})
    # Fire hexes are passable: flames and coals may go under a figure.
    assert editor.paint([Hex(1, 0)], "flames") == Painted(1)
    assert editor.fill(Hex(3, 1), "coals").count == 7
    assert editor.save(str(tmp_path / "fire.yaml")) == []


@pytest.mark.parametrize(
    "size, radius, said",
    [
        ((0, 0), None, "size: columns and rows must each be between 1 and 500, got 0x0"),
        ((12, 0), None, "size: columns and rows must each be between 1 and 500, got 12x0"),
        ((16, 12), -1, "radius: expected greater than or equal to 1, got -1"),
        ((16, 12), 0, "radius: expected greater than or equal to 1, got 0"),
    ],
)
def test_a_new_map_of_no_hexes_is_refused_with_a_readable_reason(size, radius, said):
    with pytest.raises(ValueError) as refused:
        new_draft("Nothing", size, radius=radius)
    assert str(refused.value) == said


def test_the_smallest_new_maps_have_one_hex_or_a_radius_of_one():
    assert len(new_draft("One", (1, 1)).cells) == 1
    assert len(new_draft("Ring", radius=1).cells) == 7


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
    editor = Editor(new_draft(sample.name, sample.size, sample.layout, sample.source.radius, sample.ruleset))
    for (kind, stage), brush in (
        (("wall", None), "wall"),
        (("fire", "flames"), "flames"),
        (("fire", "coals"), "coals"),
    ):
        editor.paint([h for h, t in sample.terrain.items() if (t.kind, t.stage) == (kind, stage)], brush)
    for team, colour in sample.teams.items():
        assert editor.set_team_colour(team, colour) == []
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
    assert (again.cells, again.terrain, again.figures, again.teams) == (
        first.cells,
        first.terrain,
        first.figures,
        first.teams,
    )


def test_the_editor_keeps_hexes_off_the_map_off_it(tmp_path):
    cave = tmp_path / "cave.yaml"
    cave.write_text("name: Cave\nterrain: |\n  - # # -\n  # . ^ #\n  - # : -\n")
    editor = Editor(draft_from_map(load_map(cave)))
    assert Hex(0, 0) not in editor.draft.cells and editor.paint([Hex(0, 0)], "open").count == 0
    assert editor.save(str(tmp_path / "again.yaml")) == []
    assert load_map(tmp_path / "again.yaml").cells == load_map(cave).cells


def test_saving_in_the_editor_keeps_the_map_settings_it_has_no_control_for(tmp_path):
    odd = tmp_path / "odd.yaml"
    odd.write_text(
        "name: Odd\nlabels: false\npass_the_screen: true\nhide_enemy_sheets: true\n"
        "notes: Read me first.\nterrain: |\n  . .\n  . .\n"
    )
    editor = Editor(draft_from_map(load_map(odd)))
    editor.paint([Hex(0, 0)], "wall")
    assert editor.save(str(tmp_path / "again.yaml")) == []
    again = load_map(tmp_path / "again.yaml").source
    assert (again.labels, again.pass_the_screen, again.hide_enemy_sheets, again.notes) == (
        False,
        True,
        True,
        "Read me first.",
    )


def test_a_new_map_is_at_most_500_hexes_across():
    with pytest.raises(ValueError, match="between 1 and 500, got 501x3"):
        new_draft("Wide", (501, 3))


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
    from board.ui.editor.scene import EditorScene

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
    # A map-file key the form does not show (the icon) survives an Apply.
    editor.draft.figures[0] = editor.figure("Ann").model_copy(update={"icon": "wolf-head"})
    scene.form["st"].set_text("14")
    scene.command("figure:apply")
    assert editor.figure("Ann").st == 14 and editor.figure("Ann").icon == "wolf-head"
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


def _driver(scene, screen):
    """post(kind, **data): one synthetic event through the screen, then a frame."""

    def post(kind, **data):
        scene.handle(pygame.event.Event(kind, **data))
        scene.update(0.0, 0.016)
        scene.draw(screen)

    return post


def _options(drop) -> list[str]:
    return [option[0] for option in drop.options_list]


def test_the_form_offers_the_tables_and_checks_a_new_figure_before_it_is_placed(screen):
    from board.ui.editor.scene import EditorScene
    from board.ui.dialogs.sheet_form import option as _option

    scene = EditorScene(Editor(new_draft("Made", (10, 8))), (1280, 800))
    post = _driver(scene, screen)

    def choose(key, text):
        post(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=scene.drops[key], text=text)

    assert _options(scene.drops["add_weapon"]) == ["Add weapon…", *load_tables().weapons]
    assert _options(scene.drops["add_spell"]) == ["Add spell…", *load_spells().spells]
    assert _options(scene.drops["ready"]) == ["none"]
    choose("add_weapon", "Broadsword")
    choose("add_weapon", "Dagger")
    choose("add_spell", "Fireball")
    assert scene.form["weapons"].get_text() == "Broadsword, Dagger"
    assert scene.form["spells"].get_text() == "Fireball"
    assert _option(scene.drops["add_weapon"]) == "Add weapon…"  # ready to add another
    # The ready weapon is one the figure carries; the first one added is readied, as in a map file.
    assert _options(scene.drops["ready"]) == ["none", "Broadsword", "Dagger"]
    assert _option(scene.drops["ready"]) == "Broadsword"
    # Editing the weapons text rebuilds the choices; a ready weapon no longer carried gives way.
    scene.form["weapons"].set_text("Dagger, Brodsword")
    scene.form["st"].set_text("9")
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    assert _options(scene.drops["ready"]) == ["none", "Dagger", "Brodsword"]
    assert _option(scene.drops["ready"]) == "Dagger"
    # Checked before it is placed: nothing is selected, the form is a new figure.
    assert scene.selected is None
    assert scene.form_problems() == ['unknown weapon "Brodsword"; did you mean "Broadsword"?']
    scene.form["weapons"].set_text("Broadsword")
    post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    assert [text for text, _, _ in scene.problem_lines()] == [
        "New figure (not placed yet):",
        "• Broadsword needs ST 12: -3 to hit, -1 damage",
    ]


def test_every_drop_down_is_labelled(screen):
    from board.ui.editor.scene import EditorScene
    from board.ui.dialogs.sheet_form import option as _option

    scene = EditorScene(Editor(new_draft("Made", (10, 8))), (1280, 800))
    said = {}
    for key, drop in scene.drops.items():
        above = [
            label.text
            for label in scene.figure_form.labels
            if label.rect.bottom == drop.rect.top and label.rect.left == drop.rect.left
        ]
        said[key] = above[0] if above else _option(drop)
    assert said == {
        "size": "SIZE",
        "facing": "FACING",
        "ready": "READY",
        "posture": "POSTURE",
        "armor": "ARMOR",
        "shield": "SHIELD",
        "add_weapon": "Add weapon…",
        "add_spell": "Add spell…",
        "shield_slung": "SLUNG",
        "backpack": "BACKPACK",
    }


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_problems_wrap_to_the_sidebar_and_stay_inside_it(screen, size):
    from board.ui import theme
    from board.ui.editor.scene import EditorScene

    scene = EditorScene(Editor(new_draft("Made", (10, 8))), size)
    scene.form["st"].set_text("3")
    scene.form["weapons"].set_text("Halberd, Pike, Two-handed swrd, Bastard Swerd, Great Hamer, Longbow, Morningstr")
    problems = scene.form_problems()
    lines = scene.problem_lines()
    font = theme.font(13)
    for text, _, (x, y) in lines:
        assert scene.sidebar.left < x and x + font.size(text)[0] <= scene.sidebar.right - 10
        assert scene.problems_top <= y and y + font.get_linesize() <= scene.sidebar.bottom
    assert len(lines) > 1 + len(problems) or lines[-1][0].startswith("… and ")  # wrapped, or cut with a count
    scene.draw(screen)


def test_keys_pick_the_tool_and_the_terrain_but_not_while_typing(screen):
    from board.ui.editor.keys import HINT
    from board.ui.editor.scene import EditorScene

    scene = EditorScene(Editor(new_draft("Made", (10, 8))), (1280, 800))
    post = _driver(scene, screen)

    def key(k):
        post(pygame.KEYDOWN, key=k, mod=0, unicode=pygame.key.name(k), scancode=0)

    for k, tool in ((pygame.K_r, "rectangle"), (pygame.K_f, "fill"), (pygame.K_v, "figures"), (pygame.K_b, "brush")):
        key(k)
        assert scene.tool == tool
        assert f"{pygame.key.name(k).upper()} {tool}" in HINT
    for k, brush in zip((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4), ("open", "wall", "flames", "coals")):
        key(k)
        assert scene.brush == brush
    assert "1-4 open/wall/flames/coals" in HINT
    key(pygame.K_v)
    key(pygame.K_2)  # a terrain is for painting: picking one leaves the figures tool for the brush
    assert (scene.tool, scene.brush) == ("brush", "wall")
    scene.form["name"].focus()
    key(pygame.K_r)
    assert scene.tool == "brush"


def test_the_brush_keeps_walls_off_a_figure_and_says_who_is_in_the_way(screen, tmp_path):
    from board.ui.editor.scene import EditorScene

    editor = Editor(new_draft("Lair", (10, 8)))
    editor.put_figure({"name": "Dragon", "at": (4, 1), "size": 7})
    scene = EditorScene(editor, (1280, 800))
    post = _driver(scene, screen)

    def px(h):
        return tuple(int(v) for v in scene.camera.to_screen(h))

    dragon = set(footprint_cells(7, Hex(4, 1), 0))
    inside, outside = Hex(5, 1), Hex(1, 1)
    assert inside in dragon and outside not in dragon
    scene.command("tool:brush")
    scene.command("brush:wall")
    post(pygame.MOUSEBUTTONDOWN, pos=px(Hex(4, 1)), button=1)
    post(pygame.MOUSEMOTION, pos=px(inside), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEMOTION, pos=px(outside), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=px(outside), button=1)
    assert not dragon & set(editor.draft.terrain) and editor.draft.terrain[outside].kind == "wall"
    assert scene.warning and scene.message.startswith("Dragon is in the way")
    assert editor.save(str(tmp_path / "lair.yaml")) == []


def test_a_team_colour_is_set_from_the_form_and_can_be_undone(screen):
    from board.ui.editor.scene import EditorScene

    editor = Editor(new_draft("Colours", (6, 4)))
    editor.put_figure({"name": "Ann", "team": "Red", "at": (2, 1)})
    scene = EditorScene(editor, (1280, 800))
    scene.selected = "Ann"
    scene.figure_form.load(editor.figure("Ann"), editor.draft.teams)
    scene.form["colour"].set_text("#C0392B")
    scene.command("figure:apply")
    assert editor.draft.teams == {"Red": "#c0392b"}
    scene.form["colour"].set_text("red-ish")
    scene.command("figure:apply")
    assert 'a team colour is "#rrggbb"' in scene.message and editor.draft.teams == {"Red": "#c0392b"}
    editor.undo()  # the second Apply's figure edit
    editor.undo()  # the colour
    assert editor.draft.teams == {}


def test_the_form_keeps_every_sheet_field_the_ruleset_has_when_a_figure_is_applied(screen):
    # The Warrior & Wizard form once had no off hand, slung shield, backpack or gear weight: an
    # Apply dropped them. The form is built from the ruleset's sheet, so each field is there.
    from board.ui.editor.scene import EditorScene

    editor = Editor(new_draft("Made", (10, 8)))
    spec, problems = editor.put_figure(
        {
            "name": "Ann",
            "at": (2, 2),
            "st": 14,
            "weapons": ["Broadsword", "Dagger"],
            "off_hand": "Dagger",
            "shield": "Small Shield",
            "shield_slung": True,
            "armor": "Leather",
            "gear_kg": 3,
        }
    )
    assert problems == []
    scene = EditorScene(editor, (1280, 800))
    post = _driver(scene, screen)
    scene.command("tool:figures")
    post(pygame.MOUSEBUTTONDOWN, pos=scene.camera.to_screen(Hex(2, 2)), button=1)
    post(pygame.MOUSEBUTTONUP, pos=scene.camera.to_screen(Hex(2, 2)), button=1)
    assert scene.selected == "Ann"
    scene.command("figure:apply")
    assert editor.figure("Ann") == spec.model_copy(update={"ready": "Broadsword"})  # the first, named


def test_the_map_the_editor_draws_is_the_map_it_saves_without_its_file():
    editor = Editor(draft_from_map(load_map(MAPS[0].parent / "arena.yaml")))
    editor.paint([Hex(2, 2)], "flames")
    drawn = draft_map(editor.draft)
    saved = parse_map(editor.to_yaml())
    assert drawn.source is None  # a draft is read from no file
    assert (drawn.name, drawn.ruleset, drawn.layout, drawn.size, drawn.teams) == (
        saved.name,
        saved.ruleset,
        saved.layout,
        saved.size,
        saved.teams,
    )
    assert drawn.cells == saved.cells and drawn.terrain == saved.terrain
    assert [f.name for f in drawn.figures] == [f.name for f in saved.figures]
