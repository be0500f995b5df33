"""Thievish attacks (3.8), plotted parries, ranged attacks and reloading, GM commands."""

from board.hexgrid import Hex
from tests.helpers import act, fig, offered, ok, refused, texts
from tests.ms_helpers import fighter, general, new_game


def pair(a=None, b=None, plot="fighting", a_dice=(1, 2, 3), b_dice=(1,)):
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, **(a or {})),
        fighter("B", "Blue", (1, 0), facing=3, amr=1, hits=40, co=5, **(b or {})),
    )
    general(g, "A", plot, dice=a_dice)
    general(g, "B", dice=b_dice)
    return g


def test_a_thievish_attack_reveals_the_thief_who_must_hide_a_second_before_another():
    g = pair(plot="fighting_thieving")
    act(g, "A", "attack", target="B", params={"thievish": True})
    act(g, "B", "nothing", dice=[20])
    assert fig(g, "A").revealed
    assert "hide" in refused(g, do="act", figure="A", action="attack", target="B", params={"thievish": True})
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
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, weapons=["Crossbow"]), fighter("B", "Blue", (5, 0), facing=3, amr=1)
    )
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[6])
    act(g, "A", "ranged", target="B", dice=[20])
    assert not fig(g, "A").loaded
    assert "not loaded" in refused(g, do="act", figure="A", action="ranged", target="B")
    act(g, "A", "reload")  # a Crossbow takes 2 AMR: seconds 2 and 3, the second run on (5.7)
    assert fig(g, "A").loaded and g.state.second == 4 and fig(g, "A").amr_used == 3


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


def test_the_weapon_named_in_the_attack_plot_is_used():
    """5.2 "If multiple Weapons / Attack types are available, it may be freely specified which is
    used in the Specific Plot for the second in which an Attack / Parry is taken"."""
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, weapons=["Sword", "Dagger"], off_hand="Dagger"),
        fighter("B", "Blue", (1, 0), facing=3, amr=1),
    )
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[6])
    assert offered(g, "A")["attack"].options["weapon"] == ("Sword", "Dagger")
    out = act(g, "A", "attack", target="B", weapon="Dagger", dice=[1, 3, 4])  # hit, body, 1d4 = 4
    damage = [e for e in out.events if e.kind == "damage"][0]
    assert damage.data["faces"] == [4] and damage.data["taken"] == 4
    assert "with Dagger" in fig(g, "A").plots[1][0]


def test_a_weapon_not_in_hand_must_be_drawn_before_an_attack_plot_names_it():
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, weapons=["Sword", "Dagger"]), fighter("B", "Blue", (1, 0), facing=3, amr=1)
    )
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[6])
    assert "draw it first" in refused(g, do="act", figure="A", action="attack", target="B", weapon="Dagger")


def test_a_thief_may_move_into_position_before_its_first_initiative_second_in_the_first_round():
    """3.4: a Combatant who Generally Plotted Thieving and Fighting for the first MR "may make
    that Attack in the first second for which they have rolled Initiative and are within Reach
    ... moving into position in previous seconds of the MR"."""
    g = new_game(
        fighter("A", "Red", (0, 0), amr=1),
        fighter("B", "Blue", (5, 0), facing=0, amr=1),
        fighter("C", "Blue", (-5, 0), amr=1),
    )
    general(g, "A", "fighting_thieving", dice=[3])
    general(g, "B", dice=[6])
    general(g, "C", "fighting", dice=[1])
    assert g.state.active == "A" and g.state.second == 1  # A plots before its Initiative second
    assert "into position" in refused(
        g, do="act", figure="A", action="thievish", params={"seconds": 1, "activity": "hide"}
    )
    act(g, "A", "move", to=(2, 0))
    act(g, "C", "nothing")
    act(g, "A", "move", to=(3, 0))  # the edge of B's Reach (6.1)
    act(g, "C", "nothing")
    act(g, "A", "charge", target="B", params={"thievish": True})  # second 3: its Initiative
    act(g, "C", "nothing", dice=[20])
    assert fig(g, "A").hex == Hex(4, 0) and fig(g, "A").revealed


def test_other_plots_do_not_react_before_their_first_initiative_second():
    g = new_game(fighter("A", "Red", (0, 0), amr=1), fighter("B", "Blue", (5, 0), amr=1))
    general(g, "A", "fighting", dice=[3])
    general(g, "B", dice=[3])
    assert g.state.second == 3  # seconds 1 and 2 ran with nobody reacting


def thief():
    """A, who plotted Thieving, at its Initiative second (issue 31)."""
    return pair(plot="fighting_thieving")


def test_a_thievish_activity_is_named_by_a_short_line_of_text():
    g = thief()
    for activity in ({"a": {"a": 1}}, ["hide"], 7, True, "", "x" * 41, "pick\nlock", None):
        why = refused(g, do="act", figure="A", action="thievish", params={"seconds": 1, "activity": activity})
        assert "activity must be a name" in why, activity
    for seconds in (True, 1.0, "1"):
        assert "seconds" in refused(
            g, do="act", figure="A", action="thievish", params={"seconds": seconds, "activity": "hide"}
        )
    outcome = act(g, "A", "thievish", params={"seconds": 2, "activity": "Open the Door"})
    assert "thievish Open the Door" in " ".join(texts(outcome))


def test_a_plot_aimed_at_a_figure_the_gm_removes_is_withdrawn_and_stated_again():
    """A plot not yet run that names a figure the GM took away is withdrawn (docs/rules-notes.md):
    its plotter states another for the second, and the second runs without it."""
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3),
        fighter("B", "Blue", (1, 0), facing=3, amr=1),
        fighter("C", "Blue", (0, 1), facing=2, amr=1),
    )
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1])
    general(g, "C", dice=[1])
    act(g, "A", "attack", target="C")
    ok(g, do="gm", action="remove", figure="C")
    act(g, "B", "nothing")  # the second runs once A has stated another plot
    assert fig(g, "A").plot is None and g.state.second == 1 and g.state.active == "A"
    act(g, "A", "nothing")
    assert g.state.second == 2


def test_a_running_action_aimed_at_a_figure_the_gm_removes_ends():
    """A round-long throw at a figure the GM took away ends (5.7 ends it by a new plot; here its
    object is gone), and the round runs on without it."""
    g = new_game(
        fighter("A", "Red", (0, 0), amr=1, items=["Flash Pellet"]),
        fighter("B", "Blue", (2, 0), facing=3, amr=1),
        fighter("C", "Blue", (3, 0), facing=3, amr=1),
    )
    general(g, "A", dice=[1])
    general(g, "B", dice=[1])
    general(g, "C", dice=[1])
    act(g, "A", "flash_pellet_round", target="C")
    act(g, "B", "nothing")
    act(g, "C", "nothing")
    assert fig(g, "A").ongoing is not None
    ok(g, do="gm", action="remove", figure="C")
    assert fig(g, "A").ongoing is None
    for _ in range(12):
        if g.state.turn == 2:
            break
        act(g, g.state.active, "nothing")
    assert g.state.turn == 2 and "Flash Pellet" in fig(g, "A").items
