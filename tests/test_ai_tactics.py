"""The normal computer's tactics, each on a small position: what it does with a figure it holds,
with an enemy that is down but not out, and so on (board/ai/scoring.py, ranking.py, odds.py)."""

import ast
from pathlib import Path

from board.ai.player import choose
from board.ai.scoring import Style, score_move
from board.ai.view import SideView
from board.hexgrid import Hex
from board.rules.base import Command
from board.rules.registry import get_ruleset, ruleset_ids
from board.rules.reports import Token
from helpers import act, ok
import ms_helpers as ms
from dox_helpers import fig, new_game, set_order


def token(name, team, q, r, status="ok", meter=(10, 10)):
    return Token(name=name, team=team, hex=Hex(q, r), cells=(Hex(q, r),), status=status, meter=meter)


def test_a_grappler_hurts_the_figure_it_holds_rather_than_waiting():
    """Dox gives no odds for a squeeze, slam or throw: the computer tries them on copies of the
    game and finds they hurt, where letting go or passing does not."""
    game = new_game(fig("Ann", "Red", [0, 0], strength=3), fig("Bob", "Blue", [1, 0]), order=["Ann", "Bob"])
    act(game, "Ann", "grapple", target="Bob", dice=[4, 4])
    act(game, "Bob", "pass")
    set_order(game, "Ann", "Bob")
    while game.turn().active == "Ann" and not any(c.action == "squeeze" for c in game.legal_actions()):
        game.apply(next(c for c in game.legal_actions() if c.figure == "Ann" and c.do == "move"))
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.action in ("squeeze", "slam", "throw")
    assert "Bob" in decision.reason


def test_a_figure_leaves_a_helpless_enemy_for_one_still_fighting():
    """An enemy down but alive (incapacitated, asleep) fights nobody and may not be attackable:
    standing over it while another enemy fights on wins nothing."""
    view = SideView.of_tokens(
        "Red",
        {
            t.name: t
            for t in (
                token("Grog", "Red", 0, 0),
                token("Orc", "Blue", 1, 0, status="incapacitated", meter=(3, 6)),
                token("Chief", "Blue", 5, 0),
            )
        },
    )
    stay = score_move(view, Command(do="move", figure="Grog"), Style())
    close = score_move(view, Command(do="move", figure="Grog", to=(4, 0)), Style())
    assert close.score > stay.score
    assert "Chief" in close.reason


def test_a_stroke_that_lowers_the_strikers_guard_costs_only_while_an_enemy_still_acts():
    """Combat-chart's Power Strike lowers the striker's Defense for the rest of the round: worth
    it once every enemy beside it has acted this round, not before."""
    from board.ai.scoring import guard_bonus

    tokens = {t.name: t for t in (token("Brann", "Red", 0, 0), token("Korr", "Blue", 1, 0))}
    power = Command(do="act", figure="Brann", action="maneuver", target="Korr", params={"maneuver": "Power Strike"})
    guarded = power.model_copy(update={"params": {"maneuver": "Guarded Strike"}})
    before = SideView.of_tokens("Red", tokens)
    before.to_come = frozenset({"Korr"})
    after = SideView.of_tokens("Red", tokens)
    after.to_come = frozenset()
    me = tokens["Brann"]
    assert guard_bonus(before, power, me) < 0 < guard_bonus(before, guarded, me)
    assert guard_bonus(after, power, me) == guard_bonus(after, guarded, me) == 0


def test_a_blessing_goes_to_the_friend_in_the_fight():
    from board.ai.scoring import score_other

    view = SideView.of_tokens(
        "Red",
        {t.name: t for t in (token("Mirel", "Red", 0, 0), token("Brann", "Red", 4, 0), token("Korr", "Blue", 5, 0))},
    )
    on = {
        name: score_other(
            view, Command(do="act", figure="Mirel", action="cast", target=name, params={"spell": "Bless"}), Style()
        )
        for name in ("Mirel", "Brann")
    }
    assert on["Brann"].score > on["Mirel"].score
    assert on["Brann"].reason == "casts Bless on Brann"


def test_a_figure_that_can_revive_goes_to_its_downed_friend():
    """Usage-dice: an incapacitated companion is brought back by a friend next to it (a whole
    figure again); the computer walks over to do it and then revives."""
    from board.ai.scoring import score_other

    view = SideView.of_tokens(
        "Red",
        {
            t.name: t
            for t in (
                token("Chief", "Red", 0, 0),
                token("Archer", "Red", 3, 0, status="incapacitated", meter=(4, 6)),
                token("Grog", "Blue", -4, 0),
            )
        },
    )
    assert [t.name for t in view.downed] == ["Archer"]
    view.medics = {"Chief"}
    to_friend = score_move(view, Command(do="move", figure="Chief", to=(2, 0)), Style())
    to_foe = score_move(view, Command(do="move", figure="Chief", to=(-3, 0)), Style())
    assert to_friend.score > to_foe.score and "Archer" in to_friend.reason
    revive = score_other(view, Command(do="act", figure="Chief", action="revive", target="Archer"), Style())
    assert revive.score >= 8.0 and revive.reason == "revives Archer"


def test_a_shot_that_may_hit_the_wrong_target_counts_that_against_it():
    """Usage-dice: a missed shot into a melee hits the wrong target, mostly the shooter's friend."""
    from fractions import Fraction

    from board.ai.odds import attack_value
    from board.rules.reports import Prediction

    def shot(outcomes):
        return Prediction(1, 4, Fraction(1, 2), {2: Fraction(1)}, Fraction(1), outcomes)

    clean = shot({"target hit": Fraction(1, 2)})
    risky = shot(
        {"target hit": Fraction(1, 2), "wrong target hit": Fraction(1, 2), "wrong target incapacitated": Fraction(1, 4)}
    )
    assert attack_value(risky, 8)[0] < attack_value(clean, 8)[0]
    assert attack_value(risky, 8)[1] == 0  # the friend put down is not the target put down


def test_a_wounded_figure_falls_back_only_while_its_side_is_ahead():
    """Both sides pulling their wounded into corners dragged computer fights to the turn cap
    (issue 39): even or behind, a wounded figure fights on; ahead, it keeps the lead alive."""

    def view_of(*enemies):
        return SideView.of_tokens(
            "Red", {t.name: t for t in (token("Grog", "Red", 0, 0, meter=(2, 10)), token("Ann", "Red", 0, 3), *enemies)}
        )

    even = view_of(token("Orc", "Blue", 3, 0), token("Imp", "Blue", 6, 3))
    ahead = view_of(token("Orc", "Blue", 3, 0))
    towards = Command(do="move", figure="Grog", to=(2, 0))
    away = Command(do="move", figure="Grog", to=(-3, 0))
    assert score_move(even, towards, Style()).score > score_move(even, away, Style()).score
    assert "falls back" not in score_move(even, towards, Style()).reason
    assert score_move(ahead, away, Style()).score > score_move(ahead, towards, Style()).score
    assert "falls back" in score_move(ahead, away, Style()).reason


def _full_defensive_position(wounds: int, friends: bool = True):
    """Round two of a Melee Seconds fight: B (hurt by `wounds`) faces A, with a friend C up
    elsewhere when `friends`; B states its General Plot after A."""
    extra = [ms.fighter("C", "Blue", (-4, 0), facing=0)] if friends else []
    game = ms.new_game(ms.fighter("A", "Red", (0, 0), amr=2), ms.fighter("B", "Blue", (1, 0), facing=3, amr=2), *extra)
    for name in ("A", "B", *(["C"] if friends else [])):
        ms.general(game, name, dice=[1, 2])
    while game.state.phase != "general":
        act(game, game.state.active, "nothing")
    if wounds:
        ok(game, do="gm", action="damage", figure="B", params={"amount": wounds})
    ms.general(game, "A", dice=[1, 2])
    return game


def test_a_badly_wounded_figure_goes_on_full_defensive_while_its_side_is_ahead():
    """Full Defensive parries without an Initiative die (4.1): offered 70 times and never
    taken (issue 39). A badly wounded figure in contact, its side ahead, takes it; a fresh one,
    or one whose side is not ahead, fights."""
    game = _full_defensive_position(wounds=0)
    hurt = game.state.figures["B"].sheet.hits - 2
    wounded = _full_defensive_position(wounds=hurt)
    decision = choose(wounded, "normal", ai_seed=1)
    assert decision.command.params.get("plot") == "full_defensive", decision.reason
    assert "Full Defensive" in decision.reason
    assert choose(game, "normal", ai_seed=1).command.params.get("plot") == "fighting"
    alone = _full_defensive_position(wounds=hurt, friends=False)
    assert choose(alone, "normal", ai_seed=1).command.params.get("plot") == "fighting"


def test_a_figure_with_only_its_fists_readies_the_dagger_it_carries_while_the_enemy_is_far():
    """Dox: Snig's firebomb is gone and his Dagger (+1 damage, parries) is in his gear; with
    Grusk ten hexes off he readies it rather than wait (the fist read as armed: the computer
    looked only for "unarmed" on the token)."""
    game = new_game(
        fig("Snig", "Blue", [-5, 0], weapon="Fist", gear=["Dagger"], warrior=2, athlete=4),
        fig("Grusk", "Red", [5, 0], weapon="Axe", warrior=3, armor="Chain"),
        order=["Snig", "Grusk"],
    )
    game.apply(next(c for c in game.legal_actions() if c.action == "stay"))
    decision = choose(game, "normal", ai_seed=1)
    assert (decision.command.action, decision.command.weapon) == ("ready", "Dagger")
    assert decision.reason == "readies the Dagger"


def test_the_computer_names_no_ruleset_its_tactics_come_through_the_ruleset():
    """A ruleset's own weights reach the computer through Rules.tactics: nothing in board/ai
    compares against a ruleset's id (a sixth ruleset is played without touching board/ai)."""
    ids = set(ruleset_ids()) | {i.replace("-", "_") for i in ruleset_ids()}
    folder = Path(__file__).resolve().parents[1] / "board" / "ai"
    named = [
        f"{path.name}:{node.lineno}"
        for path in sorted(folder.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value in ids
    ]
    assert named == []
    assert {r for r in ruleset_ids() if get_ruleset(r).tactics is not None} == set(ruleset_ids())
