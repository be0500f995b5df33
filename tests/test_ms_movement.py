"""Movement and Reach (6.1-6.5)."""

from board.hexgrid import Hex, hex_label
from tests.helpers import act, fig, offered, refused
from tests.ms_helpers import fighter, general, new_game


def start(a, b, a_dice=(1, 2, 3), b_dice=(1, 2), **kw):
    g = new_game(fighter("A", "Red", **a), fighter("B", "Blue", **b), **kw)
    general(g, "A", dice=a_dice)
    general(g, "B", dice=b_dice)
    return g


def test_movement_is_free_outside_an_opponents_reach():
    g = start({"at": (-3, 0), "amr": 3}, {"at": (3, 0), "facing": 3})
    hexes = offered(g, "A")["move"].hexes
    assert Hex(-1, 0) in hexes and len(hexes[Hex(-1, 0)]) == 2  # speed 2
    act(g, "A", "move", to=(-1, 0))
    act(g, "B", "nothing")
    assert fig(g, "A").hex == Hex(-1, 0) and fig(g, "A").facing == 0


def test_no_move_closer_within_an_opponents_reach():
    # B's Spear reaches 2 hexes: A (Sword) may not step from 3 to 2 hexes away...
    g = start({"at": (-2, 0), "amr": 3}, {"at": (1, 0), "facing": 3, "weapons": ["Spear"]})
    assert "Reach" in refused(g, do="act", figure="A", action="move", to=(-1, 0))
    # ... but may move away.
    assert Hex(-3, 0) in offered(g, "A")["move"].hexes


def test_a_charge_moves_into_reach_and_attacks_in_the_same_second_up_to_its_own_reach():
    g = start({"at": (-2, 0), "amr": 3}, {"at": (1, 0), "facing": 3, "weapons": ["Spear"]})
    assert "B" in offered(g, "A")["charge"].targets
    act(g, "A", "charge", target="B")
    out = act(g, "B", "nothing", dice=[20])
    # The Sword's Reach is 1: the charge ends next to B.
    assert fig(g, "A").hex == Hex(0, 0) and [e.data["hit"] for e in out.events if e.kind == "attack"] == [False]


def test_closing_within_reach_needs_last_seconds_clean_successful_attack():
    # A's Sword and B's Pike (Reach 2-3): A at 2 hexes may close to 1 only after a Successful
    # Attack not Parried or Shielded, without taking one from B.
    g = start(
        {"at": (-1, 0), "amr": 3, "weapons": ["Two-Handed Sword"]},
        {"at": (1, 0), "facing": 3, "weapons": ["Pike"], "hits": 30},
    )
    assert "Reach" in refused(g, do="act", figure="A", action="move", to=(0, 0))
    act(g, "A", "attack", target="B")
    act(g, "B", "nothing", dice=[1, 2, 3, 3])
    assert fig(g, "A").may_close == ("B",)
    act(g, "A", "move", to=(0, 0))
    act(g, "B", "nothing")
    assert fig(g, "A").hex == Hex(0, 0)


def test_no_closing_after_being_hit_back_in_the_same_second():
    g = start(
        {"at": (-1, 0), "amr": 3, "weapons": ["Two-Handed Sword"], "hits": 30},
        {"at": (1, 0), "facing": 3, "weapons": ["Pike"], "hits": 30},
    )
    act(g, "A", "attack", target="B")
    act(g, "B", "attack", target="A", dice=[1, 2, 3, 3, 1, 2, 3])
    assert fig(g, "A").may_close == ()


def test_an_attack_on_an_opponent_who_moves_away_still_lands_on_side_or_rear_if_it_turned():
    g = start({"at": (0, 0), "amr": 3}, {"at": (1, 0), "facing": 3})
    act(g, "A", "attack", target="B")
    out = act(g, "B", "move", to=(3, 0), dice=[1, 2, 3])
    hit = [e for e in out.events if e.kind == "attack"][0]
    assert hit.data["zone"] == "rear" and "(rear)" in hit.text
    assert fig(g, "B").hex == Hex(3, 0)


def test_a_damaging_unparried_attack_with_a_forward_plot_drives_the_opponent_back():
    g = start({"at": (0, 0), "amr": 3}, {"at": (1, 0), "facing": 3, "hits": 30})
    act(g, "A", "attack", target="B", params={"forward": True})
    act(g, "B", "nothing", dice=[1, 2, 3])
    assert fig(g, "B").hex == Hex(2, 0)


def test_no_drive_back_without_the_forward_plot():
    g = start({"at": (0, 0), "amr": 3}, {"at": (1, 0), "facing": 3, "hits": 30})
    act(g, "A", "attack", target="B")
    act(g, "B", "nothing", dice=[1, 2, 3])
    assert fig(g, "B").hex == Hex(1, 0)


def test_side_and_rear_attacks_are_easier():
    g = start({"at": (0, 0), "amr": 3}, {"at": (1, 0), "facing": 0})
    from board.rules.base import Command

    p = g.ruleset.predict(g.state, Command(do="act", figure="A", action="attack", target="B"))
    assert p.target_number == 15 and ("rear attack", 4) in p.modifiers


def test_a_move_plot_takes_a_map_label_as_scripts_promise():
    """docs/scripts.md: `to` and `path` take labels ("0504") as well as [q, r]."""
    g = start({"at": (0, 0)}, {"at": (5, 0), "facing": 3})
    label = hex_label(Hex(1, 0), g.state.battle.layout)
    act(g, "A", "move", to=label)
    act(g, "B", "nothing")
    assert fig(g, "A").hex == Hex(1, 0)
    refused(g, do="act", figure="A", action="move", to="zz")  # a reason, not a crash
