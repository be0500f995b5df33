"""The seconds of a Melee Round: General and Specific Plots, secrecy, simultaneous resolution,
plots that run on (2.1-2.5, 5.1-5.7), and the board's timeline."""

from tests.helpers import act, fig, offered, refused, texts
from tests.ms_helpers import fighter, general, new_game


def duel(a=None, b=None, options=None, a_dice=(1, 2, 3), b_dice=(1, 2)):
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3, **(a or {})),
        fighter("B", "Blue", (1, 0), facing=3, **(b or {})),
        options=options,
    )
    general(g, "A", dice=a_dice)
    general(g, "B", dice=b_dice)
    return g


def test_general_plots_are_stated_by_each_combatant_in_turn_then_second_1_begins():
    g = new_game(fighter("A", "Red", (0, 0)), fighter("B", "Blue", (1, 0), facing=3))
    info = g.ruleset.turn_info(g.state)
    assert info.phase == "general" and info.active == "A" and info.timeline["second"] == 0
    general(g, "A", dice=[1, 2])
    assert g.ruleset.turn_info(g.state).active == "B"
    general(g, "B", dice=[1, 2])
    info = g.ruleset.turn_info(g.state)
    assert info.phase == "plot" and info.timeline["second"] == 1 and info.active == "A"


def test_an_attack_needs_fighting_in_the_general_plot():
    g = new_game(fighter("A", "Red", (0, 0)), fighter("B", "Blue", (1, 0), facing=3))
    general(g, "A", "thieving", dice=[1, 2])
    general(g, "B", dice=[1, 2])
    assert "Fighting" in refused(g, do="act", figure="A", action="attack", target="B")


def test_an_attack_needs_initiative_for_that_second():
    g = duel(a_dice=(1, 3, 3), b_dice=(1, 1))
    act(g, "A", "nothing")
    act(g, "B", "nothing")
    assert g.state.second == 2
    assert "Initiative in second 2" in refused(g, do="act", figure="A", action="attack", target="B")


def test_the_second_resolves_only_when_everyone_has_plotted():
    g = duel()
    out = act(g, "A", "attack", target="B")
    assert g.state.second == 1 and "attack" not in [e.kind for e in out.events]
    out = act(g, "B", "nothing", dice=[20])
    assert g.state.second == 2 and [e.data["hit"] for e in out.events if e.kind == "attack"] == [False]


def test_a_combatant_killed_in_a_second_still_makes_its_plotted_attack():
    # 5.6: "a Combatant killed that second could still make an Attack they have Specifically
    # Plotted for that second".
    g = duel(a={"hits": 1, "co": 1}, b={"hits": 1, "co": 1})
    act(g, "A", "attack", target="B")
    out = act(g, "B", "attack", target="A", dice=[1, 2, 8, 1, 2, 8])
    assert [e.figure for e in out.events if e.kind == "dies"] == ["B", "A"]
    assert g.state.phase == "over" and g.state.winner is None


def test_do_nothing_is_always_available_and_one_click():
    g = duel(a_dice=(1, 6, 6))
    act(g, "A", "nothing")
    act(g, "B", "nothing")
    assert g.state.active == "A" and "attack" not in offered(g, "A")  # no Initiative in 2
    assert offered(g, "A")["nothing"].needs == "none"
    act(g, "A", "nothing")
    assert g.state.active == "B"


def test_written_plots_are_hidden_until_the_second_resolves():
    g = duel(options={"written_plots": True})
    out = act(g, "A", "attack", target="B")
    assert texts(out) == ["A has plotted second 1"]
    row = g.ruleset.turn_info(g.state).timeline["rows"][0]
    assert row["plots"]["1"] == "?" and g.snapshot()["figures"]["A"]["plot"] == "?"
    out = act(g, "B", "parry", dice=[15])
    assert "Second 1 plots revealed: A: attack B; B: parry" in texts(out)
    assert g.ruleset.turn_info(g.state).timeline["rows"][0]["plots"]["1"] == "attack B"


def test_written_general_plots_are_hidden_until_all_are_stated():
    g = new_game(fighter("A", "Red", (0, 0)), fighter("B", "Blue", (1, 0), facing=3), options={"written_plots": True})
    out = general(g, "A", dice=[1, 2])
    assert "A states a secret General Plot" in texts(out)
    assert g.ruleset.turn_info(g.state).timeline["rows"][0]["general"] == "?"
    general(g, "B", dice=[1, 2])
    assert g.ruleset.turn_info(g.state).timeline["rows"][0]["general"] == "Fighting"


def test_a_combatant_others_are_unaware_of_plots_in_secret_all_round():
    g = new_game(fighter("A", "Red", (0, 0), secret=True), fighter("B", "Blue", (1, 0), facing=3))
    general(g, "A", dice=[1, 2])
    general(g, "B", dice=[1, 2])
    rows = g.ruleset.turn_info(g.state).timeline["rows"]
    assert rows[0]["general"] == "?" and rows[1]["general"] == "Fighting"
    out = act(g, "A", "nothing")
    assert texts(out) == ["A has plotted second 1"]
    while g.state.phase != "general":
        act(g, g.state.active, "nothing")
    assert g.ruleset.turn_info(g.state).timeline["rows"][0]["general"] == ""


def test_the_timeline_shows_initiative_plots_and_the_current_second():
    g = duel(a_dice=(1, 1, 2), b_dice=(2, 5))
    act(g, "A", "attack", target="B", dice=[20])
    tl = g.ruleset.turn_info(g.state).timeline
    assert tl["second"] == 2
    a, b = tl["rows"]
    assert a == {
        "figure": "A",
        "general": "Fighting",
        "initiative": [1, 2],
        "lost": [1],
        "plots": {"1": "attack B"},
        "full_defensive": False,
    }
    assert b["initiative"] == [2, 5] and b["plots"] == {"1": "not yet reacting"}


def test_after_second_6_a_new_round_begins_with_general_plots():
    g = duel()
    while g.state.phase == "plot":
        act(g, g.state.active, "nothing")
    assert g.state.turn == 2 and g.state.phase == "general" and g.state.second == 0
    assert fig(g, "A").initiative == () and fig(g, "A").plots == {}


def test_shielding_is_at_most_once_a_second_and_amr_times_a_round():
    g = new_game(
        fighter("A", "Red", (0, 0), amr=3),
        fighter("C", "Red", (1, -1), amr=3),
        fighter("B", "Blue", (1, 0), facing=3, amr=1, shield="Shield"),
    )
    general(g, "A", dice=[1, 2, 3])
    general(g, "C", dice=[1, 2, 3])
    general(g, "B", dice=[1])
    act(g, "A", "attack", target="B")
    act(g, "C", "attack", target="B")
    out = act(g, "B", "nothing", dice=[1, 2, 4, 1, 2, 4])
    shielded = [e.data["shielded"] for e in out.events if e.kind == "damage"]
    assert shielded == [2, 0]  # one Shield a second
    act(g, "A", "attack", target="B")
    act(g, "C", "nothing")
    out = act(g, "B", "nothing", dice=[1, 2, 4])
    assert [e.data["shielded"] for e in out.events if e.kind == "damage"] == [0]  # AMR 1 used


def test_declining_to_shield_is_a_toggle_of_the_plot():
    g = duel(b={"shield": "Shield"})
    act(g, "A", "attack", target="B")
    out = act(g, "B", "nothing", params={"shield": False}, dice=[1, 2, 4])
    assert [e.data["shielded"] for e in out.events if e.kind == "damage"] == [0]


def test_a_secret_combatants_full_defensive_is_not_shown_on_the_timeline():
    """2.2.2: its General Plot is secret, so the timeline's Full Defensive bar must not tell it."""
    g = new_game(fighter("A", "Red", (0, 0), secret=True), fighter("B", "Blue", (1, 0), facing=3))
    general(g, "A", dice=[1, 2])
    general(g, "B", dice=[1, 2])
    while g.state.phase != "general":
        act(g, g.state.active, "nothing")
    general(g, "A", "full_defensive")
    general(g, "B", dice=[1, 2])
    assert fig(g, "A").full_defensive
    row = g.ruleset.turn_info(g.state).timeline["rows"][0]
    assert row["general"] == "?" and row["full_defensive"] is False
