"""The computer's usage-dice tactics (board/rules/usage_dice/tactics.py), each on a small position: the standing
answer to the blows to come, a weapon taken up again, the enemy that would revive a friend."""

from board.ai.player import choose
from board.ai.ranking import own_commands, scored
from board.ai.scoring import Style
from helpers import act, gm, snap
from ud_helpers import figure, new_game


def _scores(game):
    team = game.current_player()
    return scored(game, team, own_commands(game, team), Style())


def test_a_figure_with_only_bare_hands_in_melee_defends_with_its_armor_when_attacked():
    """ "Use weapon dice to riposte or counterattack, or armor dice to focus on defending": a
    slinger in plate ripostes with its fists (d2) but defends with Plate and Helmet; the stance
    is free, so it is set before anything else (normal never changed it: 0 of 380, issue 39)."""
    game = new_game(
        figure("Wren", "PCs", (0, 0), armor=["Plate", "Helmet"], weapons=["Sling"], power=4, grace=4),
        figure("Orc", "Orcs", (2, 0), weapons=["Greataxe"], armor=["Maille"], power=12),
    )
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.action == "stance" and decision.command.params == {"defence": "defend"}
    assert decision.reason.startswith("defends with its armor when attacked: turns aside")


def test_a_figure_whose_weapon_strikes_back_hard_keeps_its_riposte():
    """A Greatsword's riposte hurts the attacker: defending with Leather would only turn the blow
    aside, so the standing stance stays and no stance is worth a command."""
    game = new_game(
        figure("Grog", "PCs", (0, 0), weapons=["Greatsword"], armor=["Leather"], power=8),
        figure("Orc", "Orcs", (1, 0), weapons=["Spear"]),
    )
    defend = next(r for r in _scores(game) if r.command.params == {"defence": "defend"})
    passing = next(r for r in _scores(game) if r.command.action == "pass")
    assert defend.score < passing.score and "turns nothing aside" in defend.reason
    assert choose(game, "normal", ai_seed=1).command.action != "stance"


def test_the_dodge_and_the_sunder_are_never_turned_off():
    """The nimble dodge spends only fatigue and the sunder only a shield about to be useless:
    turning either off never helps."""
    game = new_game(figure("Grog", "PCs", (0, 0), armor=["Leather", "Shield"]), figure("Orc", "Orcs", (3, 0)))
    for row in _scores(game):
        if row.command.action == "stance" and False in row.command.params.values():
            assert row.score < next(r for r in _scores(game) if r.command.action == "pass").score


def test_a_disarmed_figure_picks_up_its_weapon_before_striking_on():
    """A disarmed figure's weapon "falls at" its hex: Grog takes his Greatsword up again rather
    than shove or punch with bare hands (d2)."""
    game = new_game(
        figure("Grog", "PCs", (0, 0), weapons=["Greatsword"], power=8), figure("Orc", "Orcs", (1, 0), weapons=["Club"])
    )
    act(game, "Grog", "pass")
    act(game, "Orc", "disarm", target="Grog", dice=[1, 1])  # Grog's test fails: the stunt lands
    assert snap(game, "Grog")["weapons"] == {}
    act(game, "Orc", "pass")
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.action == "pick_up" and decision.command.params == {"item": "Greatsword"}
    assert decision.reason == "picks up the Greatsword (it strikes harder)"


def test_the_enemy_that_would_revive_a_downed_friend_is_worth_more_to_put_down():
    """ "...or when a companion revives them": the fight ends only when one side has nobody up, so
    of two enemies at the same odds the one beside a downed friend (its medic) is struck first;
    knocking down the other only has it revived (computer fights ran to the turn cap, issue 39)."""
    game = new_game(
        figure("Grog", "PCs", (0, 0), weapons=["Greatsword"], power=8),
        figure("Ann", "PCs", (-4, 0)),
        figure("Orc", "Orcs", (1, -1), armor=["Leather"], weapons=["Club"]),
        figure("Chief", "Orcs", (0, 1), armor=["Leather"], weapons=["Club"]),
        figure("Brute", "Orcs", (-1, 2), weapons=["Club"]),
    )
    gm(game, "damage", "Brute", params={"amount": 6}, dice=[1])
    assert snap(game, "Brute")["status"] == "incapacitated"
    engage = {r.command.target: r.score for r in _scores(game) if r.command.action == "engage" and not r.command.params}
    assert engage["Chief"] > engage["Orc"]
    # The full judgement (hard's, the hint's); normal picks whom to strike only roughly.
    assert choose(game, "hint", ai_seed=1).command.target == "Chief"


def test_a_figure_moves_before_it_dashes_and_keeps_its_action_for_the_blow():
    """ "On their turn, a character may move and take one action ... making a second move": a
    dash (the action) to where the free move reaches too spends the blow it could strike there
    ("Grog dash: closes on Orc Archer", then nothing: fights dragged to the turn cap)."""
    game = new_game(
        figure("Grog", "PCs", (0, 0), weapons=["Greatsword"], power=8), figure("Orc", "Orcs", (4, 0), weapons=["Club"])
    )
    rows = _scores(game)
    moves = [r.score for r in rows if r.command.action == "move"]
    dashes = [r.score for r in rows if r.command.action == "dash"]
    assert max(moves) > max(dashes)
    # The full judgement (hard's, the hint's); normal goes only roughly where it means to.
    game.apply(choose(game, "hint", ai_seed=1).command)
    assert snap(game, "Grog")["moved"] and not snap(game, "Grog")["acted"]
    assert choose(game, "hint", ai_seed=1).command.action == "engage"
