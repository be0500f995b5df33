"""Thievish attacks (3.8), plotted parries, ranged attacks and reloading, GM commands."""

from tests.ms_helpers import act, fig, fighter, general, new_game, ok, refused, texts


def pair(a=None, b=None, plot="fighting", a_dice=(1, 2, 3), b_dice=(1,)):
    g = new_game(fighter("A", "Red", (0, 0), amr=3, **(a or {})),
                 fighter("B", "Blue", (1, 0), facing=3, amr=1, hits=40, co=5, **(b or {})))
    general(g, "A", plot, dice=a_dice)
    general(g, "B", dice=b_dice)
    return g


def test_a_thievish_attack_reveals_the_thief_who_must_hide_a_second_before_another():
    g = pair(plot="fighting_thieving")
    act(g, "A", "attack", target="B", params={"thievish": True})
    act(g, "B", "nothing", dice=[20])
    assert fig(g, "A").revealed
    assert "hide" in refused(g, do="act", figure="A", action="attack", target="B",
                             params={"thievish": True})
    act(g, "A", "thievish", params={"seconds": 1, "activity": "hide"})
    act(g, "B", "nothing") if g.state.active == "B" else None
    assert not fig(g, "A").revealed


def test_a_plotted_parry_uses_the_seconds_initiative():
    g = pair(b_dice=(1,))
    act(g, "A", "attack", target="B")
    out = act(g, "B", "parry", dice=[3, 4])
    assert "B parries: 4 vs 9: parried" in texts(out)
    assert fig(g, "B").amr_used == 1


def test_a_ranged_attack_needs_a_loaded_weapon_and_reloading_takes_its_amr():
    g = new_game(fighter("A", "Red", (0, 0), amr=3, weapons=["Crossbow"]),
                 fighter("B", "Blue", (5, 0), facing=3, amr=1))
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[6])
    act(g, "A", "ranged", target="B", dice=[20])
    assert not fig(g, "A").loaded
    assert "not loaded" in refused(g, do="act", figure="A", action="ranged", target="B")
    act(g, "A", "reload")
    assert not fig(g, "A").loaded  # a Crossbow takes 2 AMR
    act(g, "A", "continue")
    assert fig(g, "A").loaded


def test_gm_damage_heal_place_add_and_remove():
    g = pair()
    ok(g, do="gm", action="damage", figure="B", params={"amount": 5})
    assert fig(g, "B").damage == 5
    ok(g, do="gm", action="heal", figure="B", params={"amount": 2})
    assert fig(g, "B").damage == 3
    ok(g, do="gm", action="place", figure="B", to=(3, 0), facing=2)
    assert tuple(fig(g, "B").hex) == (3, 0) and fig(g, "B").facing == 2
    ok(g, do="gm", action="add", params={"spec": {"name": "C", "team": "Blue", "at": [0, 3]}})
    assert "C" in g.state.order
    ok(g, do="gm", action="remove", figure="C")
    assert "C" not in g.state.figures
    assert "A is in the way" in refused(g, do="gm", action="place", figure="B", to=(0, 0))
