"""Magic-Using in the Melee (3.7, 5.1.6, 5.4, 5.6)."""

from tests.helpers import act, fig, refused, texts
from tests.ms_helpers import fighter, general, new_game


def mage(plot="magic", dice=(1, 2), spells=0, amr=2):
    g = new_game(
        fighter("M", "Red", (0, 0), amr=amr, spells=["Firebolt", "Spark"]),
        fighter("B", "Blue", (2, 0), facing=3, amr=1, shield="Shield"),
    )
    general(g, "M", plot, dice=dice, **({"spells": spells} if spells else {}))
    general(g, "B", dice=[1])
    return g


def test_a_spell_cast_for_n_seconds_resolves_at_the_beginning_of_the_next_second():
    g = mage()
    act(g, "M", "cast", target="B", params={"spell": "Firebolt"})  # 2 seconds
    act(g, "B", "nothing")
    act(g, "M", "continue")
    out = act(g, "B", "nothing")
    assert "M finishes casting Firebolt" in " ".join(texts(out))
    out = act(g, "M", "nothing")
    out = act(g, "B", "nothing", dice=[3, 4])
    assert "Firebolt strikes B: 7 damage" in texts(out)


def test_casting_reduces_d_to_0_and_prohibits_shielding():
    g = new_game(
        fighter("M", "Red", (0, 0), spells=["Firebolt"], shield="Shield"), fighter("B", "Blue", (1, 0), facing=3, amr=1)
    )
    general(g, "M", "magic", dice=[1, 2])
    general(g, "B", dice=[1])
    act(g, "M", "cast", target="B", params={"spell": "Firebolt"})
    out = act(g, "B", "attack", target="M", dice=[15, 2, 4])  # 15 vs 11 + 4 (D is 0): hits
    assert [e.data["shielded"] for e in out.events if e.kind == "damage"] == [0]


def test_fighting_and_magic_using_casts_reserved_spells_without_initiative():
    g = mage("fighting_magic", dice=(1,), spells=1)
    act(g, "M", "nothing")
    act(g, "B", "nothing")
    act(g, "M", "cast", target="B", params={"spell": "Firebolt"})  # second 2: no Initiative
    assert fig(g, "M").plot.uses_initiative is False


def test_fighting_and_magic_using_needs_initiative_for_spells_beyond_those_reserved():
    g = mage("fighting_magic", dice=(1, 4))
    act(g, "M", "nothing")
    act(g, "B", "nothing")
    assert "Initiative" in refused(g, do="act", figure="M", action="cast", target="B", params={"spell": "Firebolt"})


def test_reflex_spells_may_be_cast_at_any_time_and_resolve_at_once():
    g = mage()
    assert g.state.active == "M"
    out = act(g, "M", "reflex", target="B", params={"spell": "Spark"}, dice=[3])
    assert "Spark strikes B: 3 damage" in texts(out)
    assert g.state.active == "M"  # it is not M's plot for the second
    assert "already cast" in refused(g, do="act", figure="M", action="reflex", target="B", params={"spell": "Spark"})


def test_casting_needs_magic_using_in_the_general_plot():
    g = mage("fighting", dice=(1, 2))
    assert "Magic-Using" in refused(g, do="act", figure="M", action="cast", target="B", params={"spell": "Firebolt"})


def test_a_multi_second_plot_continues_without_restating_it_unless_changed():
    """5.7 "Specific Plots that cover multiple seconds ... do not need to be restated ... The
    Specific Plot is assumed to continue unless changed by a subsequent Specific Plot"."""
    g = mage()
    act(g, "M", "cast", target="B", params={"spell": "Firebolt"})  # 2 seconds
    out = act(g, "B", "nothing")  # second 1 resolves; in second 2 only B has to plot
    assert g.state.second == 2 and g.state.active == "B"
    assert fig(g, "M").plot.text == "cast Firebolt on B (2 s) (continues)"
    out = act(g, "B", "nothing")
    assert "M finishes casting Firebolt" in " ".join(texts(out))
    g = mage()
    act(g, "M", "cast", target="B", params={"spell": "Firebolt"})
    act(g, "B", "nothing")
    act(g, "M", "nothing")  # a new plot changes the running one
    out = act(g, "B", "nothing")
    assert "finishes casting" not in " ".join(texts(out)) and fig(g, "M").ongoing is None


def test_use_chaos_is_always_available_to_chaos_masters_whatever_their_plots():
    """5.1.10 "Use Chaos is always available to Chaos Masters regardless of their General (or
    even Specific) Plot!" (its effect is not in the text: the GM resolves it)."""
    g = new_game(fighter("M", "Red", (0, 0), chaos_master=True), fighter("B", "Blue", (3, 0), facing=3))
    out = act(g, "M", "use_chaos", target="B", params={"effect": "the floor turns to mud"})
    assert "M uses Chaos on B: the floor turns to mud" in texts(out)[0]
    general(g, "M", "thieving", dice=[1, 2])
    general(g, "B", dice=[1])
    act(g, "M", "nothing")
    act(g, "M", "use_chaos")  # after its Specific Plot, out of turn, under a non-magic plot
    assert "already used Chaos" in refused(g, do="act", figure="M", action="use_chaos")
    assert "not a Chaos Master" in refused(g, do="act", figure="B", action="use_chaos")
    act(g, "B", "nothing")
    assert "use_chaos" in {i.id for i in g.actions("M") if i.enabled}
