"""Full Defensive (4.1-4.5)."""

from board.rules.base import Command
from tests.helpers import act, fig, offered, texts
from tests.ms_helpers import fighter, general, new_game


def round_two(b=None):
    """A (AMR 3) and B (AMR 2, on Full Defensive in round 2) face each other."""
    g = new_game(fighter("A", "Red", (0, 0), amr=3), fighter("B", "Blue", (1, 0), facing=3, amr=2, **(b or {})))
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", dice=[1, 2])
    while g.state.phase != "general":
        act(g, g.state.active, "nothing")
    general(g, "A", dice=[1, 2, 3])
    general(g, "B", "full_defensive")
    return g


def test_full_defensive_rolls_no_initiative():
    g = round_two()
    assert fig(g, "B").full_defensive and fig(g, "B").initiative == ()


def test_full_defensive_needs_a_melee_weapon_in_hand():
    g = new_game(fighter("A", "Red", (0, 0)), fighter("B", "Blue", (3, 0), weapons=["Short Bow"]))
    general(g, "A", dice=[1, 2])
    general(g, "B", dice=[1, 2])
    while g.state.phase != "general":
        act(g, g.state.active, "nothing")
    assert "Fighting (Full Defensive)" in offered(g, "A")["general_plot"].choices
    general(g, "A", dice=[1, 2])
    assert "Fighting (Full Defensive)" not in offered(g, "B")["general_plot"].choices


def test_full_defensive_parries_without_an_initiative_die_and_is_then_broken():
    g = round_two()
    act(g, "A", "attack", target="B")
    # A hits (5), B parries (3 vs 9): Full Defensive is broken; Initiative for the remaining
    # AMR less the Parry: 1 die, a 4.
    out = act(g, "B", "nothing", dice=[5, 3, 4])
    assert "B parries: 3 vs 9: parried" in texts(out)
    b = fig(g, "B")
    assert not b.full_defensive and b.amr_used == 1 and b.initiative == (4,)


def test_a_parry_that_breaks_full_defensive_loses_the_seconds_already_run():
    g = round_two()
    act(g, "A", "attack", target="B")
    act(g, "B", "nothing", dice=[5, 3, 1])
    assert fig(g, "B").initiative == () and fig(g, "B").lost == (1,)


def test_full_defensive_may_be_broken_by_the_specific_plot_of_a_second():
    g = round_two()
    act(g, "A", "nothing")
    act(g, "B", "nothing")
    act(g, "A", "nothing")
    out = act(g, "B", "break_defensive", dice=[1, 5])
    assert "B breaks Full Defensive" in texts(out)
    b = fig(g, "B")
    assert not b.full_defensive and b.initiative == (5,) and b.lost == (1,)
    assert g.state.active == "B"  # it still plots the second
    act(g, "B", "nothing")


def test_breaking_full_defensive_offers_no_parry_setting_and_every_setting_offered_is_taken():
    g = round_two()
    act(g, "A", "nothing")
    assert "fd_parry" not in offered(g, "B")["break_defensive"].options  # 4.3: no plot, no response
    for info in offered(g, "B").values():
        if info.needs == "none":  # each setting the menu offers, at a value other than its default
            params = {key: values[-1] for key, values in info.options.items()}
            assert g.check(Command(do="act", figure="B", action=info.id, params=params)) is None, info.id


def test_declining_to_parry_and_shielding_does_not_break_full_defensive():
    g = round_two(b={"shield": "Large Shield", "hits": 30})
    act(g, "A", "attack", target="B")
    # Hit (5), location body (2), 1d8 = 4: Large Shield stops 3, 1 gets through; CO check 3.
    out = act(g, "B", "nothing", params={"fd_parry": False}, dice=[5, 2, 4, 3])
    assert not [e for e in out.events if e.kind == "parry"]
    assert "B is hit in the body: 1 damage (Shielded: 3 stopped)" in texts(out)
    assert fig(g, "B").full_defensive  # the CO check held


def test_damage_taken_without_a_parry_asks_a_co_check_to_stay_on_full_defensive():
    g = round_two(b={"hits": 30, "co": 10})
    act(g, "A", "attack", target="B")
    out = act(g, "B", "nothing", params={"fd_parry": False}, dice=[5, 2, 4, 15, 6, 6])
    assert "B CO check to stay on Full Defensive: 15 vs 10: broken" in texts(out)
    b = fig(g, "B")
    assert not b.full_defensive and b.initiative == (6,) and b.amr_used == 0
