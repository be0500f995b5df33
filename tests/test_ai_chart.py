"""The normal computer's combat-chart tactics (board/rules/combat_chart/tactics.py), each on a small position:
whom a Sleep is spent on, where a caster walks, how a wounded figure keeps out of a bow's line
of fire, and a weapon knocked from the hand taken up again."""

from board.rules.combat_chart.tactics import sight
from board.ai.player import choose
from board.ai.ranking import own_commands, scored
from board.ai.scoring import Style
from board.hexgrid import Hex
from cc_helpers import figure, new_game, pass_until
from helpers import ok


def _mirel(at=(0, 0), **fields):
    sheet = dict(mind=8, body=3, hp=8, magic=8, weapons=["Staff"], spells=["Sleep"])
    return figure("Mirel", "Watch", at, **(sheet | fields))


def _scores(game, figure_name):
    """The scored commands of the side to act, for one figure."""
    team = game.current_player()
    return [s for s in scored(game, team, own_commands(game, team), Style()) if s.command.figure == figure_name]


def _end(command):
    return Hex(*command.to) if command.to is not None else Hex(*command.path[-1])


def _best_end(game, figure_name):
    """Where the figure's best-scored move ends."""
    moves = [s for s in _scores(game, figure_name) if s.command.action == "move"]
    return _end(max(moves, key=lambda s: s.score).command)


def test_a_caster_puts_the_enemy_that_hurts_most_to_sleep():
    """A knocked-out figure is out of the fight as surely as a dead one: the Sleep goes to the
    two-handed swordsman, not to the slightly wounded figure with a dagger."""
    game = new_game(
        _mirel(),
        figure("Korr", "Raiders", (3, 0), mind=3, weapons=["Two-Handed Sword"]),
        figure("Pip", "Raiders", (0, 3), mind=3, weapons=["Dagger"]),
    )
    ok(game, do="gm", action="damage", figure="Pip", params={"amount": 2})
    pass_until(game, "Mirel")
    decision = choose(game, "normal", ai_seed=1)
    assert (decision.command.action, decision.command.target) == ("cast", "Korr")
    assert decision.command.params["spell"] == "Sleep"


def test_a_caster_walks_to_where_its_sleep_reaches_the_enemy_behind_a_wall():
    """Sleep does not pass a wall: the caster ends its move where it sees the enemy, within
    the spell's reach."""
    walls = [(2, -1), (2, 0), (2, 1), (2, -2)]
    game = new_game(
        _mirel(at=(0, 0)), figure("Korr", "Raiders", (4, 0), mind=3, weapons=["Two-Handed Sword"]), walls=walls
    )
    pass_until(game, "Mirel")
    assert sight(game, _best_end(game, "Mirel"), Hex(4, 0)) > 0


def test_a_wounded_figure_keeps_out_of_an_enemy_bows_line_of_fire():
    """A figure nearly down that cannot shoot back moves behind a wall rather than stand in
    the open before a bow."""
    walls = [(3, -1), (3, 0), (3, 1)]
    game = new_game(
        _mirel(at=(1, 0), spells=[]),
        figure("Brann", "Watch", (0, 3)),
        figure("Vix", "Raiders", (6, -1), mind=7, weapons=["Short Bow"]),
        walls=walls,
    )
    ok(game, do="gm", action="damage", figure="Mirel", params={"amount": 6})
    pass_until(game, "Mirel")
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.action == "move"
    assert sight(game, _end(decision.command), Hex(6, -1)) == 0


def test_a_figure_whose_weapon_was_knocked_away_picks_it_up_before_fighting_on():
    """A long sword lying at the figure's feet (a critical hit knocked it away) hurts far more
    than fists: taking it up is a short action worth its turn."""
    game = new_game(
        figure("Brann", "Watch", (0, 0), body=7, hp=14, weapons=["Long Sword"]),
        figure("Korr", "Raiders", (1, 0), mind=3, weapons=["Two-Handed Sword"]),
    )
    pass_until(game, "Brann")
    from board.rules.combat_chart.attack import drop_weapon

    drop_weapon(game.state, game.state.figures["Brann"])  # what critical hit 3 does
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.params == {"short": "pick_up", "weapon": "Long Sword"}


def test_the_last_enemy_still_up_gets_the_stroke_most_likely_to_put_it_down():
    """Putting down the last enemy still up ends the fight: against it the Power Strike's
    better chance to drop it (21% against 19%) is worth its lowered guard."""
    game = new_game(
        figure("Brann", "Watch", (0, 0), mind=4, body=7, hp=14, skill=1, weapons=["Long Sword"], armor="Chain Mail"),
        figure("Gund", "Raiders", (1, 0), mind=4, body=6, hp=12, weapons=["Mace"], armor="Leather"),
    )
    ok(game, do="gm", action="damage", figure="Gund", params={"amount": 5})
    pass_until(game, "Brann")
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.params == {"maneuver": "Power Strike"}
    assert "21% to put it down" in decision.reason


def test_a_crossbow_walks_to_where_it_has_a_line_of_fire():
    """A wall between the crossbow and every enemy blocks the shot: the shooter ends its move
    where it sees an enemy within the crossbow's range."""
    walls = [(2, -1), (2, 0), (2, 1), (2, -2)]
    game = new_game(
        figure("Edda", "Watch", (0, 0), mind=6, body=5, weapons=["Heavy Crossbow"]),
        figure("Korr", "Raiders", (4, 0), mind=3, weapons=["Two-Handed Sword"]),
        walls=walls,
    )
    pass_until(game, "Edda")
    assert sight(game, _best_end(game, "Edda"), Hex(4, 0)) > 0


def _shield_bearer(hp_lost: int, korr_mind: int):
    """Brann (long sword, small shield) next to Korr (two-handed sword); Korr acts after Brann
    this round with Mind 2, before him with Mind 5 (initiative: Mind + Body)."""
    game = new_game(
        figure(
            "Brann",
            "Watch",
            (0, 0),
            mind=4,
            body=7,
            hp=14,
            skill=1,
            weapons=["Long Sword"],
            armor="Chain Mail",
            shield="Small Shield",
        ),
        figure(
            "Korr",
            "Raiders",
            (1, 0),
            mind=korr_mind,
            body=8,
            hp=16,
            skill=1,
            weapons=["Two-Handed Sword"],
            armor="Studded Leather",
        ),
    )
    ok(game, do="gm", action="damage", figure="Brann", params={"amount": hp_lost})
    pass_until(game, "Brann")
    return game


def test_a_block_dodge_or_parry_is_worth_the_blows_it_turns_aside_from_enemies_still_to_act():
    """Dodging, parrying and blocking last the round: against an enemy still to strike this
    round they turn something aside; against one that has already acted, nothing, and they rank
    below waiting."""
    later = _shield_bearer(10, korr_mind=2)
    assert later.turn().order == ("Brann", "Korr")
    stances = {s.command.action: s for s in _scores(later, "Brann") if s.command.action in ("dodge", "parry", "block")}
    assert set(stances) == {"dodge", "parry", "block"}
    assert all("turns aside" in s.reason for s in stances.values())
    wait = next(s for s in _scores(later, "Brann") if s.command.action == "pass")
    assert min(s.score for s in stances.values()) > wait.score
    done = _shield_bearer(10, korr_mind=5)
    assert done.turn().order == ("Korr", "Brann")
    scores = _scores(done, "Brann")
    wait = next(s for s in scores if s.command.action == "pass")
    assert all(
        s.score < wait.score and "turns nothing aside" in s.reason
        for s in scores
        if s.command.action in ("dodge", "parry", "block")
    )


def test_a_crossbowman_stands_rather_than_run_from_a_sword_that_catches_up_every_turn():
    """Running from an enemy who comes next to the figure again next turn gains nothing while
    the crossbow is empty: a computer fight once ran past turn 140, the crossbowman running from
    the swordsman and never loading (seed x:0). The figure stays: it dodges the blow to come,
    or loads."""
    game = new_game(
        figure("Edda", "Watch", (0, 0), mind=6, body=5, weapons=["Heavy Crossbow"]),
        figure("Korr", "Raiders", (1, 0), mind=3, weapons=["Two-Handed Sword"]),
    )
    pass_until(game, "Edda")
    # The bolt was shot last round (the state as the shot leaves it: the crossbow unloaded).
    game.state.figures["Edda"].unloaded.add("Heavy Crossbow")
    game.version += 1
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.action in ("dodge", "short"), decision.reason
    if decision.command.action == "short":
        assert decision.command.params["short"] == "load"
    scores = _scores(game, "Edda")
    standing = max(s.score for s in scores if s.command.action != "move")
    moves = [s for s in scores if s.command.action == "move"]
    assert all(s.score < standing for s in moves)
    assert any("Korr catches up" in s.reason for s in moves)


def test_a_figure_readies_its_bow_when_no_enemy_is_within_reach_of_its_sword():
    """ "switch weapons" is a short action: with Brann eight hexes off, Vix's Long Sword cannot
    strike him by the next round, her Short Bow (range 10) can; she readies the bow rather than
    walk at him with the sword."""
    game = new_game(
        figure("Vix", "Raiders", (-6, 0), mind=7, body=5, hp=10, skill=2, weapons=["Long Sword", "Short Bow"]),
        figure("Brann", "Watch", (2, 0), mind=4, body=7, hp=14, weapons=["Long Sword"], armor="Chain Mail"),
        radius=8,
    )
    pass_until(game, "Vix")
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.params == {"short": "ready", "weapon": "Short Bow"}
    assert decision.reason == "readies the Short Bow: no enemy is within reach of the Long Sword"


def test_a_figure_does_not_trade_its_bow_for_a_sword_that_reaches_nobody():
    """The other way round: with the bow ready and the enemy eight hexes off, readying the
    sword (harder-hitting, out of reach) is worth nothing."""
    game = new_game(
        figure("Vix", "Raiders", (-6, 0), mind=7, body=5, hp=10, skill=2, weapons=["Short Bow", "Long Sword"]),
        figure("Brann", "Watch", (2, 0), mind=4, body=7, hp=14, weapons=["Long Sword"], armor="Chain Mail"),
        radius=8,
    )
    pass_until(game, "Vix")
    sword = next(s for s in _scores(game, "Vix") if s.command.params.get("weapon") == "Long Sword")
    wait = next(s for s in _scores(game, "Vix") if s.command.action == "pass")
    assert sword.score <= wait.score


def _slung(korr_at):
    """Brann has readied his Long Sword over the Short Bow that slung his Large Shield, a round
    ago; Korr (two-handed sword) stands korr_at."""
    game = new_game(
        figure(
            "Brann",
            "Watch",
            (0, 0),
            mind=4,
            body=7,
            hp=14,
            skill=1,
            weapons=["Short Bow", "Long Sword"],
            armor="Chain Mail",
            shield="Large Shield",
        ),
        figure(
            "Korr",
            "Raiders",
            korr_at,
            mind=3,
            body=8,
            hp=16,
            skill=1,
            weapons=["Two-Handed Sword"],
            armor="Studded Leather",
        ),
        radius=8,
    )
    pass_until(game, "Brann")
    ok(game, do="act", figure="Brann", action="short", params={"short": "ready", "weapon": "Long Sword"})
    for _ in range(2):  # a round of waiting: the readying is no longer the last thing done
        pass_until(game, "Brann")
        ok(game, do="act", figure="Brann", action="pass")
    pass_until(game, "Brann")
    assert not game.state.figures["Brann"].shield_on
    return game


def test_a_slung_shield_is_strapped_on_for_the_blows_it_will_block_when_an_enemy_comes():
    """ "During any round that you attempt to block an attack using your shield, its defense
    value is added": a slung shield blocks nothing. With Korr a move away, strapping the Large
    Shield on (a short action) is worth what a block would turn aside from his blows, more than
    waiting; with nobody able to come to blows by the next round, it is worth nothing."""
    near = _slung((3, 0))
    strap = next(s for s in _scores(near, "Brann") if s.command.params == {"short": "shield"})
    wait = next(s for s in _scores(near, "Brann") if s.command.action == "pass")
    assert strap.score > wait.score
    assert strap.reason.startswith("straps on the Large Shield to block: turns aside")
    far = _slung((8, -8))
    strap = next(s for s in _scores(far, "Brann") if s.command.params == {"short": "shield"})
    assert strap.reason == "straps on its shield, though no blow is coming"
    assert choose(far, "normal", ai_seed=1).command.params != {"short": "shield"}
