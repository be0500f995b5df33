"""The blunders of issue 39 that a table player would laugh at, each from its recorded position
or a small one like it: the computer now avoids them (board/rules/warrior_wizard/tactics_moves.py, scoring.py)."""

from board.ai.player import choose
from board.ai.scoring import end_of
from board.ai.scoring import Style, score_move
from board.ai.view import SideView, gap
from board.footprints import relative_zone
from board.game import Game
from board.maps import load_map
from board.rules.base import Command
from ww_helpers import figure, move, new_game, stand_still_until

FAR_FRIEND = figure("Cid", "blue", (0, -7), 2, dx=5)  # keeps Bob's side in the fight


def _full_move_into_contact(game, command) -> bool:
    tokens = game.tokens()
    me = tokens[command.figure]
    end, _ = end_of(command, me)
    return command.action == "full_move" and any(
        gap([end], t) <= 1 for t in tokens.values() if t.team != me.team and t.status == "ok"
    )


def test_no_figure_full_moves_into_contact_where_it_may_not_strike_this_turn():
    """Arena, seed 21:0, commands #0-#11: every Blue figure full-moved into contact ("Full
    Move: beyond half MA: no attack this turn") and Red struck first. Replayed with the game's
    own commands, now nobody full-moves next to an enemy."""
    game = Game(load_map("maps/arena.yaml"), seed="21:0")
    for _ in range(12):
        team = game.current_player()
        command = choose(game, "normal", f"ai:21:0:{team}").command
        assert not _full_move_into_contact(game, command), command.short()
        assert game.apply(command).accepted


def test_a_bowman_does_not_dodge_an_enemy_with_no_missile_weapons():
    """Arena 21:0 from #24: the archer Dodged four times against enemies with no missiles.
    "Dodge is used by a character who is Disengaged, against ranged attacks"."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=13, st=11, weapons=["Short Bow"]),
        figure("Bob", "blue", (2, 2), 3, st=12, dx=9, weapons=["Broadsword"]),
        FAR_FRIEND,
    )
    stand_still_until(game, "Ann", "movement")
    move(game, "Ann", (0, 1), (0, 2), action="half_move")  # too far to shoot this turn; Bob 2 off
    stand_still_until(game, "Ann")
    decision = choose(game, "normal", ai_seed=1)
    assert decision.command.action != "dodge", decision.reason


def test_a_bowman_dodges_an_enemy_who_can_throw():
    """The same place with a Javelin in Bob's hand: the dodge is worth its 4d6 again."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=13, st=11, weapons=["Short Bow"]),
        figure("Bob", "blue", (6, 0), 3, st=12, dx=9, weapons=["Javelin"]),
        FAR_FRIEND,
    )
    stand_still_until(game, "Ann", "movement")
    move(game, "Ann", (0, 1), (0, 2), action="half_move")
    stand_still_until(game, "Ann")
    assert choose(game, "normal", ai_seed=1).command.action == "dodge"


def test_a_bowman_with_a_shot_keeps_it_rather_than_walk_off():
    """ "Move one hex and shoot": the archer moves at most one hex, and shoots."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=13, st=11, weapons=["Short Bow"]),
        figure("Bob", "blue", (5, 0), 3, st=12, dx=9, weapons=["Broadsword"]),
        FAR_FRIEND,
    )
    stand_still_until(game, "Ann", "movement")
    decision = choose(game, "normal", ai_seed=1)
    assert len(decision.command.path or ()) <= 1, decision.command.short()
    game.apply(decision.command)
    stand_still_until(game, "Ann")
    assert choose(game, "normal", ai_seed=1).command.action == "shoot"


def test_a_figure_does_not_stand_with_an_enemy_in_its_rear_hex_when_another_facing_keeps_it_out():
    """Arena 31:1 #12: a figure stood still with an enemy in its rear hex. Ann has Bob in front
    and Cid behind her; facing half-way round keeps both out of her rear."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 3, dx=9, weapons=["Broadsword"]),
        figure("Cid", "blue", (-1, 0), 0, dx=9, weapons=["Broadsword"]),
    )
    stand_still_until(game, "Ann", "movement")
    decision = choose(game, "normal", ai_seed=1)
    ann = game.tokens()["Ann"]
    end, facing = end_of(decision.command, ann)
    for enemy in ("Bob", "Cid"):
        where = game.tokens()[enemy].hex
        assert relative_zone(ann.size, end, facing, where) != "rear", (decision.command.short(), enemy)


def test_standing_still_is_not_called_closing_in():
    """ "Eamon closes on Cato" before Eamon stood still: a figure that stays says it holds."""
    game = new_game(
        figure("Ann", "red", (0, 0), 0, dx=12, st=12, weapons=["Broadsword"]),
        figure("Bob", "blue", (1, 0), 3, dx=9, weapons=["Broadsword"]),
        FAR_FRIEND,
    )
    view = SideView.of(game, "red")
    assert score_move(view, Command(do="move", figure="Ann"), Style()).reason == "holds against Bob"
    assert (
        score_move(view, Command(do="move", figure="Ann", path=((0, 1), (0, 2), (0, 3))), Style()).reason.startswith(
            "waits for"
        )
        is False
    )


def test_an_attack_that_wounds_nothing_does_not_say_expected_0_0_damage():
    """ "hit 91%, expected 0.0 damage" reads as nonsense: an attack that wounds (nearly) nothing
    says so in words."""
    from fractions import Fraction

    from board.ai.scoring import score_attack
    from board.rules.reports import Prediction

    game = new_game(figure("Ann", "red", (0, 0), 0), figure("Bob", "blue", (1, 0), 3), FAR_FRIEND)
    view = SideView.of(game, "red")
    aimed = Command(do="act", figure="Ann", action="attack", target="Bob")
    nothing = Prediction(
        dice=3, target_number=16, hit=Fraction(91, 100), damage={}, expected_damage=Fraction(0), outcomes={}
    )
    some = nothing.__class__(**{**nothing.__dict__, "expected_damage": Fraction(12, 10)})
    assert score_attack(view, aimed, nothing, Style()).reason == "attacks Bob: hit 91%, little or no damage expected"
    assert score_attack(view, aimed, some, Style()).reason.endswith("hit 91%, expected 1.2 damage")
